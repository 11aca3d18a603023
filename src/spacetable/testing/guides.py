"""Guide scripts of the test game (High Cards), for the tests of guided first games."""

from __future__ import annotations

from spacetable.engine import new_game


def toy_guide_script(
    seed: int = 5, players: int = 2, cut: int | None = None, texts: bool = True
) -> str:
    """A guide.toml of a whole game of the test game (High Cards), seat 0 the learner."""
    g = new_game("toy", players, seed, {"hand": 1})
    lines = [
        f"players = {players}",
        f"seed = {seed}",
        'title_en = "Your first game of High Cards"',
        'title_fr = "Votre première partie de Cartes hautes"',
        "[options]",
        "hand = 1",
    ]
    n = 0
    while not g.is_over and (cut is None or n < cut):
        seat = g.to_act[0]
        a = g.legal_actions(seat)[0]
        lines += ["[[step]]", f"seat = {seat}", f'action = "{a.text()}"']
        if seat == 0 and texts:
            lines += [f'en = "Play your card {n}."', f'fr = "Jouez votre carte {n}."']
        g.apply(seat, a)
        n += 1
    return "\n".join(lines) + "\n"

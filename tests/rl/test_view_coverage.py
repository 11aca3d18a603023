"""The tensors encode the whole view: along random playouts of every tested setting, every
field of every seat's view is read by the encoder, but for a short list of fields whose
content the tensor carries otherwise (static data named by an encoded id) or that no policy
needs (the game id, the step). A field a game adds to its view later fails this test until
the encoder reads it or the list names it (and docs/rl.md says so)."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator, Mapping
from typing import Any

import pytest

import spacetable
from spacetable.playout import step
from spacetable.rl.observation import Builder, encode_common, encoder_for
from spacetable.testing.configs import CONFIGS

from .configs import GAMES

#: Fields of every view no tensor needs: the game id, the step, the ending's reason, and
#: the player count where the view holds it as a number (it fixes the layout).
COMMON = {".game", ".step", ".reason", ".players"}
#: Per game: fields whose content the tensor carries otherwise.
UNREAD: dict[str, set[str]] = {
    "planetraiders": set(),
    # the layout of a card on the table is given turned already; the cells show the size;
    # pending.kind is the phase when no effect is pending
    "quazarys": {".cards[].rot", ".height", ".width", ".phase"},
    # a card's data and a Gizzi card's goods and names follow from its encoded row; a
    # planet's names and colours from its seat; a timer's id from its slot; the action
    # codes of the store and the probes are constants
    "spacedealer": {
        *(
            f".cards.*.{k}"
            for k in (
                [
                    "id",
                    "kind",
                    "level",
                    "conns",
                    "shape",
                    "effect",
                    "amount",
                    "colour",
                    "slot",
                    "name_en",
                    "name_fr",
                ]
            )
        ),
        ".cards.*.demands[].goods",
        ".cards.*.demands[].deliver",
        ".cards.*.demands[].owner",
        ".fields[].gizzi.goods",
        ".fields[].gizzi.name_en",
        ".fields[].gizzi.name_fr",
        *(
            f".players[].{k}"
            for k in ["planet", "name_en", "name_fr", "colour_en", "colour_fr", "style"]
        ),
        ".players[].timers[].id",
        ".store_code",
        ".probe_code",
    },
    # turns: the round and the current seat carry it
    "tortuga2199": {".turns"},
    "wildspace": set(),
}


class Recording(Mapping[str, Any]):
    """A read-only view that records the path of every field read."""

    def __init__(self, data: Mapping[str, Any], path: str, seen: set[str]) -> None:
        self._data = data
        self._path = path
        self._seen = seen

    def _wrap(self, value: Any, path: str) -> Any:
        if isinstance(value, dict):
            return Recording(value, path, self._seen)
        if isinstance(value, list):
            return [self._wrap(x, path + "[]") for x in value]
        return value

    def __getitem__(self, key: str) -> Any:
        path = f"{self._path}.{key}"
        self._seen.add(path)
        return self._wrap(self._data[key], path)

    def __contains__(self, key: object) -> bool:
        self._seen.add(f"{self._path}.{key}")
        return key in self._data

    def __iter__(self) -> Iterator[str]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)


def _paths(value: Any, path: str, out: set[str]) -> None:
    if isinstance(value, dict):
        for k, x in value.items():
            out.add(f"{path}.{k}")
            _paths(x, f"{path}.{k}", out)
    elif isinstance(value, list):
        for x in value:
            _paths(x, path + "[]", out)


def _norm(path: str) -> str:
    return re.sub(r"\.cards\.\d+", ".cards.*", path)  # Spacedealer's cards by id


def _configs(game_id: str) -> list[tuple[int, dict[str, Any]]]:
    """The tested settings; Spacedealer's at up to 5 seats (its views are large), in both
    modes and both rule sets."""
    out = CONFIGS[game_id]
    if game_id == "spacedealer":
        out = [(n, o) for n, o in out if n <= 3 or (o.get("mode") == "ticks" and n <= 5)]
    return out


@pytest.mark.parametrize("game_id", GAMES)
def test_every_view_field_is_encoded(game_id: str) -> None:
    seen: set[str] = set()
    present: set[str] = set()
    enc = encoder_for(game_id)
    for n, opts in _configs(game_id):
        g = spacetable.new_game(game_id, players=n, seed=1, options=opts)
        rng = random.Random(1)
        k = 0
        while not g.is_over and k < 120:
            for s in range(n):
                v = g.view(s)
                _paths(v, "", present)
                rec = Recording(v, "", seen)
                b = Builder()
                encode_common(rec, g.players, b)
                enc.encode(rec, g.players, g.options, b)
            step(g, rng)
            k += 1
    unread = {_norm(p) for p in present} - {_norm(p) for p in seen}
    assert unread <= COMMON | UNREAD[game_id], sorted(unread - COMMON - UNREAD[game_id])
    # the list is not stale: what it names does occur in views and is left unread
    assert UNREAD[game_id] <= unread

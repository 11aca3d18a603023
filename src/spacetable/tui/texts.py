"""The full-screen client's own words, in English and French (the games' texts come from
their renderers and :meth:`Game.describe_action`)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rich.errors import MarkupError
from rich.text import Text

TEXT: dict[str, dict[str, str]] = {
    "en": {
        "seat": "Seat {seat}",
        "bot": "bot",
        "you": "Seat {seat} to play",
        "waiting": "Waiting for {who}",
        "thinking": "seat {seat} ({kind}) is thinking…",
        "bots_thinking": "bots thinking…",
        "handoff": "Pass the terminal to seat {seat}.\n\nThe previous seat's table is hidden.\n\n"
        "Seat {seat}: press Enter when you are ready.",
        "actions": "Actions",
        "log": "Log",
        "filter": "type to filter the actions (Esc: clear)",
        "filtered": "{n} of {total} actions match {word!r}",
        "no_match": "No action matches {word!r} (Esc clears the filter).",
        "undone": "Took back {n} decision(s).",
        "no_undo": "Nothing to take back: since your last decision another seat acted, time "
        "passed or something hidden was revealed.",
        "few_undo": "Only {n} decision(s) may be taken back now.",
        "undo_ask": "Take back how many of your last decisions? 1 to {n}, then Enter "
        "(Esc: cancel).",
        "bad_count": "{text!r} is not a number of decisions from 1 to {n}.",
        "not_your_turn": "No seat of yours is to act now.",
        "late": "Too late: that action is no longer legal.",
        "quit_title": "Leave this game?",
        "quit_unsaved": "It is not saved: leaving loses it.",
        "quit_saved": "It is saved to {path} after every move.",
        "quit_keys": "y: leave · n or Esc: go back to the table",
        "over": "Game over: {reason}",
        "result": "{who}: score {score}, rank {rank}",
        "components": "What you see ({n})",
        "no_components": "This game has no component texts for what you see.",
        "action_text": "The selected action",
        "close": "Esc or ?: close",
        "legend": "Legend: the symbols on the table",
        "no_legend": "This game has no legend.",
        "close_legend": "Esc or l: close",
        "clock": "clock {clock:.1f} s",
        "paused": "paused",
        "speed": "×{speed:g}",
        "saved": "Saved to {path}.",
        "save_failed": "Not saved to {path}: {err}",
        "no_save": "No file to save to: start with --save FILE.",
        "group": "— {label} ({n}) —",
        "k_board": "Board",
        "board_whole": "the whole board",
        "board_span": "columns {first}-{last}/{total}",
        "board_labels": "columns {first}-{last} of {low}-{high}",
        "board_pan": "hjkl ←→↑↓: pan",
        "board_tab": "Tab: pan",
        "k_play": "Play",
        "k_filter": "Filter",
        "k_texts": "Texts",
        "k_legend": "Legend",
        "k_hint": "Hint",
        "hint_title": "What would the bot do? The search's top moves for seat {seat}",
        "hint_thinking": "The bot is thinking about seat {seat}'s move…",
        "no_hint": "No hint now: no seat of yours has a decision to take.",
        "hint_note": "Searched from what seat {seat} can see only.",
        "close_hint": "Esc or h: close",
        "k_undo": "Undo",
        "k_quit": "Quit",
        "k_save": "Save",
        "k_pause": "Pause",
        "k_speed": "Speed",
        "k_wait": "Wait",
        "k_next": "Seat",
        "k_why": "Why not?",
        "why_title": "Why can I not play it? Type an action (Tab completes it) or pick one "
        "of those you cannot play now.",
        "why_input": "an action, e.g. {example}",
        "why_keys": "Enter: explain · ↑↓: pick · Esc: close",
        "why_more": "… and {n} more: type to narrow the list",
        "why_all_legal": "You may play every action of the game now.",
        "why_no_match": "No action you cannot play matches {word!r}.",
        "why_bad": "{text!r} is not an action of this game: pick one in the list.",
        "why_no_seat": "No seat of yours is at the table: there is nobody to explain to.",
        "why_legal": "{action}: you may play it now.",
        "why_head": "Why not “{action}”?",
        "why_rule": "The rule ({section}):",
        "why_reading": "Our reading of the rule ({section}; its text is silent or ambiguous):",
        "why_unknown": "The game cannot say why.",
        "refused": "Not legal now: {detail}",
        "guide_title": "Guide · {title}",
        "guide_do": "Do: {action}",
        "guide_piece": "the piece: {name}",
        "guide_wait": "Game time passes: {seconds:g} s (w: at once).",
        "guide_other": "{who} plays…",
        "guide_note": "{who}: {text}",
        "guide_refused": "Not that one: {text}",
        "guide_not_yet": "Wait: it is not your move yet.",
        "guide_done": "Well done: you have played a whole game of {game}! The result is on the "
        "table. q: leave.",
        "guide_lost": "The guide's script has ended before the game did.",
        "guide_no_undo": "No taking back in a guided game: follow the guide.",
        "guide_kind": "guide",
    },
    "fr": {
        "seat": "Siège {seat}",
        "bot": "bot",
        "you": "Au siège {seat} de jouer",
        "waiting": "En attente de {who}",
        "thinking": "le siège {seat} ({kind}) réfléchit…",
        "bots_thinking": "les bots réfléchissent…",
        "handoff": "Passez le terminal au siège {seat}.\n\nLa table du siège précédent est "
        "cachée.\n\nSiège {seat} : appuyez sur Entrée quand vous êtes prêt.",
        "actions": "Actions",
        "log": "Journal",
        "filter": "tapez pour filtrer les actions (Échap : effacer)",
        "filtered": "{n} actions sur {total} contiennent {word!r}",
        "no_match": "Aucune action ne contient {word!r} (Échap efface le filtre).",
        "undone": "{n} décision(s) reprise(s).",
        "no_undo": "Rien à reprendre : depuis votre dernière décision, un autre siège a joué, "
        "du temps a passé ou quelque chose de caché a été révélé.",
        "few_undo": "Seules {n} décision(s) peuvent être reprises maintenant.",
        "undo_ask": "Reprendre combien de vos dernières décisions ? De 1 à {n}, puis Entrée "
        "(Échap : annuler).",
        "bad_count": "{text!r} n'est pas un nombre de décisions de 1 à {n}.",
        "not_your_turn": "Aucun de vos sièges n'a à jouer maintenant.",
        "late": "Trop tard : cette action n'est plus possible.",
        "quit_title": "Quitter cette partie ?",
        "quit_unsaved": "Elle n'est pas sauvegardée : la quitter la perd.",
        "quit_saved": "Elle est sauvegardée dans {path} après chaque coup.",
        "quit_keys": "o : quitter · n ou Échap : revenir à la table",
        "over": "Partie terminée : {reason}",
        "result": "{who} : score {score}, rang {rank}",
        "components": "Ce que vous voyez ({n})",
        "no_components": "Ce jeu n'a pas de textes pour ce que vous voyez.",
        "action_text": "L'action choisie",
        "close": "Échap ou ? : fermer",
        "legend": "Légende : les symboles de la table",
        "no_legend": "Ce jeu n'a pas de légende.",
        "close_legend": "Échap ou l : fermer",
        "clock": "horloge {clock:.1f} s",
        "paused": "en pause",
        "speed": "×{speed:g}",
        "saved": "Sauvegardé dans {path}.",
        "save_failed": "Pas sauvegardé dans {path} : {err}",
        "no_save": "Aucun fichier : lancez avec --save FICHIER.",
        "group": "— {label} ({n}) —",
        "k_board": "Plateau",
        "board_whole": "tout le plateau",
        "board_span": "colonnes {first}-{last}/{total}",
        "board_labels": "colonnes {first}-{last} sur {low}-{high}",
        "board_pan": "hjkl ←→↑↓ : déplacer",
        "board_tab": "Tab : déplacer",
        "k_play": "Jouer",
        "k_filter": "Filtre",
        "k_texts": "Textes",
        "k_legend": "Légende",
        "k_hint": "Conseil",
        "hint_title": "Que ferait le robot ? Les meilleurs coups pour le siège {seat}",
        "hint_thinking": "Le robot réfléchit au coup du siège {seat}…",
        "no_hint": "Pas de conseil maintenant : aucun de vos sièges n'a de décision à prendre.",
        "hint_note": "Cherché uniquement à partir de ce que voit le siège {seat}.",
        "close_hint": "Échap ou h : fermer",
        "k_undo": "Annuler",
        "k_quit": "Quitter",
        "k_save": "Sauver",
        "k_pause": "Pause",
        "k_speed": "Vitesse",
        "k_wait": "Attente",
        "k_next": "Siège",
        "k_why": "Pourquoi pas ?",
        "why_title": "Pourquoi ne puis-je pas la jouer ? Tapez une action (Tab la complète) "
        "ou choisissez-en une parmi celles que vous ne pouvez pas jouer.",
        "why_input": "une action, par exemple {example}",
        "why_keys": "Entrée : expliquer · ↑↓ : choisir · Échap : fermer",
        "why_more": "… et {n} de plus : tapez pour réduire la liste",
        "why_all_legal": "Vous pouvez jouer toutes les actions du jeu maintenant.",
        "why_no_match": "Aucune action que vous ne pouvez pas jouer ne contient {word!r}.",
        "why_bad": "{text!r} n'est pas une action de ce jeu : choisissez-en une dans la liste.",
        "why_no_seat": "Aucun de vos sièges n'est à la table : personne à qui expliquer.",
        "why_legal": "{action} : vous pouvez la jouer maintenant.",
        "why_head": "Pourquoi pas « {action} » ?",
        "why_rule": "La règle ({section}) :",
        "why_reading": "Notre lecture de la règle ({section} ; son texte est muet ou ambigu) :",
        "why_unknown": "Le jeu ne sait pas dire pourquoi.",
        "refused": "Pas possible maintenant : {detail}",
        "guide_title": "Guide · {title}",
        "guide_do": "À faire : {action}",
        "guide_piece": "la pièce : {name}",
        "guide_wait": "Le temps de jeu passe : {seconds:g} s (w : tout de suite).",
        "guide_other": "{who} joue…",
        "guide_note": "{who} : {text}",
        "guide_refused": "Pas celle-là : {text}",
        "guide_not_yet": "Attendez : ce n'est pas encore à vous.",
        "guide_done": "Bravo : vous avez joué une partie entière de {game} ! Le résultat est "
        "sur la table. q : quitter.",
        "guide_lost": "Le script du guide s'est arrêté avant la fin de la partie.",
        "guide_no_undo": "On ne reprend pas de coup dans une partie guidée : suivez le guide.",
        "guide_kind": "guide",
    },
}

LANGS = tuple(TEXT)


def tr(lang: str, key: str, **kw: Any) -> str:
    """The client's text ``key`` in ``lang`` (English when the language is unknown)."""
    return TEXT.get(lang, TEXT["en"])[key].format(**kw)


def markup(text: str) -> Text:
    """A game's sentence (rich markup, as its renderer writes it) as styled text; text that
    is not valid markup is shown as it is."""
    try:
        return Text.from_markup(text)
    except MarkupError:
        return Text(text)


def log_text(sentences: Iterable[str]) -> Text:
    """Log sentences one a line, each after a dot."""
    return Text("\n").join(Text("· ") + markup(s) for s in sentences)

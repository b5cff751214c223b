"""A game's undo history in its save, so that undo and redo carry on across quit and
resume (a local game against the computer undoes without limit within a deal):

    redo        optional: the moves taken back and not yet played again, newest last,
                each a group (the player's move and the computer's answers after it)
    undo_hands  optional: [[log length, groups of card texts], ...]: the player's hand as
                arranged before each of their moves this deal, so undo puts every card
                back exactly where it was

Both are checked like everything else and are ignored whole when wrong: a redo group
must replay from the saved position, in order; a card text must name a card of the
game. They never decide whether the game itself loads.
"""

from __future__ import annotations

from typing import Any

from game.engine import codec
from game.engine.actions import Action
from game.engine.cards import Card
from game.engine.game import GameInfo
from game.persist.savedgame import HandGroups, SavedGame

MAX_REDO = 2_000  # moves kept for redo: more than a deal ever has
MAX_UNDO_HANDS = 400
MAX_GROUP_CARDS = 200


def undo_fields(saved: SavedGame) -> dict[str, Any]:
    data: dict[str, Any] = {}
    if saved.redo:
        data["redo"] = [[codec.encode(action) for action in group] for group in saved.redo]
    if saved.undo_hands:
        data["undo_hands"] = [
            [length, [[str(card) for card in group] for group in groups]]
            for length, groups in saved.undo_hands
        ]
    return data


def redo_of(data: dict[str, Any], info: GameInfo, state: Any) -> tuple[tuple[Action, ...], ...]:
    """The redo groups, if every one replays in turn from ``state``; else none."""
    field = data.get("redo")
    if not isinstance(field, list) or not all(isinstance(g, list) and g for g in field):
        return ()
    if sum(len(group) for group in field) > MAX_REDO:
        return ()
    groups = []
    try:
        # Redo takes back the newest group first: replay them newest first from here.
        for raw in reversed(field):
            group = tuple(codec.decode(Action, item, "redo") for item in raw)
            for action in group:
                state, _events = info.rules.apply(state, action)
            groups.append(group)
    except Exception:  # a move the rules refuse or cannot read: the redo list is dropped
        return ()
    return tuple(reversed(groups))


def undo_hands_of(
    data: dict[str, Any], info: GameInfo, state: Any, moves: int
) -> tuple[tuple[int, HandGroups], ...]:
    field = data.get("undo_hands")
    if not isinstance(field, list) or len(field) > MAX_UNDO_HANDS:
        return ()
    known = set(info.rules.all_cards(state))
    kept = []
    for entry in field:
        if not (isinstance(entry, list) and len(entry) == 2 and isinstance(entry[1], list)):
            return ()
        length, groups = entry
        if isinstance(length, bool) or not isinstance(length, int) or not 0 <= length <= moves:
            return ()
        cleaned = _groups(groups, known)
        if cleaned is None:
            return ()
        kept.append((length, cleaned))
    return tuple(kept)


def _groups(groups: list[Any], known: set[Card]) -> HandGroups | None:
    if sum(len(g) if isinstance(g, list) else MAX_GROUP_CARDS + 1 for g in groups) > (
        MAX_GROUP_CARDS
    ):
        return None
    result = []
    seen: set[Card] = set()
    for group in groups:
        cards = []
        for text in group:
            try:
                card: Card = codec.decode(Card, text, "undo_hands")
            except ValueError:
                return None
            if card not in known or card in seen:
                return None
            seen.add(card)
            cards.append(card)
        result.append(tuple(cards))
    return tuple(result)

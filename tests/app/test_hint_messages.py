"""Every hint of every game names a move and a reason, in English and in Japanese
(issue 19): Normal is asked for hints over seeded games and each reason is checked."""

from __future__ import annotations

import pytest

from game.ai.hint import hint
from game.ai.seat import TableHistory
from game.app import i18n
from game.app.messages import missing_keys, render
from game.engine.actions import DISCARD, Discard, Draw
from game.engine.cards import Card
from game.games.registry import GAMES
from tests.ai.common import quick_options, start

GAME_IDS = sorted(GAMES)
SEEDS = (4, 11)
# Keys that say what to do without naming a card: each still names its move in words.
WORDED = "hint.only.other"


def hints_of(game_id: str, seed: int, steps: int = 160) -> list:
    """(action, decision, top discard) for Normal's hint at every turn of a seeded game."""
    info, state, events = start(game_id, quick_options(game_id), seed=seed)
    rules = info.rules
    history = TableHistory(state.options.players)
    history.record(events)
    found = []
    for _step in range(steps):
        if state.finished:
            break
        seat = state.to_act
        view = rules.view(state, seat)
        advice = hint(game_id, view, rules.legal_actions(state), history.for_seat(seat))
        discard = getattr(view, "discard", None) or ()
        top = discard[-1] if discard else getattr(view, "discard_top", None)
        found.append((advice, top))
        state, events = rules.apply(state, advice.action)
        history.record(events)
    return found


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_hint_has_a_template_in_both_languages_and_names_its_move(game_id):
    seen: set[str] = set()
    for seed in SEEDS:
        for advice, top in hints_of(game_id, seed):
            message = advice.message
            seen.add(message.key)
            assert message.key != WORDED, f"{advice.action} has no words of its own"
            assert not missing_keys("en", [message.key]), message.key
            assert not missing_keys("ja", [message.key]), message.key
            english = advice.text
            assert ": " in english or "; " in english, f"no reason: {english!r}"
            cards = [v for v in message.values().values() if isinstance(v, Card)]
            if isinstance(advice.action, Discard):  # the very card, by its id
                assert advice.action.card in cards, english
            if advice.action == Draw(DISCARD) and top is not None:
                assert top in cards, english
            i18n.set_language("ja")
            try:
                japanese = render(message)
            finally:
                i18n.set_language("en")
            assert "%{" not in japanese and "(" not in japanese.split("：")[0][:1]
            assert "：" in japanese or "。" in japanese.rstrip("。"), japanese
    assert len(seen) >= 4, seen

"""The hint's reason for a discard is specific (issue 29: "your least useful card" said
nothing a player could check): the meld it breaks, or that no meld uses it and how many
unseen cards could still join it. Positions from card strings."""

from __future__ import annotations

from collections import Counter

from game.ai.hint import hint
from game.ai.rummy import face
from game.engine.actions import Discard
from game.engine.melds import arrangements
from game.games.indian_rummy import RULES as INDIAN
from game.games.kaluki import RULES as KALUKI
from game.games.kaluki.scoring import POLICY
from game.games.kaluki.state import PLAY
from tests.games.indian_rummy.position import position as indian_position
from tests.games.kaluki.position import position as kaluki_position
from tests.helpers import cards


def live(text: str) -> Counter:
    return Counter(face(c) for c in cards(text))


def test_a_card_no_meld_uses_says_how_many_unseen_cards_could_join_it():
    from game.ai.discard_reason import discard_decision, joiners

    (king,) = cards("KD")
    # the K♦ joins the other kings and the Q♦ J♦ (A♦ high) of its suit; the 5♣ does not
    reason = discard_decision(king, (), live("KS KH QD QD AD 5C 5C"), POLICY)
    assert reason.action == Discard(king)
    assert reason.text == "Discard the K♦: no meld uses it, and only 5 unseen cards could join it."
    one = discard_decision(king, (), live("QD 5C"), POLICY)
    assert one.text == "Discard the K♦: no meld uses it, and only 1 unseen card could join it."
    dead = discard_decision(king, (), live("5C 9H"), POLICY)
    assert dead.text == "Discard the K♦: no meld uses it, and no unseen card could join it."
    assert joiners(king, live("KS KH QD QD AD 5C 5C"), POLICY) == 5


def test_a_card_inside_a_meld_names_the_meld_it_breaks():
    from game.ai.discard_reason import discard_decision

    held = cards("5S 5H 5D 5C")
    (four_fives,) = [m for m in arrangements(held, POLICY) if len(m.cards) == 4][:1]
    reason = discard_decision(held[0], (four_fives,), live("9H"), POLICY)
    assert "every card is in a meld, and breaking" in reason.text
    assert reason.message.key == "hint.discard_breaks"


def test_kalukis_hint_for_a_loose_high_card_is_specific():
    state = kaluki_position(["5S 5H 5D 6C 7C 8C KD 2H", "3S 4S"], phase=PLAY)
    view, legal = KALUKI.view(state, 0), KALUKI.legal_actions(state)
    reason = hint("kaluki", view, legal, [])
    assert isinstance(reason.action, Discard) and reason.action.card in cards("KD 2H")
    assert "least useful" not in reason.text
    assert "no meld uses it" in reason.text, reason.text


def test_indian_rummys_hint_for_an_unmatched_card_is_specific():
    hand = "2S 3S 4S 5H 6H 7H 9D 9C KD 8D QC 4C 2D 10H"
    poor = "2S 7S QS 3H 9H KH 5D 10D AD 4C 10C AC 6H"
    state = indian_position([hand, poor], phase=PLAY)
    reason = hint("indian_rummy", INDIAN.view(state, 0), INDIAN.legal_actions(state), [])
    assert isinstance(reason.action, Discard)
    assert "least useful" not in reason.text
    assert "no meld uses it" in reason.text, reason.text


def test_kalookis_hint_for_a_card_its_contract_plan_leaves_out_is_specific():
    from game.games.kalooki import RULES as KALOOKI
    from tests.games.kalooki.position import position as kalooki_position

    # deal 1 (three threes): the pairs of 5s, 9s and kings make the plan; the J♠ is spare
    state = kalooki_position(["5S 5H 9C 9H KD KC JS", "3S 4S 6D"], phase=PLAY)
    reason = hint("kalooki", KALOOKI.view(state, 0), KALOOKI.legal_actions(state), [])
    assert reason.action == Discard(cards("JS")[0]), reason.text
    assert reason.text.startswith("Discard the J♠: no meld uses it, and "), reason.text

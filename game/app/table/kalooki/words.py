"""Kalooki's words at the table: the deal's contract in the player's language, how far
staged melds go towards it, and the engine's sentences (log lines and refusals) taught
to the phrase book so they read well in Japanese."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from game.app.i18n import tr
from game.app.table import phrases
from game.engine.melds import GROUP, RUN, Meld
from game.games.kalooki.scoring import contract_for


def count_text(n: int, kind: str) -> str:
    """ "1 three", "3 fours" (``kind`` is "threes" or "fours")."""
    return tr(f"kalooki.{kind}_one") if n == 1 else tr(f"kalooki.{kind}_many", n=n)


def contract_text(threes: int, fours: int) -> str:
    """ "2 threes and 1 four" in the player's language."""
    parts = [count_text(n, kind) for n, kind in ((threes, "threes"), (fours, "fours")) if n]
    if len(parts) == 2:
        return tr("kalooki.contract_and", first=parts[0], second=parts[1])
    return parts[0] if parts else count_text(0, "threes")


def deal_contract(deal: int) -> str:
    """The contract of deal 1..9 in words."""
    contract = contract_for(max(1, min(9, deal)))
    return contract_text(contract.threes, contract.fours)


@dataclass(frozen=True)
class Progress:
    """What staged melds make of the deal's contract so far."""

    threes: int
    fours: int
    need_threes: int
    need_fours: int

    @property
    def complete(self) -> bool:
        return (self.threes, self.fours) == (self.need_threes, self.need_fours)

    @property
    def over(self) -> bool:
        return self.threes > self.need_threes or self.fours > self.need_fours

    def text(self) -> str:
        """ "Threes 1/2 · Fours 1/1" (only the kinds the contract asks for, and any
        staged beyond it)."""
        parts = []
        if self.need_threes or self.threes:
            parts.append(tr("kalooki.progress_threes", have=self.threes, need=self.need_threes))
        if self.need_fours or self.fours:
            parts.append(tr("kalooki.progress_fours", have=self.fours, need=self.need_fours))
        return " · ".join(parts)

    def missing(self) -> str:
        return contract_text(
            max(0, self.need_threes - self.threes), max(0, self.need_fours - self.fours)
        )


def staged_progress(melds: Sequence[Meld], deal: int) -> Progress:
    contract = contract_for(max(1, min(9, deal)))
    return Progress(
        sum(1 for m in melds if m.kind == GROUP),
        sum(1 for m in melds if m.kind == RUN),
        contract.threes,
        contract.fours,
    )


# --- the engine's sentences ------------------------------------------------------------

_COUNT = re.compile(r"(\d+) (three|four)s?")


def _contract_words(english: str) -> str:
    """ "2 threes and 0 fours" (the engine's words) in the player's language."""
    counts = {kind: int(n) for n, kind in _COUNT.findall(english)}
    threes, fours = counts.get("three", 0), counts.get("four", 0)
    if not threes and not fours:
        return english
    if "three" in counts and "four" in counts and (not threes or not fours):
        # "1 three and 0 fours": say both, as the engine does
        return tr(
            "kalooki.contract_and",
            first=count_text(threes, "threes"),
            second=count_text(fours, "fours"),
        )
    return contract_text(threes, fours)


def _contract_refusal(contract: str, laid: str) -> str:
    return tr(
        "kalooki.why_contract", contract=_contract_words(contract), laid=_contract_words(laid)
    )


def _teach_phrases() -> None:
    phrases.WORDS.setdefault("three", "kalooki.word_three")
    phrases.WORDS.setdefault("four", "kalooki.word_four")
    phrases.add_patterns(
        said=[
            (r"reaches for the stock: the (?P<card>{CARD}) may be called", "kalooki.said_reach"),
            (r"does not call", "kalooki.said_no_call"),
            (r"calls the (?P<card>{CARD})", "kalooki.said_calls"),
            (r"has laid down, so must allow the call", "kalooki.said_must_allow"),
            (r"allows the call", "kalooki.said_allows"),
            (r"takes a penalty card", "kalooki.said_penalty"),
            (r"denies the call and takes the (?P<card>{CARD})", "kalooki.said_denies"),
            (r"lays down (?P<melds>.+)", "kalooki.said_lays_down"),
            (r"tacks the (?P<card>{CARD}): (?P<meld>.+)", "kalooki.said_tacks"),
            (r"holds only jokers that fit nowhere: ends the turn", "kalooki.said_only_jokers"),
            (r"finds nothing left to draw", "kalooki.said_nothing_left"),
            (r"finds the stock empty and no card left to play", "kalooki.said_stuck"),
            (
                r"finds the stock empty: the discards under the top card are reshuffled",
                "kalooki.said_reshuffle",
            ),
        ],
        reasons=[
            (
                r"Waiting for a call: the seat asked calls the discard or lets it go\.",
                "kalooki.why_wait_call",
            ),
            (
                r"A player has called the discard: allow or deny the call first\.",
                "kalooki.why_answer_first",
            ),
            (
                r"You may call only when asked, after the player to draw reaches for the stock\.",
                "kalooki.why_call_when_asked",
            ),
            (r"Nobody has called the discard\.", "kalooki.why_nobody_called"),
            (
                r"Once you have laid down you draw only from the stock, not the discard pile\.",
                "kalooki.why_down_no_discard",
            ),
            (r"The discard pile is empty: draw from the stock\.", "kalooki.why_discard_empty"),
            (r"You have laid down, so you must allow the call\.", "kalooki.why_must_allow"),
            (
                r"You have laid down your contract: now add cards to melds on the table\.",
                "kalooki.why_already_down",
            ),
            (
                r"You may add to melds on the table only after laying down your contract\.",
                "kalooki.why_add_after_down",
            ),
            (r"Only a player who has laid down may tack a joker\.", "kalooki.why_tack_after_down"),
            (r"A joker may not be discarded\.", "kalooki.why_no_joker_discard"),
            (r"End your turn by discarding a card\.", "kalooki.why_discard_to_end"),
            (
                r"A joker cannot be discarded: play it on a meld where it fits\.",
                "kalooki.why_play_joker",
            ),
            (
                r"This deal's contract is (?P<contract>.+), laid down all at once \(melds may "
                r"be longer\); these cards make (?P<laid>.+)\.",
                _contract_refusal,
            ),
            (
                r"Your threes must be of different ranks: two are threes of (?P<rank>\w+)s "
                r"\(put them together in one three\)\.",
                "kalooki.why_three_ranks",
            ),
            (
                r"Your fours must be of different suits: two are in (?P<suit>[♠♥♦♣])\.",
                "kalooki.why_four_suits",
            ),
            (r"Choose the cards to add\.", "kalooki.why_choose_cards"),
            (
                r"A joker added to (?P<meld>.+) would sit next to its joker; two jokers may "
                r"never be side by side in a four\.",
                "kalooki.why_joker_by_joker",
            ),
            (
                r"A four grows only upwards until it reaches the ace, and only then at the "
                r"bottom: (?P<cards>.+) cannot go below (?P<meld>.+)\.",
                "kalooki.why_grow_up",
            ),
            (
                r"A joker in a three never moves: only a joker in a four is tacked\.",
                "kalooki.why_three_joker",
            ),
            (
                r"(?P<meld>.+) runs from ace to ace: the joker has nowhere to go\.",
                "kalooki.why_ace_to_ace",
            ),
            (
                r"Tacking the (?P<card>{CARD}) would move the joker next to another joker in "
                r"(?P<meld>.+); two jokers may never sit side by side in a four\.",
                "kalooki.why_tack_jokers",
            ),
            (
                r"A (?P<name>three|four) needs at least (?P<n>\d+) real cards\.",
                "kalooki.why_needs_real",
            ),
            (
                r"A (?P<name>three|four) needs at least (?P<n>\d+) cards\.",
                "kalooki.why_needs_cards",
            ),
            (
                r"These cards make a four only with two jokers side by side, which is not "
                r"allowed\.",
                "kalooki.why_jokers_side",
            ),
        ],
    )


_teach_phrases()

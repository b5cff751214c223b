"""Kalooki's words at the table: the deal's contract in the player's language and how far
staged melds go towards it (the engine's own messages are rendered by game.app.messages)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.app.i18n import tr
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

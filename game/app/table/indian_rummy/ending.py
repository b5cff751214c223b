"""What the end screens show, read from the view: the showdown of a deal (every hand as
the engine arranged it, what it cost, the balances) and the results of the session.

Texts are translated here; the scenes only draw. A deal's record (``DealRecord``) holds
the melds and the counted cards of each hand shown, each seat's part in the deal
(declared, dropped, wrong declaration) and the payments; points before the 80 cap are
the counted cards' points.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from game.app.i18n import tr
from game.app.messages import is_you
from game.app.scenes.game_over import FinalResult, ranked, winners_title
from game.app.table.drag import meld_faces
from game.app.table.indian_rummy import formats_text
from game.app.table.indian_rummy.groups import meld_order
from game.app.table.indian_rummy.texts import rank_plural, signed
from game.engine.cards import Card, sort_by_suit
from game.engine.melds import RUN, Meld
from game.games.indian_rummy import CAP, card_points
from game.games.indian_rummy.state import (
    AWAY,
    FIRST_DROP,
    IN_PLAY,
    MIDDLE_DROP,
    ROUND_OVER,
    WRONG_SHOW,
)

Shown = tuple[tuple[Card, str], ...]  # cards of one group, each with a joker's label


@dataclass(frozen=True)
class ShowRow:
    """One player's line of the showdown."""

    seat: int
    name: str
    note: str  # "Declared", "Dropped on the first turn", "Capped at 80 (95)"
    melds: tuple[Shown, ...]  # the hand's runs and sets, as the engine arranged them
    melds_kinds: tuple[str, ...]  # "pure" / "run" / "set" per meld
    counted: Shown  # the cards that count
    points: str  # this deal: "+57" for the winner, "−23" for a loser
    balance: str  # after this deal
    winner: bool = False
    face_down: bool = False  # a dropped hand: not shown


@dataclass(frozen=True)
class Showdown:
    title: str
    subtitle: str
    indicator: Card | None
    wild: str  # "8s are wild"
    rows: tuple[ShowRow, ...]
    names: tuple[str, ...]  # columns of the running table (every seat of the session)
    running: tuple[tuple[str, ...], ...]  # per deal: what each seat won or paid
    totals: tuple[str, ...]  # the balances
    button_key: str = "table.next_deal"
    next_round: int = 0  # between rounds: the round the players sit down for next
    balance_head: str = ""  # the last column's head: balance, pool score or chips
    running_title: str = ""
    footer: str = ""  # Pool: the elimination line; Deals: the deals left or the decider


def _kind(meld: Meld) -> str:
    if meld.kind == RUN:
        return "pure" if meld.is_pure else "run"
    return "set"


def wild_badge(card: Card, wild_rank: int | None, label: str = "") -> str:
    """A wild card's badge wherever it lies: ★, and what it stands for in a meld (★7♥)."""
    if wild_rank is None or card.is_joker or card.rank != wild_rank:
        return label
    return tr("indian_rummy.wild_tag") + label


def _starred(cards: Shown, wild_rank: int | None) -> Shown:
    return tuple((card, wild_badge(card, wild_rank, label)) for card, label in cards)


def wild_words(wild_rank: int | None) -> str:
    if wild_rank is None:
        return tr("indian_rummy.note_jokers_only")
    return tr("indian_rummy.note_wild", rank=rank_plural(wild_rank))


def showdown(view: Any, names: Sequence[str]) -> Showdown:
    """The last finished deal of ``view`` for the showdown screen."""
    record = view.history[-1]
    wild = record.wild_rank
    rows = []
    order = [seat for seat in view.order if seat < len(record.statuses)]
    order += [s for s in range(len(record.statuses)) if s not in order]
    if record.winner in order:  # the winner first, then clockwise from them
        at = order.index(record.winner)
        order = order[at:] + order[:at]
    for seat in order:
        status = record.statuses[seat]
        if status == AWAY:
            continue
        shown = record.shown[seat]
        paid = record.payments[seat]
        note, face_down = "", False
        if seat == record.winner:
            note = tr("indian_rummy.row_declared" if shown.melds else "indian_rummy.row_last_in")
            face_down = not shown.melds
        elif status == FIRST_DROP:
            note, face_down = tr("indian_rummy.row_first_drop"), True
        elif status == MIDDLE_DROP:
            note, face_down = tr("indian_rummy.row_middle_drop"), True
        elif status == WRONG_SHOW:
            note, face_down = tr("indian_rummy.row_wrong"), True
        elif status == IN_PLAY and record.winner is not None:
            raw = sum(card_points(card, wild) for card in shown.counted)
            if raw > CAP:
                note = tr("indian_rummy.row_capped", cap=CAP, points=raw)
            elif not shown.melds and view.options.modern_scoring:
                note = tr("indian_rummy.row_no_two_runs")
            elif not shown.melds:
                note = tr("indian_rummy.row_no_pure")
            elif sum(meld.kind == RUN for meld in shown.melds) < 2:
                note = tr("indian_rummy.row_no_second")  # why the sets counted
        if record.void:
            face_down = True
        arranged = sorted(shown.melds, key=meld_order)  # the pure run first
        melds = tuple(_starred(meld_faces(m), wild) for m in arranged)
        kinds = tuple(_kind(m) for m in arranged)
        counted = _starred(tuple((card, "") for card in sort_by_suit(shown.counted)), wild)
        note = pool_note(view, record, seat) or note
        rows.append(
            ShowRow(
                seat,
                names[seat] if seat < len(names) else view.names[seat],
                note,
                melds,
                kinds,
                counted,
                row_points(view, paid),
                row_total(view, record, seat),
                seat == record.winner,
                face_down and not melds and not counted,
            )
        )
    title = deal_title(view, record)
    if record.void:
        title = tr("indian_rummy.void_title", n=record.deal)
        subtitle = tr("indian_rummy.void_deal")
    elif record.winner is None:
        subtitle = ""
    else:
        winner = names[record.winner] if record.winner < len(names) else ""
        declared = bool(record.shown[record.winner].melds)
        key = "indian_rummy.won_declared" if declared else "indian_rummy.won_dropped"
        if is_you(winner):  # the player's own default name: "You won ..."
            key += "_you"
        subtitle = tr(key, name=winner)
    every = [names[s] if s < len(names) else view.names[s] for s in range(len(view.balances))]
    if view.options.deals:  # the chips each player held after every deal
        running = tuple(
            tuple(str(n) for n in formats_text.chips_after(view, r.deal)) for r in view.history
        )
    else:
        running = tuple(
            tuple(
                ("—" if r.void else row_points(view, r.payments[s])) if s < len(r.payments) else ""
                for s in range(len(every))
            )
            for r in view.history
        )
    if record.eliminated:
        out = ", ".join(every[s] for s in record.eliminated)
        subtitle = " ".join(x for x in (subtitle, tr("indian_rummy.out_subtitle", names=out)) if x)
    return Showdown(
        title=title,
        subtitle=subtitle,
        indicator=record.indicator,
        wild=wild_words(wild),
        rows=tuple(rows),
        names=tuple(every),
        running=running,
        totals=totals(view),
        next_round=view.round + 1 if view.phase == ROUND_OVER else 0,
        balance_head=tr(formats_text.total_head(view.options)),
        running_title=tr(formats_text.running_title(view.options)),
        footer=formats_text.footer(view, every),
    )


def row_points(view: Any, paid: int) -> str:
    """This deal in a row: a balance or chips change, or the points a Pool score takes."""
    if view.options.pool:
        return f"+{-paid}" if paid else "0"
    return signed(paid)


def row_total(view: Any, record: Any, seat: int) -> str:
    if view.options.pool:
        return str(record.scores[seat]) if seat < len(record.scores) else ""
    if view.options.deals:
        return str(formats_text.chips_after(view, record.deal)[seat])
    return signed(view.balances[seat])


def totals(view: Any) -> tuple[str, ...]:
    if view.options.pool:
        return tuple(formats_text.score_text(view, seat) for seat in range(len(view.scores)))
    if view.options.deals:
        return tuple(str(n) for n in formats_text.chips_now(view))
    return tuple(signed(b) for b in view.balances)


def pool_note(view: Any, record: Any, seat: int) -> str:
    """Pool: a player put out by this deal, and one who has rejoined since."""
    if seat not in record.eliminated:
        return ""
    if seat in view.order and seat < len(view.scores):
        return tr("indian_rummy.row_rejoined", score=view.scores[seat])
    return tr("indian_rummy.row_out", score=record.scores[seat])


def deal_title(view: Any, record: Any) -> str:
    options = view.options
    if options.deals and record.deal > options.deal_count:
        return tr("indian_rummy.decider_title")
    if options.deals:
        return tr("indian_rummy.deals_title", n=record.deal, deals=options.deal_count)
    return tr("indian_rummy.showdown_title", n=record.deal)


def final_result(view: Any, names: Sequence[str]) -> FinalResult:
    """Standings by balance (highest first) and each seat's balance after every deal;
    Pool by score (lowest first), Deals by chips."""
    if view.options.pool or view.options.deals:
        return formats_text.final_result(view, names)
    seats = range(len(view.balances))
    every = [names[s] if s < len(names) else view.names[s] for s in seats]
    winners = view.winners
    standings = ranked(every, view.balances, winners, signed, highest_first=True)
    series = []
    for seat in seats:
        total, line = 0, [0]
        for record in view.history:
            total += record.payments[seat] if seat < len(record.payments) else 0
            line.append(total)
        series.append(tuple(line))
    deals = len(view.history)
    return FinalResult(
        title=winners_title(every, winners),
        subtitle=tr(
            "indian_rummy.final_subtitle" if view.options.rounds > 1 else "indian_rummy.final_one",
            deals=deals,
            rounds=view.options.rounds,
        ),
        standings=standings,
        series=tuple(series),
        target=None,
    )

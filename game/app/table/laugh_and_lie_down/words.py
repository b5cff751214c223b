"""Laugh and Lie Down's sentences at the table: the engine's log lines and refusals with
players' names instead of seat numbers ("claims 7♠ 7♥ from Ada", not "from player 2"),
English verbs for "You", and the patterns that put them into Japanese."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from game.app.i18n import tr
from game.app.table import phrases
from game.engine.events import Event, Said

PLAYER = re.compile(r"\b[Pp]layer (\d+)\b")
MINUS = "\u2212"


def signed(n: int) -> str:
    """A change of chips: "+3", "−2", "0"."""
    return f"+{n}" if n > 0 else f"{MINUS}{-n}" if n < 0 else "0"


def signed_plain(n: int) -> str:
    """A balance: "12", "−3" (a true minus sign, easier to read than a hyphen)."""
    return f"{MINUS}{-n}" if n < 0 else str(n)


def _name_for(number: str, names: Sequence[str], lower: bool) -> str | None:
    seat = int(number) - 1
    if not 0 <= seat < len(names):
        return None
    name = names[seat]
    if lower and name == tr("new_game.you") and tr("new_game.you") == "You":
        return "you"
    return name


def with_names(text: str, names: Sequence[str]) -> str:
    """Seat numbers in an engine sentence replaced by the players' names."""

    def swap(match: re.Match) -> str:
        lower = match.group(0)[0] == "p"
        return _name_for(match.group(1), names, lower) or match.group(0)

    return PLAYER.sub(swap, text)


def named_events(events: Sequence[Event], names: Sequence[str], english: bool) -> list[Event]:
    """``events`` with each log line about a seat put in players' names (and, in
    English, in the second person for "You")."""
    you = tr("new_game.you")
    out: list[Event] = []
    for event in events:
        if isinstance(event, Said):
            text = with_names(event.text, names)
            if english and 0 <= event.seat < len(names) and names[event.seat] == you:
                text = _second_person(text)
            if text != event.text:
                event = replace(event, message=text)
        out.append(event)
    return out


FIRST_VERBS = {"has": "have", "lies": "lie", "ties": "tie"}  # not "ly", "ty"


def _second_person(text: str) -> str:
    """What the table's own second person (draws -> draw) does not get right."""
    verb, space, rest = text.partition(" ")
    text = FIRST_VERBS.get(verb, verb) + space + rest
    return text.replace("their hand", "your hand").replace(" and draws again", " and draw again")


def named_reason(reason: str, names: Sequence[str]) -> str:
    return with_names(reason, names)


phrases.add_patterns(
    said=[
        (r"draws the (?P<card>{CARD}) for the deal", "laugh_and_lie_down.said_draw_for_deal"),
        (r"ties for the highest card and draws again", "laugh_and_lie_down.said_tie"),
        (r"draws the highest card and deals first", "laugh_and_lie_down.said_first_dealer"),
        (r"puts (?P<n>\d+) chips in the pot", "laugh_and_lie_down.said_ante"),
        (r"captures (?P<cards>.+) with the (?P<card>{CARD})", "laugh_and_lie_down.said_capture"),
        (r"has played out their hand", "laugh_and_lie_down.said_played_out"),
        (r"lies down: (?P<cards>.+)", "laugh_and_lie_down.said_lie_down"),
        (r"lies down", "laugh_and_lie_down.said_lie_down_empty"),
        (
            r"declares (?P<cards>.+) dead \(automatically\)",
            "laugh_and_lie_down.said_declare_auto",
        ),
        (r"declares (?P<cards>.+) dead", "laugh_and_lie_down.said_declare"),
        (r"has no cards left", "laugh_and_lie_down.said_no_cards"),
        (
            r"claims (?P<cards>.+) from (?P<player>.+): dead, undeclared",
            "laugh_and_lie_down.said_claim",
        ),
        (r"takes the (?P<n>\d+) cards left, as dealer", "laugh_and_lie_down.said_dealer_share"),
    ],
    reasons=[
        (
            r"Wait for your turn: now players may declare or claim\.",
            "laugh_and_lie_down.why_window",
        ),
        (
            r"Claims are made after a turn, when you are asked\.",
            "laugh_and_lie_down.why_claims_later",
        ),
        (r"The (?P<card>{CARD}) is not on the table\.", "laugh_and_lie_down.why_not_on_table"),
        (
            r"The (?P<card>{CARD}) captures only (?P<rank>\w+)s, not the (?P<target>{CARD})\.",
            "laugh_and_lie_down.why_wrong_rank",
        ),
        (
            r"You may not lie down: your (?P<card>{CARD}) can capture the (?P<target>{CARD})\.",
            "laugh_and_lie_down.why_no_lie_down",
        ),
        (r"Choose the dead cards to declare\.", "laugh_and_lie_down.why_choose_dead"),
        (r"A card is listed twice\.", "laugh_and_lie_down.why_twice"),
        (r"Dead cards are declared one rank at a time\.", "laugh_and_lie_down.why_one_rank"),
        (r"Declare all four (?P<rank>\w+)s together\.", "laugh_and_lie_down.why_all_four"),
        (
            r"With three (?P<rank>\w+)s in hand you declare two of them\.",
            "laugh_and_lie_down.why_two_of_three",
        ),
        (
            r"Two (?P<rank>\w+)s are dead only once the other two are captured; "
            r"(?P<n>\d) of them (?:is|are) still in play\.",
            "laugh_and_lie_down.why_pair_alive",
        ),
        (r"Declare both (?P<rank>\w+)s\.", "laugh_and_lie_down.why_both"),
        (
            r"A single (?P<rank>\w+) is never dead: it may still capture\.",
            "laugh_and_lie_down.why_single",
        ),
        (r"There is no such player\.", "laugh_and_lie_down.why_no_player"),
        (r"There is no such rank\.", "laugh_and_lie_down.why_no_rank"),
        (
            r"These are your own cards: declare them instead of claiming\.",
            "laugh_and_lie_down.why_own_cards",
        ),
        (
            r"(?P<player>.+) holds fewer than two cards: there is nothing dead to claim\.",
            "laugh_and_lie_down.why_too_few",
        ),
        (
            r"You cannot show that (?P<player>.+) holds dead (?P<rank>\w+)s: a claim needs "
            r"proof from the cards on view and your own hand\.",
            "laugh_and_lie_down.why_no_proof",
        ),
        (
            r"(?P<player>.+) has not yet had the chance to declare those (?P<rank>\w+)s "
            r"themselves\.",
            "laugh_and_lie_down.why_too_early",
        ),
        (
            r"With auto-declare on, nobody claims another's dead cards\.",
            "laugh_and_lie_down.why_auto_on",
        ),
        (r"(?P<player>.+) holds no dead (?P<rank>\w+)s\.", "laugh_and_lie_down.why_none_dead"),
    ],
)

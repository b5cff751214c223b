"""Indian Rummy's words at the table: the engine's sentences taught to the phrase book (so
the log and the refusals read well in Japanese) and small formatting helpers."""

from __future__ import annotations

from game.app.i18n import tr
from game.app.table import phrases

_taught = False

SAID = [
    (r"draws the (?P<card>{CARD}) for seats", "indian_rummy.said_seat_draw"),
    (
        r"turns up the (?P<card>{CARD}): the (?P<rank>\w+)s and the jokers are wild",
        "indian_rummy.said_wild",
    ),
    (
        r"turns up the (?P<card>{CARD}): only the printed jokers are wild",
        "indian_rummy.said_jokers",
    ),
    (r"takes the (?P<card>{CARD}), the last card of the stock", "indian_rummy.said_last_card"),
    (r"packs and will pay (?P<n>\d+) points", "indian_rummy.said_pack"),
    (r"discards the (?P<card>{CARD}) and declares rummy", "indian_rummy.said_declare"),
    (r"declares wrongly \(.*\) and drops out: (?P<n>\d+) points", "indian_rummy.said_wrong"),
    (r"leaves the table with a balance of (?P<n>[+-]?\d+)", "indian_rummy.said_leave"),
    (r"comes back to the table with a balance of (?P<n>[+-]?\d+)", "indian_rummy.said_back"),
    (r"joins the table", "indian_rummy.said_join"),
]

REASONS = [
    (r"You cannot declare yet\. There is no pure run.*", "indian_rummy.r_no_pure"),
    (r"You cannot declare yet\. Your pure run must have 4 .*", "indian_rummy.r_first_life"),
    (
        r"You cannot declare yet\. Besides the pure run you need a second run.*",
        "indian_rummy.r_second",
    ),
    (
        r"You cannot declare yet\. Your cards make runs and sets only without .*",
        "indian_rummy.r_pure",
    ),
    (
        r"You cannot declare yet\. The (?P<cards>.+) fits? in no run or set\.",
        lambda cards: tr("indian_rummy.r_loose", cards=card_list(cards)),
    ),
    (r"There is no pure run.*", "indian_rummy.r_no_pure_bare"),
    (r"Your pure run must have 4 .*", "indian_rummy.r_first_life_bare"),
    (r"Besides the pure run you need a second run.*", "indian_rummy.r_second_bare"),
    (r"Your cards make runs and sets only without .*", "indian_rummy.r_pure_bare"),
    (
        r"The (?P<cards>.+) fits? in no run or set\.",
        lambda cards: tr("indian_rummy.r_loose_bare", cards=card_list(cards)),
    ),
    (
        r"You took the (?P<card>{CARD}) from the discard pile: "
        r"discard a different card this turn\.",
        "indian_rummy.r_taken",
    ),
    (r"You may pack only at the start of your turn, before drawing\.", "indian_rummy.r_pack_late"),
    (r"You have already taken a card: discard or declare\.", "indian_rummy.r_already"),
    (r"First take a card, from the stock or the discard pile\.", "indian_rummy.r_draw_first"),
    (r"The discard pile is empty: draw from the stock\.", "indian_rummy.r_discard_empty"),
    (r"This deal is over: continue to the next deal\.", "indian_rummy.r_deal_over"),
    (r"Players may join or leave only between rounds\.", "indian_rummy.r_between_rounds"),
    (r"That player is not at the table\.", "indian_rummy.r_not_at_table"),
    (r"At least two players must stay at the table\.", "indian_rummy.r_two_stay"),
    (r"Give the new player a name\.", "indian_rummy.r_name"),
    (r"A name has at most (?P<n>\d+) letters\.", "indian_rummy.r_name_long"),
    (r"(?P<name>.+) is already at the table\.", "indian_rummy.r_already_seated"),
    (r"The table is full: at most (?P<n>\d+) players\.", "indian_rummy.r_full"),
    (r"This session's score sheet already holds (?P<n>\d+) players.*", "indian_rummy.r_sheet_full"),
    (r"The session is over\.", "indian_rummy.r_over"),
]


def teach_phrases() -> None:
    """Add Indian Rummy's sentences to the phrase book (once)."""
    global _taught
    if _taught:
        return
    _taught = True
    phrases.add_patterns(said=SAID, reasons=REASONS)


def card_list(cards: str) -> str:
    """The engine's "7♥, 9♣ and K♣" in the player's language."""
    return cards.replace(", ", tr("indian_rummy.list_comma")).replace(
        " and ", tr("indian_rummy.list_and")
    )


def signed(n: int) -> str:
    """A balance or payment with its sign: "+12", "−8" (a real minus), "0"."""
    if n > 0:
        return f"+{n}"
    if n < 0:
        return f"\u2212{-n}"
    return "0"


def rank_plural(rank: int) -> str:
    """Every card of a rank, for "Wild: the 8s": "8s", "aces", "kings" (in Japanese the
    rank itself)."""
    if rank in (1, 11, 12, 13):
        return tr(f"indian_rummy.plural_{rank}")
    return tr("indian_rummy.plural_n", n=rank)

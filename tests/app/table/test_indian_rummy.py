"""Playing Indian Rummy with the mouse and the keyboard: drawing, the groups the player
builds (drag, Group, Auto-group), declaring on Finish (the engine's check, its reason, the
penalty option), dropping out at its cost, the taken card, the indicator.

Positions are dealt games whose hands, indicator and discard pile are set from readable
cards (:func:`arranged` swaps each card with wherever it lay, so no card is ever in two
places); the flow and soak tests open tables with :func:`ir_table` too."""

from __future__ import annotations

from dataclasses import replace

import pygame

from game.app.app import App
from game.app.scenes.dialog import ConfirmDialog
from game.app.session import GameSession
from game.app.setup import GameSetup, Seat
from game.app.table import open_table
from game.app.table.drag import Target
from game.app.table.indian_rummy.showdown import ShowdownScene
from game.app.table.table_scene import TableScene
from game.engine.actions import DISCARD, STOCK, Discard, Draw
from game.engine.cards import Card
from game.games.indian_rummy import Declare, IndianRummyOptions, Pack
from game.games.indian_rummy.state import (
    DRAW,
    FIRST_DROP,
    PLAY,
    WRONG_SHOW,
    IndianRummyState,
)
from tests.app.table.helpers import (
    card_point,
    click,
    drag,
    frames,
    key,
    press_button,
    sit_down,
    until,
)
from tests.helpers import hand

NAMES = ("You", "Ada", "Bruno", "Clara", "Dev", "Elena", "Farid", "Greta", "Hugo", "Iris")


def arranged(
    state: IndianRummyState,
    hands: dict[int, tuple[Card, ...]] | None = None,
    indicator: Card | None = None,
    top: Card | None = None,
) -> IndianRummyState:
    """``state`` with these hands, this indicator (the stock's bottom card) and this top
    discard; every card named is taken from where it was and the card it replaces goes
    there instead."""
    zones = {
        "hands": [list(h) for h in state.hands],
        "stock": list(state.stock),
        "discard": list(state.discard),
        "box": list(state.box),
    }

    def where(card: Card) -> tuple[list[Card], int]:
        for hand in zones["hands"]:
            if card in hand:
                return hand, hand.index(card)
        for name in ("stock", "discard", "box"):
            if card in zones[name]:
                return zones[name], zones[name].index(card)
        raise AssertionError(f"{card} is nowhere")

    def put(card: Card, target: list[Card], at: int) -> None:
        pile, i = where(card)
        if pile is target and i == at:
            return
        pile[i], target[at] = target[at], pile[i]

    for seat, cards in (hands or {}).items():
        hand = zones["hands"][seat]
        while len(hand) < len(cards):  # a longer hand: take spare cards from the box
            hand.append(zones["box"].pop())
        for at, card in enumerate(cards):
            put(card, hand, at)
        while len(hand) > len(cards):
            zones["box"].append(hand.pop())
    if indicator is not None:
        put(indicator, zones["stock"], 0)
    if top is not None:
        put(top, zones["discard"], len(zones["discard"]) - 1)
    stock = zones["stock"]
    return replace(
        state,
        hands=tuple(tuple(h) for h in zones["hands"]),
        stock=tuple(stock),
        discard=tuple(zones["discard"]),
        box=tuple(zones["box"]),
        indicator=stock[0],
    )


def ir_table(
    app: App,
    kinds=("human", "easy"),
    *,
    seed: int = 3,
    options: IndianRummyOptions | None = None,
    hands: dict[int, tuple[Card, ...]] | None = None,
    indicator: Card | None = None,
    top: Card | None = None,
    **changes,
) -> TableScene:
    """An Indian Rummy table: the dealt game, arranged as asked, then ``changes``."""
    seats = tuple(Seat(name, kind) for name, kind in zip(NAMES, kinds))
    opts = options or IndianRummyOptions(players=len(kinds))
    session = GameSession(GameSetup("indian_rummy", opts, seed, seats))
    state = arranged(session.state, hands, indicator, top)
    session.state = replace(state, **changes)
    table = open_table(app, session)
    table.ai_pause = 60.0  # the AI seats wait unless a test lets them play
    frames(app, 2)
    return table


def group_faces(table: TableScene) -> list[str]:
    """The groups as text, e.g. ["3H 4H 5H", "9S"]."""
    return [" ".join(str(card) for card in group) for group in table.hooks.groups]


# --- playing at the table: gestures become the engine's moves -------------------------

EIGHTS_WILD = hand("8C")[0]
THIRTEEN = hand("3H 4H 5H 9S 9D KC 2C 7D QS 6C AH 10S JD")
WINNING = hand("3H 4H 5H 6H 9S 10S JK QD KD AD 5C 5D 5S")  # 8s wild: declares
LOOSE = hand("2S 4S 6S 9H JH KH 3C 7C 10C 2D 6D 9D QD")  # no pure run


def my_turn(app, cards=THIRTEEN, phase=DRAW, **kw) -> TableScene:
    return ir_table(app, hands={0: cards}, indicator=EIGHTS_WILD, seat=0, phase=phase, **kw)


def slot_x(table: TableScene, slot: tuple) -> int:
    geometry = table.composer.hand
    return round(geometry.points[geometry.slots.index(slot)])


def test_dragging_the_stock_to_the_hand_draws_into_a_group_of_its_own(app):
    table = my_turn(app)
    drag(app, table.layout.stock.center, (table.layout.hand.right - 6, table.layout.hand.centery))
    assert table.session.log == [Draw(STOCK)]
    drawn = table.session.state.hands[0][-1]
    assert table.hooks.groups[-1] == [drawn]
    assert sorted(map(str, table.hand_cards())) == sorted(map(str, table.session.state.hands[0]))


def test_the_discard_dropped_on_a_group_joins_that_group(app):
    table = my_turn(app, top=hand("6H")[0])
    hearts = table.hooks.groups[1]
    assert [str(c) for c in hearts] == ["AH", "3H", "4H", "5H"]
    drag(app, table.layout.discard.center, card_point(table, hand("5H")[0]))
    assert table.session.log == [Draw(DISCARD)]
    assert [str(c) for c in table.hooks.groups[1]] == ["AH", "3H", "4H", "5H", "6H"]


def test_a_card_dragged_into_a_gap_starts_a_new_group_there(app):
    table = my_turn(app)
    assert group_faces(table)[:2] == ["9S 10S QS", "AH 3H 4H 5H"]
    x = slot_x(table, ("new", 2))
    drag(app, card_point(table, hand("9S")[0]), (x, table.layout.hand.centery))
    assert group_faces(table)[:3] == ["10S QS", "AH 3H 4H 5H", "9S"]
    assert table.session.log == []  # arranging is the player's own business


def test_a_card_dragged_onto_another_group_moves_into_it(app):
    table = my_turn(app)
    ten = table.picture.get(hand("10S")[0]).hit
    drag(app, card_point(table, hand("9D")[0]), (ten.x + 3, ten.centery))  # before the 10♠
    faces = group_faces(table)
    assert faces[0] == "9S 9D 10S QS"
    assert "9D" not in faces[-1].split()


def test_group_makes_the_selected_cards_a_group_of_their_own(app):
    table = my_turn(app)
    click(app, card_point(table, hand("9S")[0]))
    click(app, card_point(table, hand("9D")[0]))
    key(app, pygame.K_g)
    assert "9S 9D" in group_faces(table)
    assert not table.selected


def test_auto_group_lays_the_pure_run_first_and_names_each_group(app):
    table = my_turn(app, cards=WINNING)
    key(app, pygame.K_a)
    faces = group_faces(table)
    assert faces[0] == "3H 4H 5H 6H"
    kinds = [kind for kind, _words in table.hooks.group_labels()]
    assert kinds[0] == "pure" and set(kinds) <= {"pure", "run", "set"}
    assert table.stage_progress() == ("Unmatched 0", True)


def test_groups_stay_as_arranged_when_a_card_leaves_the_hand(app):
    table = my_turn(app, cards=WINNING, phase=PLAY)
    key(app, pygame.K_a)
    before = group_faces(table)
    assert table.play(Discard(hand("5S")[0]))
    after = group_faces(table)
    assert after == [" ".join(c for c in g.split() if c != "5S") for g in before]


def test_dropping_the_fourteenth_card_on_finish_declares(app):
    extra = hand("KC")[0]
    table = my_turn(app, cards=(*WINNING, extra), phase=PLAY)
    drag(app, card_point(table, extra), table.hooks.felt.finish.center)
    assert table.session.log == [Declare(extra)]
    record = table.session.state.history[-1]
    assert record.winner == 0 and record.payments[0] > 0
    assert table.log_lines[-2].text == "discard the K♣ and declare rummy"  # "You discard ..."
    assert until(app, lambda: isinstance(app.stack.top, ShowdownScene), 200)


def test_an_invalid_declaration_is_refused_with_the_engines_reason(app):
    extra = hand("KC")[0]
    table = my_turn(app, cards=(*LOOSE, extra), phase=PLAY)
    before = table.session.state
    drag(app, card_point(table, extra), table.hooks.felt.finish.center)
    assert table.session.state is before and table.session.log == []
    assert "There is no pure run" in table.notice
    assert extra in table.hand_cards()


def test_finish_lights_up_only_for_a_card_the_engine_would_declare_with(app):
    extra = hand("KC")[0]
    table = my_turn(app, cards=(*WINNING, extra), phase=PLAY)
    for card, lit in ((extra, True), (hand("5S")[0], False)):
        start = card_point(table, card)
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
        pygame.event.post(
            pygame.event.Event(
                pygame.MOUSEMOTION, pos=(start[0], start[1] - 40), rel=(0, -40), buttons=(1, 0, 0)
            )
        )
        app.frame(1 / 60)
        assert (Target("finish") in table.drag.legal) is lit
        assert Target("discard") in table.drag.legal
        table.cancel_drag()
        app.frame(1 / 60)


def test_with_the_penalty_option_a_wrong_declaration_asks_then_costs_80(app):
    extra = hand("KC")[0]
    options = IndianRummyOptions(players=3, wrong_declaration_penalty=True)
    table = my_turn(app, cards=(*LOOSE, extra), phase=PLAY, options=options, kinds=("human",) * 3)
    sit_down(app)
    assert any("80" in note for note in table.table_notes(table.view))
    drag(app, card_point(table, extra), table.hooks.felt.finish.center)
    assert isinstance(app.stack.top, ConfirmDialog)
    assert table.session.log == []
    key(app, pygame.K_RETURN)  # the safe answer (No) is the default
    assert table.session.log == [] and app.stack.top is table
    drag(app, card_point(table, extra), table.hooks.felt.finish.center)
    key(app, pygame.K_TAB)  # to Yes
    key(app, pygame.K_RETURN)
    assert table.session.log == [Declare(extra)]
    assert table.session.state.statuses[0] == WRONG_SHOW


def test_the_card_taken_from_the_discard_cannot_be_discarded_the_engine_says_why(app):
    taken = hand("6H")[0]
    table = my_turn(app, top=taken)
    drag(app, table.layout.discard.center, table.layout.hand.center)
    assert table.session.log == [Draw(DISCARD)]
    assert "You took the 6♥" in table.status_text(table.view)
    drag(app, card_point(table, taken), table.layout.discard.center)
    assert table.session.log == [Draw(DISCARD)]
    assert "nor a card identical to it may be thrown back" in table.notice
    assert taken in table.hand_cards()


def test_the_drop_button_shows_its_cost_and_drops_out_after_asking(app):
    table = my_turn(app)
    specs = [spec for spec in table.context_widgets.values() if spec.name == "pack"]
    assert specs and dict(specs[0].params)["cost"] == "10"
    press_button(app, table, "pack")
    assert isinstance(app.stack.top, ConfirmDialog) and table.session.log == []
    key(app, pygame.K_RIGHT)  # from No (the default) to Yes
    key(app, pygame.K_RETURN)
    assert table.session.log == [Pack()]
    assert table.session.state.statuses[0] == FIRST_DROP


def test_dropping_after_the_first_turn_costs_40_and_modern_values_20(app):
    later = my_turn(app, has_played=(True, False))
    assert table_cost(later) == "40"
    modern = IndianRummyOptions(players=2, modern_drop_values=True)
    first = my_turn(app, options=modern)
    assert table_cost(first) == "20"
    key(app, pygame.K_p)
    key(app, pygame.K_TAB)  # from No (the default) to Yes
    key(app, pygame.K_RETURN)
    assert first.session.log == [Pack()]
    assert first.session.state.statuses[0] == FIRST_DROP


def table_cost(table: TableScene) -> str:
    spec = next(s for s in table.context_widgets.values() if s.name == "pack")
    return dict(spec.params)["cost"]


def test_no_drop_button_once_a_card_is_drawn(app):
    table = my_turn(app, phase=PLAY, cards=(*THIRTEEN, hand("KH")[0]))
    assert not [s for s in table.context_widgets.values() if s.name == "pack"]


def test_keys_draw_and_declare(app):
    table = my_turn(app, cards=WINNING, top=hand("2H")[0])
    key(app, pygame.K_t)  # take the 2♥: 2♥ 3♥ 4♥ 5♥ is still a pure run without the 6♥
    assert table.session.log == [Draw(DISCARD)]
    table.focus = table.hand_cards().index(hand("6H")[0])
    key(app, pygame.K_f)  # declare, the chosen 6♥ going on Finish
    assert table.session.log[-1] == Declare(hand("6H")[0])
    assert table.session.state.history[-1].winner == 0


def test_the_indicator_lies_sideways_under_the_stock_and_one_discard_shows(app):
    table = my_turn(app, top=hand("6H")[0])
    indicator = [t for t in table.picture.tokens if t.zone == "indicator"]
    assert [t.card for t in indicator] == [EIGHTS_WILD]
    assert indicator[0].place.angle == 90.0
    stock = table.layout.stock
    assert indicator[0].hit.top < stock.top and indicator[0].hit.bottom > stock.top
    assert table.picture.tokens.index(indicator[0]) < min(
        i for i, t in enumerate(table.picture.tokens) if t.zone == "stock"
    )
    assert [t.card for t in table.picture.in_zone("discard")] == [hand("6H")[0]]
    assert any("8s" in note for note in table.table_notes(table.view))


def test_the_indicator_is_drawn_as_the_last_card_of_the_stock(app):
    table = my_turn(app)
    state = table.session.state
    table.session.state = replace(state, stock=state.stock[:1], box=(*state.box, *state.stock[1:]))
    table.refresh()
    assert "voids the deal" in table.status_text(table.view)
    token = table.picture.in_zone("indicator")[0]
    drag(app, token.hit.center, table.layout.hand.center)
    assert table.session.log == [Draw(STOCK)]
    assert EIGHTS_WILD in table.hand_cards()


def test_wild_cards_in_the_hand_carry_a_star(app):
    table = my_turn(app, cards=(*THIRTEEN[:12], hand("8H")[0]))
    token = table.picture.get(hand("8H")[0])
    assert token.label == "★"
    assert table.picture.get(THIRTEEN[0]).label == ""


def test_undo_after_taking_the_discard_puts_it_back_and_the_groups_follow(app):
    taken = hand("6H")[0]
    table = my_turn(app, top=taken)
    before = group_faces(table)
    drag(app, table.layout.discard.center, card_point(table, hand("5H")[0]))
    assert taken in table.hooks.groups[1]
    key(app, pygame.K_u)
    assert table.session.log == [] and table.session.state.discard[-1] == taken
    assert group_faces(table) == before


def test_tab_goes_through_discard_and_finish_and_enter_declares(app):
    extra = hand("KC")[0]
    table = my_turn(app, cards=(*WINNING, extra), phase=PLAY)
    table.focus = table.hand_cards().index(extra)
    key(app, pygame.K_TAB)
    targets = [target.kind for target, _move in table.key_targets()]
    assert targets == ["discard", "finish"]  # left to right
    key(app, pygame.K_TAB)
    key(app, pygame.K_RETURN)
    assert table.session.log == [Declare(extra)]


def test_the_hint_for_a_declaration_rings_the_finish_slot(app):
    from game.app.table.parts.hint import Hint
    from game.engine.messages import msg

    extra = hand("KC")[0]
    table = my_turn(app, cards=(*WINNING, extra), phase=PLAY)
    table.hint = Hint(msg("hint.indian.declare", card=extra), Declare(extra))
    assert table.hint_cards() == [extra] and table.hint_target() == Target("finish")
    table.hint = Hint(msg("hint.indian.pack", cost=20), Pack())
    assert table.hint_target() is None


def test_the_engines_reasons_and_log_lines_read_in_japanese():
    from game.app import i18n
    from game.app.messages import render
    from game.engine.messages import Seat as SeatParam
    from game.engine.messages import Signed
    from game.games.indian_rummy.messages import cannot_declare, say, turned_up

    i18n.set_language("ja")
    try:
        loose = say("loose", cards=hand("7H 2S KC"))
        reason = render(cannot_declare(loose))
        assert reason == (
            "まだ宣言できません：宣言するにはすべてのカードがランかセットに入る必要があります。"
            "次のカードはどれにも入りません：7♥ 2♠ K♣。"
        )
        said = render(turned_up(hand("AS")[0]))
        assert said == "A♠をめくりました：エースとジョーカーがワイルド"
        assert render(say("leave", balance=Signed(-5)), ["Asha"]) == "収支-5で退席しました"
        assert render(say("already_seated", player=SeatParam(1)), ["Asha", "Ravi"]) == (
            "Raviはもうテーブルにいます。"
        )
    finally:
        i18n.set_language("en")

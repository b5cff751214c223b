"""A Laugh and Lie Down state consistent with one seat's view and a guess of the hands."""

from __future__ import annotations

from game.engine.worlds import Hidden
from game.games.laugh_and_lie_down.state import LaughState, LaughView


def world(view: LaughView, hidden: Hidden) -> LaughState:
    """The view's layout, piles and chips with ``hidden``'s hands (there is no stock:
    every card is dealt). Nobody is being asked to claim in the world."""
    return LaughState(
        options=view.options,
        seed=hidden.seed,
        rng_counter=1,
        deal=view.deal,
        dealer=view.dealer,
        phase=view.phase,
        seat=view.seat,
        mover=view.mover,
        hands=hidden.hands,
        layout=view.layout,
        captured=view.captured,
        lain_down=view.lain_down,
        chips=view.chips,
        pot=view.pot,
        asking=(),
        moment=view.moment,
        rank_moment=view.rank_moment,
        chance=view.chance,
        last_player=view.last_player,
        history=view.history,
        winners=view.winners,
    )

"""An Indian Rummy state consistent with one seat's view and a guess of its hidden cards."""

from __future__ import annotations

from game.engine.worlds import Hidden
from game.games.indian_rummy.state import IndianRummyState, IndianRummyView


def world(view: IndianRummyView, hidden: Hidden) -> IndianRummyState:
    """The view's table with ``hidden``'s hands, stock (the face-up indicator first),
    discard pile (a view shows only its top) and packed hands set aside. The world is
    one deal: its end never ends the round."""
    players = view.options.players
    return IndianRummyState(
        options=view.options,
        seed=hidden.seed,
        rng_counter=1,
        names=view.names,
        order=view.order,
        seating=view.seating,
        deal=view.deal,
        round=view.round,
        deals_in_round=1,
        round_size=len(view.order) + 1,
        dealer=view.dealer,
        next_dealer=view.next_dealer,
        phase=view.phase,
        seat=view.seat if view.to_act is None else view.to_act,
        statuses=view.statuses,
        has_played=view.has_played or (False,) * players,
        hands=hidden.hands,
        stock=hidden.stock,
        discard=hidden.discard if hidden.discard is not None else (),
        set_aside=hidden.set_aside or ((),) * players,
        box=(),
        indicator=view.indicator,
        taken=view.taken,
        balances=view.balances,
        history=view.history,
        winners=view.winners,
        scores=view.scores,
        rejoins=view.rejoins,
        pending=view.pending,
        split=view.split,
    )

"""A Kaluki state consistent with one seat's view and a guess of its hidden cards."""

from __future__ import annotations

from game.engine.worlds import Hidden
from game.games.kaluki.state import KalukiState, KalukiView, Turn


def world(view: KalukiView, hidden: Hidden) -> KalukiState:
    """The view's table with ``hidden``'s hands and stock. The passes of a first-turn
    discard round are not in the view: the world starts them again."""
    return KalukiState(
        options=view.options,
        seed=hidden.seed,
        rng_counter=1,
        deal=view.deal,
        dealer=view.dealer,
        phase=view.phase,
        seat=view.seat,
        hands=hidden.hands,
        stock=hidden.stock,
        discard=view.discard,
        melds=view.melds,
        melded=view.melded,
        turn=Turn(view.taken_discard, view.melded[view.seat]),
        passes=0,
        totals=view.totals,
        chips=view.chips,
        history=view.history,
        winners=view.winners,
        eliminated=view.eliminated,
    )

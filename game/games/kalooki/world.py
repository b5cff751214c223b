"""A Kalooki state consistent with one seat's view and a guess of its hidden cards."""

from __future__ import annotations

from game.engine.worlds import Hidden
from game.games.kalooki.state import KalookiState, KalookiView, Turn


def world(view: KalookiView, hidden: Hidden) -> KalookiState:
    """The view's table with ``hidden``'s hands and stock; who threw the top discard
    (public, but not in the view) comes with the guess."""
    return KalookiState(
        options=view.options,
        seed=hidden.seed,
        rng_counter=1,
        deal=view.deal,
        dealer=view.dealer,
        phase=view.phase,
        seat=view.active,
        asking=view.asking,
        hands=hidden.hands,
        stock=hidden.stock,
        discard=view.discard,
        discarded_by=hidden.discarded_by,
        melds=view.melds,
        laid_down=view.laid_down,
        calls_left=view.calls_left,
        turn=Turn(),
        totals=view.totals,
        history=view.history,
        winners=view.winners,
    )

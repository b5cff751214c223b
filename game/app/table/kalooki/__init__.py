"""The Kalooki table (rules/kalooki.md) on the shared framework.

What Kalooki adds to the defaults of a rummy table:

- A contract banner above the piles: "Deal 4 of 9", the contract ("3 fours") and a pip
  per meld of it, lit as staged melds make them (all lit once the player is down). The
  score panel's title repeats it.
- The whole contract is laid down at once: cards dragged to the table before laying
  down are staged (dashed frame in the player's area, the progress "Threes 1/2 · Fours
  1/1" left of the status); Lay down (L) plays them together, Take back (Backspace)
  returns them. The engine decides whether they make the contract; its reason is shown.
- After laying down, cards dropped on a meld are added in the readings the engine
  accepts (a chooser when a joker could go either way); a real card dropped on the joker
  standing for it in a four is tacked (also when dropped on the four itself).
- Calling: when the engine asks the shown human whether to call (after the active
  player chose the stock), the player's own meld area (always empty then: a caller has
  not laid down) shows the card and what calling does, with Call / Pass on the status
  line (C / P; dragging the discard to the hand calls). When someone calls while the
  human is active, the prompt offers Allow / Deny (A / N; dragging the stock allows,
  dragging the discard denies); Deny is absent once that human is down (the engine
  answers for them anyway). The discard pile pulses while it is offered. Hot seat: the
  framework's hand-off screen comes before a different human's prompt. A prompt may
  grow over the table when its cell is small, but never over a meld.
- Settings > Kalooki calls: "Never call" lets every card go without asking (a note under
  the piles says so); "Ask me" is the default.
- AI calls show in the log ("Bruno calls the 7♥", "takes a penalty card") and the plate
  ("Calls 7♥!"); the discard and the penalty card fly to the caller. An AI that lets a
  card go does so at a third of the usual pause, as a stock draw may ask every seat.
- Plates show "Down" and the calls left; the options in play are listed under the piles.
- Only jokers that fit nowhere: a Pass button (P) ends the turn.
- The deal summary lists each hand left and its penalty with the running table of the
  nine deals; the results chart the totals after each deal.
"""

from game.app.table.kalooki.hooks import KalookiHooks

__all__ = ["KalookiHooks"]

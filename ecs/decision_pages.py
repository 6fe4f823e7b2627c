"""Long option lists asked in small steps: a decision with more than ``LIMIT`` options is shown as pages.

Some choices are long by nature: naming a card offers every name of the card pool (CR 201.4), choosing a creature
type every creature type (205.3m), a big board many attackers. Such a decision is first shown as a list of parts
(``Pick("page", k)``, each a contiguous range of the options, at most ``PAGE`` of them); choosing one shows that
range (or, when it is still long, its own parts), with ``Cancel`` going back to the whole list. Choosing a real
option answers the original decision. No decision so shown offers more than ``PAGE`` + 1 options, the rules'
decision is unchanged, and the history keeps every step, so saves replay exactly.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ecs.actions import Action, Cancel, Decision, Pick

if TYPE_CHECKING:
    from ecs.game import Game

LIMIT = 64  # a decision with more options than this is shown in pages
PAGE = 32  # the most parts (or options) one page shows


@dataclass(frozen=True, slots=True)
class Paged:
    """The decision being answered in pages, and the range of its options shown now."""

    decision: Decision
    low: int
    high: int


def paginate(game: Game) -> None:
    """Show the pending decision in pages when it is long."""
    pending = game.pending
    if pending is None or len(pending.options) <= LIMIT or game.paged is not None:
        return
    _show(game, Paged(pending, 0, len(pending.options)))


def _span(count: int) -> int:
    """How many options each part of a range of ``count`` options covers (a power of PAGE, so at most PAGE parts)."""
    span = 1
    while (count + span - 1) // span > PAGE:
        span *= PAGE
    return span


def _show(game: Game, view: Paged) -> None:
    game.paged = view
    count = view.high - view.low
    top = view.low == 0 and view.high == len(view.decision.options)
    back: tuple[Action, ...] = () if top else (Cancel(),)
    if count <= PAGE and not top:
        options: tuple[Action, ...] = view.decision.options[view.low:view.high]
    else:
        span = _span(count)
        options = tuple(Pick("page", k) for k in range((count + span - 1) // span))
    game.pending = Decision(view.decision.player, view.decision.kind, options + back)


def answer(game: Game, action: Action) -> Decision | None:
    """An answer to a paged view: a part narrows the view (None returned); a real option returns the original
    decision it answers."""
    view: Paged | None = game.paged
    assert view is not None
    if isinstance(action, Cancel):
        _show(game, Paged(view.decision, 0, len(view.decision.options)))
        return None
    if isinstance(action, Pick) and action.field == "page" and action not in view.decision.options:
        assert isinstance(action.value, int)
        span = _span(view.high - view.low)
        low = view.low + action.value * span
        _show(game, Paged(view.decision, low, min(view.high, low + span)))
        return None
    game.paged = None
    return view.decision


def path_to(game: Game, action: Action) -> Action | None:
    """The answer of the paged view that leads to ``action``, an option of the original decision."""
    view = game.paged
    if view is None or action not in view.decision.options:
        return None
    index = view.decision.options.index(action)
    if not view.low <= index < view.high:
        return Cancel()
    pending = game.pending
    if pending is not None and action in pending.options:
        return action
    span = _span(view.high - view.low)
    return Pick("page", (index - view.low) // span)

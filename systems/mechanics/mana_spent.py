"""What mana was spent to cast a spell (CR 601.2h, 106.1): converge ("for each color of mana spent to cast it",
207.2c) and adamant ("if at least three blue mana was spent to cast ~", 207.2c), "if {R}{R} was spent to cast it".

The payment (systems/mana.py ``pay``) records, per mana spent, the types it could have been made as for the pip
it paid (``StackItem.spent``; the permanent the spell becomes keeps it in ``game.cast_spent``). The player
chooses each mana's type as its mana ability resolves (106.1, 605.3a); the automatic payment makes that choice
in the player's favour for the first question asked (the most colors for converge, the most mana of the named
color for adamant) and keeps it: the mana that answer used get their one type, so a later question about the
same spell (Vibrance's "{R}{R}" and "{G}{G}") sees the same mana. Mana not spent (a spell cast without paying its mana cost, a copy, convoke's tapped creatures)
counts for nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from components.objects import StackItem
from content import registry

if TYPE_CHECKING:
    from components.abilities import Condition
    from ecs.game import Game

COLOR_BITS = (1, 2, 4, 8, 16)  # W U B R G (105.1); colorless mana has no color (106.1b)


def _object(game: Game, obj: int) -> int:
    if obj < 0 and game.resolution is not None:
        return game.resolution.ent
    return obj


def spent_masks(game: Game, obj: int) -> tuple[int, ...]:
    """The mana spent to cast ``obj``: a spell on the stack (or the one resolving when ``obj`` is -1), or the
    permanent a spell became (107.3m-like: the spell's payment is kept)."""
    obj = _object(game, obj)
    if obj < 0:
        return ()
    item = game.world.try_get(obj, StackItem)
    if item is not None:
        return item.spent
    return game.cast_spent.get(obj, ())


def _commit(game: Game, obj: int, masks: tuple[int, ...]) -> None:
    """Keep the types chosen for the mana spent to cast ``obj`` (106.1: each mana has one type)."""
    obj = _object(game, obj)
    if obj < 0:
        return
    item = game.world.try_get(obj, StackItem)
    if item is not None:
        item.spent = masks
    elif obj in game.cast_spent:
        game.cast_spent[obj] = masks


def _match_colors(masks: tuple[int, ...]) -> dict[int, int]:
    """Mana index -> color: the most different colors these mana could be, one type per mana (a bipartite
    matching)."""
    match: dict[int, int] = {}  # mana index -> color bit

    def augment(color: int, seen: set[int]) -> bool:
        for i, m in enumerate(masks):
            if m & color and i not in seen:
                seen.add(i)
                if i not in match or augment(match[i], seen):
                    match[i] = color
                    return True
        return False

    for c in COLOR_BITS:
        augment(c, set())
    return match


def colors_spent(masks: tuple[int, ...]) -> int:
    """The most different colors these mana could be, one type per mana."""
    return len(_match_colors(masks))


def amount_spent(masks: tuple[int, ...], colors: int) -> int:
    """How many of these mana could be of the given color(s)."""
    return sum(1 for m in masks if m & colors)


def colors_spent_count(game: Game, obj: int) -> int:
    """Count "the number of colors of mana spent to cast ~" (converge); the colors found are kept."""
    masks = spent_masks(game, obj)
    match = _match_colors(masks)
    _commit(game, obj, tuple(match.get(i, m) for i, m in enumerate(masks)))
    return len(match)


def _mana_spent(game: Game, cond: Condition, controller: int, source: int, event_object: int) -> bool:
    """"if at least three blue mana was spent to cast ~" / "if {R}{R} was spent to cast it": ``cond.n`` mana
    of the color in ``cond.filter.colors_any``."""
    assert cond.filter is not None
    masks = spent_masks(game, source)
    color = cond.filter.colors_any
    ok = amount_spent(masks, color) >= cond.n
    if ok:  # the mana that could be of that color are (the player's choice, kept)
        _commit(game, source, tuple(color if m & color else m for m in masks))
    return ok


for _kind in ("mana_spent_at_least", "mana_spent_symbols", "mana_spent_symbols_it"):
    registry.condition(_kind)(_mana_spent)

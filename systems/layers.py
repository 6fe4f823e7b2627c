"""Continuous effects applied in layer order (CR 611, 613), in bulk over the permanent table.

Every characteristic column is recomputed from its ``base_*`` twin: effects are applied layer by
layer (613.1) and, within a layer, in timestamp order (613.7). Later layers see the results of
earlier ones, so a filter such as "creatures you control" is evaluated on the types and
controllers as they stand after layers 2 and 4. The work is skipped while nothing that feeds it
has changed (``game.layers_dirty``).
"""

from __future__ import annotations

import bisect
import enum
from typing import TYPE_CHECKING

import numpy as np

from components.abilities import PermanentFilter, StaticPump
from components.objects import ContinuousEffect

if TYPE_CHECKING:
    from ecs.game import Game


class Layer(enum.IntEnum):
    """CR 613.1 layers and 613.4 sublayers, in application order."""

    COPY = 10  # 613.1a
    CONTROL = 20  # 613.1b
    TEXT = 30  # 613.1c
    TYPE = 40  # 613.1d
    COLOR = 50  # 613.1e
    ABILITY = 60  # 613.1f
    PT_CDA = 71  # 613.4a
    PT_SET = 72  # 613.4b
    PT_MODIFY = 73  # 613.4c (counters are applied here too, 613.4c)
    PT_SWITCH = 74  # 613.4d


def _sort_key(game: Game, eff: int) -> tuple[int, int]:
    ce = game.world.get(eff, ContinuousEffect)
    return (ce.layer, ce.timestamp)


def add_effect(game: Game, effect: ContinuousEffect) -> int:
    """Create a continuous-effect entity and keep ``game.effects`` sorted by layer, then timestamp."""
    ent = game.world.create(effect)
    keys = [_sort_key(game, e) for e in game.effects]
    game.effects.insert(bisect.bisect_right(keys, (effect.layer, effect.timestamp)), ent)
    game.layers_dirty = True
    game.sba_dirty = True
    return ent


def remove_effect(game: Game, ent: int) -> None:
    game.effects.remove(ent)
    game.world.delete(ent)
    game.layers_dirty = True
    game.sba_dirty = True


def register_static_abilities(game: Game, permanent: int) -> None:
    """A permanent's static abilities start to apply when it enters (CR 611.3b, 613.7d timestamp)."""
    card = game.card(permanent)
    created: list[int] = []
    for ability in card.abilities:
        if isinstance(ability, StaticPump):
            created.append(add_effect(game, ContinuousEffect(
                layer=Layer.PT_MODIFY,
                timestamp=game.table.get(permanent, "timestamp"),
                source=permanent,
                controller=game.table.get(permanent, "base_controller"),
                until_end_of_turn=False,
                from_static=True,
                power=ability.power,
                toughness=ability.toughness,
                affected=ability.affected,
            )))
    if created:
        game.static_effects[permanent] = created


def unregister_static_abilities(game: Game, permanent: int) -> None:
    for ent in game.static_effects.pop(permanent, ()):
        remove_effect(game, ent)


def end_of_turn_effects(game: Game) -> None:
    """CR 514.2: "until end of turn" effects end in the cleanup step."""
    for ent in [e for e in game.effects if game.world.get(e, ContinuousEffect).until_end_of_turn]:
        remove_effect(game, ent)


def filter_mask(
    f: PermanentFilter, types: np.ndarray, controller: np.ndarray, you: int, source_row: int
) -> np.ndarray:
    """The rows a filter describes, from the current (partly layered) columns."""
    mask = np.ones(len(types), dtype=bool) if not f.types_any else (types & f.types_any) != 0
    if f.controller == "you":
        mask &= controller == you
    elif f.controller == "opponent":
        mask &= controller != you
    if f.exclude_source and source_row >= 0:
        mask[source_row] = False
    return mask


def apply_layers(game: Game) -> None:
    """Recompute every permanent's characteristics from base values and continuous effects."""
    t = game.table
    game.layers_dirty = False
    n = t.n
    if n == 0:
        return
    row_of = t.row_of
    controller = t.base_controller[:n].copy()
    types = t.base_types[:n].copy()
    colors = t.base_colors[:n].copy()
    keywords = t.base_keywords[:n].copy()
    power = t.base_power[:n].copy()
    toughness = t.base_toughness[:n].copy()
    counters_applied = False
    for ent in game.effects:
        ce = game.world.get(ent, ContinuousEffect)
        if ce.layer > Layer.PT_MODIFY and not counters_applied:
            power += t.plus1[:n] - t.minus1[:n]
            toughness += t.plus1[:n] - t.minus1[:n]
            counters_applied = True
        rows: np.ndarray
        if ce.fixed is not None:
            rows = np.fromiter((row_of[e] for e in ce.fixed if e in row_of), dtype=np.int64)
        else:
            assert isinstance(ce.affected, PermanentFilter)
            src_row = row_of.get(ce.source, -1)
            you = int(controller[src_row]) if src_row >= 0 else ce.controller
            rows = filter_mask(ce.affected, types, controller, you, src_row)
        layer = ce.layer
        if layer == Layer.ABILITY:
            keywords[rows] |= np.uint64(ce.keywords_add)
            keywords[rows] &= ~np.uint64(ce.keywords_remove)
        elif layer == Layer.PT_SET or layer == Layer.PT_CDA:
            power[rows] = ce.power
            toughness[rows] = ce.toughness
        elif layer == Layer.PT_MODIFY:
            power[rows] += ce.power
            toughness[rows] += ce.toughness
        elif layer == Layer.PT_SWITCH:
            power[rows], toughness[rows] = toughness[rows], power[rows].copy()
    if not counters_applied:
        power += t.plus1[:n] - t.minus1[:n]
        toughness += t.plus1[:n] - t.minus1[:n]
    t.controller[:n] = controller
    t.types[:n] = types
    t.colors[:n] = colors
    t.keywords[:n] = keywords
    t.power[:n] = power
    t.toughness[:n] = toughness

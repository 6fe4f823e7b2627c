"""Keyword actions that put +1/+1 counters: bolster (CR 701.33a), support (701.35a) and amass (701.44a).

Choices are asked (systems/resolution.py ``ask``) before anything changes, so a step can be replayed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from components.abilities import ContinuousPart, Layer, PermanentFilter
from components.characteristics import CardType
from components.combat_keywords import Amass, Bolster, DoubleCounters, GetPoison, Support
from content import registry
from ecs.actions import ChooseCard, DecisionKind
from systems.counters import add_counters

if TYPE_CHECKING:
    from ecs.game import Game
    from systems.effects import EffectContext

YOUR_CREATURES = PermanentFilter(types_any=int(CardType.CREATURE), controller="you")


def _choose(game: Game, player: int, options: list[int]) -> int:
    from systems.resolution import ask

    if len(options) == 1:
        return options[0]
    answer = ask(game, player, DecisionKind.PICK_CARD, [ChooseCard(x) for x in options])
    assert isinstance(answer, ChooseCard)
    return answer.card


def _put(game: Game, ent: int, n: int) -> None:
    add_counters(game, ent, "+1/+1", n)
    game.say(f"{game.name(ent)} gets {n} +1/+1 counter{'s' if n != 1 else ''}")


@registry.executor(Bolster)
def bolster(game: Game, e: Bolster, ctx: EffectContext) -> None:
    """701.33a: the least toughness is looked at as the action happens; among tied creatures the player chooses."""
    from systems.oracle_effects import permanents

    mine = permanents(game, YOUR_CREATURES, ctx.controller)
    if not mine:
        return
    game.refresh_layers()
    t = game.table
    least = min(int(t.get(x, "toughness")) for x in mine)
    chosen = _choose(game, ctx.controller, [x for x in mine if int(t.get(x, "toughness")) == least])
    _put(game, chosen, e.amount)


@registry.executor(Support)
def support(game: Game, e: Support, ctx: EffectContext) -> None:
    """701.35a: one +1/+1 counter on each chosen target still legal (608.2b)."""
    for index in range(e.first, e.first + e.amount):
        ent = ctx.target(index)
        if ent is not None and ent >= 0 and ent in game.table.row_of:
            _put(game, ent, 1)


@registry.executor(Amass)
def amass(game: Game, e: Amass, ctx: EffectContext) -> None:
    from systems.layers import add_effect, effect_from_part, subtypes_of
    from systems.oracle_effects import permanents
    from systems.zones import create_token

    armies = PermanentFilter(types_any=int(CardType.CREATURE), subtypes_any=("Army",), controller="you")
    mine = permanents(game, armies, ctx.controller)
    if not mine:
        token = e.token
        assert token is not None  # (the reader makes Amass with its Army token)
        create_token(game, token, ctx.controller)
        mine = permanents(game, armies, ctx.controller)
        if not mine:
            return
    army = _choose(game, ctx.controller, mine)
    _put(game, army, e.amount)
    if e.subtype not in subtypes_of(game, army):
        # 701.44a: "it becomes a [Subtype] in addition to its other types" (layer 4, for as long as it exists).
        game.effect_groups += 1
        add_effect(game, effect_from_part(
            ContinuousPart(Layer.TYPE, subtypes_add=(e.subtype,)), timestamp=game.new_timestamp(), source=ctx.source,
            controller=ctx.controller, until_end_of_turn=False, from_static=False, fixed=(army,),
            group=game.effect_groups))
        game.say(f"{game.name(army)} becomes a {e.subtype} in addition to its other types")


@registry.executor(GetPoison)
def get_poison(game: Game, e: GetPoison, ctx: EffectContext) -> None:
    from systems.mechanics.infect import give_poison
    from systems.oracle_effects import players

    for p in players(game, ctx, e.player):
        give_poison(game, p, e.amount)  # 122.1f


def counter_mask(game: Game, kind: str) -> np.ndarray:
    """The table's rows of permanents with at least one counter of ``kind`` ("+1/+1", "-1/-1", or "any" kind)."""
    t = game.table
    n = t.n
    if kind == "+1/+1":
        return t.plus1[:n] > 0
    if kind == "-1/-1":
        return t.minus1[:n] > 0
    mask = np.zeros(n, dtype=bool)
    rows = [t.row_of[o] for o, _ in game.counters if o in t.row_of]
    mask[rows] = True
    return mask


@registry.executor(DoubleCounters)
def double_counters(game: Game, e: DoubleCounters, ctx: EffectContext) -> None:
    """701.9e: as many more counters of the kind as the permanent has (each kind, for "each kind of counter")."""
    from systems.counters import counters_on
    from systems.oracle_effects import objects

    for ent in objects(game, ctx, e.target, e.group):
        if ent not in game.table.row_of:
            continue
        have = counters_on(game, ent)
        for kind, n in sorted(have.items()):
            if (e.kind == "each" or kind == e.kind) and n > 0:
                add_counters(game, ent, kind, n)
                game.say(f"{game.name(ent)} gets {n} more {kind} counter{'s' if n != 1 else ''}")

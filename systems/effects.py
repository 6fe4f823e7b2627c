"""Executing spell and ability effects on resolution (CR 608.2c-d), in the order written."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from components.abilities import (
    EVENT_OBJECT,
    SELF,
    DealDamage,
    Destroy,
    DrawCards,
    Effect,
    GainLife,
    Regenerate,
)
from components.keywords import Keyword
from components.objects import Zone
from systems.damage import deal_damage
from systems.zones import draw, move

if TYPE_CHECKING:
    from ecs.game import Game


@dataclass(frozen=True, slots=True)
class EffectContext:
    """Who is doing what: the source's name and keywords (for damage), its controller, the object
    that "this creature" refers to, the chosen targets and which of them are still legal."""

    source: int  # the spell or ability object on the stack
    source_name: str
    source_keywords: int
    controller: int
    self_object: int  # the permanent an ability belongs to, or -1
    targets: tuple[int, ...]
    legal: tuple[bool, ...]
    event_object: int = -1  # what a trigger event was about ("it", "that creature")
    x: int = 0  # the value of X (CR 107.3)
    event_amount: int = 0  # how much damage or life the trigger event was about ("that much")

    def target(self, index: int) -> int | None:
        """The object for an effect's target index, or None if it is now illegal (608.2b)."""
        if index == SELF:
            return self.self_object if self.self_object >= 0 else None
        if index == EVENT_OBJECT:
            return self.event_object if self.event_object >= 0 else None
        return self.targets[index] if self.legal[index] else None


def destroy(game: Game, permanent: int, *, can_regenerate: bool = True) -> bool:
    """CR 701.8: move a permanent to its owner's graveyard, unless it is indestructible (702.12b)
    or a regeneration shield replaces the destruction (701.15a)."""
    t = game.table
    if permanent not in t.row_of:
        return False
    game.refresh_layers()
    if t.get(permanent, "keywords") & Keyword.INDESTRUCTIBLE:
        return False
    if can_regenerate and game.this_turn.get("cant_regenerate"):
        from systems.instructions import cant_regenerate

        can_regenerate = permanent not in cant_regenerate(game)  # CR 701.15c
    if can_regenerate and t.get(permanent, "regen_shields") > 0:
        regenerate_instead(game, permanent)
        return False
    game.say(f"{game.name(permanent)} is destroyed")
    move(game, permanent, Zone.GRAVEYARD)
    return True


def regenerate_instead(game: Game, permanent: int) -> None:
    """CR 701.15a: the shield is used up; the permanent is tapped, its damage removed, and it is
    removed from combat instead of being destroyed."""
    t = game.table
    row = t.row_of[permanent]
    t.regen_shields[row] -= 1
    was_tapped = bool(t.tapped[row])
    t.tapped[row] = True
    if not was_tapped and game.trigger_sources:
        from systems.triggers import became_tapped

        became_tapped(game, [permanent])  # 701.21a
    t.damage[row] = 0
    t.deathtouched[row] = False
    from systems.zones import remove_from_combat

    remove_from_combat(game, permanent)
    game.layers_dirty = True
    game.say(f"{game.name(permanent)} regenerates")


def gain_life(game: Game, player: int, amount: int) -> None:
    """CR 119.3: a player gains life; "whenever you gain life" abilities trigger (119.9 events)."""
    if amount <= 0:
        return
    if game.static_rule_sources:
        from systems.static_rules import can_gain_life

        if not can_gain_life(game, player):
            return  # CR 119.7: an effect that would make that player gain life doesn't
    game.player_states[player].life += amount
    from systems.history import life_gained

    life_gained(game, player, amount)
    game.say(f"{game.player_states[player].name} gains {amount} life")
    game.sba_dirty = True
    if game.trigger_sources:
        from components.events import LifeGained
        from systems.triggers import emit

        emit(game, LifeGained(player, amount))


def run_effect(game: Game, effect: Effect, ctx: EffectContext) -> None:
    """Carry out one effect; parts that refer to illegal targets do nothing (CR 608.2b)."""
    controller = ctx.controller
    from systems import oracle_effects

    if oracle_effects.handles(effect):
        oracle_effects.run(game, effect, ctx)  # the Oracle compiler's further effects (content/oracle)
        return
    if isinstance(effect, DealDamage):
        target = ctx.target(effect.target)
        if target is not None:
            # "~ deals" in a permanent's ability: the permanent deals it (120.2b); a spell deals its own
            src = ctx.self_object if ctx.self_object >= 0 and ctx.self_object in game.table.row_of else ctx.source
            dealt = deal_damage(game, ctx.source_name, ctx.source_keywords, controller, target, effect.amount,
                                source=src)
            # "a creature dealt damage this way" (systems/exile_instead.py): what this instruction dealt damage to
            game.this_turn["dealt_this_way"] = (ctx.source, [target] if dealt > 0 else [])
    elif isinstance(effect, Destroy):
        target = ctx.target(effect.target)
        if target is not None:
            destroy(game, target)
    elif isinstance(effect, Regenerate):
        target = ctx.target(effect.target)
        if target is not None and target in game.table.row_of:
            game.table.set(target, "regen_shields", game.table.get(target, "regen_shields") + 1)
            game.say(f"{game.name(target)} gains a regeneration shield")
    elif isinstance(effect, GainLife):
        gain_life(game, controller, effect.amount)
    elif isinstance(effect, DrawCards):
        draw(game, controller, effect.count)
        game.say(f"{game.player_states[controller].name} draws {effect.count}")
    elif type(effect).__name__ == "SkipNextUntap":
        target = ctx.target(effect.target)  # type: ignore[attr-defined]
        if target is not None and target in game.table.row_of:
            # 502.3: read by systems/turn.py stays_tapped; "your next untap step": the ability's controller's
            game.untap_skips[target] = controller if effect.yours else -1  # type: ignore[attr-defined]
    elif type(effect).__name__ == "Delayed":
        from systems.delayed import create

        create(game, effect, ctx)  # CR 603.7a: a delayed triggered ability
    else:
        from content.registry import executor_for

        run = executor_for(effect)  # effects of keyword abilities with their own rules (systems/mechanics)
        if run is None:  # pragma: no cover - the compiler produces only known effects
            raise TypeError(f"unknown effect {effect!r}")
        run(game, effect, ctx)

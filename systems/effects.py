"""Executing spell and ability effects on resolution (CR 608.2c-d), in the order written."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

from components.abilities import (
    EVENT_OBJECT,
    SELF,
    DealDamage,
    Delayed,
    Destroy,
    DrawCards,
    Effect,
    GainLife,
    Regenerate,
    SkipNextUntap,
)
from components.frozen import fast_init
from components.keywords import Keyword
from components.objects import Zone
from content import registry
from content.registry import EXECUTORS
from systems.damage import deal_damage
from systems.oracle_effects import extended
from systems.oracle_effects import run as run_extended
from systems.zones import draw, move

if TYPE_CHECKING:
    from ecs.game import Game


@dataclass(frozen=True, slots=True, init=False)
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

    # (written out: compiled, a native constructor; see components/frozen.py)
    def __init__(self, source: int, source_name: str, source_keywords: int, controller: int, self_object: int,
                 targets: tuple[int, ...], legal: tuple[bool, ...], event_object: int = -1, x: int = 0,
                 event_amount: int = 0) -> None:
        object.__setattr__(self, "source", source)
        object.__setattr__(self, "source_name", source_name)
        object.__setattr__(self, "source_keywords", source_keywords)
        object.__setattr__(self, "controller", controller)
        object.__setattr__(self, "self_object", self_object)
        object.__setattr__(self, "targets", targets)
        object.__setattr__(self, "legal", legal)
        object.__setattr__(self, "event_object", event_object)
        object.__setattr__(self, "x", x)
        object.__setattr__(self, "event_amount", event_amount)

    def target(self, index: int) -> int | None:
        """The object for an effect's target index, or None if it is now illegal (608.2b)."""
        if index == SELF:
            return self.self_object if self.self_object >= 0 else None
        if index == EVENT_OBJECT:
            return self.event_object if self.event_object >= 0 else None
        return self.targets[index] if self.legal[index] else None


fast_init(EffectContext)

_INDESTRUCTIBLE: Final = int(Keyword.INDESTRUCTIBLE)  # (an int: ``&`` with the flag itself runs enum's Python code)


def destroy(game: Game, permanent: int, *, can_regenerate: bool = True) -> bool:
    """CR 701.8: move a permanent to its owner's graveyard, unless it is indestructible (702.12b)
    or a regeneration shield replaces the destruction (701.15a)."""
    t = game.table
    if permanent not in t.row_of:
        return False
    game.refresh_layers()
    row = t.row_of[permanent]  # (the columns read by row: ``t.get`` looks the column up by name)
    if t.keywords.item(row) & _INDESTRUCTIBLE:
        return False
    if can_regenerate and game.turn_log.this.get("cant_regenerate"):
        from systems.instructions import cant_regenerate

        can_regenerate = permanent not in cant_regenerate(game)  # CR 701.15c
    if can_regenerate and t.regen_shields.item(t.row_of[permanent]) > 0:
        regenerate_instead(game, permanent)
        return False
    if game.log_enabled:  # (the line built only for a log)
        game.say(f"{game.name(permanent)} is destroyed")
    move(game, permanent, Zone.GRAVEYARD)
    return True


def regenerate_instead(game: Game, permanent: int) -> None:
    """CR 701.15a: the shield is used up; the permanent is tapped, its damage removed, and it is
    removed from combat instead of being destroyed."""
    if game.table.regenerate(permanent) and game.trigger_sources:
        from systems.triggers import became_tapped

        became_tapped(game, [permanent])  # 701.21a
    from systems.zones import remove_from_combat

    remove_from_combat(game, permanent)
    game.table.mark_changed(sba=False)
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
    game.table.mark_players_changed()  # 704.5a reads it: no row changed (systems/state_based._quiet_rows)
    if game.trigger_sources:
        from components.events import LifeGained
        from systems.triggers import emit

        emit(game, LifeGained(player, amount))


def run_effect(game: Game, effect: Effect, ctx: EffectContext) -> None:
    """Carry out one effect with its registered executor (content/registry.py); parts that refer to illegal
    targets do nothing (CR 608.2b)."""
    run = EXECUTORS.get(type(effect))
    if run is None:
        load_executors()
        run = EXECUTORS.get(type(effect))
        if run is None:  # pragma: no cover - the compiler produces only known effects
            raise TypeError(f"unknown effect {effect!r}")
    run(game, effect, ctx)


def load_executors() -> None:
    """The executors registered when their modules load: the compiler's effect families (systems/oracle_effects.py
    and the modules it imports) and every mechanic's (systems/mechanics)."""
    from systems import oracle_effects  # noqa: F401

    registry.ensure_discovered()


def _first(basic: Callable[[Game, Any, EffectContext], None]) -> Callable[[Game, Any, EffectContext], None]:
    """The executor of a first effect: ``basic`` here, or systems/oracle_effects.py's when the compiler's further
    fields are in use (groups, dynamic amounts, another source, ATTACHED, ...)."""
    def run(game: Game, effect: Any, ctx: EffectContext) -> None:
        if extended(effect):
            run_extended(game, effect, ctx)
        else:
            basic(game, effect, ctx)
    run.__module__ = basic.__module__
    return run


def _deal_damage(game: Game, effect: DealDamage, ctx: EffectContext) -> None:
    target = ctx.target(effect.target)
    if target is not None:
        # "~ deals" in a permanent's ability: the permanent deals it (120.2b); a spell deals its own
        src = ctx.self_object if ctx.self_object >= 0 and ctx.self_object in game.table.row_of else ctx.source
        dealt = deal_damage(game, ctx.source_name, ctx.source_keywords, ctx.controller, target, effect.amount,
                            source=src)
        # "a creature dealt damage this way" (systems/exile_instead.py): what this instruction dealt damage to
        game.turn_log.this["dealt_this_way"] = (ctx.source, [target] if dealt > 0 else [])


def _destroy(game: Game, effect: Destroy, ctx: EffectContext) -> None:
    target = ctx.target(effect.target)
    if target is not None:
        destroy(game, target)


def _regenerate(game: Game, effect: Regenerate, ctx: EffectContext) -> None:
    target = ctx.target(effect.target)
    if target is not None and target in game.table.row_of:
        game.table.add_regen_shield(target)
        game.say(f"{game.name(target)} gains a regeneration shield")


def _gain_life(game: Game, effect: GainLife, ctx: EffectContext) -> None:
    gain_life(game, ctx.controller, effect.amount)


def _draw(game: Game, effect: DrawCards, ctx: EffectContext) -> None:
    draw(game, ctx.controller, effect.count)
    game.say(f"{game.player_states[ctx.controller].name} draws {effect.count}")


def _skip_next_untap(game: Game, effect: SkipNextUntap, ctx: EffectContext) -> None:
    target = ctx.target(effect.target)
    if target is not None and target in game.table.row_of:
        # 502.3: read by systems/turn.py stays_tapped; "your next untap step": the ability's controller's
        game.untap.skips[target] = ctx.controller if effect.yours else -1


def _delayed(game: Game, effect: Delayed, ctx: EffectContext) -> None:
    from systems.delayed import create

    create(game, effect, ctx)  # CR 603.7a: a delayed triggered ability


for _type, _fn in ((DealDamage, _deal_damage), (Destroy, _destroy), (Regenerate, _regenerate),
                   (GainLife, _gain_life), (DrawCards, _draw)):
    registry.add_executor(_type, _first(_fn))
registry.add_executor(SkipNextUntap, _skip_next_untap)
registry.add_executor(Delayed, _delayed)

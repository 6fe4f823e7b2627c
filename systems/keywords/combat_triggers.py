"""Effects of the combat keyword triggers (content/keywords/combat_triggers.py) and "defending player" (CR 506.2).

* :func:`defending_player`: the player an attacking creature is attacking, or the controller of the planeswalker or
  battle it is attacking (506.2, 508.1b); in a two-player game, during combat, the nonactive player (506.2).
* rampage (702.23a-b): +N/+N until end of turn for each creature blocking it beyond the first, counted as the
  ability resolves;
* ingest (702.115a): the damaged player exiles the top card of their library.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from components.abilities import SELF, Condition, ModifyPowerToughness
from components.combat_keywords import (
    BackupCounters,
    CreateAttackingTokens,
    ExileTopOfLibrary,
    LivingWeapon,
    MeleeBonus,
    RampageBonus,
    Renown,
)
from components.objects import Step, Zone
from systems.keywords import condition, executor

if TYPE_CHECKING:
    from ecs.game import Game
    from systems.effects import EffectContext

COMBAT_STEPS = frozenset({Step.BEGINNING_OF_COMBAT, Step.DECLARE_ATTACKERS, Step.DECLARE_BLOCKERS,
                          Step.COMBAT_DAMAGE, Step.END_OF_COMBAT})


def _defending_of(game: Game, objects: list[int]) -> int | None:
    """The player the first of ``objects`` that is (or was, this combat) an attacking creature is attacking;
    in a two-player game, during combat, the nonactive player (506.2); otherwise None."""
    from systems.combat import _defending_player_of

    combat = game.combat
    for obj in objects:
        if obj < 0:
            continue
        if obj in combat.attackers:
            p = _defending_player_of(game, obj)
            return p if p >= 0 else None
        if combat.att is not None and combat.att_player is not None:
            hits = (combat.att == obj).nonzero()[0]
            if len(hits):
                return int(combat.att_player[hits[0]])  # removed from combat since: who it was attacking
    alive = [p for p in range(game.num_players) if not game.player_states[p].lost]
    if game.step in COMBAT_STEPS and len(alive) == 2 and game.active in alive:
        return next(p for p in alive if p != game.active)  # 506.2: two players: the nonactive one
    return None


def _with_host(game: Game, obj: int) -> list[int]:
    """The object, then the creature it is attached to ("Whenever equipped creature attacks")."""
    row = game.table.row_of.get(obj)
    host = int(game.table.attached_to[row]) if row is not None else -1
    return [obj, host] if host >= 0 else [obj]


def defending_player(game: Game, ctx: EffectContext) -> int | None:
    """The defending player for an ability of (or about) an attacking creature (CR 506.2)."""
    return _defending_of(game, [*_with_host(game, ctx.self_object), ctx.event_object])


def defending_player_of_source(game: Game, source: int) -> int:
    """For "target creature defending player controls": the defending player for the attacking creature the
    ability's source is, or is attached to (content/keywords/combat_triggers.py allows no other sources); -1 if
    there is none (no permanent matches then)."""
    p = _defending_of(game, _with_host(game, source))
    return -1 if p is None else p


@executor(RampageBonus)
def rampage(game: Game, e: RampageBonus, ctx: EffectContext) -> None:
    from systems.effects import run_effect

    source = ctx.self_object
    beyond = len(game.combat.blocked.get(source, ())) - 1
    if beyond > 0 and source in game.table.row_of:
        run_effect(game, ModifyPowerToughness(e.amount * beyond, e.amount * beyond, SELF), ctx)


@executor(ExileTopOfLibrary)
def ingest(game: Game, e: ExileTopOfLibrary, ctx: EffectContext) -> None:
    from systems.zones import move

    player = game.player_of_entity.get(ctx.event_object)
    if player is None or game.player_states[player].lost:
        return
    library = game.zones[player][Zone.LIBRARY]
    if library:
        card = library[0]
        game.say(f"{game.player_states[player].name} exiles {game.name(card)} from the top of their library")
        move(game, card, Zone.EXILE)


@executor(BackupCounters)
def backup(game: Game, e: BackupCounters, ctx: EffectContext) -> None:
    """702.165a: the counters, then the abilities printed below backup until end of turn if it's another creature."""
    from components.abilities import ContinuousPart, Layer
    from systems.counters import add_counters
    from systems.layers import add_effect, effect_from_part

    target = ctx.target(0)
    if target is None or target not in game.table.row_of:
        return
    add_counters(game, target, "+1/+1", e.amount)
    game.say(f"{game.name(target)} gets {e.amount} +1/+1 counter{'s' if e.amount != 1 else ''}")
    if target == ctx.self_object or not e.grants:
        return
    game.effect_groups += 1
    add_effect(game, effect_from_part(
        ContinuousPart(Layer.ABILITY, abilities_add=e.grants), timestamp=game.new_timestamp(), source=ctx.source,
        controller=ctx.controller, until_end_of_turn=True, from_static=False, fixed=(target,),
        group=game.effect_groups))


@condition("source_renowned")
def renowned(game: Game, cond: Condition, controller: int, source: int, event_object: int) -> bool:
    """702.112b: renowned until it leaves the battlefield (a new object after a zone change, 400.7)."""
    return source in game.renowned and source in game.table.row_of


@executor(Renown)
def renown(game: Game, e: Renown, ctx: EffectContext) -> None:
    from systems.counters import add_counters

    source = ctx.self_object
    if source < 0 or source not in game.table.row_of:
        return
    add_counters(game, source, "+1/+1", e.amount)
    game.renowned.add(source)  # 702.112b
    game.say(f"{game.name(source)} gets {e.amount} +1/+1 counter{'s' if e.amount != 1 else ''} and becomes renowned")


@executor(MeleeBonus)
def melee(game: Game, e: MeleeBonus, ctx: EffectContext) -> None:
    """702.121a: the opponents attacked this combat were recorded as attackers were declared (systems/combat.py)."""
    from systems.effects import run_effect

    attacked = game.this_turn.get("attacked_players") or set()
    n = sum(1 for p in attacked if p != ctx.controller)
    if n and ctx.self_object in game.table.row_of:
        run_effect(game, ModifyPowerToughness(n, n, SELF), ctx)


@executor(LivingWeapon)
def living_weapon(game: Game, e: LivingWeapon, ctx: EffectContext) -> None:
    """702.92a: the Germ is created even if the Equipment has left; it is attached only if still there (701.3)."""
    from systems.effects import run_effect
    from systems.zones import create_token

    germ = create_token(game, e.token, ctx.controller)  # type: ignore[arg-type]
    equipment = ctx.self_object
    if equipment in game.table.row_of and germ in game.table.row_of:
        from components.abilities import Attach
        from systems.effects import EffectContext

        attach_ctx = EffectContext(ctx.source, ctx.source_name, ctx.source_keywords, ctx.controller, equipment,
                                   (germ,), (True,))
        run_effect(game, Attach(0), attach_ctx)


def source_power(game: Game, source: int) -> int:
    """The power of an ability's source now, or as it last existed on the battlefield (608.2h); with no source,
    one no creature's power is less than."""
    if source in game.table.row_of:
        game.refresh_layers()
        return int(game.table.get(source, "power"))
    lki = game.lki.get(source)
    return int(lki["power"]) if lki is not None and "power" in lki else -(1 << 30)


@executor(CreateAttackingTokens)
def attacking_tokens(game: Game, e: CreateAttackingTokens, ctx: EffectContext) -> None:
    """508.4: each token enters attacking a defending player, or a planeswalker a defending player controls, that
    its controller chooses (asked before anything is created). Only read in abilities that resolve as attackers have
    been declared and before blockers are (content/oracle/attacking_tokens.py), so the declaration is still open."""
    import dataclasses

    from components.abilities import EVENT_OBJECT, Delayed, Sacrifice
    from components.card import CardDef
    from components.characteristics import CardType
    from ecs.actions import ChoosePlayer, DecisionKind
    from systems.delayed import create as create_delayed
    from systems.resolution import ask
    from systems.zones import create_token

    player = ctx.controller
    combat = game.combat
    defenders: list[int] = []
    if game.step in COMBAT_STEPS and combat.att is None and combat.attackers:
        t = game.table
        players = sorted({game.player_of_entity[d] if d in game.player_of_entity else int(t.get(d, "controller"))
                          for d in combat.attackers.values() if d in game.player_of_entity or d in t.row_of})
        players = [p for p in players if p != player and not game.player_states[p].lost]
        pws = [int(x) for x in t.entity[: t.n][((t.types[: t.n] & int(CardType.PLANESWALKER)) != 0)
                                                & np.isin(t.controller[: t.n], players)].tolist()]
        defenders = [game.players[p] for p in players] + pws
    from systems.oracle_effects import amount

    n = amount(game, ctx, e.amount, e.dynamic)  # type: ignore[arg-type]
    choices: list[int] = []
    for _ in range(n):
        if len(defenders) > 1:
            pick = ask(game, player, DecisionKind.CHOOSE_PLAYER, [ChoosePlayer(d) for d in defenders])
            assert isinstance(pick, ChoosePlayer)
            choices.append(pick.player)
        else:
            choices.append(defenders[0] if defenders else -1)
    assert isinstance(e.token, CardDef)
    for defender in choices:
        token = create_token(game, e.token, player, tapped=True)
        if defender >= 0 and token in game.table.row_of:
            combat.attackers[token] = defender  # 508.4: attacking, but never declared as an attacker
            game.say(f"{game.name(token)} enters attacking {game.name(defender)}")
        if e.sacrifice_at_end:
            # mobilize: "Sacrifice them at the beginning of the next end step" (603.7a: one delayed ability each)
            create_delayed(game, Delayed((Sacrifice(EVENT_OBJECT),), int(Step.END), ref=EVENT_OBJECT),
                           dataclasses.replace(ctx, event_object=token))
    game.layers_dirty = True

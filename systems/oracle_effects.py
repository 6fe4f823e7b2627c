"""Executors for the effects of the Oracle compiler (content/oracle): groups ("each creature you
control"), numbers found on resolution (X, "that much", "the number of ..."), players ("each
opponent", "its controller"), and the effects added for it (life loss, discard, mill, scry, surveil,
counters, tokens, zone moves, tap/untap, counter target spell, sacrifice, gain control, library
searches, fight, attach, mana, "you may").

Choices made while resolving go through systems/resolution.py: every executor asks all its
questions before it changes anything, so a step can be replayed once the answer is in (608.2c-e).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Final

import numpy as np

from components.abilities import (
    ATTACHED,
    GROUP,
    AddMana,
    ApplyContinuous,
    Attach,
    Conditional,
    Count,
    CounterSpell,
    CreateToken,
    DealDamage,
    Destroy,
    Discard,
    DrawCards,
    Effect,
    Fight,
    GainControl,
    GainLife,
    Group,
    Layer,
    LoseLife,
    MayEffect,
    Mill,
    ModifyPowerToughness,
    MoveObject,
    PayOrNot,
    PermanentFilter,
    PlayerRef,
    PutCounters,
    Regenerate,
    Sacrifice,
    Scry,
    SearchLibrary,
    Surveil,
    Tap,
)
from components.characteristics import CardType
from components.objects import AbilityOnStack, CardObject, ContinuousEffect, InZone, Zone
from content import registry
from ecs.actions import Choose, ChooseCard, DecisionKind, PlaceCard
from ecs.actions import Discard as DiscardAction
from systems import mana
from systems.layers import add_effect, effect_from_part, types_match
from systems.mechanics.double_faced import permanent_mana_value as _permanent_mana_value
from systems.zones import move

if TYPE_CHECKING:
    from ecs.game import Game
    from systems.effects import EffectContext

def extended(effect: object) -> bool:
    """A first effect (systems/effects.py) with the compiler's further fields in use: this module carries it out."""
    if isinstance(effect, DealDamage):
        return effect.group is not None or effect.dynamic is not None or effect.source is not None \
            or effect.target in (ATTACHED, GROUP) or effect.player is not None
    if isinstance(effect, Destroy):
        return effect.group is not None or effect.no_regenerate or effect.target == ATTACHED
    if isinstance(effect, GainLife | DrawCards):
        return effect.player is not None or effect.dynamic is not None
    if isinstance(effect, Regenerate):
        return effect.target == ATTACHED
    return False


# ------------------------------------------------------------------ references


def obj(game: Game, ctx: EffectContext, index: int) -> int | None:
    """The object an effect index names now, or None (illegal target, 608.2b; gone; unattached)."""
    if index == ATTACHED:
        src = ctx.self_object
        t = game.table
        if src < 0 or src not in t.row_of:
            return None
        host = int(t.get(src, "attached_to"))
        return host if host >= 0 and host in t.row_of else None
    if index == GROUP:
        return None
    ent = ctx.target(index)
    if ent is not None and ent in game.entered_as and not game.world.exists(ent):
        # CR 400.7j: an earlier part of this effect put it onto the battlefield; later parts find it there.
        new = game.entered_as[ent]
        return new if new in game.table.row_of else None
    return ent


def permanents(game: Game, f: PermanentFilter | None, you: int, self_obj: int = -1) -> list[int]:
    """The permanents a filter describes now, seen from player ``you`` (table order)."""
    t = game.table
    if not t.n or f is None:
        return []
    if t.n <= _SMALL_BOARD and _types_and_controller(f):
        ents = _plain_permanents(game, f, you)
        if mana.CHECKS.on:  # (read at the call: tests turn it on) as the whole-column masks find them
            masked = _masked_permanents(game, f, you)
            assert ents == masked, f"row permanents for {f}: {ents} != {masked}"
    else:
        ents = _masked_permanents(game, f, you)
    if f.exclude_source and self_obj >= 0:
        ents = [e for e in ents if e != self_obj]
    if f.blocking_source:  # "each creature blocking it" (509.1g): the creatures blocking the source now
        blockers = set(game.combat.blocked.get(self_obj, ()))
        ents = [e for e in ents if e in blockers]
    return ents


def _masked_permanents(game: Game, f: PermanentFilter, you: int) -> list[int]:
    from systems.layers import filter_mask, table_frame

    t = game.table
    mask = filter_mask(f, table_frame(game), you)
    mask &= state_mask(game, f)
    return t.entity[: t.n][mask].tolist()


_SMALL_BOARD: Final = 32  # up to this many rows a plain filter's permanents are found row by row


def _types_and_controller(f: PermanentFilter) -> bool:
    """Does the filter test only card types and a controller ("each creature", "a creature you control": most
    groups and sacrifice costs), of all that ``filter_mask`` and ``state_mask`` read?"""
    return not (f.supertypes_any or f.supertypes_none or f.colors_any or f.colors_none or f.color_count
                or f.keywords_any or f.keywords_none or f.token is not None or f.subtypes_any or f.subtypes_none
                or f.tapped is not None or f.power_at_most is not None or f.power_at_least is not None
                or f.toughness_at_most is not None or f.toughness_at_least is not None or f.combat
                or f.with_counter or f.without_counter or f.mana_value_at_most is not None
                or f.mana_value_at_least is not None or f.mana_value_is is not None or f.names)


def _plain_permanents(game: Game, f: PermanentFilter, you: int) -> list[int]:
    """``_masked_permanents`` of a filter ``_types_and_controller`` allows, read from the table's kept lists of Python
    ints (types_match, then "you" / "opponent", as ``filter_mask``): on a board of a few dozen permanents a dozen
    whole-column numpy operations and a frame cost more than the loop (~60k instructions a call compiled)."""
    game.refresh_layers()  # (the characteristics read below are the layered ones, 613)
    t = game.table
    types: list[int] = t.live_list("types")  # (kept for the layers version: ecs/table.py)
    ents = t.entity_list
    mine, theirs = f.controller == "you", f.controller == "opponent"
    owners: list[int] = t.live_list("controller") if mine or theirs else []
    out: list[int] = []
    for row in range(t.n):
        if not types_match(f, types[row]):
            continue
        if (mine and owners[row] != you) or (theirs and owners[row] == you):
            continue
        out.append(ents[row])
    return out


def state_mask(game: Game, f: PermanentFilter) -> np.ndarray:
    """What a filter says beyond characteristics: tapped, attacking/blocking, mana value, name."""
    t = game.table
    n = t.n
    mask = np.ones(n, dtype=bool)
    if f.tapped is not None:
        mask &= t.tapped[:n] == f.tapped
    if f.power_at_most is not None:
        mask &= t.power[:n] <= f.power_at_most
    if f.power_at_least is not None:
        mask &= t.power[:n] >= f.power_at_least
    if f.toughness_at_most is not None:
        mask &= t.toughness[:n] <= f.toughness_at_most
    if f.toughness_at_least is not None:
        mask &= t.toughness[:n] >= f.toughness_at_least
    if f.combat:
        from systems.static_rules import combatants

        attacking, blocking = combatants(game)  # 508.1k, 509.1g: once declared
        want = {"attacking": attacking, "blocking": blocking, "attacking_or_blocking": attacking | blocking}[f.combat]
        mask &= np.fromiter((e in want for e in t.entity[:n].tolist()), dtype=bool, count=n)
    if f.with_counter or f.without_counter:  # "with a +1/+1 counter on it" (122.1)
        from systems.mechanics.counter_actions import counter_mask

        if f.with_counter:
            mask &= counter_mask(game, f.with_counter)
        if f.without_counter:
            mask &= ~counter_mask(game, f.without_counter)
    if f.mana_value_at_most is not None or f.mana_value_at_least is not None or f.mana_value_is is not None \
            or f.names:
        for i, e in enumerate(t.entity[:n].tolist()):
            if mask[i] and not card_state_ok(game.card(e), f, permanent_mana_value(game, e)):
                mask[i] = False
    return mask


def permanent_mana_value(game: Game, ent: int) -> int:
    """A permanent's mana value; a transformed permanent's is its front face's (712.8e)."""
    return _permanent_mana_value(game, ent)


def mana_value_ok(f: PermanentFilter, mv: int) -> bool:
    """Is mana value ``mv`` within the filter's "mana value N or less / N or greater / N" (202.3)?"""
    if f.mana_value_at_most is not None and mv > f.mana_value_at_most:
        return False
    if f.mana_value_at_least is not None and mv < f.mana_value_at_least:
        return False
    return not (f.mana_value_is is not None and mv != f.mana_value_is)


def card_state_ok(card: object, f: PermanentFilter, mv: int | None = None) -> bool:
    if mv is None:
        mv = card.mana_cost.mana_value() if card.mana_cost.present else 0  # type: ignore[attr-defined]
    if not mana_value_ok(f, mv):
        return False
    return not (f.names and card.name not in f.names)  # type: ignore[attr-defined]


def card_matches(card: object, f: PermanentFilter) -> bool:
    """A card outside the battlefield (graveyard, library, stack) against a filter's printed parts."""
    if not types_match(f, card.type_bits):  # type: ignore[attr-defined]
        return False
    supertypes = int(card.type_line.supertypes)  # type: ignore[attr-defined]
    if f.supertypes_any and not supertypes & f.supertypes_any:
        return False
    if f.supertypes_none and supertypes & f.supertypes_none:
        return False
    colors = int(card.colors)  # type: ignore[attr-defined]
    if f.colors_any and not colors & f.colors_any:
        return False
    if f.colors_none and colors & f.colors_none:
        return False
    if f.color_count:
        from systems.layers import color_count_ok

        if not color_count_ok(colors, f.color_count):
            return False
    if f.keywords_any and not card.keywords & f.keywords_any:  # type: ignore[attr-defined]
        return False
    if f.keywords_none and card.keywords & f.keywords_none:  # type: ignore[attr-defined]
        return False
    if f.subtypes_none and set(f.subtypes_none) & set(card.type_line.subtypes):  # type: ignore[attr-defined]
        return False
    if f.subtypes_any and not set(f.subtypes_any) & set(card.type_line.subtypes):  # type: ignore[attr-defined]
        return False
    if f.power_at_most is not None or f.power_at_least is not None:
        power = card.power.base if card.power is not None else 0  # type: ignore[attr-defined]
        if f.power_at_most is not None and power > f.power_at_most:
            return False
        if f.power_at_least is not None and power < f.power_at_least:
            return False
    return card_state_ok(card, f)


def player_index(game: Game, entity: int) -> int | None:
    return game.player_of_entity.get(entity)


def players(game: Game, ctx: EffectContext, ref: PlayerRef | None) -> list[int]:
    """Player indices a reference names now; several in APNAP order (CR 101.4)."""
    you = ctx.controller
    if ref is None or ref.kind == "you":
        return [you]
    alive = [(game.active + i) % game.num_players for i in range(game.num_players)]
    alive = [p for p in alive if not game.player_states[p].lost]
    if ref.kind == "each":
        return alive
    if ref.kind == "opponents":
        return [p for p in alive if p != you]
    if ref.kind == "active":
        return [game.active]
    if ref.kind == "target":
        ent = ctx.target(ref.index)
        p = None if ent is None else player_index(game, ent)
        return [] if p is None or game.player_states[p].lost else [p]
    if ref.kind == "event_player":
        p = player_index(game, ctx.event_object)
        return [] if p is None else [p]
    if ref.kind == "defending":
        from systems.mechanics.combat_triggers import defending_player

        p = defending_player(game, ctx)  # 506.2: the player the attacking creature is attacking
        return [] if p is None or game.player_states[p].lost else [p]
    if ref.kind in ("controller_of", "owner_of"):
        ent = obj(game, ctx, ref.index)
        if ent is None:
            return []
        if ref.kind == "controller_of":
            if ent in game.table.row_of:
                game.refresh_layers()
                return [int(game.table.get(ent, "controller"))]
            lki = game.lki.get(ent)
            if lki is not None and "controller" in lki:
                return [int(lki["controller"])]
        co = game.world.try_get(ent, CardObject) if game.world.exists(ent) else None
        if co is not None:
            if ref.kind == "owner_of" or ent not in game.table.row_of:
                where = game.world.try_get(ent, InZone)
                if ref.kind == "controller_of" and where is not None and where.zone == Zone.STACK:
                    from components.objects import StackItem

                    item = game.world.try_get(ent, StackItem)
                    if item is not None:
                        return [item.controller]
                return [co.owner]
        return []
    raise ValueError(f"unknown player reference {ref!r}")


def amount(game: Game, ctx: EffectContext, base: int, dynamic: Count | None) -> int:
    """The number an effect uses: printed, or found now (CR 107.3, 608.2h)."""
    if dynamic is None:
        return base
    return count_value(game, dynamic, ctx.controller, ctx) * dynamic.multiplier + dynamic.plus


def count_value(game: Game, c: Count, you: int, ctx: EffectContext | None = None) -> int:
    kind = c.kind
    if kind == "x":
        return ctx.x if ctx is not None else 0
    if kind == "event_amount":
        return ctx.event_amount if ctx is not None else 0
    if kind == "permanents":
        return len(permanents(game, c.filter, you, ctx.self_object if ctx is not None else -1))
    if kind == "hand":
        return len(game.zones[you][Zone.HAND])
    if kind == "graveyard":
        f = c.filter or PermanentFilter()
        return sum(1 for e in game.zones[you][Zone.GRAVEYARD] if card_matches(game.card(e), f))
    if kind == "life":
        return game.player_states[you].life
    if kind == "cast_x":  # CR 107.3m: the X of the spell that became this permanent
        return game.cast_x.get(ctx.self_object, 0) if ctx is not None else 0
    if kind == "die_result":  # CR 706.2: "the result" of the die rolled as this resolves
        return game.resolution.die_result if game.resolution is not None else 0
    if kind in ("power_of", "toughness_of"):
        if ctx is None:
            return 0
        ent = obj(game, ctx, c.ref)
        column = "power" if kind == "power_of" else "toughness"
        if ent is not None and ent in game.table.row_of:
            game.refresh_layers()
            return int(game.table.get(ent, column))
        if ent is not None and ent in game.lki:  # 608.2h: last known information
            return int(game.lki[ent].get(column, 0))
        ability = game.world.try_get(ctx.source, AbilityOnStack) if ent is not None else None
        if ability is not None and ability.event_object == ent and ability.source in game.lki:
            # "When ~ dies, ... its power": the card it became; its power is the permanent's last known (608.2h)
            return int(game.lki[ability.source].get(column, 0))
        return 0
    from systems.static_rules import count_value as static_rules_count

    value = static_rules_count(game, c, you, ctx)  # the counts of content/oracle/statics.py
    if value is not None:
        return value
    if kind == "colors_spent":  # converge: "the number of colors of mana spent to cast ~" (601.2h)
        from systems.mechanics.mana_spent import colors_spent_count

        return colors_spent_count(game, ctx.self_object if ctx is not None else -1)
    if kind.startswith("greatest_"):
        from systems.instructions import greatest

        return greatest(game, c, you, ctx)  # "the greatest power among creatures you control"
    raise ValueError(f"unknown count {kind!r}")


def members(game: Game, ctx: EffectContext, group: Group) -> tuple[list[int], list[int]]:
    """The permanents (entities) and players (indices) a group describes as the effect resolves."""
    perms = permanents(game, group.filter, ctx.controller, ctx.self_object) if group.filter else []
    if perms and group.filter is not None and group.filter.controller == "defending":
        from systems.mechanics.combat_triggers import defending_player

        d = defending_player(game, ctx)  # "creatures defending player controls" (506.2)
        perms = [p for p in perms if d is not None and int(game.table.get(p, "controller")) == d]
    ps: list[int] = []
    if group.players:
        ps = players(game, ctx, PlayerRef({"you": "you", "each": "each", "opponents": "opponents"}[group.players]))
    return perms, ps


def objects(game: Game, ctx: EffectContext, index: int, group: Group | None) -> list[int]:
    """The permanents a target index or group names (players excluded)."""
    if group is not None:
        return members(game, ctx, group)[0]
    ent = obj(game, ctx, index)
    return [] if ent is None else [ent]


# ------------------------------------------------------------------ the executors


def run(game: Game, effect: Effect, ctx: EffectContext) -> None:
    """Carry out a part of an effect with this family's executors (a first effect always with this module's,
    which reads every field), any other type with its registered executor."""
    fn = _EXECUTORS.get(type(effect)) or registry.EXECUTORS[type(effect)]
    fn(game, effect, ctx)


def _deal_damage(game: Game, e: DealDamage, ctx: EffectContext) -> None:
    from systems.damage import deal_damage_arrays
    from systems.protection import EVERYTHING, source_qualities

    n = amount(game, ctx, e.amount, e.dynamic)
    if n <= 0:
        return
    if e.source is not None:
        src = obj(game, ctx, e.source)
        if src is None or src not in game.table.row_of:
            return  # the source creature is gone: it deals no damage (608.2b)
        game.refresh_layers()
        name, keywords = game.name(src), int(game.table.get(src, "keywords"))
        controller = int(game.table.get(src, "controller"))
        src_ent, quality = src, source_qualities(game, src)
    else:
        name, keywords, controller = ctx.source_name, ctx.source_keywords, ctx.controller
        src_ent = ctx.source
        if ctx.self_object >= 0 and ctx.self_object in game.table.row_of:
            src_ent = ctx.self_object  # "~ deals" in a permanent's ability: the permanent deals it (113.7a, 120.2b)
        quality = source_qualities(game, ctx.source) if game.world.exists(ctx.source) else EVERYTHING
    recipients: list[int] = []
    if e.player is not None:
        recipients = [game.players[p] for p in players(game, ctx, e.player)]
    elif e.group is not None:
        perms, ps = members(game, ctx, e.group)
        recipients = perms + [game.players[p] for p in ps]
    else:
        ent = obj(game, ctx, e.target)
        if ent is not None:
            recipients = [ent]
    if not recipients:
        return
    k = len(recipients)
    # CR 120.3: damage dealt to several recipients at once is one simultaneous event.
    dealt = deal_damage_arrays(
        game, combat=False, src_ent=np.full(k, src_ent), src_keywords=np.full(k, keywords, dtype=np.uint64),
        src_controller=np.full(k, controller), src_qualities=np.full(k, quality, dtype=np.uint64),
        rec_ent=np.array(recipients), amount=np.full(k, n), src_names=[name] * k)
    # "a creature dealt damage this way" (systems/exile_instead.py): what this instruction dealt damage to
    game.turn_log.this["dealt_this_way"] = (ctx.source, [r for r, d in zip(recipients, dealt.tolist(), strict=True) if d > 0])


def _modify_pt(game: Game, e: ModifyPowerToughness, ctx: EffectContext) -> None:
    factor = amount(game, ctx, 1, e.dynamic)
    p, t = e.power * factor, e.toughness * factor
    affected = objects(game, ctx, e.target, e.group)
    if not affected:
        return
    # CR 611.2c: the affected set is locked in as it resolves.
    add_effect(game, ContinuousEffect(
        layer=Layer.PT_MODIFY, timestamp=game.new_timestamp(), source=ctx.source, controller=ctx.controller,
        until_end_of_turn=True, from_static=False, power=p, toughness=t, fixed=tuple(affected)))
    if game.log_enabled:  # (the lines built only for a log: a name and two signed formats each)
        for ent in affected:
            game.say(f"{game.name(ent)} gets {p:+d}/{t:+d} until end of turn")


def _apply_continuous(game: Game, e: ApplyContinuous, ctx: EffectContext) -> None:
    affected = objects(game, ctx, e.target, e.group)
    if not affected:
        return
    ts = game.new_timestamp()
    game.effect_groups += 1
    for part in e.parts:
        add_effect(game, effect_from_part(
            part, timestamp=ts, source=ctx.source, controller=ctx.controller,
            until_end_of_turn=e.until_end_of_turn, from_static=False, fixed=tuple(affected),
            group=game.effect_groups))


def _regenerate(game: Game, e: Regenerate, ctx: EffectContext) -> None:
    ent = obj(game, ctx, e.target)
    if ent is not None and ent in game.table.row_of:
        game.table.add_regen_shield(ent)  # CR 701.15a
        game.say(f"{game.name(ent)} gains a regeneration shield")


def _destroy(game: Game, e: Destroy, ctx: EffectContext) -> None:
    from systems.effects import destroy
    from systems.trigger_events import simultaneously

    with simultaneously(game):  # "destroy all creatures": they leave at once (603.10a)
        for ent in objects(game, ctx, e.target, e.group):
            destroy(game, ent, can_regenerate=not e.no_regenerate)


def _gain_life(game: Game, e: GainLife, ctx: EffectContext) -> None:
    from systems.effects import gain_life

    n = amount(game, ctx, e.amount, e.dynamic)
    for p in players(game, ctx, e.player):
        gain_life(game, p, n)
    life_changed(game)


def _draw(game: Game, e: DrawCards, ctx: EffectContext) -> None:
    from systems.zones import draw

    n = amount(game, ctx, e.count, e.dynamic)
    for p in players(game, ctx, e.player):
        if n > 0:
            draw(game, p, n)
            game.say(f"{game.player_states[p].name} draws {n}")


def _lose_life(game: Game, e: LoseLife, ctx: EffectContext) -> None:
    n = amount(game, ctx, e.amount, e.dynamic)
    if n <= 0:
        return
    for p in players(game, ctx, e.player):
        game.player_states[p].life -= n  # CR 119.3
        from systems.history import life_lost

        life_lost(game, p, n)
        game.say(f"{game.player_states[p].name} loses {n} life")
    game.table.mark_players_changed()  # 704.5a reads it: no row changed (systems/state_based._quiet_rows)
    life_changed(game)


def life_changed(game: Game) -> None:
    """Static abilities with "as long as you have N life" conditions must be looked at again."""
    if game.effects:
        game.table.mark_changed(sba=False)


def _names_once(game: Game, cards: list[int]) -> list[int]:
    """One option per card name: identical cards are the same choice."""
    seen: set[str] = set()
    out: list[int] = []
    for c in cards:
        name = game.card(c).name
        if name not in seen:
            seen.add(name)
            out.append(c)
    return out


def _discard(game: Game, e: Discard, ctx: EffectContext) -> None:
    from systems.resolution import ask
    from systems.zones import discard

    n = amount(game, ctx, e.amount, e.dynamic)
    plan: list[tuple[int, list[int]]] = []
    for p in players(game, ctx, e.player):
        hand = list(game.zones[p][Zone.HAND])
        if e.whole_hand or len(hand) <= n:
            plan.append((p, hand))
            continue
        chosen: list[int] = []
        for _ in range(n):
            rest = [c for c in hand if c not in chosen]
            # CR 701.9b: the player discarding chooses.
            answer = ask(game, p, DecisionKind.DISCARD, [DiscardAction(c) for c in _names_once(game, rest)])
            assert isinstance(answer, DiscardAction)
            chosen.append(answer.card)
        plan.append((p, chosen))
    for p, cards in plan:
        for c in cards:
            discard(game, p, c)  # 701.8a, with its trigger event


def _mill(game: Game, e: Mill, ctx: EffectContext) -> None:
    n = amount(game, ctx, e.amount, e.dynamic)
    for p in players(game, ctx, e.player):
        cards = list(game.zones[p][Zone.LIBRARY][:n])  # CR 701.17a: the top N cards
        for c in cards:
            move(game, c, Zone.GRAVEYARD)
        if cards:
            game.say(f"{game.player_states[p].name} mills {len(cards)}")


def _look_and_place(game: Game, n: int, ctx: EffectContext, other: str, kind: DecisionKind) -> None:
    from systems.resolution import ask
    p = ctx.controller
    library = game.zones[p][Zone.LIBRARY]
    looked = list(library[:n])
    if not looked:
        return
    top: list[int] = []
    away: list[int] = []
    for _ in range(len(looked)):
        rest = [c for c in looked if c not in top and c not in away]
        options = [PlaceCard(c, w) for c in rest for w in ("top", other)]
        answer = ask(game, p, kind, options)
        assert isinstance(answer, PlaceCard)
        (top if answer.where == "top" else away).append(answer.card)
    # The cards put on top go back in the order chosen: the first chosen is the new top card.
    if other == "bottom":
        rest_of_library = [c for c in library if c not in looked]
        game.zones[p][Zone.LIBRARY] = top + rest_of_library + away
    else:
        game.zones[p][Zone.LIBRARY] = top + [c for c in library if c not in looked]
        for c in away:
            move_from_library(game, c, p, move)
    verb = "scries" if kind == DecisionKind.SCRY else "surveils"
    game.say(f"{game.player_states[p].name} {verb} {len(looked)}: {len(top)} on top, {len(away)} to the {other}")


def move_from_library(game: Game, card: int, player: int, move: Callable[..., int]) -> None:
    # The card is no longer in the library list; put it back for move() to take it out again.
    game.zones[player][Zone.LIBRARY].append(card)
    move(game, card, Zone.GRAVEYARD)


def _scry(game: Game, e: Scry, ctx: EffectContext) -> None:
    _look_and_place(game, e.amount, ctx, "bottom", DecisionKind.SCRY)


def _surveil(game: Game, e: Surveil, ctx: EffectContext) -> None:
    _look_and_place(game, e.amount, ctx, "graveyard", DecisionKind.SURVEIL)


def _put_counters(game: Game, e: PutCounters, ctx: EffectContext) -> None:
    from systems.counters import add_counters

    n = amount(game, ctx, e.amount, e.dynamic)
    for ent in objects(game, ctx, e.target, e.group):
        if ent in game.table.row_of and n > 0:
            add_counters(game, ent, e.kind, n)
            game.say(f"{game.name(ent)} gets {n} {e.kind} counter{'s' if n != 1 else ''}")


def _create_token(game: Game, e: CreateToken, ctx: EffectContext) -> None:
    from systems.zones import create_token

    n = amount(game, ctx, e.amount, e.dynamic)
    for p in players(game, ctx, e.player):
        for _ in range(n):
            create_token(game, e.token, p, tapped=e.tapped)


def _move_object(game: Game, e: MoveObject, ctx: EffectContext) -> None:
    if e.group is not None:
        ents = members(game, ctx, e.group)[0]
        from systems.trigger_events import simultaneously

        with simultaneously(game):  # "exile all creatures": they leave at once (603.10a)
            _move_objects(game, e, ctx, ents)
        return
    ent = obj(game, ctx, e.target)
    _move_objects(game, e, ctx, [] if ent is None else [ent])


def _move_objects(game: Game, e: MoveObject, ctx: EffectContext, ents: list[int]) -> None:
    for ent in ents:
        if not game.world.exists(ent) or game.world.try_get(ent, InZone) is None:
            continue
        label = game.name(ent)
        if e.to == "exile" and e.until_source_leaves:
            src = ctx.self_object
            if src < 0 or src not in game.table.row_of:
                continue  # CR 610.3c: its source has already left the battlefield: nothing is exiled
            new = move(game, ent, Zone.EXILE)
            game.linked_exile.setdefault(src, []).append(new)
        elif e.to == "exile":
            game.moved_to[ent] = move(game, ent, Zone.EXILE)  # a delayed "return that card" finds it (603.7c)
        elif e.to == "hand":
            move(game, ent, Zone.HAND)
        elif e.to == "graveyard":
            move(game, ent, Zone.GRAVEYARD)
        elif e.to in ("library_top", "library_bottom"):
            move(game, ent, Zone.LIBRARY, top=e.to == "library_top")
        elif e.to == "battlefield":
            owner = game.obj(ent).owner
            new = move(game, ent, Zone.BATTLEFIELD, controller=ctx.controller if e.under_your_control else owner)
            game.entered_as[ent] = new  # 400.7j
            if e.tapped and new in game.table.row_of:
                game.table.tap(new)
        else:
            raise ValueError(f"unknown destination {e.to!r}")
        game.say(f"{label} moves to {e.to.replace('_', ' ')}")


def _tap(game: Game, e: Tap, ctx: EffectContext) -> None:
    for ent in objects(game, ctx, e.target, e.group):
        if ent in game.table.row_of:
            was_tapped = game.table.untap(ent) if e.untap else not game.table.tap(ent)
            game.say(f"{game.name(ent)} becomes {'untapped' if e.untap else 'tapped'}")
            if not e.untap and not was_tapped and game.trigger_sources:
                from systems.triggers import became_tapped

                became_tapped(game, [ent])  # 701.21a: only an untapped permanent becomes tapped
            elif e.untap and was_tapped and game.trigger_sources:
                from systems.triggers import became_untapped

                became_untapped(game, [ent])  # 701.21b
    game.table.mark_changed(sba=False)


def _counter(game: Game, e: CounterSpell, ctx: EffectContext) -> None:
    ent = obj(game, ctx, e.target)
    if ent is None or ent not in game.stack:
        return
    card = game.card(ent)
    from systems.uncounterable import uncounterable

    if uncounterable(game, ent):  # "This spell can't be countered", "Creature spells can't be countered"
        game.say(f"{card.name} can't be countered")  # CR 101.2
        return
    game.say(f"{card.name} is countered")
    move(game, ent, Zone.GRAVEYARD)  # CR 701.6a


def _sacrifice(game: Game, e: Sacrifice, ctx: EffectContext) -> None:
    from systems.resolution import ask

    if e.player is None:
        ent = obj(game, ctx, e.target)
        if ent is None or ent not in game.table.row_of:
            return
        game.refresh_layers()
        if int(game.table.get(ent, "controller")) != ctx.controller:
            return  # CR 701.21a: only a permanent you control can be sacrificed
        game.say(f"{game.name(ent)} is sacrificed")
        from systems.trigger_events import sacrifice

        sacrifice(game, ent, ctx.controller)  # 701.21a, with its trigger event
        return
    chosen: list[int] = []
    for p in players(game, ctx, e.player):
        f = e.filter or PermanentFilter()
        own = [x for x in permanents(game, f, p) if int(game.table.get(x, "controller")) == p]
        picks: list[int] = []
        for _ in range(min(e.amount, len(own))):
            rest = [x for x in own if x not in picks]
            if len(rest) == e.amount - len(picks):
                picks.extend(rest)
                break
            answer = ask(game, p, DecisionKind.SACRIFICE, [ChooseCard(x) for x in rest])
            assert isinstance(answer, ChooseCard)
            picks.append(answer.card)
        chosen.extend(picks)
    from systems.trigger_events import sacrifice, simultaneously

    with simultaneously(game):  # each player's sacrifices happen at once (603.10a)
        for ent in chosen:
            if ent in game.table.row_of:
                game.say(f"{game.name(ent)} is sacrificed")
                sacrifice(game, ent, int(game.table.get(ent, "controller")))  # 701.21a, with its trigger event


def _gain_control(game: Game, e: GainControl, ctx: EffectContext) -> None:
    ent = obj(game, ctx, e.target)
    if ent is None or ent not in game.table.row_of:
        return
    add_effect(game, ContinuousEffect(
        layer=Layer.CONTROL, timestamp=game.new_timestamp(), source=ctx.source, controller=ctx.controller,
        until_end_of_turn=e.until_end_of_turn, from_static=False, fixed=(ent,), new_controller=ctx.controller))
    game.refresh_layers()
    # CR 302.6: a creature can't attack or {T} unless its controller has controlled it continuously
    # since their most recent turn began.
    game.table.set_sick(ent)
    game.say(f"{game.player_states[ctx.controller].name} gains control of {game.name(ent)}")


def _search(game: Game, e: SearchLibrary, ctx: EffectContext) -> None:
    from systems.resolution import ask
    from systems.zones import move, shuffle_library

    p = ctx.controller
    library = game.zones[p][Zone.LIBRARY]
    found: list[int] = []
    stated_quality = e.filter != PermanentFilter()
    for _ in range(e.amount):
        matching = [c for c in library if c not in found and card_matches(game.card(c), e.filter)]
        options = [ChooseCard(c) for c in _names_once(game, matching)]
        if stated_quality or not options:
            options.append(ChooseCard(-1))  # CR 701.19b: a search for a stated quality may find nothing
        answer = ask(game, p, DecisionKind.SEARCH, options)
        assert isinstance(answer, ChooseCard)
        if answer.card < 0:
            break
        found.append(answer.card)
    if e.to == "library_top":
        # "reveal it, then shuffle and put that card on top" (701.19)
        for c in found:
            game.zones[p][Zone.LIBRARY].remove(c)
        shuffle_library(game, p)
        game.zones[p][Zone.LIBRARY][:0] = found
        for c in found:
            game.say(f"{game.player_states[p].name} puts {game.card(c).name} on top of their library")
        return
    for c in found:
        name = game.card(c).name
        if e.to == "graveyard":
            move(game, c, Zone.GRAVEYARD)
        elif e.to == "battlefield":
            new = move(game, c, Zone.BATTLEFIELD, controller=p)
            if e.tapped and new in game.table.row_of:
                game.table.tap(new)
        else:
            move(game, c, Zone.HAND)
        game.say(f"{game.player_states[p].name} finds {name}")
    shuffle_library(game, p)  # CR 701.19: "then shuffle"


def _fight(game: Game, e: Fight, ctx: EffectContext) -> None:
    from systems.damage import deal_damage_arrays
    from systems.protection import source_qualities

    a, b = obj(game, ctx, e.a), obj(game, ctx, e.b)
    t = game.table
    game.refresh_layers()
    creature = int(CardType.CREATURE)
    # CR 701.12b: if either creature is gone or isn't a creature, no damage is dealt.
    if a is None or b is None or a not in t.row_of or b not in t.row_of or a == b:
        return
    if not (int(t.get(a, "types")) & creature and int(t.get(b, "types")) & creature):
        return
    srcs = [a, b]
    recs = [b, a]
    deal_damage_arrays(
        game, combat=False, src_ent=np.array(srcs),
        src_keywords=np.array([t.get(s, "keywords") for s in srcs], dtype=np.uint64),
        src_controller=np.array([t.get(s, "controller") for s in srcs]),
        src_qualities=np.array([source_qualities(game, s) for s in srcs], dtype=np.uint64),
        rec_ent=np.array(recs), amount=np.array([max(0, int(t.get(s, "power"))) for s in srcs]),
        src_names=[game.name(s) for s in srcs])


def _attach(game: Game, e: Attach, ctx: EffectContext) -> None:
    src = ctx.self_object
    target = obj(game, ctx, e.target)
    t = game.table
    if src < 0 or src not in t.row_of or target is None or target not in t.row_of or target == src:
        return
    t.attach(src, target)  # CR 701.3a; 301.5c / 704.5n check what it may be attached to
    game.say(f"{game.name(src)} is attached to {game.name(target)}")


def _add_mana(game: Game, e: AddMana, ctx: EffectContext) -> None:
    pool = game.player_states[ctx.controller].mana_pool
    times = 1 if e.dynamic is None else amount(game, ctx, 0, e.dynamic)  # "Add {U} for each artifact ..."
    one_color = 0
    for unit in e.produces * times:
        if unit & 256:  # components.mana_spending.ONE_COLOR: "two mana of any one color", chosen once (106.1a)
            one_color = one_color or _mana_color(game, ctx, unit & 31)
            unit = one_color
        if unit & (unit - 1):
            unit = _mana_color(game, ctx, unit)  # "one mana of any color": the player chooses (106.1a)
        if e.restriction is not None:  # 106.6: it keeps its restriction in the pool (systems/mana_spending.py)
            game.player_states[ctx.controller].restricted_pool.append((unit, e.restriction))
            continue
        pool[unit.bit_length() - 1] += 1  # CR 106.3
    game.say(f"{game.player_states[ctx.controller].name} adds mana")


_COLOR_BITS = {"W": 1, "U": 2, "B": 4, "R": 8, "G": 16, "C": 32}


def _mana_color(game: Game, ctx: EffectContext, mask: int) -> int:
    """The one mana type the player chooses among ``mask``: a mana ability's choice comes with its activation
    (``ActivateAbility.mana``, 605.3a); a resolving spell or ability asks."""
    if game.mana_choice:
        bit = _COLOR_BITS[game.mana_choice[0]]
        game.mana_choice = game.mana_choice[1:] or game.mana_choice  # several mana: one letter each, in order
        assert bit & mask, "the activation offered only colors the ability can make"
        return bit
    from ecs.actions import ChooseColor
    from systems.resolution import ask

    options = [ChooseColor(c) for c, b in _COLOR_BITS.items() if b & mask]
    answer = ask(game, ctx.controller, DecisionKind.CHOOSE_COLOR, options)
    assert isinstance(answer, ChooseColor)
    return _COLOR_BITS[answer.color]


def _can_do(game: Game, effect: object, ctx: EffectContext) -> bool:
    """Could the player do this now (for "you may X. If you do, ...")?"""
    if isinstance(effect, Sacrifice) and effect.player is not None:
        return all(len([x for x in permanents(game, effect.filter or PermanentFilter(), p)
                        if int(game.table.get(x, "controller")) == p]) >= effect.amount
                   for p in players(game, ctx, effect.player))
    if isinstance(effect, Sacrifice):
        ent = obj(game, ctx, effect.target)
        return ent is not None and ent in game.table.row_of
    if type(effect).__name__ == "PayEnergy":  # "You may pay {E}{E}. If you do, ..." (107.14)
        from systems.energy import can_pay_energy

        return can_pay_energy(game, ctx.controller, effect.amount)  # type: ignore[attr-defined]
    if isinstance(effect, Discard) and not effect.whole_hand:
        n = amount(game, ctx, effect.amount, effect.dynamic)
        return all(len(game.zones[p][Zone.HAND]) >= n for p in players(game, ctx, effect.player))
    return True


def _may(game: Game, e: MayEffect, ctx: EffectContext) -> None:
    from systems.resolution import ask

    if e.then and not all(_can_do(game, inner, ctx) for inner in e.effects):
        return  # the player can't do it, so they don't ("if you do" is false)
    answer = ask(game, ctx.controller, DecisionKind.MAY, [Choose(True), Choose(False)])
    assert isinstance(answer, Choose)
    if not answer.yes:
        game.say(f"{game.player_states[ctx.controller].name} chooses not to")
        return
    then(game, e.effects + e.then, ctx)


def then(game: Game, effects: tuple[object, ...], ctx: EffectContext) -> None:
    """The instructions become the next steps of the resolution, so that each of them can ask its own
    questions and be replayed on its own (systems/resolution.py)."""
    res = game.resolution
    assert res is not None
    res.steps[res.index + 1:res.index + 1] = [(inner, ctx) for inner in effects]


def _pay_or_not(game: Game, e: PayOrNot, ctx: EffectContext) -> None:
    """'... unless [a player] pays {N}' / 'You may pay {N}. If you do, ...': the player chooses whether
    to pay (only if they can, CR 118.3); paying activates mana abilities as it goes (605.3a)."""
    from systems.mana import can_pay, pay
    from systems.resolution import ask

    payer = players(game, ctx, e.payer)
    paid = False
    if payer and can_pay(game, payer[0], e.cost, ctx.x):  # {X}: this spell's X (107.3)
        answer = ask(game, payer[0], DecisionKind.PAY, [Choose(True), Choose(False)])
        assert isinstance(answer, Choose)
        if answer.yes:
            pay(game, payer[0], e.cost, ctx.x)
            paid = True
            game.say(f"{game.player_states[payer[0]].name} pays {e.cost}")
    if paid != e.unless:
        then(game, e.effects, ctx)


def _conditional(game: Game, e: Conditional, ctx: EffectContext) -> None:
    from systems.triggers import check_condition

    if check_condition(game, e.condition, ctx.controller, ctx.self_object):
        then(game, e.effects, ctx)


_EXECUTORS: dict[type[Effect], Callable[..., None]] = {
    DealDamage: _deal_damage, ModifyPowerToughness: _modify_pt, ApplyContinuous: _apply_continuous,
    Destroy: _destroy, GainLife: _gain_life, DrawCards: _draw, LoseLife: _lose_life, Discard: _discard,
    Mill: _mill, Scry: _scry, Surveil: _surveil, PutCounters: _put_counters, CreateToken: _create_token,
    MoveObject: _move_object, Tap: _tap, CounterSpell: _counter, Sacrifice: _sacrifice, GainControl: _gain_control,
    SearchLibrary: _search, Fight: _fight, Attach: _attach, AddMana: _add_mana, MayEffect: _may,
    PayOrNot: _pay_or_not, Conditional: _conditional, Regenerate: _regenerate,
}

# The effect families of other core modules register their own executors in content/registry.py when imported:
# energy (107.14), instructions (prevention, dice, extra turns, ...), hidden zones (libraries and hands), choices
# ("choose target ..."), "exile it instead" (614.1a).
from systems import choices as _choices  # noqa: E402,F401
from systems import energy as _energy  # noqa: E402,F401
from systems import exile_instead as _exile_instead  # noqa: E402,F401
from systems import hidden_zones as _hidden_zones  # noqa: E402,F401
from systems import instructions as _instructions  # noqa: E402,F401

# The first effects (systems/effects.py) have a simple executor there; with the compiler's further fields in use
# (groups, dynamic amounts, another source, ATTACHED, ...) this module's executor takes them: one registered
# executor per type, which picks.
_FIRST = (DealDamage, Destroy, GainLife, DrawCards, Regenerate)
for _type, _fn in _EXECUTORS.items():
    if _type not in _FIRST:
        registry.add_executor(_type, _fn)

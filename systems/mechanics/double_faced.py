"""Keyword lines of double-faced cards and day/night: daybound and nightbound (CR 702.145), "If it's neither day
nor night, it becomes day as ~ enters." (728.1). The rules are systems/mechanics/day_night.py.

Rules: Double-faced cards (CR 712) on the battlefield and the stack: transforming (701.28) and entering transformed.

A double-faced card is its front face with both faces in ``CardDef.faces`` (content/double_faced.py). An object
whose back face is up holds the back face in ``CardObject.card`` and the whole card in ``CardObject.printed``
(the same slot split-card halves and bestowed Auras use): off the battlefield and the stack it is its front
face again (712.8a, systems/zones.py ``move``).

* 701.28a, 712.8d-e: transforming turns the permanent over in place: it is the same object (no zone change,
  its counters, damage, attachments and summoning sickness stay), with only the characteristics of the face
  now up. Its static, triggered, activated, mana and replacement abilities are those of that face.
* 613.7g: a transforming permanent receives a new timestamp each time it transforms.
* 701.28c, 712.9: only a permanent represented by a transforming double-faced card transforms; for anything
  else (a copy, 707.8a; a modal double-faced card) nothing happens.
* 701.28f: an activated or triggered ability of a permanent transforms it only if it hasn't transformed since
  the ability was put onto the stack (the abilities on the stack when it last transformed are remembered).
* 702.145b, 702.145e: a permanent with daybound or nightbound can't transform except by that ability.
* 712.8e: a transformed permanent's mana value is its front face's (:func:`permanent_mana_value`).
* 712.14a: a card put onto the battlefield "transformed" enters with its back face up; one that isn't a
  transforming double-faced card stays where it is. From a graveyard: the card a dying permanent became
  (400.7e), or the card an Aura became after what it enchanted left (400.7f, ``game.aura_became``).
* 701.28e: "when ~ transforms into ~" / "whenever a permanent you control transforms into a Phyrexian".
* 702.146: disturb casts the card transformed from its owner's graveyard (:func:`disturb_variants`).
* 701.51: incubate creates an Incubator token, a transforming double-faced token (its card compiled with the card that incubates: ``Incubate.token``).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from components.abilities import SELF, Ability
from components.card import CardDef
from components.characteristics import CardType
from components.double_faced import (
    DayAsEnters,
    Daybound,
    Disturb,
    Incubate,
    Nightbound,
    ReturnTransformed,
    Transform,
)
from components.objects import AbilityOnStack, CardObject, InZone, Zone
from content import registry
from content.mana import parse_mana_cost
from systems.flash_permission import any_time

if TYPE_CHECKING:
    from components.characteristics import ManaCost
    from ecs.actions import CastSpell
    from ecs.game import Game
    from systems.effects import EffectContext


_DISTURB = re.compile(r"disturb ((?:\{[0-9wubrgcx/]+\})+)")

_LINES = {
    "daybound": Daybound(),
    "nightbound": Nightbound(),
    "if it's neither day nor night, it becomes day as ~ enters": DayAsEnters(),
}


def read(line: str, raw: str, name: str, types: CardType) -> Ability | None:
    m = _DISTURB.fullmatch(line.strip().rstrip(".").lower())
    if m:  # 702.146a: "Disturb [cost]" (the loader refuses it on a card that isn't a transforming card)
        cost = m.group(1).upper()
        return Disturb(f"Disturb {cost}", parse_mana_cost(cost))
    ability = _LINES.get(line.strip().rstrip(".").lower())
    if ability is None or not types & CardType.CREATURE and not isinstance(ability, DayAsEnters):
        return None  # daybound and nightbound are found on transforming creature faces (702.145a)
    return ability


def render(abilities: list[object]) -> str | None:
    if len(abilities) == 1 and isinstance(abilities[0], (Daybound, Nightbound, DayAsEnters, Disturb)):
        return abilities[0].text
    return None


registry.reader(read, priority=730)
registry.renderer(render, priority=680)


# ---------------------------------------------------------------- rules


def whole_card(co: CardObject) -> CardDef:
    """The card an object is (its front face with both faces), whichever face is up."""
    return co.printed if co.printed is not None and co.printed.faces else co.card


def is_transforming_card(card: CardDef) -> bool:
    return card.layout == "transform" and len(card.faces) == 2


def is_transformed(game: Game, ent: int) -> bool:
    """701.28g: a permanent (or spell) with its back face up that is a transforming double-faced card."""
    co = game.world.try_get(ent, CardObject)
    if co is None or co.printed is None or not is_transforming_card(co.printed):
        return False
    return co.card is co.printed.faces[1]


def permanent_mana_value(game: Game, ent: int) -> int:
    """A permanent's mana value (202.3): a transformed permanent uses its front face's mana cost (712.8e); a
    copy of a back face has mana value 0 (its copiable mana cost is none)."""
    card = game.copy_of.get(ent)
    if card is None:
        co = game.world.get(ent, CardObject)
        card = co.card
        if co.printed is not None and is_transforming_card(co.printed) and card is co.printed.faces[1]:
            card = co.printed  # 712.8e
    return card.mana_cost.mana_value() if card.mana_cost.present else 0


def _has(card: CardDef, kind: type) -> bool:
    return any(isinstance(a, kind) for a in card.abilities)


def turn_over(game: Game, ent: int, face: CardDef, printed: CardDef | None) -> None:
    """Give a permanent other characteristics in place (701.28a): the same object, its abilities those of the
    face now up. Used for transforming; ``printed`` is the whole card while the back face is up."""
    from components.abilities import ActivatedAbility, ManaAbility
    from systems.layers import register_static_abilities, unregister_static_abilities
    from systems.replacement import register as register_replacements
    from systems.replacement import unregister as unregister_replacements
    from systems.triggers import register as register_triggers
    from systems.triggers import unregister as unregister_triggers

    unregister_static_abilities(game, ent)
    unregister_triggers(game, ent)
    if game.replacements:
        unregister_replacements(game, ent)
    game.activatable.pop(ent, None)
    game.mana_ability_sources.discard(ent)
    game.set_card(ent, face, printed)
    t = game.table
    row = t.row_of[ent]
    t.set_face(
        ent,
        cls=game.classes.class_for(face, int(t.base_controller[row]), bool(t.token[row])),
        base_types=face.type_bits,
        base_supertypes=int(face.type_line.supertypes),
        base_colors=int(face.colors),
        base_keywords=face.keywords,
        produces=face.produces,
        base_power=face.power.base if face.power is not None else 0,
        base_toughness=face.toughness.base if face.toughness is not None else 0,
        timestamp=game.new_timestamp(),  # 613.7g
    )
    register_static_abilities(game, ent)
    register_replacements(game, ent, face)
    register_triggers(game, ent, face)
    if any(isinstance(a, ActivatedAbility) for a in face.abilities):
        game.activatable[ent] = face
    if any(isinstance(a, ManaAbility) for a in face.abilities):
        game.mana_ability_sources.add(ent)
    if "Aura" in face.type_line.subtypes:
        game.has_auras = True
    game.cost_modifier_cache = None
    game.player_rule_cache = None
    game.untap.rule_cache = None
    game.table.mark_changed()


def transform(game: Game, ent: int, *, by_day_night: bool = False) -> bool:
    """Transform a permanent (701.28a); False when nothing happens (701.28c, 712.9, 702.145b/e)."""
    co = game.world.try_get(ent, CardObject)
    if co is None or ent not in game.table.row_of or ent in game.copy_of:
        return False
    card = whole_card(co)
    if not is_transforming_card(card) or co.card.layout == "face_down":
        return False  # 701.28c, 712.9 (a face-down permanent has no faces to turn to, 708.2)
    if not by_day_night and (_has(co.card, Daybound) or _has(co.card, Nightbound)):
        return False  # 702.145b, 702.145e: it can't transform except due to its daybound/nightbound ability
    before = co.card
    if is_transformed(game, ent):
        turn_over(game, ent, card, None)  # back to its front face (712.8d)
    else:
        turn_over(game, ent, card.faces[1], card)  # 712.8e
    game.transformed_with[ent] = frozenset(game.stack)  # 701.28f
    game.say(f"{before.name} transforms into {co.card.name}")
    if game.trigger_sources:
        _transformed_into(game, ent)
    return True


def _transformed_into(game: Game, ent: int) -> None:
    """701.28e: "when ~ transforms into ~" of the face now up (it has that face's characteristics right after)."""
    from components.abilities import TriggerKind
    from systems.triggers import _add, _object_matches, triggers_of_kind

    game.refresh_layers()  # it has the characteristic right after it transforms (701.28e)
    for source, card, controller, index, ability in triggers_of_kind(game, TriggerKind.TRANSFORMS_INTO):
        trig = ability.trigger
        if trig.subject == "self" and source == ent or (
                trig.subject == "filter" and _object_matches(game, trig.filter, ent, controller, source)):
            _add(game, source, card, index, ability, controller, ent)


@registry.executor(Transform)
def _transform(game: Game, effect: Transform, ctx: EffectContext) -> None:
    if effect.group is not None:
        from systems.oracle_effects import members

        for member in members(game, ctx, effect.group)[0]:
            transform(game, member)  # each that can (701.28c); the others don't
        return
    ent = ctx.target(effect.target)
    if ent is None or ent not in game.table.row_of:
        return
    # 701.28f: an ability of this permanent does nothing if it transformed since the ability was put onto the stack.
    if (ent == ctx.self_object and game.world.has(ctx.source, AbilityOnStack)
            and ctx.source in game.transformed_with.get(ent, ())):
        return
    transform(game, ent)


def enter_transformed(game: Game, ent: int, controller: int) -> int | None:
    """Put a card onto the battlefield transformed (712.14a): with its back face up; one that isn't a
    transforming double-faced card stays where it is (None)."""
    from systems.zones import move

    co = game.obj(ent)
    card = whole_card(co)
    if co.is_token or co.is_copy or not is_transforming_card(card):
        return None
    game.set_card(ent, card.faces[1], card)
    return move(game, ent, Zone.BATTLEFIELD, controller=controller)


@registry.executor(ReturnTransformed)
def _return_transformed(game: Game, effect: ReturnTransformed, ctx: EffectContext) -> None:
    """'Exile ~, then return it to the battlefield transformed under its owner's / your control': the
    permanent, if it's still on the battlefield, is exiled; the card it became then enters with its back face
    up (712.14a). 'Return ~ to the battlefield transformed' from a graveyard: the card a dying permanent became
    (400.7e, ``target`` EVENT_OBJECT), or the card an Aura became in its owner's graveyard after the permanent it
    enchanted left (400.7f, ``target`` SELF)."""
    from systems.zones import move

    ent = ctx.self_object
    if not effect.exile_first:
        ability = game.world.try_get(ctx.source, AbilityOnStack)
        source = ability.source if ability is not None else -1  # the Aura that left (113.7a)
        card = ctx.event_object if effect.target != SELF else game.aura_became.get(source, -1)
        if card < 0 or not game.world.exists(card) or game.world.get(card, InZone).zone != Zone.GRAVEYARD:
            return
        enter_transformed(game, card, game.obj(card).owner if effect.under == "owner" else ctx.controller)
        return
    if ent < 0 or ent not in game.table.row_of:
        return
    owner = game.obj(ent).owner
    ent = move(game, ent, Zone.EXILE)
    if not game.world.exists(ent) or game.world.get(ent, InZone).zone != Zone.EXILE:
        return
    enter_transformed(game, ent, owner if effect.under == "owner" else ctx.controller)


# ------------------------------------------------------------------ disturb (702.146)


def disturb_of(card: CardDef) -> Disturb | None:
    if not is_transforming_card(card):
        return None
    return next((a for a in card.abilities if isinstance(a, Disturb)), None)


def disturb_variants(game: Game, player: int) -> list[CastSpell]:
    """702.146a: each card with disturb in ``player``'s graveyard, cast transformed (its back face up on the stack,
    712.11a) for its disturb cost, with its back face's timing and targets (712.11c-d)."""
    out: list[CastSpell] = []
    seen: set[str] = set()
    sorcery_ok: bool | None = None
    for ent, card in list(game.graveyard_activatable.items()):
        disturb = disturb_of(card)
        if disturb is None or card.name in seen:
            continue
        where = game.world.try_get(ent, InZone)
        if where is None or where.zone != Zone.GRAVEYARD or where.player != player:
            continue  # "from your graveyard"
        seen.add(card.name)  # identical cards are one option
        # (imported here, for a card with disturb: the pass-only proof asks at every stop)
        from systems.casting import sorcery_timing
        from systems.mechanics.additional_costs import payment_units
        from systems.mechanics.alternative_costs import spell_choices

        back = card.faces[1]
        if not any_time(game, player, back):
            if sorcery_ok is None:
                sorcery_ok = sorcery_timing(game, player)
            if not sorcery_ok:
                continue
        out.extend(spell_choices(game, player, ent, back, disturb.cost, "disturb", -1,
                                 payment_units(game, player, back)))
    return out


def disturb_cast(game: Game, player: int, card: CardDef) -> tuple[CardDef, ManaCost]:
    """The spell cast with disturb: the back face (712.11a, 702.146a), for the disturb cost (118.9)."""
    from systems.mechanics.alternative_costs import total_cost

    disturb = disturb_of(card)
    assert disturb is not None
    back = card.faces[1]
    return back, total_cost(game, player, back, disturb.cost)


# ------------------------------------------------------------------ incubate (701.51)


@registry.executor(Incubate)
def _incubate(game: Game, effect: Incubate, ctx: EffectContext) -> None:
    """701.51a: create an Incubator token that enters with N +1/+1 counters on it."""
    from systems.counters import add_counters
    from systems.oracle_effects import amount
    from systems.zones import create_token

    n = amount(game, ctx, effect.amount, effect.dynamic)
    for _ in range(effect.times):
        if not isinstance(effect.token, CardDef):  # compiled with the card, never while a game runs
            raise RuntimeError("incubate without its Incubator token (content/oracle/double_faced.py compiles it)")
        token = create_token(game, effect.token, ctx.controller)
        add_counters(game, token, "+1/+1", n)

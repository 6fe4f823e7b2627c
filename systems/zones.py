"""Zones and zone changes (CR 400-408).

A zone change makes a new object (CR 400.7): the old entity is deleted and a new one created, with
a last-known-information snapshot kept for abilities that need it (CR 608.2h).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final, NamedTuple

from components.abilities import (
    ActivatedAbility,
    ManaAbility,
    StaticEffect,
    StaticReplacement,
    TriggeredAbility,
)
from components.card import CardDef
from components.characteristics import CardType
from components.events import CardDrawn, Discarded, ZoneChanged
from components.objects import (
    BATTLEFIELD,
    EXILE,
    GRAVEYARD,
    HAND,
    LIBRARY,
    STACK,
    CardObject,
    Counter,
    InZone,
    StackItem,
    Zone,
)
from systems import mana
from systems.as_enters import abilities as as_enters_abilities
from systems.as_enters import entering
from systems.counters import add_counters
from systems.definition_memos import recall
from systems.layers import register_static_abilities, unregister_static_abilities
from systems.mana_triggers import register as register_mana_triggers
from systems.replacement import die_destination, enter_modifications, skips
from systems.replacement import register as register_replacements
from systems.replacement import unregister as unregister_replacements
from systems.static_rules import _RULE_KINDS, exiled_instead, exiled_instead_rows
from systems.trigger_index import sources
from systems.triggers import emit, triggered
from systems.triggers import register as register_triggers
from systems.triggers import unregister as unregister_triggers

if TYPE_CHECKING:
    import numpy as np

    from ecs.game import Game


def create_card(game: Game, card: CardDef, owner: int, zone: Zone, *, token: bool = False,
                top: bool = False) -> int:
    """Create a new object in a non-battlefield zone (setup, tokens)."""
    learn_card(game, card_notes(card))
    if zone == BATTLEFIELD:
        ent = game.world.create(CardObject(card, owner, token), InZone(zone, owner))
        enter_battlefield(game, ent, owner)
        return ent
    ent = game.world.create(CardObject(card, owner, token), InZone(zone, owner))
    _insert(game, ent, zone, owner, top)
    return ent


class CardNotes(NamedTuple):
    """What a game learns from a card created in it (``learn_card``): facts of the card's compiled abilities alone."""

    card: CardDef  # (held: keeps the card's id, the key of _CARD_NOTES, from being reused while kept)
    mechanics: frozenset[str]
    graveyard: bool  # abilities that work from a graveyard (702.97a, 113.6k)
    combat_types: bool  # prowl, freerunning: they read combat damage this turn (702.76a, 702.173a)
    top_rules: bool  # "play with the top card of your library revealed" and the like


# id(card) -> its notes, for the cards created lately (a card definition is compiled once and shared, never changed)
_CARD_NOTES: Final[dict[int, CardNotes]] = {}
_CARD_NOTES_MAX: Final = 4096  # (bounded: cleared when full)


def card_notes(card: CardDef) -> CardNotes:
    """The card's notes, kept per card object: exact, as they read only the card's own immutable abilities and the
    kept entry holds that very object (so the id names it and no other while kept)."""
    notes = _CARD_NOTES.get(id(card))
    if notes is not None and notes.card is card:
        if mana.CHECKS.on:  # (read at the call: tests turn it on)
            assert notes == _card_notes(card), f"stale notes for card {card.name}"
        return notes
    if len(_CARD_NOTES) >= _CARD_NOTES_MAX:
        _CARD_NOTES.clear()
    notes = _CARD_NOTES[id(card)] = _card_notes(card)
    return notes


def _card_notes(card: CardDef) -> CardNotes:
    # (loops, not any() over a generator: every distinct card of both libraries is read here)
    combat_types = top_rules = False
    for a in card.abilities:
        if getattr(a, "keyword", "") in ("prowl", "freerunning"):  # (not surge: it reads spells cast)
            combat_types = True
            break
    for a in card.abilities:
        if getattr(a, "kind", "").startswith(("top_", "hands_")) and type(a).__name__ == "PlayerRule":
            top_rules = True
            break
    return CardNotes(card, card.mechanics, activated_from_graveyard(card) or triggers_from_graveyard(card),
                     combat_types, top_rules)


def learn_card(game: Game, notes: CardNotes) -> None:
    """What a game learns as a card is created in it: the mechanics it pays for, the indexes it keeps."""
    mechanics = notes.mechanics
    if mechanics and not mechanics <= game.mechanics:
        game.enable_mechanics(mechanics)  # pay only for the mechanics the game's cards use
    if notes.graveyard:
        game.graveyard_abilities_seen = True  # from now on graveyards are indexed (game.graveyard_activatable)
    if notes.combat_types:
        game.combat_types_watched = True  # prowl, freerunning read combat damage this turn (702.76a, 702.173a)
    if notes.top_rules:
        game.top_rules_seen = True  # the top of a library may be seen or played (systems/hidden_zones.py)


def _insert(game: Game, ent: int, zone: Zone, player: int, top: bool) -> None:
    if zone == STACK:
        game.stack.append(ent)
    elif zone == BATTLEFIELD:
        raise AssertionError("battlefield entries go through enter_battlefield")
    else:
        lst = game.zones[player][zone]
        if top:
            lst.insert(0, ent)
        else:
            lst.append(ent)
        if zone == HAND:
            game.hand_versions[player] += 1
        elif zone == GRAVEYARD and game.graveyard_abilities_seen:
            index_graveyard_card(game, ent)


def hand_cards(game: Game, player: int) -> list[tuple[int, CardDef]]:
    """(entity, card) for each card in ``player``'s hand, in hand order. Kept until the hand changes
    (``hand_versions``): the hand's option caches (casting, costs, the casting mechanics) all read it, instead of
    each looking every card up again after every draw or cast."""
    version = game.hand_versions[player]
    cached = game.hand_filter_cache.get(("cards", player))
    if cached is not None and cached[0] == version:
        if mana.CHECKS.on:  # (read at the call: tests turn it on)
            fresh = [(ent, game.card(ent)) for ent in game.zones[player][HAND]]
            assert cached[1] == fresh, f"stale hand cards for player {player}"
        return cached[1]
    hand = game.zones[player][HAND]
    if game.copy_of:
        out = [(ent, game.card(ent)) for ent in hand]
    else:  # (no copy anywhere: ``game.card`` is each object's own card, read off the world's table; compiled, a zip
        # with ``strict`` is a generic call, and ``co`` typed makes ``.card`` a native read)
        table = game.world._entities
        out = []
        for ent in hand:
            co: CardObject = table[ent][CardObject]
            out.append((ent, co.card))
    game.hand_filter_cache[("cards", player)] = (version, out)
    return out


def activated_from_graveyard(card: CardDef) -> bool:
    """Has the card an ability activated from a graveyard (scavenge, 702.97a)?"""
    for a in card.abilities:  # noqa: SIM110 - not any(): a generator costs a call per ability, for every card created
        if getattr(a, "from_graveyard", False):
            return True
    return False


def triggers_from_graveyard(card: CardDef) -> bool:
    """Has the card a triggered ability that works from its owner's graveyard (113.6k)?"""
    for a in card.abilities:  # noqa: SIM110 - not any(): a generator costs a call per ability, for every card created
        if getattr(getattr(a, "trigger", None), "zone", "") == "graveyard":
            return True
    return False


def index_graveyard_card(game: Game, ent: int) -> None:
    card = game.world.get(ent, CardObject).card
    if activated_from_graveyard(card):
        game.graveyard_activatable[ent] = card
    if triggers_from_graveyard(card):
        game.trigger_sources[ent] = card  # systems/triggers.py: its owner controls it there (113.6k)


def _detach(game: Game, ent: int, where: InZone | None = None) -> InZone:
    """Take ``ent`` out of its zone's list or the permanent table; ``where``: its InZone, if read already."""
    if where is None:
        where = game.world.get(ent, InZone)
    elif mana.CHECKS.on:  # (read at the call: tests turn it on)
        assert where is game.world.get(ent, InZone), f"{ent} changed zones while it was moved"
    if where.zone == BATTLEFIELD:
        leave_battlefield(game, ent)
    elif where.zone == STACK:
        game.stack.remove(ent)
    else:
        game.zones[where.player][where.zone].remove(ent)
        if where.zone == HAND:
            game.hand_versions[where.player] += 1
        elif where.zone == GRAVEYARD and game.graveyard_abilities_seen:
            game.graveyard_activatable.pop(ent, None)
            game.trigger_sources.pop(ent, None)  # a graveyard trigger (113.6k)
    return where


#: What enter_battlefield reads off a card definition (``_enter_facts``)
EnterFacts = tuple[int, int, int, int, bool, bool, bool, bool, bool, bool, bool, bool, bool]

# id(card) -> (card, what enter_battlefield reads off the definition): a frozen CardDef's values never change, and the
# card is kept with them, so its id stays its own (as triggers._TRIGGERED)
_ENTER_FACTS: Final[dict[int, tuple[CardDef, EnterFacts]]] = {}


def _enter_facts(card: CardDef) -> EnterFacts:
    """The card's base power and toughness, supertypes and colors (as ints); whether it is a planeswalker with printed
    loyalty, has an "enters" replacement of its own, "as ~ enters" abilities, an activated ability, a mana ability;
    whether it is an Aura; whether it has static abilities (effects or rules), replacement abilities that apply on the
    battlefield, triggered abilities (what the registrations look for). Found once per card definition (each
    permanent that enters asks)."""
    return recall(_ENTER_FACTS, card, _card_enter_facts, mana.CHECKS.on)  # (CHECK_CACHES read at the call)


def _card_enter_facts(card: CardDef) -> EnterFacts:
    return (card.power.base if card.power is not None else 0,
            card.toughness.base if card.toughness is not None else 0,
            int(card.type_line.supertypes), int(card.colors),
            card.loyalty is not None and bool(card.type_bits & CardType.PLANESWALKER),
            any(isinstance(a, StaticReplacement) and a.spec.event == "enter" for a in card.abilities),  # 614.1c-d
            bool(as_enters_abilities(card)),
            any(isinstance(a, ActivatedAbility) for a in card.abilities), _has_mana_ability(card),
            "Aura" in card.type_line.subtypes,
            any(isinstance(a, (StaticEffect, *_RULE_KINDS)) for a in card.abilities),  # register_static_abilities
            any(isinstance(a, StaticReplacement) and not (a.self_only and a.spec.event == "enter")
                for a in card.abilities),  # replacement.register
            any(isinstance(a, TriggeredAbility) for a in card.abilities))  # triggers.register


def enter_battlefield(game: Game, ent: int, controller: int, *, tapped: bool = False) -> None:
    """Put an object's row in the permanent table (CR 110.2: under its controller's control)."""
    hook_cache = game.hook_cache  # (Game.hooks inlined: as each permanent enters; cleared, never replaced)
    hooks = hook_cache.get("zones.entering")
    for hook in game.hooks("zones.entering") if hooks is None else hooks:
        hook(game, ent)  # before it has a row: 702.145b, a daybound card enters transformed at night
    comps = game.world.components_of(ent)
    co: CardObject = comps[CardObject]
    card = co.card
    where: InZone = comps[InZone]
    if where.zone != BATTLEFIELD or where.player != controller:  # (most enter as made: move and create_card
        game.world.add(ent, InZone(BATTLEFIELD, controller))  # make it InZone(BATTLEFIELD, owner))
    power, toughness, supertypes, colors, loyalty, replaced, as_enters, activated, mana_ability, aura, statics, \
        replacing, triggering = _enter_facts(card)
    game.table.enter(  # (table.add's row, as base and controller both ``controller``) marks the layers and the
        ent,  # state checks dirty: computed on the next look
        tapped=tapped,
        cls=game.classes.class_for(card, controller, co.is_token),
        base_supertypes=supertypes,
        owner=co.owner,
        controller=controller,
        base_power=power,
        base_toughness=toughness,
        base_types=card.type_bits,
        base_colors=colors,
        base_keywords=card.keywords,
        produces=card.produces,
        sick=True,
        token=co.is_token,
        timestamp=game.new_timestamp(),  # CR 613.7d: a permanent's timestamp is when it entered
    )
    if loyalty and card.loyalty is not None:  # (``loyalty``: a planeswalker with printed loyalty)
        # CR 306.5b: a planeswalker enters with its printed loyalty in loyalty counters.
        add_counters(game, ent, "loyalty", card.loyalty)
    if game.replacements or replaced:
        # CR 614.1c-d, 614.12: "enters tapped" / "enters with counters" change how it enters.
        enters_tapped, counters = enter_modifications(game, ent, card)
        if enters_tapped:
            game.table.tap(ent)
        for kind, amount in counters.items():
            add_counters(game, ent, kind, amount)
    if as_enters:
        # "As ~ enters, you may pay 2 life ..." / "As ~ enters, choose a color." (614.12, 607.2d)
        entering(game, ent, card, (game.enter_choices or {}).get("as_enters"))
    if game.enter_choices is not None:
        # Choices made as it enters (unleash 702.98a, tribute 702.104a), asked before it moved.
        from systems.mechanics.entering import apply_enter_choices

        apply_enter_choices(game, ent)
    # (each registration looks for abilities of its kind: not called for a card that has none, as most lands; the
    # static abilities are those of the card the object has now, a copy's or a face chosen as it entered)
    if statics or game.card(ent) is not card:
        register_static_abilities(game, ent)
    if replacing:
        register_replacements(game, ent, card)
    if triggering:
        register_triggers(game, ent, card)
    if activated:
        game.activatable[ent] = card
    if mana_ability:
        game.mana_ability_sources.add(ent)  # '{T}: Add ...' (CR 605), used by systems/mana.py
    if aura:
        # (imported with this module, not here at the first Aura: that import, components.mana_spending's dataclasses
        # above all, costs ~8 M instructions compiled, which a first playout would pay)
        register_mana_triggers(game, ent, card)  # "Whenever enchanted land is tapped for mana, ..." (605.1b)
        game.has_auras = True
    # What the layers read changed with its row (marked by table.add) or marked itself (a static ability's effects):
    # the layers are dirtied again only if something looked at them since, so a row entering alone stays a change of
    # that row (systems/layers.update_rows).
    # (table.add made a state check due, with this row alone: what it reads besides the rows marks itself)
    game.table.mark_changed(layers=not game.table.layers_dirty, sba=False)
    # The mechanics' own steps as it enters, e.g. a Saga's first lore counter (714.3a), day or night (702.145d),
    # ascend's count (702.131b), a speed of 1 (702.179a), phasing noted (702.26a): hooks of the game's mechanics.
    hooks = hook_cache.get("zones.entered")
    for hook in game.hooks("zones.entered") if hooks is None else hooks:
        hook(game, ent, card)


def _has_mana_ability(card: CardDef) -> bool:
    for a in card.abilities:  # noqa: SIM110 - not any(): a generator costs a call per ability
        if isinstance(a, ManaAbility):
            return True
    return False


def leave_battlefield(game: Game, ent: int) -> None:
    """Remove a permanent's row, its counters and the effects of its static abilities."""
    game.refresh_layers()
    t = game.table
    controller, power, toughness, types, keywords, plus1, minus1, attached_to = t.last_known(t.row_of[ent])
    game.lki[ent] = {
        "name": game.card(ent).name,
        "controller": controller,
        "power": power,
        "toughness": toughness,
        "types": types,
        "keywords": keywords,
        "plus1": plus1,  # counters it had (persist 702.79a, undying 702.93a look back at them)
        "minus1": minus1,
        "attached_to": attached_to,  # "when enchanted creature dies" as both leave (603.10a)
        "combat": "attacking" if ent in game.combat.attackers else "blocking" if ent in game.combat.blocking else "",
    }
    unregister_static_abilities(game, ent)
    game.activatable.pop(ent, None)
    unregister_triggers(game, ent)
    if game.replacements:
        unregister_replacements(game, ent)
    for kind in ("+1/+1", "-1/-1", "loyalty"):
        key = (ent, kind)
        if key in game.counters:
            game.world.delete(game.counters.pop(key))
    for key in [k for k in game.counters if k[0] == ent]:
        game.world.delete(game.counters.pop(key))
    t.remove(ent)
    remove_from_combat(game, ent)
    # (as at the end of enter_battlefield; the state check is due with this row, marked by t.remove: what a row leaving
    # may make apply, an Aura or Equipment left attached to it, is looked at by systems/state_based._quiet_rows)
    game.table.mark_changed(layers=not t.layers_dirty, sba=False)


def remove_from_combat(game: Game, ent: int) -> None:
    """CR 506.4: a permanent removed from combat stops being an attacking or blocking creature.
    An attacker it blocked stays blocked (509.1h)."""
    game.combat.attackers.pop(ent, None)
    game.combat.blocking.pop(ent, None)
    for blockers in game.combat.blocked.values():
        if ent in blockers:
            blockers.remove(ent)
    game.combat.blocked.pop(ent, None)


#: No last known information (``move``'s reads of ``game.lki``; never written)
_NO_ROW: Final[dict[str, Any]] = {}

#: One InZone per (zone, player), shared by the objects ``move`` puts there (an immutable value, as copies of a game
#: share it: ecs/state_copy.py).
_IN_ZONE: Final[dict[tuple[int, int], InZone]] = {}


def move(game: Game, ent: int, zone: Zone, *, top: bool = False, controller: int | None = None) -> int:
    """Move an object to ``zone`` as a new object (CR 400.7); returns the new entity.

    Cards go to their owner's library, hand or graveyard (CR 400.3). A token that leaves the
    battlefield still moves (it ceases to exist as a state-based action, CR 704.5d); a token
    moving off the battlefield is handled the same way here.
    """
    world = game.world
    comps = world._entities[ent]  # (World.components_of inlined: its components read in one call, ~140 moves a game)
    co: CardObject = comps[CardObject]
    in_zone: InZone = comps[InZone]
    from_zone = in_zone.zone
    left = from_zone == BATTLEFIELD  # (each test read once: most moves are between hand, library, stack, graveyard)
    if co.is_token and not left:
        return ent  # CR 111.8: a token that has left the battlefield stays where it is
    if left:
        left_hooks = game.hooks("zones.left_battlefield")
        for instead in game.hooks("zones.leave_destination"):
            zone = instead(game, ent, zone)  # e.g. unearth: exiled instead (702.84a, 614.1a)
    else:
        left_hooks = ()
    if zone == GRAVEYARD and not co.is_token and exiled_instead(co.card):
        zone = EXILE  # "If ~ would be put into a graveyard from anywhere, exile it instead" (614.1a, 616.1a)
    if left and zone == GRAVEYARD and game.replacements:
        # CR 614.1a: "If ... would die, [go elsewhere] instead."
        where, ready = die_destination(game, ent)
        if not ready:
            raise ReplacementPending
        zone = {"exile": EXILE, "hand": HAND, "library": LIBRARY}.get(where, GRAVEYARD)
    item: StackItem | None = comps.get(StackItem) if from_zone == STACK else None  # (no hook ran since: as read)
    if item is not None and item.cost:
        from systems.mechanics.additional_costs import leave_stack_zone

        zone = leave_stack_zone(game, ent, zone)  # flashback: exiled instead (702.34a)
    entered = zone == BATTLEFIELD
    orphan = left and zone == GRAVEYARD and game.has_auras and orphaned_aura(game, ent)
    # The old object's components (its designations, e.g. blitzed) as it last existed, for the hooks (603.10a).
    was = world.components_of(ent) if left_hooks else None
    if left:
        _detach(game, ent)
    # _detach of an object off the battlefield, inlined (most moves): ``in_zone`` is its InZone, as read above
    elif from_zone == STACK:
        game.stack.remove(ent)
    else:
        game.zones[in_zone.player][from_zone].remove(ent)
        if from_zone == HAND:
            game.hand_versions[in_zone.player] += 1
        elif from_zone == GRAVEYARD and game.graveyard_abilities_seen:
            game.graveyard_activatable.pop(ent, None)
            game.trigger_sources.pop(ent, None)  # a graveyard trigger (113.6k)
    # The old object deleted and the new one created, in one call. Its components are immutable values: the old
    # CardObject serves again when the new one would equal it field for field (the same card, as most moves), and one
    # InZone per zone and player serves every object there.
    printed = co.printed
    if printed is None and not co.is_copy:
        obj = co  # (the usual card: the same card, no printed one to go back to, a token stays one)
    else:
        card = co.card
        if printed is not None and not entered:
            card, printed = printed, None  # it is the card as printed again (709.3b, 702.96a, 702.103b)
        # 707.10f: a copy of a permanent spell (storm, 702.40a) becomes a token permanent as it resolves.
        token = co.is_token or (co.is_copy and from_zone == STACK and entered)
        obj = co if card is co.card and printed is co.printed and token is co.is_token else CardObject(
            card, co.owner, token, co.is_copy, printed)
    there = _IN_ZONE.get((zone, co.owner))
    if there is None or there.zone is not zone:  # (a zone given as a plain int keeps its own InZone)
        there = _IN_ZONE[(zone, co.owner)] = InZone(zone, co.owner)
    new = world.renew(ent, obj, there)
    if orphan:
        game.aura_became[ent] = new  # 400.7f: abilities of the Aura can find it in the graveyard
    if entered:
        if item is not None and item.cost:
            game.cast_costs[new] = item.cost  # how its spell was cast: "if it was kicked" (702.33d)
        if item is not None and not co.is_copy:
            game.cast_from[new] = (int(item.from_zone), item.controller)  # "if you cast it from your hand"
        # (``in`` and ``del``, not ``pop(new, None)``: compiled, pop with a default is a generic method call)
        if item is not None and item.x:
            game.cast_x[new] = item.x  # 107.3m: "enters with X counters" uses the spell's X
        elif new in game.cast_x:
            del game.cast_x[new]
        if item is not None and item.spent:
            game.cast_spent[new] = item.spent  # "for each color of mana spent to cast it" (converge, adamant)
        elif new in game.cast_spent:
            del game.cast_spent[new]
        enter_battlefield(game, new, co.owner if controller is None else controller)
        if item is not None and item.cost:
            for hook in game.hooks("zones.entered_from_stack"):
                hook(game, new, item)  # e.g. suspend's haste (702.62a), offspring's copy (702.175a), evoke, gift
    else:  # _insert, inlined as _detach above (``zone`` is not the battlefield)
        if zone == STACK:
            game.stack.append(new)
        else:
            lst = game.zones[co.owner][zone]
            if top:
                lst.insert(0, new)
            else:
                lst.append(new)
            if zone == HAND:
                game.hand_versions[co.owner] += 1
            elif zone == GRAVEYARD and game.graveyard_abilities_seen:
                index_graveyard_card(game, new)
        if co.is_token or (co.is_copy and zone != STACK):
            game.tokens_adrift = True  # CR 704.5d-e will make it cease to exist
    # A state check is due if a state-based action may now apply: a permanent came or went (the table marked it too),
    # or a token or copy is outside its zone (704.5d-e). A card moving between hand, library, graveyard, stack and
    # exile makes none apply by itself; a number the layers count there is compared before each priority
    # (systems/layers.layer_inputs), and an ability leaving the stack marks its own (704.5s, systems/stack.py).
    # (a row that came or went made the check due already, naming that row: systems/state_based._quiet_rows)
    t = game.table
    # (t.mark_changed(layers=False, sba=...), inlined: a call with keywords costs as much as its body, at each move)
    t.version += 1
    if game.tokens_adrift or ((left or entered) and not t.sba_dirty):
        t.sba_dirty = True
        t.sba_rows = None
    if left or entered:
        # (typed: compiled, ``get`` on a row read as Any is a generic method call; a row is a plain dict)
        lki: dict[str, Any] = game.lki.get(ent, _NO_ROW)
        emit(game, ZoneChanged(ent, new, co.card, int(from_zone), int(zone), co.owner,
                               lki.get("controller", co.owner), lki.get("types", co.card.type_bits), co.is_token))
        if left and game.linked_exile:
            return_linked_exile(game, [ent])
        if left_hooks:
            lki = game.lki.get(ent, _NO_ROW)
            for hook in left_hooks:  # e.g. recover (702.59a), blitz's "draw a card" (702.152a)
                hook(game, ent, new, zone, co.owner, lki.get("controller", co.owner),
                     lki.get("types", co.card.type_bits), was)
    return new


def orphaned_aura(game: Game, ent: int) -> bool:
    """Is this permanent an Aura whose enchanted object has left the battlefield (400.7f, 704.5m)?"""
    t = game.table
    row = t.row_of.get(ent)
    if row is None:
        return False
    target = int(t.attached_to[row])
    return target >= 0 and target not in t.row_of and "Aura" in game.card(ent).type_line.subtypes


def return_linked_exile(game: Game, left: list[int]) -> None:
    """CR 610.3a: cards exiled "until [this] leaves the battlefield" return to the battlefield under their
    owners' control as soon as it leaves (a one-shot effect that happens at once)."""
    for source in left:
        for card in game.linked_exile.pop(source, []):
            if card in game.linked_exile_hand:  # exiled from a hand: it returns to its previous zone (610.3)
                game.linked_exile_hand.discard(card)
                if game.world.exists(card) and game.world.get(card, InZone).zone == EXILE:
                    game.say(f"{game.name(card)} returns to its owner's hand")
                    move(game, card, HAND)
                continue
            if game.world.exists(card) and game.world.get(card, InZone).zone == EXILE:
                game.say(f"{game.name(card)} returns to the battlefield")
                move(game, card, BATTLEFIELD, controller=game.obj(card).owner)


def create_token(game: Game, card: CardDef, controller: int, *, tapped: bool = False) -> int:
    """CR 111.2: the player who creates a token owns it; it enters under that player's control."""
    if card.mechanics and not card.mechanics <= game.mechanics:
        game.enable_mechanics(card.mechanics)
    ent = game.world.create(CardObject(card, controller, True), InZone(BATTLEFIELD, controller))
    enter_battlefield(game, ent, controller, tapped=tapped)
    game.say(f"{game.player_states[controller].name} creates a {card.name} token")
    emit(game, ZoneChanged(-1, ent, card, -1, int(BATTLEFIELD), controller, controller, card.type_bits, True))
    return ent


def put_on_stack(game: Game, ent: int, controller: int, targets: tuple[int, ...]) -> int:
    """Move a card to the stack as a spell (CR 601.2a) and record its targets."""
    new = move(game, ent, STACK)
    there = _IN_ZONE.get((STACK, controller))  # (move's shared InZone values)
    if there is None or there.zone is not STACK:
        there = _IN_ZONE[(STACK, controller)] = InZone(STACK, controller)
    if game.world._entities[new][InZone] is not there:  # (move gave it its owner's: the same unless cast by another)
        game.world.add(new, there)
    game.world.add(new, StackItem(controller, targets))
    return new


class ReplacementPending(Exception):
    """A move needs a player's choice among replacement effects (CR 616.1) made before it happens."""


def draw(game: Game, player: int, count: int = 1) -> None:
    """Draw cards (CR 121). Drawing from an empty library is remembered for SBA 704.5b."""
    state = game.player_states[player]
    for _ in range(count):
        if game.replacements:
            if skips(game, "draw", player):
                continue  # CR 614.1b: the draw is skipped
        if game.mechanics:
            replaced = False
            replaces = game.hook_cache.get("draw.replace")  # (Game.hooks inlined: at each draw)
            for replace in game.hooks("draw.replace") if replaces is None else replaces:
                if replace(game, player):  # (a loop: any() over a generator costs more)
                    replaced = True
                    break
            if replaced:
                continue  # a mechanic's replacement of this draw (614.1a), e.g. dredge; or its choice, asked first
        library = game.zones[player][LIBRARY]
        if not library:
            state.drew_from_empty_library = True
            game.table.mark_players_changed()  # 704.5b reads it: no row changed (systems/state_based._quiet_rows)
            continue
        card = move(game, library[0], HAND)
        if game.turn >= 1:
            if state.drawn_turn != game.turn:
                state.drawn_turn, state.drawn_this_turn = game.turn, 0
            state.drawn_this_turn += 1  # "the second card you draw each turn" (603.2), miracle (702.94a)
            afters = game.hook_cache.get("draw.after")  # (Game.hooks inlined, as above)
            for drew in game.hooks("draw.after") if afters is None else afters:
                drew(game, player, card)
        if game.trigger_sources and game.turn >= 1 and sources(game, CardDrawn):  # (none watching: nothing to match)
            emit(game, CardDrawn(player, card))  # "Whenever you draw a card" (121.1, 603.2)


def discard(game: Game, player: int, card: int) -> int:
    """A player discards a card from their hand (CR 701.8a): it goes to its owner's graveyard, and
    "whenever a player discards a card" abilities see it. Returns the card's new entity."""
    game.say(f"{game.player_states[player].name} discards {game.name(card)}")
    zone = GRAVEYARD
    for instead in game.hooks("zones.discard_destination"):
        zone = instead(game, card, zone)  # madness: exiled instead of put into the graveyard (702.35a)
    new = move(game, card, zone)
    if game.trigger_sources:
        emit(game, Discarded(player, new))
    for hook in game.hooks("zones.discarded"):
        hook(game, new, zone)  # mayhem: "if you discarded it this turn"; madness: "when exiled this way" (702.35a)
    return new


def shuffle_library(game: Game, player: int) -> None:
    """Shuffle with the game's own generator (CR 701.20), so the same seed gives the same order."""
    library = game.zones[player][LIBRARY]
    order = game.rng.permutation(len(library))
    game.zones[player][LIBRARY] = [library[i] for i in order]


def delete_object(game: Game, ent: int) -> None:
    """An object ceases to exist (a token outside the battlefield, CR 111.7 / 704.5d)."""
    _detach(game, ent)
    game.world.delete(ent)


def zone_cards(game: Game, player: int, zone: Zone) -> list[int]:
    if zone == BATTLEFIELD:
        t = game.table
        game.refresh_layers()
        ents = t.view("entity")
        return ents[t.view("controller") == player].tolist()
    if zone == STACK:
        return [e for e in game.stack if game.world.get(e, InZone).player == player]
    return list(game.zones[player][zone])


__all__ = ["Counter", "create_card", "delete_object", "draw", "enter_battlefield", "move", "shuffle_library"]


# ---------------------------------------------------------------------------------------------
# Bulk zone changes (large boards): the same steps as leave_battlefield + move for many permanents
# at once, as column operations. Added for combat (systems/combat.py, CR 510 + 704 in bulk).


def move_rows_to_graveyard(game: Game, rows: object) -> list[int]:
    """Put the permanents in table ``rows`` into their owners' graveyards at once (CR 400.7, 704.3).

    Equivalent to calling :func:`move` (to the graveyard) for each row in the given order: each
    becomes a new object at the end of its owner's graveyard, with last known information kept
    (608.2h), its counters and static effects gone and it removed from combat (506.4). Returns the
    new entities in the same order.
    """
    import gc

    import numpy as np

    rows = np.asarray(rows, dtype=np.int64)
    if not len(rows):
        return []
    exiling = exiled_instead_rows(game, rows)
    for alone in game.hooks("zones.moves_alone"):
        # Permanents a mechanic's designation sends elsewhere or that trigger on leaving (unearth 702.84a, blitz
        # 702.152a) move one by one, with move()'s rules.
        special = alone(game, game.table.entity[rows])
        if special is not None and special.any():
            exiling = special if exiling is None else (exiling | special)
    if exiling is not None:  # cards that go to exile instead (614.1a) move one by one, first
        t = game.table
        rest = t.entity[rows[~exiling]]
        for ent in t.entity[rows[exiling]].tolist():
            move(game, ent, GRAVEYARD)
        rows = t.rows_of(rest)
        if not len(rows):
            return []
    # Creating this many objects at once would start a cyclic-GC pass over the whole world again
    # and again (none of them is garbage): pause it for the move.
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        return _move_rows_to_graveyard(game, rows)
    finally:
        if was_enabled:
            gc.enable()


def _move_rows_to_graveyard(game: Game, rows: np.ndarray) -> list[int]:
    import numpy as np

    game.refresh_layers()
    t = game.table
    ents = t.entity[rows].tolist()
    owner_of = t.owner[rows].astype(np.int64)
    cols = [getattr(t, c)[rows].tolist() for c in ("controller", "power", "toughness", "types", "keywords",
                                                   "plus1", "minus1", "attached_to")]
    dying = set(ents)
    for ent in dying & game.static_effects.keys():
        unregister_static_abilities(game, ent)
    for ent in dying & game.activatable.keys():
        game.activatable.pop(ent, None)
    for ent in dying & game.trigger_sources.keys():
        unregister_triggers(game, ent)
    counter_keys = [k for k in game.counters if k[0] in dying]
    game.world.delete_many([game.counters.pop(k) for k in counter_keys])
    attacking, blocking = set(game.combat.attackers), set(game.combat.blocking)  # before they leave combat
    t.remove_many(rows)
    combat = game.combat
    if combat.attackers or combat.blocking:
        for ent in ents:
            if ent in combat.attackers or ent in combat.blocking:
                remove_from_combat(game, ent)
    # The new objects (400.7) take over the old objects' CardObject and InZone (same card, owner and
    # token/copy status; the zone changes), which nothing else holds once the old entities are gone.
    new, components = game.world.renew_many(ents, (CardObject, InZone))
    objs = [c[CardObject] for c in components]
    for i, co in enumerate(objs):
        if co.printed is not None:  # a bestowed Aura is the card again off the battlefield (702.103b)
            objs[i] = components[i][CardObject] = CardObject(co.printed, co.owner, co.is_token, co.is_copy)
    # The same fields leave_battlefield keeps, stored as columns: a dict per object is built only when asked (608.2h).
    combat_col = ["attacking" if e in attacking else "blocking" if e in blocking else "" for e in ents] \
        if attacking or blocking else [""] * len(ents)
    game.lki.add_batch(ents, {
        "name": [co.card.name for co in objs], "controller": cols[0], "power": cols[1], "toughness": cols[2],
        "types": cols[3], "keywords": cols[4], "plus1": cols[5], "minus1": cols[6], "attached_to": cols[7],
        "combat": combat_col})
    graveyard = GRAVEYARD
    # (``found``, not ``c``: compiled, a name has one type, and the loops below bind a controller, an int)
    for found, owner in zip(components, owner_of.tolist(), strict=True):
        found[InZone] = InZone(graveyard, owner)
    new_arr = np.array(new, dtype=np.int64)
    for p in np.unique(owner_of).tolist():
        game.zones[p][graveyard].extend(new_arr[owner_of == p].tolist())
    if game.graveyard_abilities_seen:
        for ent in new:
            index_graveyard_card(game, ent)
    if any(co.is_token or co.is_copy for co in objs):
        game.tokens_adrift = True  # CR 704.5d-e
    game.table.mark_changed()
    if game.trigger_sources or any(triggered(card) for card in {id(co.card): co.card for co in objs}.values()):
        # Dies / leaves-the-battlefield triggers (603.6c, 603.10a), as move() would report them.
        for old, nw, co, c, ty in zip(ents, new, objs, cols[0], cols[3], strict=True):
            emit(game, ZoneChanged(old, nw, co.card, int(BATTLEFIELD), int(graveyard), co.owner, c, ty,
                                   co.is_token))
    if game.linked_exile:
        return_linked_exile(game, ents)
    left_hooks = game.hooks("zones.left_battlefield")
    if left_hooks:  # as move() reports them (recover, 702.59a); objects with designations moved alone, above
        for old, nw, co, c, ty in zip(ents, new, objs, cols[0], cols[3], strict=True):
            for hook in left_hooks:
                hook(game, old, nw, graveyard, co.owner, c, ty, _NO_COMPONENTS)
    return new


_NO_COMPONENTS: Final[dict[type, object]] = {}

"""Triggered abilities (CR 603): matching events, then putting them on the stack before priority.

Systems emit typed events (components/events.py) with :func:`emit`. Each event is matched at once
against the triggered abilities of permanents on the battlefield, and, for leaves-the-battlefield
triggers, against the leaving object's own abilities (they "look back in time", 603.10a). What
triggered waits in ``game.waiting_triggers`` until a player would next receive priority; then
each player, in APNAP order, puts their triggers on the stack in the order they choose, choosing
targets as they do (603.3b-d).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, Final

import numpy as np

from components.abilities import Condition, PermanentFilter, TriggeredAbility, TriggerKind
from components.characteristics import CardType
from components.events import (
    Attacked,
    BecameTapped,
    BecameUntapped,
    Blocked,
    CardDrawn,
    DamageDealt,
    DamageReceived,
    DamageTotal,
    Discarded,
    Event,
    LifeGained,
    Sacrificed,
    SpellCast,
    StepBegan,
    Targeted,
    Unblocked,
    ZoneChanged,
)
from components.objects import (
    BATTLEFIELD,
    GRAVEYARD,
    HAND,
    STACK,
    AbilityOnStack,
    InZone,
    PendingTrigger,
    StackItem,
)
from content.registry import condition_for
from ecs.actions import Decision, DecisionKind, PutTrigger
from systems import mana
from systems.definition_memos import recall
from systems.history import check as history_check
from systems.history import zone_changed
from systems.layers import filter_mask, filter_row, table_frame
from systems.static_rules import _reads_state as reads_state
from systems.static_rules import check as static_rules_check
from systems.trigger_events import (
    any_attacker_matches,
    attached_controller_is,
    cast_matches,
    crime_matches,
    damaged_by,
    departed,
    first_life_gain,
    first_of_batch,
    graveyard_owner,
    look_back,
    note_damage,
    targeted_matches,
)
from systems.trigger_index import TriggerSources, sources, zone_sources

if TYPE_CHECKING:
    from components.card import CardDef
    from ecs.game import Game

CREATURE: Final = int(CardType.CREATURE)


# id(card) -> (card, its triggered abilities with their indices): a card's abilities never change (a frozen CardDef's
# tuple), and the card is kept with them, so its id stays its own (as costs._CARD_MODIFIERS)
_TRIGGERED: Final[dict[int, tuple[CardDef, tuple[tuple[int, TriggeredAbility], ...]]]] = {}


def triggered_abilities(card: CardDef) -> tuple[tuple[int, TriggeredAbility], ...]:
    """The card's triggered abilities with their indices among its abilities (found once per card: asked for each
    source at each event, ~90 times a game)."""
    return recall(_TRIGGERED, card, _triggered, mana.CHECKS.on)  # (CHECK_CACHES read at the call: tests turn it on)


def _triggered(card: CardDef) -> tuple[tuple[int, TriggeredAbility], ...]:
    return tuple([(i, a) for i, a in enumerate(card.abilities) if isinstance(a, TriggeredAbility)])


def triggered(card: CardDef) -> bool:
    """Does the card have any triggered ability?"""
    return any(isinstance(a, TriggeredAbility) for a in card.abilities)


def register(game: Game, permanent: int, card: CardDef) -> None:
    for a in card.abilities:  # (a loop: any() over a generator costs more, as each permanent enters)
        if isinstance(a, TriggeredAbility):
            game.trigger_sources[permanent] = card
            break


def unregister(game: Game, permanent: int) -> None:
    ts = game.trigger_sources
    if isinstance(ts, TriggerSources):
        ts.discard(permanent)  # (pop's default is a generic call compiled)
    else:
        ts.pop(permanent, None)


def check_condition(game: Game, cond: Condition | None, controller: int, source: int = -1,
                    event_object: int = -1) -> bool:
    """An intervening-if condition (CR 603.4) or an "as long as" condition (611.3a) for ``controller``;
    ``source`` is the object whose ability it is ("as long as ~ is tapped"), ``event_object`` what the
    trigger event was about ("if that creature ...")."""
    if cond is None:
        return True
    if cond.negate:
        from dataclasses import replace

        return not check_condition(game, replace(cond, negate=False), controller, source, event_object)
    state = game.player_states[controller]
    if cond.kind in ("hand_at_least", "hand_at_most"):
        n = len(game.zones[controller][HAND])
        return n >= cond.n if cond.kind == "hand_at_least" else n <= cond.n
    if cond.kind == "graveyard_at_least":
        return len(game.zones[controller][GRAVEYARD]) >= cond.n
    if cond.kind in ("source_tapped", "source_untapped", "source_attacking"):
        row = game.table.row_of.get(source)
        if row is None:
            return False
        if cond.kind == "source_attacking":
            return source in game.combat.attackers
        return bool(game.table.tapped[row]) == (cond.kind == "source_tapped")
    if cond.kind == "life_at_least":
        return state.life >= cond.n
    if cond.kind == "life_at_most":
        return state.life <= cond.n
    if cond.kind == "your_turn":
        return game.active == controller
    if cond.kind in ("you_control", "opponent_controls"):
        t = game.table
        if not t.n:
            return cond.n <= 0
        f = cond.filter or PermanentFilter()
        mask = filter_mask(f, table_frame(game), controller)
        from systems.oracle_effects import state_mask

        mask &= state_mask(game, f)
        ctrl = t.controller[: t.n]
        mask &= (ctrl == controller) if cond.kind == "you_control" else (ctrl != controller)
        if f.exclude_source and source >= 0:
            mask &= t.entity[: t.n] != source  # "if you control another ..."
        return int(np.count_nonzero(mask)) >= max(cond.n, 1)

    seen = history_check(game, cond.kind, cond.n, controller)  # "if a creature died this turn" ...
    if seen is not None:
        return seen
    held = static_rules_check(game, cond, controller, source, event_object)  # content/oracle/statics.py kinds
    if held is not None:
        return held
    check = condition_for(cond.kind)  # conditions of keyword abilities with their own rules (systems/mechanics)
    if check is not None:
        return bool(check(game, cond, controller, source, event_object))
    raise ValueError(f"unknown condition {cond.kind!r}")


def _object_matches(game: Game, f: PermanentFilter | None, obj: int, you: int, source: int) -> bool:
    """Does a permanent on the battlefield match a trigger's filter, seen from ``you``?"""
    if f is None:
        return True
    if f.subtypes_any and f.subtypes_any[0].startswith("<"):
        from systems.choices import linked_choice

        f = linked_choice(game, source, f)  # "another creature of the chosen type" (607.2d)
    t = game.table
    row = t.row_of.get(obj)
    if row is None:
        return False
    if f.exclude_source and obj == source:
        return False
    # (one row read as Python ints: whole-column masks for one object cost more, at each creature entering)
    game.refresh_layers()
    matches = filter_row(f, game, row, you)
    if mana.CHECKS.on:  # (read at the call: tests turn it on)
        assert matches == bool(filter_mask(f, table_frame(game), you)[row]), f"filter_row differs: {f}"
    if not matches:
        return False
    if not reads_state(f):
        return True  # (state_mask would be every row)
    from systems.oracle_effects import state_mask

    return bool(state_mask(game, f)[row])  # power, tapped, mana value ... (content/oracle filters)


def _lki_matches(game: Game, f: PermanentFilter | None, ev: ZoneChanged | Sacrificed, you: int, source: int) -> bool:
    """The same test for an object that has just left the battlefield (look back in time, 603.10a): a zone change
    or a sacrifice (systems/trigger_events.py), which carry the same last known fields."""
    if f is None:
        return True
    if f.subtypes_any and f.subtypes_any[0].startswith("<"):
        from systems.choices import linked_choice

        f = linked_choice(game, source, f)  # "another creature of the chosen type" (607.2d)
    if f.exclude_source and ev.old == source:
        return False
    types = ev.types
    card = ev.card
    if f.types_any and not types & f.types_any:
        return False
    if f.types_none and types & f.types_none:
        return False
    if f.types_all and types & f.types_all != f.types_all:
        return False  # "artifact creatures"
    if f.controller == "you" and ev.controller != you:
        return False
    if f.controller == "opponent" and ev.controller == you:
        return False
    if f.token is not None and ev.token != f.token:
        return False
    if f.colors_any and not int(card.colors) & f.colors_any:
        return False
    if f.colors_none and int(card.colors) & f.colors_none:
        return False
    if f.color_count:
        from systems.layers import color_count_ok

        if not color_count_ok(int(card.colors), f.color_count):
            return False
    if f.subtypes_none and set(f.subtypes_none) & set(card.type_line.subtypes):
        return False
    if f.subtypes_any and not set(f.subtypes_any) & set(card.type_line.subtypes):
        return False
    if (f.keywords_any or f.keywords_none or f.power_at_most is not None or f.power_at_least is not None
            or f.toughness_at_most is not None or f.toughness_at_least is not None or f.with_counter
            or f.without_counter or f.combat):
        from systems.trigger_events import lki_state_matches

        return lki_state_matches(game, f, ev.old)  # "a creature with flying", "with power 1 or less" (603.10a)
    return True


def _add(game: Game, source: int, card: CardDef, index: int, ability: TriggeredAbility, controller: int,
         event_object: int = -1, amount: int = 0) -> None:
    if not check_condition(game, ability.condition, controller, source, event_object):
        return  # CR 603.4: an intervening "if" that is false: the ability doesn't trigger
    if ability.trigger.once_each_turn:
        # "This ability triggers only once each turn." (a permanent that left and returned is a new object, 400.7)
        key = (source, ability.text)  # one printed ability, though it may be two (several trigger events)
        if game.triggered_this_turn.get(key) == game.turn:
            return
        game.triggered_this_turn[key] = game.turn
    game.trigger_uid += 1
    game.waiting_triggers.append(PendingTrigger(game.trigger_uid, source, card, index, controller, event_object,
                                                amount))


def emit(game: Game, event: Event) -> None:
    """Match one event against every triggered ability that could see it."""
    if isinstance(event, ZoneChanged):

        zone_changed(game, event)  # this turn's history (systems/history.py): morbid, revolt
        if event.from_zone == BATTLEFIELD:
            died = event.to_zone == GRAVEYARD and bool(event.types & CREATURE)
            lki = game.lki
            last = lki.get(event.old)  # (a row is a dict, never None)
            if last is not None and (game.trigger_sources or triggered(event.card)):
                # "you gain life equal to its toughness": the card it became is read as the permanent last
                # existed on the battlefield (608.2h, 603.10a). (``in`` and ``[]=``, not ``setdefault``: compiled, a
                # method of the dict subclass LastKnown is an interpreted call; ``event.new`` is a new object, never in
                # a bulk batch, so both builds read the same)
                if event.new not in lki:
                    lki[event.new] = last
            # The leaving object's own abilities (CR 603.10a: they look back in time).
            card = event.card
            if game.grants.granted or game.grants.left:
                from systems.granted import left_card

                card = left_card(game, event.old, card)  # with the abilities granted to it as it left (603.10a)
            for index, ability in triggered_abilities(card):
                k = ability.trigger.kind
                to_graveyard = event.to_zone == GRAVEYARD
                if ability.trigger.subject == "self" and (k == TriggerKind.LEAVES or (k == TriggerKind.DIES and died)
                                                          or (k == TriggerKind.PUT_INTO_GRAVEYARD and to_graveyard)):
                    _add(game, event.old, card, index, ability, event.controller, event.new)
            if game.zone_batch is not None:
                game.zone_batch.append((event, died))  # leaving together: matched as the batch ends (603.10a)
            else:
                _observers(game, event, died)
        if event.to_zone == BATTLEFIELD:
            _observers(game, event, False)
        return
    if isinstance(event, DamageDealt) and event.source in game.trigger_sources:
        note_damage(game, event)  # "a creature dealt damage by ~ this turn" (systems/trigger_events.py)
    if isinstance(event, DamageDealt):
        for hook in game.hooks("triggers.damage_dealt"):
            hook(game, event)  # e.g. CR 702.99a: the ability a cipher card grants the creature it's encoded on
    if isinstance(event, SpellCast):
        if event.spell not in game.lki:  # (not setdefault: see above)
            game.lki[event.spell] = {"controller": event.controller}  # "that player" once it has left
        # "When you cast this spell" (CR 603.2, 601.2i): the spell's own ability, from the stack.
        for index, ability in triggered_abilities(event.card):
            if ability.trigger.kind == TriggerKind.CAST and ability.trigger.subject == "cast_self":
                _add(game, event.spell, event.card, index, ability, event.controller, event.spell)
    if isinstance(event, Sacrificed):
        from systems.trigger_events import sacrificed

        sacrificed(game, event)  # "whenever you sacrifice ..." (701.21a), with the sacrificed one's own abilities
        return
    if not game.trigger_sources:
        return
    candidates = sources(game, type(event))  # only the permanents whose abilities see this event (603.2)
    if not candidates:
        return
    t = game.table
    game.refresh_layers()
    for source, card in candidates:
        row = t.row_of.get(source)
        if row is None:
            controller = game.grants.emblems.get(source, -1)  # an emblem's abilities work from the command
            if controller < 0:  # zone (114.4, systems/mechanics/emblem.py)
                controller = graveyard_owner(game, source)  # a card in a graveyard (113.6k)
            if controller < 0:
                continue
        elif t.no_abilities[row] and source not in game.grants.granted:
            continue  # CR 613.1f: no abilities, nothing triggers (but abilities granted after, systems/granted.py)
        else:
            controller = int(t.controller[row])
        in_graveyard = row is None and source not in game.grants.emblems
        for index, ability in triggered_abilities(card):
            trig = ability.trigger
            k = trig.kind
            if (trig.zone == "graveyard") != in_graveyard:
                continue  # 113.6k: a graveyard ability works only there, the others not there
            if isinstance(event, Attacked) and k in (TriggerKind.ATTACKS, TriggerKind.ATTACKS_OR_BLOCKS):
                if _subject_is(game, trig, event.attacker, source, controller) and (
                        not trig.defender or _defender_is(game, trig.defender, event.defender)) and (
                        _attackers_ok(game, trig)):
                    _add(game, source, card, index, ability, controller, event.attacker)
            elif isinstance(event, Attacked) and k == TriggerKind.YOU_ATTACK:
                # once per declaration: on the first attacker's event (508.1m)
                if event.attacker == next(iter(game.combat.attackers), -1) and _whose(trig.whose, event.controller,
                                                                                       controller) and (
                        _attackers_ok(game, trig)) and (
                        (trig.filter is None and not trig.detail) or any_attacker_matches(game, trig, controller)):
                    # "you attack with one or more Birds", "one or more creatures attack you"
                    _add(game, source, card, index, ability, controller)
            elif isinstance(event, Blocked) and k == TriggerKind.BECOMES_BLOCKED:
                if _first_block(game, event) and _subject_is(game, trig, event.attacker, source, controller):
                    _add(game, source, card, index, ability, controller, event.attacker)
            elif isinstance(event, Blocked) and k in (TriggerKind.BLOCKS_CREATURE, TriggerKind.BECOMES_BLOCKED_BY,
                                                      TriggerKind.BLOCKS_OR_BLOCKED_BY):
                # 509.3b / 509.3d: once per blocker-attacker pair; the event object is the other creature
                if k != TriggerKind.BECOMES_BLOCKED_BY and _subject_is(game, trig, event.blocker, source, controller) \
                        and _object_matches(game, trig.other, event.attacker, controller, -1):
                    _add(game, source, card, index, ability, controller, event.attacker)
                if k != TriggerKind.BLOCKS_CREATURE and _subject_is(game, trig, event.attacker, source, controller) \
                        and _object_matches(game, trig.other, event.blocker, controller, -1):
                    _add(game, source, card, index, ability, controller, event.blocker)
            elif isinstance(event, Blocked) and k == TriggerKind.BLOCKS_OR_BECOMES_BLOCKED:
                # 702.45a bushido: once as it blocks (509.3a), once as it becomes blocked (509.3c)
                blocks = game.combat.blocking.get(event.blocker, [event.attacker])[0] == event.attacker
                if blocks and _subject_is(game, trig, event.blocker, source, controller):
                    _add(game, source, card, index, ability, controller, event.blocker)
                elif _first_block(game, event) and _subject_is(game, trig, event.attacker, source, controller):
                    _add(game, source, card, index, ability, controller, event.attacker)
            elif isinstance(event, Blocked) and k in (TriggerKind.BLOCKS, TriggerKind.ATTACKS_OR_BLOCKS):
                if _subject_is(game, trig, event.blocker, source, controller):
                    _add(game, source, card, index, ability, controller, event.blocker)
            elif isinstance(event, DamageDealt) and (k == TriggerKind.DEALS_COMBAT_DAMAGE_TO_PLAYER or (
                    k in (TriggerKind.DEALS_DAMAGE, TriggerKind.DEALS_COMBAT_DAMAGE) and trig.recipient)):
                # Per recipient: "deals [combat] damage to a player / an opponent / a creature" (510.3a, 603.2c)
                if k != TriggerKind.DEALS_DAMAGE and not event.combat:
                    continue
                if not _recipient_is(game, trig.recipient or "player", event, controller):
                    continue
                if _subject_is(game, trig, event.source, source, controller):
                    _add(game, source, card, index, ability, controller, event.recipient, event.amount)
            elif isinstance(event, DamageTotal) and k in (TriggerKind.DEALS_DAMAGE, TriggerKind.DEALS_COMBAT_DAMAGE):
                # "Whenever ~ deals [combat] damage": once per damage event, with its total (603.2c, 510.2)
                if trig.recipient or (k == TriggerKind.DEALS_COMBAT_DAMAGE and not event.combat):
                    continue
                if _subject_is(game, trig, event.source, source, controller):
                    _add(game, source, card, index, ability, controller, event.source, event.amount)
            elif isinstance(event, DamageReceived) and k == TriggerKind.IS_DEALT_DAMAGE:
                # "Whenever ~ is dealt damage": once per damage event, with the total from all sources (603.2c)
                if _subject_is(game, trig, event.recipient, source, controller):
                    _add(game, source, card, index, ability, controller, event.recipient, event.amount)
            elif ((isinstance(event, BecameTapped) and k == TriggerKind.BECOMES_TAPPED)
                  or (isinstance(event, BecameUntapped) and k == TriggerKind.BECOMES_UNTAPPED)):
                if _subject_is(game, trig, event.permanent, source, controller):
                    _add(game, source, card, index, ability, controller, event.permanent)
            elif isinstance(event, Unblocked) and k == TriggerKind.ATTACKS_UNBLOCKED:
                if _subject_is(game, trig, event.attacker, source, controller):
                    _add(game, source, card, index, ability, controller, event.attacker)
            elif ((isinstance(event, CardDrawn) and k == TriggerKind.DRAWS)
                  or (isinstance(event, Discarded) and k == TriggerKind.DISCARDS)):
                if trig.nth and not _nth_draw(game, event, trig.nth):
                    continue
                if _whose(trig.whose, event.player, controller):  # "that player" is the one who drew / discarded
                    _add(game, source, card, index, ability, controller, game.players[event.player])
            elif isinstance(event, StepBegan) and k == TriggerKind.BEGINNING_OF_STEP:
                if trig.step == event.step and (_whose(trig.whose, event.active, controller)
                                                if trig.whose != "attached_controller"
                                                else attached_controller_is(game, source, event.active)):
                    _add(game, source, card, index, ability, controller)
            elif isinstance(event, SpellCast) and k == TriggerKind.CAST and trig.subject != "cast_self":
                types = event.card.type_bits
                if trig.nth and not _nth_spell(game, event.controller, trig.nth):
                    continue
                if (_whose(trig.whose, event.controller, controller)
                        and (not trig.spell_types_any or types & trig.spell_types_any)
                        and not types & trig.spell_types_none
                        and (not trig.spell_colors_any or int(event.card.colors) & trig.spell_colors_any)
                        and (not (trig.spell or trig.spell_quality or trig.detail)
                             or cast_matches(game, event, trig, source))):
                    _add(game, source, card, index, ability, controller, event.spell)
            elif isinstance(event, Targeted) and k == TriggerKind.BECOMES_TARGET:
                # "Whenever this permanent becomes the target of a spell or ability an opponent controls" (702.21a)
                if _subject_is(game, trig, event.target, source, controller) and _whose(trig.whose, event.controller,
                                                                                         controller) and (
                        not trig.detail or targeted_matches(game, event, trig)):
                    # the event object: the spell or ability (ward), or the targeted permanent for "enchanted
                    # creature" / "another creature you control becomes the target" ("that creature")
                    _add(game, source, card, index, ability, controller,
                         event.by if trig.subject == "self" else event.target)
            elif isinstance(event, Targeted) and k == TriggerKind.COMMITS_CRIME:
                # 700.13: once per spell or ability that targets something of an opponent's
                if _whose(trig.whose, event.controller, controller) and crime_matches(game, event, source, index):
                    _add(game, source, card, index, ability, controller, event.by)
            elif isinstance(event, LifeGained) and k == TriggerKind.GAIN_LIFE:
                if _whose(trig.whose, event.player, controller) and (not trig.nth or first_life_gain(game, event)):
                    _add(game, source, card, index, ability, controller, game.players[event.player], event.amount)


def step_watched(game: Game, step: int) -> bool:
    """Could a "beginning of" ability trigger as ``step`` begins (603.2b)? Of an event of the beginning of a step,
    :func:`emit` matches only the abilities of kind BEGINNING_OF_STEP that name this step: with none, emitting it
    would add no trigger (and the layers need not be brought up to date for it)."""
    ts = game.trigger_sources
    # (the list TriggerSources.for_event keeps, read without its two calls, at every step: when it is kept and no
    # check is asked)
    found = ts.index.event_cache.get(StepBegan) if type(ts) is TriggerSources and not mana.CHECKS.on else None
    if found is None:
        found = sources(game, StepBegan)
    if not found:
        return False
    if _STEPS_SEEN[0] is not found:
        # The steps are read off the cards of the list ``sources`` keeps until the trigger sources change (a new
        # list then): the same list object (held here, so never another's id) has the same cards, which are
        # immutable, so the same steps.
        _STEPS_SEEN[:] = [found, _steps_named(found)]
    elif mana.CHECKS.on:  # (read at the call: tests turn it on)
        assert _STEPS_SEEN[1] == _steps_named(found), "stale steps of beginning-of-step abilities"
    return step in _STEPS_SEEN[1]


def _steps_named(found: list[tuple[int, CardDef]]) -> frozenset[object]:
    """The steps named by the "at the beginning of" abilities of these cards."""
    return frozenset(ability.trigger.step for _, card in found for _, ability in triggered_abilities(card)
                     if ability.trigger.kind == TriggerKind.BEGINNING_OF_STEP)


#: [the list of sources of StepBegan last asked about, the steps its abilities name] (:func:`step_watched`)
_STEPS_SEEN: Final[list[Any]] = [None, frozenset()]  # (Final: compiled, a static, not a module dict look-up)


def _defender_is(game: Game, which: str, defender: int) -> bool:
    """Is the attacked player or planeswalker what the trigger asks for? "most_life": the player with
    the most life or tied for most life among the players in the game (dethrone, 702.105a); a
    planeswalker is not that player."""
    player = game.player_of_entity.get(defender)
    if player is None or which != "most_life":
        return False
    life = game.player_states[player].life
    return all(life >= s.life for s in game.player_states if not s.lost)


def _attackers_ok(game: Game, trig: object) -> bool:
    """"attacks alone" (506.5: the only creature declared as an attacker) and "at least N attack": counted
    over the declaration the event belongs to (the attackers declared this combat, 508.1)."""
    n = len(game.combat.attackers)
    if trig.alone and n != 1:  # type: ignore[attr-defined]
        return False
    return n >= trig.min_attackers  # type: ignore[attr-defined]


def _nth_spell(game: Game, player: int, nth: int) -> bool:
    """Is the spell just cast the player's ``nth`` spell this turn? (systems/history.py counts them, 601.2i.)"""
    from systems import history

    return history.count(game, "spells", player) == nth


def _nth_draw(game: Game, event: object, nth: int) -> bool:
    """Is this the player's ``nth`` card drawn this turn? (systems/mechanics/miracle.py counts the draws.)"""
    state = game.player_states[event.player]  # type: ignore[attr-defined]
    return state.drawn_turn == game.turn and state.drawn_this_turn == nth


def became_tapped(game: Game, permanents: list[int]) -> None:
    """Report permanents that have just become tapped (CR 701.21a) to "whenever ~ becomes tapped" abilities.
    Callers tap only untapped permanents; a permanent entering tapped never becomes tapped."""
    if game.trigger_sources and sources(game, BecameTapped):  # nothing to do on a board without such abilities
        for p in permanents:
            emit(game, BecameTapped(p))


def became_untapped(game: Game, permanents: list[int]) -> None:
    """Report permanents that have just become untapped (CR 701.21b): callers untap only tapped ones."""
    if game.trigger_sources and sources(game, BecameUntapped):  # (the untap step untaps many at once)
        for p in permanents:
            emit(game, BecameUntapped(p))


def _recipient_is(game: Game, which: str, event: DamageDealt, controller: int) -> bool:
    """Is the recipient of one damage event what the trigger asks for ("to a player", "to an opponent",
    "to a creature": a creature permanent as the damage is dealt, 120.3e)?"""
    if which in ("player", "opponent"):
        if not event.to_player:
            return False
        return which == "player" or game.player_of_entity.get(event.recipient) != controller
    if which == "creature":
        row = game.table.row_of.get(event.recipient)
        return row is not None and bool(int(game.table.types[row]) & CREATURE)
    raise ValueError(f"unknown damage recipient {which!r}")


def _first_block(game: Game, event: Blocked) -> bool:
    """Is this the first block event of its attacker? (It "becomes blocked" once, 509.3c.)"""
    for blocker, attackers in game.combat.blocking.items():
        if blocker == event.blocker:
            return True
        if event.attacker in attackers:
            return False
    return True


def _whose(whose: str, player: int, controller: int) -> bool:
    return whose == "each" or (whose == "your") == (player == controller)


def _subject_is(game: Game, trig: object, obj: int, source: int, controller: int) -> bool:
    subject = trig.subject  # type: ignore[attr-defined]
    if subject == "self":
        return obj == source
    if subject == "attached":  # "Whenever equipped creature attacks" (the permanent it's attached to)
        row = game.table.row_of.get(source)
        return row is not None and int(game.table.attached_to[row]) == obj
    return _object_matches(game, trig.filter, obj, controller, source)  # type: ignore[attr-defined]


def _observers(game: Game, event: ZoneChanged, died: bool, leaving: list | None = None) -> None:
    """Other permanents' "whenever a creature enters / dies / leaves" abilities, and ETB of itself; for a
    permanent leaving, also the watching abilities of those that left with it, itself included (``leaving``,
    systems/trigger_events.py, 603.10a)."""
    entering = event.to_zone == BATTLEFIELD
    if not entering:
        look_back(game, event, died, departed(game, [event]) if leaving is None else leaving)
    if game.grants.effects:
        game.refresh_layers()  # abilities granted to the entering permanent (113.1b, systems/granted.py)
    if not game.trigger_sources:
        return
    # enters / dies / leaves abilities that watch others, and the entering object's own (603.6)
    candidates = zone_sources(game, event.new if entering else -1)
    if not candidates:
        return
    for source, card in candidates:  # (a loop: any() over a generator costs more)
        if _may_see(card, source, event, entering, died):
            break
    else:
        return  # (the layers are not brought up to date for abilities that can't see this zone change)
    t = game.table
    game.refresh_layers()
    for source, card in candidates:
        row = t.row_of.get(source)
        if row is None:
            controller = game.grants.emblems.get(source, -1)  # an emblem (114.4)
            if controller < 0:
                controller = graveyard_owner(game, source)  # a card in a graveyard (113.6k)
            if controller < 0:
                continue
        elif t.no_abilities[row] and source not in game.grants.granted:
            continue
        else:
            controller = int(t.controller[row])
        in_graveyard = row is None and source not in game.grants.emblems
        for index, ability in triggered_abilities(card):
            trig = ability.trigger
            if (trig.zone == "graveyard") != in_graveyard:
                continue  # 113.6k
            if entering and trig.kind == TriggerKind.ENTERS:
                if trig.subject == "self":
                    if source == event.new:
                        _add(game, source, card, index, ability, controller, event.new)
                elif _object_matches(game, trig.filter, event.new, controller, source):
                    _add(game, source, card, index, ability, controller, event.new)
            elif not entering and trig.subject != "self" and (
                trig.kind == TriggerKind.LEAVES or (trig.kind == TriggerKind.DIES and died)
                or (trig.kind == TriggerKind.PUT_INTO_GRAVEYARD and event.to_zone == GRAVEYARD)
            ):
                if trig.subject == "attached":
                    # "When enchanted creature dies": the permanent this one was attached to as it left (603.10a;
                    # state-based actions haven't put an Aura into the graveyard yet, 704.5m)
                    if int(t.attached_to[row]) == event.old:
                        _add(game, source, card, index, ability, controller, event.new)
                elif _lki_matches(game, trig.filter, event, controller, source) and (
                        trig.detail != "damaged_by_self" or damaged_by(game, source, event.old)) and (
                        trig.detail != "batch" or first_of_batch(game, source, index)):
                    _add(game, source, card, index, ability, controller, event.new)


def _may_see(card: CardDef, source: int, event: ZoneChanged, entering: bool, died: bool) -> bool:
    """Could one of ``card``'s triggered abilities trigger on this zone change, by its kind alone (the tests of
    ``_observers`` that read neither the layers nor the object)? An entering object's own "When ~ enters", another
    permanent's "Whenever a creature enters", or a "dies / leaves / is put into a graveyard" of another object."""
    for _, ability in triggered_abilities(card):
        trig = ability.trigger
        kind = trig.kind
        if entering:
            if kind == TriggerKind.ENTERS and (trig.subject != "self" or source == event.new):
                return True
        elif trig.subject != "self" and (kind == TriggerKind.LEAVES or (kind == TriggerKind.DIES and died) or (
                kind == TriggerKind.PUT_INTO_GRAVEYARD and event.to_zone == GRAVEYARD)):
            return True
    return False


# ------------------------------------------------------------------ putting triggers on the stack


def trigger_options(game: Game, player: int) -> list[PutTrigger]:
    """Each of the player's waiting triggers, with each legal choice of targets (603.3d)."""
    out: list[PutTrigger] = []
    waiting: list[PendingTrigger] = game.waiting_triggers  # (typed: compiled, its fields are native reads)
    for pt in waiting:
        if pt.controller != player:
            continue
        ability = pt.card.abilities[pt.index]
        assert isinstance(ability, TriggeredAbility)
        if ability.modes:
            # CR 700.2b: a modal triggered ability's modes are chosen as it is put on the stack; a mode
            # with no legal targets can't be chosen (700.2a).
            from systems.casting import _mode_choices, _target_choices

            for modes in _mode_choices(ability):
                specs = tuple(spec for m in modes for spec in ability.modes[m].targets)
                combos = _target_choices(game, specs, player, -1, pt.source) if specs else [()]
                out.extend(PutTrigger(pt.uid, combo, modes) for combo in combos)
        elif not ability.targets:
            out.append(PutTrigger(pt.uid))
        else:
            # (imported here, not at every call: most triggers have no target; casting imports this module)
            from systems.casting import _target_choices

            out.extend(PutTrigger(pt.uid, combo)
                       for combo in _target_choices(game, ability.targets, player, -1, pt.source))
    return out


def put_triggers_on_stack(game: Game) -> None:
    """CR 603.3b: APNAP order; each player orders their own. Sets a decision when there is a choice."""
    order = [(game.active + i) % game.num_players for i in range(game.num_players)]
    for player in order:
        while True:
            waiting: list[PendingTrigger] = game.waiting_triggers  # (typed, as in trigger_options; read again at
            for pt in waiting:  # each turn: a trigger put on the stack may make others)
                if pt.controller == player:
                    break
            else:
                break  # none of this player's is waiting
            options = trigger_options(game, player)
            # CR 603.3d: a trigger with no legal targets is removed.
            with_options = {o.uid for o in options}
            for pt in [p for p in waiting if p.controller == player and p.uid not in with_options]:
                waiting.remove(pt)
                game.say(f"{pt.card.name}'s trigger has no legal targets and is removed")
            if not options:
                break
            if len(options) == 1:
                put_trigger(game, options[0])
                continue
            game.pending = Decision(player, DecisionKind.TRIGGER, tuple(options))
            return


def put_trigger(game: Game, action: PutTrigger) -> None:
    waiting: list[PendingTrigger] = game.waiting_triggers  # (typed, as in trigger_options)
    pt = next(p for p in waiting if p.uid == action.uid)
    waiting.remove(pt)
    ent = game.world.create(
        AbilityOnStack(pt.source, pt.index, pt.card.name, pt.card, pt.event_object, pt.event_amount),
        StackItem(pt.controller, action.targets, modes=action.modes),
        InZone(STACK, pt.controller),
    )
    game.stack.append(ent)
    if game.log_enabled:  # (the names are looked up only for a log)
        ability: Any = pt.card.abilities[pt.index]  # (its text: a triggered ability's, as the trigger made it)
        targets = f" targeting {', '.join(game.name(t) for t in action.targets)}" if action.targets else ""
        game.say(f"{pt.card.name} triggers: {ability.text}{targets}")
    if action.targets and game.trigger_sources:
        from systems.mechanics.ward import became_targets

        became_targets(game, ent, pt.controller, action.targets)  # "becomes the target" (ward, 702.21a)


__all__ = ["emit", "itertools", "put_triggers_on_stack"]


def triggers_of_kind(game: Game, kind: TriggerKind) -> Iterator[tuple[int, CardDef, int, int, TriggeredAbility]]:
    """(source, card, controller, index, ability) for each triggered ability of ``kind`` of the objects that may
    trigger (``game.trigger_sources``), but not of a permanent that has lost its abilities (613.1f): for the
    keyword events the general trigger system doesn't watch (transforming, turning face up, day and night)."""
    t = game.table
    for source, card in list(game.trigger_sources.items()):
        row = t.row_of.get(source)
        if row is None or t.no_abilities[row]:
            continue
        controller = int(t.controller[row])
        for index, ability in triggered_abilities(card):
            if ability.trigger.kind == kind:
                yield source, card, controller, index, ability

"""The game side of content/oracle/trigger_events.py: the finer tests of trigger events (CR 603.2)
that systems/triggers.py asks once an event of the right kind has reached an ability."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, Final

from components.abilities import Condition, PermanentFilter, TriggerCondition, TriggeredAbility, TriggerKind
from components.characteristics import CardType, Supertype
from components.events import Sacrificed
from components.objects import AbilityOnStack, InZone, StackItem, Zone
from content.registry import condition
from systems import history
from systems.trigger_index import _SELF_ZONE_KINDS, kinds_of, live_sources, sources_for

# (module constants, Final: an enum class look-up is slow on Python 3.11, and compiled a Final is a static)
_BATTLEFIELD: Final = Zone.BATTLEFIELD
_GRAVEYARD: Final = Zone.GRAVEYARD
_EXPENDS: Final = TriggerKind.EXPENDS  # (at every spell)

if TYPE_CHECKING:
    from components.card import CardDef
    from components.events import DamageDealt, SpellCast, Targeted, ZoneChanged
    from ecs.game import Game

_HISTORIC_TYPES: Final = int(CardType.ARTIFACT)
_LEGENDARY: Final = int(Supertype.LEGENDARY)


def spell_matches(game: Game, spell: int, card: CardDef, f: PermanentFilter | None, quality: str = "") -> bool:
    """Does the spell on the stack match the description? Its mana value counts the X chosen for it
    (CR 202.3e); power and toughness are the card's (208.2)."""
    from systems.oracle_effects import card_matches, mana_value_ok

    item = game.world.try_get(spell, StackItem) if game.world.exists(spell) else None
    if quality == "historic":  # 700.6: artifacts, legendaries and Sagas are historic
        if not (card.type_bits & _HISTORIC_TYPES or int(card.type_line.supertypes) & _LEGENDARY
                or "Saga" in card.type_line.subtypes):
            return False
    elif quality == "multicolored":  # 105.2c: two or more colours
        if bin(int(card.colors)).count("1") < 2:
            return False
    elif quality == "kicked":  # 702.33d
        from systems.mechanics.additional_costs import parts

        if item is None or "kicker" not in parts(item.cost):
            return False
    elif quality:
        raise ValueError(f"unknown spell quality {quality!r}")
    if f is None:
        return True
    if f.mana_value_at_most is not None or f.mana_value_at_least is not None or f.mana_value_is is not None:
        cost = card.mana_cost
        mv = cost.mana_value(item.x if item is not None else 0) if cost.present else 0
        if not mana_value_ok(f, mv):
            return False
        f = dataclasses.replace(f, mana_value_at_most=None, mana_value_at_least=None, mana_value_is=None)
    return card_matches(card, f)


def cast_matches(game: Game, event: SpellCast, trig: TriggerCondition, source: int) -> bool:
    """The finer parts of a "whenever ... casts a ... spell" trigger (601.2i): the description of the
    spell, and "that targets ~" (the spell's targets are chosen before it becomes cast, 601.2c)."""
    spell = trig.spell
    if spell is not None and spell.subtypes_any and spell.subtypes_any[0].startswith("<"):
        from systems.choices import linked_choice

        spell = linked_choice(game, source, spell)  # "a creature spell of the chosen type" (607.2d)
    if (spell is not None or trig.spell_quality) and not spell_matches(game, event.spell, event.card,
                                                                       spell, trig.spell_quality):
        return False
    if not trig.detail:
        return True
    if trig.detail == "opponents_turn":
        return game.active != event.controller
    if trig.detail == "your_turn":
        return game.active == event.controller
    item = game.world.try_get(event.spell, StackItem)
    if item is None:
        return False
    if trig.detail == "targets_self":
        return source in item.targets
    if trig.detail == "from_hand":
        return item.from_zone == int(Zone.HAND)
    if trig.detail == "from_graveyard":
        return item.from_zone == int(Zone.GRAVEYARD)
    raise ValueError(f"unknown cast detail {trig.detail!r}")


def targeted_matches(game: Game, event: Targeted, trig: TriggerCondition) -> bool:
    """"becomes the target of a spell" / "of an ability" / "of an Aura spell" (115.1): what targets it."""
    is_ability = game.world.exists(event.by) and game.world.has(event.by, AbilityOnStack)
    if trig.detail == "ability":
        return is_ability
    if trig.detail == "spell":
        if is_ability or not game.world.exists(event.by):
            return False
        return trig.spell is None or spell_matches(game, event.by, game.card(event.by), trig.spell)
    raise ValueError(f"unknown becomes-the-target detail {trig.detail!r}")


# ------------------------------------------------------------------ last known information (603.10a)


def lki_state_matches(game: Game, f: PermanentFilter, old: int) -> bool:
    """Keywords, power and toughness of a permanent that has left the battlefield, as it last existed there
    (systems/zones.py keeps them in ``game.lki``)."""
    lki = game.lki.get(old)
    if lki is None or "keywords" not in lki:
        return False
    kw = int(lki["keywords"])
    if f.keywords_any and not kw & f.keywords_any:
        return False
    if f.keywords_none and kw & f.keywords_none:
        return False
    for kind, wanted in ((f.with_counter, True), (f.without_counter, False)):
        if kind:  # "with a +1/+1 counter on it" (122.1): the counters it had as it left
            column = {"+1/+1": "plus1", "-1/-1": "minus1"}.get(kind)
            if column is None:
                raise ValueError(f"no last known information for {kind!r} counters")
            if (int(lki.get(column, 0)) > 0) != wanted:
                return False
    if f.combat:  # "an attacking creature": in combat as it left (506.4: leaving removes it from combat)
        was = str(lki.get("combat", ""))
        if not was or (f.combat != "attacking_or_blocking" and f.combat != was):
            return False
    power, toughness = int(lki["power"]), int(lki["toughness"])
    if f.power_at_most is not None and power > f.power_at_most:
        return False
    if f.power_at_least is not None and power < f.power_at_least:
        return False
    if f.toughness_at_most is not None and toughness > f.toughness_at_most:
        return False
    return not (f.toughness_at_least is not None and toughness < f.toughness_at_least)


# ------------------------------------------------------------------ abilities that work from a graveyard (113.6k)


def graveyard_owner(game: Game, source: int) -> int:
    """The player who controls a triggered ability of a card in a graveyard: its owner (113.6k, 108.4), or -1
    if ``source`` is not a card in a graveyard."""
    where = game.world.try_get(source, InZone) if game.world.exists(source) else None
    return where.player if where is not None and where.zone == _GRAVEYARD else -1


# ------------------------------------------------------------------ the first life gained each turn


def first_life_gain(game: Game, event: Any) -> bool:
    """"Whenever you gain life for the first time each turn": no life was gained by that player this turn
    before this event (systems/history.py has already counted this one)."""
    return history.count(game, "gained", event.player) == event.amount


# ------------------------------------------------------------------ leaving together (603.10a)


@contextmanager
def simultaneously(game: Game) -> Iterator[None]:
    """Permanents that leave the battlefield inside this block leave at the same time (a "destroy all", the
    state-based actions of one check, 704.3): each one's leaves-the-battlefield abilities look back in time
    (603.10a) and see all of them, whichever is moved first. The watching abilities are matched once all have
    moved (systems/triggers.py ``_observers`` with :func:`departed`)."""
    if game.zone_batch is not None:
        yield  # already inside a batch: one event
        return
    game.zone_batch = []
    try:
        yield
    finally:
        batch, game.zone_batch = game.zone_batch, None
        if batch:
            from systems.triggers import _observers

            leaving = departed(game, [event for event, _ in batch])
            game.batch_fired = set()  # "Whenever one or more creatures die": once for the batch (603.2c)
            try:
                for event, died in batch:
                    _observers(game, event, died, leaving)
            finally:
                game.batch_fired = None


def first_of_batch(game: Game, source: int, index: int) -> bool:
    """"Whenever one or more creatures die" (603.2c): the first matching object of the objects that left
    together triggers it, the others don't; outside a batch each event is its own batch."""
    fired = game.batch_fired
    if fired is None:
        return True
    if (source, index) in fired:
        return False
    fired.add((source, index))
    return True


def departed(game: Game, events: list[ZoneChanged]) -> list[tuple[int, CardDef, int, int]]:
    """The permanents among these that left with abilities watching other objects die or leave:
    (object, card, its controller, what it was attached to), as they last existed (603.10a)."""
    out = []
    for event in events:
        if event.from_zone != int(_BATTLEFIELD) or not _SELF_ZONE_KINDS & kinds_of(event.card):
            continue  # (kinds_of names a watching ability by its kind, a "self" one by ("self", kind))
        lki = game.lki.get(event.old, {})
        out.append((event.old, event.card, event.controller, int(lki.get("attached_to", -1))))
    return out


def look_back(game: Game, event: ZoneChanged, died: bool, leaving: list[tuple[int, CardDef, int, int]]) -> None:
    """The watching abilities of permanents that left with ``event``'s object, itself included ("Whenever a
    creature dies" sees its own death; "another" doesn't, 603.10a): matched against it as they last were."""
    for source, card, controller, attached_to in leaving:
        for index, ability in enumerate(card.abilities):
            if not isinstance(ability, TriggeredAbility):
                continue
            trig = ability.trigger
            if trig.subject == "self" or not (trig.kind == TriggerKind.LEAVES or (trig.kind == TriggerKind.DIES and died)
                                              or (trig.kind == TriggerKind.PUT_INTO_GRAVEYARD
                                                  and event.to_zone == int(_GRAVEYARD))):
                continue
            # (imported here: most objects leave with no such ability, and an import costs ~8k instructions a call)
            from systems.triggers import _add, _lki_matches

            if trig.subject == "attached":
                ok = attached_to == event.old and source != event.old
            else:
                ok = _lki_matches(game, trig.filter, event, controller, source) and (
                    trig.detail != "damaged_by_self" or damaged_by(game, source, event.old)) and (
                    trig.detail != "batch" or first_of_batch(game, source, index))
            if ok:
                _add(game, source, card, index, ability, controller, event.new)


# ------------------------------------------------------------------ intervening "if" clauses (603.4)


def that_player(game: Game, event_object: int) -> int:
    """The player an intervening "if" calls "that player": the event's player (a draw, a discard, damage),
    the controller of a spell that was cast, or else the player whose step it is (603.2b)."""
    player = game.player_of_entity.get(event_object)
    if player is not None:
        return player
    if event_object >= 0:
        lki = game.lki.get(event_object)
        if lki is not None and "controller" in lki:
            return int(lki["controller"])
    return game.active


@condition("that_player_hand_at_most")
def _hand_at_most(game: Game, cond: Condition, controller: int, source: int, event_object: int) -> bool:
    return len(game.zones[that_player(game, event_object)][Zone.HAND]) <= cond.n


@condition("that_player_hand_at_least")
def _hand_at_least(game: Game, cond: Condition, controller: int, source: int, event_object: int) -> bool:
    return len(game.zones[that_player(game, event_object)][Zone.HAND]) >= cond.n


@condition("you_cast_it")
def _you_cast_it(game: Game, cond: Condition, controller: int, source: int, event_object: int) -> bool:
    """"if you cast it": the permanent that entered was a spell you cast (601.2; a copy isn't cast, 707.10)."""
    cast = game.cast_from.get(event_object if event_object >= 0 else source)
    return cast is not None and cast[1] == controller


@condition("you_cast_it_from_hand")
def _you_cast_it_from_hand(game: Game, cond: Condition, controller: int, source: int, event_object: int) -> bool:
    cast = game.cast_from.get(event_object if event_object >= 0 else source)
    return cast is not None and cast[1] == controller and cast[0] == int(Zone.HAND)


# ------------------------------------------------------------------ steps of the enchanted permanent's controller


def attached_controller_is(game: Game, source: int, player: int) -> bool:
    """"At the beginning of the upkeep of enchanted creature's controller": is ``player`` (whose step begins)
    the controller of the permanent the source is attached to?"""
    t = game.table
    row = t.row_of.get(source)
    if row is None:
        return False
    host = t.row_of.get(int(t.attached_to[row]))
    return host is not None and int(t.controller[host]) == player


# ------------------------------------------------------------------ "a creature dealt damage by ~ this turn"


def note_damage(game: Game, event: DamageDealt) -> None:
    """Remember this turn the creatures a source dealt damage to, for sources whose abilities ask
    ("Whenever a creature dealt damage by ~ this turn dies"); the record goes with the turn (history.py)."""
    card = game.trigger_sources.get(event.source)
    if card is None or event.to_player or not any(
            getattr(getattr(a, "trigger", None), "detail", "") == "damaged_by_self" for a in card.abilities):
        return
    game.turn_log.this.setdefault("damaged_by", {}).setdefault(event.source, set()).add(event.recipient)


def damaged_by(game: Game, source: int, creature: int) -> bool:
    return creature in game.turn_log.this.get("damaged_by", {}).get(source, ())


# ------------------------------------------------------------------ cycling (702.29c)


def is_cycling(ability: object) -> bool:
    """Is this activated ability cycling or typecycling (702.29a, 702.29f)? (content/oracle/lines.py names
    them "Cycling {2}", "Basic landcycling {1}", "Forestcycling {2}".)"""
    import re

    return bool(re.match(r"[a-z ]*cycling\b", getattr(ability, "text", "").lower()))


def cycled(game: Game, player: int, ability: object, card: int) -> None:
    """A card discarded to pay a cost: if the cost was a cycling cost, the card was cycled (702.29c): its
    own "when you cycle ~" abilities trigger from where it wound up, and "whenever a player cycles a card"
    abilities of permanents trigger."""
    if not is_cycling(ability) or not game.world.exists(card):
        return
    from systems.triggers import _add, _whose

    own = game.card(card)
    for index, a in enumerate(own.abilities):
        if isinstance(a, TriggeredAbility) and a.trigger.kind == TriggerKind.CYCLED and a.trigger.subject == "self":
            _add(game, card, own, index, a, player, card)
    for source, source_card, controller in live_sources(game, sources_for(game, TriggerKind.CYCLED)):
        for index, a in enumerate(source_card.abilities):
            if isinstance(a, TriggeredAbility) and a.trigger.kind == TriggerKind.CYCLED and \
                    a.trigger.subject != "self" and _whose(a.trigger.whose, player, controller):
                _add(game, source, source_card, index, a, controller, game.players[player])


# ------------------------------------------------------------------ expending (700.14)


def spent_on_spell(game: Game, player: int, spent: int) -> None:
    """``player`` paid ``spent`` mana to cast a spell: add it to the mana they spent on spells this turn
    (systems/history.py's ``game.turn_log.this``), and trigger "whenever you expend N" where the total went from
    less than N to at least N (700.14)."""
    this = game.turn_log.this
    per = this.get("mana_spent_on_spells")  # (not setdefault: it would make an empty dict at every cast)
    if per is None:
        per = this["mana_spent_on_spells"] = {}
    before = per.get(player, 0)
    per[player] = after = before + spent
    if not spent or not game.trigger_sources:
        return
    found = sources_for(game, _EXPENDS)
    if not found:
        return  # (before the import: it costs ~8k instructions a call, and most games have no expend ability)
    from systems.triggers import _add, _whose

    for source, card, controller in live_sources(game, found):
        for index, a in enumerate(card.abilities):
            if isinstance(a, TriggeredAbility) and a.trigger.kind == TriggerKind.EXPENDS and \
                    _whose(a.trigger.whose, player, controller) and before < a.trigger.nth <= after:
                _add(game, source, card, index, a, controller)


# ------------------------------------------------------------------ committing a crime (700.13)


def is_crime_target(game: Game, target: int, player: int) -> bool:
    """Is ``target`` an opponent of ``player``, or a permanent, spell or ability an opponent controls, or a card
    in an opponent's graveyard (700.13)?"""
    who = game.player_of_entity.get(target)
    if who is not None:
        return who != player
    row = game.table.row_of.get(target)
    if row is not None:
        return int(game.table.controller[row]) != player
    if not game.world.exists(target):
        return False
    item = game.world.try_get(target, StackItem)
    if item is not None:
        return item.controller != player
    where = game.world.try_get(target, InZone)
    return where is not None and where.zone == Zone.GRAVEYARD and where.player != player


def crime_matches(game: Game, event: Targeted, source: int, index: int) -> bool:
    """A crime is committed once per spell or ability, however many of its targets make it one (700.13):
    the Targeted events of one spell reach this ability once each, so the first crime target counts."""
    if not is_crime_target(game, event.target, event.controller):
        return False
    if game.last_crime.get((source, index)) == event.by:
        return False
    game.last_crime[(source, index)] = event.by
    return True


# ------------------------------------------------------------------ attacking with one or more (508.1m)


def any_attacker_matches(game: Game, trig: TriggerCondition, controller: int) -> bool:
    """Was one of the creatures just declared as attackers (508.1) a [filter] (seen from ``controller``), and,
    for "attack you", attacking ``controller`` (the player, not a planeswalker, 506.3)?"""
    from systems.triggers import _object_matches

    you = game.players[controller]
    return any((trig.filter is None or _object_matches(game, trig.filter, a, controller, -1))
               and (trig.detail not in ("attack_you", "opponent_attacks_you") or defender == you)
               for a, defender in game.combat.attackers.items())


# ------------------------------------------------------------------ combat damage to players, batched (603.2c)


def combat_damage_to_players(game: Game, src_ent: Any, ctrl: Any, rec_ent: Any, rec_is_player: Any,
                             dealt: Any) -> None:
    """After one combat damage event (510.2): "whenever one or more creatures you control deal combat damage to
    a player" triggers once for each player dealt damage by at least one such creature; "that player" is the
    player (its event object)."""
    watchers = sources_for(game, TriggerKind.BATCH_COMBAT_DAMAGE)
    if not watchers:
        return
    import numpy as np

    hits = np.flatnonzero(np.asarray(dealt) & np.asarray(rec_is_player)).tolist()
    if not hits:
        return
    from systems.triggers import _add, _object_matches

    pairs = [(int(src_ent[k]), int(ctrl[k]), int(rec_ent[k])) for k in hits]
    players = list(dict.fromkeys(p for _, _, p in pairs))
    game.refresh_layers()
    for source, card, controller in live_sources(game, watchers):
        for index, ability in enumerate(card.abilities):
            if not isinstance(ability, TriggeredAbility) or ability.trigger.kind != TriggerKind.BATCH_COMBAT_DAMAGE:
                continue
            trig = ability.trigger
            for player in players:
                if trig.recipient == "opponent" and game.player_of_entity.get(player) == controller:
                    continue
                if any(p == player and _object_matches(game, trig.filter, src, controller, -1)
                       for src, _, p in pairs):
                    _add(game, source, card, index, ability, controller, player)


# ------------------------------------------------------------------ sacrificing (701.21a)


def sacrifice(game: Game, ent: int, player: int) -> int:
    """``player`` sacrifices the permanent ``ent`` they control: it moves from the battlefield to its owner's
    graveyard (701.21a; a replacement effect may send it elsewhere, 614.1a, and it is still sacrificed).
    Then "whenever you sacrifice ..." abilities see it as it last existed (603.10a). Returns the new object."""
    from systems.zones import move

    game.refresh_layers()
    t = game.table
    row = t.row_of[ent]
    controller, types = int(t.controller[row]), int(t.types[row])
    co_card, token = game.card(ent), bool(game.obj(ent).is_token)
    new = move(game, ent, Zone.GRAVEYARD)
    if game.trigger_sources or any(_own_sacrifice_triggers(co_card)):
        from systems.triggers import emit

        emit(game, Sacrificed(player, ent, new, co_card, controller, types, token))
    return new


def _own_sacrifice_triggers(card: CardDef) -> list[tuple[int, TriggeredAbility]]:
    return [(i, a) for i, a in enumerate(card.abilities)
            if isinstance(a, TriggeredAbility) and a.trigger.kind == TriggerKind.SACRIFICED]


def sacrificed(game: Game, event: Sacrificed) -> None:
    """Match a sacrifice against "whenever you sacrifice a [permanent]" abilities: those of permanents on the
    battlefield, and the sacrificed permanent's own (it looks back in time, 603.10a), unless it says
    "another"."""
    from systems.triggers import _add, _lki_matches, _whose

    for index, own in _own_sacrifice_triggers(event.card):
        trig = own.trigger
        if _whose(trig.whose, event.player, event.controller) and _lki_matches(
                game, trig.filter, event, event.controller, event.old):
            _add(game, event.old, event.card, index, own, event.controller, event.new)
    for source, card, controller in live_sources(game, sources_for(game, TriggerKind.SACRIFICED)):
        for index, ability in enumerate(card.abilities):
            if not isinstance(ability, TriggeredAbility) or ability.trigger.kind != TriggerKind.SACRIFICED:
                continue
            trig = ability.trigger
            if _whose(trig.whose, event.player, controller) and _lki_matches(game, trig.filter, event, controller, source):
                _add(game, source, card, index, ability, controller, event.new)


__all__ = ["any_attacker_matches", "attached_controller_is", "cast_matches", "combat_damage_to_players", "crime_matches", "cycled", "damaged_by", "departed", "first_life_gain", "first_of_batch", "graveyard_owner", "look_back", "lki_state_matches", "note_damage", "sacrifice", "sacrificed", "simultaneously", "spell_matches", "spent_on_spell", "targeted_matches"]

"""The permanents with triggered abilities, indexed by trigger kind (CR 603.2: an ability triggers only on
the events it names), so that matching one event looks only at the permanents whose abilities can see it,
not at every permanent with a triggered ability.

``game.trigger_sources`` is a :class:`TriggerSources`: a plain ``{permanent: CardDef}`` dict for its users
(``game.trigger_sources[ent] = card``, ``pop``, truth value) that keeps, on every write, which permanents
have abilities of each :class:`TriggerKind`, and the order in which permanents were registered (the order
triggers wait in, 603.3b, stays the order of the plain dict).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from components.abilities import TriggeredAbility, TriggerKind
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
    LifeGained,
    Sacrificed,
    SpellCast,
    StepBegan,
    Targeted,
    Unblocked,
    ZoneChanged,
)
from systems import mana
from systems.definition_memos import remember

if TYPE_CHECKING:
    from collections.abc import Iterable, Iterator

    from components.card import CardDef
    from ecs.game import Game

_K = TriggerKind
_BLOCK_KINDS: Final = (_K.BECOMES_BLOCKED, _K.BLOCKS_CREATURE, _K.BECOMES_BLOCKED_BY, _K.BLOCKS_OR_BLOCKED_BY,
                _K.BLOCKS_OR_BECOMES_BLOCKED, _K.BLOCKS)
#: The events systems/triggers.py matches against each kind (each index key: a kind, or ("self", kind)). A kind
#: not listed here (a new one) is offered every event, and so is every source for an event type not listed
#: (nothing is missed, only not skipped).
KIND_EVENTS: Final[dict[TriggerKind | tuple[str, TriggerKind], tuple[type, ...]]] = {
    _K.ATTACKS: (Attacked,), _K.YOU_ATTACK: (Attacked,), _K.ATTACKS_OR_BLOCKS: (Attacked, Blocked),
    **{k: (Blocked,) for k in _BLOCK_KINDS},
    _K.DEALS_COMBAT_DAMAGE_TO_PLAYER: (DamageDealt,), _K.DEALS_DAMAGE: (DamageDealt, DamageTotal),
    _K.DEALS_COMBAT_DAMAGE: (DamageDealt, DamageTotal), _K.IS_DEALT_DAMAGE: (DamageReceived,),
    _K.BECOMES_TAPPED: (BecameTapped,), _K.BECOMES_UNTAPPED: (BecameUntapped,),
    _K.ATTACKS_UNBLOCKED: (Unblocked,), _K.DRAWS: (CardDrawn,), _K.DISCARDS: (Discarded,),
    _K.BEGINNING_OF_STEP: (StepBegan,), _K.CAST: (SpellCast,), _K.BECOMES_TARGET: (Targeted,),
    _K.GAIN_LIFE: (LifeGained,), _K.SACRIFICED: (Sacrificed,), _K.COMMITS_CRIME: (Targeted,),
    _K.BATCH_COMBAT_DAMAGE: (),  # matched by systems/trigger_events.py combat_damage_to_players
    _K.CYCLED: (),  # matched by systems/trigger_events.py cycled
    _K.EXPENDS: (),  # matched by systems/trigger_events.py spent_on_spell
    _K.ENTERS: (ZoneChanged,), _K.DIES: (ZoneChanged,), _K.LEAVES: (ZoneChanged,),
    _K.PUT_INTO_GRAVEYARD: (ZoneChanged,),
    **{("self", k): () for k in (_K.ENTERS, _K.DIES, _K.LEAVES, _K.PUT_INTO_GRAVEYARD)},
    # matched by their keyword modules, never by the event loop: storm (702.40a), miracle (702.94a)
    _K.CAST_THIS: (), _K.REVEALED: (),
    # matched by their keyword modules: exploit (702.110b), exert and enlist's "When you do" (701.39a, 702.154a)
    _K.EXPLOITS: (), _K.ATTACK_COST_PAID: (), _K.LAST_TIME_COUNTER_REMOVED: (),  # vanishing (702.63a)
    # matched by their keyword modules (systems/triggers.triggers_of_kind and the like), never by the event loop: a
    # Saga's chapter abilities (714.2b), a Class's levels (716.2), turning face up (702.37), day and night (728),
    # transforming (701.28), saddled (702.171b), monstrous (701.31). (Listed, a Saga on the battlefield is not
    # offered every tap, draw and damage event.)
    _K.CHAPTER: (), _K.CLASS_LEVEL: (), _K.TURNED_FACE_UP: (), _K.DAY_NIGHT: (), _K.TRANSFORMS_INTO: (),
    _K.BECOMES_SADDLED: (), _K.BECOMES_MONSTROUS: (),
}
_KNOWN_EVENTS: Final = frozenset(e for events in KIND_EVENTS.values() for e in events)
#: Per listed event type, the listed kinds that see it (with the kinds not listed, what ``for_event`` looks up).
_SEEING: Final = {event: frozenset(k for k, events in KIND_EVENTS.items() if event in events) for event in _KNOWN_EVENTS}
#: Per index key, the listed event types whose sources it is among (``for_event``): a write of a permanent changes
#: ``for_event``'s answer only for these, for the event types not listed (they are offered every source), and for
#: every type if the key is not listed (such a kind is offered every event).
_SEEN_BY: Final = {kind: frozenset(e for e in _KNOWN_EVENTS if kind in _SEEING[e]) for kind in KIND_EVENTS}


#: Zone-change kinds whose "self" abilities ("When ~ enters", "When ~ dies") only the object itself can see: the
#: entering object is asked directly, a leaving one looks at its own abilities (603.10a), so they are kept
#: apart from the kinds that watch other objects ("Whenever another creature enters").
_SELF_ZONE_KINDS: Final = frozenset({_K.ENTERS, _K.DIES, _K.LEAVES, _K.PUT_INTO_GRAVEYARD})


def _key(trigger: Any) -> Any:
    if trigger.subject == "self" and trigger.kind in _SELF_ZONE_KINDS:
        return ("self", trigger.kind)
    return trigger.kind


#: id(card) -> (card, kinds_of(card)): a card definition is frozen, and each register and unregister of a permanent
#: asks (systems/definition_memos.py)
_KINDS: Final[dict[int, tuple[Any, frozenset[Any]]]] = {}


def kinds_of(card: CardDef) -> frozenset[Any]:
    """The index keys of a card's triggered abilities: their kinds (("self", kind) for its own zone changes). Kept
    per card definition: the same frozenset object each time (``_AFFECTED`` is keyed by it)."""
    known = _KINDS.get(id(card))
    if known is not None and known[0] is card:
        if mana.CHECKS.on:  # (read at the call: tests turn it on)
            assert known[1] == _kinds_of(card), f"stale trigger kinds of {getattr(card, 'name', card)}"
        return known[1]
    return remember(_KINDS, card, _kinds_of(card))


def _kinds_of(card: CardDef) -> frozenset[Any]:
    return frozenset(_key(a.trigger) for a in getattr(card, "abilities", ()) if isinstance(a, TriggeredAbility))


#: A set of index keys (``kinds_of``'s, shared per card) -> the event types whose ``for_event`` answers a permanent
#: with abilities of those keys entering or leaving changes (``_affected``); None: every type's.
_AFFECTED: Final[dict[frozenset[Any], frozenset[type] | None]] = {}


def _affected(kinds: frozenset[Any]) -> frozenset[type] | None:
    """The listed event types that sources with abilities of these keys are offered, or None if a key is not listed
    (such a kind is offered every event). A function of ``KIND_EVENTS`` alone, so kept per set of keys."""
    found = _AFFECTED.get(kinds)
    if found is not None or kinds in _AFFECTED:
        return found
    affected: set[type] = set()
    for kind in kinds:
        seen_by = _SEEN_BY.get(kind)
        if seen_by is None:
            _AFFECTED[kinds] = None
            return None
        affected |= seen_by
    found = _AFFECTED[kinds] = frozenset(affected)
    return found


class _Index:
    """A :class:`TriggerSources`' index: a plain class, so compiled a native one whose fields are read directly
    (TriggerSources, a dict subclass, is not native: each of its attributes is a look-up in its ``__dict__``, each of
    its methods a generic call; the hot reads, ``sources`` and ``zone_sources``, take this object once)."""

    def __init__(self) -> None:
        self.by_kind: dict[Any, dict[int, CardDef]] = {}
        self.seq: dict[int, int] = {}
        self.counter = 0
        # event type -> for_event's answer, until the next write (an event type is asked about again and again: the
        # beginning of every step, every tap and untap, every zone change, while the sources stay the same)
        self.event_cache: dict[type, list[tuple[int, CardDef]]] = {}
        # an answer for an event type not listed (every source) is kept: any write forgets it
        self.unlisted_cached = False


class TriggerSources(dict):
    """``{permanent: CardDef}`` with an index by trigger kind (see the module docstring)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__()
        self.index = _Index()
        self.update(*args, **kwargs)

    # (the index's fields, by their former names)
    @property
    def by_kind(self) -> dict[Any, dict[int, CardDef]]:
        return self.index.by_kind

    @property
    def seq(self) -> dict[int, int]:
        return self.index.seq

    @property
    def event_cache(self) -> dict[type, list[tuple[int, CardDef]]]:
        return self.index.event_cache

    # ---- writes keep the index
    def __setitem__(self, ent: int, card: CardDef) -> None:
        index = self.index
        kinds = kinds_of(card)
        if ent in self:  # (dict's own __contains__: not overridden)
            _unindex(index, ent, self[ent])
        else:
            index.seq[ent] = index.counter
            index.counter += 1
        _forget(index, kinds)
        dict.__setitem__(self, ent, card)
        by_kind = index.by_kind
        for kind in kinds:
            by_kind.setdefault(kind, {})[ent] = card

    def __delitem__(self, ent: int) -> None:
        index = self.index
        _unindex(index, ent, self[ent])
        index.seq.pop(ent, None)
        dict.__delitem__(self, ent)

    def pop(self, ent: int, *default: Any) -> Any:
        if ent in self:
            card = self[ent]
            del self[ent]
            return card
        return dict.pop(self, ent, *default)

    def discard(self, ent: int) -> None:
        """``pop(ent, None)``, as the engine calls it (as each permanent leaves): without ``pop``'s generic calls."""
        if ent in self:
            index = self.index
            _unindex(index, ent, self[ent])
            index.seq.pop(ent, None)
            dict.__delitem__(self, ent)

    def popitem(self) -> tuple[int, CardDef]:
        ent = next(reversed(self))
        return ent, self.pop(ent)

    def setdefault(self, ent: int, card: CardDef | None = None) -> Any:
        if ent not in self:
            if card is None:  # (dict's default: a source without its card has no place here)
                raise TypeError("TriggerSources.setdefault needs the card")
            self[ent] = card
        return self[ent]

    def update(self, *args: Any, **kwargs: Any) -> None:
        for k, v in dict(*args, **kwargs).items():
            self[k] = v

    def clear(self) -> None:
        dict.clear(self)
        self.index = _Index()

    def __reduce__(self) -> Any:  # pickles rebuild the index through __setitem__, in order
        return (TriggerSources, (list(self.items()),))

    def __deepcopy__(self, memo: dict[int, Any]) -> TriggerSources:
        # Game.clone: the entries and the index copied as they are (card definitions are immutable and shared),
        # not rebuilt card by card through __setitem__ as deepcopy's generic path via __reduce__ would.
        other = TriggerSources.__new__(TriggerSources)
        dict.update(other, self)
        index, copied = self.index, _Index()
        copied.by_kind = {kind: dict(bucket) for kind, bucket in index.by_kind.items()}
        copied.seq = dict(index.seq)
        copied.counter = index.counter
        other.index = copied
        memo[id(self)] = other
        return other

    def __reduce_ex__(self, protocol: Any) -> Any:
        return self.__reduce__()

    # ---- reads
    def for_kinds(self, kinds: Iterable[Any]) -> list[tuple[int, CardDef]]:
        """The permanents with an ability of any of these kinds, in registration order."""
        return _for_kinds(self.index, kinds)

    def for_event(self, event_type: type) -> list[tuple[int, CardDef]]:
        """The permanents whose triggered abilities can see an event of this type (603.2). Kept per event type until
        the next write (the list is shared: callers don't change it)."""
        return _event_sources(self, self.index, event_type)

    def _for_event(self, event_type: type) -> list[tuple[int, CardDef]]:
        """``for_event``'s answer worked out afresh (what a kept one is checked against)."""
        return _fresh_sources(self, self.index, event_type)


def _forget(index: _Index, kinds: frozenset[Any]) -> None:
    """Drop the cached answers of ``for_event`` that a permanent with abilities of these index keys entering or
    leaving the index changes: an event type's answer lists only the sources with a key that sees it (``_SEEN_BY``),
    in registration order, so another permanent's write leaves it as it is; the answers for event types not listed
    list every source, and a key not listed is offered every event."""
    cache = index.event_cache
    if not cache:
        return
    affected = _affected(kinds)
    if affected is None:
        cache.clear()  # a kind not listed: offered every event
        index.unlisted_cached = False
        return
    for event_type in affected:  # (the few types these keys see, not every kept answer)
        if event_type in cache:
            del cache[event_type]
    if index.unlisted_cached:
        for event_type in [e for e in cache if e not in _KNOWN_EVENTS]:
            del cache[event_type]
        index.unlisted_cached = False


def _unindex(index: _Index, ent: int, card: CardDef) -> None:
    kinds = kinds_of(card)
    _forget(index, kinds)
    by_kind = index.by_kind
    for kind in kinds:
        bucket = by_kind.get(kind)
        if bucket is not None:
            bucket.pop(ent, None)
            if not bucket:
                del by_kind[kind]


def _for_kinds(index: _Index, kinds: Iterable[Any]) -> list[tuple[int, CardDef]]:
    found: dict[int, CardDef] = {}
    by_kind = index.by_kind
    for kind in kinds:
        bucket = by_kind.get(kind)
        if bucket:
            found.update(bucket)
    if len(found) > 1:
        seq = index.seq
        return sorted(found.items(), key=lambda item: seq[item[0]])
    return list(found.items())


def _event_sources(ts: TriggerSources, index: _Index, event_type: type) -> list[tuple[int, CardDef]]:
    """``ts.for_event(event_type)``, with ``ts``'s index already read."""
    cached = index.event_cache.get(event_type)
    if cached is not None:
        if mana.CHECKS.on:  # (read at the call: tests turn it on)
            assert cached == _fresh_sources(ts, index, event_type), f"stale trigger sources for {event_type.__name__}"
        return cached
    found = index.event_cache[event_type] = _fresh_sources(ts, index, event_type)
    if event_type not in _KNOWN_EVENTS:
        index.unlisted_cached = True
    return found


def _fresh_sources(ts: TriggerSources, index: _Index, event_type: type) -> list[tuple[int, CardDef]]:
    if event_type not in _KNOWN_EVENTS:
        return list(ts.items())
    present = index.by_kind.keys()
    kinds = present & _SEEING[event_type]  # (set operations on the keys, in C: the order is not used)
    for key in present:  # (a handful: not ``present - KIND_EVENTS.keys()``, which walks all of KIND_EVENTS)
        if key not in KIND_EVENTS:
            kinds.add(key)  # a kind not listed: offered every event
    return _for_kinds(index, kinds) if kinds else []


def sources(game: Game, event_type: type) -> list[tuple[int, CardDef]]:
    """``game.trigger_sources`` filtered to an event type (a plain dict is read whole)."""
    ts = game.trigger_sources
    if isinstance(ts, TriggerSources):
        return _event_sources(ts, ts.index, event_type)  # (not the method: compiled, a generic call)
    return list(ts.items())


def sources_for(game: Game, kind: TriggerKind) -> list[tuple[int, CardDef]]:
    """The permanents with an ability of this kind (other than a "self" zone-change ability)."""
    ts = game.trigger_sources
    if isinstance(ts, TriggerSources):
        index = ts.index
        bucket = index.by_kind.get(kind)  # (most kinds have no source: no list built to say so)
        if not bucket:
            return []
        return _for_kinds(index, (kind,)) if len(bucket) > 1 else list(bucket.items())
    return [(e, c) for e, c in ts.items() if kind in kinds_of(c)]


def live_sources(game: Game, found: list[tuple[int, CardDef]]) -> Iterator[tuple[int, CardDef, int]]:
    """Of ``found`` (from :func:`sources_for`), the permanents still on the battlefield and not stripped of their
    abilities (613.1f), each with its controller (603.3a: the controller of the source controls the trigger)."""
    t = game.table
    for source, card in found:
        row = t.row_of.get(source)
        if row is None or t.no_abilities[row]:
            continue
        yield source, card, int(t.controller[row])


def zone_sources(game: Game, entering: int) -> list[tuple[int, CardDef]]:
    """The permanents to ask about a zone change: those watching other objects enter, die or leave, and the
    entering object itself (its "When ~ enters")."""
    ts = game.trigger_sources
    if not isinstance(ts, TriggerSources):
        return list(ts.items())
    found = _event_sources(ts, ts.index, ZoneChanged)
    if entering >= 0 and entering in ts and all(e != entering for e, _ in found):
        return [*found, (entering, ts[entering])]  # (a new list: for_event's is kept)
    return found


__all__ = ["KIND_EVENTS", "TriggerSources", "kinds_of", "live_sources", "sources", "sources_for", "zone_sources"]

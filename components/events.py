"""Game events (the engine's own typed queue): what triggered abilities look at (CR 603.2).

esper's event handlers are weak references that silently drop lambdas, so the engine keeps its
own events: plain records emitted by the systems and matched by systems/triggers.py.
"""

from __future__ import annotations

from dataclasses import dataclass

from components.card import CardDef
from components.frozen import fast_init


@fast_init
@dataclass(frozen=True, slots=True)
class ZoneChanged:
    """An object moved between zones (CR 400.7): the old entity, the new one, and what it was."""

    old: int
    new: int
    card: CardDef
    from_zone: int
    to_zone: int
    owner: int
    controller: int  # its controller just before it moved (last known information, 603.10a)
    types: int  # its card types just before it moved
    token: bool


@fast_init
@dataclass(frozen=True, slots=True)
class Attacked:
    attacker: int
    defender: int
    controller: int


@fast_init
@dataclass(frozen=True, slots=True)
class Blocked:
    blocker: int
    attacker: int
    controller: int


@fast_init
@dataclass(frozen=True, slots=True)
class DamageDealt:
    source: int
    source_controller: int
    recipient: int
    amount: int
    combat: bool
    to_player: bool


@fast_init
@dataclass(frozen=True, slots=True)
class StepBegan:
    step: int
    active: int


@fast_init
@dataclass(frozen=True, slots=True)
class SpellCast:
    spell: int
    card: CardDef
    controller: int


@dataclass(frozen=True, slots=True)
class LifeGained:
    player: int
    amount: int


@fast_init
@dataclass(frozen=True, slots=True)
class Targeted:
    """A permanent or player became the target of a spell or ability (CR 115.1; ward, 702.21a): ``by`` is the
    spell or ability on the stack, ``controller`` its controller."""

    target: int
    by: int
    controller: int


@fast_init
@dataclass(frozen=True, slots=True)
class DamageTotal:
    """All the damage one source dealt in one damage event (CR 120.3, 510.2: a combat damage step is one
    event), summed over its recipients: "Whenever ~ deals damage" triggers once, with the total (603.2c)."""

    source: int
    source_controller: int
    amount: int
    combat: bool


@fast_init
@dataclass(frozen=True, slots=True)
class DamageReceived:
    """All the damage one permanent was dealt in one damage event, summed over its sources:
    "Whenever ~ is dealt damage" triggers once, with the total (603.2c)."""

    recipient: int
    amount: int
    combat: bool


@fast_init
@dataclass(frozen=True, slots=True)
class CardDrawn:
    """A player drew a card (CR 121.1); ``card`` is the card's entity in the hand."""

    player: int
    card: int


@dataclass(frozen=True, slots=True)
class Discarded:
    """A player discarded a card (CR 701.8a); ``card`` is its entity in the graveyard (or where it went)."""

    player: int
    card: int


@fast_init
@dataclass(frozen=True, slots=True)
class Unblocked:
    """An attacking creature is unblocked once blockers are declared (CR 509.1h, 509.3g)."""

    attacker: int
    controller: int


@fast_init
@dataclass(frozen=True, slots=True)
class BecameTapped:
    """An untapped permanent became tapped (CR 701.21a); a permanent that enters tapped doesn't become tapped."""

    permanent: int


@fast_init
@dataclass(frozen=True, slots=True)
class BecameUntapped:
    """A tapped permanent became untapped (CR 701.21b): in the untap step (502.3) or by an effect or cost."""

    permanent: int


@dataclass(frozen=True, slots=True)
class Sacrificed:
    """A player sacrificed a permanent (CR 701.21a): the permanent as it last existed on the battlefield
    (603.10a) and the object it became; the fields ``_lki_matches`` reads, as in :class:`ZoneChanged`."""

    player: int
    old: int
    new: int
    card: CardDef
    controller: int
    types: int
    token: bool


@dataclass(frozen=True, slots=True)
class CombatDamageToPlayers:
    """One combat damage event's damage to players (CR 510.2: each combat damage step deals it all at once):
    (source, its controller, the player's entity) for each source that dealt a player damage, so that
    "whenever one or more creatures you control deal combat damage to a player" triggers once (603.2c)."""

    dealt: tuple[tuple[int, int, int], ...]


@dataclass(frozen=True, slots=True)
class Cycled:
    """A player cycled a card: discarded it to pay the cost of a cycling ability (CR 702.29c, 702.29f);
    ``card`` is the card where it wound up (its graveyard, or exile with madness)."""

    player: int
    card: int


Event = (ZoneChanged | Attacked | Blocked | DamageDealt | StepBegan | SpellCast | LifeGained | Targeted | DamageTotal
         | DamageReceived | CardDrawn | Discarded | Unblocked | BecameTapped
         | BecameUntapped | Sacrificed | CombatDamageToPlayers | Cycled)

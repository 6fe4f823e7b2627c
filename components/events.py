"""Game events (the engine's own typed queue): what triggered abilities look at (CR 603.2).

esper's event handlers are weak references that silently drop lambdas, so the engine keeps its
own events: plain records emitted by the systems and matched by systems/triggers.py.
"""

from __future__ import annotations

from dataclasses import dataclass

from components.card import CardDef
from components.frozen import fast_init


@dataclass(frozen=True, slots=True, init=False)
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

    # (written out: compiled, a native constructor; see components/frozen.py)
    def __init__(self, old: int, new: int, card: CardDef, from_zone: int, to_zone: int, owner: int,
                 controller: int, types: int, token: bool) -> None:
        object.__setattr__(self, "old", old)
        object.__setattr__(self, "new", new)
        object.__setattr__(self, "card", card)
        object.__setattr__(self, "from_zone", from_zone)
        object.__setattr__(self, "to_zone", to_zone)
        object.__setattr__(self, "owner", owner)
        object.__setattr__(self, "controller", controller)
        object.__setattr__(self, "types", types)
        object.__setattr__(self, "token", token)


fast_init(ZoneChanged)


@dataclass(frozen=True, slots=True, init=False)
class Attacked:
    attacker: int
    defender: int
    controller: int

    # (written out: compiled, a native constructor; see components/frozen.py)
    def __init__(self, attacker: int, defender: int, controller: int) -> None:
        object.__setattr__(self, "attacker", attacker)
        object.__setattr__(self, "defender", defender)
        object.__setattr__(self, "controller", controller)


fast_init(Attacked)


@dataclass(frozen=True, slots=True, init=False)
class Blocked:
    blocker: int
    attacker: int
    controller: int

    # (written out: compiled, a native constructor; see components/frozen.py)
    def __init__(self, blocker: int, attacker: int, controller: int) -> None:
        object.__setattr__(self, "blocker", blocker)
        object.__setattr__(self, "attacker", attacker)
        object.__setattr__(self, "controller", controller)


fast_init(Blocked)


@dataclass(frozen=True, slots=True, init=False)
class DamageDealt:
    source: int
    source_controller: int
    recipient: int
    amount: int
    combat: bool
    to_player: bool

    # (written out: compiled, a native constructor; see components/frozen.py)
    def __init__(self, source: int, source_controller: int, recipient: int, amount: int, combat: bool,
                 to_player: bool) -> None:
        object.__setattr__(self, "source", source)
        object.__setattr__(self, "source_controller", source_controller)
        object.__setattr__(self, "recipient", recipient)
        object.__setattr__(self, "amount", amount)
        object.__setattr__(self, "combat", combat)
        object.__setattr__(self, "to_player", to_player)


fast_init(DamageDealt)


@dataclass(frozen=True, slots=True, init=False)
class StepBegan:
    step: int
    active: int

    # (written out: compiled, a native constructor; see components/frozen.py)
    def __init__(self, step: int, active: int) -> None:
        object.__setattr__(self, "step", step)
        object.__setattr__(self, "active", active)


fast_init(StepBegan)


@dataclass(frozen=True, slots=True, init=False)
class SpellCast:
    spell: int
    card: CardDef
    controller: int

    # (written out: compiled, a native constructor; see components/frozen.py)
    def __init__(self, spell: int, card: CardDef, controller: int) -> None:
        object.__setattr__(self, "spell", spell)
        object.__setattr__(self, "card", card)
        object.__setattr__(self, "controller", controller)


fast_init(SpellCast)


@dataclass(frozen=True, slots=True, init=False)
class LifeGained:
    player: int
    amount: int

    # (written out: compiled, a native constructor; see components/frozen.py)
    def __init__(self, player: int, amount: int) -> None:
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "amount", amount)


fast_init(LifeGained)


@dataclass(frozen=True, slots=True, init=False)
class Targeted:
    """A permanent or player became the target of a spell or ability (CR 115.1; ward, 702.21a): ``by`` is the
    spell or ability on the stack, ``controller`` its controller."""

    target: int
    by: int
    controller: int

    # (written out: compiled, a native constructor; see components/frozen.py)
    def __init__(self, target: int, by: int, controller: int) -> None:
        object.__setattr__(self, "target", target)
        object.__setattr__(self, "by", by)
        object.__setattr__(self, "controller", controller)


fast_init(Targeted)


@dataclass(frozen=True, slots=True, init=False)
class DamageTotal:
    """All the damage one source dealt in one damage event (CR 120.3, 510.2: a combat damage step is one
    event), summed over its recipients: "Whenever ~ deals damage" triggers once, with the total (603.2c)."""

    source: int
    source_controller: int
    amount: int
    combat: bool

    # (written out: compiled, a native constructor; see components/frozen.py)
    def __init__(self, source: int, source_controller: int, amount: int, combat: bool) -> None:
        object.__setattr__(self, "source", source)
        object.__setattr__(self, "source_controller", source_controller)
        object.__setattr__(self, "amount", amount)
        object.__setattr__(self, "combat", combat)


fast_init(DamageTotal)


@dataclass(frozen=True, slots=True, init=False)
class DamageReceived:
    """All the damage one permanent was dealt in one damage event, summed over its sources:
    "Whenever ~ is dealt damage" triggers once, with the total (603.2c)."""

    recipient: int
    amount: int
    combat: bool

    # (written out: compiled, a native constructor; see components/frozen.py)
    def __init__(self, recipient: int, amount: int, combat: bool) -> None:
        object.__setattr__(self, "recipient", recipient)
        object.__setattr__(self, "amount", amount)
        object.__setattr__(self, "combat", combat)


fast_init(DamageReceived)


@dataclass(frozen=True, slots=True, init=False)
class CardDrawn:
    """A player drew a card (CR 121.1); ``card`` is the card's entity in the hand."""

    player: int
    card: int

    # (written out: compiled, a native constructor; see components/frozen.py)
    def __init__(self, player: int, card: int) -> None:
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "card", card)


fast_init(CardDrawn)


@dataclass(frozen=True, slots=True, init=False)
class Discarded:
    """A player discarded a card (CR 701.8a); ``card`` is its entity in the graveyard (or where it went)."""

    player: int
    card: int

    # (written out: compiled, a native constructor; see components/frozen.py)
    def __init__(self, player: int, card: int) -> None:
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "card", card)


fast_init(Discarded)


@dataclass(frozen=True, slots=True, init=False)
class Unblocked:
    """An attacking creature is unblocked once blockers are declared (CR 509.1h, 509.3g)."""

    attacker: int
    controller: int

    # (written out: compiled, a native constructor; see components/frozen.py)
    def __init__(self, attacker: int, controller: int) -> None:
        object.__setattr__(self, "attacker", attacker)
        object.__setattr__(self, "controller", controller)


fast_init(Unblocked)


@dataclass(frozen=True, slots=True, init=False)
class BecameTapped:
    """An untapped permanent became tapped (CR 701.21a); a permanent that enters tapped doesn't become tapped."""

    permanent: int

    # (written out: compiled, a native constructor; see components/frozen.py)
    def __init__(self, permanent: int) -> None:
        object.__setattr__(self, "permanent", permanent)


fast_init(BecameTapped)


@dataclass(frozen=True, slots=True, init=False)
class BecameUntapped:
    """A tapped permanent became untapped (CR 701.21b): in the untap step (502.3) or by an effect or cost."""

    permanent: int

    # (written out: compiled, a native constructor; see components/frozen.py)
    def __init__(self, permanent: int) -> None:
        object.__setattr__(self, "permanent", permanent)


fast_init(BecameUntapped)


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

"""Abilities and effects of keyword abilities with their own rules (CR 702), as plain data.

The readers in content/keywords build them; systems/keywords executes them. Keywords that are plain
ability or effect values (evolve, dethrone: a triggered ability putting a +1/+1 counter on the
creature) use the general dataclasses of components/abilities.py instead.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Tribute:
    """'Tribute N' (CR 702.104a): as this creature enters, its controller chooses an opponent, who may
    have it enter with N additional +1/+1 counters. Whether that happened is kept for "if tribute
    wasn't paid" (702.104b, systems/keywords/tribute.py)."""

    text: str
    amount: int


@dataclass(frozen=True, slots=True)
class ExtortPayment:
    """Extort's effect (CR 702.101a): "you may pay {W/B}. If you do, each opponent loses 1 life and you
    gain life equal to the total life lost this way"."""


@dataclass(frozen=True, slots=True)
class ScavengeCounters:
    """Scavenge's effect (CR 702.97a): "Put a number of +1/+1 counters equal to the power of the card
    you exiled on target creature" (``target`` is the target slot)."""

    target: int = 0


@dataclass(frozen=True, slots=True)
class EnterWithChoices:
    """The one step of a resolving permanent spell with as-enters choices (unleash 702.98a, tribute
    702.104a): the choices are asked, then the card is put onto the battlefield (CR 608.3)."""

    controller: int


# --- Alternative ways to cast a spell: overload (702.96), bestow (702.103), fuse (702.102), miracle (702.94),
# and cipher (702.99). Executed by systems/keywords/ (alternative_costs, bestow, miracle, cipher).


@dataclass(frozen=True, slots=True)
class Overload:
    """'Overload [cost]' (CR 702.96a): its controller may pay ``cost`` rather than the mana cost; if they do,
    the spell's text changes, every "target" becoming "each" (702.96a, 702.96c), so it has no targets
    (702.96b). ``spell`` is the spell's instructions with that text change, compiled by the card loader."""

    text: str
    cost: object  # components.characteristics.ManaCost
    spell: object | None = None  # components.abilities.SpellAbility


@dataclass(frozen=True, slots=True)
class Bestow:
    """'Bestow [cost]' (CR 702.103a): the card may be cast bestowed for ``cost``, as an Aura spell with
    enchant creature (702.103b); it becomes a creature again when it stops being bestowed (702.103e-f)."""

    text: str
    cost: object  # components.characteristics.ManaCost


@dataclass(frozen=True, slots=True)
class Fuse:
    """'Fuse' (CR 702.102a): from its owner's hand, both halves of this split card may be cast together."""

    text: str


@dataclass(frozen=True, slots=True)
class Miracle:
    """'Miracle [cost]' (CR 702.94a): revealed as the first card its owner draws in a turn, it may be cast
    for ``cost`` rather than its mana cost when the linked triggered ability resolves."""

    text: str
    cost: object  # components.characteristics.ManaCost


@dataclass(frozen=True, slots=True)
class Encode:
    """Cipher's spell ability (CR 702.99a): "If this spell is represented by a card, you may exile this card
    encoded on a creature you control." The last instruction of a spell with cipher."""


@dataclass(frozen=True, slots=True)
class CastCard:
    """'You may cast it by paying [cost] rather than its mana cost' (miracle, 702.94a) or 'you may copy the
    encoded card and you may cast the copy without paying its mana cost' (cipher, 702.99a, 707.12): the card
    is the trigger event's object. The player casts it while the ability resolves, ignoring timing."""

    keyword: str  # the alternative cost, as CastSpell.cost names it: "miracle" or "cipher"
    copy: bool = False  # cast a copy of the card (707.12) rather than the card itself

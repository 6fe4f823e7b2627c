"""Designations a permanent has as an object (CR 700.x, 701.x, 702.x): components on its entity, so a zone
change, which makes a new object with a new entity (400.7), drops them by construction. Rare events: adding one
is an esper component change, not a per-priority-stop cost."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Renowned:
    """702.112b: it became renowned (renown's trigger checks "if it isn't renowned")."""


@dataclass(frozen=True, slots=True)
class Monstrous:
    """701.31b: it became monstrous (monstrosity does nothing to a monstrous permanent)."""


@dataclass(frozen=True, slots=True)
class Saddled:
    """702.171b: it became saddled this turn (until end of turn)."""

    turn: int


@dataclass(frozen=True, slots=True)
class RiotChoices:
    """702.136a: for each riot instance, whether a +1/+1 counter was chosen (else haste) as it entered."""

    counters: tuple[bool, ...]


@dataclass(frozen=True, slots=True)
class TributePaid:
    """702.104b: whether its tribute was paid as it entered ("if tribute wasn't paid")."""

    paid: bool


@dataclass(frozen=True, slots=True)
class Unearthed:
    """702.84a: it returned to the battlefield by unearth: exiled instead if it would leave the battlefield."""


@dataclass(frozen=True, slots=True)
class Blitzed:
    """702.152a: its blitz cost was paid: "When this permanent is put into a graveyard from the battlefield, draw a
    card"."""


@dataclass(frozen=True, slots=True)
class Manifested:
    """701.34a: a face-down permanent put onto the battlefield by manifest (701.34b: it may be turned face up for
    its mana cost if it is a creature card); removed when it is turned face up."""


@dataclass(frozen=True, slots=True)
class Foretold:
    """702.143a: a card exiled face down by foretell, on the turn ``turn``; cast for its foretell cost on a later
    turn."""

    turn: int


@dataclass(frozen=True, slots=True)
class Plotted:
    """702.170a: a card exiled by plot on the turn ``turn``; cast without paying its mana cost on a later turn
    (702.170d)."""

    turn: int


@dataclass(frozen=True, slots=True)
class Encoded:
    """702.99a-c: an exiled card encoded on the creature ``on``; it stays encoded while it stays in exile (this
    object) and that creature stays on the battlefield."""

    on: int


@dataclass(frozen=True, slots=True)
class Paired:
    """702.95b: paired with the creature ``partner``; ``controller`` controls the pair (702.95e: the pair breaks
    when either creature stops being a creature, leaves the battlefield or changes control)."""

    partner: int
    controller: int


@dataclass(frozen=True, slots=True)
class ClassLevel:
    """716.2b-d: the Class's level once it has gained one (a designation: it stays even if the permanent stops being
    a Class; a permanent without one is level 1)."""

    level: int


@dataclass(frozen=True, slots=True)
class Suspended:
    """702.62a-b: a card exiled by suspend with ``time`` time counters on it; suspended while it is in exile (this
    object) with a time counter."""

    time: int

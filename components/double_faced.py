"""Double-faced cards (CR 712) and face changes: effects and abilities as plain data.

The readers are content/oracle/double_faced.py; the rules are systems/double_faced.py.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from components.abilities import Ability, Count, Effect, Group
from components.card import CardDef
from components.characteristics import ManaCost

SELF = -1  # components.abilities.SELF: the ability's own permanent


@dataclass(frozen=True, slots=True)
class Transform(Effect):
    """'Transform ~.' (CR 701.28a): turn the permanent over so that its other face is up. ``word`` is how the
    text names it ("~", "it", "her", "him"), kept for the renderer."""

    target: int = SELF
    word: str = "~"
    group: Group | None = None  # "Transform all Humans" (target GROUP)


@dataclass(frozen=True, slots=True)
class ReturnTransformed(Effect):
    """'Exile ~, then return it to the battlefield transformed under its owner's control.' (``exile_first``)
    and 'Return ~ to the battlefield transformed under your control.' from a graveyard (CR 701.28, 712.13:
    it enters with its back face up). ``under``: "owner" or "you"; ``word`` the pronoun printed for it."""

    exile_first: bool
    under: str = "owner"
    word: str = "it"
    target: int = SELF  # not exile_first: SELF (an Aura's card, 400.7f) or EVENT_OBJECT (the dying card, 400.7e)


@dataclass(frozen=True, slots=True)
class Daybound(Ability):
    """'Daybound' (CR 702.145b) on a front face: it enters transformed at night, transforms as it becomes
    night, and can't transform otherwise; while one is on the battlefield and it's neither day nor night,
    it becomes day (702.145d)."""

    text: str = "Daybound"


@dataclass(frozen=True, slots=True)
class Nightbound(Ability):
    """'Nightbound' (CR 702.145e) on a back face: it transforms as it becomes day, and can't transform
    otherwise (702.145f); with no daybound permanent around and neither day nor night, it becomes night
    (702.145g)."""

    text: str = "Nightbound"


@dataclass(frozen=True, slots=True)
class Disturb(Ability):
    """'Disturb [cost]' (CR 702.146a): cast this card transformed from your graveyard for ``cost`` rather
    than its mana cost; it resolves with its back face up (702.146b)."""

    text: str
    cost: ManaCost
    from_graveyard: bool = True  # it works while the card is in a graveyard (systems/zones.py indexes such cards)


# --- Face-down spells and permanents (CR 708): morph (702.37), megamorph (702.37b), disguise (702.168).


@dataclass(frozen=True, slots=True)
class Morph(Ability):
    """'Morph [cost]', 'Megamorph [cost]' or 'Disguise [cost]' (CR 702.37a-b, 702.168a): the card may be cast
    face down as a 2/2 creature for {3} (disguise: also with ward {2}); a face-down permanent with it may be
    turned face up for ``cost`` (a special action, 702.37e, 702.168d). ``kind``: "morph", "megamorph" or
    "disguise"."""

    text: str
    cost: ManaCost | None  # None for a cost of revealing a card
    kind: str = "morph"
    reveal_color: int = 0  # "Morph—Reveal a black card in your hand.": a Color bit; the cost is that reveal


@dataclass(frozen=True, slots=True)
class DayAsEnters(Ability):
    """'If it's neither day nor night, it becomes day as ~ enters.' (CR 728.1, 614.12-style: as it enters)."""

    text: str = "If it's neither day nor night, it becomes day as ~ enters."


@dataclass(frozen=True, slots=True)
class Manifest(Effect):
    """'Manifest the top card of your library' (CR 701.34a), 'manifest dread' (701.60a: look at the top two,
    manifest one, the rest into the graveyard); ', then put N +1/+1 counters on it' on the manifested permanent
    (``counters``, or X with ``dynamic``)."""

    dread: bool = False
    counters: int = 0
    dynamic: Count | None = None  # "put X +1/+1 counters on it"
    cloak: bool = False  # "cloak the top card of your library" (701.56a): the same, with ward {2}


@dataclass(frozen=True, slots=True)
class LookAtFaceDown(Ability):
    """'You may look at face-down creatures you don't control any time.' (CR 708.5 lets a face-down permanent's
    controller look at it; this lets its controller look at other players' too): what the player may see."""

    text: str


@dataclass(frozen=True, slots=True)
class Incubate(Effect):
    """'Incubate N' (CR 701.51a): create an Incubator token (a transforming double-faced token, 701.51b) that
    enters with N +1/+1 counters on it; ``times``: "incubate X twice"."""

    amount: int = 0
    dynamic: Count | None = None  # "incubate X"
    times: int = 1
    # the Incubator token's card (components.card.CardDef), compiled with the card (content/oracle/double_faced.py),
    # never while a game runs; not part of the ability's identity (the same for every "incubate")
    token: CardDef | None = field(default=None, compare=False)

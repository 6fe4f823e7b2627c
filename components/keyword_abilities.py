"""Abilities and effects of keyword abilities with their own rules (CR 702), as plain data.

The readers in systems/mechanics build them; systems/mechanics executes them. Keywords that are plain
ability or effect values (evolve, dethrone: a triggered ability putting a +1/+1 counter on the
creature) use the general dataclasses of components/abilities.py instead.
"""

from __future__ import annotations

from dataclasses import dataclass

from components.abilities import Ability, Effect, PermanentFilter, SpellAbility
from components.card import CardDef
from components.characteristics import ManaCost


@dataclass(frozen=True, slots=True)
class Tribute(Ability):
    """'Tribute N' (CR 702.104a): as this creature enters, its controller chooses an opponent, who may
    have it enter with N additional +1/+1 counters. Whether that happened is kept for "if tribute
    wasn't paid" (702.104b, systems/mechanics/tribute.py)."""

    text: str
    amount: int


@dataclass(frozen=True, slots=True)
class ExtortPayment(Effect):
    """Extort's effect (CR 702.101a): "you may pay {W/B}. If you do, each opponent loses 1 life and you
    gain life equal to the total life lost this way"."""


@dataclass(frozen=True, slots=True)
class ScavengeCounters(Effect):
    """Scavenge's effect (CR 702.97a): "Put a number of +1/+1 counters equal to the power of the card
    you exiled on target creature" (``target`` is the target slot)."""

    target: int = 0


@dataclass(frozen=True, slots=True)
class EnterWithChoices(Effect):
    """The one step of a resolving permanent spell with as-enters choices (unleash 702.98a, tribute
    702.104a): the choices are asked, then the card is put onto the battlefield (CR 608.3)."""

    controller: int


# --- Alternative ways to cast a spell: overload (702.96), bestow (702.103), fuse (702.102), miracle (702.94),
# and cipher (702.99). Executed by systems/mechanics/ (alternative_costs, bestow, miracle, cipher).


@dataclass(frozen=True, slots=True)
class Overload(Ability):
    """'Overload [cost]' (CR 702.96a): its controller may pay ``cost`` rather than the mana cost; if they do,
    the spell's text changes, every "target" becoming "each" (702.96a, 702.96c), so it has no targets
    (702.96b). ``spell`` is the spell's instructions with that text change, compiled by the card loader."""

    text: str
    cost: ManaCost
    spell: SpellAbility | None = None


@dataclass(frozen=True, slots=True)
class Bestow(Ability):
    """'Bestow [cost]' (CR 702.103a): the card may be cast bestowed for ``cost``, as an Aura spell with
    enchant creature (702.103b); it becomes a creature again when it stops being bestowed (702.103e-f)."""

    text: str
    cost: ManaCost


@dataclass(frozen=True, slots=True)
class Fuse(Ability):
    """'Fuse' (CR 702.102a): from its owner's hand, both halves of this split card may be cast together."""

    text: str


@dataclass(frozen=True, slots=True)
class Miracle(Ability):
    """'Miracle [cost]' (CR 702.94a): revealed as the first card its owner draws in a turn, it may be cast
    for ``cost`` rather than its mana cost when the linked triggered ability resolves."""

    text: str
    cost: ManaCost


@dataclass(frozen=True, slots=True)
class Encode(Effect):
    """Cipher's spell ability (CR 702.99a): "If this spell is represented by a card, you may exile this card
    encoded on a creature you control." The last instruction of a spell with cipher."""


@dataclass(frozen=True, slots=True)
class CastCard(Effect):
    """'You may cast it by paying [cost] rather than its mana cost' (miracle, 702.94a) or 'you may copy the
    encoded card and you may cast the copy without paying its mana cost' (cipher, 702.99a, 707.12): the card
    is the trigger event's object. The player casts it while the ability resolves, ignoring timing."""

    keyword: str  # the alternative cost, as CastSpell.cost names it: "miracle" or "cipher"
    copy: bool = False  # cast a copy of the card (707.12) rather than the card itself


# --- Additional and alternative costs of issue 5: kicker (702.33), flashback (702.34), buyback (702.27) and
# rebound (702.88). Cast variants and their rules: systems/mechanics/additional_costs.py.


@dataclass(frozen=True, slots=True)
class Kicker(Ability):
    """'Kicker [cost]' (CR 702.33a): "You may pay an additional [cost] as you cast this spell." A spell whose
    controller chose to pay it is "kicked" (702.33d); ``CastSpell.cost`` names it "kicker"."""

    text: str
    cost: ManaCost


@dataclass(frozen=True, slots=True)
class Flashback(Ability):
    """'Flashback [cost]' (CR 702.34a): the instant or sorcery card may be cast from its owner's graveyard for
    ``cost`` rather than its mana cost; if it was, it is exiled instead of going anywhere else when it leaves
    the stack. ``from_graveyard``: the card works from a graveyard, so graveyards index it
    (``game.graveyard_activatable``, systems/zones.py)."""

    text: str
    cost: ManaCost
    from_graveyard: bool = True


@dataclass(frozen=True, slots=True)
class Buyback(Ability):
    """'Buyback [cost]' (CR 702.27a): an additional cost; if it was paid, the spell is put into its owner's
    hand instead of their graveyard as it resolves."""

    text: str
    cost: ManaCost


@dataclass(frozen=True, slots=True)
class Rebound(Ability):
    """'Rebound' (CR 702.88a): cast from its owner's hand, the spell is exiled as it resolves, and at the
    beginning of their next upkeep they may cast it from exile without paying its mana cost."""

    text: str = "Rebound"


@dataclass(frozen=True, slots=True)
class SplitSecond(Ability):
    """'Split second' (CR 702.61a): while this spell is on the stack, players can't cast other spells or
    activate abilities that aren't mana abilities."""

    text: str = "Split second"


@dataclass(frozen=True, slots=True)
class PaymentHelp(Ability):
    """Convoke (CR 702.51a) or improvise (702.126a): untapped creatures (convoke) or artifacts (improvise)
    the caster controls may be tapped to pay for mana in the spell's total cost (systems/mechanics/convoke.py).
    ``kind``: "convoke" or "improvise"."""

    text: str
    kind: str


@dataclass(frozen=True, slots=True)
class Affinity(Ability):
    """'Affinity for [text]' (CR 702.41a): "This spell costs you {1} less to cast for each [text] you
    control." ``filter`` describes the permanents counted (components.abilities.PermanentFilter)."""

    text: str
    filter: PermanentFilter


@dataclass(frozen=True, slots=True)
class WardCounter(Effect):
    """Ward's effect (CR 702.21a): "counter that spell or ability unless that player pays [cost]": the
    spell or ability is the trigger event's object; its controller is asked whether to pay."""

    cost: ManaCost


@dataclass(frozen=True, slots=True)
class EchoPayment(Effect):
    """Echo's effect (CR 702.30a): "sacrifice it unless you pay [cost]"."""

    cost: ManaCost


@dataclass(frozen=True, slots=True)
class CumulativeUpkeepPayment(Effect):
    """Cumulative upkeep's effect (CR 702.24a): "put an age counter on this permanent. Then you may pay
    [cost] for each age counter on it. If you don't, sacrifice it." """

    cost: ManaCost


@dataclass(frozen=True, slots=True)
class FabricateChoice(Effect):
    """Fabricate's effect (CR 702.123a): "you may put N +1/+1 counters on it. If you don't, create N 1/1
    colorless Servo artifact creature tokens." ``counters`` and ``tokens`` are the two instructions, compiled."""

    amount: int
    counters: tuple[Effect, ...]  # the PutCounters
    tokens: tuple[Effect, ...]  # the CreateToken


@dataclass(frozen=True, slots=True)
class StormCopies(Effect):
    """Storm's effect (CR 702.40a): "copy it for each other spell that was cast before it this turn. If the
    spell has any targets, you may choose new targets for any of the copies." The decisions made for the spell
    as it was cast (707.10: modes, targets, X, additional or alternative costs) and the number of copies are
    kept here as it triggers, so the copies can be made even if the spell has left the stack (608.2h)."""

    count: int = 0
    targets: tuple[int, ...] = ()
    x: int = 0
    modes: tuple[int, ...] = ()
    cost: str = ""
    card: CardDef | None = None  # the spell's characteristics


@dataclass(frozen=True, slots=True)
class ReboundCast(Effect):
    """Rebound's delayed triggered ability's effect (CR 702.88a): "you may cast this card from exile without
    paying its mana cost" (the card is the trigger's event object)."""


@dataclass(frozen=True, slots=True)
class PreventDamage(Effect):
    """A prevention effect made by a resolving spell (CR 615.1a): "Prevent all [combat] damage that would
    be dealt [to target ...] this turn" or a shield, "Prevent the next N damage that would be dealt to
    any target this turn" (615.7). ``target`` is a target index, or -1 for no object (all damage);
    ``amount`` None prevents all matching damage; ``by`` means damage dealt *by* the target."""

    target: int = -1
    amount: int | None = None
    combat_only: bool = False
    by: bool = False

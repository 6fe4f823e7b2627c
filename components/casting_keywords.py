"""Keyword abilities about casting and playing cards from other zones (CR 702), as plain data: unearth
(702.84), and the ways to cast a card from a graveyard (jump-start 702.133, retrace 702.81, escape 702.138,
harmonize). Read by systems/mechanics/<keyword>.py, executed by systems/mechanics/<keyword>.py.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from components.abilities import Ability, ActivatedAbility, Effect, PermanentFilter, SpellAbility
from components.card import CardDef
from components.characteristics import ManaCost


@dataclass(frozen=True, slots=True)
class UnearthReturn(Effect):
    """Unearth's effect (CR 702.84a): "Return this card from your graveyard to the battlefield. It gains haste.
    Exile it at the beginning of the next end step. If it would leave the battlefield, exile it instead of
    putting it anywhere else." The activated ability around it is a plain ActivatedAbility (from a graveyard,
    activate only as a sorcery)."""


@dataclass(frozen=True, slots=True)
class GraveyardCast(Ability):
    """A static ability that lets its owner cast the card from their graveyard (CR 601.2, 601.2b, 601.2f-h):

    * ``keyword`` names the way in ``CastSpell.cost``: "jump-start", "retrace", "escape", "flashback",
      "harmonize", "mayhem" (only the turn its owner discarded it);
    * ``cost``: the alternative cost paid rather than the mana cost (118.9: escape, harmonize), or None when
      the mana cost is paid (jump-start, retrace);
    * ``discard``: an additional cost of discarding a card: "card" (jump-start, 702.133a) or "land" (a land
      card, retrace, 702.81a); "" none;
    * ``exile_others``: escape's "Exile N other cards from your graveyard" (part of the cost, 702.138a);
    * ``exile_after``: the card is exiled instead of going anywhere else when it leaves the stack (jump-start
      702.133a, harmonize 702.180a);
    * ``spells_only``: only if the resulting spell is an instant or sorcery (jump-start 702.133a);
    * ``tap_reduce``: harmonize's "You may tap a creature you control to reduce that cost by {X}, where X is its
      power" (reminder text; the creature is tapped as a cost, 601.2h);
    * ``costs``: other parts of the cost, as the cost fields of an ActivatedAbility without effects (flashback
      with a cost that isn't only mana, 702.34a: "Flashback—Tap three untapped creatures you control.", "Flashback
      {3}{B}, Pay 3 life."): its mana cost, life, untapped permanents to tap, cards to discard, a permanent to
      sacrifice;
    * ``from_graveyard``: graveyards index the card (``game.graveyard_activatable``, systems/zones.py)."""

    text: str
    keyword: str
    cost: ManaCost | None = None
    discard: str = ""
    exile_others: int = 0
    exile_after: bool = False
    spells_only: bool = False
    tap_reduce: bool = False
    costs: ActivatedAbility | None = None  # its cost fields only
    exile_permanent: PermanentFilter | None = None  # escape's "Exile a land you control": a PermanentFilter
    from_graveyard: bool = True


@dataclass(frozen=True, slots=True)
class ExileFromHand(Ability):
    """A keyword whose special action exiles the card from its owner's hand for ``cost`` (CR 116.2f, 116.2k):

    * suspend (702.62a): "Suspend N—[cost]": exiled with ``time_counters`` time counters, if its owner could
      begin to cast it; at the beginning of their upkeep a time counter is removed, and when the last is removed
      they may cast it without paying its mana cost (a creature spell cast this way gains haste);
    * plot (702.170a): "Plot [cost]": during its owner's main phase while the stack is empty; it becomes a
      plotted card, which they may cast without paying its mana cost during their main phase while the stack is
      empty on any later turn (702.170d);
    * foretell (702.143a): "Foretell [cost]": any time its owner has priority during their turn, they may pay {2}
      and exile it face down; they may cast it after that turn has ended for ``cost`` rather than its mana cost.

    Executed by systems/mechanics/exile_casting.py."""

    text: str
    keyword: str  # "suspend", "plot" or "foretell"
    cost: ManaCost  # foretell: the foretell cost (the special action costs {2})
    time_counters: int = 0


@dataclass(frozen=True, slots=True)
class SuspendTick(Effect):
    """Suspend's first triggered ability's effect (702.62a): "remove a time counter from it" (the card is the
    trigger's event object); removing the last one triggers its second ability."""


@dataclass(frozen=True, slots=True)
class SuspendCast(Effect):
    """Suspend's second triggered ability's effect (702.62a): "you may play it without paying its mana cost if
    able" (the card is the trigger's event object)."""


@dataclass(frozen=True, slots=True)
class CopyOnCast(Ability):
    """An optional additional cost whose payment copies the spell as it is cast (CR 601.2b, 601.2f-h, 707.10):

    * casualty N (702.153a): "As an additional cost to cast this spell, you may sacrifice a creature with power
      N or greater" (``power``: N) and "When you cast this spell, if a casualty cost was paid for it, copy it.
      If the spell has any targets, you may choose new targets for the copy.";
    * conspire (702.78a): "As an additional cost to cast this spell, you may tap two untapped creatures you
      control that each share a color with it" and "When you cast this spell, if its conspire cost was paid,
      copy it. If the spell has any targets, you may choose new targets for the copy."

    Executed by systems/mechanics/copy_on_cast.py."""

    text: str
    keyword: str  # "casualty", "conspire" or "replicate"
    power: int = 0
    cost: ManaCost | None = None  # replicate's cost (702.56a: paid any number of times)


@dataclass(frozen=True, slots=True)
class EnteringCost(Ability):
    """A cost paid for a permanent spell that its permanent remembers as it enters (CR 603.4, 702.33d-like):

    * offspring (702.175a): "Offspring [cost]": "You may pay an additional [cost] as you cast this spell" and
      "When this permanent enters, if its offspring cost was paid, create a token that's a copy of it, except
      it's 1/1.";
    * evoke (702.74a): "Evoke [cost]": "You may cast this card by paying [cost] rather than paying its mana
      cost" and "When this permanent enters, if its evoke cost was paid, its controller sacrifices it.";
    * dash (702.109a): an alternative cost; the permanent has haste and returns to its owner's hand at the
      beginning of the next end step;
    * blitz (702.152a): an alternative cost; the permanent has haste and "When this permanent is put into a
      graveyard from the battlefield, draw a card", and is sacrificed at the beginning of the next end step;
    * squad (702.157a): "As an additional cost to cast this spell, you may pay [cost] any number of times" and
      "When this creature enters, if its squad cost was paid, create a token that's a copy of it for each time its
      squad cost was paid."

    Executed by systems/mechanics/entering_costs.py."""

    text: str
    keyword: str  # "offspring", "evoke", "dash", "blitz", "squad", "emerge" or "web-slinging"
    cost: ManaCost
    exile_from_hand: int = 0  # "Evoke—Exile a blue card from your hand.": a Color bit (the cost has no mana)


@dataclass(frozen=True, slots=True)
class EnteredWithCost(Effect):
    """The effect of the triggered ability of an EnteringCost (the permanent is the trigger's event object):
    offspring's token copy (702.175a) or evoke's sacrifice (702.74a). ``card``: the permanent's card, for a copy
    of it as it last existed if it has left the battlefield (608.2h)."""

    keyword: str
    card: CardDef | None = None
    times: int = 1  # squad: for each time its squad cost was paid (702.157a)


@dataclass(frozen=True, slots=True)
class TokenCopyOfCard(Effect):
    """'Create a token that's a copy of this card, except ...' of an ability exiled from a graveyard as its cost
    (the exiled card is the ability's source card): embalm (702.128a: "it's white, it has no mana cost, and it's
    a Zombie in addition to its other types") and eternalize (702.129a: "it's black, it's 4/4, it has no mana
    cost, and it's a Zombie in addition to its other types")."""

    keyword: str  # "embalm" or "eternalize"


@dataclass(frozen=True, slots=True)
class Madness(Ability):
    """'Madness [cost]' (CR 702.35a): "If a player would discard this card, that player discards it, but exiles it
    instead of putting it into their graveyard" and "When this card is exiled this way, its owner may cast it by
    paying [cost] rather than paying its mana cost. If that player doesn't, they put this card into their
    graveyard." Executed by systems/mechanics/madness.py."""

    text: str
    cost: ManaCost


@dataclass(frozen=True, slots=True)
class MadnessCast(Effect):
    """Madness's triggered ability's effect (702.35a): cast the exiled card for its madness cost, or put it into
    its owner's graveyard (the card is the trigger's event object)."""


@dataclass(frozen=True, slots=True)
class Delve(Ability):
    """'Delve' (CR 702.66a): "For each generic mana in this spell's total cost, you may exile a card from your
    graveyard rather than pay that mana." Not an additional or alternative cost (702.66b); executed by
    systems/mechanics/delve.py."""

    text: str = "Delve"


@dataclass(frozen=True, slots=True)
class SearchSameManaValue(Effect):
    """The effect of transmute (CR 702.53a: "Search your library for a card with the same mana value as the
    discarded card, reveal that card, and put it into your hand. Then shuffle your library.") and transfigure
    (702.71a: "Search your library for a creature card with the same mana value as this permanent and put it onto
    the battlefield. Then shuffle your library."); the mana value is that of the ability's source card (its
    last known information, 608.2h)."""

    keyword: str  # "transmute" or "transfigure"


@dataclass(frozen=True, slots=True)
class ReinforceCounters(Effect):
    """Reinforce's effect (CR 702.77a): "Put N +1/+1 counters on target creature." (the first target)."""

    amount: int


@dataclass(frozen=True, slots=True)
class ThisTurnAltCost(Ability):
    """An alternative cost allowed only by what happened this turn (CR 118.9, 601.2b, 601.2f-h):

    * prowl (702.76a): "You may pay [cost] rather than pay this spell's mana cost if a player was dealt combat
      damage this turn by a source that, at the time it dealt that damage, was under your control and had any of
      this spell's creature types.";
    * freerunning (702.173a): "... by a creature that, at the time it dealt that damage, was an Assassin creature
      or a commander under your control." (no commanders in this engine: an Assassin creature);
    * surge (702.117a): "... if you or one of your teammates has cast another spell this turn." (no teams here);
    * spectacle (702.137a): "... if an opponent lost life this turn."

    Executed by systems/mechanics/this_turn_costs.py."""

    text: str
    keyword: str  # "prowl", "freerunning", "surge" or "spectacle"
    cost: ManaCost


@dataclass(frozen=True, slots=True)
class Ripple(Ability):
    """'Ripple N' (CR 702.60a): "When you cast this spell, you may reveal the top N cards of your library, or, if
    there are fewer than N cards in your library, you may reveal all the cards in your library. If you reveal
    cards from your library this way, you may cast any of those cards with the same name as this spell without
    paying their mana costs, then put all revealed cards not cast this way on the bottom of your library in any
    order." Executed by systems/mechanics/ripple.py (the effect: :class:`RippleReveal`)."""

    text: str
    amount: int


@dataclass(frozen=True, slots=True)
class RippleReveal(Effect):
    """Ripple's triggered ability's effect (702.60a); ``name``: the spell's name, ``amount``: N."""

    name: str
    amount: int


@dataclass(frozen=True, slots=True)
class Awaken(Ability):
    """'Awaken N—[cost]' (CR 702.113a): "You may pay [cost] rather than pay this spell's mana cost as you cast
    this spell" and "If this spell's awaken cost was paid, put N +1/+1 counters on target land you control. That
    land becomes a 0/0 Elemental creature with haste. It's still a land." Executed by
    systems/mechanics/awaken.py."""

    text: str
    amount: int
    cost: ManaCost


@dataclass(frozen=True, slots=True)
class Splice(Ability):
    """'Splice onto Arcane [cost]' (CR 702.47a): "You may reveal this card from your hand as you cast an Arcane
    spell. If you do, that spell gains the text of this card's rules text and you pay [cost] as an additional
    cost to cast that spell." Executed by systems/mechanics/splice.py."""

    text: str
    cost: ManaCost


@dataclass(frozen=True, slots=True)
class Prototype(Ability):
    """'Prototype [mana cost] — [power]/[toughness]' (CR 702.160a, 718): the card may be cast prototyped, with
    that mana cost, power and toughness (and the colors of that mana cost, 718.3b) as a spell and as the permanent
    it becomes. Executed by systems/mechanics/prototype.py."""

    text: str
    cost: ManaCost
    power: int
    toughness: int


@dataclass(frozen=True, slots=True)
class Recover(Ability):
    """'Recover [cost]' (CR 702.59a): "When a creature is put into your graveyard from the battlefield, you may pay
    [cost]. If you do, return this card from your graveyard to your hand. Otherwise, exile this card." (a
    triggered ability of the card in its owner's graveyard; ``from_graveyard``: graveyards index it). Executed by
    systems/mechanics/recover.py."""

    text: str
    cost: ManaCost
    from_graveyard: bool = True


@dataclass(frozen=True, slots=True)
class RecoverReturn(Effect):
    """Recover's effect (702.59a); the recover card is the trigger's source."""


@dataclass(frozen=True, slots=True)
class Entwine(Ability):
    """'Entwine [cost]' (CR 702.42a): "You may choose all modes of this spell instead of just the number specified.
    If you do, you pay an additional [cost]." Executed by systems/mechanics/entwine.py."""

    text: str
    cost: ManaCost


@dataclass(frozen=True, slots=True)
class Gift(Ability):
    """'Gift a [something]' (CR 702.174a-b): "As an additional cost to cast this spell, you may choose an opponent"
    and, on an instant or sorcery, "If this spell's gift cost was paid, [effect]" (before its other effects,
    702.174j), on a permanent "When this permanent enters, if its gift cost was paid, [effect]". ``what``: "card",
    "Food", "Treasure", "tapped Fish" or "Octopus" (702.174d-i). Executed by systems/mechanics/gift.py."""

    text: str
    what: str
    # the token-making effect of a Food, Treasure, Fish or Octopus gift, compiled as the card loads (never while a
    # game runs); not part of the ability's identity
    token: Effect | None = field(default=None, compare=False)


@dataclass(frozen=True, slots=True)
class GiveGift(Effect):
    """The gift's effect (702.174d-i) for the chosen opponent ``player`` (-1: the one chosen for the resolving
    spell, named in its cost "gift:<player>"); ``token``: the gift's token-making effect (see ``Gift``)."""

    what: str
    player: int = -1
    token: Effect | None = field(default=None, compare=False)


@dataclass(frozen=True, slots=True)
class Escalate(Ability):
    """'Escalate [cost]' (CR 702.120a): "For each mode you choose beyond the first as you cast this spell, you pay an
    additional [cost]." Executed by systems/mechanics/escalate.py."""

    text: str
    cost: ManaCost


@dataclass(frozen=True, slots=True)
class Cleave(Ability):
    """'Cleave [cost]' (CR 702.148a): "You may cast this spell by paying [cost] rather than paying its mana cost. If
    the cleave cost was paid, remove the words in square brackets from this spell's text." ``spell``: the spell's
    instructions with those words removed, compiled by the card loader (systems/mechanics/cleave.py). Executed by
    systems/mechanics/cleave.py."""

    text: str
    cost: ManaCost
    spell: SpellAbility | None = None


@dataclass(frozen=True, slots=True)
class Bargain(Ability):
    """'Bargain' (CR 702.166a): "As an additional cost to cast this spell, you may sacrifice an artifact,
    enchantment, or token." Such a spell was "bargained" (702.166b). Executed by systems/mechanics/bargain.py."""

    text: str = "Bargain"

"""Abilities and effects of the keyword abilities about combat, counters, dying and entering (CR 702), as plain
data: toxic (702.164), persist (702.79), undying (702.93), amass (701.44), bolster (701.33), support (701.35),
and the other keywords read by systems/mechanics/combat_keywords.py and executed by systems/mechanics/."""

from __future__ import annotations

from dataclasses import dataclass

from components.abilities import Ability, Count, Effect, Group, PermanentFilter, PlayerRef
from components.card import CardDef


@dataclass(frozen=True, slots=True)
class Toxic(Ability):
    """'Toxic N' (CR 702.164a): a static ability; combat damage this creature deals to a player also gives that
    player N poison counters (702.164c, systems/mechanics/infect.py). 702.164b: the values of several add up."""

    text: str
    amount: int


@dataclass(frozen=True, slots=True)
class ReturnWithCounter(Effect):
    """Persist's and undying's effect (CR 702.79a, 702.93a): "return it to the battlefield under its owner's
    control with a [kind] counter on it" ("it": the card the trigger event put into the graveyard, 603.10a)."""

    kind: str  # "-1/-1" (persist) or "+1/+1" (undying)


@dataclass(frozen=True, slots=True)
class Bolster(Effect):
    """'Bolster N' (CR 701.33a): choose a creature with the least toughness among creatures you control (ties:
    you choose) and put N +1/+1 counters on it; nothing happens if you control no creatures."""

    amount: int


@dataclass(frozen=True, slots=True)
class Support(Effect):
    """'Support N' (CR 701.35a): put a +1/+1 counter on each of up to N target creatures ("other" target creatures
    for a permanent's ability, 701.35a). ``first``: the index of the first of its N optional target slots."""

    amount: int
    first: int = 0


@dataclass(frozen=True, slots=True)
class Amass(Effect):
    """'Amass [Subtype] N' (CR 701.44a): if you don't control an Army creature, create a 0/0 black [Subtype] Army
    creature token first; choose an Army creature you control, put N +1/+1 counters on it, and if it isn't a
    [Subtype], it becomes one in addition to its other types (701.44c: the Army is "the amassed Army")."""

    subtype: str
    amount: int
    token: CardDef | None = None  # the 0/0 black [Subtype] Army creature token


@dataclass(frozen=True, slots=True)
class RampageBonus(Effect):
    """Rampage's effect (CR 702.23a): "it gets +N/+N until end of turn for each creature blocking it beyond the
    first" (the number of blockers is counted once, as the ability resolves, 702.23b)."""

    amount: int


@dataclass(frozen=True, slots=True)
class ExileTopOfLibrary(Effect):
    """Ingest's effect (CR 702.115a): "that player exiles the top card of their library" (the player dealt the
    combat damage, the trigger's event player)."""


@dataclass(frozen=True, slots=True)
class GetPoison(Effect):
    """'That player gets two poison counters' (CR 122.1f): each player ``player`` names gets ``amount`` poison
    counters (704.5c: ten or more and they lose the game)."""

    amount: int
    player: PlayerRef | None = None


@dataclass(frozen=True, slots=True)
class BackupCounters(Effect):
    """Backup's effect (CR 702.165a): "put N +1/+1 counters on target creature. If that's another creature, it also
    gains the non-backup abilities of this creature printed below this one until end of turn." ``grants``: those
    abilities, filled in when the whole card is compiled (systems/mechanics/backup.py ``link_backup``)."""

    amount: int
    grants: tuple[Ability, ...] = ()


@dataclass(frozen=True, slots=True)
class WardOtherCost(Effect):
    """Ward with a cost that isn't mana (CR 702.21a): "Ward—Pay N life." (``kind`` "life"), "Ward—Discard a card."
    ("discard"), "Ward—Sacrifice a creature." ("sacrifice", ``filter`` the permanent to sacrifice): counter the
    spell or ability that targeted the permanent unless its controller pays the cost."""

    kind: str
    amount: int = 1
    filter: PermanentFilter | None = None  # for "sacrifice"
    noun: str = ""  # the sacrificed permanent as printed ("a creature"), for the round trip


@dataclass(frozen=True, slots=True)
class CascadeExile(Effect):
    """Cascade's first instruction (CR 702.85a): "exile cards from the top of your library until you exile a nonland
    card whose mana value is less than this spell's mana value"."""


@dataclass(frozen=True, slots=True)
class CascadeCast(Effect):
    """Cascade's second instruction (CR 702.85a): "You may cast that card without paying its mana cost if the
    resulting spell's mana value is less than this spell's mana value. Then put all cards exiled this way that
    weren't cast on the bottom of your library in a random order."""


@dataclass(frozen=True, slots=True)
class Renown(Effect):
    """Renown's effect (CR 702.112a): "put N +1/+1 counters on it and it becomes renowned" (702.112b)."""

    amount: int


@dataclass(frozen=True, slots=True)
class MeleeBonus(Effect):
    """Melee's effect (CR 702.121a): "it gets +1/+1 until end of turn for each opponent you attacked with a creature
    this combat"."""


@dataclass(frozen=True, slots=True)
class LivingWeapon(Effect):
    """Living weapon's effect (CR 702.92a): "create a 0/0 black Phyrexian Germ creature token, then attach this
    Equipment to it"."""

    token: CardDef | None = None  # the Germ token


@dataclass(frozen=True, slots=True)
class ModularMove(Effect):
    """Modular's triggered ability's effect (CR 702.43a): "put a +1/+1 counter on target artifact creature for each
    +1/+1 counter on this permanent" (the counters it had as it left the battlefield, 603.10a)."""


@dataclass(frozen=True, slots=True)
class ExploitSacrifice(Effect):
    """Exploit's effect (CR 702.110a): "you may sacrifice a creature" (the "you may" is the ability's; the creature
    is chosen as it resolves)."""


@dataclass(frozen=True, slots=True)
class RemoveTimeCounter(Effect):
    """Vanishing's upkeep effect (CR 702.63a): "remove a time counter from it"."""


@dataclass(frozen=True, slots=True)
class CreateAttackingTokens(Effect):
    """'Create two 1/1 white Soldier creature tokens that are tapped and attacking.' (CR 508.4: its controller
    chooses which defending player, or planeswalker a defending player controls, each attacks; it was never declared
    as an attacker, so "whenever ~ attacks" doesn't trigger for it.) ``sacrifice_at_end``: mobilize's "Sacrifice
    them at the beginning of the next end step" (a delayed triggered ability per token, 603.7)."""

    token: CardDef
    amount: int
    description: str = ""
    sacrifice_at_end: bool = False
    dynamic: Count | None = None  # "... for each creature card in your graveyard" (amount 1)


@dataclass(frozen=True, slots=True)
class DoubleCounters(Effect):
    """'Double the number of +1/+1 counters on it' (CR 701.9e): the permanent gets as many more counters of that kind
    as it has; ``kind`` "each" doubles every kind ("each kind of counter"). ``target``/``group`` as in PutCounters."""

    kind: str
    target: int
    group: Group | None = None

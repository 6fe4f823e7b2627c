"""Typed abilities and effects that the Oracle reader produces and the systems execute.

Plain data only: each dataclass says *what* an ability does; ``systems/`` says *how*.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from mypy_extensions import mypyc_attr

from components.card import CardDef
from components.characteristics import ManaCost
from components.frozen import fast_init

if TYPE_CHECKING:
    from dataclasses import Field

    from components.mana_spending import SpendRestriction


@mypyc_attr(allow_interpreted_subclasses=True)  # (mypyc: mechanics derive their abilities)
class Ability:
    """The base of every ability a card's text compiles to (CR 113): the core kinds below and the ones each
    mechanic under ``systems/mechanics/`` or the compiler defines (flashback, fuse, ...). Mechanics are plug-ins,
    so the set is open: a new ability type derives from this class instead of being added to a union.

    A marker only: no fields, no behaviour (equality, hashing and copying stay each dataclass's own). The empty
    ``__slots__`` keeps a slotted subclass slotted (its instances have no ``__dict__`` and keep their size), which
    ecs/state_copy.py relies on: it copies a dataclass by its slots only when every class of its MRO has them.

    Every subclass is a frozen slotted dataclass (tests/mechanics/test_registry.py checks), which the annotation
    of ``__dataclass_fields__`` tells mypy, so that dataclasses.fields and replace take an Ability. It is an
    annotation only: the class itself has no such attribute and is not a dataclass."""

    __slots__ = ()
    __dataclass_fields__: ClassVar[dict[str, Field[Any]]]


class Effect:
    """The base of every effect a spell or ability has (CR 608.2c: its instructions, followed in written order):
    the core ones below and the ones the mechanics and the compiler define (cipher's encoding, storm's copies,
    ...). Open for the same reason as :class:`Ability`: each type's executor is registered by its own module
    (content/registry.py, keyed by the type), so no list of effect types is kept. A marker with empty
    ``__slots__`` and every subclass a frozen slotted dataclass, like :class:`Ability`."""

    __slots__ = ()
    __dataclass_fields__: ClassVar[dict[str, Field[Any]]]


class Layer(enum.IntEnum):
    """CR 613.1 layers and 613.4 sublayers, in application order."""

    COPY = 10  # 613.1a
    CONTROL = 20  # 613.1b
    TEXT = 30  # 613.1c
    TYPE = 40  # 613.1d
    COLOR = 50  # 613.1e
    ABILITY = 60  # 613.1f
    PT_CDA = 71  # 613.4a
    PT_SET = 72  # 613.4b
    PT_MODIFY = 73  # 613.4c (counters are applied here too, 613.4c)
    PT_SWITCH = 74  # 613.4d


class TargetKind(enum.Enum):
    """What a target slot accepts (CR 115.1, 115.4)."""

    # Members are singletons compared by identity, so an identity hash agrees with equality; Enum's own hashes the
    # name in Python, and target slots are looked up by kind at every priority stop (issue 11).
    __hash__ = object.__hash__

    ANY = "any target"  # creature, player, planeswalker or battle (CR 115.4)
    CREATURE = "target creature"
    CREATURE_OR_PLANESWALKER = "target creature or planeswalker"
    PLAYER_OR_PLANESWALKER = "target player or planeswalker"
    PLAYER = "target player"
    PERMANENT = "target permanent"  # narrowed by the spec's filter ("target artifact", "target land")
    SPELL = "target spell"  # a spell on the stack (CR 115.1, 701.6); the filter's types narrow it
    OPPONENT = "target opponent"  # a player who is an opponent (CR 102.2)
    CARD_IN_GRAVEYARD = "target card in a graveyard"  # filter.controller "you": your graveyard (CR 115.1)


@dataclass(frozen=True, slots=True, init=False)
class TargetSpec:
    """One target slot of a spell or ability (CR 115.1).

    ``kind`` says whether players may be chosen and which card types qualify; ``filter``, when
    given, narrows the permanents further ("target nonblack creature an opponent controls").
    """

    kind: TargetKind
    filter: PermanentFilter | None = None
    optional: bool = False  # "up to one target ...": choosing no object for this slot is allowed (601.2c)

    # (written out: compiled, a native constructor and field reads; see components/frozen.py)
    def __init__(self, kind: TargetKind, filter: PermanentFilter | None = None, optional: bool = False) -> None:
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "filter", filter)
        object.__setattr__(self, "optional", optional)


fast_init(TargetSpec)


# --- spell and ability effects (CR 608.2c: followed in written order) -----------------------


@dataclass(frozen=True, slots=True)
class DealDamage(Effect):
    """'<source> deals N damage to <target>' (CR 120)."""

    amount: int
    target: int  # index of the target slot
    group: Group | None = None  # "to each creature and each player" (target is GROUP)
    dynamic: Count | None = None  # "X damage", "damage equal to ..." (amount is then ignored)
    source: int | None = None  # the object that deals the damage ("target creature deals ..."); None: the
    #                            spell, or the ability's source
    player: PlayerRef | None = None  # the recipient is this player ("deals 2 damage to you", "to that player")


@dataclass(frozen=True, slots=True)
class ModifyPowerToughness(Effect):
    """'Target creature gets +N/+N until end of turn' (CR 611.2c, layer 7c)."""

    power: int
    toughness: int
    target: int
    group: Group | None = None  # "Creatures you control get +1/+1 until end of turn" (locked in, 611.2c)
    dynamic: Count | None = None  # "+X/+0", "+1/+1 for each ...": power and toughness are multiplied by it


@dataclass(frozen=True, slots=True)
class Destroy(Effect):
    """'Destroy target creature' (CR 701.8)."""

    target: int
    group: Group | None = None  # "Destroy all creatures"
    no_regenerate: bool = False  # "They can't be regenerated." (701.15)


@dataclass(frozen=True, slots=True)
class GainLife(Effect):
    """'You gain N life' (CR 119.3)."""

    amount: int
    player: PlayerRef | None = None  # None: the controller
    dynamic: Count | None = None


@dataclass(frozen=True, slots=True)
class DrawCards(Effect):
    """'Draw N cards' (CR 121.1)."""

    count: int
    player: PlayerRef | None = None  # None: the controller
    dynamic: Count | None = None


SELF = -1  # an effect "target" index meaning the ability's own source object ("this creature")


@dataclass(frozen=True, slots=True)
class Regenerate(Effect):
    """'Regenerate target creature' / 'Regenerate this creature' (CR 701.15): a regeneration shield."""

    target: int


@dataclass(frozen=True, slots=True)
class ContinuousPart:
    """One layer's worth of a continuous effect, as compiled from text (see ContinuousEffect)."""

    layer: int
    power: int = 0
    toughness: int = 0
    types_add: int = 0
    types_remove: int = 0
    subtypes_add: tuple[str, ...] = ()
    subtypes_replace: bool = False
    colors_set: int = -1
    colors_add: int = 0
    keywords_add: int = 0
    keywords_remove: int = 0
    lose_all_abilities: bool = False
    new_controller_is_you: bool = False
    dynamic: Count | None = None  # layer 7a/7c: power and toughness are multiplied by this number
    abilities_add: tuple[Ability, ...] = ()  # layer 6: abilities granted in quotes (113.1b, 613.1f; systems/granted.py)
    keyword_order: tuple[int, ...] = ()  # the keywords_add bits in printed order (for rendering only)


@dataclass(frozen=True, slots=True)
class ApplyContinuous(Effect):
    """A resolved spell's continuous effect on its target, locked in (CR 611.2c), e.g. Turn to Frog."""

    target: int
    parts: tuple[ContinuousPart, ...]
    until_end_of_turn: bool = True
    group: Group | None = None  # "Creatures you control gain trample until end of turn" (locked in, 611.2c)
    until_your_next_turn: bool = False  # CR 611.2b: ends as its controller's next turn begins


@dataclass(frozen=True, slots=True)
class Mode:
    """One mode of a modal spell or ability (CR 700.2)."""

    text: str
    targets: tuple[TargetSpec, ...]
    effects: tuple[Effect, ...]


@dataclass(frozen=True, slots=True)
class SpellAbility(Ability):
    """The instructions of an instant or sorcery (CR 113.3a).

    A modal spell ("Choose one —", CR 700.2) has ``modes`` instead of targets and effects; its
    controller chooses between ``choose_min`` and ``choose_max`` different modes as it is cast.
    """

    text: str
    targets: tuple[TargetSpec, ...]
    effects: tuple[Effect, ...]
    modes: tuple[Mode, ...] = ()
    choose_min: int = 1
    choose_max: int = 1
    # "If this spell was kicked, instead <instructions>" / "If the gift was promised, instead ...": the spell's
    # instructions and targets when it is cast with that optional cost paid (702.33d, 702.174m; its targets are
    # chosen as it is cast, 601.2c); ``instead_if``: "kicked" or "gift". systems/mechanics/additional_costs.py.
    instead: SpellAbility | None = None
    instead_if: str = ""
    modes_repeat: bool = False  # "You may choose the same mode more than once." (700.2d)


@dataclass(frozen=True, slots=True)
class KeywordAbility(Ability):
    """A line of keyword abilities (CR 702), kept as a bit mask."""

    text: str
    mask: int
    order: tuple[int, ...] = ()  # the keyword bits in printed order (for rendering the line back)


@dataclass(frozen=True, slots=True)
class PermanentFilter:
    """A description of permanents ("other nonblack Elf creatures you control"), evaluated in bulk.

    Every field narrows the set; the defaults mean "any". Bits are CardType, Supertype, Color and
    Keyword flags. systems/layers.py evaluates a filter on whole columns at once.
    """

    types_any: int = 0  # has at least one of these card types (0: any)
    types_all: int = 0  # has all of these card types
    types_none: int = 0  # has none of these ("nonland")
    subtypes_any: tuple[str, ...] = ()  # has one of these subtypes ("Elves")
    supertypes_any: int = 0  # ("legendary")
    supertypes_none: int = 0  # ("nonlegendary")
    colors_any: int = 0  # is at least one of these colours
    colors_none: int = 0  # is none of these colours ("nonblack")
    keywords_any: int = 0  # has one of these keywords ("with flying")
    keywords_none: int = 0  # ("without flying")
    controller: str = "any"  # "you", "opponent" or "any", relative to the effect's controller
    exclude_source: bool = False  # "other ..."
    token: bool | None = None  # True: tokens only; False: nontoken only
    attached: bool = False  # only the permanent the source is attached to ("enchanted creature")
    self_only: bool = False  # only the source itself ("~ gets +1/+1 as long as ...")
    power_at_most: int | None = None  # "with power 2 or less" (not used by static abilities)
    power_at_least: int | None = None
    toughness_at_most: int | None = None  # "with toughness 4 or greater" (not used by static abilities)
    toughness_at_least: int | None = None
    # Game state beyond characteristics: checked where objects are chosen (targets, "each", triggers),
    # never by static abilities (systems/filters.py).
    tapped: bool | None = None  # "tapped creature" / "untapped creature"
    combat: str = ""  # "attacking", "blocking" or "attacking_or_blocking"
    mana_value_at_most: int | None = None
    mana_value_at_least: int | None = None
    mana_value_is: int | None = None
    names: tuple[str, ...] = ()  # "named Forest" / cards in a graveyard or library with one of these names
    paired: bool = False  # soulbond (702.95b): the source and the creature it is paired with, while paired
    color_count: str = ""  # "multicolored" (two or more colors, 105.1) or "monocolored" (exactly one, 105.2b)
    subtypes_none: tuple[str, ...] = ()  # has none of these subtypes ("non-Human", 205.4b-style exclusion)
    power_less_than_source: bool = False  # mentor (702.134a): power less than the ability's source's; checked for
    #                                       targets only (systems/targeting.py)
    with_counter: str = ""  # "with a +1/+1 counter on it": "+1/+1", "-1/-1" or "any" kind (122.1); game state
    without_counter: str = ""  # "without a +1/+1 counter on it" (systems/oracle_effects.py state_mask)
    blocking_source: str = ""  # "creature blocking ~" / "blocking it" (it: the source): blocking the ability's source
    #                            now (509.1g; systems/oracle_effects.py permanents, systems/targeting.py)

    def reads(self) -> frozenset[str]:
        """The characteristics this filter looks at (used to find dependencies, CR 613.8)."""
        out = set()
        if self.types_any or self.types_all or self.types_none or self.subtypes_any or self.subtypes_none:
            out.add("types")
        if self.supertypes_any or self.supertypes_none:
            out.add("types")
        if self.colors_any or self.colors_none or self.color_count:
            out.add("colors")
        if self.keywords_any or self.keywords_none:
            out.add("abilities")
        if self.controller != "any":
            out.add("controller")
        return frozenset(out)


@dataclass(frozen=True, slots=True)
class ActivatedAbility(Ability):
    """'[Cost]: [Effect].' (CR 602). Costs: mana and/or {T}; effects resolve from the stack."""

    text: str
    mana_cost: ManaCost | None  # None for no mana
    tap: bool
    targets: tuple[TargetSpec, ...]
    effects: tuple[Effect, ...]
    sorcery_speed: bool = False  # "Activate only as a sorcery" (CR 602.5d)
    # Further costs (CR 602.2b, 118.3), paid as the ability is activated.
    untap: bool = False  # {Q}: untap this permanent (CR 107.6)
    sacrifice_self: bool = False  # "Sacrifice ~"
    sacrifice: PermanentFilter | None = None  # "Sacrifice a creature": the player chooses one as they activate
    sacrifice_count: int = 1  # "Sacrifice two lands": how many of them (118.3)
    discard: int = 0  # "Discard a card" / "Discard two cards": chosen as they activate
    discard_self: bool = False  # "Discard this card" (cycling from hand, 702.29)
    discard_filter: PermanentFilter | None = None  # "Discard a creature card": what the discarded card must be
    discard_random: bool = False  # "Discard a card at random": the card is chosen at random as it's paid (701.8c)
    exile_graveyard_count: int = 0  # "Exile a creature card from your graveyard": how many cards (118.3) ...
    exile_graveyard: PermanentFilter | None = None  # ... and what they must be (None: any card)
    life: int = 0  # "Pay N life" (CR 119.4)
    remove_counters: str = ""  # "Remove a +1/+1 counter from ~": the kind ...
    remove_count: int = 0  # ... and how many
    loyalty: int | None = None  # a loyalty ability's cost: +N, 0 or -N loyalty counters (CR 606, 606.4)
    once_per_turn: bool = False  # "Activate only once each turn" (CR 602.5b)
    max_per_turn: int = 0  # "Activate no more than twice each turn" (CR 602.5b): at most that many times; 0: no limit
    from_hand: bool = False  # activated from its owner's hand (cycling, 702.29a)
    upkeep_only: bool = False  # only during its owner's upkeep (forecast, 702.57b)
    from_graveyard: bool = False  # activated from its owner's graveyard only (scavenge, 702.97a)
    exile_self: bool = False  # "Exile this card from your graveyard" (a cost paid as it is activated)
    energy: int = 0  # "Pay {E}{E}": energy counters the controller pays (CR 107.14)
    exile_permanent: bool = False  # "Exile ~" (from the battlefield) as a cost, like "Sacrifice ~" (CR 118.3)
    exert_self: bool = False  # "Exert ~" as a cost (701.39a: it won't untap during your next untap step)
    tap_others: PermanentFilter | None = None  # "Tap an untapped Ally you control": chosen as it is activated
    tap_others_count: int = 0  # ... how many ("Tap two untapped creatures you control"); ActivateAbility.tapped
    crew: int = 0  # crew N (702.122a): "Tap any number of other untapped creatures you control with total power N
    #                or greater" (the creatures are chosen as it is activated: ActivateAbility.tapped)
    condition: Condition | None = None  # "Activate only if there are seven or more cards in your graveyard" (602.5b)
    modes: tuple[Mode, ...] = ()  # "{1}, Sacrifice ~: Choose one —" (700.2a): chosen as it is activated
    choose_min: int = 1
    choose_max: int = 1


@dataclass(frozen=True, slots=True)
class EnchantAbility(Ability):
    """'Enchant creature' (CR 702.5): what an Aura can target and legally enchant."""

    text: str
    affected: PermanentFilter


@dataclass(frozen=True, slots=True)
class StaticEffect(Ability):
    """A static ability's continuous effect (CR 604, 611.3): 'Creatures you control get +1/+1',
    'Enchanted creature gets +2/+2 and has flying'. One part per layer it touches."""

    text: str
    affected: PermanentFilter
    parts: tuple[ContinuousPart, ...]
    condition: Condition | None = None  # "as long as ..." (CR 611.3a): applies only while true
    keeps_source: bool = False  # "This effect doesn't remove [this Aura]": its protection doesn't make its own
    #                             source fall off (702.16c exception; systems/state_based.py, systems/granted.py)


class TriggerKind(enum.Enum):
    """What a triggered ability waits for (CR 603.2, 603.6)."""

    __hash__ = object.__hash__  # identity, as TargetKind's: abilities are indexed by kind at every event

    ENTERS = "enters"  # 603.6a
    DIES = "dies"  # put into a graveyard from the battlefield (700.4)
    LEAVES = "leaves"  # 603.6c
    ATTACKS = "attacks"  # 508.1m
    BLOCKS = "blocks"  # 509.1i
    DEALS_COMBAT_DAMAGE_TO_PLAYER = "deals combat damage to a player"  # 510.3
    DEALS_DAMAGE = "deals damage"
    BEGINNING_OF_STEP = "at the beginning of"  # 603.2b
    CAST = "cast"  # 601.2i
    GAIN_LIFE = "gain life"
    ATTACKS_OR_BLOCKS = "attacks or blocks"  # 508.1m, 509.1i
    DEALS_COMBAT_DAMAGE = "deals combat damage"  # 510.3a: to a player, planeswalker or creature
    PUT_INTO_GRAVEYARD = "is put into a graveyard from the battlefield"  # 603.6c, any card type
    BECOMES_BLOCKED = "becomes blocked"  # 509.1h, 509.3c: once per combat, however many blockers
    YOU_ATTACK = "you attack"  # 508.1m: once, as attackers are declared (whose: "your")
    REVEALED = "revealed"  # 702.94a miracle: "When you reveal this card this way" (systems/mechanics/miracle.py)
    BLOCKS_OR_BECOMES_BLOCKED = "blocks or becomes blocked"  # bushido (702.45a): 509.3a, 509.3c, once each
    BECOMES_TARGET = "becomes the target of a spell or ability"  # ward (702.21a); whose: the spell's controller
    CAST_THIS = "you cast this spell"  # storm (702.40a): triggers from the stack, by systems/mechanics/storm.py only
    IS_DEALT_DAMAGE = "is dealt damage"  # 120.3, 603.2c: once per damage event, with the total from all sources
    ATTACKS_UNBLOCKED = "attacks and isn't blocked"  # 509.1h, 509.3g: in the declare blockers step
    DRAWS = "draws a card"  # 121.1; whose: "your", "opponent", "each"
    DISCARDS = "discards a card"  # 701.8a; whose: "your", "opponent", "each"
    BECOMES_TAPPED = "becomes tapped"  # 701.21a: an untapped permanent is tapped (not one entering tapped)
    BECOMES_UNTAPPED = "becomes untapped"  # 701.21b: a tapped permanent is untapped (inspired, 502.3)
    BLOCKS_CREATURE = "blocks a creature"  # 509.3b: once for each attacking creature it blocks
    BECOMES_BLOCKED_BY = "becomes blocked by a creature"  # 509.3d: once for each creature blocking it
    BLOCKS_OR_BLOCKED_BY = "blocks or becomes blocked by a creature"  # 509.3b and 509.3d
    TURNED_FACE_UP = "is turned face up"  # 708.8: systems/mechanics/face_down.py
    DAY_NIGHT = "day becomes night or night becomes day"  # 728.1a: systems/mechanics/day_night.py
    TRANSFORMS_INTO = "transforms into ~"  # 701.28e: systems/mechanics/double_faced.py
    BECOMES_SADDLED = "becomes saddled for the first time each turn"  # 702.171b: systems/mechanics/saddle.py
    BECOMES_MONSTROUS = "becomes monstrous"  # 701.31a-b: systems/mechanics/keyword_actions.py
    CLASS_LEVEL = "class becomes level"  # 716.2a: "When this Class becomes level N" (``nth`` N; systems/mechanics/class_levels.py)
    CHAPTER = "chapter"  # 714.2b: a Saga's chapter ability, chapter number in ``nth`` (systems/mechanics/saga.py)
    SACRIFICED = "sacrifices"  # 701.21a: "whenever you sacrifice a creature"; whose: who sacrificed it
    BATCH_COMBAT_DAMAGE = "one or more deal combat damage to a player"  # 510.2, 603.2c: once per player
    COMMITS_CRIME = "commits a crime"  # 700.13; whose: the player who commits it
    EXPENDS = "expends"  # 700.14: "whenever you expend N" (``nth`` is N)
    CYCLED = "cycles a card"  # 702.29c-d: a card discarded to pay a cycling cost; subject "self": "you cycle ~"
    LAST_TIME_COUNTER_REMOVED = "the last time counter is removed from it"  # vanishing (702.63a, systems/counters.py)
    EXPLOITS = "exploits a creature"  # 702.110b: its exploit ability's sacrifice (systems/mechanics/exploit.py)
    ATTACK_COST_PAID = "you pay an optional cost as it attacks"  # 508.1g: exert 701.39, enlist 702.154 ("When
    #                                            you do"); detail: "exert" / "enlist" (systems/mechanics/attack_costs.py)


@dataclass(frozen=True, slots=True)
class Condition:
    """An intervening-if condition (CR 603.4), or another yes/no check on the game."""

    kind: str  # "you_control" (at least n matching permanents), "life_at_least", "life_at_most",
    #            "your_turn", "opponent_controls"; see systems/triggers.py check_condition for the rest
    n: int = 0
    filter: PermanentFilter | None = None
    negate: bool = False  # "if you control no ...", "as long as it's not your turn"


@dataclass(frozen=True, slots=True)
class TriggerCondition:
    """When a triggered ability triggers.

    ``subject`` is "self" for "When this creature ...", or "filter" for "Whenever a creature
    you control ..." (``filter`` then describes the object, relative to the ability's controller).
    """

    kind: TriggerKind
    subject: str = "self"
    filter: PermanentFilter | None = None
    step: int = -1  # for BEGINNING_OF_STEP: a components.objects.Step value
    whose: str = "your"  # for steps and casting: "your", "each", "opponent"
    spell_types_any: int = 0  # for CAST: "a creature spell"
    spell_types_none: int = 0  # for CAST: "a noncreature spell"
    spell_colors_any: int = 0  # for CAST: "a blue spell"
    defender: str = ""  # for ATTACKS: "most_life": only when it attacks the player with the most life or
    #                     tied for most life (dethrone, 702.105a)
    recipient: str = ""  # for DEALS_DAMAGE / DEALS_COMBAT_DAMAGE: "" (any: once per event with the source's total,
    #                      603.2c), or per recipient: "player", "opponent", "creature"
    nth: int = 0  # for DRAWS: "your second card each turn": only the player's nth draw this turn (121.1)
    other: PermanentFilter | None = None  # for BLOCKS_CREATURE / BECOMES_BLOCKED_BY: the other creature
    alone: bool = False  # for ATTACKS: "attacks alone": the only creature declared as an attacker (506.5)
    min_attackers: int = 0  # for ATTACKS / YOU_ATTACK: at least this many creatures declared as attackers
    #                         ("~ and at least two other creatures attack": 3; "you attack with two or more": 2)
    #                                       ("becomes blocked by a non-Wall creature"); None: any creature
    # Trigger-event details read by content/oracle/trigger_events.py and checked by systems/trigger_events.py:
    spell: PermanentFilter | None = None  # for CAST: the whole spell description when it says more than
    #   types and colours ("a Spirit or Arcane spell", "a spell with mana value 3 or less"; 202.3e: X counts)
    spell_quality: str = ""  # for CAST: "historic" (700.6), "multicolored" (105.2c), "kicked" (702.33d)
    detail: str = ""  # a variant of the event, by name (see systems/trigger_events.py)
    once_each_turn: bool = False  # "This ability triggers only once each turn."
    zone: str = ""  # "graveyard": it functions only while its card is in its owner's graveyard (113.6k: "return ~
    #                from your graveyard to your hand"); "": on the battlefield
    lead: str = ""  # "when" where Oracle text prints "When" and the renderer would write "Whenever" (603.2:
    #                 the same rules either way; kept for the round trip only)


EVENT_OBJECT = -2  # an effect "target" index meaning the object the trigger event was about ("it")
ATTACHED = -5  # an effect "target" index meaning the permanent the source is attached to ("equipped creature")


@dataclass(frozen=True, slots=True)
class TriggeredAbility(Ability):
    """'When/Whenever/At [event], [if condition,] [you may] [effect].' (CR 603)."""

    text: str
    trigger: TriggerCondition
    targets: tuple[TargetSpec, ...]
    effects: tuple[Effect, ...]
    optional: bool = False  # "you may" (CR 603.5)
    condition: Condition | None = None  # intervening "if" (CR 603.4)
    modes: tuple[Mode, ...] = ()  # "When ~ enters, choose one —" (CR 700.2): chosen as it is put on the stack
    choose_min: int = 1
    choose_max: int = 1


@dataclass(frozen=True, slots=True)
class ReplacementSpec:
    """What a replacement effect does (CR 614): the event it watches and how it changes it.

    ``event``: "enter" (a permanent entering, 614.1c-d), "die" (put into a graveyard from the
    battlefield), "draw" (a player would draw a card) or "step" (a step would begin: "skip").
    ``modification``: for "enter": "tapped" or "counters" (``amount`` of ``counter_kind``); for
    "die": "exile", "hand" or "library"; for "draw" and "step": "skip".
    ``affected`` describes the objects (relative to the effect's controller); ``player`` the
    players ("you", "opponent", "any") for player events; ``step`` the step for "step".
    """

    event: str
    modification: str
    affected: PermanentFilter | None = None
    player: str = "any"
    amount: int = 0
    counter_kind: str = "+1/+1"
    step: int = -1
    x: bool = False  # "~ enters with X +1/+1 counters on it": the amount is the X of the spell it was (107.3m)
    colors_spent: bool = False  # converge: ``amount`` for each color of mana spent to cast it (601.2h)


@dataclass(frozen=True, slots=True)
class StaticReplacement(Ability):
    """A static ability that creates a replacement effect (CR 614.1, 614.12): "[This] enters tapped.",
    "Creatures your opponents control enter tapped.", "If a creature would die, exile it instead.",
    "Skip your draw step." ``self_only``: it applies only to its own object ("this creature"), which
    makes it a self-replacement effect where 614.15 says so."""

    text: str
    spec: ReplacementSpec
    self_only: bool = False
    condition: Condition | None = None  # "If this creature was kicked, it enters with ..." (702.33d), bloodthirst
    #                                     (702.54a): applies only while true, checked as the event happens


# --- The Oracle compiler's further vocabulary (content/oracle), executed by systems/effects.py -------

GROUP = -4  # an effect "target" index meaning every object and player its ``group`` describes


@dataclass(frozen=True, slots=True)
class PlayerRef:
    """Which player(s) an effect acts on.

    ``kind``: "you" (the controller), "target" (``index`` is a target slot holding a player),
    "each" (each player), "opponents" (each opponent), "controller_of" / "owner_of" (``index`` is an
    object reference: a target slot, SELF or EVENT_OBJECT), "active" (the active player).
    """

    kind: str = "you"
    index: int = 0


YOU = PlayerRef("you")


@dataclass(frozen=True, slots=True)
class Group:
    """Objects and players an effect acts on together ("each creature you control", "each opponent",
    "each creature and each player"); the permanents are found as the effect resolves (CR 608.2c)."""

    filter: PermanentFilter | None = None  # the permanents, seen from the effect's controller; None: none
    players: str = ""  # "", "each", "opponents" or "you": players included as well


@dataclass(frozen=True, slots=True)
class Count:
    """A number found as an effect resolves, or as the layer system applies a static ability (CR 107.3,
    604.3, 613.4a).

    ``kind``: "x" (the value of X), "permanents" (permanents matching ``filter`` seen from the
    controller), "hand" (cards in your hand), "graveyard" (cards in your graveyard matching
    ``filter``'s card types), "event_amount" (the amount of damage or life of the trigger event,
    "that much"), "power_of" / "toughness_of" (of object reference ``ref``), "life" (your life total).
    The result is ``multiplier * n + plus``.
    """

    kind: str
    filter: PermanentFilter | None = None
    ref: int = 0
    multiplier: int = 1
    plus: int = 0


@dataclass(frozen=True, slots=True)
class LoseLife(Effect):
    """'Each opponent loses N life' (CR 119.3)."""

    amount: int
    player: PlayerRef = YOU
    dynamic: Count | None = None


@dataclass(frozen=True, slots=True)
class Discard(Effect):
    """'Target player discards a card' (CR 701.9): the discarding player chooses (701.9b)."""

    amount: int
    player: PlayerRef = YOU
    dynamic: Count | None = None
    whole_hand: bool = False  # "discards their hand"


@dataclass(frozen=True, slots=True)
class Mill(Effect):
    """'Mill N cards' (CR 701.17)."""

    amount: int
    player: PlayerRef = YOU
    dynamic: Count | None = None


@dataclass(frozen=True, slots=True)
class Scry(Effect):
    """'Scry N' (CR 701.22): the controller looks at the top N cards and puts any on the bottom."""

    amount: int
    action: bool = True  # False: written out ("Look at the top card ... You may put that card on the bottom."),
    #                      the same instructions but not the keyword action "scry" (701.22a)


@dataclass(frozen=True, slots=True)
class Surveil(Effect):
    """'Surveil N' (CR 701.25): the controller looks at the top N cards and puts any in the graveyard."""

    amount: int
    action: bool = True  # False: written out ("Look at the top card ... You may put it into your graveyard.")


@dataclass(frozen=True, slots=True)
class PutCounters(Effect):
    """'Put N +1/+1 counters on target creature' (CR 122.1)."""

    kind: str
    amount: int
    target: int
    group: Group | None = None
    dynamic: Count | None = None


@dataclass(frozen=True, slots=True)
class CreateToken(Effect):
    """'Create N 1/1 white Soldier creature tokens [with flying]' (CR 111.2): ``token`` is the token's
    components.card.CardDef, built from its description."""

    token: CardDef
    amount: int = 1
    tapped: bool = False
    player: PlayerRef = YOU
    dynamic: Count | None = None
    description: str = ""  # the description as printed ("1/1 white Soldier creature token")
    quoted_after: bool = False  # its quoted abilities are written as a second sentence: 'It has "..."' (111.3)


@dataclass(frozen=True, slots=True)
class MoveObject(Effect):
    """Exile / return to hand / put into a graveyard or library / return to the battlefield (CR 400.7).

    ``to``: "exile", "hand" (its owner's hand), "graveyard", "library_top", "library_bottom",
    "battlefield". A battlefield target comes from the battlefield; a CARD_IN_GRAVEYARD target from a
    graveyard.
    """

    target: int
    to: str
    group: Group | None = None
    tapped: bool = False  # "return it to the battlefield tapped"
    under_your_control: bool = False
    until_source_leaves: bool = False  # "exile ... until ~ leaves the battlefield" (CR 610.3)


@dataclass(frozen=True, slots=True)
class Tap(Effect):
    """'Tap target creature' / 'Untap target land' (CR 701.26)."""

    target: int
    untap: bool = False
    group: Group | None = None


@dataclass(frozen=True, slots=True)
class CounterSpell(Effect):
    """'Counter target spell' (CR 701.6): it goes to its owner's graveyard."""

    target: int


@dataclass(frozen=True, slots=True)
class Sacrifice(Effect):
    """'Sacrifice ~' (target SELF), or 'each opponent sacrifices a creature' (CR 701.21): each
    ``player`` chooses ``amount`` permanents matching ``filter`` they control."""

    target: int = SELF
    player: PlayerRef | None = None  # None: the object ``target`` is sacrificed by its controller
    filter: PermanentFilter | None = None
    amount: int = 1


@dataclass(frozen=True, slots=True)
class GainControl(Effect):
    """'Gain control of target creature [until end of turn]' (layer 2, CR 613.1b)."""

    target: int
    until_end_of_turn: bool = False


@dataclass(frozen=True, slots=True)
class SearchLibrary(Effect):
    """'Search your library for a basic land card, put it onto the battlefield tapped, then shuffle'
    (CR 701.19): the player chooses a matching card, or none (701.19b)."""

    filter: PermanentFilter  # card types, subtypes and supertypes the card must have
    to: str = "hand"  # "hand" or "battlefield"
    tapped: bool = False
    amount: int = 1
    reveal: bool = False


@dataclass(frozen=True, slots=True)
class Fight(Effect):
    """'Target creature you control fights target creature you don't control' (CR 701.12)."""

    a: int
    b: int


@dataclass(frozen=True, slots=True)
class Attach(Effect):
    """'Attach ~ to target creature you control' (equip, CR 702.6a, 701.3)."""

    target: int


@dataclass(frozen=True, slots=True)
class AddMana(Effect):
    """'Add {R}{R}{R}' as a spell effect (CR 106.3): mana goes to the controller's pool."""

    produces: tuple[int, ...]  # one mana type mask per mana (W U B R G = 1..16, C = 32)
    dynamic: Count | None = None  # "Add {U} for each artifact you control": ``produces`` that many times
    restriction: SpendRestriction | None = None  # "Spend this mana only ..." (106.6)

@dataclass(frozen=True, slots=True)
class MayEffect(Effect):
    """'You may <effects>' inside a spell or ability (CR 603.5, 608.2d): the controller chooses.
    ``then``: 'If you do, <effects>' (only when the player chose to and could)."""

    effects: tuple[Effect, ...]
    then: tuple[Effect, ...] = ()


@dataclass(frozen=True, slots=True)
class PayOrNot(Effect):
    """'Counter target spell unless its controller pays {3}.' (``unless``: the effects happen unless
    ``payer`` pays) / 'You may pay {2}. If you do, ...' (not ``unless``: they happen only if paid)."""

    cost: ManaCost
    effects: tuple[Effect, ...]
    payer: PlayerRef = YOU
    unless: bool = True


@dataclass(frozen=True, slots=True)
class Conditional(Effect):
    """'If you control an artifact, draw a card.' (CR 608.2c): checked as the instruction is followed."""

    condition: Condition
    effects: tuple[Effect, ...]


@dataclass(frozen=True, slots=True)
class ManaAbility(Ability):
    """'{T}: Add {G}.' (CR 605.1a): activated while paying a cost; doesn't use the stack (605.3)."""

    text: str
    produces: tuple[int, ...]  # per mana made: the types it may be (a mask of W U B R G C bits)
    sacrifice_self: bool = False  # "{T}, Sacrifice this artifact: Add one mana of any color." (Treasure)
    condition: Condition | None = None  # "Activate only if you control a Swamp or a Mountain." (602.5b)
    restriction: SpendRestriction | None = None  # "Spend this mana only ..." (106.6)
    dynamic: Count | None = None  # "Add X mana of any one color, where X is ~'s power": ``produces`` is one unit,
    #                               made X times (X found as the ability is activated, 107.3a)


@dataclass(frozen=True, slots=True)
class CostModifier(Ability):
    """'Creature spells you cast cost {1} less to cast.' (CR 601.2f): generic mana added or taken off."""

    text: str
    amount: int  # +N more, -N less (generic mana; a reduction never goes below the cost's generic part)
    whose: str = "you"  # spells cast by "you", "opponents" or "each" player
    types_any: int = 0
    types_none: int = 0
    colors_any: int = 0
    self_only: bool = False  # "This spell costs {1} less to cast ...": only the card itself, from its hand
    condition: Condition | None = None  # "... if you control a Wizard"
    dynamic: Count | None = None  # "... for each creature card in your graveyard": amount times this number
    spells: PermanentFilter | None = None  # the whole description when it names more ("Giant spells", "Creature
    #                                        spells with flying", "Colorless Eldrazi spells")


@dataclass(frozen=True, slots=True)
class PlayerRule(Ability):
    """A static ability that changes a rule for its controller while its permanent is on the battlefield:
    "You may play an additional land on each of your turns." (kind "extra_land", CR 305.2a), "You have no
    maximum hand size." (kind "no_max_hand_size", 402.2)."""

    text: str
    kind: str


@dataclass(frozen=True, slots=True)
class SpellRule(Ability):
    """A static ability of a spell itself: 'This spell can't be countered.' (CR 101.2)."""

    text: str
    kind: str  # "uncounterable"


@dataclass(frozen=True, slots=True)
class ColorDefining(Ability):
    """Characteristic-defining abilities that work in every zone (CR 604.3): 'Devoid' (702.114) makes the
    card colourless; 'Changeling' (702.73) gives it every creature type. The loader applies them."""

    text: str
    colorless: bool = False
    all_creature_types: bool = False


# --- Loyalty-ability effects (CR 606; Jace, the Living Guildpact), soulbond (702.95), hidden agenda (702.106) ---
# Executed by systems/planeswalkers.py and systems/mechanics/ (registered in systems.effects.EXECUTORS).


@dataclass(frozen=True, slots=True)
class LookAtTopPutOne(Effect):
    """'Look at the top N cards of your library. Put one of them into your graveyard.' (CR 701.16e look):
    the controller chooses one of those cards; the others stay where they are."""

    amount: int
    to: str = "graveyard"


@dataclass(frozen=True, slots=True)
class ShuffleIntoLibrary(Effect):
    """'Each player shuffles their hand and graveyard into their library.' (CR 400.12, 701.20a)."""

    player: PlayerRef
    zones: tuple[str, ...] = ("hand", "graveyard")


@dataclass(frozen=True, slots=True)
class Pair(Effect):
    """Soulbond's pairing (702.95a): as it resolves, its controller may pair the soulbond creature with
    another unpaired creature they control (when the soulbond creature entered) or with the creature
    that entered (when another creature entered)."""


CHOSEN_NAME = "<the chosen name>"  # PermanentFilter.names placeholder: the name(s) chosen by hidden agenda


@dataclass(frozen=True, slots=True)
class HiddenAgenda(Ability):
    """'Hidden agenda' / 'Double agenda' (702.106a, 702.106f): the conspiracy goes into the command zone face
    down with ``names`` secretly chosen card names."""

    text: str
    names: int = 1


@dataclass(frozen=True, slots=True)
class UntapRule(Ability):
    """A static ability that changes what the untap step untaps (CR 502.3):
    "~ doesn't untap during your untap step." (``who`` "self"), "Enchanted creature doesn't untap during its
    controller's untap step." (``who`` "attached": the permanent the source is attached to), and, with
    ``optional``, "You may choose not to untap ~ during your untap step." (the controller decides, as the
    step's untapping is about to happen, for each such tapped permanent; systems/turn.py)."""

    text: str
    who: str = "self"  # "self" or "attached"
    optional: bool = False
    attached_noun: str = ""  # for "attached": "enchanted creature", "enchanted permanent", "equipped creature" ...


@dataclass(frozen=True, slots=True)
class GetEnergy(Effect):
    """'You get {E}{E}' (CR 107.14, 122.1): the player gets that many energy counters.
    ``dynamic``: "you get {E} for each creature you control" (amount times the count)."""

    amount: int
    dynamic: Count | None = None


@dataclass(frozen=True, slots=True)
class PayEnergy(Effect):
    """'Pay {E}{E}' as an instruction ("You may pay {E}{E}. If you do, ..."): remove that many energy
    counters from the player (CR 107.14); impossible with fewer (so "if you do" is false, 608.2c)."""

    amount: int


@dataclass(frozen=True, slots=True)
class Delayed(Effect):
    """'<effects> at the beginning of the next end step' / 'Draw a card at the beginning of the next turn's
    upkeep.' (CR 603.7a): following this instruction creates a delayed triggered ability (systems/delayed.py)
    that triggers once (603.7c), at the first beginning of ``step`` after it was created (for
    ``next_turn``: of the next turn's upkeep), controlled by the player who controlled the spell or
    ability that created it (603.7d). ``ref``: the object the effects call "it" / "that creature" (a target
    index, SELF or EVENT_OBJECT), fixed as the delayed ability is created (603.7c: it refers to that
    object; a new object after a zone change is not it, 400.7); -3: none. ``front``: written as
    "At the beginning of the next end step, <effects>." (for the renderer)."""

    effects: tuple[Effect, ...]
    step: int  # a components.objects.Step value: END or UPKEEP
    next_turn: bool = False  # "the next turn's upkeep"
    ref: int = -3
    front: bool = False
    follow: bool = False  # "Exile target creature. Return that card to the battlefield ... at the beginning of the
    #                       next end step": "that card" is the card the exile instruction put into exile


@dataclass(frozen=True, slots=True)
class SkipNextUntap(Effect):
    """'It doesn't untap during its controller's next untap step.' (CR 502.3): the object ``target`` names
    (fixed as the instruction is followed) stays tapped during the next untap step of the player who controls
    it then; that untap step uses the effect up."""

    target: int
    yours: bool = False  # "~ doesn't untap during your next untap step": the next untap step of the player who
    #                      controlled the instruction (it is used up then, even if someone else controls it)


@dataclass(frozen=True, slots=True)
class AdditionalSacrifice(Ability):
    """'As an additional cost to cast ~, sacrifice a creature.' (CR 601.2b, 601.2f-h, 118.8): the caster
    chooses ``count`` permanents they control matching ``filter`` as they cast it and sacrifices them as
    the costs are paid; without enough of them the spell can't be cast."""

    text: str
    filter: PermanentFilter
    count: int = 1


@dataclass(frozen=True, slots=True)
class AdditionalDiscard(Ability):
    """'As an additional cost to cast ~, discard a card.' (CR 601.2b, 601.2f-h): the caster chooses ``count``
    other cards in their hand as they cast it and discards them as the costs are paid."""

    text: str
    count: int = 1


CHOSEN_COLOR = 128  # ManaAbility.produces: "one mana of the chosen color" (the color chosen as it entered, 607.2d)


@dataclass(frozen=True, slots=True)
class AsEntersPayLife(Ability):
    """'As ~ enters, you may pay N life. If you don't, it enters tapped.' (CR 614.12, 614.1c, 119.4): a
    replacement effect with a choice made as the land enters."""

    text: str
    life: int


@dataclass(frozen=True, slots=True)
class AsEntersChooseColor(Ability):
    """'As ~ enters, choose a color.' (CR 614.12, 607.2d: linked to the abilities that refer to "the chosen
    color"); ``tapped``: "~ enters tapped. As it enters, choose a color." (both on one line)."""

    text: str
    tapped: bool = False


CHOSEN_TYPE = "<the chosen creature type>"  # PermanentFilter.subtypes_any: "of the chosen type" (607.2d)


@dataclass(frozen=True, slots=True)
class AsEntersChooseType(Ability):
    """'As ~ enters, choose a creature type.' (CR 614.12, 607.2d: linked to the abilities that refer to "the
    chosen type", whose filters name CHOSEN_TYPE; systems/as_enters.py)."""

    text: str

"""Typed abilities and effects that the Oracle reader produces and the systems execute.

Plain data only: each dataclass says *what* an ability does; ``systems/`` says *how*.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass


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

    ANY = "any target"  # creature, player, planeswalker or battle (CR 115.4)
    CREATURE = "target creature"
    CREATURE_OR_PLANESWALKER = "target creature or planeswalker"
    PLAYER_OR_PLANESWALKER = "target player or planeswalker"
    PLAYER = "target player"
    PERMANENT = "target permanent"  # narrowed by the spec's filter ("target artifact", "target land")


@dataclass(frozen=True, slots=True)
class TargetSpec:
    """One target slot of a spell or ability (CR 115.1).

    ``kind`` says whether players may be chosen and which card types qualify; ``filter``, when
    given, narrows the permanents further ("target nonblack creature an opponent controls").
    """

    kind: TargetKind
    filter: PermanentFilter | None = None


# --- spell and ability effects (CR 608.2c: followed in written order) -----------------------


@dataclass(frozen=True, slots=True)
class DealDamage:
    """'<source> deals N damage to <target>' (CR 120)."""

    amount: int
    target: int  # index of the target slot


@dataclass(frozen=True, slots=True)
class ModifyPowerToughness:
    """'Target creature gets +N/+N until end of turn' (CR 611.2c, layer 7c)."""

    power: int
    toughness: int
    target: int


@dataclass(frozen=True, slots=True)
class Destroy:
    """'Destroy target creature' (CR 701.8)."""

    target: int


@dataclass(frozen=True, slots=True)
class GainLife:
    """'You gain N life' (CR 119.3)."""

    amount: int


@dataclass(frozen=True, slots=True)
class DrawCards:
    """'Draw N cards' (CR 121.1)."""

    count: int


SELF = -1  # an effect "target" index meaning the ability's own source object ("this creature")


@dataclass(frozen=True, slots=True)
class Regenerate:
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


@dataclass(frozen=True, slots=True)
class ApplyContinuous:
    """A resolved spell's continuous effect on its target, locked in (CR 611.2c), e.g. Turn to Frog."""

    target: int
    parts: tuple[ContinuousPart, ...]
    until_end_of_turn: bool = True


Effect = DealDamage | ModifyPowerToughness | Destroy | GainLife | DrawCards | Regenerate | ApplyContinuous


@dataclass(frozen=True, slots=True)
class Mode:
    """One mode of a modal spell or ability (CR 700.2)."""

    text: str
    targets: tuple[TargetSpec, ...]
    effects: tuple[Effect, ...]


@dataclass(frozen=True, slots=True)
class SpellAbility:
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


@dataclass(frozen=True, slots=True)
class KeywordAbility:
    """A line of keyword abilities (CR 702), kept as a bit mask."""

    text: str
    mask: int


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

    def reads(self) -> frozenset[str]:
        """The characteristics this filter looks at (used to find dependencies, CR 613.8)."""
        out = set()
        if self.types_any or self.types_all or self.types_none or self.subtypes_any:
            out.add("types")
        if self.supertypes_any or self.supertypes_none:
            out.add("types")
        if self.colors_any or self.colors_none:
            out.add("colors")
        if self.keywords_any or self.keywords_none:
            out.add("abilities")
        if self.controller != "any":
            out.add("controller")
        return frozenset(out)


@dataclass(frozen=True, slots=True)
class ActivatedAbility:
    """'[Cost]: [Effect].' (CR 602). Costs: mana and/or {T}; effects resolve from the stack."""

    text: str
    mana_cost: object | None  # components.characteristics.ManaCost, or None for no mana
    tap: bool
    targets: tuple[TargetSpec, ...]
    effects: tuple[Effect, ...]
    sorcery_speed: bool = False  # "Activate only as a sorcery" (CR 602.5d)
    loyalty: int | None = None  # a loyalty ability's cost: +N, 0 or -N loyalty counters (CR 606.4)


@dataclass(frozen=True, slots=True)
class EnchantAbility:
    """'Enchant creature' (CR 702.5): what an Aura can target and legally enchant."""

    text: str
    affected: PermanentFilter


@dataclass(frozen=True, slots=True)
class StaticEffect:
    """A static ability's continuous effect (CR 604, 611.3): 'Creatures you control get +1/+1',
    'Enchanted creature gets +2/+2 and has flying'. One part per layer it touches."""

    text: str
    affected: PermanentFilter
    parts: tuple[ContinuousPart, ...]


class TriggerKind(enum.Enum):
    """What a triggered ability waits for (CR 603.2, 603.6)."""

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


@dataclass(frozen=True, slots=True)
class Condition:
    """An intervening-if condition (CR 603.4), or another yes/no check on the game."""

    kind: str  # "you_control" (at least n matching permanents), "life_at_least", "life_at_most",
    #            "your_turn", "opponent_controls"
    n: int = 0
    filter: PermanentFilter | None = None


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


EVENT_OBJECT = -2  # an effect "target" index meaning the object the trigger event was about ("it")


@dataclass(frozen=True, slots=True)
class TriggeredAbility:
    """'When/Whenever/At [event], [if condition,] [you may] [effect].' (CR 603)."""

    text: str
    trigger: TriggerCondition
    targets: tuple[TargetSpec, ...]
    effects: tuple[Effect, ...]
    optional: bool = False  # "you may" (CR 603.5)
    condition: Condition | None = None  # intervening "if" (CR 603.4)


Ability = SpellAbility | KeywordAbility | StaticEffect | ActivatedAbility | EnchantAbility | TriggeredAbility

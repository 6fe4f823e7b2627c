"""Components for players, game objects, stack objects, continuous effects and counters.

Plain data: the rules that change them live in ``systems/``.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Final

from components.abilities import Ability, Condition, Count, PermanentFilter, ReplacementSpec
from components.card import CardDef
from components.frozen import fast_init


class Zone(enum.IntEnum):
    """The game zones (CR 400.1)."""

    LIBRARY = 0
    HAND = 1
    BATTLEFIELD = 2
    GRAVEYARD = 3
    STACK = 4
    EXILE = 5
    COMMAND = 6

    @property
    def label(self) -> str:
        return self.name.lower()


# Each zone as a module constant too, for the hot paths: on Python 3.11 a class look-up such as ``Zone.HAND`` takes
# the slow path of EnumType.__getattr__ (~0.45 us; a random game made ~9,000 enum look-ups), a module global ~0.04 us.
# They are the members themselves (``HAND is Zone.HAND``).
LIBRARY: Final = Zone.LIBRARY
HAND: Final = Zone.HAND
BATTLEFIELD: Final = Zone.BATTLEFIELD
GRAVEYARD: Final = Zone.GRAVEYARD
STACK: Final = Zone.STACK
EXILE: Final = Zone.EXILE
COMMAND: Final = Zone.COMMAND

# CR 400.2: library and hand are hidden; the rest are public.
HIDDEN_ZONES: Final = frozenset({Zone.LIBRARY, Zone.HAND})
# CR 400.5 / 404.1 / 401.1 / 405.1: zones whose order matters and must be kept.
ORDERED_ZONES: Final = frozenset({Zone.LIBRARY, Zone.GRAVEYARD, Zone.STACK})
# Zones each player has their own of (CR 400.1); the battlefield, stack, exile and command are shared,
# but we still index shared zones by player (the controller, or the owner for exile) for quick lookups.
PLAYER_ZONES: Final = frozenset({Zone.LIBRARY, Zone.HAND, Zone.GRAVEYARD})


class Step(enum.IntEnum):
    """Steps of a turn in order (CR 500.1); main phases have no steps and count as one here."""

    UNTAP = 0
    UPKEEP = 1
    DRAW = 2
    PRECOMBAT_MAIN = 3
    BEGINNING_OF_COMBAT = 4
    DECLARE_ATTACKERS = 5
    DECLARE_BLOCKERS = 6
    FIRST_STRIKE_DAMAGE = 7
    COMBAT_DAMAGE = 8
    END_OF_COMBAT = 9
    POSTCOMBAT_MAIN = 10
    END = 11
    CLEANUP = 12

    @property
    def label(self) -> str:
        return self.name.lower()


MAIN_STEPS: Final = frozenset({Step.PRECOMBAT_MAIN, Step.POSTCOMBAT_MAIN})


@dataclass(slots=True)
class PlayerState:
    """A player (CR 102): life, poison, and what they did this turn."""

    index: int
    name: str
    life: int = 20  # CR 103.4
    poison: int = 0
    energy: int = 0  # energy counters ({E}, CR 107.14, 122.1)
    lands_played: int = 0  # CR 305.2
    drawn_turn: int = -1  # the turn of the draws counted in drawn_this_turn (miracle, 702.94a)
    drawn_this_turn: int = 0
    land_plays_allowed: int = 1
    drew_from_empty_library: bool = False  # CR 704.5b
    lost: bool = False
    loss_reason: str = ""
    mulligans: int = 0
    starting_hand_size: int = 7  # CR 103.5 (103.5a: a vanguard's hand modifier changes it)
    max_hand_size: int = 7  # CR 402.2 (902.5b: a vanguard's hand modifier changes it)
    # Mana pool as counts of W, U, B, R, G, C (CR 106.4).
    mana_pool: list[int] = field(default_factory=lambda: [0, 0, 0, 0, 0, 0])
    # mana that may be spent only on some things (CR 106.6): (type bit, SpendRestriction) per mana
    restricted_pool: list[tuple[int, object]] = field(default_factory=list)


@dataclass(frozen=True, slots=True, init=False)
class CardObject:
    """A card, a token or a copy on the battlefield or in another zone (CR 109).

    Immutable, so that copies of a game share it (issue 11): a change of face or characteristics replaces the
    component (``Game.set_card``)."""

    card: CardDef
    owner: int  # player index (CR 108.3); for tokens, who created it (CR 111.2)
    is_token: bool = False
    is_copy: bool = False  # a copy of a spell or card (CR 707.10, 707.12): ceases to exist outside (704.5e)
    # The card as printed while ``card`` holds other characteristics: a split card cast as one half or fused
    # (709.3b, 702.102b), an overloaded spell's changed text (702.96a), a bestowed Aura (702.103b). They last
    # while it is a spell (and a bestowed Aura on the battlefield); systems/zones.py move() restores the card.
    printed: CardDef | None = None

    # (written out: compiled, a native constructor; see components/frozen.py)
    def __init__(self, card: CardDef, owner: int, is_token: bool = False, is_copy: bool = False,
                 printed: CardDef | None = None) -> None:
        object.__setattr__(self, "card", card)
        object.__setattr__(self, "owner", owner)
        object.__setattr__(self, "is_token", is_token)
        object.__setattr__(self, "is_copy", is_copy)
        object.__setattr__(self, "printed", printed)


fast_init(CardObject)


@dataclass(frozen=True, slots=True, init=False)
class InZone:
    """Where an object is (CR 400.1); ``player`` is the zone's player (owner, or controller on the battlefield).
    Immutable, shared by copies of a game: a move replaces it."""

    zone: Zone
    player: int

    # (written out: compiled, a native constructor; see components/frozen.py)
    def __init__(self, zone: Zone, player: int) -> None:
        object.__setattr__(self, "zone", zone)
        object.__setattr__(self, "player", player)


fast_init(InZone)


@dataclass(slots=True, init=False)
class StackItem:
    """A spell on the stack (CR 112): its controller and chosen targets (CR 601.2c)."""

    controller: int
    targets: tuple[int, ...] = ()
    x: int = 0  # the value chosen for X (CR 107.3, 601.2b)
    modes: tuple[int, ...] = ()  # chosen modes of a modal spell (CR 700.2)
    cost: str = ""  # the alternative or additional cost paid, by keyword ("kicker", "overload", ...)
    from_zone: int = -1  # the zone a spell was cast from (a Zone value; rebound 702.88a), -1 unknown
    main_phase: bool = False  # cast during its controller's main phase ("If you cast ~ during your main phase")
    spent: tuple[int, ...] = ()  # per mana spent to cast it: the types it could be (systems/mana_spent.py, 601.2h)

    # (written out: compiled, a native constructor; see components/frozen.py)
    def __init__(self, controller: int, targets: tuple[int, ...] = (), x: int = 0,
                 modes: tuple[int, ...] = (), cost: str = "", from_zone: int = -1, main_phase: bool = False,
                 spent: tuple[int, ...] = ()) -> None:
        self.controller = controller
        self.targets = targets
        self.x = x
        self.modes = modes
        self.cost = cost
        self.from_zone = from_zone
        self.main_phase = main_phase
        self.spent = spent


@dataclass(slots=True, init=False)
class AbilityOnStack:
    """An activated or triggered ability on the stack (CR 113.7, 602.2a); not a card."""

    source: int  # the permanent it came from (it may have left since; CR 113.7a)
    index: int  # which of the source card's abilities
    source_name: str
    card: CardDef  # the source's card, to find the ability even after the source left
    event_object: int = -1  # for a triggered ability: the object its trigger event was about
    event_amount: int = 0  # for a triggered ability: the amount of its trigger event ("that much")

    # (written out: compiled, a native constructor; see components/frozen.py)
    def __init__(self, source: int, index: int, source_name: str, card: CardDef, event_object: int = -1,
                 event_amount: int = 0) -> None:
        self.source = source
        self.index = index
        self.source_name = source_name
        self.card = card
        self.event_object = event_object
        self.event_amount = event_amount


@dataclass(slots=True, init=False)
class PendingTrigger:
    """A triggered ability that has triggered and waits to be put on the stack (CR 603.3)."""

    uid: int
    source: int
    card: CardDef
    index: int  # which of the card's abilities
    controller: int  # CR 603.3a: its source's controller when it triggered
    event_object: int = -1
    event_amount: int = 0  # the damage dealt or life gained by the trigger event ("that much")

    # (written out: compiled, a native constructor; see components/frozen.py)
    def __init__(self, uid: int, source: int, card: CardDef, index: int, controller: int,
                 event_object: int = -1, event_amount: int = 0) -> None:
        self.uid = uid
        self.source = source
        self.card = card
        self.index = index
        self.controller = controller
        self.event_object = event_object
        self.event_amount = event_amount


@dataclass(frozen=True, slots=True, init=False)
class ContinuousEffect:
    """A continuous effect (CR 611) that the layer system applies (CR 613). Immutable: an effect is created whole
    and ends by being removed, so copies of a game share it (ecs/state_copy.py).

    ``fixed`` is the locked-in affected set of an effect from a resolved spell or ability
    (CR 611.2c); ``affected`` is a filter re-evaluated continuously for a static ability
    (CR 611.3a). The operation fields used depend on the layer (systems/layers.py).
    """

    layer: int  # a systems.layers.Layer value (layer and sublayer, CR 613.1, 613.4)
    timestamp: int  # CR 613.7
    source: int  # entity of the source object
    controller: int  # player index of the effect's controller
    until_end_of_turn: bool  # CR 514.2
    from_static: bool  # exists only while its source is on the battlefield (CR 611.3b)
    fixed: tuple[int, ...] | None = None
    affected: PermanentFilter | None = None
    cda: bool = False  # from a characteristic-defining ability: applied first in its layer (613.3)
    group: int = 0  # the parts of one effect share a group: its affected set is fixed in its first layer (613.6)
    # layer 1 (copy, 707.2): the copiable values become those of this card
    copy_of: CardDef | None = None
    # layer 2: control changes to this player index
    new_controller: int = -1
    # layer 3 (text, 612.2): one colour word or basic land type word replaced by another
    text_from: str = ""
    text_to: str = ""
    # layer 4: types
    types_add: int = 0
    types_remove: int = 0
    supertypes_add: int = 0
    supertypes_remove: int = 0
    subtypes_add: tuple[str, ...] = ()
    subtypes_replace: bool = False  # "becomes a Frog": its new subtypes replace the old ones (205.1b)
    # layer 5: colours
    colors_set: int = -1
    colors_add: int = 0
    # layer 6: abilities
    keywords_add: int = 0
    keywords_remove: int = 0
    lose_all_abilities: bool = False
    abilities_add: tuple[Ability, ...] = ()  # full abilities granted in quotes (113.1b; systems/granted.py)
    # layer 7b sets base power/toughness; layer 7c adds; layer 7d switches
    power: int = 0
    toughness: int = 0
    # A number the layer system finds as it applies the effect (components.abilities.Count): power and
    # toughness are multiplied by it ("equal to the number of ...", "+1/+1 for each ...", 613.4a/c).
    dynamic: Count | None = None  # "+1/+1 for each ...": power and toughness are multiplied by it
    condition: Condition | None = None  # applies only while true ("as long as", 611.3a)

    # (written out: compiled, a native constructor; see components/frozen.py)
    def __init__(self, layer: int, timestamp: int, source: int, controller: int, until_end_of_turn: bool,
                 from_static: bool, fixed: tuple[int, ...] | None = None,
                 affected: PermanentFilter | None = None, cda: bool = False, group: int = 0,
                 copy_of: CardDef | None = None, new_controller: int = -1, text_from: str = "",
                 text_to: str = "", types_add: int = 0, types_remove: int = 0, supertypes_add: int = 0,
                 supertypes_remove: int = 0, subtypes_add: tuple[str, ...] = (),
                 subtypes_replace: bool = False, colors_set: int = -1, colors_add: int = 0,
                 keywords_add: int = 0, keywords_remove: int = 0, lose_all_abilities: bool = False,
                 abilities_add: tuple[Ability, ...] = (), power: int = 0, toughness: int = 0,
                 dynamic: Count | None = None, condition: Condition | None = None) -> None:
        object.__setattr__(self, "layer", layer)
        object.__setattr__(self, "timestamp", timestamp)
        object.__setattr__(self, "source", source)
        object.__setattr__(self, "controller", controller)
        object.__setattr__(self, "until_end_of_turn", until_end_of_turn)
        object.__setattr__(self, "from_static", from_static)
        object.__setattr__(self, "fixed", fixed)
        object.__setattr__(self, "affected", affected)
        object.__setattr__(self, "cda", cda)
        object.__setattr__(self, "group", group)
        object.__setattr__(self, "copy_of", copy_of)
        object.__setattr__(self, "new_controller", new_controller)
        object.__setattr__(self, "text_from", text_from)
        object.__setattr__(self, "text_to", text_to)
        object.__setattr__(self, "types_add", types_add)
        object.__setattr__(self, "types_remove", types_remove)
        object.__setattr__(self, "supertypes_add", supertypes_add)
        object.__setattr__(self, "supertypes_remove", supertypes_remove)
        object.__setattr__(self, "subtypes_add", subtypes_add)
        object.__setattr__(self, "subtypes_replace", subtypes_replace)
        object.__setattr__(self, "colors_set", colors_set)
        object.__setattr__(self, "colors_add", colors_add)
        object.__setattr__(self, "keywords_add", keywords_add)
        object.__setattr__(self, "keywords_remove", keywords_remove)
        object.__setattr__(self, "lose_all_abilities", lose_all_abilities)
        object.__setattr__(self, "abilities_add", abilities_add)
        object.__setattr__(self, "power", power)
        object.__setattr__(self, "toughness", toughness)
        object.__setattr__(self, "dynamic", dynamic)
        object.__setattr__(self, "condition", condition)


fast_init(ContinuousEffect)


@dataclass(slots=True)
class ReplacementEffect:
    """A replacement effect in force (CR 614): from a static ability of ``source`` (while it is on the
    battlefield) or from a resolved spell or ability (then ``fixed`` may name what it protects)."""

    spec: ReplacementSpec
    source: int
    controller: int
    timestamp: int
    from_static: bool
    self_only: bool = False
    fixed: tuple[int, ...] | None = None
    uses: int | None = None  # None: every time; a number: that many more times ("the next time")
    until_end_of_turn: bool = False


@dataclass(slots=True, init=False)
class Counter:
    """All counters of one kind on one object (CR 122.1): one entity per (object, kind)."""

    obj: int
    kind: str
    count: int

    # (written out: compiled, a native constructor; see components/frozen.py)
    def __init__(self, obj: int, kind: str, count: int) -> None:
        self.obj = obj
        self.kind = kind
        self.count = count

"""Decisions and actions: the whole interface between the game and its players.

The game stops at a :class:`Decision` (whose it is, what kind, the enumerated options). An agent
answers with one of the options. Actions are small frozen value objects naming entities by id,
so they hash, compare and serialise cheaply (python-chess ``Move`` style).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from components.frozen import fast_init


class DecisionKind(enum.Enum):
    MULLIGAN = "mulligan"  # CR 103.5: keep or take a mulligan
    BOTTOM = "bottom"  # CR 103.5: put a card from hand on the bottom (London mulligan)
    PRIORITY = "priority"  # CR 117: pass, play a land, cast a spell
    ATTACKERS = "attackers"  # CR 508.1: declare one more attacker, or finish
    BLOCKERS = "blockers"  # CR 509.1: declare one more block, or finish
    ASSIGN_DAMAGE = "assign_damage"  # CR 510.1c-d: divide an attacker's damage
    DISCARD = "discard"  # CR 514.1: discard to maximum hand size
    LEGEND_RULE = "legend_rule"  # CR 704.5j: which legendary permanent to keep
    TRIGGER = "trigger"  # CR 603.3b-d: which waiting trigger goes on the stack next, with its targets
    MAY = "may"  # CR 603.5 and other "you may" choices: yes or no
    REPLACEMENT = "replacement"  # CR 616.1: which replacement effect applies first
    SCRY = "scry"  # CR 701.22: each looked-at card goes on top (in the order chosen) or to the bottom
    SURVEIL = "surveil"  # CR 701.25: each looked-at card goes on top or into the graveyard
    SEARCH = "search"  # CR 701.19: which card a search finds (or none, 701.19b)
    SACRIFICE = "sacrifice"  # CR 701.21: which permanent to sacrifice
    PAY = "pay"  # "unless [a player] pays {N}" / "you may pay {N}": pay or not
    PICK_CARD = "pick_card"  # which of the cards looked at an effect acts on ("put one of them ...", 701.16e)
    SOULBOND = "soulbond"  # CR 702.95a: which creature to pair with (ChooseCard), or none (-1: "you may")
    NAME_CARD = "name_card"  # CR 201.4, 702.106a: choose a card name
    MIRACLE = "miracle"  # CR 702.94a: reveal the first card drawn this turn for its miracle ability, or not
    CAST = "cast"  # cast a spell while an ability resolves (miracle 702.94a, cipher 702.99a), or not
    ENCODE = "encode"  # CR 702.99a: exile a cipher spell encoded on a creature you control (ChooseCard), or not
    CHOOSE_PLAYER = "choose_player"  # choose a player (ChoosePlayer), e.g. tribute's opponent (702.104a)
    CHOOSE_TYPE = "choose_type"  # a creature type (205.3m), e.g. "As ~ enters, choose a creature type" (614.12)
    CHOOSE_COLOR = "choose_color"  # a color, e.g. the mana of "Add one mana of any color" (106.1a)
    COPY_TARGETS = "copy_targets"  # CR 707.10c: the targets of a copy of a spell (ChooseTargets), e.g. storm 702.40a
    CHOOSE_OPTION = "choose_option"  # one of the alternatives an effect names: "your choice of flying or trample"
    # The small steps of announcing a spell or ability (CR 601.2b-c, 601.2f, 602.2b; systems/announcing.py): each
    # offers ``Pick`` options for one field of the action being announced, plus ``Cancel`` (730.1).
    CAST_WAY = "cast_way"  # CR 601.2b: which alternative or additional cost, which half of a split card
    MODE = "mode"  # CR 601.2b, 700.2: the next mode of a modal spell or ability (or no more)
    X_VALUE = "x_value"  # CR 601.2b, 107.3: the value of X
    TARGET = "target"  # CR 601.2c: the next target
    SPLICE = "splice"  # CR 601.2b, 702.47a: the next card to splice onto it (or no more)
    COST_CHOICE = "cost_choice"  # CR 601.2f-h, 602.2b: the next permanent or card a cost uses (or no more)
    MANA_COLOR = "mana_color"  # CR 106.1a, 605.3a: the type of the next mana a mana ability makes


# A field of a ``CastSpell`` / ``ActivateAbility`` left open in a play the rules enumerate (a *template*): a set or
# sequence of cards or permanents (crew's creatures, delve's and escape's exiled cards, the cards spliced) that is
# chosen one element at a time while the play is announced (CR 601.2b, 601.2f-h; systems/announcing.py ``OpenSet``).
# It never reaches a player: the announcement, ``Game.whole_actions`` and ``apply`` fill it in. (Its one element is
# no entity id and not the -1 that some slots use for "no object".)
OPEN: tuple[int, ...] = (-(1 << 40),)


@dataclass(frozen=True, slots=True)
class Keep:
    """Keep the opening hand (CR 103.5)."""


@dataclass(frozen=True, slots=True)
class Mulligan:
    """Shuffle the hand away and draw a new one (London mulligan, CR 103.5)."""


@dataclass(frozen=True, slots=True, init=False)
class PutOnBottom:
    card: int

    # (written out: compiled, a native constructor; see components/frozen.py)
    def __init__(self, card: int) -> None:
        object.__setattr__(self, "card", card)


fast_init(PutOnBottom)


@dataclass(frozen=True, slots=True)
class PassPriority:
    """Pass priority (CR 117.3d)."""


@dataclass(frozen=True, slots=True, init=False)
class PlayLand:
    """Play a land: a special action (CR 116.2a, 305.1)."""

    card: int
    choice: str = ""  # what is chosen as it enters (614.12): "pay" / "tapped" (pay life or not), "W".."G" (a color)
    face: int = -1  # a modal double-faced card played as its back face, a land (712.12): 1; -1 the card

    # (written out: compiled, a native constructor; see components/frozen.py)
    def __init__(self, card: int, choice: str = "", face: int = -1) -> None:
        object.__setattr__(self, "card", card)
        object.__setattr__(self, "choice", choice)
        object.__setattr__(self, "face", face)


fast_init(PlayLand)


@dataclass(frozen=True, slots=True, init=False)
class CastSpell:
    """Cast a spell (CR 601.2): modes (601.2b, 700.2), X (601.2b), alternative or additional cost
    by keyword (601.2b, 601.2f) and targets (601.2c) are chosen; costs are paid automatically."""

    card: int
    targets: tuple[int, ...] = ()
    x: int = 0
    modes: tuple[int, ...] = ()
    cost: str = ""
    face: int = -1  # the half of a split card being cast (CR 709.3): 0 left, 1 right; -1 the whole card
    sacrifice: tuple[int, ...] = ()  # "As an additional cost to cast ~, sacrifice a creature": the permanents
    #                                  chosen to pay it (601.2b announced, 601.2h paid)
    discard: tuple[int, ...] = ()  # "As an additional cost to cast ~, discard a card": the cards chosen
    exile: tuple[int, ...] = ()  # escape's "Exile N other cards from your graveyard" (702.138a): the cards chosen
    tapped: tuple[int, ...] = ()  # conspire's "tap two untapped creatures you control" (702.78a): the creatures
    spliced: tuple[int, ...] = ()  # cards in hand spliced onto the spell, in the order of their effects (702.47a-b)
    returned: tuple[int, ...] = ()  # web-slinging's "return a tapped creature you control to its owner's hand"

    # (written out: compiled, a native constructor; see components/frozen.py)
    def __init__(self, card: int, targets: tuple[int, ...] = (), x: int = 0, modes: tuple[int, ...] = (),
                 cost: str = "", face: int = -1, sacrifice: tuple[int, ...] = (),
                 discard: tuple[int, ...] = (), exile: tuple[int, ...] = (), tapped: tuple[int, ...] = (),
                 spliced: tuple[int, ...] = (), returned: tuple[int, ...] = ()) -> None:
        object.__setattr__(self, "card", card)
        object.__setattr__(self, "targets", targets)
        object.__setattr__(self, "x", x)
        object.__setattr__(self, "modes", modes)
        object.__setattr__(self, "cost", cost)
        object.__setattr__(self, "face", face)
        object.__setattr__(self, "sacrifice", sacrifice)
        object.__setattr__(self, "discard", discard)
        object.__setattr__(self, "exile", exile)
        object.__setattr__(self, "tapped", tapped)
        object.__setattr__(self, "spliced", spliced)
        object.__setattr__(self, "returned", returned)

    # (written out, as the dataclass would make them: compiled, native rather than interpreted (mypyc#817); the
    # priority options are hashed and compared at every decision, announcing.group. The hash is the dataclass's, of
    # the fields' tuple; tests/core/test_action_equality.py compares both with the generated ones.)
    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self) or not isinstance(other, CastSpell):
            return NotImplemented
        return (self.card == other.card and self.targets == other.targets and self.x == other.x
                and self.modes == other.modes and self.cost == other.cost and self.face == other.face
                and self.sacrifice == other.sacrifice and self.discard == other.discard and self.exile == other.exile
                and self.tapped == other.tapped and self.spliced == other.spliced and self.returned == other.returned)

    def __hash__(self) -> int:
        return hash((self.card, self.targets, self.x, self.modes, self.cost, self.face, self.sacrifice, self.discard,
                     self.exile, self.tapped, self.spliced, self.returned))


fast_init(CastSpell)


@dataclass(frozen=True, slots=True)
class RevealMiracle:
    """Reveal (or not) this card, drawn as the first card this turn, for its miracle ability (CR 702.94a)."""

    card: int
    reveal: bool


@dataclass(frozen=True, slots=True, init=False)
class ActivateAbility:
    """Activate a permanent's activated ability (CR 602.2), by its index among the card's abilities."""

    source: int
    index: int
    targets: tuple[int, ...] = ()
    sacrifice: tuple[int, ...] = ()  # permanents sacrificed to pay the cost (CR 602.2b, 118.3)
    discard: tuple[int, ...] = ()  # cards discarded to pay the cost
    tapped: tuple[int, ...] = ()  # untapped creatures tapped to pay the cost (crew, CR 702.122a)
    mana: str = ""  # a mana ability's "one mana of any color": the color ("W".."G"), chosen as it resolves at
    #                 once (605.3a), so part of the option
    modes: tuple[int, ...] = ()  # a modal ability's chosen modes (700.2a)
    exiled: tuple[int, ...] = ()  # cards exiled from its controller's graveyard to pay the cost (118.3)

    # (written out: compiled, a native constructor; see components/frozen.py)
    def __init__(self, source: int, index: int, targets: tuple[int, ...] = (),
                 sacrifice: tuple[int, ...] = (), discard: tuple[int, ...] = (), tapped: tuple[int, ...] = (),
                 mana: str = "", modes: tuple[int, ...] = (), exiled: tuple[int, ...] = ()) -> None:
        object.__setattr__(self, "source", source)
        object.__setattr__(self, "index", index)
        object.__setattr__(self, "targets", targets)
        object.__setattr__(self, "sacrifice", sacrifice)
        object.__setattr__(self, "discard", discard)
        object.__setattr__(self, "tapped", tapped)
        object.__setattr__(self, "mana", mana)
        object.__setattr__(self, "modes", modes)
        object.__setattr__(self, "exiled", exiled)

    # (written out, as CastSpell's)
    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self) or not isinstance(other, ActivateAbility):
            return NotImplemented
        return (self.source == other.source and self.index == other.index and self.targets == other.targets
                and self.sacrifice == other.sacrifice and self.discard == other.discard and self.tapped == other.tapped
                and self.mana == other.mana and self.modes == other.modes and self.exiled == other.exiled)

    def __hash__(self) -> int:
        return hash((self.source, self.index, self.targets, self.sacrifice, self.discard, self.tapped, self.mana,
                     self.modes, self.exiled))


fast_init(ActivateAbility)


@dataclass(frozen=True, slots=True, init=False)
class DeclareAttacker:
    """Add one creature to the attack declaration (CR 508.1a-b)."""

    creature: int
    defender: int  # a player entity, or a planeswalker entity
    exert: bool = False  # 508.1g, 701.39: "You may exert ~ as it attacks" (systems/mechanics/attack_costs.py)
    enlist: int = -1  # 508.1g, 702.154a: the creature it enlists (taps as it attacks), or -1

    # (written out: compiled, a native constructor; see components/frozen.py)
    def __init__(self, creature: int, defender: int, exert: bool = False, enlist: int = -1) -> None:
        object.__setattr__(self, "creature", creature)
        object.__setattr__(self, "defender", defender)
        object.__setattr__(self, "exert", exert)
        object.__setattr__(self, "enlist", enlist)

    # (written out, as CastSpell's: the attack options are hashed and compared at each declaration)
    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self) or not isinstance(other, DeclareAttacker):
            return NotImplemented
        return (self.creature == other.creature and self.defender == other.defender and self.exert == other.exert
                and self.enlist == other.enlist)

    def __hash__(self) -> int:
        return hash((self.creature, self.defender, self.exert, self.enlist))


fast_init(DeclareAttacker)


@dataclass(frozen=True, slots=True)
class FinishAttackers:
    """The attack declaration is complete (CR 508.1)."""


@dataclass(frozen=True, slots=True, init=False)
class DeclareBlocker:
    """Add one block to the block declaration (CR 509.1a)."""

    blocker: int
    attacker: int

    # (written out: compiled, a native constructor; see components/frozen.py)
    def __init__(self, blocker: int, attacker: int) -> None:
        object.__setattr__(self, "blocker", blocker)
        object.__setattr__(self, "attacker", attacker)


fast_init(DeclareBlocker)


@dataclass(frozen=True, slots=True)
class FinishBlockers:
    """The block declaration is complete (CR 509.1)."""


@dataclass(frozen=True, slots=True, init=False)
class AssignDamage:
    """How an attacker divides its combat damage (CR 510.1c-d): (recipient entity, amount) pairs."""

    attacker: int
    assignment: tuple[tuple[int, int], ...]

    # (written out: compiled, a native constructor; see components/frozen.py)
    def __init__(self, attacker: int, assignment: tuple[tuple[int, int], ...]) -> None:
        object.__setattr__(self, "attacker", attacker)
        object.__setattr__(self, "assignment", assignment)


fast_init(AssignDamage)


@dataclass(frozen=True, slots=True, init=False)
class Discard:
    """Discard a card (CR 701.9), here to the maximum hand size (CR 514.1)."""

    card: int

    # (written out: compiled, a native constructor; see components/frozen.py)
    def __init__(self, card: int) -> None:
        object.__setattr__(self, "card", card)


fast_init(Discard)


@dataclass(frozen=True, slots=True)
class KeepLegend:
    """Keep this one of several same-named legendary permanents (CR 704.5j)."""

    permanent: int


@dataclass(frozen=True, slots=True, init=False)
class PutTrigger:
    """Put this waiting triggered ability on the stack now, with these targets (CR 603.3b-d)."""

    uid: int
    targets: tuple[int, ...] = ()
    modes: tuple[int, ...] = ()  # a modal triggered ability's chosen modes (CR 700.2b)

    # (written out: compiled, a native constructor; see components/frozen.py)
    def __init__(self, uid: int, targets: tuple[int, ...] = (), modes: tuple[int, ...] = ()) -> None:
        object.__setattr__(self, "uid", uid)
        object.__setattr__(self, "targets", targets)
        object.__setattr__(self, "modes", modes)

    # (written out, as CastSpell's)
    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self) or not isinstance(other, PutTrigger):
            return NotImplemented
        return self.uid == other.uid and self.targets == other.targets and self.modes == other.modes

    def __hash__(self) -> int:
        return hash((self.uid, self.targets, self.modes))


fast_init(PutTrigger)


@dataclass(frozen=True, slots=True, init=False)
class Choose:
    """Answer a yes/no question ("you may ...")."""

    yes: bool

    # (written out: compiled, a native constructor; see components/frozen.py)
    def __init__(self, yes: bool) -> None:
        object.__setattr__(self, "yes", yes)


fast_init(Choose)


@dataclass(frozen=True, slots=True, init=False)
class PlaceCard:
    """Scry / surveil: put this looked-at card on ``where`` ("top", "bottom" or "graveyard")."""

    card: int
    where: str

    # (written out: compiled, a native constructor; see components/frozen.py)
    def __init__(self, card: int, where: str) -> None:
        object.__setattr__(self, "card", card)
        object.__setattr__(self, "where", where)

    # (written out, as CastSpell's)
    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self) or not isinstance(other, PlaceCard):
            return NotImplemented
        return self.card == other.card and self.where == other.where

    def __hash__(self) -> int:
        return hash((self.card, self.where))


fast_init(PlaceCard)


@dataclass(frozen=True, slots=True, init=False)
class ChooseCard:
    """Choose this card or permanent (a search's find, a sacrifice); -1: choose none (CR 701.19b)."""

    card: int

    # (written out: compiled, a native constructor; see components/frozen.py)
    def __init__(self, card: int) -> None:
        object.__setattr__(self, "card", card)

    # (written out, as CastSpell's)
    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self) or not isinstance(other, ChooseCard):
            return NotImplemented
        return self.card == other.card

    def __hash__(self) -> int:
        return hash((self.card,))


fast_init(ChooseCard)


@dataclass(frozen=True, slots=True)
class ChoosePlayer:
    """Choose this player (a player entity), e.g. the opponent of a tribute ability (CR 702.104a)."""

    player: int


@dataclass(frozen=True, slots=True)
class ChooseType:
    """Choose a creature type (CR 205.3m)."""

    subtype: str


@dataclass(frozen=True, slots=True)
class ChooseColor:
    """Choose a color: "W", "U", "B", "R" or "G" (CR 105.1)."""

    color: str


@dataclass(frozen=True, slots=True)
class ApplyReplacement:
    """Apply this replacement effect (an entity) to the event first (CR 616.1)."""

    effect: int


@dataclass(frozen=True, slots=True)
class NameCard:
    """Choose this card name (CR 201.4), e.g. for a hidden agenda (702.106a)."""

    name: str


@dataclass(frozen=True, slots=True)
class TurnFaceUp:
    """Turn a face-down conspiracy you control face up: a special action (CR 116.2j, 702.106c); or a face-down
    permanent for its morph or disguise cost (702.37e, 702.168d), or a manifested creature card for its mana
    cost (``how`` "manifest", 701.34b)."""

    card: int
    how: str = ""


@dataclass(frozen=True, slots=True)
class SpecialAction:
    """A special action with a card in its owner's hand, named by keyword (CR 116.2): "suspend" (116.2f,
    702.62a) or "plot" (116.2k, 702.170a): pay the cost and exile the card."""

    card: int
    kind: str


@dataclass(frozen=True, slots=True)
class ChooseOption:
    """One of the alternatives an instruction offers as it resolves (608.2d): "gains your choice of flying,
    vigilance, or lifelink", "create your choice of a Clue token, a Food token, or a Treasure token"."""

    label: str


@dataclass(frozen=True, slots=True, init=False)
class Announce:
    """Begin casting a spell (CR 601.2a) or activating an ability (602.2a) that has choices left; the choices
    follow as small decisions (``Pick``) in the order of CR 601.2b-h. ``index`` -1: cast the card; otherwise the
    activated ability's index among the card's abilities (``MANA_ABILITY``: its mana abilities, 605.3a)."""

    card: int
    index: int = -1

    # (written out: compiled, a native constructor; see components/frozen.py)
    def __init__(self, card: int, index: int = -1) -> None:
        object.__setattr__(self, "card", card)
        object.__setattr__(self, "index", index)

    # (written out, as CastSpell's: the keys of ``game.announce_groups``)
    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self) or not isinstance(other, Announce):
            return NotImplemented
        return self.card == other.card and self.index == other.index

    def __hash__(self) -> int:
        return hash((self.card, self.index))


fast_init(Announce)


MANA_ABILITY = -2  # Announce.index of a permanent's mana abilities activated while its controller has priority


@dataclass(frozen=True, slots=True, init=False)
class Pick:
    """One small choice of the spell or ability being announced: ``value`` for ``field`` (a field of
    CastSpell / ActivateAbility / ActivateMana); for a list (targets, modes, creatures to tap, ...) the next
    element, or None: the list is complete. ``field`` "page" narrows a long list to its ``value``-th part."""

    field: str
    value: int | str | None

    # (written out: compiled, a native constructor; see components/frozen.py)
    def __init__(self, field: str, value: int | str | None) -> None:
        object.__setattr__(self, "field", field)
        object.__setattr__(self, "value", value)

    # (written out, as CastSpell's)
    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self) or not isinstance(other, Pick):
            return NotImplemented
        return self.field == other.field and self.value == other.value

    def __hash__(self) -> int:
        return hash((self.field, self.value))


fast_init(Pick)


@dataclass(frozen=True, slots=True)
class Cancel:
    """Stop announcing: the whole action is reversed, nothing was paid (CR 730.1)."""


@dataclass(frozen=True, slots=True)
class ActivateMana:
    """Activate a permanent's mana abilities while holding priority (CR 605.3a): tap it (or sacrifice it) and add
    ``mana`` (one letter per mana, "W".."G", "C") to its controller's pool. Offered only with the game option
    ``mana_at_priority``."""

    source: int
    mana: str


@dataclass(frozen=True, slots=True)
class ChooseTargets:
    """The targets of a copy of a spell, in target-slot order (CR 707.10c: unchanged ones may be illegal)."""

    targets: tuple[int, ...]


Action = (
    Keep | Mulligan | PutOnBottom | PassPriority | PlayLand | CastSpell | ActivateAbility | DeclareAttacker | FinishAttackers
    | DeclareBlocker | FinishBlockers | AssignDamage | Discard | KeepLegend | PutTrigger | Choose
    | ApplyReplacement | PlaceCard | ChooseCard | NameCard | TurnFaceUp | RevealMiracle | ChoosePlayer
    | ChooseTargets | ChooseColor | ChooseType | SpecialAction | ChooseOption | Announce | Pick | Cancel | ActivateMana
)


@dataclass(frozen=True, slots=True, init=False)
class Decision:
    """A point where one player must choose one of ``options``."""

    player: int  # player index
    kind: DecisionKind
    options: tuple[Action, ...]

    # (written out: compiled, a native constructor; see components/frozen.py)
    def __init__(self, player: int, kind: DecisionKind, options: tuple[Action, ...]) -> None:
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "options", options)


fast_init(Decision)

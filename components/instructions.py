"""Instructions of spells and abilities (CR 608.2c) read by content/oracle/instructions.py and carried out by
systems/instructions.py: prevention (CR 615, 609.7a), graveyard exile, flicker (400.7), copying spells (707.10), switching power
and toughness (613.4d), die rolls (706), extra turns (500.7), the monarch (724), life totals becoming N (119.5),
"can't be regenerated" (701.15c), proliferate / explore / connive (701.34, 701.40, 701.47), "where X is"
(107.3c, 107.3m), reflexive "when you do" (603.12), payments (118.12), choices made on resolution (608.2d)
and the mana forms of 106.1a / 602.5b.

Target fields are effect target indices (a target slot, SELF, EVENT_OBJECT, ATTACHED) like the other
effects of components/abilities.py; ``None`` means no object.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from components.abilities import (
    Count,
    CreateToken,
    Effect,
    Group,
    PayOrNot,
    PermanentFilter,
    PlayerRef,
    TriggeredAbility,
)

if TYPE_CHECKING:
    from components.characteristics import ManaCost


@dataclass(frozen=True, slots=True)
class Prevent(Effect):
    """'Prevent all [combat] damage that would be dealt [to X | by X] this turn' / 'Prevent the next N
    damage that would be dealt to X this turn' (CR 615.1a, 615.7). ``target`` None: any recipient (or
    source); ``to_players``: only damage dealt to players; ``to_and_by``: both damage dealt to and dealt
    by the object (two prevention effects)."""

    target: int | None = None
    amount: int | None = None  # None: all such damage; a number: a shield of that much (615.7)
    combat_only: bool = False
    by: bool = False
    to_players: bool = False
    to_and_by: bool = False
    dynamic: Count | None = None  # "the next X damage": the shield's size found as it resolves (107.3)
    written_by: bool = False  # rendering: "damage that would be dealt by X" rather than "damage X would deal"
    after_turn: bool = False  # rendering: "... dealt this turn to X" (the older word order)
    written: str = ""  # rendering: "it" when the object was written as a pronoun


@dataclass(frozen=True, slots=True)
class ExileGraveyard(Effect):
    """'Exile target player's graveyard.': every card in that player's graveyard is exiled (CR 406)."""

    player: PlayerRef


@dataclass(frozen=True, slots=True)
class SwitchPowerToughness(Effect):
    """'Switch target creature's power and toughness until end of turn.' (CR 613.4d, layer 7d)."""

    target: int
    group: Group | None = None
    written: str = ""  # rendering: "its" when written with a pronoun


@dataclass(frozen=True, slots=True)
class RollDie(Effect):
    """'Roll a six-sided die.' (CR 706.1): the result is random (the game's seeded generator) and is what
    "the result" means in the rest of the resolution (Count kind "die_result")."""

    sides: int = 6


@dataclass(frozen=True, slots=True)
class ExtraTurn(Effect):
    """'Take an extra turn after this one.' (CR 500.7): the player takes it right after this turn; the
    most recently created extra turn is taken first."""

    player: PlayerRef


@dataclass(frozen=True, slots=True)
class CantBeRegenerated(Effect):
    """'Target creature can't be regenerated this turn.' (CR 701.15c): regeneration shields don't replace
    its destruction this turn, and new ones can't be used."""

    target: int
    group: Group | None = None


@dataclass(frozen=True, slots=True)
class Proliferate(Effect):
    """'Proliferate.' (CR 701.34a): choose any number of permanents and/or players that have a counter, then
    give each one additional counter of each kind already there. ``times``: "proliferate, then proliferate
    again" is two."""

    times: int = 1




@dataclass(frozen=True, slots=True)
class WhereX(Effect):
    """'<instructions>, where X is <number>' (CR 107.3c: X is defined by the text): the number is found as the
    instruction is followed (608.2h), and the inner ``effects`` (which use X, Count kind "x") are followed with
    that value of X."""

    count: Count
    effects: tuple[Effect, ...]
    possessive: str = ""  # rendering: "its" / "that creature's" as written; "cast": X is its spell's X (107.3m)




@dataclass(frozen=True, slots=True)
class TapOrUntap(Effect):
    """'Tap or untap target creature.': its controller (the ability's) chooses which as it resolves (608.2d)."""

    target: int


@dataclass(frozen=True, slots=True)
class ReturnChosen(Effect):
    """'Return a land you control to its owner's hand.' (no target: the player chooses one as it resolves,
    608.2d); with ``unless``: 'Sacrifice it unless you return an untapped Forest you control to its owner's
    hand.' — the player may return one; if they don't (or can't), the ``unless`` instructions happen."""

    filter: PermanentFilter  # seen from the player
    player: PlayerRef
    unless: tuple[Effect, ...] = ()
    written_it: bool = False  # rendering: "sacrifice it unless ..."




@dataclass(frozen=True, slots=True)
class WhenYouDo(Effect):
    """'You may pay {1}. When you do, <effect>.' / 'You may <action>. When you do, <effect>.' (CR 603.12): if the
    player pays (or does it), a reflexive triggered ability ``ability`` triggers; its targets are chosen as it is
    put on the stack, after this resolution (603.3). ``cost``: a mana payment; otherwise ``first``."""

    ability: TriggeredAbility
    cost: ManaCost | None = None
    first: tuple[Effect, ...] = ()


@dataclass(frozen=True, slots=True)
class FireReflexive(Effect):
    """Internal step of :class:`WhenYouDo`: the reflexive ability triggers now (603.12)."""

    ability: TriggeredAbility


@dataclass(frozen=True, slots=True)
class ProtectionOfChoice(Effect):
    """'~ gains protection from the color of your choice until end of turn.' (CR 702.16, 608.2d): the color is
    chosen as it resolves; then the object gains protection from it until end of turn (layer 6)."""

    target: int
    group: Group | None = None


@dataclass(frozen=True, slots=True)
class PreventNextFromSource(Effect):
    """'The next time a [green] source of your choice would deal damage to you this turn, prevent that damage.'
    (CR 615.7, 609.7a): the source is chosen as it resolves; the next damage event from it to that recipient
    this turn is prevented, and the effect ends. ``quality``: the filter a source must match (a color, a card
    type); ``to``: "you", a target index as a string ("0": "to any target"), or "" (to anything)."""

    quality: PermanentFilter | None
    to: str = "you"


@dataclass(frozen=True, slots=True)
class UnlessPaysPer(Effect):
    """'Counter target spell unless its controller pays {1} for each card in your graveyard.' (CR 118.12): the
    generic cost is ``per`` times the number, found as it resolves (608.2h)."""

    per: int
    count: Count
    effects: tuple[Effect, ...]
    payer: PlayerRef


@dataclass(frozen=True, slots=True)
class Flicker(Effect):
    """'Exile target creature you control, then return it to the battlefield under its owner's control.' (CR
    400.7: it returns as a new object; a token exiled this way stays in exile, 111.8)."""

    target: int
    tapped: bool = False
    word: str = "it"  # rendering: "it" / "that card"


@dataclass(frozen=True, slots=True)
class TargetPlayersPermanents(Effect):
    """'Creatures target player controls get -2/-2 until end of turn.' / 'Tap all creatures target opponent
    controls.': the ``effects`` are written for "... you control" (their groups' filters say controller "you")
    and are followed as if by the player ``player`` names, for the permanents that player controls (608.2c)."""

    player: PlayerRef
    effects: tuple[Effect, ...]


@dataclass(frozen=True, slots=True)
class DiscardUnless(Effect):
    """'Then discard two cards unless you discard a basic land card.' (CR 608.2c): the player may discard one
    card with the ``filter``'s characteristics instead of ``amount`` cards."""

    amount: int
    filter: PermanentFilter  # card characteristics


@dataclass(frozen=True, slots=True)
class TokensForEach(Effect):
    """'Create a 1/1 white Ally creature token for each Plains you control.' (the number found as it resolves,
    608.2h): ``create`` is the CreateToken with that number as its ``dynamic``."""

    create: CreateToken


@dataclass(frozen=True, slots=True)
class TheyPay(Effect):
    """'... unless they pay {2}.': ``pay`` is the PayOrNot (written with the pronoun, for the round trip)."""

    pay: PayOrNot


@dataclass(frozen=True, slots=True)
class SetLife(Effect):
    """'Target player's life total becomes 20.' (CR 119.5): the player gains or loses the difference. ``dynamic``:
    "... becomes the number of creatures they control" (counted for each player, "they" being that player)."""

    player: PlayerRef
    amount: int = 0
    dynamic: Count | None = None


@dataclass(frozen=True, slots=True)
class IfRolled(Effect):
    """'If you roll a 6, <effects>.' / 'If the result is 3 or less, ...' (CR 706.2): the die rolled earlier in
    this resolution decides; ``low``..``high`` is the range of results that follow the effects."""

    low: int
    high: int
    effects: tuple[Effect, ...]
    written: str = "roll"  # rendering: "roll" ("if you roll a 6"), "less", "greater"


@dataclass(frozen=True, slots=True)
class CopySpell(Effect):
    """'Copy target instant or sorcery spell. You may choose new targets for the copy.' (CR 707.10): a copy is put
    onto the stack under this effect's controller, with the spell's modes, X and costs; 707.10c: they may
    choose new targets for it."""

    target: int
    new_targets: bool = True


@dataclass(frozen=True, slots=True)
class ExileThisSpell(Effect):
    """'Exile ~.' in an instant's or sorcery's instructions: the card is exiled from the stack as this instruction
    is followed, so it isn't put into its owner's graveyard as it finishes resolving (608.2n)."""


@dataclass(frozen=True, slots=True)
class BecomeMonarch(Effect):
    """'You become the monarch.' (CR 724.1, 724.3): that player is the monarch, and no other player is."""

    player: PlayerRef


@dataclass(frozen=True, slots=True)
class LookX(Effect):
    """'Scry X' / 'Surveil X' (CR 701.22, 701.25) where X is a number the text defines (a :class:`WhereX`)."""

    kind: str  # "scry" or "surveil"


@dataclass(frozen=True, slots=True)
class Explore(Effect):
    """'It explores.' (CR 701.40a): its controller reveals the top card of their library; a land goes to their
    hand; otherwise the permanent gets a +1/+1 counter and they may put the card into their graveyard."""

    target: int
    written: str = ""  # rendering: the pronoun as printed ("it")


@dataclass(frozen=True, slots=True)
class Connive(Effect):
    """'It connives.' (CR 701.47a): its controller draws a card, then discards a card; if a nonland card was
    discarded, the permanent gets a +1/+1 counter. ``discard``: the second step (internal)."""

    target: int
    written: str = ""
    discard: bool = False


INSTRUCTIONS = (Prevent, ExileGraveyard, SwitchPowerToughness, RollDie, ExtraTurn, CantBeRegenerated, Proliferate,
                WhereX, TapOrUntap, ReturnChosen, WhenYouDo, FireReflexive, ProtectionOfChoice, PreventNextFromSource,
                UnlessPaysPer, Flicker, TargetPlayersPermanents,
                DiscardUnless, TokensForEach, TheyPay,
                SetLife, IfRolled, CopySpell, ExileThisSpell, BecomeMonarch,
                LookX, Explore, Connive)

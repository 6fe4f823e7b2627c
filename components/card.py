"""The static definition of a card: characteristics as printed, plus its compiled abilities."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from components.characteristics import Color, ManaCost, PTValue, TypeLine

if TYPE_CHECKING:
    from components.abilities import Ability  # (a run-time import would be a cycle: abilities names CardDef)


@dataclass(frozen=True, slots=True)
class CardDef:
    """A card's printed characteristics (CR 109.3) and its abilities, compiled once and shared."""

    name: str
    mana_cost: ManaCost
    colors: Color
    type_line: TypeLine
    power: PTValue | None
    toughness: PTValue | None
    loyalty: int | None
    text: str
    abilities: tuple[Ability, ...]  # the core kinds and the mechanics' own: all derive from Ability (an open set)
    keywords: int  # printed keyword abilities as components.keywords.Keyword bits
    produces: int = 0  # Color bits of mana its intrinsic basic-land mana ability adds (CR 305.6)
    layout: str = "normal"  # MTGJSON layout: "normal", "split", "adventure", "transform", "modal_dfc", ...
    faces: tuple[CardDef, ...] = ()  # the faces of a multi-face card (CR 709-712), front first
    hand_modifier: int | None = None  # a vanguard's hand modifier (CR 211.1)
    life_modifier: int | None = None  # a vanguard's life modifier (CR 212.1)
    # the mechanics (systems/mechanics modules) whose readers compiled any of its text, its faces', tokens' and
    # granted abilities' included: a game enables only their hooks (content/registry.py)
    mechanics: frozenset[str] = field(default=frozenset(), compare=False)
    type_bits: int = field(init=False, repr=False, compare=False)  # card types as a plain int (hot paths)

    def __post_init__(self) -> None:
        object.__setattr__(self, "type_bits", int(self.type_line.types))

    def __deepcopy__(self, memo: dict[int, object]) -> CardDef:
        return self  # immutable and shared by every game: Game.clone() must not copy it

    def __repr__(self) -> str:
        return f"CardDef({self.name!r})"

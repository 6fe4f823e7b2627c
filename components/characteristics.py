"""Printed characteristics as value types: colour, mana cost, type line, power/toughness (CR 200-212).

Plain frozen data with no game behaviour. The parsers that build these from card data live in
``content.mana``, ``content.typeline`` and ``content.printed_values``; every value here renders
back to its printed form through ``text``.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from components.subtypes import SUBTYPES_BY_CARD_TYPE


class Color(enum.IntFlag):
    """The five colours (CR 105.1, 202.2a) as bits; ``Color(0)`` is colourless (CR 105.2c)."""

    W = 1
    U = 2
    B = 4
    R = 8
    G = 16

    @classmethod
    def from_letters(cls, letters: Iterable[str]) -> Color:
        """Colour from WUBRG letters: ``Color.from_letters("WU")`` or ``Color.from_letters(["W", "U"])``."""
        result = cls(0)
        for letter in letters:
            member = cls.__members__.get(letter)
            if member is None:
                raise ValueError(f"unknown colour letter {letter!r}; expected one of W, U, B, R, G")
            result |= member
        return result

    @property
    def letters(self) -> str:
        """The colour letters in WUBRG order, e.g. ``"WU"``; ``""`` for colourless."""
        return "".join(color.name or "" for color in COLOR_ORDER if color in self)


#: The colours in the order the CR and card frames list them (CR 105.1).
COLOR_ORDER: tuple[Color, ...] = (Color.W, Color.U, Color.B, Color.R, Color.G)

#: No colour (CR 105.2c).
COLORLESS: Color = Color(0)


class CardType(enum.IntFlag):
    """Card types (CR 205.2a). "Tribal" is the obsolete name of kindred and parses to ``KINDRED``."""

    ARTIFACT = enum.auto()
    BATTLE = enum.auto()
    CONSPIRACY = enum.auto()
    CREATURE = enum.auto()
    DUNGEON = enum.auto()
    ENCHANTMENT = enum.auto()
    INSTANT = enum.auto()
    KINDRED = enum.auto()
    LAND = enum.auto()
    PHENOMENON = enum.auto()
    PLANE = enum.auto()
    PLANESWALKER = enum.auto()
    SCHEME = enum.auto()
    SORCERY = enum.auto()
    VANGUARD = enum.auto()


#: The order Oracle type lines print card types in ("Kindred Enchantment", "Enchantment Artifact",
#: "Artifact Land", "Land Creature", "Instant Creature"). The flags carry no order of their own, so
#: ``TypeLine.text`` uses this one.
CARD_TYPE_PRINT_ORDER: tuple[CardType, ...] = (
    CardType.KINDRED,
    CardType.ENCHANTMENT,
    CardType.ARTIFACT,
    CardType.LAND,
    CardType.INSTANT,
    CardType.SORCERY,
    CardType.CREATURE,
    CardType.PLANESWALKER,
    CardType.BATTLE,
    CardType.CONSPIRACY,
    CardType.DUNGEON,
    CardType.PHENOMENON,
    CardType.PLANE,
    CardType.SCHEME,
    CardType.VANGUARD,
)


class Supertype(enum.IntFlag):
    """Supertypes (CR 205.4a), declared in the order type lines print them ("Legendary Snow")."""

    BASIC = enum.auto()
    LEGENDARY = enum.auto()
    ONGOING = enum.auto()
    SNOW = enum.auto()
    WORLD = enum.auto()


class SymbolKind(enum.Enum):
    """The kinds of mana symbol that can appear in a mana cost (CR 107.4)."""

    GENERIC = "generic"  # {0}, {1}, {10} ... (CR 107.4b, 107.4d)
    COLORED = "colored"  # {W} {U} {B} {R} {G} (CR 107.4a)
    COLORLESS = "colorless"  # {C} (CR 107.4c)
    X = "x"  # {X}, {Y}, {Z}: variable generic mana (CR 107.3)
    HYBRID = "hybrid"  # {W/U} (CR 107.4e)
    MONO_HYBRID = "mono_hybrid"  # {2/W} (CR 107.4e)
    COLORLESS_HYBRID = "colorless_hybrid"  # {C/W}: one colourless or one coloured (CR 107.4)
    PHYREXIAN = "phyrexian"  # {W/P}; also {C/P}, colourless Phyrexian (Kozilek, Compleated) (CR 107.4f)
    HYBRID_PHYREXIAN = "hybrid_phyrexian"  # {W/U/P} (CR 107.4f)
    SNOW = "snow"  # {S} (CR 107.4h)


# (a module constant: on Python 3.11 ``SymbolKind.X`` is a slow look-up, and mana values are read at every stop;
# Final: compiled, a C static read)
_X_KIND: Final = SymbolKind.X

#: How many colours each kind of symbol carries; ``None`` means "zero or one" (Phyrexian, where
#: {C/P} has none).
_COLOR_COUNT: dict[SymbolKind, int | None] = {
    SymbolKind.GENERIC: 0,
    SymbolKind.COLORED: 1,
    SymbolKind.COLORLESS: 0,
    SymbolKind.X: 0,
    SymbolKind.HYBRID: 2,
    SymbolKind.MONO_HYBRID: 1,
    SymbolKind.COLORLESS_HYBRID: 1,
    SymbolKind.PHYREXIAN: None,
    SymbolKind.HYBRID_PHYREXIAN: 2,
    SymbolKind.SNOW: 0,
}

#: The letters that name variable symbols (CR 107.3).
VARIABLE_LETTERS: tuple[str, ...] = ("X", "Y", "Z")


def _pair_text(colors: Color) -> str:
    """Two colours in printed hybrid order (CR 107.4): "W/U", "W/B", ..., "G/W", "G/U".

    Each colour is followed by its two clockwise neighbours on the colour wheel, so the symbol is
    printed starting from whichever colour has the other one or two steps ahead of it.
    """
    first, second = (i for i, color in enumerate(COLOR_ORDER) if color in colors)
    if second - first > 2:
        first, second = second, first
    return f"{COLOR_ORDER[first].name}/{COLOR_ORDER[second].name}"


@dataclass(frozen=True, slots=True)
class ManaSymbol:
    """One mana symbol of a cost (CR 107.4).

    ``amount`` is the symbol's contribution to mana value (CR 202.3): the number of a generic
    symbol, 2 for a monocoloured hybrid such as {2/W} (its largest component, CR 202.3f), 0 for
    {X}/{Y}/{Z} (their value is supplied when the object is on the stack, CR 202.3e), and 1 for
    every other kind. ``variable`` is the letter of an X-kind symbol and empty otherwise.
    Prefer the named constructors (``ManaSymbol.generic(3)``, ``ManaSymbol.hybrid(...)``, ...).
    """

    kind: SymbolKind
    colors: Color
    amount: int
    variable: str = ""

    def __post_init__(self) -> None:
        count = int(self.colors).bit_count()
        expected = _COLOR_COUNT[self.kind]
        if (count > 1) if expected is None else (count != expected):
            raise ValueError(f"{self.kind.name} mana symbol cannot have colours {self.colors!r}")
        if self.kind is SymbolKind.GENERIC:
            ok_amount = self.amount >= 0
        elif self.kind is SymbolKind.X:
            ok_amount = self.amount == 0
        elif self.kind is SymbolKind.MONO_HYBRID:
            ok_amount = self.amount >= 2
        else:
            ok_amount = self.amount == 1
        if not ok_amount:
            raise ValueError(f"{self.kind.name} mana symbol cannot have amount {self.amount}")
        if (self.kind is SymbolKind.X) != (self.variable in VARIABLE_LETTERS):
            raise ValueError(f"{self.kind.name} mana symbol cannot have variable {self.variable!r}")

    # Named constructors keep callers from having to know the amount convention above.
    @classmethod
    def generic(cls, amount: int) -> ManaSymbol:
        return cls(SymbolKind.GENERIC, Color(0), amount)

    @classmethod
    def colored(cls, color: Color) -> ManaSymbol:
        return cls(SymbolKind.COLORED, color, 1)

    @classmethod
    def colorless(cls) -> ManaSymbol:
        return cls(SymbolKind.COLORLESS, Color(0), 1)

    @classmethod
    def x(cls, letter: str = "X") -> ManaSymbol:
        return cls(SymbolKind.X, Color(0), 0, letter)

    @classmethod
    def hybrid(cls, colors: Color) -> ManaSymbol:
        return cls(SymbolKind.HYBRID, colors, 1)

    @classmethod
    def mono_hybrid(cls, color: Color, amount: int = 2) -> ManaSymbol:
        return cls(SymbolKind.MONO_HYBRID, color, amount)

    @classmethod
    def colorless_hybrid(cls, color: Color) -> ManaSymbol:
        return cls(SymbolKind.COLORLESS_HYBRID, color, 1)

    @classmethod
    def phyrexian(cls, color: Color = COLORLESS) -> ManaSymbol:
        return cls(SymbolKind.PHYREXIAN, color, 1)

    @classmethod
    def hybrid_phyrexian(cls, colors: Color) -> ManaSymbol:
        return cls(SymbolKind.HYBRID_PHYREXIAN, colors, 1)

    @classmethod
    def snow(cls) -> ManaSymbol:
        return cls(SymbolKind.SNOW, Color(0), 1)

    @property
    def text(self) -> str:
        """The symbol as printed, e.g. ``"{2/W}"``; hybrids use the CR 107.4 colour order."""
        kind = self.kind
        if kind is SymbolKind.GENERIC:
            body = str(self.amount)
        elif kind is SymbolKind.COLORED:
            body = self.colors.letters
        elif kind is SymbolKind.COLORLESS:
            body = "C"
        elif kind is SymbolKind.X:
            body = self.variable
        elif kind is SymbolKind.HYBRID:
            body = _pair_text(self.colors)
        elif kind is SymbolKind.MONO_HYBRID:
            body = f"{self.amount}/{self.colors.letters}"
        elif kind is SymbolKind.COLORLESS_HYBRID:
            body = f"C/{self.colors.letters}"
        elif kind is SymbolKind.PHYREXIAN:
            body = f"{self.colors.letters or 'C'}/P"
        elif kind is SymbolKind.HYBRID_PHYREXIAN:
            body = f"{_pair_text(self.colors)}/P"
        else:
            body = "S"
        return "{" + body + "}"

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class ManaCost:
    """A mana cost (CR 202.1): its symbols in printed order.

    ``present=False`` means the object has no mana cost at all (lands, most tokens: CR 202.1b),
    which is an unpayable cost (CR 118.6) and differs from a cost of {0}.
    """

    symbols: tuple[ManaSymbol, ...] = ()
    present: bool = True

    def __post_init__(self) -> None:
        if not self.present and self.symbols:
            raise ValueError("a missing mana cost (present=False) cannot have symbols")

    @property
    def colors(self) -> Color:
        """The colours of the cost's symbols, hybrid and Phyrexian included (CR 202.2, 202.2d)."""
        result = Color(0)
        for symbol in self.symbols:
            result |= symbol.colors
        return result

    def mana_value(self, x: int = 0, *, y: int = 0, z: int = 0) -> int:
        """Total mana in the cost (CR 202.3).

        Each variable symbol counts as the value given for its letter: 0 off the stack, the chosen
        number on the stack (CR 202.3e). Hybrids count their largest component (CR 202.3f) and
        Phyrexian symbols count 1 (CR 202.3g); both are already folded into ``amount``. A missing
        cost has mana value 0 (CR 202.3a).
        """
        if not (x or y or z):  # the common case (off the stack): every variable symbol counts 0
            total = 0
            for symbol in self.symbols:  # (a loop: sum() over a generator costs more, at every cast option)
                if symbol.kind is not _X_KIND:
                    total += symbol.amount
            return total
        values = {"X": x, "Y": y, "Z": z}
        if any(value < 0 for value in values.values()):
            raise ValueError(f"X, Y and Z cannot be negative (CR 107.1b): x={x}, y={y}, z={z}")
        return sum(
            values[symbol.variable] if symbol.kind is _X_KIND else symbol.amount
            for symbol in self.symbols
        )

    @property
    def has_x(self) -> bool:
        """Whether the cost has a variable symbol ({X}, {Y} or {Z}; CR 107.3)."""
        for symbol in self.symbols:  # noqa: SIM110 - not any(): a generator costs a call per symbol
            if symbol.kind is _X_KIND:
                return True
        return False

    @property
    def x_count(self) -> int:
        """How many {X} symbols the cost has; casting with X=n adds n for each (CR 107.3a)."""
        return sum(1 for symbol in self.symbols if symbol.kind is _X_KIND and symbol.variable == "X")

    @property
    def generic(self) -> int:
        """The sum of the cost's numeric generic symbols (CR 107.4b), not counting X."""
        return sum(symbol.amount for symbol in self.symbols if symbol.kind is SymbolKind.GENERIC)

    @property
    def text(self) -> str:
        """The cost as printed, e.g. ``"{2}{W}{W}"``; ``""`` for no cost, ``"{0}"`` for zero."""
        return "".join(symbol.text for symbol in self.symbols)

    def __str__(self) -> str:
        return self.text


#: The "no mana cost" value (CR 202.1b).
NO_MANA_COST = ManaCost((), present=False)


@dataclass(frozen=True, slots=True)
class TypeLine:
    """A type line (CR 205): supertypes, card types, and subtypes in printed order.

    Type and supertype flags carry no order, so ``text`` prints them in the Oracle order
    (``CARD_TYPE_PRINT_ORDER``, then ``Supertype`` declaration order); subtypes keep theirs.
    """

    supertypes: Supertype = Supertype(0)
    types: CardType = CardType(0)
    subtypes: tuple[str, ...] = ()

    def subtypes_of(self, card_type: CardType) -> tuple[str, ...]:
        """The subtypes correlated with ``card_type`` (CR 205.3c), in printed order.

        A subtype belongs to each of the object's card types whose table lists it (CR 205.3g-q).
        Subtypes in no table (new sets add them) are taken to be creature types when the object is a
        creature or kindred, as new subtypes almost always are, and otherwise to belong to each of
        the object's card types. A card type the object doesn't have has no subtypes (CR 205.3d).
        """
        wanted = card_type & self.types
        if not wanted:
            return ()
        creature_like = self.types & (CardType.CREATURE | CardType.KINDRED)
        result: list[str] = []
        for subtype in self.subtypes:
            owners = CardType(0)
            for own_type in self.types:
                if subtype in SUBTYPES_BY_CARD_TYPE[own_type.name or ""]:
                    owners |= own_type
            if not owners:
                owners = creature_like or self.types
            if owners & wanted:
                result.append(subtype)
        return tuple(result)

    @property
    def text(self) -> str:
        """The type line as printed: ``"Legendary Creature — Elf Warrior"`` (CR 205.1)."""
        words = [s.name.capitalize() for s in Supertype if s in self.supertypes and s.name]
        words += [t.name.capitalize() for t in CARD_TYPE_PRINT_ORDER if t in self.types and t.name]
        left = " ".join(words)
        # Subtypes follow a long dash (CR 205.3b).
        return f"{left} — {' '.join(self.subtypes)}" if self.subtypes else left

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class PTValue:
    """A printed power or toughness (CR 208), possibly defined by a star (CR 208.2).

    ``"2"`` is ``PTValue(2)``; ``"*"`` is ``PTValue(0, star=True)``; ``"1+*"`` is
    ``PTValue(1, star=True)``; ``"7-*"`` is ``PTValue(7, star=True, star_sign=-1)``. A printed
    ``X`` behaves like ``*`` and keeps ``star_symbol="X"`` so it renders back.
    """

    base: int
    star: bool = False
    star_symbol: str = "*"
    star_sign: int = 1

    def __post_init__(self) -> None:
        if self.star_symbol not in ("*", "X"):
            raise ValueError(f"star_symbol must be '*' or 'X', not {self.star_symbol!r}")
        if self.star_sign not in (1, -1):
            raise ValueError(f"star_sign must be 1 or -1, not {self.star_sign!r}")

    def value(self, star_value: int = 0) -> int:
        """The number given the star's value; 0 where it can't be determined (CR 208.2a)."""
        return self.base + self.star_sign * star_value if self.star else self.base

    @property
    def text(self) -> str:
        """The value as printed: ``"3"``, ``"-1"``, ``"*"``, ``"1+*"``, ``"7-*"``."""
        if not self.star:
            return str(self.base)
        if self.base == 0 and self.star_sign == 1:
            return self.star_symbol
        return f"{self.base}{'+' if self.star_sign == 1 else '-'}{self.star_symbol}"

    def __str__(self) -> str:
        return self.text

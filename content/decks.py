"""Deck lists as players have them, and deck legality per format (CR 100.2, 100.4, 903.5).

Read: plain lists (``4 Lightning Bolt``, ``4x ...``, ``//`` and ``#`` comments), Arena exports (``Deck``,
``Sideboard``, ``Commander``, ``Companion`` and ``About`` / ``Name`` sections, set codes and collector
numbers ``4 Lightning Bolt (M11) 149``), ``SB:`` sideboard lines, MTGO ``.dek`` files (XML), with or
without a byte-order mark. Every error names the file and line; a deck with unknown or unsupported cards
is refused once, listing each one with its reason or a "did you mean" suggestion.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from components.card import CardDef
from components.characteristics import CardType, Color, Supertype
from content.card_pool import CardPool, builtin_pool
from ecs.errors import CardDataError, DeckError, MtgError
from ecs.input_files import read_text

DECK_DIR = Path(__file__).with_name("decks")
# "4 Lightning Bolt", "4x Lightning Bolt" and Arena exports "4 Lightning Bolt (M11) 146" (set code, then an
# optional collector number and foil marks).
_LINE = re.compile(r"(\d+)[xX]?\s+(.+?)(?:\s+\([A-Za-z0-9_]{2,8}\)(?:\s+\S+)*)?\s*$")
MAX_COUNT = 1000  # copies of one card on one line: more is a typo, not a deck
SECTIONS = {"deck": "main", "main": "main", "maindeck": "main", "main deck": "main", "sideboard": "sideboard",
            "commander": "commander", "companion": "companion", "about": "about"}
FORMATS = ("constructed", "limited", "commander")
# CR 205.3i/305.6 basic land names: "any number of basic land cards" (100.2a, 903.5b) counts these.
BASIC_LAND_NAMES = frozenset({"Plains", "Island", "Swamp", "Mountain", "Forest", "Wastes"} |
                             {f"Snow-Covered {n}" for n in ("Plains", "Island", "Swamp", "Mountain", "Forest")})
_ANY_NUMBER = re.compile(r"A deck can have (any number of|up to (\w+)) cards named", re.IGNORECASE)
_NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
                 "nine": 9, "ten": 10}


@dataclass(frozen=True, slots=True)
class DeckLine:
    count: int
    name: str
    line: int


@dataclass
class DeckList:
    """A deck file as written: the lines of each section (names not yet looked up)."""

    name: str
    source: str
    main: list[DeckLine] = field(default_factory=list)
    sideboard: list[DeckLine] = field(default_factory=list)
    commander: list[DeckLine] = field(default_factory=list)
    companion: list[DeckLine] = field(default_factory=list)


@dataclass
class Deck:
    """A deck ready to play: its main deck as card definitions, and its other sections."""

    name: str
    source: str
    cards: list[CardDef]
    commander: list[CardDef] = field(default_factory=list)
    listing: DeckList | None = None


def builtin_deck_names() -> list[str]:
    return sorted(p.stem for p in DECK_DIR.glob("*.txt"))


def parse_deck_text(text: str, source: str) -> list[tuple[int, str, int]]:
    """(count, name, line number) for each main-deck line; the other sections are ignored."""
    return [(e.count, e.name, e.line) for e in parse_deck_list(text, source).main]


def parse_deck_list(text: str, source: str, name: str = "") -> DeckList:
    """Every section of a plain, Arena or MTGO (.dek XML) deck list; errors name the source and line."""
    text = text.removeprefix("\ufeff")
    if text.lstrip().startswith("<"):
        return _parse_dek(text, source, name)
    deck = DeckList(name or Path(source).stem, source)
    section = "main"
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith(("//", "#")):
            continue
        header = line.lower().rstrip(":").strip()
        if header in SECTIONS:
            section = SECTIONS[header]
            continue
        if section == "about":
            if line.lower().startswith("name "):
                deck.name = line[5:].strip() or deck.name
            continue
        target = section
        if line[:3].upper() == "SB:":
            target, line = "sideboard", line[3:].strip()
        m = _LINE.fullmatch(line)
        if m is None:
            raise DeckError(f"{source}, line {number}: expected 'COUNT CARD NAME', got {raw.strip()!r:.80}")
        digits = m.group(1)
        if len(digits) > 6 or not 1 <= int(digits) <= MAX_COUNT:
            raise DeckError(f"{source}, line {number}: the count {digits:.30} must be between 1 and {MAX_COUNT}")
        getattr(deck, target).append(DeckLine(int(digits), m.group(2).strip(), number))
    if not (deck.main or deck.commander):
        raise DeckError(f"{source}: the deck has no cards")
    return deck


def _parse_dek(text: str, source: str, name: str) -> DeckList:
    """An MTGO .dek file: ``<Deck><Cards Quantity="4" Sideboard="false" Name="Lightning Bolt"/>...``."""
    import xml.etree.ElementTree as ET  # only for .dek files: not imported by every game (issue 11, start-up)

    try:
        root = ET.fromstring(text)
    except ET.ParseError as exc:
        line = exc.position[0]  # (line, column): set by every XML parser error
        raise DeckError(f"{source}, line {line}: not a valid MTGO .dek (XML) file: {exc}") from None
    if root.tag != "Deck":
        raise DeckError(f"{source}: an MTGO .dek file has a <Deck> root element, got <{root.tag:.40}>")
    deck = DeckList(name or Path(source).stem, source)
    for i, element in enumerate(root.iter("Cards"), start=1):
        quantity, card = element.get("Quantity", ""), element.get("Name", "")
        where = f"{source}, <Cards> element {i}"
        if not card.strip():
            raise DeckError(f"{where}: missing Name")
        if not quantity.isdigit() or len(quantity) > 6 or not 1 <= int(quantity) <= MAX_COUNT:
            raise DeckError(f"{where}: Quantity must be a whole number from 1 to {MAX_COUNT}, got {quantity!r:.30}")
        target = deck.sideboard if element.get("Sideboard", "false").lower() == "true" else deck.main
        target.append(DeckLine(int(quantity), card.strip(), i))
    if not deck.main:
        raise DeckError(f"{source}: the deck has no cards")
    return deck


def deck_path(name_or_path: str | Path) -> Path:
    """A deck file, or the built-in deck of that name."""
    path = Path(name_or_path)
    if path.is_file():
        return path
    candidate = DECK_DIR / f"{name_or_path}.txt"
    if candidate.is_file():
        return candidate
    if path.exists():
        raise DeckError(f"{name_or_path}: is not a deck file")
    raise DeckError(f"{name_or_path}: no such deck file or built-in deck "
                    f"(built-in: {', '.join(builtin_deck_names())})")


def read_deck(name_or_path: str | Path, pool: CardPool | None = None, *, format: str | None = None) -> Deck:
    """A deck by built-in name or file path, its cards looked up in ``pool`` (default: the built-in cards)
    and, with ``format``, checked for legality (constructed, limited or commander)."""
    pool = pool if pool is not None else builtin_pool()  # (not `pool or`: len() of a pool compiles all of it)
    path = deck_path(name_or_path)
    listing = parse_deck_list(read_text(path, "deck list"), str(path))
    lines = listing.commander + listing.main
    problems: list[str] = []
    cards: dict[str, CardDef] = {}
    for entry in lines:
        if entry.name in cards:
            continue
        try:
            cards[entry.name] = pool.get(entry.name)
        except CardDataError as exc:
            problems.append(f"line {entry.line}: {_reason(entry.name, exc)}")
    if problems:
        raise DeckError(f"{path}: {len(problems)} card(s) can't be used:\n  " + "\n  ".join(problems))
    deck = Deck(listing.name, str(path),
                [cards[e.name] for e in listing.main for _ in range(e.count)],
                [cards[e.name] for e in listing.commander for _ in range(e.count)], listing)
    if format is not None:
        problems = deck_problems(deck, format, pool)
        if problems:
            raise DeckError(f"{path}: not a legal {format} deck (use --no-validate to play it anyway):\n  "
                            + "\n  ".join(problems))
    return deck


def _reason(name: str, exc: MtgError) -> str:
    text = str(exc)
    if text.startswith("unknown card"):
        return text
    return f"{name!r} is not supported: {text}"


def load_deck(name_or_path: str, pool: CardPool | None = None, *,
              format: str | None = None) -> tuple[str, list[CardDef]]:
    """A deck by built-in name or by file path: (deck name, main-deck cards in list order)."""
    deck = read_deck(name_or_path, pool, format=format)
    return Path(deck.source).stem if deck.source else deck.name, deck.cards


def copy_limit(name: str, text: str) -> int | None:
    """How many copies of a card a constructed deck may hold (100.2a): four, unlimited (None) for basic
    lands, or what the card says ("A deck can have any number of / up to seven cards named ...")."""
    if name in BASIC_LAND_NAMES:
        return None
    m = _ANY_NUMBER.search(text)
    if m is None:
        return 4
    if m.group(1).lower() == "any number of":
        return None
    word = m.group(2).lower()
    return int(word) if word.isdigit() else _NUMBER_WORDS.get(word, 4)


def deck_problems(deck: Deck, format: str, pool: CardPool | None = None) -> list[str]:
    """Why a deck is not legal in a format (CR 100.2a-b, 100.4a, 903.5), one line each; [] if it is."""
    if format not in FORMATS:
        raise DeckError(f"unknown format {format!r} (formats: {', '.join(FORMATS)})")
    pool = pool if pool is not None else builtin_pool()  # (not `pool or`: len() of a pool compiles all of it)
    listing = deck.listing or DeckList(deck.name, deck.source)
    problems: list[str] = []
    main = len(deck.cards)
    if format == "limited":
        if main < 40:
            problems.append(f"{main} cards in the main deck; a limited deck has at least 40 (CR 100.2b)")
        return problems
    texts = {c.name: c.text for c in deck.cards + deck.commander}

    def text_of(name: str) -> str:
        if name in texts:
            return texts[name]
        entry = pool.entry(name)
        return str(entry.front.get("text") or "") if entry is not None else ""

    def canonical(name: str) -> str:
        entry = pool.entry(name)
        return entry.name.split(" // ")[0] if entry is not None else name

    if format == "constructed":
        if main < 60:
            problems.append(f"{main} cards in the main deck; a constructed deck has at least 60 (CR 100.2a)")
        side = sum(e.count for e in listing.sideboard)
        if side > 15:
            problems.append(f"{side} cards in the sideboard; at most 15 (CR 100.4a)")
        copies: Counter[str] = Counter()
        for e in listing.main + listing.sideboard + listing.commander + listing.companion:
            copies[canonical(e.name)] += e.count
        for name, n in sorted(copies.items()):
            limit = copy_limit(name, text_of(name))
            if limit is not None and n > limit:
                problems.append(f"{n} copies of {name!r} in the deck and sideboard; at most {limit} (CR 100.2a, "
                                "100.4a)")
        return problems
    return _commander_problems(deck, text_of, canonical)


def _commander_problems(deck: Deck, text_of: Callable[[str], str], canonical: Callable[[str], str]) -> list[str]:
    problems: list[str] = []
    total = len(deck.cards) + len(deck.commander)
    if not deck.commander:
        problems.append("no commander: give it in a 'Commander' section (CR 903.3)")
    elif len(deck.commander) > 2 or (len(deck.commander) == 2 and not all(
            re.search(r"^partner\b", c.text, re.IGNORECASE | re.MULTILINE) for c in deck.commander)):
        problems.append(f"{len(deck.commander)} commanders; one, or two with partner (CR 903.3, 702.124)")
    if total != 100:
        problems.append(f"{total} cards including the commander; a commander deck has exactly 100 (CR 903.5a)")
    for commander in deck.commander:
        legendary_creature = (commander.type_line.supertypes & Supertype.LEGENDARY
                              and commander.type_bits & CardType.CREATURE)
        if not legendary_creature and "can be your commander" not in commander.text.lower():
            problems.append(f"{commander.name!r} is not a legendary creature and can't be a commander (CR 903.3)")
    copies = Counter(canonical(c.name) for c in deck.cards + deck.commander)
    for name, n in sorted(copies.items()):
        limit = copy_limit(name, text_of(name))
        if n > 1 and (limit is not None and limit < n or limit == 4):
            problems.append(f"{n} copies of {name!r}; a commander deck has one of each card but basic lands "
                            "(CR 903.5b)")
    identity = 0
    for commander in deck.commander:
        identity |= color_identity(commander)
    if deck.commander:
        outside = sorted({c.name for c in deck.cards if color_identity(c) & ~identity})
        for name in outside:
            problems.append(f"{name!r} has a colour outside the commander's colour identity (CR 903.4, 903.5c)")
    return problems


_SYMBOL = re.compile(r"\{[^{}]{1,8}\}")
_REMINDER = re.compile(r"\([^()]*\)")


def color_identity(card: CardDef) -> int:
    """CR 903.4: the colours of the mana symbols in its mana cost and rules text (reminder text ignored,
    903.4c), its colour indicator and colour-defining abilities, over every face (903.4d-e)."""
    from content.mana import parse_mana_cost

    colors = 0
    for face in (card, *card.faces):
        colors |= int(face.colors)
        for symbol in face.mana_cost.symbols:
            colors |= int(symbol.colors)
        for token in _SYMBOL.findall(_REMINDER.sub("", face.text)):
            try:
                cost = parse_mana_cost(token)
            except ValueError:
                continue  # {T}, {Q}, {E} and other non-mana symbols
            for symbol in cost.symbols:
                colors |= int(symbol.colors)
    return colors & int(Color.W | Color.U | Color.B | Color.R | Color.G)


def read_decks(refs: Iterable[str], pool: CardPool | None = None, *, format: str | None = None) -> list[Deck]:
    """Several decks; every deck's problems are reported together (one error, exit 2 from the CLI)."""
    decks: list[Deck] = []
    problems: list[str] = []
    for ref in refs:
        try:
            decks.append(read_deck(ref, pool, format=format))
        except MtgError as exc:
            problems.append(str(exc))
    if problems:
        raise DeckError("\n".join(problems))
    return decks


def seat_names(decks: Sequence[Deck]) -> list[str]:
    """Deck names for the seats, numbered when the same deck plays itself."""
    names = [Path(d.source).stem for d in decks]
    if len(set(names)) < len(names):
        names = [f"{n}#{i + 1}" if names.count(n) > 1 else n for i, n in enumerate(names)]
    return names

"""Deck lists: plain text files of ``count name`` lines (CR 100.2a: 60 cards for constructed play)."""

from __future__ import annotations

import re
from pathlib import Path

from components.card import CardDef
from content.card_pool import CardPool, builtin_pool
from ecs.errors import CardDataError, DeckError

DECK_DIR = Path(__file__).with_name("decks")
# "4 Lightning Bolt", "4x Lightning Bolt" and Arena exports "4 Lightning Bolt (M11) 146".
_LINE = re.compile(r"(\d+)x?\s+(.+?)(?:\s+\([A-Z0-9]+\)(?:\s+\S+)?)?\s*$")


def builtin_deck_names() -> list[str]:
    return sorted(p.stem for p in DECK_DIR.glob("*.txt"))


def parse_deck_text(text: str, source: str) -> list[tuple[int, str, int]]:
    """(count, name, line number) for each main-deck line; the sideboard is ignored."""
    entries: list[tuple[int, str, int]] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith(("//", "#")):
            continue
        if line.lower().rstrip(":") in ("sideboard", "sideboard"):
            break
        if line.lower() in ("deck", "main", "maindeck"):
            continue
        m = _LINE.fullmatch(line)
        if m is None:
            raise DeckError(f"{source}, line {number}: expected 'COUNT CARD NAME', got {raw!r}")
        entries.append((int(m.group(1)), m.group(2).strip(), number))
    if not entries:
        raise DeckError(f"{source}: the deck has no cards")
    return entries


def load_deck(name_or_path: str, pool: CardPool | None = None) -> tuple[str, list[CardDef]]:
    """A deck by built-in name or by file path: (deck name, cards in list order)."""
    pool = pool or builtin_pool()
    path = Path(name_or_path)
    if not path.is_file():
        candidate = DECK_DIR / f"{name_or_path}.txt"
        if not candidate.is_file():
            raise DeckError(
                f"{name_or_path}: no such deck file or built-in deck "
                f"(built-in: {', '.join(builtin_deck_names())})"
            )
        path = candidate
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise DeckError(f"{path}: cannot read deck: {exc}") from None
    cards: list[CardDef] = []
    for count, name, number in parse_deck_text(text, str(path)):
        try:
            card = pool.get(name)
        except CardDataError as exc:
            raise DeckError(f"{path}, line {number}: {exc}") from None
        cards.extend([card] * count)
    return path.stem, cards

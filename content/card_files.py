"""Card files in every shape MTGJSON publishes, read with bounded memory, and pools built from them.

Shapes (detected from the data, not the file name):

* **AtomicCards** ``{"data": {NAME: [face, ...]}}``: one entry per card, every face listed;
* **a set file** ``{"data": {"code": ..., "cards": [...]}}``;
* **AllPrintings** ``{"data": {SETCODE: {"cards": [...]}, ...}}`` (about 500 MB: read set by set with
  ijson, so memory holds one set plus the slimmed cards, never the whole file);
* **a plain JSON list** of card objects.

In set files, AllPrintings and lists each face of a split, adventure, flip or double-faced card is its
own object with the full ``name``, a ``faceName`` and a ``side``: the faces join into one card, and
printings of one card collapse to one (content/card_pool.py ``FaceJoiner``). Cards are compiled when a
game first uses them, so loading a file of 30,000 cards costs reading it, not compiling it; a card the
compiler can't read, or with an unreadable field ('?' power, a number as its text), is refused with the
reason when a deck asks for it and never fails the file. Errors are :class:`~ecs.errors.MtgError`
subclasses naming the file (and the line, entry or field).

The one API the CLI, the scenario runner, tournaments and the Python API call:
:func:`load_card_files` (paths -> a pool over the built-in cards, later files win with a warning).
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, BinaryIO

from content.card_pool import CardEntry, CardGroup, CardPool, FaceJoiner, builtin_pool
from ecs.errors import CardDataError, InputFileError, MtgError
from ecs.input_files import MAX_NESTING, bracket_depth, decode_text, parse_json

_UTF8_BOM = b"\xef\xbb\xbf"


class CardFileWarning(UserWarning):
    """Two card files define the same card name; the later file's card is used."""


def read_card_entries(path: str | Path, *, external: bool = True) -> list[CardEntry]:
    """Every card of a card file as a (not yet compiled) pool entry, faces joined, printings collapsed
    (``external``: a user's file, whose cards saves carry, not the built-in pool's)."""
    path = Path(path)
    from content.pool_cache import for_card_file

    try:
        before = path.stat()
    except OSError as exc:
        raise InputFileError(f"{path}: cannot read card file: {exc.strerror or exc}") from None
    cache = for_card_file(path)  # cards compiled, and the file read, by an earlier process: same bytes and engine
    groups = cache.groups(path.name) if cache is not None else None
    if groups is None:
        joiner = FaceJoiner()
        try:
            with path.open("rb") as fh:
                _stream_into(joiner, fh, path)
            changed = path.stat()
        except OSError as exc:
            raise InputFileError(f"{path}: cannot read card file: {exc.strerror or exc}") from None
        groups = joiner.groups()
        if not groups:
            raise CardDataError(f"{path}: no card objects found (expected a JSON list of cards, or MTGJSON "
                                "AtomicCards, a set file or AllPrintings: {\"data\": ...})")
        if cache is not None and (before.st_size, before.st_mtime_ns) == (changed.st_size, changed.st_mtime_ns):
            cache.add_groups(path.name, groups)  # (not if the file was rewritten while the cache key was taken)
    return [CardEntry(front, faces, where, external=external, cache=cache) for (front, faces), where in groups]


def _stream_into(joiner: FaceJoiner, fh: BinaryIO, path: Path) -> None:
    head = fh.read(4096)
    if head.startswith(_UTF8_BOM):
        fh.seek(len(_UTF8_BOM))
        head = head[len(_UTF8_BOM):]
    else:
        fh.seek(0)
    stripped = head.lstrip()
    if not stripped:
        decode_text(head, path, "card file")  # empty, binary or UTF-16: its own message
        raise InputFileError(f"{path}: the card file is empty")
    if stripped[:1] not in (b"[", b"{"):
        decode_text(head, path, "card file")
        raise InputFileError(f"{path}: not a JSON card file (it starts with {stripped[:20]!r})")
    import ijson  # (here: a process whose card files are in the compiled-card cache never parses one)

    name = path.name
    fh = _DepthGuard(fh, path)  # type: ignore[assignment]
    try:
        if stripped[:1] == b"[":
            for i, obj in enumerate(ijson.items(fh, "item", use_float=True)):
                joiner.add(obj, f"{name}[{i}]")
        else:
            for key, value in ijson.kvitems(fh, "data", use_float=True):
                _add_data_item(joiner, key, value, name)
    except (ijson.JSONError, UnicodeDecodeError) as exc:
        raise InputFileError(f"{path}: not a valid JSON card file: {_ijson_message(exc)}") from None
    except (ValueError, OverflowError) as exc:  # an integer with more digits than Python converts
        if isinstance(exc, MtgError):
            raise
        raise InputFileError(f"{path}: not a valid JSON card file: {_ijson_message(exc)}") from None
    except RecursionError:
        raise InputFileError(f"{path}: the card file is nested too deeply to read") from None


class _DepthGuard:
    """A binary file whose bracket nesting is checked as ijson reads it: a file nested thousands deep is
    refused at once instead of ijson building prefixes of that length for every value (O(depth^2))."""

    def __init__(self, fh: BinaryIO, path: Path) -> None:
        self.fh, self.path, self.depth = fh, path, 0

    def read(self, size: int = -1) -> bytes:
        data = self.fh.read(size)
        deepest, self.depth = bracket_depth(data, self.depth)
        if deepest > MAX_NESTING:
            raise InputFileError(f"{self.path}: the card file is nested more than {MAX_NESTING} deep")
        return data


def _ijson_message(exc: Exception) -> str:
    text = str(exc).strip() or type(exc).__name__
    return " ".join(text.split())[:300]


def _add_data_item(joiner: FaceJoiner, key: str, value: Any, name: str) -> None:
    """One key of ``data``: a set file's ``cards``, an AllPrintings set, or an AtomicCards card."""
    if key == "cards" and isinstance(value, list):  # a set file
        for i, obj in enumerate(value):
            joiner.add(obj, f"{name}: data.cards[{i}]")
    elif isinstance(value, Mapping) and isinstance(value.get("cards"), list):  # one set of AllPrintings
        for i, obj in enumerate(value["cards"]):
            joiner.add(obj, f"{name}: data.{key}.cards[{i}]")
    elif isinstance(value, list) and value and isinstance(value[0], Mapping) and value[0].get("name") == key:
        joiner.add_atomic(key, value, f"{name}: data[{key!r}]")  # AtomicCards
    # anything else is a set file's other data (tokens, booster, translations, ...): not cards of a deck


def groups_from_json(data: Any, where: str = "<cards>") -> list[tuple[CardGroup, str]]:
    """The cards of already-parsed JSON in any of the shapes above (or a scenario's ``cards:`` list)."""
    joiner = FaceJoiner()
    if isinstance(data, list):
        for i, obj in enumerate(data):
            joiner.add(obj, f"{where}[{i}]")
    elif isinstance(data, Mapping) and isinstance(data.get("data"), Mapping):
        for key, value in data["data"].items():
            _add_data_item(joiner, str(key), value, where)
    else:
        raise CardDataError(f"{where}: expected a list of card objects or an MTGJSON file ({{\"data\": ...}})")
    return joiner.groups()


def read_card_json(path: str | Path) -> Any:
    """A small card file parsed whole (tools that need the raw JSON); large files: read_card_entries."""
    from ecs.input_files import read_text

    return parse_json(read_text(path, "card file", max_bytes=1 << 31), path, "card file")


def load_card_files(paths: Iterable[str | Path], base: CardPool | None = None, *,
                    warn: Callable[[str], None] | None = None) -> CardPool:
    """A pool of the built-in cards (or ``base``) and every card of these files; a card of a later file
    replaces one of the same name from an earlier file, with a warning (``warn``; by default a
    :class:`CardFileWarning`). Cards are compiled when first used."""
    pool = base if base is not None else builtin_pool()
    paths = list(paths)
    if not paths:
        return pool
    warn = warn or (lambda message: warnings.warn(message, CardFileWarning, stacklevel=3))
    defined: dict[str, Path] = {}
    entries: dict[str, CardEntry] = {}
    for path in map(Path, paths):
        for entry in read_card_entries(path):
            earlier = defined.get(entry.name)
            if earlier is not None and earlier != path:
                warn(f"{path}: card {entry.name!r} is also defined in {earlier}; using the one in {path}")
            defined[entry.name] = path
            entries[entry.name] = entry
    return pool.with_entries(entries.values())


def pool_with_objects(objects: Sequence[Mapping[str, Any]], source: str = "<cards>") -> CardPool:
    """The built-in pool plus card objects carried by a save or sent to a worker (external_objects)."""
    if not objects:
        return builtin_pool()
    groups = groups_from_json(list(objects), source)
    return builtin_pool().with_entries(CardEntry(front, faces, where, external=True)
                                       for (front, faces), where in groups)

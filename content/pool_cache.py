"""A cache of compiled cards on disk, so a new process does not compile its decks' cards again (issue 11).

One file per card file in use (the built-in ``content/cards/core.json`` and every ``--cards`` file), in
``$MTG_ECS_CACHE_DIR``, else ``$XDG_CACHE_HOME/mtg-ecs``, else ``~/.cache/mtg-ecs``. Its name carries a key:
a hash of the card file's bytes, of the engine (every source file of ``components/``, ``content/`` and
``systems/`` by path, size and modification time, which covers the compiler and the mechanics' readers) and
of the Python version. A changed card file or engine therefore never reads an old compilation: it reads
another file, or none.

A file holds, per card name, the pickled card or the reason it is refused, and the card file's cards as read from
its JSON (faces joined, printings collapsed), so a later process need not parse the file again. It is read when its
card file is read; cards compiled since are added when the process ends (merged with what other processes added). A
missing, corrupt or unreadable cache is compiled around (a corrupt one is rewritten); a directory that cannot
be written (a cluster worker's read-only home) is skipped without a word. ``MTG_ECS_NO_CACHE=1`` turns the
cache off.
"""

from __future__ import annotations

import atexit
import copyreg
import hashlib
import io
import os
import pickle
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from components.card import CardDef
from ecs.errors import CardDataError

ENV_DIR = "MTG_ECS_CACHE_DIR"
ENV_OFF = "MTG_ECS_NO_CACHE"
FORMAT = 1  # bumped when the layout of a cache file changes
KEEP_PER_FILE = 4  # older caches of the same card file name are deleted when a new one is written
_ROOT = Path(__file__).resolve().parents[1]
_ENGINE_DIRS = ("components", "content", "systems")

if TYPE_CHECKING:
    from content.card_pool import CardGroup

_engine_key: str | None = None
_open: list[CardCache] = []  # caches with cards to add when the process ends


def enabled() -> bool:
    return os.environ.get(ENV_OFF, "").strip().lower() in ("", "0", "false", "no")


def cache_dir() -> Path:
    explicit = os.environ.get(ENV_DIR)
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "mtg-ecs"


def engine_key() -> str:
    """A hash of the engine's sources (path, size, modification time) and the Python version."""
    global _engine_key
    if _engine_key is None:
        build = " compiled" if _COMPILED else ""  # (a compiled build's pickles are its own: ecs/pickling.py)
        digest = hashlib.sha256(f"{FORMAT} {sys.version_info[:3]} {pickle.HIGHEST_PROTOCOL}{build}".encode())
        lines = []
        for top in _ENGINE_DIRS:
            # os.walk and os.stat, not Path.rglob: this runs at every start-up, and rglob took 4 of its 5 ms
            for folder, _, names in os.walk(_ROOT / top):
                relative = os.path.relpath(folder, _ROOT)
                for name in names:
                    if name.endswith(".py"):
                        stat = os.stat(os.path.join(folder, name))
                        lines.append(f"{relative}/{name} {stat.st_size} {stat.st_mtime_ns}\n")
        digest.update("".join(sorted(lines)).encode())
        _engine_key = digest.hexdigest()
    return _engine_key


def file_key(card_file: Path) -> str:
    """The key of a card file's cache: its bytes and the engine."""
    digest = hashlib.sha256(engine_key().encode())
    with card_file.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()[:24]


class CardCache:
    """The compiled cards of one card file: what an earlier process stored, and what this one adds."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.stored: dict[Any, Any] = {}  # card name -> compilation; _groups_key(file name) -> the file's cards
        self.added: dict[Any, Any] = {}
        try:
            with path.open("rb") as fh:
                data = pickle.load(fh)
            if isinstance(data, dict):
                self.stored = data
        except Exception:  # noqa: BLE001 - missing, corrupt or unreadable: compiled around, rewritten at the end
            pass

    def card(self, name: str) -> CardDef | CardDataError | None:
        """The stored compilation of a card (the card, or the reason it is refused), or None."""
        entry = self.stored.get(name)
        if entry is None:
            return None
        try:
            kind, payload = entry
            if kind == "card":
                card = pickle.loads(payload)
                return card if isinstance(card, CardDef) else None
            error_type, message = payload
            if isinstance(error_type, type) and issubclass(error_type, CardDataError):
                return error_type(message)
        except Exception:  # noqa: BLE001 - an entry that does not load is compiled again
            pass
        return None

    def add(self, name: str, result: CardDef | CardDataError) -> None:
        """Remember a compilation, written when the process ends."""
        try:
            if isinstance(result, CardDef):
                self.added[name] = ("card", _dumps(result))
            else:
                self.added[name] = ("error", (type(result), str(result)))
        except Exception:  # noqa: BLE001 - a card that cannot be pickled is simply not cached
            return
        self._to_write()

    def groups(self, file_name: str) -> list[tuple[CardGroup, str]] | None:
        """The card file's cards as ``FaceJoiner.groups`` read them, stored by an earlier process, or None."""
        stored = self.stored.get(_groups_key(file_name))
        if not isinstance(stored, list) or not all(
                isinstance(item, tuple) and len(item) == 2 and isinstance(item[0], tuple) and len(item[0]) == 2
                and isinstance(item[0][0], dict) and isinstance(item[0][1], list) and isinstance(item[1], str)
                for item in stored):
            return None  # missing, or not in the shape written (a damaged file): the card file is parsed again
        return stored

    def add_groups(self, file_name: str, groups: list[tuple[CardGroup, str]]) -> None:
        """Remember the card file's parsed cards (their places name the file: one entry per file name)."""
        self.added[_groups_key(file_name)] = groups
        self._to_write()

    def _to_write(self) -> None:
        if self not in _open:
            if not _open:
                atexit.register(flush)
            _open.append(self)

    def write(self) -> None:
        """Merge what this process added into the file (atomically); skipped quietly if it can't be written."""
        added, self.added = self.added, {}
        if not added:
            return
        try:
            merged: dict[str, Any] = {}
            try:
                with self.path.open("rb") as fh:
                    on_disk = pickle.load(fh)
                if isinstance(on_disk, dict):
                    merged.update(on_disk)  # what other processes added since this one read it
            except Exception:  # noqa: BLE001 - missing or corrupt: replaced
                pass
            merged.update(added)
            import tempfile  # only when writing (start-up: issue 11)

            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(prefix=self.path.name, suffix=".tmp", dir=self.path.parent)
            try:
                with os.fdopen(fd, "wb") as fh:
                    pickle.dump(merged, fh, protocol=pickle.HIGHEST_PROTOCOL)
                os.replace(tmp, self.path)
            except BaseException:
                Path(tmp).unlink(missing_ok=True)
                raise
            self.stored = merged
            _prune(self.path)
        except OSError:
            pass  # not writable (a read-only home on a cluster worker): no cache, no message


def _groups_key(file_name: str) -> tuple[str, str]:
    # Not a string, so no card name can take it. The file name is part of it because each card's place
    # ("cards.json[3]") names the file, and two files with the same bytes share a cache only if their stems match.
    return ("parsed cards", file_name)


def _prune(path: Path) -> None:
    stem = path.name.rsplit("-", 1)[0]
    older = sorted(path.parent.glob(f"{stem}-*.pickle"), key=lambda p: p.stat().st_mtime, reverse=True)
    for old in older[KEEP_PER_FILE:]:
        old.unlink(missing_ok=True)


def for_card_file(card_file: Path) -> CardCache | None:
    """The cache of a card file, or None if caching is off or the file cannot be read."""
    if not enabled():
        return None
    try:
        key = file_key(card_file)
    except OSError:
        return None
    return CardCache(cache_dir() / f"{card_file.stem}-{key}.pickle")


def flush() -> None:
    """Write every cache that has new cards (run when the process ends)."""
    while _open:
        _open.pop().write()


# Cards are pickled whole here: the table that pickles a built-in card by name (ecs/game.py, so that a saved
# Game shares the pool's objects) would make the cache refer to itself.
_DISPATCH = {t: f for t, f in copyreg.dispatch_table.items() if t is not CardDef}
# The engine compiled by mypyc (setup.py): its card definitions are native classes.
_COMPILED = "__mypyc_attrs__" in vars(CardDef)


def _dumps(card: CardDef) -> bytes:
    if _COMPILED:
        from ecs.pickling import dumps

        return dumps(card, _DISPATCH)  # (compiled frozen records need their own pickle: ecs/pickling.py)
    out = io.BytesIO()
    pickler = pickle.Pickler(out, protocol=pickle.HIGHEST_PROTOCOL)
    pickler.dispatch_table = _DISPATCH
    pickler.dump(card)
    return out.getvalue()

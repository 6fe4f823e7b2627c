"""Reading user files and checking output paths, with one clear error for every way they can be bad.

Every reader of user input (deck lists, card files, scenarios, saves) goes through these functions, so
a binary file, a file that is not UTF-8, a byte-order mark, an empty file, JSON nested thousands deep or
a number too long to convert is an :class:`~ecs.errors.InputFileError` naming the file (and the line
and column where there is one), never a traceback. Output paths are checked before a run starts
(:func:`check_output_path`), so a missing folder is reported at once and not after an hour of games.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import numpy as np

from ecs.errors import InputFileError

# A text input (deck list, scenario, save) larger than this is refused instead of read into memory:
# real ones are a few kilobytes. Card files are streamed (content/card_files.py) and have no limit.
MAX_TEXT_BYTES = 64 * 1024 * 1024

_UTF16_BOMS = (b"\xff\xfe", b"\xfe\xff")


def read_text(path: str | Path, what: str, *, max_bytes: int = MAX_TEXT_BYTES) -> str:
    """The text of a UTF-8 file (a byte-order mark is dropped); InputFileError names what is wrong."""
    path = Path(path)
    try:
        size = path.stat().st_size
        if path.is_dir():
            raise InputFileError(f"{path}: is a folder, not a {what}")
        if size > max_bytes:
            raise InputFileError(f"{path}: {size:,} bytes is too large for a {what} "
                                 f"(at most {max_bytes:,})")
        data = path.read_bytes()
    except OSError as exc:
        raise InputFileError(f"{path}: cannot read {what}: {exc.strerror or exc}") from None
    return decode_text(data, path, what)


def decode_text(data: bytes, path: str | Path, what: str) -> str:
    """Bytes of a text file as text: UTF-8 with or without a byte-order mark, nothing else."""
    if data.startswith(_UTF16_BOMS):
        raise InputFileError(f"{path}: the {what} is UTF-16 text; save it as UTF-8")
    if b"\x00" in data:
        raise InputFileError(f"{path}: not a {what}: it is a binary file (it holds NUL bytes)")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[:exc.start].count(b"\n") + 1
        raise InputFileError(f"{path}, line {line}: not a {what}: byte 0x{data[exc.start]:02x} at offset "
                             f"{exc.start} is not UTF-8 text") from None
    if not text.strip():
        raise InputFileError(f"{path}: the {what} is empty")
    return text


def parse_json(text: str, path: str | Path, what: str) -> Any:
    """JSON text as Python values; syntax errors name the line and column."""
    check_nesting(text, path, what)
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputFileError(f"{path}, line {exc.lineno} column {exc.colno}: not a valid JSON {what}: "
                             f"{exc.msg}") from None
    except RecursionError:
        raise InputFileError(f"{path}: the {what} is nested too deeply to read") from None
    except ValueError as exc:  # e.g. an integer with more digits than Python converts (sys.int_info)
        raise InputFileError(f"{path}: not a valid JSON {what}: {exc}") from None


MAX_NESTING = 256  # real files nest about 8 deep; parsers spend O(depth^2) or recurse on deeper ones


def bracket_depth(data: bytes, depth: int = 0) -> tuple[int, int]:
    """(deepest, final) nesting of ``[``/``{`` in these bytes, starting at ``depth``. Brackets inside strings
    count too, which real files keep balanced ("[+1]"), so this only finds files nested absurdly deep,
    cheaply (numpy over the bytes) and before a parser recurses into them."""
    if not data:
        return depth, depth
    chars = np.frombuffer(data, dtype=np.uint8)
    steps = ((chars == 0x5B) | (chars == 0x7B)).astype(np.int64) - ((chars == 0x5D) | (chars == 0x7D))
    levels = depth + np.cumsum(steps)
    return int(levels.max()), int(levels[-1])


def check_nesting(text: str, path: str | Path, what: str) -> None:
    if bracket_depth(text.encode("utf-8", "replace"))[0] > MAX_NESTING:
        raise InputFileError(f"{path}: the {what} is nested more than {MAX_NESTING} deep")


def read_json(path: str | Path, what: str) -> Any:
    """A JSON file (UTF-8, byte-order mark allowed) as Python values, or an InputFileError."""
    return parse_json(read_text(path, what), path, what)


def check_output_path(path: str | Path, option: str) -> Path:
    """Refuse, before any work starts, an output path that can't be written: its folder is missing or not
    writable, or the path is a folder. Returns the path."""
    path = Path(path)
    folder = path.parent if str(path.parent) else Path(".")
    if path.is_dir():
        raise InputFileError(f"{option} {path}: is a folder, not a file")
    if not folder.exists():
        raise InputFileError(f"{option} {path}: the folder {folder} does not exist")
    if not folder.is_dir():
        raise InputFileError(f"{option} {path}: {folder} is not a folder")
    if not os.access(folder, os.W_OK | os.X_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise InputFileError(f"{option} {path}: not writable")
    return path

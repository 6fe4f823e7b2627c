"""Argument types for the command line: numbers are checked when parsed, so a bad option is an
argparse error (exit 2, naming the option) and never a traceback later (a numpy error for a negative
seed, a run that never starts for ``--games 0``)."""

from __future__ import annotations

import argparse
import math

MAX_SEED = 2**63 - 1  # numpy seeds are non-negative; a game's seed is base * 1,000,003 + index


def _integer(text: str) -> int:
    text = text.strip()
    if len(text) > 30:
        raise argparse.ArgumentTypeError(f"{text[:30]}...: too large")
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} must be an integer") from None


def positive_int(text: str) -> int:
    """An integer of at least 1 (--games, --workers, --max-turns, --repeat)."""
    value = _integer(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} must be at least 1")
    return value


def non_negative_int(text: str) -> int:
    value = _integer(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"{value} must be 0 or more")
    return value


def seed_number(text: str) -> int:
    """A seed: an integer from 0 to 2**63 - 1."""
    value = _integer(text)
    if not 0 <= value <= MAX_SEED // 1_000_003 // 8:
        raise argparse.ArgumentTypeError(f"{value} must be from 0 to {MAX_SEED // 1_000_003 // 8}")
    return value


def count_number(text: str) -> float:
    """A positive count that may be written 1e6 (benchmark sizes)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r:.30} must be a number such as 1000 or 1e6") from None
    if not math.isfinite(value) or value < 1 or value > 1e9:
        raise argparse.ArgumentTypeError(f"{text!r:.30} must be from 1 to 1e9")
    return value

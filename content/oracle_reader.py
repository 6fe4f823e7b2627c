"""Compatibility shim: the Oracle reader is now the compiler package :mod:`content.oracle`.

``read_abilities`` and ``UnsupportedCardError`` stay importable from here.
"""

from __future__ import annotations

from content.oracle import UnsupportedCardError, read_abilities
from content.oracle.text import normalise

__all__ = ["UnsupportedCardError", "normalise", "read_abilities"]

"""The Oracle-text compiler: each ability line becomes typed dataclasses (components/abilities.py).

A line is read by the first reader that knows its template: keywords, 'Enchant X', mana abilities,
activated abilities ('[Cost]: [Effect]'), triggered abilities ('When/Whenever/At ...'), static
abilities, and the instructions of instants and sorceries. A card is supported only when every line
compiles; otherwise :class:`UnsupportedCardError` names the first line that could not be read.
Nothing is dropped or approximated.

The compiler itself (content/oracle/compiler.py and the reader modules it imports) is loaded on first use
of one of its names here (PEP 562), not when a submodule such as ``content.oracle.linked`` is imported: a
process that reads all its cards from the compiled-card cache (content/pool_cache.py) never loads it
(issue 11's warm start: the compiler's modules were about a tenth of a warm start's time).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from content.oracle.target_shift import shift_targets  # (light: no compiler behind it)
from ecs.errors import UnsupportedCardError

if TYPE_CHECKING:
    from content.oracle.compiler import (
        SPELL_TYPES,
        ColorDefining,
        LineResult,
        Mode,
        SpellRule,
        compile_line,
        compile_lines,
        compile_text,
        merge_spell_abilities,
        read_abilities,
    )

_COMPILER_NAMES = frozenset({"SPELL_TYPES", "ColorDefining", "LineResult", "Mode", "SpellRule", "compile_line",
                             "compile_lines", "compile_text", "merge_spell_abilities", "read_abilities"})

__all__ = ["SPELL_TYPES", "ColorDefining", "LineResult", "Mode", "SpellRule", "UnsupportedCardError",
           "compile_line", "compile_lines", "compile_text", "merge_spell_abilities", "read_abilities",
           "shift_targets"]


def __getattr__(name: str) -> Any:
    if name in _COMPILER_NAMES:
        from content.oracle import compiler

        value = getattr(compiler, name)
        globals()[name] = value  # later look-ups skip this function
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

"""The clause readers that mechanic modules (systems/mechanics/) register: "Adapt N.", "... phases out.".

They are kept here, apart from the core readers of content/oracle/effects.py, so that a mechanic module can register
its reader without loading the compiler: a game process discovers every mechanic module for its hooks
(content/registry.py), and one whose cards all come from the compiled-card cache never compiles a line (issue 11's
start-up). ``content.oracle.effects.clause`` tries the core readers first, then these in the order their modules
were imported: the order the two kinds of reader always had, as a mechanic module used to load the core readers
before registering its own.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

# (pattern, builder): the builder takes the compiler's Ctx and the match and returns the clause's effects.
RULES: list[tuple[re.Pattern[str], Callable[..., list[Any]]]] = []


def rule(pattern: str) -> Callable[[Callable[..., list[Any]]], Callable[..., list[Any]]]:
    """Register the decorated builder as the reader of clauses that match ``pattern`` whole."""
    def deco(fn: Callable[..., list[Any]]) -> Callable[..., list[Any]]:
        RULES.append((re.compile(pattern), fn))
        return fn
    return deco

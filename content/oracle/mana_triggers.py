"""Triggered mana abilities (CR 605.1b): 'Whenever enchanted land is tapped for mana, its controller adds an
additional one mana of any color.' Executed by systems/mana_triggers.py."""

from __future__ import annotations

import re

from components.mana_spending import TappedForManaExtra

_LINE = re.compile(r"whenever enchanted land is tapped for mana, its controller adds an additional "
                   r"(?P<mana>(?:\{[WUBRGC]\})+|one mana of any color)")
_BITS = {"W": 1, "U": 2, "B": 4, "R": 8, "G": 16, "C": 32}
_LETTERS = {v: k for k, v in _BITS.items()}


def tapped_for_mana_line(low: str, text: str) -> TappedForManaExtra | None:
    m = _LINE.fullmatch(low.rstrip("."))
    if not m:
        return None
    mana = m["mana"]
    produces = (31,) if mana == "one mana of any color" else tuple(_BITS[s] for s in re.findall(r"\{(.)\}", mana))
    return TappedForManaExtra(text, produces)


def tapped_for_mana_text(a: TappedForManaExtra) -> str:
    mana = "one mana of any color" if a.produces == (31,) else "".join("{" + _LETTERS[m] + "}" for m in a.produces)
    return f"Whenever enchanted land is tapped for mana, its controller adds an additional {mana}."

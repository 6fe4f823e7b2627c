"""Loyalty abilities (CR 606, 209.2): "+N: <effect>", "−N: <effect>" and "0: <effect>".

A loyalty ability is an activated ability whose cost is a loyalty symbol (606.2, 606.4): +N puts N
loyalty counters on the permanent, −N removes N (606.6: only with at least N on it), 0 changes
nothing. Oracle text writes the minus as "−" (U+2212); a hyphen is read the same way. Its timing
and once-per-turn limit (606.3) are enforced where activations are offered (systems/casting.py).

The effect text is compiled sentence by sentence: first the templates below (effects the general
compiler has no words for), then whatever the Oracle compiler reads (content/oracle/effects.py).
"""

from __future__ import annotations

import re

from components.abilities import (
    YOU,
    Ability,
    ActivatedAbility,
    Effect,
    LookAtTopPutOne,
    PlayerRef,
    ShuffleIntoLibrary,
)
from components.characteristics import CardType
from content.keywords import READERS

_COST = re.compile(r"([+\-−]?)(\d+): (.+)", re.S)
_NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7}
_LOOK = re.compile(r"look at the top (one|two|three|four|five|\d+) cards? of your library\. "
                   r"put (?:one of them|it) into your graveyard\.?")
_SHUFFLE = re.compile(r"(each player|you) shuffles? (their|your) hand and graveyard into (their|your) library\.?")


def read(line: str, raw: str, name: str, types: CardType) -> Ability | None:
    """A loyalty ability line, or None when ``line`` isn't one (or its effect can't be compiled)."""
    m = _COST.fullmatch(line.strip())
    if not m:
        return None
    sign, amount, body = m.groups()
    loyalty = -int(amount) if sign in ("-", "−") else int(amount)
    if sign == "" and loyalty != 0:
        return None  # "2: ..." is not a loyalty cost; only 0 is written without a sign
    compiled = _effects(body.strip())
    if compiled is None:
        return None
    targets, effects = compiled
    return ActivatedAbility(line.strip(), None, False, targets, effects, sorcery_speed=True, loyalty=loyalty)


def _effects(body: str) -> tuple[tuple, tuple[Effect, ...]] | None:
    """The targets and effects of an effect text, or None if some sentence can't be read."""
    low = re.sub(r"\{[^}]*\}", lambda m: m.group(0).upper(), body.lower())  # mana symbols stay as printed
    effects: list[Effect] = []
    targets: list = []
    ctx = None
    rest = low
    while rest:
        m = _LOOK.match(rest)
        if m:
            n = _NUMBERS.get(m.group(1)) or int(m.group(1))
            effects.append(LookAtTopPutOne(n))
            rest = rest[m.end():].strip()
            continue
        m = _SHUFFLE.match(rest)
        if m:
            who = PlayerRef("each") if m.group(1) == "each player" else YOU
            effects.append(ShuffleIntoLibrary(who))
            rest = rest[m.end():].strip()
            continue
        sentence, dot, after = rest.partition(". ")
        sentence = sentence + ("." if dot else "")
        try:
            from content.oracle.effects import Ctx
            from content.oracle.effects import sentence as compile_sentence

            if ctx is None:
                ctx = Ctx("activated", is_permanent=True)
            effects.extend(compile_sentence(ctx, sentence))
        except Exception:  # noqa: BLE001 - NoParse, or a compiler without these names: not readable
            return None
        rest = after.strip()
    if ctx is not None:
        targets = list(ctx.targets)
    if not effects:
        return None
    return tuple(targets), tuple(effects)


READERS.append(read)

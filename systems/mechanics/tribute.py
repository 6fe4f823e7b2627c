"""Tribute (CR 702.104): "Tribute N", and the "if tribute wasn't paid" triggered abilities.

702.104a: "As this creature enters, choose an opponent. That player may put an additional N +1/+1
counters on it as it enters." (asked by systems/mechanics/entering.py). 702.104b: "When this creature
enters, if tribute wasn't paid, ..." is an ETB triggered ability with an intervening "if" (condition
kind "tribute_not_paid", systems/mechanics/tribute.py); the rest of the line is compiled by the Oracle
compiler as the same ability without the condition.

Rules: Tribute (CR 702.104): "if tribute wasn't paid".

702.104b: the condition is true if the opponent chosen for the tribute ability didn't have the
creature enter with the +1/+1 counters. What happened as it entered is kept on the permanent (``TributePaid``)
(permanent -> paid), set by systems/mechanics/entering.py; a creature that entered without anyone being
asked (see entering.py) had no tribute paid. The record outlives the permanent, so the check on
resolution (603.4) still answers after it has left the battlefield.
"""

from __future__ import annotations

import dataclasses
import re
from typing import TYPE_CHECKING

from components.abilities import Ability, Condition, TriggeredAbility, TriggerKind
from components.characteristics import CardType
from components.designations import TributePaid
from components.keyword_abilities import Tribute
from content import registry

if TYPE_CHECKING:
    from components.abilities import Condition
    from ecs.game import Game


_NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
_TRIBUTE = re.compile(r"tribute (\d+|one|two|three|four|five|six)")
_NOT_PAID = re.compile(r"(when ~ enters(?: the battlefield)?, )if tribute wasn't paid, (.+)", re.S)

TRIBUTE_NOT_PAID = Condition("tribute_not_paid")


def read(line: str, raw: str, name: str, types: CardType) -> Ability | None:
    text = line.strip().replace("’", "'")
    low = text.lower()
    m = _TRIBUTE.fullmatch(low.rstrip("."))
    if m:
        word = m.group(1)
        amount = int(word) if word.isdigit() else _NUMBERS[word]
        return Tribute(f"Tribute {amount}", amount)
    m = _NOT_PAID.fullmatch(low)
    if m:
        return _not_paid_trigger(text, text[:len(m.group(1))] + text[m.start(2):])
    return None


def _not_paid_trigger(text: str, without_condition: str) -> Ability | None:
    """The line compiled without its condition, then given the "tribute wasn't paid" check."""
    from content.oracle import compile_line
    from content.oracle.phrases import NoParse

    try:
        compiled = compile_line(without_condition, is_spell=False)
    except (NoParse, ValueError, KeyError):
        return None
    if len(compiled) != 1 or not isinstance(compiled[0], TriggeredAbility):
        return None
    ability = compiled[0]
    if ability.trigger.kind != TriggerKind.ENTERS or ability.trigger.subject != "self" or ability.condition:
        return None
    return dataclasses.replace(ability, text=text, condition=TRIBUTE_NOT_PAID)


registry.reader(read, priority=170)


# ---------------------------------------------------------------- rules


@registry.condition("tribute_not_paid")
def tribute_not_paid(game: Game, cond: Condition, controller: int, source: int, event_object: int) -> bool:
    paid = game.world.try_get(source, TributePaid) if game.world.exists(source) else None
    return paid is None or not paid.paid

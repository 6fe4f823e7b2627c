"""'If that creature would die this turn, exile it instead.' / 'If a creature dealt damage this way would die this
turn, exile it instead.' (CR 614.1a, 614.6): a replacement effect a resolving spell or ability creates for the rest
of the turn on the objects it names (content/oracle/exile_instead.py reads it, systems/exile_instead.py runs it)."""

from __future__ import annotations

from dataclasses import dataclass

from components.abilities import Effect


@dataclass(frozen=True, slots=True)
class ExileIfDiesThisTurn(Effect):
    """``target``: the object index of "that creature" / "it" (``written`` keeps the words); ``dealt_this_way``:
    instead, each creature the instruction before it dealt damage to (120.3)."""

    target: int = -1
    written: str = "that creature"
    dealt_this_way: bool = False


@dataclass(frozen=True, slots=True)
class DealtThisWay(Effect):
    """'Creatures dealt damage this way can't be regenerated this turn.' (701.15c), 'A creature dealt damage this way
    can't block this turn.' (509.1a): ``what`` "cant_regenerate" or "cant_block"; ``plural`` keeps the wording."""

    what: str
    plural: bool = True

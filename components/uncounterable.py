"""'Creature spells can't be countered.' / 'Spells you control can't be countered.' / 'Green spells your opponents
control can't be countered.' (CR 101.2, 701.6): a static ability that stops spells it names from being countered
(systems/mechanics/uncounterable.py reads it, systems/uncounterable.py answers the counter instructions)."""

from __future__ import annotations

from dataclasses import dataclass

from components.abilities import Ability, PermanentFilter


@dataclass(frozen=True, slots=True)
class UncounterableSpells(Ability):
    """``whose``: "each" (any player's spells), "you" (its controller's) or "opponents"; ``spells``: the spells'
    characteristics (None: every spell); ``noun``: the subject as printed ("Creature spells you control")."""

    text: str
    whose: str
    spells: PermanentFilter | None
    noun: str

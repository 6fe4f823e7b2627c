"""'If one or more +1/+1 counters would be put on a creature you control, that many plus one +1/+1 counters are put on
it instead.' (CR 614.1a, 122.6): a replacement effect of a static ability on each event that puts +1/+1 counters on
a matching permanent, entering with counters included (122.6). systems/mechanics/counter_replacement.py reads it,
systems/counter_replacement.py applies it (systems/counters.add_counters asks)."""

from __future__ import annotations

from dataclasses import dataclass

from components.abilities import Ability, PermanentFilter


@dataclass(frozen=True, slots=True)
class CountersPlusOne(Ability):
    """``affected``: the permanents (seen from the source's controller); ``noun``: their words as printed ("a creature
    you control"); ``pronoun``: how the line names the permanent again ("it", "that permanent")."""

    text: str
    affected: PermanentFilter
    noun: str
    pronoun: str = "it"

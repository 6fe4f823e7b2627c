"""'If one or more +1/+1 counters would be put on a creature you control, that many plus one +1/+1 counters are put on
it instead.' and 'If one or more +1/+1 counters would be put on a permanent you control, ... on that permanent
instead.' (CR 614.1a, 122.6; systems/counter_replacement.py)."""

from __future__ import annotations

import re

from components.characteristics import CardType
from components.counter_replacement import CountersPlusOne
from content import registry

_LINE = re.compile(r"if one or more \+1/\+1 counters would be put on (?P<noun>an? [a-z ]+? you control), that many "
                   r"plus one \+1/\+1 counters are put on (?P<pro>it|that (?:permanent|creature|artifact)) instead",
                   re.IGNORECASE)


def read(line: str, raw: str, name: str, types: CardType) -> CountersPlusOne | None:
    m = _LINE.fullmatch(line.strip().rstrip("."))
    if m is None or int(types) & (CardType.INSTANT | CardType.SORCERY):
        return None
    from content.oracle.lines import _subject
    from content.oracle.phrases import NoParse

    noun = m["noun"]
    try:
        f = _subject("each " + noun.split(" ", 1)[1].lower())
    except NoParse:
        return None
    if f.self_only or f.attached or f.controller != "you" or f.exclude_source:
        return None
    return CountersPlusOne(raw, f, noun, m["pro"])


def render(abilities: list[object]) -> str | None:
    if len(abilities) != 1 or not isinstance(abilities[0], CountersPlusOne):
        return None
    a = abilities[0]
    return (f"If one or more +1/+1 counters would be put on {a.noun}, that many plus one +1/+1 counters are put on "
            f"{a.pronoun} instead.")


registry.reader(read, priority=810)
registry.renderer(render, priority=760)

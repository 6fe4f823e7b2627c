"""Backup (CR 702.165): "Backup N" on its own line of a creature card.

702.165a: "When this creature enters, put N +1/+1 counters on target creature. If that's another creature, it also
gains the non-backup abilities of this creature printed below this one until end of turn." The line reads as that
triggered ability; :func:`link_backup` (called by content.oracle.compile_text once every line is read) fills in the
abilities printed below it (702.165c: only printed ones; 702.165b: a copy keeps their order). A card whose
following abilities can't be granted as a permanent's abilities (systems/granted.py) is refused.
"""

from __future__ import annotations

import dataclasses
import re

from components.abilities import (
    Ability,
    TargetKind,
    TargetSpec,
    TriggerCondition,
    TriggeredAbility,
    TriggerKind,
)
from components.characteristics import CardType
from components.combat_keywords import BackupCounters
from content import registry

_LINE = re.compile(r"backup (\d+)")


def backup(n: int) -> TriggeredAbility:
    return TriggeredAbility(f"Backup {n}", TriggerCondition(TriggerKind.ENTERS), (TargetSpec(TargetKind.CREATURE),),
                            (BackupCounters(n),))


def backup_parts(a: object) -> tuple[TriggeredAbility, BackupCounters] | None:
    """A backup ability and its one effect, or None if ``a`` is not a backup ability."""
    if isinstance(a, TriggeredAbility) and len(a.effects) == 1 and isinstance(a.effects[0], BackupCounters):
        return a, a.effects[0]
    return None


def is_backup(a: object) -> bool:
    return backup_parts(a) is not None


def read(line: str, raw: str, name: str, types: CardType) -> Ability | None:
    m = _LINE.fullmatch(line.strip().rstrip(".").lower())
    if not m or not int(types) & CardType.CREATURE:
        return None
    return backup(int(m.group(1)))


@registry.hook("compile.abilities")
def link_backup(name: str, abilities: list[Ability]) -> list[Ability]:
    """Give each backup ability the non-backup abilities printed below it (702.165a)."""
    if not any(is_backup(a) for a in abilities):
        return abilities
    from components.granting import grantable
    from content.oracle import UnsupportedCardError

    out = list(abilities)
    for i, a in enumerate(abilities):
        parts = backup_parts(a)
        if parts is None:
            continue
        ability, counters = parts
        below = tuple(b for b in abilities[i + 1:] if not is_backup(b))
        for b in below:
            if not grantable(b):
                raise UnsupportedCardError(f"{name}: backup can't grant {getattr(b, 'text', b)!r}")
        effect = dataclasses.replace(counters, grants=below)
        out[i] = dataclasses.replace(ability, effects=(effect,))
    return out


def render(abilities: list[object]) -> str | None:
    parts = backup_parts(abilities[0]) if len(abilities) == 1 else None
    if parts is not None:
        ability, counters = parts
        n = counters.amount
        if dataclasses.replace(ability, effects=(BackupCounters(n),)) == backup(n):
            return f"Backup {n}"
    return None


registry.reader(read, priority=420)
registry.renderer(render, priority=380)

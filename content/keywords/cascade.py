"""Cascade (CR 702.85): "Cascade" on its own line, or "Cascade, cascade" (702.85c: each instance triggers).

702.85a: "When you cast this spell, exile cards from the top of your library until you exile a nonland card whose
mana value is less than this spell's mana value. You may cast that card without paying its mana cost if the
resulting spell's mana value is less than this spell's mana value. Then put all cards exiled this way that weren't
cast on the bottom of your library in a random order." A "when you cast this spell" triggered ability (601.2i) of
two instructions, carried out by systems/keywords/cascade.py.
"""

from __future__ import annotations

from components.abilities import Ability, TriggerCondition, TriggeredAbility, TriggerKind
from components.characteristics import CardType
from components.combat_keywords import CascadeCast, CascadeExile
from content.keywords import READERS, RENDERERS

CASCADE = TriggeredAbility("Cascade", TriggerCondition(TriggerKind.CAST, "cast_self", whose="your"), (),
                           (CascadeExile(), CascadeCast()))  # type: ignore[arg-type]


def read(line: str, raw: str, name: str, types: CardType) -> Ability | tuple[Ability, ...] | None:
    parts = [p.strip() for p in line.strip().rstrip(".").lower().split(",")]
    if not parts or any(p != "cascade" for p in parts):
        return None
    return CASCADE if len(parts) == 1 else tuple(CASCADE for _ in parts)


def render(abilities: list[object]) -> str | None:
    if abilities and all(a == CASCADE for a in abilities):
        return ", ".join(["Cascade"] + ["cascade"] * (len(abilities) - 1))
    return None


READERS.append(read)  # type: ignore[arg-type]
RENDERERS.append(render)

"""Riot (CR 702.136): "Riot" on its own line: the as-enters choice (systems/keywords/riot.py,
systems/keywords/entering.py) and "If you don't, it gains haste": a static ability of the permanent granting haste
while the counter wasn't chosen (condition ``riot_no_counter``)."""

from __future__ import annotations

from components.abilities import Ability, Condition, ContinuousPart, Layer, PermanentFilter, StaticEffect
from components.characteristics import CardType
from components.keywords import Keyword
from content.keywords import READERS, RENDERERS

RIOT = StaticEffect("Riot", PermanentFilter(self_only=True),
                    (ContinuousPart(Layer.ABILITY, keywords_add=int(Keyword.HASTE)),), Condition("riot_no_counter"))


def read(line: str, raw: str, name: str, types: CardType) -> Ability | None:
    if line.strip().rstrip(".").lower() == "riot" and int(types) & CardType.CREATURE:
        return RIOT
    return None


def render(abilities: list[object]) -> str | None:
    return "Riot" if list(abilities) == [RIOT] else None


READERS.append(read)
RENDERERS.append(render)

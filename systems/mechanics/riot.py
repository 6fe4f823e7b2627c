"""Riot (CR 702.136): "Riot" on its own line: the as-enters choice (systems/mechanics/riot.py,
systems/mechanics/entering.py) and "If you don't, it gains haste": a static ability of the permanent granting haste
while the counter wasn't chosen (condition ``riot_no_counter``).

Rules: Riot (CR 702.136a): "You may have this permanent enter with an additional +1/+1 counter on it. If you don't, it
gains haste." (702.136b: each instance works separately.)

The choice is made as it enters (614.12), with the other as-enters choices (systems/mechanics/entering.py): each
instance asks. "It gains haste" is the line's static ability (systems/mechanics/riot.py), which applies unless the
counter was chosen for every riot instance (a ``RiotChoices`` component). A permanent put onto the battlefield where
nobody is asked (entering.py's documented limit) didn't get the counter, so it has haste.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from components.abilities import Ability, Condition, ContinuousPart, Layer, PermanentFilter, StaticEffect
from components.characteristics import CardType
from components.designations import RiotChoices
from components.keywords import Keyword
from content import registry
from systems.counters import add_counters

if TYPE_CHECKING:
    from components.card import CardDef
    from ecs.game import Game


RIOT = StaticEffect("Riot", PermanentFilter(self_only=True),
                    (ContinuousPart(Layer.ABILITY, keywords_add=int(Keyword.HASTE)),), Condition("riot_no_counter"))


def read(line: str, raw: str, name: str, types: CardType) -> Ability | None:
    if line.strip().rstrip(".").lower() == "riot" and int(types) & CardType.CREATURE:
        return RIOT
    return None


def render(abilities: list[object]) -> str | None:
    return "Riot" if list(abilities) == [RIOT] else None


registry.reader(read, priority=480)
registry.renderer(render, priority=440)


# ---------------------------------------------------------------- rules


KIND = "riot_no_counter"


def riot_count(card: CardDef) -> int:
    return sum(1 for a in card.abilities if isinstance(a, StaticEffect) and a.condition == Condition(KIND))


def entered(game: Game, permanent: int, chose_counter: tuple[bool, ...]) -> None:
    game.world.add(permanent, RiotChoices(chose_counter))  # a designation of this object (400.7)
    n = sum(chose_counter)
    if n:
        add_counters(game, permanent, "+1/+1", n)
        game.say(f"{game.name(permanent)} enters with {n} additional +1/+1 counter{'s' if n != 1 else ''} (riot)")
    game.table.mark_changed(sba=False)


@registry.condition(KIND)
def no_counter(game: Game, cond: Condition, controller: int, source: int, event_object: int) -> bool:
    """The haste applies unless every riot instance put its counter on it."""
    chosen = game.world.try_get(source, RiotChoices) if game.world.exists(source) else None
    return chosen is None or not all(chosen.counters)

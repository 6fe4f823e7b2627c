"""Activated abilities whose cost includes the card itself: transmute (CR 702.53), transfigure (702.71) and
reinforce (702.77). Only mana costs are read.

* "Transmute [cost]" (702.53a): "[Cost], Discard this card: Search your library for a card with the same mana
  value as the discarded card, reveal that card, and put it into your hand. Then shuffle your library. Activate
  only as a sorcery." (from the hand, 702.53b).
* "Transfigure [cost]" (702.71a): "[Cost], Sacrifice this permanent: Search your library for a creature card
  with the same mana value as this permanent and put it onto the battlefield. Then shuffle your library.
  Activate only as a sorcery."
* "Reinforce N—[cost]" (702.77a): "[Cost], Discard this card: Put N +1/+1 counters on target creature." (from
  the hand, 702.77b).

The effects are systems/mechanics/card_as_cost.py.

Rules: The effects of transmute (CR 702.53a), transfigure (702.71a) and reinforce (702.77a).

* Transmute / transfigure: a search of the controller's library (701.19) for a card (transfigure: a creature
  card) whose mana value is the mana value of the ability's source card: the card discarded or the permanent
  sacrificed to pay its cost, as it last existed (608.2h; the ability's card on the stack). The card found is
  revealed and put into the hand (transmute) or put onto the battlefield (transfigure); a search for a stated
  quality may find nothing (701.19b); then the library is shuffled. The search itself is the general one
  (systems/oracle_effects.py).
* Reinforce: N +1/+1 counters on the target creature (the general "put counters" effect).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from components.abilities import (
    Ability,
    ActivatedAbility,
    PermanentFilter,
    PutCounters,
    SearchLibrary,
    TargetKind,
    TargetSpec,
)
from components.casting_keywords import ReinforceCounters, SearchSameManaValue
from components.characteristics import CardType
from components.objects import AbilityOnStack
from content import registry
from content.mana import parse_mana_cost

if TYPE_CHECKING:
    from ecs.game import Game
    from systems.effects import EffectContext


_SEARCH = re.compile(r"(transmute|transfigure) ((?:\{[^}]+\})+)", re.I)
_REINFORCE = re.compile(r"reinforce (\d+)\s*[—-]\s*((?:\{[^}]+\})+)", re.I)


def read(line: str, raw: str, name: str, types: CardType) -> Ability | None:
    text = line.strip()
    m = _SEARCH.fullmatch(text)
    if m and "X" not in m.group(2).upper():
        keyword, cost = m.group(1).lower(), m.group(2).upper()
        if keyword == "transfigure":
            if not int(types) & int(CardType.CREATURE):
                return None
            return ActivatedAbility(f"Transfigure {cost}", parse_mana_cost(cost), False, (),
                                    (SearchSameManaValue("transfigure"),), sorcery_speed=True,
                                    sacrifice_self=True)
        return ActivatedAbility(f"Transmute {cost}", parse_mana_cost(cost), False, (),
                                (SearchSameManaValue("transmute"),), sorcery_speed=True,
                                discard_self=True, from_hand=True)
    m = _REINFORCE.fullmatch(text)
    if m and "X" not in m.group(2).upper():
        n, cost = int(m.group(1)), m.group(2).upper()
        return ActivatedAbility(f"Reinforce {n}—{cost}", parse_mana_cost(cost), False,
                                (TargetSpec(TargetKind.CREATURE),), (ReinforceCounters(n),),
                                discard_self=True, from_hand=True)
    return None


def render(abilities: list[object]) -> str | None:
    a = abilities[0] if len(abilities) == 1 else None
    if not isinstance(a, ActivatedAbility) or len(a.effects) != 1:
        return None
    e = a.effects[0]
    if isinstance(e, SearchSameManaValue):
        return f"{e.keyword.capitalize()} {a.mana_cost}"
    if isinstance(e, ReinforceCounters):
        return f"Reinforce {e.amount}—{a.mana_cost}"
    return None


registry.reader(read, priority=590)
registry.renderer(render, priority=550)


# ---------------------------------------------------------------- rules


@registry.executor(SearchSameManaValue)
def search_same_mana_value(game: Game, effect: SearchSameManaValue, ctx: EffectContext) -> None:
    from systems.effects import run_effect

    on_stack = game.world.try_get(ctx.source, AbilityOnStack) if game.world.exists(ctx.source) else None
    if on_stack is None:
        return
    mv = on_stack.card.mana_cost.mana_value()
    if effect.keyword == "transfigure":
        search = SearchLibrary(PermanentFilter(types_any=int(CardType.CREATURE), mana_value_is=mv), "battlefield")
    else:
        search = SearchLibrary(PermanentFilter(mana_value_is=mv), "hand", reveal=True)
    run_effect(game, search, ctx)


@registry.executor(ReinforceCounters)
def reinforce(game: Game, effect: ReinforceCounters, ctx: EffectContext) -> None:
    from systems.effects import run_effect

    run_effect(game, PutCounters("+1/+1", effect.amount, 0), ctx)

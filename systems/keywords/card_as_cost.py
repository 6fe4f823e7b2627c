"""The effects of transmute (CR 702.53a), transfigure (702.71a) and reinforce (702.77a).

* Transmute / transfigure: a search of the controller's library (701.19) for a card (transfigure: a creature
  card) whose mana value is the mana value of the ability's source card: the card discarded or the permanent
  sacrificed to pay its cost, as it last existed (608.2h; the ability's card on the stack). The card found is
  revealed and put into the hand (transmute) or put onto the battlefield (transfigure); a search for a stated
  quality may find nothing (701.19b); then the library is shuffled. The search itself is the general one
  (systems/oracle_effects.py).
* Reinforce: N +1/+1 counters on the target creature (the general "put counters" effect).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from components.abilities import PermanentFilter, PutCounters, SearchLibrary
from components.casting_keywords import ReinforceCounters, SearchSameManaValue
from components.characteristics import CardType
from components.objects import AbilityOnStack
from systems.keywords import executor

if TYPE_CHECKING:
    from ecs.game import Game
    from systems.effects import EffectContext


@executor(SearchSameManaValue)
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


@executor(ReinforceCounters)
def reinforce(game: Game, effect: ReinforceCounters, ctx: EffectContext) -> None:
    from systems.effects import run_effect

    run_effect(game, PutCounters("+1/+1", effect.amount, 0), ctx)

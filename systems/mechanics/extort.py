"""Extort (CR 702.101): "Extort" on its own line.

702.101a: "Whenever you cast a spell, you may pay {W/B}. If you do, each opponent loses 1 life and
you gain life equal to the total life lost this way." The payment is asked as the ability resolves
(systems/mechanics/extort.py). 702.101b: each instance triggers separately.

Rules: Extort (CR 702.101): paying {W/B} as the triggered ability resolves.

702.101a: "you may pay {W/B}. If you do, each opponent loses 1 life and you gain life equal to the
total life lost this way." The controller is asked (a MAY decision) before anything changes; "yes" is
offered only when the cost can be paid now (mana in pool and untapped lands, 601.2g-h rules for
paying costs during resolution, 608.2d).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from components.abilities import Ability, TriggerCondition, TriggeredAbility, TriggerKind
from components.characteristics import CardType
from components.keyword_abilities import ExtortPayment
from content import registry
from content.mana import parse_mana_cost
from ecs.actions import Choose, DecisionKind
from systems.effects import gain_life
from systems.mana import can_pay, pay
from systems.resolution import ask

if TYPE_CHECKING:
    from ecs.game import Game
    from systems.effects import EffectContext


EXTORT = TriggeredAbility(
    "Extort",
    TriggerCondition(TriggerKind.CAST, "filter", None, whose="your"),
    (),
    (ExtortPayment(),),
)


def read(line: str, raw: str, name: str, types: CardType) -> Ability | None:
    if line.strip().rstrip(".").lower() != "extort":
        return None
    return EXTORT


def render(abilities: list[object]) -> str | None:
    """The round trip's text (content/oracle/render.py): the keyword, from the data."""
    return "Extort" if len(abilities) == 1 and abilities[0] == EXTORT else None


registry.reader(read, priority=150)
registry.renderer(render, priority=120)


# ---------------------------------------------------------------- rules


W_OR_B = parse_mana_cost("{W/B}")


@registry.executor(ExtortPayment)
def extort(game: Game, effect: ExtortPayment, ctx: EffectContext) -> None:
    player = ctx.controller
    options = [Choose(True), Choose(False)] if can_pay(game, player, W_OR_B) else [Choose(False)]
    answer = ask(game, player, DecisionKind.MAY, options)
    name = game.player_states[player].name
    if not (isinstance(answer, Choose) and answer.yes):
        game.say(f"{name} doesn't pay for extort")
        return
    paid = pay(game, player, W_OR_B)
    assert paid, "'yes' is only offered when the cost can be paid"
    lost = 0
    for opponent in game.opponents(player):
        game.player_states[opponent].life -= 1
        from systems.history import life_lost

        life_lost(game, opponent, 1)
        lost += 1
        game.say(f"{game.player_states[opponent].name} loses 1 life")
    game.table.mark_players_changed()  # 704.5a reads it: no row changed (systems/state_based._quiet_rows)
    gain_life(game, player, lost)  # the total life lost this way

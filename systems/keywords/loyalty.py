"""Effects of loyalty abilities (CR 606) that the general executors don't know: Jace, the Living
Guildpact's "+1: Look at the top two cards of your library. Put one of them into your graveyard." and
"−8: Each player shuffles their hand and graveyard into their library. ..." (the rest of a loyalty
ability's effects are ordinary effects, systems/effects.py).

The choice among the cards looked at is asked with :func:`systems.resolution.ask` before anything
moves, so the step can be replayed once the answer is in.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from components.abilities import LookAtTopPutOne, ShuffleIntoLibrary
from components.objects import Zone
from ecs.actions import ChooseCard, DecisionKind
from systems.keywords import executor
from systems.resolution import ask
from systems.zones import move, shuffle_library

if TYPE_CHECKING:
    from ecs.game import Game
    from systems.effects import EffectContext

_ZONES = {"hand": Zone.HAND, "graveyard": Zone.GRAVEYARD}


@executor(LookAtTopPutOne)
def look_at_top_put_one(game: Game, effect: LookAtTopPutOne, ctx: EffectContext) -> None:
    """CR 701.16e: the controller looks at the top N cards (fewer if the library is smaller) and puts the
    one they choose into their graveyard; the others stay on top in the same order (401.1)."""
    player = ctx.controller
    top = game.zones[player][Zone.LIBRARY][: effect.amount]
    if not top:
        return  # nothing to look at: the instruction does nothing
    choice = ask(game, player, DecisionKind.PICK_CARD, [ChooseCard(c) for c in top])
    assert isinstance(choice, ChooseCard)
    name = game.card(choice.card).name
    move(game, choice.card, Zone.GRAVEYARD)
    game.say(f"{game.player_states[player].name} looks at the top {len(top)} cards of their library "
             f"and puts {name} into their graveyard")


@executor(ShuffleIntoLibrary)
def shuffle_into_library(game: Game, effect: ShuffleIntoLibrary, ctx: EffectContext) -> None:
    """CR 400.12, 701.20a: each affected player puts every card of those zones into their library, then
    shuffles it (with the game's own generator). Players act in APNAP order (101.4)."""
    kind = effect.player.kind
    if kind == "each":
        players = [(game.active + i) % game.num_players for i in range(game.num_players)]
    elif kind == "you":
        players = [ctx.controller]
    elif kind == "opponents":
        players = [p for p in game.opponents(ctx.controller)]
    else:  # pragma: no cover - the reader produces only the kinds above
        raise ValueError(f"unsupported player reference {effect.player!r}")
    for p in players:
        if game.player_states[p].lost:
            continue
        for zone in effect.zones:
            for card in list(game.zones[p][_ZONES[zone]]):
                move(game, card, Zone.LIBRARY)
        shuffle_library(game, p)
        game.say(f"{game.player_states[p].name} shuffles their {' and '.join(effect.zones)} into their library")

"""Ascend and the city's blessing (CR 702.131).

* 702.131b: a permanent with ascend: any time its controller controls ten or more permanents, they get the
  city's blessing for the rest of the game. The permanents with ascend are noted as they enter
  (``game.ascend_sources``); the count is looked at whenever one enters (systems/zones.py: the only ways a
  player comes to control more permanents are a permanent entering and a change of control), before every
  state check (systems/state_based.py: after control changes) and whenever the condition is asked. With no
  permanent with ascend on the battlefield, nothing is done.
* 702.131a: ascend on an instant or sorcery: as that instruction is followed, if its controller controls ten or
  more permanents, they get the city's blessing.
* 702.131c: the city's blessing is a designation that stays with the player for the rest of the game
  (``game.city_blessing``); the condition ``city_blessing`` ("if you have the city's blessing") asks it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from components.city_blessing import Ascend, AscendInstruction
from systems.keywords import condition, executor

if TYPE_CHECKING:
    from components.abilities import Condition
    from components.card import CardDef
    from ecs.game import Game
    from systems.effects import EffectContext

_HAS: dict[int, tuple[object, bool]] = {}


def has_ascend(card: CardDef) -> bool:
    """Does this card have ascend (a cached look-up per card definition)?"""
    hit = _HAS.get(id(card))
    if hit is None or hit[0] is not card:
        hit = (card, any(isinstance(a, Ascend) for a in card.abilities))
        _HAS[id(card)] = hit
    return hit[1]


def _controls_ten(game: Game, player: int) -> bool:
    t = game.table
    return int(np.count_nonzero(t.controller[: t.n] == player)) >= 10


def _bless(game: Game, player: int) -> None:
    game.city_blessing.add(player)
    game.layers_dirty = True  # "as long as you have the city's blessing" statics
    game.say(f"{game.player_states[player].name} gets the city's blessing")


def check(game: Game) -> None:
    """702.131b: each controller of a permanent with ascend who controls ten or more permanents gets the
    city's blessing."""
    t = game.table
    live = [e for e in game.ascend_sources if e in t.row_of]
    if len(live) != len(game.ascend_sources):
        game.ascend_sources = set(live)
    if not live:
        return
    game.refresh_layers()
    for p in {int(t.get(e, "controller")) for e in live}:
        if p not in game.city_blessing and _controls_ten(game, p):
            _bless(game, p)


def entered(game: Game, ent: int, card: CardDef) -> None:
    """Called as a permanent enters: note it if it has ascend, then look at the counts."""
    if has_ascend(card):
        game.ascend_sources.add(ent)
    if game.ascend_sources:
        check(game)


@executor(AscendInstruction)
def ascend_instruction(game: Game, effect: AscendInstruction, ctx: EffectContext) -> None:
    """702.131a: "If you control ten or more permanents and you don't have the city's blessing, you get the
    city's blessing for the rest of the game." """
    p = ctx.controller
    game.refresh_layers()
    if p not in game.city_blessing and _controls_ten(game, p):
        _bless(game, p)


@condition("city_blessing")
def has_city_blessing(game: Game, cond: Condition, controller: int, source: int, event_object: int) -> bool:
    """702.131c: "if you have the city's blessing" (negated by check_condition for "don't have")."""
    if game.ascend_sources and controller not in game.city_blessing:
        check(game)  # 702.131b: "any time": it may be due right now
    return controller in game.city_blessing

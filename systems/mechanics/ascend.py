"""Ascend (CR 702.131): "Ascend" on its own line.

On a permanent (702.131b) it reads as the static ability :class:`Ascend`; on an instant or sorcery (702.131a)
as the spell instruction :class:`AscendInstruction`. The condition "you have the city's blessing" (702.131c,
kind ``city_blessing``) is read by content/oracle/conditions.py; systems/mechanics/ascend.py runs all of it.

Rules: Ascend and the city's blessing (CR 702.131).

* 702.131b: a permanent with ascend: any time its controller controls ten or more permanents, they get the
  city's blessing for the rest of the game. The permanents with ascend are noted as they enter
  (``AscendState.sources``); the count is looked at whenever one enters (systems/zones.py: the only ways a
  player comes to control more permanents are a permanent entering and a change of control), before every
  state check (systems/state_based.py: after control changes) and whenever the condition is asked. With no
  permanent with ascend on the battlefield, nothing is done.
* 702.131a: ascend on an instant or sorcery: as that instruction is followed, if its controller controls ten or
  more permanents, they get the city's blessing.
* 702.131c: the city's blessing is a designation that stays with the player for the rest of the game
  (``AscendState.blessed``); the condition ``city_blessing`` ("if you have the city's blessing") asks it.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

import numpy as np

from components.abilities import Ability, Condition, SpellAbility
from components.characteristics import CardType
from components.city_blessing import Ascend, AscendInstruction
from content import registry

if TYPE_CHECKING:
    from components.abilities import Condition
    from components.card import CardDef
    from ecs.game import Game
    from systems.effects import EffectContext


_SPELL = int(CardType.INSTANT | CardType.SORCERY)


def read(line: str, raw: str, name: str, types: CardType) -> Ability | None:
    if line.strip().rstrip(".").lower() != "ascend":
        return None
    if int(types) & _SPELL:
        return SpellAbility("Ascend", (), (AscendInstruction(),))
    return Ascend()


def render(abilities: list[object]) -> str | None:
    if len(abilities) != 1:
        return None
    a = abilities[0]
    if isinstance(a, Ascend) or isinstance(a, SpellAbility) and a.effects == (AscendInstruction(),) and not a.targets:
        return "Ascend"
    return None


@registry.hook("compile.condition")
def condition(text: str) -> Condition | None:
    """702.131c: "if you have the city's blessing" / "if you don't have the city's blessing"."""
    if text in ("you have the city's blessing", "you don't have the city's blessing"):
        return Condition("city_blessing", negate="don't" in text)
    return None


@registry.hook("render.condition")
def condition_words(c: Condition) -> str | None:
    if c.kind != "city_blessing":
        return None
    return "you don't have the city's blessing" if c.negate else "you have the city's blessing"


registry.reader(read, priority=750)
registry.renderer(render, priority=700)


# ---------------------------------------------------------------- rules


@dataclasses.dataclass(slots=True)
class AscendState:
    """Ascend's own record in a game (``Game.mechanic_state["ascend"]``)."""

    sources: set[int] = dataclasses.field(default_factory=set)  # permanents with ascend (702.131b)
    blessed: set[int] = dataclasses.field(default_factory=set)  # players with the city's blessing (702.131c)


def state(game: Game) -> AscendState:
    """This game's record of ascend, made on first use."""
    found = game.mechanic_state.get("ascend")
    if found is None:
        found = game.mechanic_state["ascend"] = AscendState()
    return found


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
    state(game).blessed.add(player)
    game.table.mark_changed(sba=False)  # "as long as you have the city's blessing" statics
    game.say(f"{game.player_states[player].name} gets the city's blessing")


def check(game: Game) -> None:
    """702.131b: each controller of a permanent with ascend who controls ten or more permanents gets the
    city's blessing."""
    t = game.table
    live = [e for e in state(game).sources if e in t.row_of]
    if len(live) != len(state(game).sources):
        state(game).sources = set(live)
    if not live:
        return
    game.refresh_layers()
    for p in {int(t.get(e, "controller")) for e in live}:
        if p not in state(game).blessed and _controls_ten(game, p):
            _bless(game, p)


def entered(game: Game, ent: int, card: CardDef) -> None:
    """Called as a permanent enters: note it if it has ascend, then look at the counts."""
    if has_ascend(card):
        state(game).sources.add(ent)
    if state(game).sources:
        check(game)


@registry.executor(AscendInstruction)
def ascend_instruction(game: Game, effect: AscendInstruction, ctx: EffectContext) -> None:
    """702.131a: "If you control ten or more permanents and you don't have the city's blessing, you get the
    city's blessing for the rest of the game." """
    p = ctx.controller
    game.refresh_layers()
    if p not in state(game).blessed and _controls_ten(game, p):
        _bless(game, p)


@registry.condition("city_blessing")
def has_city_blessing(game: Game, cond: Condition, controller: int, source: int, event_object: int) -> bool:
    """702.131c: "if you have the city's blessing" (negated by check_condition for "don't have")."""
    if state(game).sources and controller not in state(game).blessed:
        check(game)  # 702.131b: "any time": it may be due right now
    return controller in state(game).blessed


@registry.hook("card.uses")
def _uses(card: CardDef) -> bool:
    return has_ascend(card)


@registry.hook("zones.entered")
def _entered(game: Game, ent: int, card: CardDef) -> None:
    if state(game).sources or card.abilities and has_ascend(card):
        entered(game, ent, card)  # 702.131b: ten or more permanents with a permanent with ascend


@registry.hook("sba.before")
def _state_check(game: Game) -> None:
    if state(game).sources:
        check(game)  # 702.131b: "any time" (after a change of control too)

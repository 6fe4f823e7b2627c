"""Start your engines! (CR 702.179) and max speed (CR 702.178).

"Start your engines!" reads as the static ability :class:`StartYourEngines`. "Max speed — [Ability]" means "As
long as your speed is 4, this object has [Ability]" (702.178a): the ability is compiled and given the
condition ``max_speed``: a static ability applies only while it holds (611.3a, the same as "as long as"), an
activated ability can be activated only while it holds (the ability doesn't exist otherwise, 702.178a; once
activated it resolves independently of its source, 113.7a). Max speed triggered and mana abilities are not
read (an intervening "if" would differ from an ability that doesn't exist). systems/mechanics/speed.py.

Rules: Start your engines!, speed and max speed (CR 702.178, 702.179).

* 702.179b: players have no speed until a rule sets it (``SpeedState.speeds``: player -> speed; absent: no speed).
* 702.179a, 704.5z: a player who controls a permanent with start your engines! and has no speed gets speed 1,
  a state-based action. The permanents with it are noted as they enter (``SpeedState.sources``,
  systems/zones.py); the check runs with the state checks (systems/state_based.py) and costs nothing while no
  such permanent was ever on the battlefield.
* 702.179d: the inherent triggered ability of a player with speed 1 or more, controlled by that player and
  with no source: "Whenever one or more opponents lose life during your turn, if your speed is less than 4,
  your speed increases by 1. This ability triggers only once each turn." systems/history.py ``life_lost``
  calls :func:`life_lost` (life lost by damage, by an instruction or by paying life, 119.3-119.4); the ability
  waits with the other triggered abilities (603.3) and uses the stack; its "if" is checked again as it
  resolves (603.4).
* 702.179e, 702.178a: "max speed" is speed 4; the condition ``max_speed`` of "Max speed — [ability]".
* 702.179f: a player with no speed has speed 0 for effects that refer to it.
"""

from __future__ import annotations

import dataclasses
import re
from typing import TYPE_CHECKING

from components.abilities import (
    Ability,
    ActivatedAbility,
    Condition,
    StaticEffect,
    TriggerCondition,
    TriggeredAbility,
    TriggerKind,
)
from components.characteristics import CardType
from components.speed import IncreaseSpeed, StartYourEngines
from content import registry

if TYPE_CHECKING:
    from components.card import CardDef
    from ecs.game import Game
    from systems.effects import EffectContext


MAX_SPEED = Condition("max_speed")
_MAX = re.compile(r"max speed\s*[—-]\s*(?P<rest>.+)", re.I)


def read(line: str, raw: str, name: str, types: CardType) -> Ability | None:
    text = line.strip()
    if text.lower().rstrip(".") == "start your engines!":
        return StartYourEngines()
    m = _MAX.fullmatch(text)
    if not m or int(types) & int(CardType.INSTANT | CardType.SORCERY):
        return None
    from content.oracle import compile_line
    from content.oracle.phrases import NoParse

    try:
        inner = compile_line(m["rest"], is_spell=False)
    except NoParse:
        return None
    if len(inner) != 1:
        return None
    a = inner[0]
    if isinstance(a, StaticEffect | ActivatedAbility) and a.condition is None:
        return dataclasses.replace(a, condition=MAX_SPEED)
    return None


def render(abilities: list[object]) -> str | None:
    if len(abilities) != 1:
        return None
    a = abilities[0]
    if isinstance(a, StartYourEngines):
        return "Start your engines!"
    if isinstance(a, StaticEffect | ActivatedAbility) and a.condition == MAX_SPEED:
        from content.oracle.render import render_line

        return "Max speed — " + render_line([dataclasses.replace(a, condition=None)])
    return None


registry.reader(read, priority=760)
registry.renderer(render, priority=710)


# ---------------------------------------------------------------- rules


MAX = 4  # 702.179e
@dataclasses.dataclass(slots=True)
class SpeedState:
    """Start your engines!'s own record in a game (``Game.mechanic_state["speed"]``)."""

    speeds: dict[int, int] = dataclasses.field(default_factory=dict)  # player -> speed (702.179b: none until set)
    sources: set[int] = dataclasses.field(default_factory=set)  # permanents with start your engines! (702.179a)


def state(game: Game) -> SpeedState:
    """This game's record of speed, made on first use."""
    found = game.mechanic_state.get("speed")
    if found is None:
        found = game.mechanic_state["speed"] = SpeedState()
    return found


_HAS: dict[int, tuple[object, bool]] = {}
_CARD: list[CardDef] = []


def has_engines(card: CardDef) -> bool:
    """Does this card have start your engines! (a cached look-up per card definition)?"""
    hit = _HAS.get(id(card))
    if hit is None or hit[0] is not card:
        hit = (card, any(isinstance(a, StartYourEngines) for a in card.abilities))
        _HAS[id(card)] = hit
    return hit[1]


def speed(game: Game, player: int) -> int:
    """702.179f: the player's speed, 0 when they have none."""
    return state(game).speeds.get(player, 0)


def _set(game: Game, player: int, value: int) -> None:
    state(game).speeds[player] = value
    if "speed" not in game.mechanics:  # an effect of another card did it: from now on this game runs speed's hooks
        game.enable_mechanics(frozenset({"speed"}))
    game.table.mark_changed(sba=False)  # "Max speed —" static abilities (702.178a)
    game.say(f"{game.player_states[player].name}'s speed is now {value}")


def check(game: Game) -> None:
    """704.5z: a player who controls a permanent with start your engines! and has no speed gets speed 1."""
    t = game.table
    live = [e for e in state(game).sources if e in t.row_of]
    if len(live) != len(state(game).sources):
        state(game).sources = set(live)
    if not live:
        return
    game.refresh_layers()
    for p in sorted({int(t.get(e, "controller")) for e in live}):
        if p not in state(game).speeds:
            _set(game, p, 1)


def entered(game: Game, ent: int, card: CardDef) -> None:
    """Called as a permanent with start your engines! enters; the state check gives the speed (704.5z)."""
    state(game).sources.add(ent)
    game.table.mark_changed(layers=False)


def _speed_card() -> CardDef:
    if not _CARD:
        from components.card import CardDef
        from components.characteristics import Color, ManaCost, TypeLine

        ability = TriggeredAbility("Whenever one or more opponents lose life during your turn, if your speed is less "
                                   "than 4, your speed increases by 1. This ability triggers only once each turn.",
                                   TriggerCondition(TriggerKind.BEGINNING_OF_STEP), (), (IncreaseSpeed(),),
                                   condition=Condition("speed_below_max"))
        _CARD.append(CardDef("Speed", ManaCost((), False), Color(0), TypeLine(), None, None, None, "", (ability,), 0))
    return _CARD[0]


def life_lost(game: Game, player: int) -> None:
    """702.179d: ``player`` lost life; the active player's speed ability may trigger (once each turn)."""
    from components.objects import PendingTrigger

    me = game.active
    speeds = state(game).speeds
    if player == me or me not in speeds or speeds[me] >= MAX or player not in game.opponents(me):
        return
    fired = game.turn_log.this.setdefault("speed_triggered", set())
    if me in fired:
        return
    fired.add(me)
    game.trigger_uid += 1
    game.waiting_triggers.append(PendingTrigger(game.trigger_uid, game.players[me], _speed_card(), 0, me))


@registry.executor(IncreaseSpeed)
def increase_speed(game: Game, effect: IncreaseSpeed, ctx: EffectContext) -> None:
    """702.179d: "your speed increases by 1" (702.179c: from no speed it becomes 1); never above 4."""
    p = ctx.controller
    _set(game, p, min(MAX, speed(game, p) + 1))


@registry.condition("speed_below_max")
def below_max(game: Game, cond: Condition, controller: int, source: int, event_object: int) -> bool:
    return speed(game, controller) < MAX  # 702.179d: "if your speed is less than 4"


@registry.condition("max_speed")
def max_speed(game: Game, cond: Condition, controller: int, source: int, event_object: int) -> bool:
    return speed(game, controller) >= MAX  # 702.178a, 702.179e


@registry.hook("card.uses")
def _uses(card: CardDef) -> bool:
    return has_engines(card)


@registry.hook("zones.entered")
def _entered(game: Game, ent: int, card: CardDef) -> None:
    if card.abilities and has_engines(card):
        entered(game, ent, card)  # 702.179a, 704.5z: its controller's speed becomes 1


@registry.hook("sba.before")
def _state_check(game: Game) -> None:
    if state(game).sources:
        check(game)  # 704.5z: start your engines! gives speed 1


@registry.hook("life.lost")
def _life_lost(game: Game, player: int) -> None:
    if state(game).speeds:
        life_lost(game, player)  # 702.179d: the speed ability may trigger

"""Day and night (CR 728) with daybound and nightbound (702.145).

* 728.1: the game starts with neither designation; once it is day or night it stays one of the two.
  ``DayNightState.now`` is "", "day" or "night".
* 728.2, 502.2: as the second part of the untap step, if it's day and the previous turn's active player cast no
  spells that turn, it becomes night; if it's night and they cast two or more, it becomes day
  (:func:`untap_check`, called by systems/turn.py; the spells are last turn's history, systems/history.py).
* 702.145b-c: as it becomes night, each permanent with daybound that is front face up transforms; 702.145e-f: as
  it becomes day, each permanent with nightbound that is back face up transforms. A daybound permanent that
  would enter at night enters transformed (:func:`enters_at_night`, before it enters).
* 702.145d: a permanent with daybound on the battlefield while it's neither day nor night makes it day;
  702.145g: one with nightbound does so for night when no permanent has daybound. "If it's neither day nor
  night, it becomes day as ~ enters" (728.1). These are checked as such a permanent enters (:func:`entered`).
* 728.1a: "whenever day becomes night or night becomes day" (not when the game first gets a designation).
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from components.abilities import TriggerKind
from components.double_faced import DayAsEnters, Daybound, Nightbound
from content import registry

if TYPE_CHECKING:
    from components.card import CardDef
    from ecs.game import Game

@dataclasses.dataclass(slots=True)
class DayNightState:
    """Day and night's own record in a game (``Game.mechanic_state["day_night"]``)."""

    now: str = ""  # "day", "night" or "" (neither, 728.1)
    sources: set[int] = dataclasses.field(default_factory=set)  # permanents with daybound or nightbound (702.145)


def state(game: Game) -> DayNightState:
    """This game's record of day_night, made on first use."""
    found = game.mechanic_state.get("day_night")
    if found is None:
        found = game.mechanic_state["day_night"] = DayNightState()
    return found


_KINDS = (Daybound, Nightbound, DayAsEnters)
_CACHE: dict[int, tuple[CardDef, int]] = {}


def _flags(card: CardDef) -> int:
    """Bits: 1 daybound, 2 nightbound, 4 "it becomes day as ~ enters" (cached per card definition)."""
    hit = _CACHE.get(id(card))
    if hit is not None and hit[0] is card:
        return hit[1]
    flags = 0
    for a in card.abilities:
        if isinstance(a, Daybound):
            flags |= 1
        elif isinstance(a, Nightbound):
            flags |= 2
        elif isinstance(a, DayAsEnters):
            flags |= 4
    _CACHE[id(card)] = (card, flags)
    return flags


def concerns(card: CardDef) -> bool:
    """Does this card's entering matter to day and night?"""
    return _flags(card) != 0


def enters_at_night(game: Game, ent: int) -> None:
    """702.145b: "If it is night and this permanent is represented by a transforming double-faced card, it
    enters transformed" (its back face up as it enters, 712.14a)."""
    co = game.obj(ent)
    card = co.card
    if co.printed is None and card.layout == "transform" and len(card.faces) == 2 and _flags(card) & 1:
        game.set_card(ent, card.faces[1], card)


def entered(game: Game, ent: int) -> None:
    """A permanent with daybound, nightbound or "it becomes day as ~ enters" entered (702.145d, 702.145g)."""
    flags = _flags(game.card(ent))
    state(game).sources.add(ent)
    if state(game).now:
        if state(game).now == "night" and flags & 1 or state(game).now == "day" and flags & 2:
            _turn(game, [ent], state(game).now)  # 702.145c, 702.145f: the wrong face up for the time of day
        return
    if flags & 5:
        become(game, "day")
    elif flags & 2 and not any(_flags(game.card(e)) & 1 for e in _sources(game)):
        become(game, "night")


def _sources(game: Game) -> list[int]:
    """The permanents with day/night abilities that are still on the battlefield."""
    t = game.table
    live = [e for e in state(game).sources if e in t.row_of]
    state(game).sources = set(live)
    return live


def _turn(game: Game, ents: list[int], now: str) -> None:
    """702.145c, 702.145f: transform each daybound permanent front face up at night / nightbound back face up by day."""
    from systems.mechanics.double_faced import is_transformed, transform

    for ent in ents:
        if ent not in game.table.row_of:
            continue
        flags = _flags(game.card(ent))
        if now == "night" and flags & 1 and not is_transformed(game, ent) or now == "day" and flags & 2 and is_transformed(game, ent):
            transform(game, ent, by_day_night=True)


def become(game: Game, now: str) -> None:
    """It becomes day or night (728.1)."""
    before = state(game).now
    if before == now:
        return
    state(game).now = now
    if "day_night" not in game.mechanics:  # an effect of another card did it: from now on this game runs day_night's hooks
        game.enable_mechanics(frozenset({"day_night"}))
    game.say(f"it becomes {now}")
    _turn(game, sorted(_sources(game)), now)
    if before and game.trigger_sources:
        _changed(game)  # 728.1a: day becomes night / night becomes day


def _changed(game: Game) -> None:
    from systems.triggers import _add, triggers_of_kind

    for source, card, controller, index, ability in triggers_of_kind(game, TriggerKind.DAY_NIGHT):
        _add(game, source, card, index, ability, controller)


def untap_check(game: Game) -> None:
    """728.2 (502.2): the previous turn's active player's spells decide whether day and night change."""
    last = game.turn_log.last
    if not state(game).now or "active" not in last:
        return  # 728.2c: neither day nor night: no check
    cast = int((last.get("spells") or {}).get(last["active"], 0))
    if state(game).now == "day" and cast == 0:
        become(game, "night")  # 728.2a
    elif state(game).now == "night" and cast >= 2:
        become(game, "day")  # 728.2b


@registry.hook("card.uses")
def _uses(card: CardDef) -> bool:
    return concerns(card)  # daybound, nightbound (702.145), "it becomes day as ~ enters"


@registry.hook("zones.entering")
def _entering(game: Game, ent: int) -> None:
    if state(game).now == "night":
        enters_at_night(game, ent)  # 702.145b: a daybound card enters transformed at night


@registry.hook("zones.entered")
def _entered(game: Game, ent: int, card: CardDef) -> None:
    if concerns(card):  # a cached look-up per card definition
        entered(game, ent)  # 702.145d, 702.145g, 728.1: it may become day or night


@registry.hook("turn.untap")
def _untap(game: Game) -> None:
    if state(game).now:
        untap_check(game)  # 502.2, 728.2: day and night may change

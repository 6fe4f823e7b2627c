"""Saga chapter abilities (CR 714.2): "I — [Effect]", "I, II — [Effect]".

714.2b: "{rN}—[Effect]" means "When one or more lore counters are put onto this Saga, if the number of lore
counters on it was less than N and became at least N, [effect]"; 714.2c: "{rN1}, {rN2}—[Effect]" is one such
ability per numeral. Each is a TriggeredAbility of kind CHAPTER with its number in ``trigger.nth``; the effect is
read like any triggered ability's. The rules (lore counters, 714.3; the sacrifice, 714.4) are
systems/mechanics/saga.py.

Rules: Sagas (CR 714): lore counters and chapter abilities.

* 714.3a: as a Saga enters the battlefield, its controller puts a lore counter on it (:func:`entered`).
* 714.3b, 505.4: as a player's precombat main phase begins, they put a lore counter on each Saga they control
  (:func:`precombat_main`, a turn-based action called by systems/turn.py ``begin_step``).
* 714.2b: a chapter ability N triggers when lore counters are put on the Saga and their number goes from less
  than N to at least N (:func:`lore_added`, called by systems/counters.py for every "lore" counter put on a
  permanent, proliferate included).
* 714.4, 704.5s: a Saga with at least its final chapter number of lore counters (714.2d) that isn't the source of
  a chapter ability that has triggered but not yet left the stack is sacrificed (:func:`to_sacrifice`, asked by
  systems/state_based.py once a Saga has been on the battlefield).
"""

from __future__ import annotations

import dataclasses
import re
from typing import TYPE_CHECKING

from components.abilities import TriggerCondition, TriggeredAbility, TriggerKind
from components.characteristics import CardType
from components.objects import AbilityOnStack, Counter, Step
from content import registry
from systems.counters import add_counters
from systems.state_based import subtype_rows

if TYPE_CHECKING:
    from components.card import CardDef
    from ecs.game import Game


ROMAN = {"I": 1, "II": 2, "III": 3, "IV": 4, "V": 5, "VI": 6}
NUMERAL = {v: k for k, v in ROMAN.items()}
_NAMED = re.compile(r"([A-Z][\w'’-]*(?: [\w'’-]+){0,4}) [—-] (.+)", re.S)
_CHAPTERS = re.compile(r"((?:I|II|III|IV|V|VI)(?:, (?:I|II|III|IV|V|VI))*) [—-] (.+)", re.S)


def read(line: str, raw: str, name: str, types: CardType) -> tuple[TriggeredAbility, ...] | None:
    m = _CHAPTERS.fullmatch(line.strip())
    if not m or not types & CardType.ENCHANTMENT:
        return None
    from content.oracle.lines import _triggered_body
    from content.oracle.phrases import NoParse
    from content.oracle.text import lower

    numbers = [ROMAN[n] for n in m.group(1).split(", ")]
    if numbers != sorted(set(numbers)):
        return None
    body = lower(m.group(2).strip())
    named = _NAMED.match(m.group(2).strip())
    if named and named.group(1).startswith("Choose "):
        named = None  # "Choose one —" begins a modal chapter (700.2)
    if named:
        body = lower(named.group(2).strip())  # "I — Lunge — ...": the chapter's name is a flavor word (207.2d)
    try:
        return tuple(_triggered_body(line.strip(), TriggerCondition(TriggerKind.CHAPTER, "self", nth=n), "self", body)
                     for n in numbers)
    except NoParse:
        return None


def render(abilities: list[object]) -> str | None:
    if not abilities or not all(isinstance(a, TriggeredAbility) and a.trigger.kind == TriggerKind.CHAPTER
                                for a in abilities):
        return None
    import dataclasses

    from content.oracle.render import render_line

    first = abilities[0]
    assert isinstance(first, TriggeredAbility)
    # The effect as any triggered ability writes it, after its trigger: "When ~ enters, <effect>".
    shown = render_line([dataclasses.replace(first, trigger=TriggerCondition(TriggerKind.ENTERS, "self"))])
    prefix = "When ~ enters, "
    if not shown.startswith(prefix):
        return None
    body = shown[len(prefix):]
    numerals = ", ".join(NUMERAL[a.trigger.nth] for a in abilities)  # type: ignore[attr-defined]
    m = _CHAPTERS.fullmatch(first.text.strip())
    named = _NAMED.match(m.group(2).strip()) if m else None
    name = f"{named.group(1)} — " if named and not named.group(1).startswith("Choose ") else ""  # the flavor word as printed (207.2d)
    return f"{numerals} — {name}{body[:1].upper()}{body[1:]}"


registry.reader(read, priority=740)
registry.renderer(render, priority=690)


# ---------------------------------------------------------------- rules


@dataclasses.dataclass(slots=True)
class SagaState:
    """Sagas' own record in a game (``Game.mechanic_state["saga"]``)."""

    entered: bool = False  # a Saga has entered the battlefield: look for lore counters and 704.5s from now on


def state(game: Game) -> SagaState:
    """This game's record of saga, made on first use."""
    found = game.mechanic_state.get("saga")
    if found is None:
        found = game.mechanic_state["saga"] = SagaState()
    return found


def _any_entered(game: Game) -> bool:
    found = game.mechanic_state.get("saga")
    return found is not None and bool(found.entered)


_FINAL: dict[int, tuple[CardDef, int]] = {}


def final_chapter(card: CardDef) -> int:
    """714.2d: the greatest chapter number among its chapter abilities (0 with none)."""
    hit = _FINAL.get(id(card))
    if hit is not None and hit[0] is card:
        return hit[1]
    n = max((a.trigger.nth for a in card.abilities
             if isinstance(a, TriggeredAbility) and a.trigger.kind == TriggerKind.CHAPTER), default=0)
    _FINAL[id(card)] = (card, n)
    return n


def is_saga(card: CardDef) -> bool:
    return "Saga" in card.type_line.subtypes


def entered(game: Game, ent: int) -> None:
    """714.3a: it enters with a lore counter (put on it as it enters, so chapter I triggers, 122.6)."""
    state(game).entered = True
    add_counters(game, ent, "lore", 1)


def precombat_main(game: Game) -> None:
    """714.3b: the active player puts a lore counter on each Saga they control."""
    t = game.table
    for ent in t.entity[:t.n][t.controller[:t.n] == game.active].tolist():
        if is_saga(game.card(ent)):
            add_counters(game, ent, "lore", 1)
            game.say(f"{game.name(ent)} gets a lore counter")


def lore_added(game: Game, ent: int, before: int, after: int) -> None:
    """714.2b: each chapter ability whose number N has before < N <= after triggers."""
    from systems.triggers import _add

    t = game.table
    row = t.row_of.get(ent)
    if row is None or t.no_abilities[row]:
        return
    card = game.card(ent)
    controller = int(t.controller[row])
    for index, a in enumerate(card.abilities):
        if isinstance(a, TriggeredAbility) and a.trigger.kind == TriggerKind.CHAPTER and before < a.trigger.nth <= after:
            _add(game, ent, card, index, a, controller, ent)


def _chapter_pending(game: Game, ent: int) -> bool:
    for pt in game.waiting_triggers:
        if pt.source == ent:
            return True
    for obj in game.stack:
        ab = game.world.try_get(obj, AbilityOnStack)
        if ab is not None and ab.source == ent:
            a = ab.card.abilities[ab.index]
            if isinstance(a, TriggeredAbility) and a.trigger.kind == TriggerKind.CHAPTER:
                return True
    return False


def to_sacrifice(game: Game) -> list[int]:
    """714.4: the Sagas whose lore counters reached their final chapter number, with no chapter ability of theirs
    waiting or on the stack."""
    t = game.table
    out = []
    for row in subtype_rows(game, "Saga"):
        ent = int(t.entity[row])
        if _lore(game, ent) >= final_chapter(game.card(ent)) and not _chapter_pending(game, ent):
            out.append(ent)
    return out


def _lore(game: Game, ent: int) -> int:
    key = (ent, "lore")
    return game.world.get(game.counters[key], Counter).count if key in game.counters else 0


@registry.hook("card.uses")
def _uses(card: CardDef) -> bool:
    return is_saga(card)


@registry.hook("zones.entered")
def _entered(game: Game, ent: int, card: CardDef) -> None:
    if is_saga(card):
        entered(game, ent)  # 714.3a: it enters with a lore counter


_PRECOMBAT_MAIN = Step.PRECOMBAT_MAIN  # (a module constant: an enum class look-up is slow on Python 3.11, at every step)


@registry.hook("turn.step_began")
def _step_began(game: Game, step: Step) -> None:
    if step == _PRECOMBAT_MAIN and _any_entered(game):
        precombat_main(game)  # 505.4, 714.3b: a lore counter on each Saga the active player controls


@registry.hook("counters.added")
def _counters_added(game: Game, obj: int, kind: str, before: int, after: int) -> None:
    if kind == "lore" and _any_entered(game):
        lore_added(game, obj, before, after)  # 714.2b: chapter abilities


@registry.hook("stack.ability_left")
def _ability_left(game: Game) -> None:
    """704.5s reads the stack: with a chapter ability gone, a Saga past its final chapter may be sacrificed now, so a
    state check is due even if the ability changed nothing else (systems/stack.py remove_ability). No row changed:
    the check of the rows alone asks the hook below afresh (systems/state_based._quiet_rows)."""
    game.table.mark_players_changed()


@registry.hook("sba.sacrifice")
def _sacrifice(game: Game) -> list[int]:
    return to_sacrifice(game) if _any_entered(game) else []  # 704.5s, 714.4

"""Phasing (CR 702.26): the keyword "Phasing" and the instruction "[permanent] phases out".

"Phasing" reads as the static ability :class:`Phasing`; "~ phases out" and "target creature you don't control
phases out" as the effect :class:`PhaseOut` (one object: groups are not read). systems/mechanics/phasing.py.
The effect rule registers with content/oracle/effects.py's ``rule`` (imported by it).

Rules: Phasing (CR 702.26).

* 702.26b: a phased-out permanent is treated as though it doesn't exist. Phasing out takes its row out of the
  permanent table (so nothing sees it: no filter, count, target, combat or layer pass reaches it) and stops
  its static, triggered, activated, mana and replacement abilities, as leaving the battlefield does, but the
  object stays the same (702.26d: no zone change; its entity, counters, status and attachments are kept):
  the row's values are parked in ``PhasingState.out`` and put back as it phases in, and its abilities start
  to work again (no "enters" event, no new timestamp).
* 702.26g: Auras and Equipment attached to it phase out with it ("indirectly") and phase in with it, still
  attached; they don't phase in by themselves.
* 506.4 / 702.26b: a permanent that phases out is removed from combat.
* 702.26a, 502.1: as the untap step begins (before anything untaps), the active player's phased-in permanents
  with phasing phase out and the permanents that phased out directly under their control phase in, all at
  once. ``PhasingState.sources`` notes the permanents with phasing as they enter; with none and nothing
  phased out nothing is done.
* "~ phases out" (the effect :class:`PhaseOut`): it phases in during its controller's next untap step.
"""

from __future__ import annotations

import dataclasses
import re
from typing import TYPE_CHECKING, Any

import numpy as np

from components.abilities import Ability
from components.characteristics import CardType
from components.phasing import PhaseOut, Phasing
from content import registry
from content.oracle.mechanic_rules import rule
from content.oracle.phrases import NoParse

if TYPE_CHECKING:
    from components.card import CardDef
    from content.oracle.effects import Ctx
    from ecs.game import Game
    from systems.effects import EffectContext


def read(line: str, raw: str, name: str, types: CardType) -> Ability | None:
    if line.strip().rstrip(".").lower() == "phasing" and not int(types) & int(CardType.INSTANT | CardType.SORCERY):
        return Phasing()
    return None


def render(abilities: list[object]) -> str | None:
    return "Phasing" if len(abilities) == 1 and isinstance(abilities[0], Phasing) else None


@rule(r"(?P<what>~|target [^.,]+?) phases out")
def _r_phase_out(ctx: Ctx, m: re.Match[str]) -> list[object]:
    ref = ctx.obj(m["what"], plural_ok=False)
    if ref.group is not None or len(ref.indices) != 1:
        raise NoParse("phasing a group")
    return [PhaseOut(ref.indices[0])]


@registry.hook("render.effect")
def render_effect(e: object, ctx: object) -> str | None:
    if not isinstance(e, PhaseOut):
        return None
    obj = getattr(ctx, "obj")  # noqa: B009 - render._Ctx.obj
    return f"{obj(e.target)} phases out"


registry.reader(read, priority=20)
registry.renderer(render, priority=30)


# ---------------------------------------------------------------- rules


@dataclasses.dataclass(slots=True)
class PhasingState:
    """Phasing's own record in a game (``Game.mechanic_state["phasing"]``)."""

    sources: set[int] = dataclasses.field(default_factory=set)  # permanents with phasing (702.26a)
    # phased-out permanent -> (its controller, its table row's values, whether it phased out directly) (702.26b-g)
    out: dict[int, tuple[int, dict[str, Any], bool]] = dataclasses.field(default_factory=dict)


def state(game: Game) -> PhasingState:
    """This game's record of phasing, made on first use."""
    found = game.mechanic_state.get("phasing")
    if found is None:
        found = game.mechanic_state["phasing"] = PhasingState()
    return found


_HAS: dict[int, tuple[object, bool]] = {}


def has_phasing(card: CardDef) -> bool:
    """Does this card have phasing (a cached look-up per card definition)?"""
    hit = _HAS.get(id(card))
    if hit is None or hit[0] is not card:
        hit = (card, any(isinstance(a, Phasing) for a in card.abilities))
        _HAS[id(card)] = hit
    return hit[1]


def entered(game: Game, ent: int) -> None:
    state(game).sources.add(ent)


def _attached_to(game: Game, ents: list[int]) -> list[int]:
    """702.26g: everything attached to these permanents, and what is attached to that, in turn."""
    t = game.table
    out: list[int] = []
    frontier = set(ents)
    while frontier:
        att = t.attached_to[: t.n]
        rows = np.flatnonzero(np.isin(att, np.fromiter(frontier, dtype=np.int64)))
        found = [int(e) for e in t.entity[rows].tolist() if int(e) not in ents and int(e) not in out]
        out += found
        frontier = set(found)
    return out


def phase_out(game: Game, ents: list[int]) -> None:
    """702.26b, 702.26g: these permanents phase out directly, what is attached to them indirectly."""
    from systems.layers import unregister_static_abilities
    from systems.triggers import unregister as unregister_triggers
    from systems.zones import remove_from_combat

    t = game.table
    direct = [e for e in dict.fromkeys(ents) if e in t.row_of]
    if not direct:
        return
    if "phasing" not in game.mechanics:  # an effect of another card did it: from now on this game runs phasing's hooks
        game.enable_mechanics(frozenset({"phasing"}))
    game.refresh_layers()
    indirect = _attached_to(game, direct)
    for ent in direct + indirect:
        row = t.row_of[ent]
        values = t.row_values(ent)
        state(game).out[ent] = (int(t.controller[row]), values, ent in direct)
        unregister_static_abilities(game, ent)
        game.activatable.pop(ent, None)
        unregister_triggers(game, ent)
        if game.replacements:
            from systems.replacement import unregister as unregister_replacements

            unregister_replacements(game, ent)
        t.remove(ent)
        remove_from_combat(game, ent)
        game.say(f"{game.name(ent)} phases out")
    game.table.mark_changed()


def phase_in(game: Game, ent: int) -> None:
    """702.26d: it phases in as the same object, with the status, counters and attachments it had."""
    from components.abilities import ActivatedAbility, ManaAbility
    from systems.layers import register_static_abilities
    from systems.replacement import register as register_replacements
    from systems.triggers import register as register_triggers

    _, values, _ = state(game).out.pop(ent)
    t = game.table
    t.add(ent, **values)
    card = game.card(ent)
    register_static_abilities(game, ent)
    register_replacements(game, ent, card)
    register_triggers(game, ent, card)
    if any(isinstance(a, ActivatedAbility) for a in card.abilities):
        game.activatable[ent] = card
    if any(isinstance(a, ManaAbility) for a in card.abilities):
        game.mana_ability_sources.add(ent)
    from systems.mechanics import ascend, speed

    if ascend.has_ascend(card):
        ascend.state(game).sources.add(ent)  # 702.131b: it counts again
    if speed.has_engines(card):
        speed.state(game).sources.add(ent)  # 702.179a
    from systems.mechanics import day_night

    if day_night.concerns(card):
        day_night.state(game).sources.add(ent)  # 702.145: daybound / nightbound count again
    game.say(f"{game.name(ent)} phases in")
    game.table.mark_changed()


def untap_step_phasing(game: Game) -> None:
    """702.26a, 502.1: the active player's permanents with phasing phase out and the permanents that phased
    out directly under their control phase in (with what phased out with them), simultaneously."""
    t = game.table
    me = game.active
    coming_in = [e for e, (who, _, direct) in state(game).out.items() if direct and who == me]
    live = [e for e in state(game).sources if e in t.row_of]
    state(game).sources = set(live) | {e for e in state(game).sources if e in state(game).out}
    going_out: list[int] = []
    if live:
        game.refresh_layers()
        going_out = [e for e in live if int(t.get(e, "controller")) == me]
    if not coming_in and not going_out:
        return
    # the indirectly phased-out ones come back with the permanent they are attached to (702.26g)
    back = set(coming_in)
    changed = True
    while changed:
        changed = False
        for e, (_, values, direct) in state(game).out.items():
            if not direct and e not in back and int(values["attached_to"]) in back:
                back.add(e)
                changed = True
    phase_out(game, going_out)
    for e in [e for e in list(state(game).out) if e in back]:  # in the order they phased out
        phase_in(game, e)


@registry.executor(PhaseOut)
def phase_out_effect(game: Game, effect: PhaseOut, ctx: EffectContext) -> None:
    ent = ctx.target(effect.target)
    if ent is None or ent not in game.table.row_of:
        return  # an illegal target, or it has left the battlefield (608.2b)
    phase_out(game, [ent])


@registry.hook("card.uses")
def _uses(card: CardDef) -> bool:
    return has_phasing(card)


@registry.hook("zones.entered")
def _entered(game: Game, ent: int, card: CardDef) -> None:
    if card.abilities and has_phasing(card):
        entered(game, ent)  # 702.26a: it phases out during its controller's untap steps


@registry.hook("turn.phasing")
def _phasing(game: Game) -> None:
    if state(game).sources or state(game).out:
        untap_step_phasing(game)  # 502.1, 702.26a

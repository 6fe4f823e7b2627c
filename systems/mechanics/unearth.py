"""Unearth (CR 702.84): "Unearth [cost]".

702.84a: an activated ability that functions while the card is in a graveyard: "[Cost]: Return this card from
your graveyard to the battlefield. It gains haste. Exile it at the beginning of the next end step. If it would
leave the battlefield, exile it instead of putting it anywhere else. Activate only as a sorcery." Only mana
costs are read. Activation from a graveyard is systems/casting.py (``graveyard_activation_actions``); the
effect is systems/mechanics/unearth.py.

Rules: Unearth (CR 702.84): the effect of the activated ability.

702.84a: "Return this card from your graveyard to the battlefield. It gains haste. Exile it at the beginning of
the next end step. If it would leave the battlefield, exile it instead of putting it anywhere else."

* The card returns under its owner's control (110.2; only its owner activates it from their graveyard).
* "It gains haste": a continuous effect of the resolved ability on that permanent, with no duration (611.2a,
  611.2c); it ends when the permanent leaves, since it is then a new object (400.7).
* "Exile it at the beginning of the next end step": a delayed triggered ability (603.7a, systems/delayed.py)
  about that permanent; if it has already left, it does nothing (603.7c, 400.7).
* "If it would leave the battlefield, exile it instead": a replacement effect on that permanent (614.1a),
  an ``Unearthed`` designation on the permanent (gone with it, 400.7); systems/zones.py ``move`` asks :func:`leave_destination` first, so a "would die"
  replacement (614.1a) never needs to be ordered against it: whichever applies first, it ends in exile (616.1).
"""

from __future__ import annotations

import dataclasses
import re
from typing import TYPE_CHECKING

import numpy as np

from components.abilities import (
    SELF,
    Ability,
    ActivatedAbility,
    ApplyContinuous,
    ContinuousPart,
    Delayed,
    Layer,
    MoveObject,
)
from components.casting_keywords import UnearthReturn
from components.characteristics import CardType
from components.designations import Unearthed
from components.keywords import Keyword
from components.objects import InZone, Step, Zone
from content import registry
from content.mana import parse_mana_cost

if TYPE_CHECKING:
    from ecs.game import Game
    from systems.effects import EffectContext


_UNEARTH = re.compile(r"unearth ((?:\{[^}]+\})+)", re.I)
RETURN = UnearthReturn()


def read(line: str, raw: str, name: str, types: CardType) -> Ability | None:
    m = _UNEARTH.fullmatch(line.strip())
    if not m:
        return None
    cost = m.group(1).upper()
    return ActivatedAbility(f"Unearth {cost}", parse_mana_cost(cost), False, (), (RETURN,),
                            sorcery_speed=True, from_graveyard=True)


def render(abilities: list[object]) -> str | None:
    a = abilities[0] if len(abilities) == 1 else None
    if isinstance(a, ActivatedAbility) and a.effects == (RETURN,):
        return f"Unearth {a.mana_cost}"
    return None


registry.reader(read, priority=510)
registry.renderer(render, priority=470)


# ---------------------------------------------------------------- rules


HASTE = ApplyContinuous(SELF, (ContinuousPart(Layer.ABILITY, keywords_add=int(Keyword.HASTE)),),
                        until_end_of_turn=False)
EXILE_AT_END = Delayed((MoveObject(SELF, "exile"),), int(Step.END), ref=SELF)


@registry.executor(UnearthReturn)
def unearth(game: Game, effect: UnearthReturn, ctx: EffectContext) -> None:
    from systems.delayed import create
    from systems.effects import run_effect
    from systems.zones import move

    card = ctx.self_object  # the card in its owner's graveyard (systems/stack.py: 113.6k)
    where = game.world.try_get(card, InZone) if card >= 0 and game.world.exists(card) else None
    if where is None or where.zone != Zone.GRAVEYARD:
        game.say("the card is no longer in the graveyard: nothing returns")
        return
    new = move(game, card, Zone.BATTLEFIELD, controller=game.obj(card).owner)
    game.say(f"{game.name(new)} returns to the battlefield (unearth)")
    if new not in game.table.row_of:
        return
    game.world.add(new, Unearthed())
    here = dataclasses.replace(ctx, self_object=new)
    run_effect(game, HASTE, here)
    create(game, EXILE_AT_END, here)


def leave_destination(game: Game, ent: int, zone: Zone) -> Zone:
    """702.84a: an unearthed permanent that would leave the battlefield is exiled instead (614.1a)."""
    if zone != Zone.EXILE:
        game.say(f"{game.name(ent)} is exiled instead (unearth)")
        return Zone.EXILE
    return zone


@registry.hook("zones.leave_destination")
def _leave_destination(game: Game, ent: int, zone: Zone) -> Zone:
    return leave_destination(game, ent, zone) if game.world.has(ent, Unearthed) else zone


@registry.hook("zones.moves_alone")
def _moves_alone(game: Game, entities: np.ndarray) -> np.ndarray | None:
    """Unearthed permanents leave one by one (systems/zones.py bulk moves), so :func:`leave_destination` sees them."""
    unearthed = game.world.holders(Unearthed)
    return np.isin(entities, np.fromiter(unearthed, dtype=np.int64)) if unearthed else None

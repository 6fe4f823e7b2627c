"""Prevention spells (CR 615.1a, 615.7): the sentences of Fog and its kin.

* "Prevent all combat damage that would be dealt this turn."
* "Prevent all [combat] damage that would be dealt to target creature [or player] this turn."
* "Prevent all [combat] damage target creature would deal this turn."
* "Prevent the next N damage that would be dealt to any target / target creature this turn."

Rules: Prevention effects made by resolving spells (CR 615): Fog-style, protective and shield effects.

The prevention itself is systems/prevention.py (it reduces damage arrays before damage is dealt);
this module turns a resolving spell's :class:`PreventDamage` into a ``PreventionEffect`` that lasts
until the end of the turn (615.1a "this turn", 514.2).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from components.abilities import Ability, PermanentFilter, SpellAbility, TargetKind, TargetSpec
from components.characteristics import CardType
from components.keyword_abilities import PreventDamage
from content import registry
from systems.prevention import PreventionEffect, add_prevention

if TYPE_CHECKING:
    from ecs.game import Game
    from systems.effects import EffectContext


_TARGETS = {"target creature": TargetKind.CREATURE, "any target": TargetKind.ANY, "target player": TargetKind.PLAYER,
            "target creature or player": TargetKind.ANY}
_ALL = re.compile(r"prevent all (combat )?damage that would be dealt this turn\.")
_TO = re.compile(r"prevent all (combat )?damage that would be dealt to (target creature|target player|any target)"
                 r" this turn\.")
_BY = re.compile(r"prevent all (combat )?damage (target creature) would deal this turn\.")
_NEXT = re.compile(r"prevent the next (\d+) damage that would be dealt to (any target|target creature|target player)"
                   r" this turn\.")


def read(line: str, raw: str, name: str, types: CardType) -> Ability | None:
    if not types & (CardType.INSTANT | CardType.SORCERY):
        return None
    low = line.strip().lower()
    text = raw.strip()
    if m := _ALL.fullmatch(low):
        return SpellAbility(text, (), (PreventDamage(-1, None, bool(m.group(1))),))
    if m := _TO.fullmatch(low):
        spec = TargetSpec(_TARGETS[m.group(2)])
        return SpellAbility(text, (spec,), (PreventDamage(0, None, bool(m.group(1))),))
    if m := _BY.fullmatch(low):
        spec = TargetSpec(_TARGETS[m.group(2)])
        return SpellAbility(text, (spec,), (PreventDamage(0, None, bool(m.group(1)), by=True),))
    if m := _NEXT.fullmatch(low):
        spec = TargetSpec(_TARGETS[m.group(2)])
        return SpellAbility(text, (spec,), (PreventDamage(0, int(m.group(1))),))
    return None


def render(abilities: list[object] | tuple[object, ...]) -> str | None:
    """Oracle-style text of a prevention spell's instructions, from the data alone (round trip)."""
    if len(abilities) != 1 or not isinstance(abilities[0], SpellAbility):
        return None
    spell = abilities[0]
    if len(spell.effects) != 1 or not isinstance(spell.effects[0], PreventDamage):
        return None
    e = spell.effects[0]
    combat = "combat " if e.combat_only else ""
    if e.target < 0:
        return f"Prevent all {combat}damage that would be dealt this turn."
    target = {TargetKind.CREATURE: "target creature", TargetKind.ANY: "any target",
              TargetKind.PLAYER: "target player"}[spell.targets[0].kind]
    if e.by:
        return f"Prevent all {combat}damage {target} would deal this turn."
    if e.amount is not None:
        return f"Prevent the next {e.amount} damage that would be dealt to {target} this turn."
    return f"Prevent all {combat}damage that would be dealt to {target} this turn."


registry.reader(read, priority=340)
registry.renderer(render, priority=300)
__all__ = ["PermanentFilter"]


# ---------------------------------------------------------------- rules


@registry.executor(PreventDamage)
def prevent_damage(game: Game, effect: PreventDamage, ctx: EffectContext) -> None:
    target: int | None = None
    if effect.target >= 0:
        target = ctx.target(effect.target)
        if target is None:
            return  # an illegal target: this part does nothing (608.2b)
    what = "all" if effect.amount is None else f"the next {effect.amount}"
    game.say(f"{what} {'combat ' if effect.combat_only else ''}damage "
             f"{'dealt by' if effect.by else 'that would be dealt to'} "
             f"{game.name(target) if target is not None else 'anything'} this turn will be prevented")
    add_prevention(game, PreventionEffect(
        text=ctx.source_name, combat_only=effect.combat_only,
        to=None if effect.by else target, by=target if effect.by else None,
        remaining=effect.amount, turn=game.turn,
    ))

"""Ripple (CR 702.60): "Ripple N". The rules are systems/mechanics/ripple.py.

Rules: Ripple (CR 702.60).

702.60a: "When you cast this spell, you may reveal the top N cards of your library (all of them if fewer). If you
reveal cards from your library this way, you may cast any of those cards with the same name as this spell without
paying their mana costs, then put all revealed cards not cast this way on the bottom of your library in any
order." 702.60b: each instance triggers separately.

* It triggers as the spell becomes cast (601.2i; systems/casting.py calls :func:`spell_cast`), controlled by the
  spell's controller; its source on the stack is a card with only that ability.
* As it resolves, its controller chooses whether to reveal (the revealed cards are named in the log, 701.16a);
  then, for each revealed card with the spell's name, whether to cast it (the cast without paying its mana cost
  is an alternative cost, 118.9, named "ripple" in ``CastSpell.cost``; timing restrictions don't apply, the effect
  says to cast it now); then the order of the other revealed cards on the bottom (401.4, first chosen first). All
  questions are asked before anything moves (systems/resolution.py); the casts happen in the order chosen.
"""

from __future__ import annotations

import dataclasses
import re
from typing import TYPE_CHECKING

from components.abilities import Ability, TriggerCondition, TriggeredAbility, TriggerKind
from components.casting_keywords import Ripple, RippleReveal
from components.characteristics import CardType, ManaCost
from components.objects import PendingTrigger, Zone
from content import registry
from ecs.actions import CastSpell, Choose, DecisionKind

if TYPE_CHECKING:
    from components.card import CardDef
    from ecs.game import Game
    from systems.effects import EffectContext


_RIPPLE = re.compile(r"ripple (\d+)", re.I)


def read(line: str, raw: str, name: str, types: CardType) -> Ability | None:
    m = _RIPPLE.fullmatch(line.strip().rstrip("."))
    if not m or int(types) & int(CardType.LAND) or int(m.group(1)) <= 0:
        return None
    return Ripple(f"Ripple {int(m.group(1))}", int(m.group(1)))


def render(abilities: list[object]) -> str | None:
    a = abilities[0] if len(abilities) == 1 else None
    return f"Ripple {a.amount}" if isinstance(a, Ripple) else None


registry.reader(read, priority=610)
registry.renderer(render, priority=570)


# ---------------------------------------------------------------- rules


FREE = ManaCost(())
_INFO: dict[int, tuple[CardDef, tuple[Ripple, ...]]] = {}
_TRIGGERS: dict[int, tuple[CardDef, CardDef]] = {}


def ripples(card: CardDef) -> tuple[Ripple, ...]:
    hit = _INFO.get(id(card))
    if hit is None or hit[0] is not card:
        hit = (card, tuple(a for a in card.abilities if isinstance(a, Ripple)))
        _INFO[id(card)] = hit
    return hit[1]


def spell_cast(game: Game, spell: int, player: int) -> None:
    """The spell became cast: each of its ripple abilities triggers (702.60a-b)."""
    if "ripple" not in game.mechanics:
        return  # no card of this game has ripple (the mechanic of the cards created in it)
    card = game.card(spell)
    found = ripples(card)
    if not found:
        return
    for r in found:
        ability = TriggeredAbility(f"{r.text} (when you cast this spell, you may reveal the top {r.amount} cards "
                                   "of your library ...)", TriggerCondition(TriggerKind.CAST_THIS), (),
                                   (RippleReveal(card.name, r.amount),))
        source = dataclasses.replace(card, abilities=(ability,))
        game.trigger_uid += 1
        game.waiting_triggers.append(PendingTrigger(game.trigger_uid, spell, source, 0, player, spell))


def as_cast(game: Game, player: int, card: CardDef, action: CastSpell) -> tuple[CardDef, ManaCost] | None:
    if action.cost != "ripple":
        return None
    from systems.mechanics.alternative_costs import total_cost

    return card, total_cost(game, player, card, FREE)  # without paying its mana cost (118.9)


@registry.executor(RippleReveal)
def ripple(game: Game, effect: RippleReveal, ctx: EffectContext) -> None:
    from systems.casting import cast_spell
    from systems.hidden_zones import _order
    from systems.mechanics.cast_card import cast_options
    from systems.mechanics.split_second import active as split_second
    from systems.resolution import ask
    from systems.zones import move

    player = ctx.controller
    library = game.zones[player][Zone.LIBRARY]
    if not library:
        return
    if ask(game, player, DecisionKind.MAY, [Choose(True), Choose(False)]) != Choose(True):
        game.say(f"{game.player_states[player].name} doesn't reveal (ripple)")
        return
    revealed = list(library[: effect.amount])
    casts: list[CastSpell] = []
    for c in revealed:
        if game.card(c).name != effect.name or split_second(game):
            continue
        options: list[CastSpell | Choose] = [*cast_options(game, player, c, "ripple"), Choose(False)]
        choice = ask(game, player, DecisionKind.CAST, options)
        if isinstance(choice, CastSpell):
            casts.append(choice)
    rest = [c for c in revealed if c not in {o.card for o in casts}]
    ordered = _order(game, player, rest) if len(rest) > 1 else rest
    game.say(f"{game.player_states[player].name} reveals {', '.join(game.card(c).name for c in revealed)} (ripple)")
    for choice in casts:
        cast_spell(game, player, choice)
    for c in ordered:
        move(game, c, Zone.LIBRARY)  # to the bottom (401.4), the first chosen first

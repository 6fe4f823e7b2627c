"""Can this spell be countered? (CR 101.2, 701.6a): not if it says "This spell can't be countered", nor while a
static ability in force says spells like it can't be ("Creature spells can't be countered.", components/
uncounterable.py); an instruction to counter it then does nothing to it. Those abilities live on permanents indexed
in ``game.static_rule_sources`` (systems/static_rules.register)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from components.abilities import SpellRule

if TYPE_CHECKING:
    from ecs.game import Game


def uncounterable(game: Game, spell: int) -> bool:
    """May the spell ``spell`` on the stack not be countered (101.2: "can't" beats an instruction to counter it)?"""
    card = game.card(spell)
    if any(isinstance(a, SpellRule) and a.kind == "uncounterable" for a in card.abilities):
        return True
    if not game.static_rule_sources:
        return False
    from components.objects import StackItem
    from components.uncounterable import UncounterableSpells
    from systems.oracle_effects import card_matches
    from systems.static_rules import _live_sources

    item = game.world.try_get(spell, StackItem)
    if item is None:
        return False
    t = game.table
    for _ent, row, source in _live_sources(game):
        for a in source.abilities:
            if not isinstance(a, UncounterableSpells):
                continue
            mine = item.controller == int(t.controller[row])
            if (a.whose == "you" and not mine) or (a.whose == "opponents" and mine):
                continue
            if a.spells is None or card_matches(card, a.spells):
                return True
    return False

"""Playing lands and casting spells (CR 116.2a, 305, 601, 307, 117.1a).

Options are enumerated with their targets (CR 601.2c) and only offered when the cost can be
paid (CR 601.2g-h), so an offered action always completes: casting never has to be rewound.
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING

from components.abilities import SpellAbility
from components.characteristics import CardType
from components.keywords import Keyword
from components.objects import MAIN_STEPS, Zone
from ecs.actions import CastSpell, PlayLand
from systems.mana import can_pay, pay
from systems.targeting import candidates
from systems.zones import move, put_on_stack

if TYPE_CHECKING:
    from ecs.game import Game

LAND = int(CardType.LAND)
INSTANT = int(CardType.INSTANT)


def sorcery_timing(game: Game, player: int) -> bool:
    """CR 307.1 / 301.1 / 302.1: own main phase with an empty stack."""
    return game.active == player and game.step in MAIN_STEPS and not game.stack


def spell_ability(card: object) -> SpellAbility | None:
    for ability in card.abilities:  # type: ignore[attr-defined]
        if isinstance(ability, SpellAbility):
            return ability
    return None


def land_actions(game: Game, player: int) -> list[PlayLand]:
    """CR 305.2: one land per turn, main phase, stack empty, own turn."""
    state = game.player_states[player]
    if state.lands_played >= state.land_plays_allowed or not sorcery_timing(game, player):
        return []
    out: list[PlayLand] = []
    seen: set[str] = set()
    for ent in game.zones[player][Zone.HAND]:
        card = game.card(ent)
        if card.type_bits & LAND and card.name not in seen:
            seen.add(card.name)  # identical cards in hand are one option
            out.append(PlayLand(ent))
    return out


def cast_actions(game: Game, player: int) -> list[CastSpell]:
    """Every spell ``player`` may cast now, each with every legal choice of targets."""
    out: list[CastSpell] = []
    sorcery_ok = sorcery_timing(game, player)
    seen: set[str] = set()
    for ent in game.zones[player][Zone.HAND]:
        card = game.card(ent)
        types = card.type_bits
        if types & LAND or card.name in seen:
            continue
        if not (sorcery_ok or types & INSTANT or card.keywords & Keyword.FLASH):
            continue  # CR 307.1, 117.1a, 702.8a
        if not can_pay(game, player, card.mana_cost):
            continue
        seen.add(card.name)
        spell = spell_ability(card)
        if spell is None or not spell.targets:
            out.append(CastSpell(ent))
            continue
        choices = [candidates(game, spec, player) for spec in spell.targets]
        # CR 115.3: the same object can't be chosen for more than one instance of "target" in one spell
        # unless it says otherwise; v0 spells have one target slot, so a product suffices.
        for combo in itertools.product(*choices):
            if len(set(combo)) == len(combo):
                out.append(CastSpell(ent, tuple(combo)))
    return out


def play_land(game: Game, player: int, card: int) -> None:
    game.player_states[player].lands_played += 1
    game.say(f"{game.player_states[player].name} plays {game.name(card)}")
    move(game, card, Zone.BATTLEFIELD, controller=player)


def cast_spell(game: Game, player: int, action: CastSpell) -> None:
    """CR 601.2: move to the stack, with targets, and pay the cost."""
    card = game.card(action.card)
    ok = pay(game, player, card.mana_cost)
    assert ok, "cast options are only offered when payable"
    stack_obj = put_on_stack(game, action.card, player, action.targets)
    targets = ""
    if action.targets:
        targets = " targeting " + ", ".join(game.name(t) for t in action.targets)
    game.say(f"{game.player_states[player].name} casts {card.name}{targets}")
    del stack_obj

"""Playing lands, casting spells and activating abilities (CR 116.2a, 305, 601, 602, 307, 117.1a).

Options are enumerated with their targets (CR 601.2c) and only offered when the cost can be
paid (CR 601.2g-h), so an offered action always completes: casting never has to be rewound.
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING

from components.abilities import ActivatedAbility, EnchantAbility, SpellAbility, TargetKind, TargetSpec
from components.characteristics import CardType, ManaCost
from components.events import SpellCast
from components.keywords import Keyword
from components.objects import MAIN_STEPS, AbilityOnStack, InZone, StackItem, Zone
from ecs.actions import ActivateAbility, CastSpell, PlayLand
from systems.mana import can_pay, find_payment, mana_sources, pay
from systems.targeting import candidates
from systems.triggers import emit
from systems.zones import move, put_on_stack

if TYPE_CHECKING:
    from components.card import CardDef
    from ecs.game import Game

LAND = int(CardType.LAND)
INSTANT = int(CardType.INSTANT)
CREATURE = int(CardType.CREATURE)
FLASH = int(Keyword.FLASH)
HASTE = int(Keyword.HASTE)


def sorcery_timing(game: Game, player: int) -> bool:
    """CR 307.1 / 301.1 / 302.1: own main phase with an empty stack."""
    return game.active == player and game.step in MAIN_STEPS and not game.stack


def spell_ability(card: CardDef) -> SpellAbility | None:
    for ability in card.abilities:
        if isinstance(ability, SpellAbility):
            return ability
    return None


def spell_targets(card: CardDef) -> tuple[TargetSpec, ...]:
    """The target slots of a spell: its instructions', or an Aura's enchant target (CR 303.4a)."""
    spell = spell_ability(card)
    if spell is not None:
        return spell.targets
    for ability in card.abilities:
        if isinstance(ability, EnchantAbility):
            return (TargetSpec(TargetKind.PERMANENT, ability.affected),)
    return ()


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


def _target_choices(game: Game, specs: tuple[TargetSpec, ...], player: int, source: int) -> list[tuple[int, ...]]:
    choices = [candidates(game, spec, player, source) for spec in specs]
    # CR 115.3: one object can't be chosen twice for the same instance of "target".
    return [combo for combo in itertools.product(*choices) if len(set(combo)) == len(combo)]


MAX_X_OPTIONS = 16  # X is offered from 0 up to what the player can pay, at most this many values


def cast_actions(game: Game, player: int) -> list[CastSpell]:
    """Every spell ``player`` may cast now, each with every legal choice of modes, X and targets."""
    out: list[CastSpell] = []
    sorcery_ok = sorcery_timing(game, player)
    seen: set[str] = set()
    units = None  # the player's available mana, found once for all the cards in hand
    for ent in game.zones[player][Zone.HAND]:
        card = game.card(ent)
        types = card.type_bits
        if types & LAND or card.name in seen:
            continue
        if not (sorcery_ok or types & INSTANT or card.keywords & FLASH):
            continue  # CR 307.1, 117.1a, 702.8a
        if units is None:
            units = mana_sources(game, player)
        cost = card.mana_cost
        if cost.mana_value() > len(units) or find_payment(game, player, cost, 0, units) is None:
            continue
        seen.add(card.name)
        xs = [0]
        if cost.has_x:
            # CR 107.3, 601.2b: X is announced; offer every value the player could pay.
            xs = [x for x in range(0, min(len(units), MAX_X_OPTIONS) + 1)
                  if find_payment(game, player, cost, x, units) is not None]
        spell = spell_ability(card)
        for x in xs:
            if spell is not None and spell.modes:
                for modes in _mode_choices(spell):
                    specs = tuple(spec for m in modes for spec in spell.modes[m].targets)
                    out.extend(CastSpell(ent, combo, x, modes)
                               for combo in _target_choices(game, specs, player, ent))
                continue
            specs = spell_targets(card)
            if not specs:
                out.append(CastSpell(ent, (), x))
            else:
                out.extend(CastSpell(ent, combo, x) for combo in _target_choices(game, specs, player, ent))
    return out


def _mode_choices(spell: SpellAbility) -> list[tuple[int, ...]]:
    """CR 700.2: the different sets of modes that may be chosen (each mode at most once)."""
    n = len(spell.modes)
    out: list[tuple[int, ...]] = []
    for k in range(spell.choose_min, min(spell.choose_max, n) + 1):
        out.extend(itertools.combinations(range(n), k))
    return out


def activation_actions(game: Game, player: int) -> list[ActivateAbility]:
    """Activated abilities of permanents ``player`` controls whose costs can be paid now (CR 602.2)."""
    out: list[ActivateAbility] = []
    if not game.activatable:
        return out
    t = game.table
    game.refresh_layers()
    sorcery_ok: bool | None = None
    for ent, card in game.activatable.items():
        row = t.row_of.get(ent)
        if row is None or int(t.controller[row]) != player or t.no_abilities[row]:
            continue  # CR 613.1f: a permanent that lost all abilities has none to activate
        for index, ability in enumerate(card.abilities):
            if not isinstance(ability, ActivatedAbility):
                continue
            if ability.tap:
                # CR 602.5a / 302.6: {T} needs an untapped permanent, and a creature that isn't sick.
                if t.tapped[row] or (t.sick[row] and int(t.types[row]) & CREATURE
                                     and not int(t.keywords[row]) & HASTE):
                    continue
            if ability.sorcery_speed or ability.loyalty is not None:
                if sorcery_ok is None:
                    sorcery_ok = sorcery_timing(game, player)
                if not sorcery_ok:
                    continue
            if ability.loyalty is not None:
                # CR 606.3: one loyalty ability per permanent per turn; 606.6: a -N cost needs N counters.
                if ent in game.loyalty_used or int(t.loyalty[row]) + ability.loyalty < 0:
                    continue
            cost = ability.mana_cost
            if isinstance(cost, ManaCost) and not _payable_with_tap(game, player, cost, ent if ability.tap else -1):
                continue
            if not ability.targets:
                out.append(ActivateAbility(ent, index))
            else:
                out.extend(ActivateAbility(ent, index, combo)
                           for combo in _target_choices(game, ability.targets, player, -1))
    return out


def _payable_with_tap(game: Game, player: int, cost: ManaCost, tapped_source: int) -> bool:
    if tapped_source < 0:
        return can_pay(game, player, cost)
    # The source is tapped as part of the cost, so it can't also tap for mana.
    t = game.table
    row = t.row_of[tapped_source]
    t.tapped[row] = True
    try:
        return can_pay(game, player, cost)
    finally:
        t.tapped[row] = False


def play_land(game: Game, player: int, card: int) -> None:
    game.player_states[player].lands_played += 1
    game.say(f"{game.player_states[player].name} plays {game.name(card)}")
    move(game, card, Zone.BATTLEFIELD, controller=player)


def cast_spell(game: Game, player: int, action: CastSpell) -> None:
    """CR 601.2: move to the stack, with targets, and pay the cost."""
    card = game.card(action.card)
    ok = pay(game, player, card.mana_cost, action.x)
    assert ok, "cast options are only offered when payable"
    spell = put_on_stack(game, action.card, player, action.targets)
    item = game.world.get(spell, StackItem)
    item.x, item.modes, item.cost = action.x, action.modes, action.cost
    targets = ""
    if action.targets:
        targets = " targeting " + ", ".join(game.name(t) for t in action.targets)
    game.say(f"{game.player_states[player].name} casts {card.name}{targets}")
    if game.trigger_sources:
        emit(game, SpellCast(spell, card, player))  # CR 601.2i: "whenever ... casts" triggers


def activate(game: Game, player: int, action: ActivateAbility) -> None:
    """CR 602.2: put the ability on the stack, then pay its costs ({T} first so it can't pay mana)."""
    card = game.card(action.source)
    ability = card.abilities[action.index]
    assert isinstance(ability, ActivatedAbility)
    if ability.tap:
        game.table.set(action.source, "tapped", True)
        game.layers_dirty = True
    if ability.loyalty is not None:
        # CR 606.4: the cost is putting on or removing loyalty counters.
        from systems.counters import add_counters, remove_counters

        if ability.loyalty > 0:
            add_counters(game, action.source, "loyalty", ability.loyalty)
        elif ability.loyalty < 0:
            remove_counters(game, action.source, "loyalty", -ability.loyalty)
        game.loyalty_used.add(action.source)
    if isinstance(ability.mana_cost, ManaCost):
        ok = pay(game, player, ability.mana_cost)
        assert ok, "activation options are only offered when payable"
    ent = game.world.create(
        AbilityOnStack(action.source, action.index, card.name, card),
        StackItem(player, action.targets),
        InZone(Zone.STACK, player),
    )
    game.stack.append(ent)
    game.say(f"{game.player_states[player].name} activates {card.name}: {ability.text}")

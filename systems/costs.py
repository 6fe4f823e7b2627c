"""Costs beyond a mana cost (CR 118, 601.2f, 602.2b): cost increases and reductions from static
abilities, and the non-mana costs of activated abilities ({Q}, sacrifice, discard, life, counters, energy {E} (107.14), "Exile ~", "Tap an untapped
Ally you control").

Each cost choice (which creature to sacrifice, which card to discard) is part of the enumerated
activation option (ecs.actions.ActivateAbility), so an offered action can always be paid.
"""

from __future__ import annotations

import dataclasses
import itertools
from typing import TYPE_CHECKING

from components.abilities import ActivatedAbility, AddMana, CostModifier, PermanentFilter, PlayerRule
from components.characteristics import CardType, ManaCost, ManaSymbol, SymbolKind
from components.keywords import Keyword
from components.objects import HAND, CardObject, Step, Zone
from content import registry
from ecs.actions import OPEN, ActivateAbility
from systems import mana
from systems.announcing import OpenSet, at_least
from systems.counters import counter_count, remove_counters
from systems.definition_memos import remember
from systems.static_rules import activation_banned
from systems.trigger_events import sacrifice as sacrifice_permanent
from systems.zones import hand_cards, move

if TYPE_CHECKING:
    from components.card import CardDef
    from ecs.game import Game

CREATURE = int(CardType.CREATURE)
HASTE = int(Keyword.HASTE)


# ------------------------------------------------------------------ cost increases and reductions


def _modifier_sources(game: Game) -> list[tuple[int, CostModifier]]:
    """(controller, modifier) for every cost-changing static ability on the battlefield, cached until
    a permanent enters or leaves."""
    t = game.table
    scanned = _kept_modifiers(game)
    if not scanned:
        return []  # (most boards: no cost-changing ability at all)
    out = []
    for ent, a in scanned:
        row = t.row_of.get(ent)
        if row is None or t.no_abilities[row]:
            continue  # CR 613.1f: no abilities, no cost change
        if a.spells is not None and a.spells.subtypes_any and a.spells.subtypes_any[0].startswith("<"):
            from systems.choices import linked_choice

            a = dataclasses.replace(a, spells=linked_choice(game, ent, a.spells))  # "of the chosen type" (607.2d)
        out.append((int(t.controller[row]), a))
    return out


def _kept_modifiers(game: Game) -> list[tuple[int, CostModifier]]:
    """``_scan_modifiers``, kept until a permanent enters or leaves (the next timestamp or the row count moves); or,
    when no card of a characteristics class changes costs (most games), until a class is added or a copy effect
    begins: ``game.cost_modifier_cache`` is (next timestamp, rows, the modifiers, the number of classes then or -1)."""
    t = game.table
    cache = game.cost_modifier_cache
    if cache is None or ((cache[0] != game.next_timestamp or cache[1] != t.n)
                         and (cache[3] != len(game.classes.cards) or game.copy_of)):
        cache = (game.next_timestamp, t.n, _scan_modifiers(game), _no_modifier_classes(game))
        game.cost_modifier_cache = cache
    elif mana.CHECKS.on:  # (read at the call: tests/core/test_option_caches.py turns it on)
        fresh = _scan_modifiers(game)
        assert cache[2] == fresh, f"stale cost modifiers: {cache[2]} != {fresh}"
    return cache[2]


def _no_modifier_classes(game: Game) -> int:
    """The number of characteristics classes if none of their cards changes costs and no copy effect exists (then
    ``_scan_modifiers`` finds none, whatever the rows: it stays so until a class is added, classes being only ever
    appended, or a copy effect begins); else -1. (Asked after ``_scan_modifiers``, whose answer ``any_card`` keeps.)"""
    if game.copy_of or game.classes.any_card("cost_modifiers", _has_modifiers):
        return -1
    return len(game.classes.cards)


_CARD_MODIFIERS: dict[int, tuple[CardDef, tuple[CostModifier, ...]]] = {}  # id(card) -> (card, its modifiers)


def _card_modifiers(card: CardDef) -> tuple[CostModifier, ...]:
    """The card's cost-changing static abilities other than its own "this spell costs" (601.2f), found once per card
    definition (its abilities don't change; the card is kept with them, so its id stays its own)."""
    return remember(_CARD_MODIFIERS, card,
                    tuple([a for a in card.abilities if isinstance(a, CostModifier) and not a.self_only]))


def _has_modifiers(card: CardDef) -> bool:
    return bool(_card_modifiers(card))  # (once per characteristics class)


def _scan_modifiers(game: Game) -> list[tuple[int, CostModifier]]:
    if not game.copy_of and not game.classes.any_card("cost_modifiers", _has_modifiers):
        # No card that ever had a row changes costs (kept per characteristics class, which are only ever appended;
        # without a copy effect each permanent's card is its class's): most games, asked as each permanent enters.
        if mana.CHECKS.on:  # (read at the call: tests/core/test_option_caches.py turns it on)
            assert not _scan_rows(game), "a cost modifier on the battlefield outside the classes' cards"
        return []
    return _scan_rows(game)


def _scan_rows(game: Game) -> list[tuple[int, CostModifier]]:
    t = game.table
    ents = t.entity[: t.n].tolist()
    if game.copy_of:
        cards = [game.card(ent) for ent in ents]
    else:  # (no copy anywhere: ``game.card`` is each object's own card, read in one call)
        cards = [co.card for co in game.world.get_many(ents, CardObject)]
    out: list[tuple[int, CostModifier]] = []
    memo = _CARD_MODIFIERS
    for ent, card in zip(ents, cards, strict=True):
        known = memo.get(id(card))
        found = known[1] if known is not None and known[0] is card else _card_modifiers(card)
        if found:
            out.extend([(ent, a) for a in found])
    return out


def effective_cost(game: Game, player: int, card: CardDef) -> ManaCost:
    """CR 601.2f: the total cost of casting ``card``: its mana cost plus increases, minus reductions
    (a reduction only takes off generic mana, never below zero)."""
    cost = card.mana_cost
    own = _own_change(game, player, card)
    if not game.table.n:
        return with_generic(cost, own) if own else cost
    mods = _modifier_sources(game)
    if not mods:
        return with_generic(cost, own) if own else cost
    game.refresh_layers()
    change = own
    types = card.type_bits
    colors = int(card.colors)
    for controller, m in mods:
        if m.whose == "you" and controller != player:
            continue
        if m.whose == "opponents" and controller == player:
            continue
        if m.types_any and not types & m.types_any:
            continue
        if m.types_none and types & m.types_none:
            continue
        if m.colors_any and not colors & m.colors_any:
            continue
        if m.spells is not None:
            from systems.oracle_effects import card_matches

            if not card_matches(card, m.spells):
                continue  # "Giant spells you cast cost {2} less to cast"
        change += m.amount
    if not change:
        return cost
    return with_generic(cost, change)


def cost_changes_in_play(game: Game) -> bool:
    """Is a cost-changing static ability of a permanent in force (601.2f: "spells cost {1} more")?"""
    t = game.table
    if not t.n:
        return False
    # (a typed name: compiled, the cache is an ``Any`` attribute of the game, and its items would be generic reads and
    # comparisons: ~250 a playout, asked at every priority stop with a card that could be cast)
    cache: tuple[int, int, list[tuple[int, CostModifier]], int] | None = game.cost_modifier_cache
    if cache is not None and not cache[2] and (cache[3] == len(game.classes.cards) and not game.copy_of or (
            cache[0] == game.next_timestamp and cache[1] == t.n)) \
            and not mana.CHECKS.on:  # (read at the call: tests turn it on, and _kept_modifiers checks its answer)
        return False  # (``_kept_modifiers``' kept answer read here, without its frame: no modifier, most boards)
    return bool(_kept_modifiers(game) and _modifier_sources(game))


def has_own_cost_change(card: CardDef) -> bool:
    """Has the card its own "This spell costs {1} less to cast if ..." (601.2f), read from other state?"""
    return any(isinstance(a, CostModifier) and a.self_only for a in card.abilities)


def _own_change(game: Game, player: int, card: CardDef) -> int:
    """'This spell costs {1} less to cast if ... / for each ...' (the card's own ability, 601.2f)."""
    change = 0
    for a in card.abilities:
        if isinstance(a, CostModifier) and a.self_only:
            from systems.oracle_effects import count_value
            from systems.triggers import check_condition

            if not check_condition(game, a.condition, player):
                continue
            n = 1 if a.dynamic is None else count_value(game, a.dynamic, player)
            change += a.amount * n
    return change


def with_generic(cost: ManaCost, change: int) -> ManaCost:
    generic = max(0, cost.generic + change)
    others = tuple(s for s in cost.symbols if s.kind is not SymbolKind.GENERIC)
    symbols = ((ManaSymbol.generic(generic),) if generic else ()) + others
    if not symbols and cost.present:
        symbols = (ManaSymbol.generic(0),)
    return ManaCost(symbols, cost.present)


# ------------------------------------------------------------------ activation costs


def activation_ready(game: Game, player: int, ent: int, index: int, ability: ActivatedAbility) -> bool:
    """The checks of an activated ability's own costs and limits that need no choice."""
    t = game.table
    if ability.once_per_turn and game.activations.get((ent, index)) == game.turn:
        return False  # CR 602.5b: "Activate only once each turn"
    if ability.max_per_turn and game.turn_log.this.get("activation_counts", {}).get((ent, index), 0) \
            >= ability.max_per_turn:
        return False  # CR 602.5b: "Activate no more than twice each turn" (counts start over each turn)
    if game.static_rule_sources and ent in t.row_of:
        banned = activation_banned(game)
        if banned is not None and banned[t.row_of[ent]]:
            return False  # CR 602.5: "its activated abilities can't be activated"
    if ability.condition is not None:
        from systems.triggers import check_condition

        if not check_condition(game, ability.condition, player, ent):
            return False  # CR 602.5b: "Activate only if there are seven or more cards in your graveyard"
    if ability.upkeep_only and (game.step != Step.UPKEEP or game.active != player):
        return False  # CR 702.57b: forecast, only during its owner's upkeep
    if ability.life and game.player_states[player].life < ability.life:
        return False  # CR 119.4: a player can pay life only if their life total is at least that much
    if ability.energy and game.player_states[player].energy < ability.energy:
        return False  # CR 107.14: paying {E} removes an energy counter the player has
    row = t.row_of.get(ent)
    if ability.untap:
        # CR 107.6, 602.5a: {Q} needs a tapped permanent; a creature also needs no summoning sickness.
        if row is None or not t.tapped[row]:
            return False
        if t.sick[row] and int(t.types[row]) & CREATURE and not int(t.keywords[row]) & HASTE:
            return False
    if ability.remove_counters:
        if counter_count(game, ent, ability.remove_counters) < ability.remove_count:
            return False
    return True


def cost_choices(game: Game, player: int, ent: int, ability: ActivatedAbility
                 ) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Every (sacrificed permanents, discarded cards) choice that pays the ability's other costs."""
    sacrifices: list[tuple[int, ...]] = [()]
    discards: list[tuple[int, ...]] = [()]
    if ability.discard_random and not [c for c in game.zones[player][HAND] if c != ent]:
        return []  # 118.3: "Discard a card at random" needs a card in hand (chosen as it's paid, 701.8c)
    if ability.sacrifice is not None:
        mine = _own_matching(game, player, ability.sacrifice, ent)
        if ability.sacrifice_count == 1:
            sacrifices = [(e,) for e in mine]
        else:  # "Sacrifice two lands" (118.3): each set of that many; alike permanents are one choice
            t = game.table
            seen: set[tuple[tuple[str, bool], ...]] = set()
            sacrifices = []
            for combo in itertools.combinations(mine, ability.sacrifice_count):
                key = tuple(sorted((game.card(e).name, bool(t.get(e, "tapped"))) for e in combo))
                if key not in seen:
                    seen.add(key)
                    sacrifices.append(combo)
    if ability.discard:
        hand = [c for c in game.zones[player][HAND] if c != ent]
        if ability.discard_filter is not None:  # "Discard a creature card": only a card of that kind pays it
            from systems.oracle_effects import card_matches

            hand = [c for c in hand if card_matches(game.card(c), ability.discard_filter)]
        # Identical cards are one choice.
        by_name: dict[str, list[int]] = {}
        for c in hand:
            by_name.setdefault(game.card(c).name, []).append(c)
        combos = set()
        for combo in itertools.combinations(hand, ability.discard):
            names = tuple(sorted(game.card(c).name for c in combo))
            combos.add(names)
        discards = []
        for names in sorted(combos):
            used: dict[str, int] = {}
            pick = []
            for name in names:
                pick.append(by_name[name][used.get(name, 0)])
                used[name] = used.get(name, 0) + 1
            discards.append(tuple(pick))
    return [(s, d) for s in sacrifices for d in discards]


def _graveyard_exile_pool(game: Game, player: int, ent: int, ability: ActivatedAbility) -> list[int]:
    from systems.oracle_effects import card_matches

    f = ability.exile_graveyard
    return [c for c in game.zones[player][Zone.GRAVEYARD] if c != ent and (f is None or card_matches(game.card(c), f))]


def graveyard_exile_choices(game: Game, player: int, ent: int, ability: ActivatedAbility) -> list[tuple[int, ...]]:
    """Every choice of cards in ``player``'s graveyard that pays "Exile a creature card from your graveyard" (602.2b,
    118.3); identical cards are one choice, and a card activating its own ability from there isn't one of them.
    Two or more cards are not listed whole (C(40, 5) sets of a full graveyard): ``[OPEN]``, and the announcement
    asks them one at a time (``open_graveyard_exile``)."""
    cards = _graveyard_exile_pool(game, player, ent, ability)
    n = ability.exile_graveyard_count
    if n >= 2:
        return [OPEN] if len(cards) >= n else []
    seen: set[tuple[str, ...]] = set()
    out: list[tuple[int, ...]] = []
    for combo in itertools.combinations(cards, n):
        key = tuple(sorted(game.card(c).name for c in combo))
        if key not in seen:
            seen.add(key)
            out.append(combo)
    return out


@registry.hook("announce.open")
def open_graveyard_exile(game: Game, player: int, play: object, name: str) -> OpenSet | None:
    """118.3, 602.2b: the N cards exiled from the graveyard to pay an activated ability's cost, one at a time."""
    if not isinstance(play, ActivateAbility) or name != "exiled":
        return None
    from systems.granted import ability_card

    ability = ability_card(game, play.source).abilities[play.index]
    assert isinstance(ability, ActivatedAbility) and ability.exile_graveyard_count >= 2
    n = ability.exile_graveyard_count
    cards = _graveyard_exile_pool(game, player, play.source, ability)
    return at_least("exiled", cards, lambda c: game.card(c).name, lambda c: 1, n, most=n, least=n)


def exile_from_graveyard(game: Game, player: int, cards: tuple[int, ...]) -> None:
    """Pay a graveyard exile cost: the chosen cards go from the graveyard to exile (118.3, 406.2)."""
    for c in cards:
        game.say(f"{game.player_states[player].name} exiles {game.name(c)} from their graveyard to pay a cost")
        move(game, c, Zone.EXILE)


def tap_choices(game: Game, player: int, ent: int, ability: ActivatedAbility) -> list[tuple[int, ...]]:
    """Every set of untapped permanents ``player`` controls that pays "Tap an untapped Ally you control"
    (602.2b, 118.3). Summoning sickness doesn't matter (302.6 is about a creature's own {T}); a source that
    taps for its own {T} cost can't be tapped again for this one."""
    assert ability.tap_others is not None
    t = game.table
    mine = [e for e in _own_matching(game, player, ability.tap_others, ent)
            if not t.get(e, "tapped") and not (ability.tap and e == ent)]
    seen: set[tuple[str, ...]] = set()
    out: list[tuple[int, ...]] = []
    for combo in itertools.combinations(mine, ability.tap_others_count):
        key = tuple(sorted(game.card(e).name for e in combo))  # alike permanents are one choice
        if key not in seen:
            seen.add(key)
            out.append(combo)
    return out


def tap_others(game: Game, player: int, permanents: tuple[int, ...]) -> None:
    """Pay a tapping cost: tap the chosen permanents (701.26a)."""
    t = game.table
    for p in permanents:
        t.tap(p)
    if game.trigger_sources:
        from systems.triggers import became_tapped

        became_tapped(game, list(permanents))
    game.say(f"{game.player_states[player].name} taps {', '.join(game.name(p) for p in permanents)} to pay a cost")


def _own_matching(game: Game, player: int, f: PermanentFilter, source: int) -> list[int]:
    from systems.oracle_effects import permanents

    t = game.table
    game.refresh_layers()
    if f.subtypes_any and f.subtypes_any[0].startswith("<"):
        from systems.choices import linked_choice

        f = linked_choice(game, source, f)  # "Sacrifice a creature of the chosen type" (607.2d)
    return [e for e in permanents(game, f, player, source) if int(t.get(e, "controller")) == player]


def pay_other_costs(game: Game, player: int, ent: int, index: int, ability: ActivatedAbility,
                    sacrifice: tuple[int, ...], discard: tuple[int, ...]) -> None:
    """CR 602.2b, 601.2h: pay the non-mana costs (the mana cost is paid by the caller)."""
    if ability.once_per_turn:
        game.activations[(ent, index)] = game.turn
    if ability.max_per_turn:
        counts = game.turn_log.this.setdefault("activation_counts", {})
        counts[(ent, index)] = counts.get((ent, index), 0) + 1
    if ability.untap and ent in game.table.row_of:
        game.table.untap(ent)
        if game.trigger_sources:
            from systems.triggers import became_untapped

            became_untapped(game, [ent])  # {Q} untaps it (107.6, 701.21b)
    if ability.life:
        game.player_states[player].life -= ability.life
        from systems.history import life_lost

        life_lost(game, player, ability.life)  # 119.4: paying life is losing it
        game.table.mark_players_changed()  # 704.5a reads it: no row changed (systems/state_based._quiet_rows)
    if ability.energy:
        from systems.energy import pay_energy

        pay_energy(game, player, ability.energy)
    if ability.remove_counters:
        remove_counters(game, ent, ability.remove_counters, ability.remove_count)
    for c in discard:
        from systems.zones import discard as discard_card

        discard_card(game, player, c)  # 701.8a, with its trigger event
    if ability.discard_random:  # "Discard a card at random" (701.8c): the game's own generator picks it
        from systems.zones import discard as discard_card

        hand = [c for c in game.zones[player][HAND] if c != ent]
        if hand:
            discard_card(game, player, hand[int(game.rng.integers(len(hand)))])
    for p in sacrifice:
        game.say(f"{game.player_states[player].name} sacrifices {game.name(p)}")
        sacrifice_permanent(game, p, player)  # 701.21a, with its trigger event
    if ability.discard_self:
        from systems.zones import discard as discard_card

        new = discard_card(game, player, ent)
        from systems.trigger_events import cycled

        cycled(game, player, ability, new)  # "when you cycle ~", "whenever a player cycles a card" (702.29c)
    if ability.exile_self:  # "Exile this card from your graveyard" (scavenge, 702.97a)
        game.say(f"{game.player_states[player].name} exiles {game.name(ent)} from their graveyard")
        move(game, ent, Zone.EXILE)
    if ability.exert_self and ent in game.table.row_of:  # "Exert ~" as a cost (701.39a)
        from systems.mechanics.attack_costs import exert

        exert(game, ent, player)
    if ability.exile_permanent and ent in game.table.row_of:  # "Exile ~" as a cost (118.3)
        game.say(f"{game.player_states[player].name} exiles {game.name(ent)}")
        move(game, ent, Zone.EXILE)
    if ability.sacrifice_self and ent in game.table.row_of:
        game.say(f"{game.player_states[player].name} sacrifices {game.name(ent)}")
        sacrifice_permanent(game, ent, player)  # 701.21a, with its trigger event


def hand_abilities(game: Game, player: int) -> list[tuple[int, int, ActivatedAbility]]:
    """Activated abilities of cards in ``player``'s hand (cycling, 702.29a): (card, index, ability).

    Cached until a hand changes: most priority stops see the same hand again."""
    cached = game.hand_ability_cache.get(player)
    if cached is not None and cached[0] == game.hand_versions[player]:
        return cached[1]
    out = []
    seen: set[tuple[str, int]] = set()
    for ent, card in hand_cards(game, player):
        for index, a in enumerate(card.abilities):
            if isinstance(a, ActivatedAbility) and a.from_hand and (card.name, index) not in seen:
                seen.add((card.name, index))  # identical cards in hand are one option
                out.append((ent, index, a))
    game.hand_ability_cache[player] = (game.hand_versions[player], out)
    return out


def is_mana_ability(ability: ActivatedAbility) -> bool:
    """CR 605.1a: no targets, not a loyalty ability, and it could add mana as it resolves."""
    return (not ability.targets and ability.loyalty is None
            and any(isinstance(e, AddMana) for e in ability.effects))


def resolve_mana_ability(game: Game, player: int, source: int, card: CardDef, ability: ActivatedAbility) -> None:
    """CR 605.3a: a mana ability resolves immediately after it is activated."""
    from systems.effects import EffectContext, run_effect

    self_obj = source if source in game.table.row_of else -1
    ctx = EffectContext(-1, card.name, card.keywords, player, self_obj, (), ())
    game.say(f"{game.player_states[player].name} activates {card.name}'s mana ability: {ability.text}")
    for effect in ability.effects:
        run_effect(game, effect, ctx)
    if ability.tap and game.mana_trigger_sources and self_obj >= 0:
        from systems.mana_triggers import tapped_manually

        tapped_manually(game, player, self_obj)  # "Whenever enchanted land is tapped for mana" (605.1b)


def player_rules(game: Game, player: int, kind: str) -> int:
    """How many permanents ``player`` controls have a rule-changing static ability of this kind
    (components.abilities.PlayerRule: an additional land play each, 305.2a; no maximum hand size, 402.2)."""
    t = game.table
    if not t.n:
        return 0
    if not game.copy_of and not game.classes.any_card("player_rules", _has_player_rule):
        # No card that ever had a row has such a rule (as _scan_modifiers): most games, asked at each land play
        if mana.CHECKS.on:  # (read at the call: tests/core/test_option_caches.py turns it on)
            assert not _player_rule_rows(game), "a player rule on the battlefield outside the classes' cards"
        return 0
    key = (game.next_timestamp, t.n)
    cache = game.player_rule_cache
    if cache is None or cache[0] != key:
        cache = (key, _player_rule_rows(game))
        game.player_rule_cache = cache
    if not cache[1]:
        return 0
    game.refresh_layers()
    n = 0
    for ent, k in cache[1]:
        row = t.row_of.get(ent)
        if k == kind and row is not None and int(t.controller[row]) == player and not t.no_abilities[row]:
            n += 1
    return n


def _has_player_rule(card: CardDef) -> bool:
    return any(isinstance(a, PlayerRule) for a in card.abilities)  # (once per characteristics class)


def _player_rule_rows(game: Game) -> list[tuple[int, str]]:
    """(permanent, kind) of each rule-changing static ability on the battlefield."""
    t = game.table
    return [(ent, a.kind) for ent in t.entity[: t.n].tolist() for a in game.card(ent).abilities
            if isinstance(a, PlayerRule)]

"""Kicker (CR 702.33), buyback (702.27), flashback (702.34) and rebound (702.88): casting with an additional
or alternative cost, and where such a spell goes when it leaves the stack.

``CastSpell.cost`` (and ``StackItem.cost``) names the costs chosen, joined by "+": "kicker", "buyback",
"kicker+buyback", "flashback", "flashback+kicker". Each choice is its own enumerated option, offered only
when the whole total cost can be paid (601.2b, 601.2f-h), so an offered cast always completes.

* Kicker (702.33a) and buyback (702.27a) are additional costs: the spell's mana cost (or its alternative
  cost) plus the additional cost, then increases and reductions (601.2f). Kicker "{A} and/or {B}" (702.33b)
  and multikicker (702.33c) are not read (systems/mechanics/kicker.py), nor kicker costs that aren't mana.
* 702.33d: a spell whose controller paid its kicker cost is "kicked". ``game.cast_costs`` keeps, for the
  permanent a kicked permanent spell becomes, the costs it was cast with, so "if it was kicked" (condition
  kind "kicked") can be checked for the spell, for the permanent as it enters (a replacement effect,
  614.1c) and for its triggered abilities (603.4), by last known information after it has left.
* Flashback (702.34a): from its owner's graveyard, an instant or sorcery card may be cast for its flashback
  cost rather than its mana cost (an alternative cost, 118.9) with its normal timing; if it was, it is
  exiled instead of going anywhere else when it leaves the stack (systems/zones.py ``move`` asks
  :func:`leave_stack_zone`).
* Buyback (702.27a): as the spell resolves it goes to its owner's hand instead of their graveyard. Only
  resolving counts: a countered spell with buyback goes to the graveyard.
* Rebound (702.88a): cast from its owner's hand, the spell is exiled instead of going to the graveyard as it
  resolves, and at the beginning of its owner's next upkeep a delayed triggered ability lets them cast it
  from exile without paying its mana cost (systems/mechanics/rebound.py).
"""

from __future__ import annotations

import dataclasses
import itertools
from typing import TYPE_CHECKING, Any, TypeVar

from components.characteristics import CardType, ManaCost
from components.keyword_abilities import Buyback, Flashback, Kicker, Rebound
from components.keywords import Keyword
from components.objects import GRAVEYARD, InZone, StackItem, Zone
from content import registry
from ecs.actions import CastSpell
from systems.flash_permission import any_time
from systems.mechanics.convoke import spell_units
from systems.zones import hand_cards, move

if TYPE_CHECKING:
    from collections.abc import Callable

    from components.abilities import Condition
    from components.card import CardDef
    from ecs.game import Game

INSTANT = int(CardType.INSTANT)
SORCERY = int(CardType.SORCERY)
FLASH = int(Keyword.FLASH)
A = TypeVar("A")
ADDITIONAL = ("kicker", "buyback")  # additional costs, in the order they are named in CastSpell.cost
KEYWORDS = frozenset({"kicker", "buyback", "flashback", "rebound"})

# Per card definition: (kicker, buyback, flashback, rebound) abilities, found once.
_INFO: dict[int, tuple[CardDef, tuple[Kicker | None, Buyback | None, Flashback | None, Rebound | None]]] = {}


LAND = int(CardType.LAND)

def info(card: CardDef) -> tuple[Kicker | None, Buyback | None, Flashback | None, Rebound | None]:
    hit = _INFO.get(id(card))
    if hit is None or hit[0] is not card:
        hit = _INFO[id(card)] = (card, (_first(card, Kicker), _first(card, Buyback), _first(card, Flashback),
                                        _first(card, Rebound)))
    return hit[1]


def _first(card: CardDef, kind: type[A]) -> A | None:
    """The card's first ability of this kind, or None."""
    return next((a for a in card.abilities if isinstance(a, kind)), None)


def parts(cost: str) -> list[str]:
    """The cost keywords of a ``CastSpell.cost`` / ``StackItem.cost`` ("flashback+kicker" -> both)."""
    return cost.split("+") if cost else []


def combine(*costs: ManaCost) -> ManaCost:
    """A total cost made of several costs (601.2f: the mana cost or alternative cost plus additional costs)."""
    return ManaCost(tuple(s for c in costs for s in c.symbols))


def _additional(card: CardDef) -> list[tuple[str, tuple[ManaCost, ...]]]:
    """Every non-empty choice of the card's additional costs: (keyword, costs)."""
    kicker, buyback, _, _ = info(card)
    have = [(name, a.cost) for name, a in (("kicker", kicker), ("buyback", buyback)) if a is not None]
    out = []
    for k in range(1, len(have) + 1):
        for combo in itertools.combinations(have, k):
            out.append(("+".join(n for n, _ in combo), tuple(c for _, c in combo)))
    return out


def _timing_ok(game: Game, player: int, card: CardDef, cache: list[bool | None]) -> bool:
    """CR 307.1, 117.1a: a spell without flash or instant speed needs sorcery timing."""
    if any_time(game, player, card):
        return True
    if cache[0] is None:
        from systems.casting import sorcery_timing

        cache[0] = sorcery_timing(game, player)
    return bool(cache[0])


def distinct_choices(items: list[int], n: int, key: Callable[[int], Any],
                     limit: int | None) -> list[tuple[int, ...]]:
    """Sets of ``n`` of ``items`` (in combination order) that differ in more than interchangeable objects, those
    with the same ``key`` (choosing either of two identical cards to pay a cost is one choice), at most ``limit``
    (None: all)."""
    out: list[tuple[int, ...]] = []
    seen: set[tuple[Any, ...]] = set()
    for combo in itertools.combinations(items, n):
        signature = tuple(sorted(key(e) for e in combo))
        if signature in seen:
            continue
        seen.add(signature)
        out.append(combo)
        if limit is not None and len(out) >= limit:
            break
    return out


def additional_cost_cards(game: Game, player: int) -> list[tuple[int, CardDef, Any]]:
    """The cards in ``player``'s hand with kicker or buyback, one per name, with their cost choices. Cached until a
    hand changes (``hand_filter_cache["additional"]``, which ``casting.alternative_cast_actions`` reads too)."""
    key = ("additional", player)
    cached = game.hand_filter_cache.get(key)
    if cached is None or cached[0] != game.hand_versions[player]:
        found = []
        seen: set[str] = set()
        for ent, card in hand_cards(game, player):
            if card.name in seen or card.layout == "split" or card.type_bits & LAND:
                continue
            seen.add(card.name)  # identical cards in hand are one option
            choices = _additional(card)
            if choices:
                found.append((ent, card, choices))
        cached = game.hand_filter_cache[key] = (game.hand_versions[player], found)  # until a hand changes
    return cached[1]


def hand_variants(game: Game, player: int) -> list[CastSpell]:
    """Casts from the hand paying kicker and/or buyback costs too (702.33a, 702.27a)."""
    from systems.mechanics.alternative_costs import spell_choices

    out: list[CastSpell] = []
    timing: list[bool | None] = [None]
    for ent, card, choices in additional_cost_cards(game, player):
        if not _timing_ok(game, player, card, timing):
            continue
        units = payment_units(game, player, card)
        for keyword, costs in choices:
            spell = kicked_card(card) if "kicker" in keyword else card  # "instead <instructions>" (702.33d)
            out.extend(spell_choices(game, player, ent, spell, combine(card.mana_cost, *costs), keyword, -1, units))
    return out


def graveyard_variants(game: Game, player: int) -> list[CastSpell]:
    """Flashback casts from ``player``'s graveyard (702.34a), with or without additional costs."""
    out: list[CastSpell] = []
    if not game.graveyard_activatable:
        return out
    seen: set[str] = set()
    timing: list[bool | None] = [None]
    for ent, card in list(game.graveyard_activatable.items()):
        flashback = info(card)[2]
        if flashback is None or card.name in seen:
            continue
        where = game.world.try_get(ent, InZone)
        if where is None or where.zone != GRAVEYARD or where.player != player:
            continue
        if not card.type_bits & (INSTANT | SORCERY):
            continue  # 702.34a: only if the resulting spell is an instant or sorcery spell
        seen.add(card.name)
        if not _timing_ok(game, player, card, timing):
            continue
        # (imported here, for a card with flashback: the pass-only proof asks at every stop while a graveyard holds a
        # card with an ability or a cast from there)
        from systems.mechanics.alternative_costs import spell_choices

        units = payment_units(game, player, card)
        fb_cost: ManaCost = flashback.cost
        out.extend(spell_choices(game, player, ent, card, fb_cost, "flashback", -1, units))
        for keyword, costs in _additional(card):
            spell = kicked_card(card) if "kicker" in keyword else card
            out.extend(spell_choices(game, player, ent, spell, combine(fb_cost, *costs), "flashback+" + keyword, -1,
                                     units))
    return out


def payment_units(game: Game, player: int, card: CardDef) -> list[tuple[int, int]]:
    """The mana units that may pay for ``card`` as a spell: mana, and convoke / improvise taps."""
    return spell_units(game, player, card)


def as_cast(game: Game, player: int, card: CardDef, action: CastSpell) -> tuple[CardDef, ManaCost] | None:
    """The spell's characteristics and total cost for a cast naming these keywords; None for other casts."""
    names = parts(action.cost)
    if not names or not set(names) <= KEYWORDS:
        return None
    from systems.mechanics.alternative_costs import total_cost

    kicker, buyback, flashback, _ = info(card)
    base = card.mana_cost
    costs: list[ManaCost] = []
    for name in names:
        if name == "flashback" and flashback is not None:
            base = flashback.cost
        elif name == "rebound" and info(card)[3] is not None:
            base = ManaCost(())  # 702.88a: without paying its mana cost (an alternative cost of {0}, 118.9)
        elif name == "kicker" and kicker is not None:
            costs.append(kicker.cost)
        elif name == "buyback" and buyback is not None:
            costs.append(buyback.cost)
        else:
            raise ValueError(f"{card.name} has no {name} cost")
    spell = kicked_card(card) if "kicker" in names else card  # "If this spell was kicked, instead ..." (702.33d)
    return spell, total_cost(game, player, spell, combine(base, *costs) if costs else base)


_KICKED: dict[int, tuple[CardDef, CardDef]] = {}


def kicked_card(card: CardDef) -> CardDef:
    """The spell as cast kicked: the card itself, or, when its text says "If this spell was kicked, instead
    <instructions>", the card with those instructions and their targets (702.33d, 601.2c; ``CardObject.printed``
    keeps the card while it is a spell, systems/casting.py)."""
    hit = _KICKED.get(id(card))
    if hit is not None and hit[0] is card:
        return hit[1]
    from components.abilities import SpellAbility

    spell = next((a for a in card.abilities if isinstance(a, SpellAbility)), None)
    out = card
    if spell is not None and spell.instead is not None and spell.instead_if == "kicked":
        kicked = spell.instead
        out = dataclasses.replace(card, abilities=tuple(kicked if a is spell else a for a in card.abilities))
    _KICKED[id(card)] = (card, out)
    return out


def leave_stack_zone(game: Game, spell: int, zone: Zone) -> Zone:
    """702.34a: a spell cast with flashback is exiled instead of going anywhere else as it leaves the stack."""
    item = game.world.try_get(spell, StackItem)
    if item is not None and zone != Zone.EXILE and "flashback" in parts(item.cost):
        game.say(f"{game.name(spell)} is exiled instead (flashback)")
        return Zone.EXILE
    from systems.mechanics.graveyard_casting import leave_zone

    return leave_zone(game, spell, zone)  # jump-start (702.133a)


def finish_spell(game: Game, spell: int) -> None:
    """The last step of a resolving instant or sorcery (608.2n): to its owner's graveyard, or to their hand
    with buyback (702.27a), or to exile with rebound (702.88a); flashback exiles it in any case (702.34a)."""
    item = game.world.try_get(spell, StackItem)
    names = parts(item.cost) if item is not None else []
    card = game.card(spell)
    if "buyback" in names:
        game.say(f"{card.name} returns to its owner's hand (buyback)")
        move(game, spell, Zone.HAND)
        return
    rebound = info(game.obj(spell).printed or card)[3]
    if rebound is not None and item is not None and item.from_zone == int(Zone.HAND) and "flashback" not in names \
            and not game.obj(spell).is_copy:
        from systems.mechanics.rebound import exile_for_rebound

        exile_for_rebound(game, spell)
        return
    move(game, spell, Zone.GRAVEYARD)


@registry.condition("kicked")
def was_kicked(game: Game, cond: Condition, controller: int, source: int, event_object: int) -> bool:
    """702.33d: "if this spell was kicked" (the resolving spell) / "if it was kicked" (the permanent, or the
    spell it was). A Conditional inside a spell has no source object, so the resolving spell is asked."""
    if source >= 0 and source in game.cast_costs:
        return "kicker" in parts(game.cast_costs[source])
    spell = source
    if (spell < 0 or not game.world.exists(spell)) and game.resolution is not None:
        spell = game.resolution.ent
    if spell < 0 or not game.world.exists(spell):
        return False
    item = game.world.try_get(spell, StackItem)
    from components.objects import AbilityOnStack

    if item is None or game.world.has(spell, AbilityOnStack):
        return False
    return "kicker" in parts(item.cost)

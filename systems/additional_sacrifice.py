"""'As an additional cost to cast ~, sacrifice a creature.' (CR 601.2b, 601.2f-h, 118.8).

601.2b: the caster announces how they will pay additional costs; 601.2h: they pay them. The choice of which
permanents to sacrifice is part of each enumerated cast option (``CastSpell.sacrifice``): every set of
``count`` permanents the caster controls that match is its own option, so the engine never picks one, and a
spell whose additional cost can't be paid (too few such permanents) is never offered. Every way of casting
a card (from hand, alternative costs, casts while an ability resolves) builds its options through
:func:`with_sacrifices`. The permanents are sacrificed after the mana is paid (601.2h allows any order; a land
tapped for mana in 601.2g may then be sacrificed).
"""

from __future__ import annotations

import dataclasses
import itertools
from typing import TYPE_CHECKING

from components.abilities import AdditionalDiscard, AdditionalSacrifice

if TYPE_CHECKING:
    from components.card import CardDef
    from ecs.actions import CastSpell
    from ecs.game import Game

_INFO: dict[int, tuple[CardDef, AdditionalSacrifice | None, AdditionalDiscard | None]] = {}


def _info(card: CardDef) -> tuple[CardDef, AdditionalSacrifice | None, AdditionalDiscard | None]:
    hit = _INFO.get(id(card))
    if hit is None or hit[0] is not card:
        sac = next((a for a in card.abilities if isinstance(a, AdditionalSacrifice)), None)
        dis = next((a for a in card.abilities if isinstance(a, AdditionalDiscard)), None)
        hit = (card, sac, dis)
        _INFO[id(card)] = hit
    return hit


def requirement(card: CardDef) -> AdditionalSacrifice | None:
    return _info(card)[1]


def has_additional_cost(card: CardDef) -> bool:
    """Has the card an additional sacrifice or discard cost (601.2b)? Without one, ``with_sacrifices`` keeps its cast
    options as they are."""
    _, sacrifice, discard = _info(card)
    return sacrifice is not None or discard is not None


def discard_choices(game: Game, player: int, spell: int, n: int) -> list[tuple[int, ...]]:
    """Every set of ``n`` other cards in the caster's hand (identical cards are one choice)."""
    from components.objects import Zone

    hand = [c for c in game.zones[player][Zone.HAND] if c != spell]
    by_name: dict[str, list[int]] = {}
    for c in hand:
        by_name.setdefault(game.card(c).name, []).append(c)
    keys = sorted({tuple(sorted(game.card(c).name for c in combo)) for combo in itertools.combinations(hand, n)})
    out = []
    for key in keys:
        used: dict[str, int] = {}
        pick = []
        for name in key:
            pick.append(by_name[name][used.get(name, 0)])
            used[name] = used.get(name, 0) + 1
        out.append(tuple(pick))
    return out


def choices(game: Game, player: int, req: AdditionalSacrifice) -> list[tuple[int, ...]]:
    """Every set of permanents ``player`` controls that pays the cost (701.21a: only your own)."""
    from systems.costs import _own_matching

    mine = _own_matching(game, player, req.filter, -1)
    return list(itertools.combinations(mine, req.count))


def with_sacrifices(game: Game, player: int, options: list[CastSpell]) -> list[CastSpell]:
    """Each cast option of a card with an additional sacrifice cost becomes one option per choice of
    permanents (none when it can't be paid); other options are kept as they are."""
    out: list[CastSpell] = []
    cache: dict[int, list[tuple[int, ...]]] = {}
    costs: dict[int, tuple[AdditionalSacrifice | None, AdditionalDiscard | None]] = {}  # per card: its options share it
    for option in options:
        found = costs.get(option.card)
        if found is None:
            _, req, dis = _info(game.card(option.card))
            found = costs[option.card] = (req, dis)
        req, dis = found
        if req is None and dis is None:
            out.append(option)  # (most cards: no additional cost to choose)
            continue
        if req is not None and not option.sacrifice:
            key = id(req)
            if key not in cache:
                cache[key] = choices(game, player, req)
            expanded = [dataclasses.replace(option, sacrifice=s) for s in cache[key]]
        else:
            expanded = [option]
        if dis is not None and not option.discard:
            # "discard a card" (601.2b): other cards in the caster's hand (the spell is being cast)
            picks = discard_choices(game, player, option.card, dis.count)
            expanded = [dataclasses.replace(o, discard=d) for o in expanded for d in picks]
        out.extend(expanded)
    return out


def pay(game: Game, player: int, sacrifice: tuple[int, ...], discard: tuple[int, ...] = ()) -> None:
    """CR 601.2h: sacrifice the permanents and discard the cards chosen for the additional cost."""
    from systems.zones import discard as discard_card

    for c in discard:
        discard_card(game, player, c)  # a discard (701.8a): "whenever a player discards" sees it
    for p in sacrifice:
        game.say(f"{game.player_states[player].name} sacrifices {game.name(p)}")
        from systems.trigger_events import sacrifice as sacrifice_permanent

        sacrifice_permanent(game, p, player)  # 701.21a, with its trigger event

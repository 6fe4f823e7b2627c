"""Abilities granted in quotes (CR 113.1b, 113.7, 613.1f): 'Enchanted creature has "{T}: Draw a card."',
'All Slivers have "When this permanent enters, draw a card."', 'Target creature gains "When this creature
dies, ..." until end of turn.'

A quoted ability is an ability of the object it is granted to: "~" (this creature) inside the quotes is that
object, it is activated by that object's controller and triggers for it (113.1b, 113.7). It exists only while
the effect that grants it applies (611.3a, 611.2), in layer 6 in timestamp and dependency order (613.1f,
613.7, 613.8): an effect that removes all abilities removes abilities granted before it, not those granted
after it.

How it runs: the layer system (systems/layers.py) carries, per class row and per singled-out permanent, the
tuple of abilities granted to it (``Frame.granted``), exactly as it carries keyword bits; a "loses all
abilities" effect clears it. After the pass, :func:`sync` gives each permanent with granted abilities a
derived card definition: its own card's abilities (none if it lost them) followed by the granted ones, shared
by every permanent with the same card and the same grants. That card stands in for the permanent in
``game.trigger_sources``, ``game.activatable`` and ``game.mana_ability_sources``, so the trigger, activation
and mana systems see the granted abilities with their usual index-based bookkeeping; abilities put on the
stack keep the card they came from (113.7a: independent of their source). When the grant ends the permanent's
own card comes back. A permanent that leaves the battlefield keeps its last derived card as last known
information for its leaves-the-battlefield abilities (603.10a).

Self-only static abilities that the engine keeps as keyword bits ('"~ can't block."') are folded into the
effect's keyword bits (:func:`split`). Other static abilities are not granted (the compiler refuses them).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from components.abilities import (
    Ability,
    ActivatedAbility,
    Layer,
    ManaAbility,
    StaticEffect,
    TriggeredAbility,
)
from components.granting import grantable, keyword_static_bits

__all__ = ["GrantState", "grantable", "intrinsic_mana", "keyword_static_bits", "split", "sync"]

from components.card import CardDef  # (at run time: a class annotation of this module names it)

if TYPE_CHECKING:
    from ecs.game import Game
    from systems.layers import Frame


@dataclass
class GrantState:
    """Per game: the derived card of each permanent with granted abilities, and last known ones."""

    granted: dict[int, CardDef] = field(default_factory=dict)  # permanent -> its card with granted abilities
    left: dict[int, CardDef] = field(default_factory=dict)  # left the battlefield with them (603.10a)
    cache: dict[tuple[object, ...], CardDef] = field(default_factory=dict)
    effects: int = 0  # continuous effects that grant abilities now in the game
    keeps_source: bool = False  # a "This effect doesn't remove ~" static ability has been on the battlefield
    emblems: dict[int, int] = field(default_factory=dict)  # emblem object -> its controller (114, keywords/emblem.py)

    def __deepcopy__(self, memo: dict[int, object]) -> GrantState:
        # Card definitions are immutable and shared (Game.clone); the cache is keyed by value: shared too.
        return GrantState(dict(self.granted), dict(self.left), self.cache, self.effects, self.keeps_source,
                          dict(self.emblems))


_BASIC_MANA = {"Plains": 1, "Island": 2, "Swamp": 4, "Mountain": 8, "Forest": 16}
_INTRINSIC: dict[tuple[str, ...], tuple[ManaAbility, ...]] = {}


def intrinsic_mana(subtypes: tuple[str, ...]) -> tuple[ManaAbility, ...] | None:
    """305.7: the mana abilities a land gets from basic land types an effect sets (305.6: "{T}: Add {G}."), or
    None if the subtypes are not basic land types."""
    if not subtypes or any(s not in _BASIC_MANA for s in subtypes):
        return None
    found = _INTRINSIC.get(subtypes)
    if found is None:
        found = tuple(ManaAbility(f"{{T}}: Add {{{'WUBRG'[_BASIC_MANA[s].bit_length() - 1]}}}.", (_BASIC_MANA[s],))
                      for s in subtypes)
        _INTRINSIC[subtypes] = found
    return found


def split(abilities: tuple[Ability, ...]) -> tuple[int, tuple[Ability, ...]]:
    """(keyword bits, the other abilities) of a tuple of granted abilities."""
    bits = 0
    rest: list[Ability] = []
    for a in abilities:
        kw = keyword_static_bits(a)
        if kw is not None:
            bits |= kw
        else:
            rest.append(a)
    return bits, tuple(rest)


def ability_card(game: Game, ent: int) -> CardDef:
    """The card whose abilities the permanent has now: with granted abilities, or its own (707.2 copies)."""
    card = game.grants.granted.get(ent)
    return card if card is not None else game.card(ent)


def left_card(game: Game, old: int, card: CardDef) -> CardDef:
    """The abilities a permanent that has left the battlefield had as it left (603.10a)."""
    g = game.grants
    found = g.granted.get(old) or g.left.get(old)
    return found if found is not None else card


def _derived(game: Game, base: CardDef, abilities: tuple[Ability, ...], lost: bool) -> CardDef:
    key = (base, lost, abilities)
    cache = game.grants.cache
    card = cache.get(key)
    if card is None:
        own = () if lost else base.abilities  # 613.1f: lost abilities don't come back with the grant
        card = dataclasses.replace(base, abilities=tuple(own) + abilities)
        cache[key] = card
    return card


def _install(game: Game, ent: int, card: CardDef) -> None:
    if any(isinstance(a, TriggeredAbility) for a in card.abilities):
        game.trigger_sources[ent] = card
    else:
        game.trigger_sources.pop(ent, None)
    if any(isinstance(a, ActivatedAbility) for a in card.abilities):
        game.activatable[ent] = card
    else:
        game.activatable.pop(ent, None)
    if any(isinstance(a, ManaAbility) for a in card.abilities):
        game.mana_ability_sources.add(ent)
    else:
        game.mana_ability_sources.discard(ent)


def sync(game: Game, class_frame: Frame | None, subset: Frame | None, sub_ents: np.ndarray | None) -> None:
    """After a layer pass: install the derived cards of permanents with granted abilities, restore the
    others' own cards."""
    g = game.grants
    t = game.table
    n = t.n
    new: dict[int, tuple[Ability, ...]] = {}
    if class_frame is not None and class_frame.granted is not None:
        cg = class_frame.granted
        with_grants = [c for c, a in enumerate(cg) if a]
        if with_grants and n:
            cls = t.cls[:n]
            rows = np.flatnonzero(np.isin(cls, with_grants))
            for e, c in zip(t.entity[rows].tolist(), cls[rows].tolist(), strict=True):
                new[e] = cg[c]
    if subset is not None and subset.granted is not None and sub_ents is not None:
        for e, a in zip(sub_ents.tolist(), subset.granted, strict=True):
            if a:
                new[e] = a
            else:
                new.pop(e, None)
    old = g.granted
    if not new and not old:
        return
    fresh: dict[int, CardDef] = {}
    memo: dict[tuple[int, int, bool], CardDef] = {}  # the rows of a class share one tuple of abilities
    for ent, abilities in new.items():
        row = t.row_of[ent]
        base = game.card(ent)
        lost = bool(t.no_abilities[row])
        key = (id(base), id(abilities), lost)
        card = memo.get(key)
        if card is None:
            card = memo[key] = _derived(game, base, abilities, lost)
        fresh[ent] = card
        if old.get(ent) is not card or (game.trigger_sources.get(ent, card) is not card
                                        or game.activatable.get(ent, card) is not card):
            _install(game, ent, card)
    for ent, card in old.items():
        if ent in fresh:
            continue
        if ent not in t.row_of:
            g.left[ent] = card  # last known information for its leaves-the-battlefield triggers (603.10a)
            continue
        _install(game, ent, game.card(ent))  # the grant ended: its own abilities only
    g.granted = fresh


def kept_despite_own_protection(game: Game, aura: int, target: int) -> bool:
    """'Enchanted creature has protection from green. This effect doesn't remove [this Aura].' (Green Ward): the
    Aura stays attached unless protection from its other sources would remove it (702.16c, 704.5m). Looked at
    only when protection would remove it: the permanent's abilities are worked out again without the Aura's
    own protection-granting effect, on a copy of the game."""
    from components.objects import ContinuousEffect
    from systems.layers import remove_effect
    from systems.protection import can_attach

    if not any(isinstance(a, StaticEffect) and a.keeps_source for a in game.card(aura).abilities):
        return False
    other = game.clone()
    for ent in list(other.static_effects.get(aura, ())):
        ce = other.world.get(ent, ContinuousEffect)
        if ce.layer == Layer.ABILITY and ce.keywords_add:
            other.static_effects[aura].remove(ent)
            remove_effect(other, ent)
    other.refresh_layers()
    t = other.table
    return can_attach(int(t.get(target, "keywords")), int(t.get(aura, "colors")), int(t.get(aura, "types")))


__all__ = ["GrantState", "ability_card", "grantable", "left_card", "split", "sync"]

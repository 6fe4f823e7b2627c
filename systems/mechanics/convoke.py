"""Convoke (CR 702.51) and improvise (CR 702.126): "Convoke" / "Improvise" on their own line.

702.51a: untapped creatures you control may be tapped to pay for the spell's coloured mana of their colour or
its generic mana; 702.126a: untapped artifacts you control may be tapped to pay for its generic mana. The
payment is systems/mechanics/convoke.py.

Rules: Convoke (CR 702.51) and improvise (CR 702.126): tapping permanents rather than paying mana.

702.51a: "For each colored mana in this spell's total cost, you may tap an untapped creature of that color
you control rather than pay that mana. For each generic mana in this spell's total cost, you may tap an
untapped creature you control rather than pay that mana." 702.126a: "For each generic mana in this spell's
total cost, you may tap an untapped artifact you control rather than pay that mana." Neither is an
additional or alternative cost; both apply once the total cost is determined (702.51b, 702.126b), so the
total cost (systems/costs.py) is unchanged and only the ways of paying it grow.

Costs are paid automatically (systems/mana.py): each permanent that may be tapped this way is one more
payment unit, which pays one pip: a generic pip (the ``GENERIC_ONLY`` bit) or, for convoke, a coloured pip
of one of the creature's colours (hybrid pips included: each stands for one coloured mana). The payment
search is exact over these units (a cost is payable iff some assignment exists), and tapping a creature is
no {T} cost, so summoning sickness doesn't matter (302.6 restricts {T} abilities only).

A permanent is tapped once: a permanent with a mana ability that makes one mana is one unit whose mask
merges its mana with what tapping it for convoke/improvise pays (it is tapped either way). A permanent whose
mana ability makes more than one mana keeps its mana units only (the engine's documented limit: tapping it
for convoke instead is not considered, so such a payment may be missed, never made wrongly).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from components.abilities import Ability
from components.characteristics import CardType
from components.keyword_abilities import PaymentHelp
from content import registry
from systems.mana import GENERIC_ONLY, mana_sources
from systems.mana_spending import for_spending

if TYPE_CHECKING:
    from components.card import CardDef
    from ecs.game import Game


CONVOKE = PaymentHelp("Convoke", "convoke")
IMPROVISE = PaymentHelp("Improvise", "improvise")


def read(line: str, raw: str, name: str, types: CardType) -> Ability | None:
    word = line.strip().rstrip(".").lower()
    if word == "convoke":
        return CONVOKE
    if word == "improvise":
        return IMPROVISE
    return None


def render(abilities: list[object]) -> str | None:
    a = abilities[0] if len(abilities) == 1 else None
    return a.kind.capitalize() if isinstance(a, PaymentHelp) else None


registry.reader(read, priority=240)
registry.renderer(render, priority=200)


# ---------------------------------------------------------------- rules


CREATURE = int(CardType.CREATURE)
ARTIFACT = int(CardType.ARTIFACT)

_KINDS: dict[int, tuple[CardDef, frozenset[str]]] = {}


def help_kinds(card: CardDef) -> frozenset[str]:
    """"convoke" and/or "improvise" if the card has them."""
    hit = _KINDS.get(id(card))
    if hit is None or hit[0] is not card:
        hit = (card, frozenset(a.kind for a in card.abilities if isinstance(a, PaymentHelp)))
        _KINDS[id(card)] = hit
    return hit[1]


def spell_units(game: Game, player: int, card: CardDef, base: list[tuple[int, int]] | None = None
                ) -> list[tuple[int, int]]:
    """The payment units for casting ``card``: ``base`` (default: the player's mana) plus, with convoke or
    improvise, the permanents that may be tapped for it. Restricted mana pays only if its restriction allows
    casting ``card`` (106.6, systems/mana_spending.py)."""

    base = for_spending(game, player, mana_sources(game, player) if base is None else base, spell=card)
    kinds = help_kinds(card)
    if not kinds:
        return base
    units = list(base)
    t = game.table
    n = t.n
    if not n:
        return units
    game.refresh_layers()
    mine = (t.controller[:n] == player) & ~t.tapped[:n]
    types = t.types[:n]
    help_mask = np.zeros(n, dtype=np.int64)
    if "convoke" in kinds:
        creature = mine & ((types & CREATURE) != 0)
        help_mask[creature] = t.colors[:n][creature].astype(np.int64) | GENERIC_ONLY  # 702.51a
    if "improvise" in kinds:
        artifact = mine & ((types & ARTIFACT) != 0)
        help_mask[artifact] |= GENERIC_ONLY  # 702.126a: generic mana only
    rows = np.flatnonzero(help_mask)
    if not len(rows):
        return units
    where: dict[int, list[int]] = {}
    for i, (_, ent) in enumerate(units):
        if ent >= 0:
            where.setdefault(ent, []).append(i)
    for ent, extra in zip(t.entity[rows].tolist(), help_mask[rows].tolist(), strict=True):
        at = where.get(ent)
        if at is None:
            units.append((extra, ent))
        elif len(at) == 1:
            mask, _ = units[at[0]]
            units[at[0]] = (mask | extra, ent)  # one tap: its mana, or what convoke / improvise pays
    return units

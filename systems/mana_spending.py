"""Spending restricted mana (CR 106.6): mana from "{T}: Add {W}. Spend this mana only to cast a creature spell."
pays only for what its restriction allows.

Payment units (systems/mana.py) carry restricted mana in the bits above ``SHIFT``: a unit
``(mask, ent)`` whose ``mask >> SHIFT`` is non-zero offers those mana types only under the restriction of
its source's mana ability (``ent`` >= 0) or of restricted mana in the pool (``ent`` = -2 - index into
``PlayerState.restricted_pool``). Before a payment is searched, :func:`for_spending` turns the restricted
part into ordinary bits where the restriction allows what is being paid for (a spell being cast, or an
activated ability of a source) and drops it elsewhere; mana with no context (a triggered ability's cost,
"unless its controller pays") is never restricted mana. Nothing here runs unless a restricted unit exists.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from ecs.game import Game

SHIFT: Final = 9  # above GENERIC_ONLY (64) and CHOSEN_COLOR (128)
TYPES: Final = 63


RESTRICTED: Final = TYPES << SHIFT  # the bits of a unit's mana that is spendable only where its restriction allows (106.6)


def restricted_units(units: list[tuple[int, int]]) -> bool:
    """Is any unit restricted mana (106.6)? (A plain loop: asked at every priority stop, where ``any`` over a
    generator cost twice as much.)"""
    for m, _ in units:  # noqa: SIM110 - not any(): a generator costs a call per unit here
        if m & RESTRICTED:
            return True
    return False


def _restrictions(game: Game, player: int, ent: int) -> list[object]:
    if ent <= -2:
        return [game.player_states[player].restricted_pool[-2 - ent][1]]
    from components.abilities import ManaAbility

    card = game.grants.granted.get(ent) or game.card(ent)
    return [a.restriction for a in card.abilities
            if isinstance(a, ManaAbility) and a.restriction is not None]


def allows(game: Game, r: object, spell: object | None, source: int) -> bool:
    """May mana under restriction ``r`` pay for casting ``spell`` (a CardDef) / activating an ability of
    ``source``?"""
    if spell is not None:
        if r.spells is None:  # type: ignore[attr-defined]
            return False
        from systems.oracle_effects import card_matches

        return card_matches(spell, r.spells)  # type: ignore[attr-defined]
    if source < 0 or not r.abilities:  # type: ignore[attr-defined]
        return False
    f = r.ability_sources  # type: ignore[attr-defined]
    if f is None:
        return True
    t = game.table
    row = t.row_of.get(source)
    if row is None:
        from systems.oracle_effects import card_matches

        return card_matches(game.card(source), f)  # cycling from a hand (602.2)
    if f.types_any and not int(t.types[row]) & f.types_any:
        return False
    if f.subtypes_any:
        from systems.layers import subtypes_of

        return bool(set(f.subtypes_any) & subtypes_of(game, source))
    return True


def for_spending(game: Game, player: int, units: list[tuple[int, int]], spell: object | None = None,
                 source: int = -1) -> list[tuple[int, int]]:
    """``units`` with their restricted mana made spendable where the restriction allows paying for ``spell``
    (casting it, 601.2h) or for an activated ability of ``source`` (602.2b), and removed elsewhere (106.6).
    When several restricted mana abilities of one source merge into one unit, every restriction must allow it."""
    if not restricted_units(units):
        return units
    out: list[tuple[int, int]] = []
    verdict: dict[int, bool] = {}
    for mask, ent in units:
        high = (mask >> SHIFT) & TYPES  # (other flags above SHIFT, such as mana_triggers.EXTRA, are kept)
        if not high:
            out.append((mask, ent))
            continue
        ok = verdict.get(ent)
        if ok is None:
            ok = verdict[ent] = all(allows(game, r, spell, source) for r in _restrictions(game, player, ent))
        low = mask & ~(TYPES << SHIFT)
        if ok:
            low |= high & TYPES
        if low & 127:  # some mana type (or a convoke tap) left
            out.append((low, ent))
    return out


def pool_units(game: Game, player: int) -> list[tuple[int, int]]:
    """Restricted mana in the pool, one unit each."""
    pool = game.player_states[player].restricted_pool
    return [(bit << SHIFT, -2 - i) for i, (bit, _) in enumerate(pool)]


def spend_from_pool(game: Game, player: int, ents: list[int]) -> None:
    """Remove the restricted pool mana these units paid with."""
    pool = game.player_states[player].restricted_pool
    for i in sorted((-2 - e for e in ents), reverse=True):
        del pool[i]


def add_to_pool(game: Game, player: int, ent: int, masks: list[int]) -> None:
    """Restricted mana a mana ability made but the cost didn't use stays in the pool with its restriction
    (106.4, 106.6)."""
    rs = _restrictions(game, player, ent)
    if len(rs) != 1:
        return  # (merged restrictions: only single-restriction sources make more than one mana)
    pool = game.player_states[player].restricted_pool
    for m in masks:
        bits = (m >> SHIFT) & TYPES
        pool.append((bits, rs[0]))

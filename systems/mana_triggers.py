"""Triggered mana abilities (CR 605.1b, 605.4a): "Whenever enchanted land is tapped for mana, its controller adds
an additional {G}{G}." They trigger from a mana ability and resolve at once, so for the automatic payment
(systems/mana.py) an enchanted land simply offers more mana: the extra mana are payment units of the land
itself, flagged ``EXTRA``. Tapping the land for any of its units makes all of it - its own mana and the extra -
and what the cost doesn't use goes to its controller's mana pool (106.4). The Auras are found among
``game.mana_trigger_sources`` (systems/zones.py registers them as they enter); nothing runs when none is in
play.

Mana of a choice of types left in the pool takes the highest type it may be (the convention of
systems/mana.py ``_leftover_mana``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from components.mana_spending import TappedForManaExtra

if TYPE_CHECKING:
    from ecs.game import Game

EXTRA = 1 << 15  # a payment-unit flag: mana added by a triggered mana ability of an Aura on this land


def register(game: Game, ent: int, card: object) -> None:
    if any(isinstance(a, TappedForManaExtra) for a in card.abilities):  # type: ignore[attr-defined]
        game.mana_trigger_sources.add(ent)


def extra_mana(game: Game) -> dict[int, list[int]]:
    """Enchanted land -> the extra mana masks its Auras add whenever it is tapped for mana."""
    out: dict[int, list[int]] = {}
    t = game.table
    for ent in sorted(game.mana_trigger_sources):
        row = t.row_of.get(ent)
        if row is None:
            game.mana_trigger_sources.discard(ent)  # it left the battlefield
            continue
        if t.no_abilities[row]:
            continue
        card = game.grants.granted.get(ent) or game.card(ent)
        for a in card.abilities:
            if isinstance(a, TappedForManaExtra):
                land = int(t.attached_to[row])
                if land >= 0 and land in t.row_of:
                    out.setdefault(land, []).extend(a.produces)
    return out


def with_extra_units(game: Game, player: int, units: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """``units`` plus the extra mana of the player's enchanted lands that can be tapped for mana now."""
    extra = extra_mana(game)
    if not extra:
        return units
    t = game.table
    can_tap = {ent for _, ent in units if ent >= 0}
    out = list(units)
    for land, masks in sorted(extra.items()):
        if land in can_tap and int(t.controller[t.row_of[land]]) == player:
            out.extend((m | EXTRA, land) for m in masks)  # 605.1b: "its controller adds"
    return out


def own_units(game: Game, player: int, payment: list[tuple[int, int]]) -> dict[int, list[int]]:
    """Before the payment taps anything: the own mana units of each land whose extra mana the payment uses or
    that it taps, for :func:`leftovers`."""
    lands = {ent for mask, ent in payment if ent >= 0}
    extra = extra_mana(game)
    if not lands & set(extra):
        return {}
    from systems.mana import mana_sources

    own: dict[int, list[int]] = {land: [] for land in lands & set(extra)}
    for mask, ent in mana_sources(game, player):
        if ent in own and not mask & EXTRA:
            own[ent].append(mask)
    return own


def leftovers(game: Game, player: int, payment: list[tuple[int, int]], own: dict[int, list[int]],
              pool: list[int]) -> None:
    """The mana of each tapped enchanted land that the cost didn't use goes to the pool (605.1b, 106.4)."""
    if not own:
        return
    extra = extra_mana(game)
    for land, own_masks in own.items():
        used = [mask for mask, ent in payment if ent == land]
        used_extra = sum(1 for m in used if m & EXTRA)
        for m in extra.get(land, [])[used_extra:]:
            pool[(m & 63).bit_length() - 1] += 1
        if used_extra < len(used) or not own_masks:
            continue
        # tapped for its extra mana only: its own mana goes to the pool too (a multi-mana ability's is added by
        # systems/mana.py _leftover_mana)
        from systems.mana import mana_ability_units

        if land in game.mana_ability_sources and len(mana_ability_units(
                game.grants.granted.get(land) or game.card(land))) > 1:
            continue
        merged = 0
        for m in own_masks:
            merged |= m & 63
        if merged:
            pool[merged.bit_length() - 1] += 1
    game.say("triggered mana abilities add mana (605.1b)")


def tapped_manually(game: Game, player: int, land: int) -> None:
    """A land tapped for mana by an activated mana ability outside a payment (605.3a): its Auras' extra mana."""
    extra = extra_mana(game).get(land)
    if not extra:
        return
    pool = game.player_states[player].mana_pool
    for m in extra:
        pool[(m & 63).bit_length() - 1] += 1

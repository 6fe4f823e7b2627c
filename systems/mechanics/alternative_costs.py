"""Ways to cast a spell other than for its mana cost, named by keyword in ``CastSpell.cost`` (CR 601.2b,
601.2f, 118.9), and the halves of split cards (``CastSpell.face``, CR 709.3).

* a split card's halves (709.3, 709.3a: only the chosen half is looked at to see if it can be cast), and
  both halves fused from the hand (fuse, 702.102a, cost "fuse": both mana costs, 702.102c);
* "overload": the overload cost, no targets (702.96a-b);
* "bestow": the bestow cost, targeting a creature as an Aura spell (702.103a-b, 702.103d);
* "miracle" and "cipher" are offered only while their triggered abilities resolve (systems/mechanics/
  cast_card.py): the miracle cost (702.94a), and a copy cast without paying its mana cost (702.99a).

The spell on the stack takes the characteristics the choice gives it (a half, the fused spell, the
overloaded text, the bestowed Aura): ``CardObject.card`` holds them and ``CardObject.printed`` the card,
which it is again once it leaves the stack (systems/zones.py ``move``). Cost increases and reductions
apply to an alternative cost too (118.9d, systems/costs.py).
"""

from __future__ import annotations

import dataclasses
import importlib
from typing import TYPE_CHECKING, TypeVar

from components.characteristics import CardType, ManaCost
from components.double_faced import Morph
from components.keyword_abilities import Bestow, Overload
from components.keywords import Keyword
from components.objects import MAIN_STEPS
from ecs.actions import CastSpell
from systems import mana
from systems.additional_sacrifice import has_additional_cost, with_sacrifices
from systems.casting import (
    _mode_choices,
    _target_choices,
    any_target_choice,
    mode_target_choices,
    payable_xs,
    sorcery_timing,
    spell_ability,
    spell_targets,
)
from systems.costs import cost_changes_in_play, effective_cost, has_own_cost_change
from systems.definition_memos import recall
from systems.flash_permission import any_time, own_permission
from systems.mana import mana_sources, payable
from systems.mechanics import bestow, overload, split_cards
from systems.mechanics.escalate import drop_unpaid
from systems.mechanics.face_down import face_down_way
from systems.targeting import kept_with_layers
from systems.zones import hand_cards

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator
    from types import ModuleType

    from components.card import CardDef
    from ecs.game import Game

A = TypeVar("A")
V = TypeVar("V")

INSTANT = int(CardType.INSTANT)
LAND = int(CardType.LAND)
FLASH = int(Keyword.FLASH)
FREE = ManaCost(())  # "without paying its mana cost": an alternative cost of {0} (118.9)
KEYWORDS = frozenset({"fuse", "overload", "bestow", "miracle", "cipher", "morph", "disguise", "disturb"})

# The ways a card in hand may be cast besides its plain mana cost: (keyword, face, characteristics, cost).
Way = tuple[str, int, "CardDef", ManaCost]
_WAYS: dict[int, tuple[CardDef, tuple[Way, ...]]] = {}


def ways(card: CardDef) -> tuple[Way, ...]:
    hit = _WAYS.get(id(card))
    if hit is not None and hit[0] is card:
        return hit[1]
    out: list[Way] = []
    if split_cards.is_split(card):
        out.extend(("", i, face, face.mana_cost) for i, face in enumerate(card.faces))  # 709.3
        fused = split_cards.fused(card) if split_cards.has_fuse(card) else None
        if fused is not None:
            out.append(("fuse", -1, fused, card.mana_cost))  # 702.102c: the mana costs of both halves
    elif card.layout == "modal_dfc" and len(card.faces) == 2 and not card.faces[1].type_bits & LAND:
        out.append(("", 1, card.faces[1], card.faces[1].mana_cost))  # 712.11b: cast as its back face
    for ability in card.abilities:
        if isinstance(ability, Overload):
            out.append(("overload", -1, overload.overloaded(card), ability.cost))
        elif isinstance(ability, Bestow):
            out.append(("bestow", -1, bestow.bestowed(card), ability.cost))
        elif isinstance(ability, Morph):
            way = face_down_way(card)
            assert way is not None  # (a card with morph has its face-down way)
            keyword, face_down, three = way
            out.append((keyword, -1, face_down, three))  # 702.37c, 702.168b: face down for {3}
    result = tuple(out)
    _WAYS[id(card)] = (card, result)
    return result


def cards_with_ways(game: Game, player: int) -> list[tuple[int, CardDef, tuple[Way, ...]]]:
    """The cards in hand with other ways to be cast, one per name (identical cards are one option);
    cached until a hand changes, since most priority stops see the same hand."""
    key = ("ways", player)
    cached = game.hand_filter_cache.get(key)
    if cached is not None and cached[0] == game.hand_versions[player]:
        return cached[1]
    out: list[tuple[int, CardDef, tuple[Way, ...]]] = []
    seen: set[str] = set()
    for ent, card in hand_cards(game, player):
        options = ways(card)
        if options and card.name not in seen:
            seen.add(card.name)
            out.append((ent, card, options))
    game.hand_filter_cache[key] = (game.hand_versions[player], out)
    return out


def cast_variants(game: Game, player: int) -> list[CastSpell]:
    """Every split-card half, fused split spell, overloaded and bestowed spell ``player`` may cast from
    their hand now, with every legal choice of X, modes and targets (601.2b-c)."""
    return [cast for casts in _variant_casts(game, player) for cast in casts]


def may_cast_variant(game: Game, player: int) -> bool:
    """False only if ``cast_variants`` would list nothing, found without listing anything (issue 11: the pass-only
    proof asks this at every priority stop while a split, overload, bestow or morph card is in hand). A way lists
    nothing if its timing is wrong (307.1), its total cost can't be paid (601.2f-h) or, for a spell without modes
    or fused halves, a target slot has no legal choice (601.2c); any other way may list something (its modes, X and
    sacrifices are left to ``cast_variants``).

    A False answer is kept for the hand's version, the timing and the mana units (with no cost change in play and no
    card's own cost change or flash permission: those read other state), and, if a way was rejected for its targets,
    the layers version (``casting.no_hand_cast`` keeps its answer so too): a player holding a split card they can't
    pay for passes at every stop of a turn."""
    if game.static_rule_sources:  # (flash permissions, 601.3a: the timing reads more than the card)
        return _may_cast_variant(game, player, None)
    t = game.table
    sorcery_ok = sorcery_timing(game, player)
    key = (game.hand_versions[player], tuple(mana_sources(game, player)))
    kept_at = ("no variant sorcery" if sorcery_ok else "no variant", player)
    held = game.hand_filter_cache.get(kept_at)
    kept = held is not None and held[1][0] == key \
        and (held[1][1] is None or (held[1][1] == t.layers_version and not t.layers_dirty))
    if kept and not mana.CHECKS.on:  # (read at the call: tests turn it on)
        return False
    keep: list[int | None] = [None]  # the layers version the targets were read at; -1: the answer reads more
    found = _may_cast_variant(game, player, keep)
    assert not (kept and found), f"stale variant answer for player {player}"
    if not found and keep[0] != -1:
        game.hand_filter_cache[kept_at] = (0, (key, keep[0]))  # (the version slot unused: the key names the hand's)
    return found


def _may_cast_variant(game: Game, player: int, keep: list[int | None] | None) -> bool:
    """``may_cast_variant``'s answer found; ``keep[0]`` is set to -1 if it read more than the hand, the timing and the
    units, else to the layers version a way's targets were read at (if one was)."""
    changes: bool | None = None
    if keep is not None and any(own_permission(spell) for _e, _c, options in cards_with_ways(game, player)
                                for _k, _f, spell, _cost in options):
        keep[0] = -1  # "you may cast ~ as though it had flash" if ...: its timing reads a condition
    for ent, keyword, _face, spell, cost, units in _ways_now(game, player):
        if changes is None:
            changes = cost_changes_in_play(game)
        if changes or has_own_cost_change(spell):
            total = total_cost(game, player, spell, cost)
            if keep is not None:
                keep[0] = -1
        else:  # (no increase nor reduction in play, none of its own: total_cost would give the way's cost, 601.2f)
            total = cost
            if mana.CHECKS.on:  # (read at the call: tests turn it on)
                assert total_cost(game, player, spell, cost) == cost, f"a changed cost of {spell.name}'s {keyword}"
        if total.mana_value() > len(units) or not payable(game, player, total, units):
            continue  # (mana.payable: find_payment's answer, memoised)
        ability = spell_ability(spell)
        if (ability is not None and ability.modes) or keyword == "fuse":
            return True
        specs = spell_targets(spell)
        if not specs or any_target_choice(game, specs, player, ent):
            return True
        if keep is not None and keep[0] != -1:
            t = game.table
            # 601.2c: no target; the answer lasts while the candidates do (targeting.kept_with_layers)
            keep[0] = t.layers_version if not t.layers_dirty and all(kept_with_layers(s) for s in specs) else -1
    return False


def _variant_casts(game: Game, player: int) -> Iterator[list[CastSpell]]:
    """The casts of each way of each card in hand, one list a way, computed as they are asked for."""
    changes: bool | None = None
    for ent, keyword, face, spell, cost, units in _ways_now(game, player):
        if changes is None:
            changes = cost_changes_in_play(game)
        # (with no increase nor reduction in play and none of its own, total_cost gives the way's cost, 601.2f: no call)
        total = None if changes or _own_change(spell) else cost
        yield spell_choices(game, player, ent, spell, cost, keyword, face, units, total)


_OWN_CHANGE: dict[int, tuple[CardDef, bool]] = {}  # id(spell) -> (spell, has_own_cost_change(spell)): kept with it


def _own_change(spell: CardDef) -> bool:
    """``has_own_cost_change(spell)``, kept per definition (a card's abilities don't change)."""
    return recall(_OWN_CHANGE, spell, has_own_cost_change, mana.CHECKS.on)


def _ways_now(game: Game, player: int
              ) -> Iterator[tuple[int, str, int, CardDef, ManaCost, list[tuple[int, int]]]]:
    """(card, keyword, face, spell, cost, the player's mana units) for each way of each card in hand whose spell may
    be cast now (702.103d, 709.3a: with the timing of the spell as it would be cast, a bestowed Aura, one half)."""
    # (sorcery_timing inlined, and asked first: at sorcery timing any way's timing is right without any_time's call,
    # which reads the game only)
    sorcery_ok = game.active == player and game.step in MAIN_STEPS and not game.stack
    units = None
    for ent, _card, options in cards_with_ways(game, player):
        for keyword, face, spell, cost in options:
            if not sorcery_ok and not any_time(game, player, spell):
                continue
            if units is None:
                units = mana_sources(game, player)
            yield ent, keyword, face, spell, cost, units


def total_cost(game: Game, player: int, spell: CardDef, cost: ManaCost) -> ManaCost:
    """601.2f, 118.9d: the alternative cost plus increases and minus reductions."""
    if cost is spell.mana_cost:
        return effective_cost(game, player, spell)
    changed = effective_cost(game, player, spell)
    if changed is spell.mana_cost:
        return cost  # nothing changes what this spell costs
    return effective_cost(game, player, dataclasses.replace(spell, mana_cost=cost))


def hand_cards_with(game: Game, player: int, key: str, wanted: Callable[[CardDef], object]
                    ) -> list[tuple[int, CardDef]]:
    """The cards in ``player``'s hand, one per name (identical cards are one option), for which ``wanted`` is true;
    cached under ``key`` until a hand changes, since most priority stops see the same hand."""
    cache_key = (key, player)
    cached = game.hand_filter_cache.get(cache_key)
    if cached is None or cached[0] != game.hand_versions[player]:
        found, seen = [], set()
        for ent, card in hand_cards(game, player):
            if card.name not in seen and wanted(card):
                seen.add(card.name)
                found.append((ent, card))
        cached = game.hand_filter_cache[cache_key] = (game.hand_versions[player], found)
    return cached[1]


def castable_hand_cards(game: Game, player: int, key: str, wanted: Callable[[CardDef], object]
                        ) -> Iterator[tuple[int, CardDef]]:
    """The cards of ``hand_cards_with`` that may be cast now with their normal timing (117.1a, 702.8a, 601.3a: any
    time; else 307.1: a main phase, an empty stack)."""
    for ent, card in hand_cards_with(game, player, key, wanted):
        if any_time(game, player, card) or sorcery_timing(game, player):
            yield ent, card


def hand_spells_with(game: Game, player: int, variant_of: Callable[[CardDef], tuple[A | None, V | None]]
                     ) -> Iterator[tuple[int, CardDef, A, V]]:
    """The cards in ``player``'s hand, one per name, that ``variant_of`` gives an ability and a spell variant,
    and that may be cast now with their normal timing (117.1a, 702.8a, 601.3a: any time; else 307.1: a main phase,
    an empty stack): (entity, card, ability, variant), for a keyword cast from the hand as its own option."""
    seen: set[str] = set()
    for ent, card in hand_cards(game, player):
        if card.name in seen:
            continue
        a, variant = variant_of(card)
        if a is None or variant is None:
            continue
        seen.add(card.name)
        if not (any_time(game, player, card) or sorcery_timing(game, player)):
            continue
        yield ent, card, a, variant


def spell_choices(game: Game, player: int, ent: int, spell: CardDef, cost: ManaCost, keyword: str, face: int,
                  units: list[tuple[int, int]] | None = None, total: ManaCost | None = None) -> list[CastSpell]:
    """CastSpell options for casting ``ent`` as ``spell`` for ``cost``: each payable X (107.3, 601.2b; X is
    0 when no mana cost is paid, 107.3b), each set of modes (700.2) and each choice of targets (601.2c). ``total``:
    ``total_cost(game, player, spell, cost)`` if the caller knows it."""
    if units is None:
        units = mana_sources(game, player)
    if total is None:
        cost = total_cost(game, player, spell, cost)
    else:
        if mana.CHECKS.on:  # (read at the call: tests turn it on)
            assert total == total_cost(game, player, spell, cost), f"a changed cost of {spell.name}'s {keyword}"
        cost = total
    if cost.mana_value() > len(units) or not payable(game, player, cost, units):
        return []  # (mana.payable: find_payment's answer, memoised)
    xs: range | list[int] = [0]
    if cost.has_x:
        xs = payable_xs(game, player, cost, units)
    out: list[CastSpell] = []
    ability = spell_ability(spell)
    for x in xs:
        if ability is not None and ability.modes:
            for modes in _mode_choices(ability):  # 115.3: one object may be the target of two modes
                out.extend([CastSpell(ent, combo, x, modes, keyword, face)
                            for combo in mode_target_choices(game, ability, modes, player, ent)])
            continue
        if keyword == "fuse":
            # 115.3: each half's "target" is a different instance of the word, so one object may be
            # chosen by both halves; within a half it may not.
            left, right = (spell_targets(f) for f in spell.faces)
            out.extend(CastSpell(ent, a + b, x, (), keyword, face)
                       for a in _target_choices(game, left, player, ent)
                       for b in _target_choices(game, right, player, ent))
            continue
        specs = spell_targets(spell)
        if not specs:
            out.append(CastSpell(ent, (), x, (), keyword, face))
        else:
            out.extend([CastSpell(ent, combo, x, (), keyword, face)
                        for combo in _target_choices(game, specs, player, ent)])  # (a list: no generator to resume)
    # "As an additional cost ..., sacrifice ..." (601.2b); escalate's extra modes only when paid for (702.120a). Both
    # keep the options of a card with no additional cost, and those with one mode or none, as they are: asked only
    # if the card has such a cost (with_sacrifices reads the card in hand) or the spell modes.
    listed = drop_unpaid(game, with_sacrifices(game, player, out)) if mana.CHECKS.on else None  # (tests turn it on)
    if out:
        if has_additional_cost(game.card(ent)):
            out = with_sacrifices(game, player, out)
        if ability is not None and ability.modes:
            out = drop_unpaid(game, out)
    assert listed is None or listed == out, f"{spell.name}'s options differ from with_sacrifices' for player {player}"
    return out


# The keyword modules that cast a spell some other way, asked in this order by ``as_cast`` (each answers None for a
# cast that isn't its own; imported when first asked).
_CAST_WAYS = (
    "graveyard_casting",  # jump-start, retrace, escape, flashback with other costs (702.133, 702.81, 702.138, 702.34)
    "additional_costs",  # kicker, buyback, flashback (702.33, 702.27, 702.34)
    "exile_casting",  # suspend, plot: without paying its mana cost
    "copy_on_cast",  # casualty, conspire (702.153a, 702.78a)
    "entering_costs",  # offspring, evoke (702.175a, 702.74a)
    "madness",  # madness (702.35a)
    "delve",  # delve (702.66a)
    "this_turn_costs",  # prowl, freerunning (702.76a, 702.173a)
    "ripple",  # ripple (702.60a)
    "awaken",  # awaken (702.113a)
    "splice",  # splice onto Arcane (702.47a)
    "prototype",  # prototype (702.160a, 718.3)
    "entwine",  # entwine (702.42a)
    "gift",  # gift (702.174a)
    "escalate",  # escalate (702.120a)
    "cleave",  # cleave (702.148a)
    "bargain",  # bargain (702.166a)
    "cascade",  # cascade (702.85a): without paying its mana cost
)


_CAST_MODULES: dict[str, ModuleType] = {}  # name -> the module, once imported (import_module costs each time)


def as_cast(game: Game, player: int, card: CardDef, action: CastSpell) -> tuple[CardDef, ManaCost]:
    """The spell's characteristics on the stack and the total cost to pay for this cast (601.2f)."""
    for name in _CAST_WAYS:
        module = _CAST_MODULES.get(name)
        if module is None:
            module = _CAST_MODULES[name] = importlib.import_module(f"systems.mechanics.{name}")
        more = module.as_cast(game, player, card, action)
        if more is not None:
            return more
    if action.face >= 0 and (split_cards.is_split(card) or card.layout == "modal_dfc"):
        spell = card.faces[action.face]  # 709.3b; 712.11b: the modal double-faced card's chosen face
        return spell, total_cost(game, player, spell, spell.mana_cost)
    keyword = action.cost
    if keyword == "fuse":
        fused = split_cards.fused(card)
        assert fused is not None
        return fused, total_cost(game, player, fused, card.mana_cost)
    if keyword == "overload":
        ov = overload.overload_of(card)
        assert ov is not None
        spell = overload.overloaded(card)
        return spell, total_cost(game, player, spell, ov.cost)
    if keyword == "bestow":
        b = bestow.bestow_of(card)
        assert b is not None
        spell = bestow.bestowed(card)
        return spell, total_cost(game, player, spell, b.cost)
    if keyword == "miracle":
        from systems.mechanics.miracle import miracle_of

        m = miracle_of(card)
        assert m is not None
        return card, total_cost(game, player, card, m.cost)
    if keyword == "cipher":
        return card, total_cost(game, player, card, FREE)
    if keyword == "disturb":
        from systems.mechanics.double_faced import disturb_cast

        return disturb_cast(game, player, card)  # 702.146a: the back face
    if keyword in ("morph", "disguise"):
        from systems.mechanics.face_down import cast_face_down

        way = face_down_way(card)
        assert way is not None and way[0] == keyword
        cast_face_down(game)
        return way[1], total_cost(game, player, way[1], way[2])  # 702.37c: a face-down spell, {3}
    return card, total_cost(game, player, card, card.mana_cost)

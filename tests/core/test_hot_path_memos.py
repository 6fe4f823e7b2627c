"""The hot-path memos and fast paths (systems/mana.py ``_assign``, systems/protection.py qualities,
systems/state_based.py ``permanents_to_die``) give exactly what the plain computations give, and no
memo hands out an answer that belongs to other inputs (a stale or shared cache)."""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest

from systems import mana
from systems.mana import GENERIC_PIP, _assign, _search
from systems.protection import _qualities_of_arrays, card_qualities, qualities, scalar_qualities

W, U, B, R, G, C = 1, 2, 4, 8, 16, 32


def test_601_2h_assign_memo_matches_search_for_every_small_case() -> None:
    """CR 601.2h: which units pay which pips. The memo's answer equals the backtracking search's, also when
    the same masks come back with other pips or in another order (the key is pips and masks in order)."""
    rng = random.Random(5)
    masks = [W, U, B, R, G, C, W | U, R | G, 31, 63]
    pip_kinds = [W, U, B, R, G, C, GENERIC_PIP, W | U]
    mana._ASSIGNED.clear()
    for _ in range(3000):
        units = [(rng.choice(masks), rng.randrange(100)) for _ in range(rng.randrange(0, 7))]
        pips = [rng.choice(pip_kinds) for _ in range(rng.randrange(0, 6))]
        expected = _search(pips, units) if len(pips) <= len(units) else None
        assert _assign(pips, units) == expected
        assert _assign(pips, units) == expected  # the second time from the memo


def test_assign_memo_tells_pips_and_unit_order_apart() -> None:
    mana._ASSIGNED.clear()
    units = [(W, 10), (U, 11)]
    assert _assign([W], units) == [0]
    assert _assign([U], units) == [1]  # same units, other pips: not the first answer
    assert _assign([U], [(U, 11), (W, 10)]) == [0]  # same masks in another order: indices follow the order
    assert _assign([B], units) is None
    assert _assign([W], [(W | U, 3), (U, 4)]) == [0]


def test_assign_memo_hands_out_copies() -> None:
    """A caller changing the list it got must not change the memo's later answers."""
    mana._ASSIGNED.clear()
    units = [(R, 1), (G, 2)]
    first = _assign([G, R], units)
    assert first == [1, 0]
    first[0] = 99
    assert _assign([G, R], units) == [1, 0]


def test_assign_memo_starts_afresh_when_full(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(mana, "_ASSIGNED_MAX", 4)
    mana._ASSIGNED.clear()
    for k in range(10):
        assert _assign([GENERIC_PIP] * k, [(W, 0)] * 9) == (list(range(k)) if k <= 9 else None)
        assert len(mana._ASSIGNED) <= 4


def test_601_2h_find_payment_same_answer_twice() -> None:
    """find_payment through the memo: the same cost over the same units pays with the same units."""
    from content.decks import load_deck
    from content.mana import parse_mana_cost
    from ecs.setup import new_game

    game = new_game([load_deck("red_green_aggro")[1], load_deck("white_blue_skies")[1]], 1, log=False)
    mana._ASSIGNED.clear()
    cost = parse_mana_cost("{1}{G}")
    units = [(R, 5), (G, 6), (W, 7)]
    first = mana.find_payment(game, 0, cost, 0, units)
    second = mana.find_payment(game, 0, cost, 0, units)
    assert first == second and sorted(first or []) == [(R, 5), (G, 6)]
    assert mana.find_payment(game, 0, cost, 0, [(R, 5), (W, 7)]) is None  # no green: not the memo's answer


def test_702_16a_qualities_fast_path_equals_array_computation() -> None:
    """CR 702.16a: a source's qualities (colours, multicolored/monocolored, card types): the per-source
    memoised path gives what the whole-array computation gives, for every colour and type combination."""
    colors = np.array([c for c in range(32) for _ in range(8)], dtype=np.uint8)
    types = np.array([t for _ in range(32) for t in (0, 1, 2, 4, 8, 16, 64, 1 | 2 | 4 | 8 | 16 | 32 | 64)],
                     dtype=np.uint32)
    whole = _qualities_of_arrays(colors, types)
    for lo in range(0, len(colors), 50):
        part = qualities(colors[lo:lo + 50], types[lo:lo + 50])  # small: the memoised path
        assert part.dtype == whole.dtype and np.array_equal(part, whole[lo:lo + 50])
    assert np.array_equal(qualities(colors, types), whole)  # large: the array path
    for c, t in itertools.product((0, 1, 3, 31), (0, 2, 4)):
        assert scalar_qualities(c, t) == int(_qualities_of_arrays(np.array([c]), np.array([t]))[0])
    assert qualities(np.zeros(0, dtype=np.uint8), np.zeros(0, dtype=np.uint32)).shape == (0,)


def test_702_16a_card_qualities_follow_the_card() -> None:
    """Two cards of different colours never share a memo entry."""
    from board import creature

    from content.card_pool import card_from_json

    # (real card definitions: compiled, card_qualities takes nothing but a CardDef)
    red = card_from_json(creature("Test Red Bear", 2, 2, cost="{R}"))
    blue = card_from_json(creature("Test Blue Bear", 2, 2, cost="{U}"))
    assert (red.colors, blue.colors) == (R, U) and red.type_bits == blue.type_bits
    assert card_qualities(red) != card_qualities(blue)
    assert card_qualities(red) == scalar_qualities(R, red.type_bits)


def test_601_2h_cast_actions_shortcut_agrees_with_spell_units() -> None:
    """systems/casting.py cast_actions skips spell_units when the mana has no restriction (106.6) and the card
    has neither convoke nor improvise (702.51a, 702.126a): spell_units must then give the units unchanged. If
    spell_units learns another way to add or drop units, this fails and the shortcut must learn it too."""
    from content.card_pool import builtin_pool
    from content.decks import load_deck
    from ecs.setup import new_game
    from systems.mechanics.convoke import help_kinds, spell_units

    game = new_game([load_deck("red_green_aggro")[1], load_deck("white_blue_skies")[1]], 3, log=False)
    units = [(R, -1), (G, 5), (W | U, 6)]
    checked = 0
    for card in builtin_pool().cards.values():
        if not help_kinds(card):
            assert spell_units(game, 0, card, units) == units
            checked += 1
    assert checked > 100


def test_601_2h_find_payment_fast_path_matches_the_search() -> None:
    """CR 601.2g-h: find_payment's path for units without a "two mana of any one color" source (memoised pips,
    no colour choices) pays with the units the backtracking search picks over the cost's pips in order."""
    from content.decks import load_deck
    from content.mana import parse_mana_cost
    from ecs.setup import new_game

    game = new_game([load_deck("red_green_aggro")[1], load_deck("white_blue_skies")[1]], 1, log=False)
    rng = random.Random(7)
    texts = ["{W}", "{1}{G}", "{2}{U}{U}", "{R}{G}", "{X}{R}", "{C}", "{W/U}{B}", "{2/W}", "{3}", "{G/P}{1}", "{0}"]
    masks = [W, U, B, R, G, C, W | U, R | G, 31, 63]
    mana._ASSIGNED.clear()
    for _ in range(2000):
        cost = parse_mana_cost(rng.choice(texts))
        x = rng.randrange(3)
        units = [(rng.choice(masks), rng.randrange(100)) for _ in range(rng.randrange(0, 7))]
        expected = None
        for pips in mana._pips(cost, x) or []:
            chosen = _search(pips, units) if len(pips) <= len(units) else None
            if chosen is not None:
                expected = [units[i] for i in chosen]
                break
        assert mana.find_payment(game, 0, cost, x, units) == expected
        assert mana.find_payment(game, 0, cost, x, list(units)) == expected  # the second time from the memos


def _play_random_pool_games() -> None:
    """Three random games of random pool decks (the seed's decks hold a shroud creature)."""
    from ecs.agents import RandomAgent, play_out
    from ecs.fuzz import deck_spells, random_deck
    from ecs.setup import new_game

    rng = np.random.default_rng(3)
    spells = deck_spells()
    for seed in range(3):
        game = new_game([random_deck(rng, spells), random_deck(rng, spells)], 200 + seed, log=False, max_turns=30)
        play_out(game, [RandomAgent(seed), RandomAgent(seed + 1)])


# (replaces targeting._permanent_mask and held_keywords to compare both masks; compiled code calls the real ones)
@pytest.mark.plain_python
def test_115_targets_skipping_absent_keywords_matches_the_full_masks(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """CR 702.18a, 702.11b, 702.16b, 702.11d: a target mask that skips shroud, hexproof and protection when no
    permanent has them (systems/targeting.held_keywords) equals the mask that applies every one, in random games
    of random pool decks (which hold hexproof, shroud and protection permanents)."""
    from systems import targeting

    held = targeting.held_keywords
    full = targeting._permanent_mask
    checked = []

    def both(game, spec, controller, source=-1, self_object=-1):  # type: ignore[no-untyped-def]
        fast = full(game, spec, controller, source, self_object)
        monkeypatch.setattr(targeting, "held_keywords", lambda g: -1)  # every bit: every rule applied
        try:
            slow = full(game, spec, controller, source, self_object)
        finally:
            monkeypatch.setattr(targeting, "held_keywords", held)
        assert np.array_equal(fast, slow), f"target masks differ for {spec}"
        checked.append(held(game))
        return fast

    monkeypatch.setattr(targeting, "_permanent_mask", both)
    _play_random_pool_games()
    assert len(checked) > 20 and any(checked)  # (some boards held shroud or hexproof)


# (replaces targeting._row_candidates to compare it with the masks; compiled code calls the real one)
@pytest.mark.plain_python
def test_115_row_candidates_match_the_masks_in_random_games(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """CR 115.1, 601.2c, 702.18a, 702.11b: a slot's candidates found row by row on a small board
    (systems/targeting._row_candidates) are those the whole-column masks give, less the source (CR 115.5), in random
    games of random pool decks (their cards' target filters; boards with shroud or hexproof permanents)."""
    from systems import targeting

    rows = targeting._row_candidates
    checked: list[int] = []

    def both(game, spec, controller, source, self_object):  # type: ignore[no-untyped-def]
        found = rows(game, spec, controller, source, self_object)
        if found is not None:
            t = game.table
            mask = targeting._permanent_mask(game, spec, controller, source, self_object)
            assert found == tuple(e for e in t.entity[: t.n][mask].tolist() if e != source), f"{spec}"
            checked.append(targeting.held_keywords(game) & (targeting._SHROUD_BIT | targeting._HEXPROOF_BIT))
        return found

    monkeypatch.setattr(targeting, "_row_candidates", both)
    _play_random_pool_games()
    assert len(checked) > 20 and any(checked)  # (some boards held shroud or hexproof)


def test_110_2_enter_facts_memo_matches_the_cards_and_tells_definitions_apart() -> None:
    """CR 110.2, 306.5b, 614.1c: what a permanent entering reads off its card definition (systems/zones.py
    ``_enter_facts``) is the plain reading for every card of the pool, the second time from the memo too, and a
    definition at a recycled id is not answered with another's facts (the card is kept and compared)."""
    from content.card_pool import builtin_pool
    from systems import zones

    zones._ENTER_FACTS.clear()
    cards = [builtin_pool().get(name) for name in sorted(builtin_pool().names())[:400]]
    for card in cards:
        expected = zones._card_enter_facts(card)
        assert zones._enter_facts(card) == expected
        assert zones._enter_facts(card) == expected
    first, other = cards[0], next(c for c in cards if zones._card_enter_facts(c) != zones._card_enter_facts(cards[0]))
    zones._ENTER_FACTS[id(other)] = (first, zones._card_enter_facts(first))  # another definition at this id
    assert zones._enter_facts(other) == zones._card_enter_facts(other)

"""The same board gives the same characteristics whatever order its parts were created in (CR 613.7:
order within a layer comes from timestamps, not from entity ids or table rows). A deterministic
companion to the property test in test_layers_property.py.
"""

from __future__ import annotations

import itertools

import pytest
from layer_support import (
    ARTIFACT,
    CREATURE,
    FLYING,
    TRAMPLE,
    Layer,
    PermanentFilter,
    R,
    board,
    chars,
    effect,
    inline_card,
    put,
)

from systems.counters import add_counters
from systems.layers_reference import bulk_characteristics, reference_characteristics

RELIC = inline_card("Test Relic", "Artifact")
SHRINE = inline_card("Test Shrine", "Enchantment")
PERMANENTS = [("angel", "Serra Angel", 0), ("bear", "Grizzly Bears", 0), ("guardian", "Sworn Guardian", 1),
              ("relic", RELIC, 0), ("anthem", "Glorious Anthem", 0), ("pledge", "Knight's Pledge", 0),
              ("shrine", SHRINE, 1)]


def _build(order):
    game = board()
    ids = {}
    for i in order:
        key, what, controller = PERMANENTS[i]
        ids[key] = put(game, what, controller)
    game.table.attach(ids["pledge"], ids["bear"])
    add_counters(game, ids["guardian"], "+1/+1", 2)
    add_counters(game, ids["bear"], "-1/-1", 1)
    # Effects with fixed timestamps, independent of the creation order above.
    effect(game, Layer.TYPE, source=ids["shrine"], controller=1, timestamp=1000,
           affected=PermanentFilter(types_any=ARTIFACT), types_add=CREATURE)
    effect(game, Layer.ABILITY, source=ids["shrine"], controller=1, timestamp=1001, fixed=[ids["angel"]],
           keywords_remove=FLYING)
    effect(game, Layer.ABILITY, source=ids["shrine"], controller=1, timestamp=1002,
           affected=PermanentFilter(types_any=CREATURE, controller="you"), keywords_add=TRAMPLE)
    effect(game, Layer.COLOR, source=ids["shrine"], controller=1, timestamp=1003, fixed=[ids["bear"]], colors_set=R)
    effect(game, Layer.PT_SET, source=ids["shrine"], controller=1, timestamp=1004, fixed=[ids["angel"]],
           power=1, toughness=1)
    effect(game, Layer.PT_SWITCH, source=ids["shrine"], controller=1, timestamp=1005, fixed=[ids["guardian"]])
    return game, ids


def _snapshot(game, ids):
    return {k: {f: v for f, v in chars(game, e).items() if f != "pt"} for k, e in ids.items()}


ORDERS = [(0, 1, 2, 3, 4, 5, 6), (6, 5, 4, 3, 2, 1, 0), (4, 0, 6, 2, 5, 1, 3), (3, 6, 1, 4, 0, 5, 2)]


@pytest.mark.parametrize("order", ORDERS)
def test_613_7_same_board_same_characteristics_whatever_the_creation_order(order):
    reference_game, reference_ids = _build(ORDERS[0])
    game, ids = _build(order)
    assert _snapshot(game, ids) == _snapshot(reference_game, reference_ids)
    assert bulk_characteristics(game) == reference_characteristics(game)


def test_613_the_expected_board():
    """What the board above is, worked out by hand."""
    game, ids = _build(ORDERS[0])
    assert chars(game, ids["angel"])["pt"] == (2, 2)  # 7b 1/1, Anthem +1/+1
    assert not chars(game, ids["angel"])["keywords"] & FLYING
    assert chars(game, ids["bear"])["pt"] == (4, 4)  # 2/2, Pledge +2/+2, Anthem +1/+1, -1/-1 counter
    assert chars(game, ids["bear"])["colors"] == R
    assert chars(game, ids["guardian"])["pt"] == (5, 3)  # 1/3 with two +1/+1 counters is 3/5, switched
    assert chars(game, ids["guardian"])["keywords"] & TRAMPLE  # bob's creature, bob's Shrine
    assert chars(game, ids["relic"])["pt"] == (1, 1)  # 0/0 artifact creature + Anthem (layer 4 then 7c)
    assert not chars(game, ids["relic"])["keywords"] & TRAMPLE


def test_613_7_all_creation_orders_of_a_small_board_agree():
    """Every permutation of Anthem, a Bears with Knight's Pledge and a Relic animated in layer 4."""
    seen = set()
    for order in itertools.permutations(range(3)):
        game = board()
        made = {}
        for i in order:
            made[i] = put(game, ["Glorious Anthem", "Grizzly Bears", RELIC][i])
        pledge = put(game, "Knight's Pledge")
        game.table.attach(pledge, made[1])
        effect(game, Layer.TYPE, source=made[0], timestamp=500, affected=PermanentFilter(types_any=ARTIFACT),
               types_add=CREATURE)
        seen.add((chars(game, made[1])["pt"], chars(game, made[2])["pt"]))
    assert seen == {((5, 5), (1, 1))}

"""The permanents a group or cost filter names (``systems.oracle_effects.permanents``, CR 608.2c "each creature you
control", 601.2b "sacrifice a creature"): a filter of card types and a controller only is read row by row from the
table's kept lists on a small board, any other with the whole-column masks. Both must name the same permanents, in
table order, with the layered characteristics (613: an animated land is a creature)."""

from __future__ import annotations

import dataclasses

import pytest
from board import bear as creature
from board import card, combat_board

from components.abilities import PermanentFilter
from components.characteristics import CardType
from systems.oracle_effects import _masked_permanents, _types_and_controller, permanents

CREATURE = int(CardType.CREATURE)
LAND = int(CardType.LAND)
ARTIFACT = int(CardType.ARTIFACT)


@pytest.fixture
def board():
    sc = combat_board(
        [{"card": "Prop Bear", "id": "a0"}, {"card": "Prop Relic", "id": "relic"},
         {"card": "Prop Golem", "id": "golem"}, {"card": "Forest", "id": "forest"}],
        [{"card": "Prop Bear", "id": "b0"}, {"card": "Prop Bear", "id": "b1"}, {"card": "Forest", "id": "bforest"}],
        cards=[creature("Prop Bear", 2, 2), card("Prop Relic", "Artifact"),
               card("Prop Golem", "Artifact Creature — Golem", power="3", toughness="3")])
    return sc.game, sc.ids


FILTERS = [
    PermanentFilter(types_any=CREATURE),
    PermanentFilter(types_any=CREATURE, controller="you"),
    PermanentFilter(types_any=CREATURE, controller="opponent"),
    PermanentFilter(types_all=ARTIFACT | CREATURE),
    PermanentFilter(types_any=ARTIFACT | LAND, controller="you"),
    PermanentFilter(types_none=CREATURE | LAND),
    PermanentFilter(types_any=LAND, controller="opponent"),
]


@pytest.mark.parametrize("f", FILTERS)
def test_608_2c_a_plain_filter_read_by_rows_names_what_the_masks_name(board, f):
    game, _ = board
    assert _types_and_controller(f)
    assert permanents(game, f, 0) == _masked_permanents(game, f, 0)
    assert permanents(game, f, 1) == _masked_permanents(game, f, 1)


def test_608_2c_the_rows_named_by_types_and_controller(board):
    game, ids = board
    mine = permanents(game, PermanentFilter(types_any=CREATURE, controller="you"), 0)
    assert mine == [ids["a0"], ids["golem"]]
    assert permanents(game, PermanentFilter(types_any=CREATURE, controller="opponent"), 0) == [ids["b0"], ids["b1"]]
    assert permanents(game, PermanentFilter(types_all=ARTIFACT | CREATURE), 1) == [ids["golem"]]
    assert permanents(game, PermanentFilter(types_none=CREATURE | LAND), 0) == [ids["relic"]]


def test_a_filter_reading_more_than_types_and_controller_goes_to_the_masks(board):
    """ "each untapped creature": the tapped status is read too (the masks' state_mask)."""
    game, ids = board
    f = dataclasses.replace(PermanentFilter(types_any=CREATURE), tapped=False)
    assert not _types_and_controller(f)
    game.table.tap(ids["a0"])
    assert permanents(game, f, 0) == [ids["golem"], ids["b0"], ids["b1"]]

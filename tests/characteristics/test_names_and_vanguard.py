"""Characteristics from CR chapter 2 that matter in play (seed 000): card names (201.4-201.5) and the
vanguard's hand and life modifiers (211, 212; 103.4b, 103.5a, 402.2, 902).
"""

from __future__ import annotations

import json

import pytest

from components.characteristics import CardType
from components.keywords import Keyword
from components.objects import Zone
from content.card_pool import builtin_pool
from content.decks import load_deck
from content.oracle.text import normalise
from ecs import DecisionKind, DeckError, Game, Keep, Mulligan, PassPriority, new_game
from ecs.actions import NameCard
from ecs.scenario import Scenario
from systems.command_zone import name_options

POOL = builtin_pool()
TAHNGARTH = POOL.get("Tahngarth")


def _decks():
    return [load_deck("red_green_aggro")[1], load_deck("white_blue_skies")[1]]


# ------------------------------------------------------------------ 201.4 choosing a card name


def test_201_4_a_card_name_is_chosen_among_the_names_of_cards():
    game = new_game(_decks(), 1, vanguards=[TAHNGARTH, None])
    options = name_options(game)
    names = [o.name for o in options]
    assert set(names) >= set(POOL.cards) and len(names) == len(set(names))  # every card name, once
    assert all(isinstance(o, NameCard) for o in options)
    assert NameCard("Grizzly Bears") not in name_options(game, exclude=["Grizzly Bears"])


# ------------------------------------------------------------------ 201.5 text that refers to the object itself


@pytest.mark.parametrize(("name", "line", "expected"), [
    ("Lightning Bolt", "Lightning Bolt deals 3 damage to any target.", "~ deals 3 damage to any target."),
    ("Restless Dead", "{B}: Regenerate this creature.", "{B}: Regenerate ~."),
    ("Silverblade Paladin", "As long as Silverblade Paladin is paired with another creature, both creatures "
     "have double strike.", "As long as ~ is paired with another creature, both creatures have double strike."),
    # 201.5c: a legendary card's shortened name is its name.
    ("Jedit Ojanen, Cat Warrior", "Jedit Ojanen gets +1/+1.", "~ gets +1/+1."),
])
def test_201_5_the_cards_own_name_and_this_object_are_written_as_itself(name, line, expected):
    assert normalise(line, name, name.split(",")[0] if "," in name else "") == expected


def test_201_5_another_excludes_the_object_itself():
    jace = "Jace, the Living Guildpact"
    s = Scenario({"name": "t", "players": [
        {"name": "alice", "battlefield": [{"card": jace, "id": "jace"}, {"card": jace, "id": "jace2"}]},
        {"name": "bob"}]}, "inline")
    game = s.game
    if game.pending.kind == DecisionKind.LEGEND_RULE:  # 704.5j: two of them; keep the first
        game.apply(game.whole_actions()[0])
    kept = next(e for e in game.battlefield() if game.card(e).name == jace)
    minus_three = [o for o in game.whole_actions() if getattr(o, "source", None) == kept
                   and game.card(kept).abilities[o.index].loyalty == -3]
    assert all(kept not in o.targets for o in minus_three)  # "another": not this Jace


# ------------------------------------------------------------------ vanguard: 211, 212, 103.4b, 103.5a, 402.2


def test_211_212_vanguard_modifiers_are_read_from_the_card():
    assert TAHNGARTH.type_line.types == CardType.VANGUARD
    assert (TAHNGARTH.hand_modifier, TAHNGARTH.life_modifier) == (-1, 7)


def test_103_4b_103_5a_902_vanguard_sets_starting_life_and_opening_hand():
    game = new_game(_decks(), 2, vanguards=[TAHNGARTH, None])
    assert game.player_states[0].life == 27 and game.player_states[1].life == 20  # 20 + life modifier
    assert len(game.zones[0][Zone.HAND]) == 6 and len(game.zones[1][Zone.HAND]) == 7  # 7 + hand modifier
    assert [game.card(c).name for c in game.zones[0][Zone.COMMAND]] == ["Tahngarth"]  # 902.3, 313.2


def test_902_5a_a_mulligan_draws_the_vanguard_starting_hand_size_again():
    game = new_game(_decks(), 2, vanguards=[TAHNGARTH, TAHNGARTH])
    first = game.pending.player
    game.apply(Mulligan())
    game.apply(Keep())
    assert len(game.zones[first][Zone.HAND]) == 6  # a new hand of six, then one to the bottom
    assert game.pending.kind == DecisionKind.MULLIGAN and game.pending.player == first


def test_402_2_902_5b_the_maximum_hand_size_is_seven_plus_the_hand_modifier():
    data = {"name": "t", "players": [
        {"name": "alice", "vanguard": "Tahngarth", "hand": ["Forest"] * 7},
        {"name": "bob", "hand": ["Forest"] * 7}], "turn": {"number": 2, "active": "alice", "step": "end"}}
    s = Scenario(data, "inline")
    game = s.game
    assert game.player_states[0].life == 27
    while game.pending.kind == DecisionKind.PRIORITY:
        game.apply(PassPriority())
    assert game.pending.kind == DecisionKind.DISCARD and game.pending.player == 0  # 7 cards > 6 (514.1)
    game.apply(game.whole_actions()[0])
    assert len(game.zones[0][Zone.HAND]) == 6


def test_902_7_313_4_the_vanguards_static_ability_applies_from_the_command_zone():
    data = {"name": "t", "players": [
        {"name": "alice", "vanguard": "Tahngarth", "battlefield": [{"card": "Grizzly Bears", "id": "b", "sick": True}]},
        {"name": "bob", "battlefield": [{"card": "Hill Giant", "id": "g", "sick": True}]}]}
    s = Scenario(data, "inline")
    game = s.game
    game.refresh_layers()
    assert int(game.table.get(s.ids["b"], "keywords")) & Keyword.HASTE  # "Creatures you control have haste."
    assert not int(game.table.get(s.ids["g"], "keywords")) & Keyword.HASTE


def test_313_2_a_vanguard_cant_be_in_a_deck_and_a_game_with_one_replays():
    decks = _decks()
    with pytest.raises(DeckError):
        new_game([decks[0] + [TAHNGARTH], decks[1]], 1)
    game = new_game(decks, 6, vanguards=[None, TAHNGARTH])
    for _ in range(2):
        game.apply(Keep())
    again = Game.from_json(json.loads(json.dumps(game.to_json())))
    assert again.log == game.log and again.player_states[1].life == 27

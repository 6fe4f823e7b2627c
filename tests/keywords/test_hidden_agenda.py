"""Hidden agenda and double agenda (CR 702.106, 315, 905.4, 116.2j) with Immediate Action, and choosing
a card name (201.4).
"""

from __future__ import annotations

import json

import pytest

from components.abilities import CHOSEN_NAME, HiddenAgenda, StaticEffect
from components.characteristics import CardType
from components.keywords import Keyword
from components.objects import InZone, Zone
from content.card_pool import builtin_pool
from content.decks import load_deck
from ecs import DecisionKind, DeckError, Game, PassPriority, new_game
from ecs.actions import Keep, NameCard, TurnFaceUp
from ecs.scenario import Scenario
from systems.mechanics.hidden_agenda import read

HASTE = int(Keyword.HASTE)
POOL = builtin_pool()
ACTION = POOL.get("Immediate Action")


def _decks():
    return [load_deck("red_green_aggro")[1], load_deck("white_blue_skies")[1]]


def _haste(game, ent) -> bool:
    game.refresh_layers()
    return bool(int(game.table.get(ent, "keywords")) & HASTE)


def _scenario(named="Grizzly Bears", **alice):
    data = {"name": "t", "players": [
        {"name": "alice", "command": [{"card": "Immediate Action", "id": "agenda", "named": named}],
         "battlefield": [{"card": "Grizzly Bears", "id": "bears", "sick": True},
                         {"card": "Hill Giant", "id": "giant", "sick": True}], **alice},
        {"name": "bob", "battlefield": [{"card": "Grizzly Bears", "id": "bobs", "sick": True}]}],
        "turn": {"number": 3, "active": "alice", "step": "precombat_main"}}
    return Scenario(data, "inline")


# ------------------------------------------------------------------ reading


def test_702_106a_f_hidden_and_double_agenda_compile():
    assert ACTION.type_line.types == CardType.CONSPIRACY
    agenda, static = ACTION.abilities
    assert agenda == HiddenAgenda("Hidden agenda", 1)
    assert isinstance(static, StaticEffect) and static.affected.names == (CHOSEN_NAME,)
    assert static.affected.controller == "you" and static.parts[0].keywords_add == HASTE
    assert read("Double agenda", "Double agenda", "X", CardType.CONSPIRACY) == HiddenAgenda("Double agenda", 2)
    assert read("Hidden agenda", "Hidden agenda", "X", CardType.CREATURE) is None  # only conspiracies


# ------------------------------------------------------------------ face down, then face up (702.106c)


def test_702_106a_315_5b_a_face_down_agenda_does_nothing():
    s = _scenario()
    game = s.game
    agenda = s.ids["agenda"]
    assert game.world.get(agenda, InZone).zone == Zone.COMMAND
    assert game.command_cards[agenda].face_down and game.command_cards[agenda].names == ("Grizzly Bears",)
    assert not _haste(game, s.ids["bears"])


def test_702_106c_116_2j_turning_it_face_up_is_a_special_action_of_its_controller():
    s = _scenario()
    game = s.game
    agenda = s.ids["agenda"]
    assert TurnFaceUp(agenda) in game.whole_actions()
    game.apply(PassPriority())  # bob has priority: he can't turn alice's conspiracy face up
    assert game.pending.player == 1 and TurnFaceUp(agenda) not in game.whole_actions()


def test_702_106c_face_up_the_chosen_name_gets_haste_only_for_its_controller():
    s = _scenario()
    game = s.game
    game.apply(TurnFaceUp(s.ids["agenda"]))
    # 116.3: no stack; alice keeps priority. 315.5: now its static ability applies.
    assert not game.stack and game.pending.player == 0 and game.pending.kind == DecisionKind.PRIORITY
    assert not game.command_cards[s.ids["agenda"]].face_down
    assert _haste(game, s.ids["bears"])
    assert not _haste(game, s.ids["giant"])  # another name
    assert not _haste(game, s.ids["bobs"])  # "creatures you control"
    assert TurnFaceUp(s.ids["agenda"]) not in game.whole_actions()


def test_702_106c_a_hasty_named_creature_can_attack_the_turn_it_arrives():
    s = _scenario()
    game = s.game
    game.apply(TurnFaceUp(s.ids["agenda"]))
    while game.pending.kind == DecisionKind.PRIORITY:
        game.apply(PassPriority())
    assert game.pending.kind == DecisionKind.ATTACKERS
    attackers = {o.creature for o in game.whole_actions() if hasattr(o, "creature")}
    assert attackers == {s.ids["bears"]}  # 302.6 summoning sickness; haste (702.10) lifts it


def test_scenario_refuses_a_hidden_agenda_without_a_name_and_conspiracies_elsewhere():
    from ecs.errors import ScenarioError

    data = {"name": "t", "players": [{"name": "a", "command": ["Immediate Action"]}, {"name": "b"}]}
    with pytest.raises(ScenarioError, match="named"):
        Scenario(data, "inline")
    data = {"name": "t", "players": [{"name": "a", "hand": ["Immediate Action"]}, {"name": "b"}]}
    with pytest.raises(ScenarioError, match="315.3"):
        Scenario(data, "inline")


# ------------------------------------------------------------------ new_game: choosing the name (201.4)


def test_201_4_702_106a_the_name_is_chosen_before_the_game_starts():
    game = new_game(_decks(), 3, conspiracies=[[ACTION], []])
    assert game.pending.kind == DecisionKind.NAME_CARD and game.pending.player == 0
    names = [o.name for o in game.whole_actions()]
    # 201.4: the name of a card: every name of the game's card pool, each once.
    assert names == sorted(set(names)) and "Grizzly Bears" in names and "Immediate Action" in names
    assert all(not zones[Zone.HAND] for zones in game.zones)  # no hands drawn yet (905.4 before 103.5)
    game.apply(NameCard("Grizzly Bears"))
    assert game.pending.kind == DecisionKind.MULLIGAN
    agenda = game.zones[0][Zone.COMMAND][0]
    assert game.command_cards[agenda].names == ("Grizzly Bears",) and game.command_cards[agenda].face_down
    assert "Grizzly Bears" not in " ".join(game.log)  # chosen secretly (702.106b)


def test_702_106f_double_agenda_names_two_different_cards():
    double = {"name": "Test Double Agenda", "type": "Conspiracy", "text": "Double agenda\n"
              "Creatures you control with a chosen name get +1/+1."}
    pool = POOL.with_cards([double], "test")
    card = pool.get("Test Double Agenda")
    game = new_game(_decks(), 4, conspiracies=[[], [card]], card_names=sorted(pool.cards))
    assert game.pending.kind == DecisionKind.NAME_CARD and game.pending.player == 1
    game.apply(NameCard("Grizzly Bears"))
    assert game.pending.kind == DecisionKind.NAME_CARD
    assert NameCard("Grizzly Bears") not in game.whole_actions()  # two different names
    game.apply(NameCard("Hill Giant"))
    agenda = game.zones[1][Zone.COMMAND][0]
    assert game.command_cards[agenda].names == ("Grizzly Bears", "Hill Giant")
    with pytest.raises(ValueError, match="702.106f"):
        new_game(_decks(), 4, conspiracies=[[(card, ["Hill Giant", "Hill Giant"])], []])


def test_315_3_a_conspiracy_cant_be_in_a_deck():
    decks = _decks()
    with pytest.raises(DeckError, match="315.3"):
        new_game([decks[0] + [ACTION], decks[1]], 1)


def test_a_game_with_a_conspiracy_replays_from_its_save():
    game = new_game(_decks(), 5, conspiracies=[[ACTION], [(ACTION, ["Serra Angel"])]])
    game.apply(NameCard("Grizzly Bears"))
    for _ in range(2):
        game.apply(Keep())
    again = Game.from_json(json.loads(json.dumps(game.to_json())))
    assert again.log == game.log and again.whole_actions() == game.whole_actions()
    assert [e.names for e in again.command_cards.values()] == [("Grizzly Bears",), ("Serra Angel",)]


def test_315_7_702_106b_only_its_controller_sees_a_face_down_conspiracy_and_its_name():
    s = _scenario()
    game = s.game
    mine = game.observation(0)["players"][0]["command"]
    theirs = game.observation(1)["players"][0]["command"]
    assert mine[0]["name"] == "Immediate Action" and mine[0]["chosen"] == ["Grizzly Bears"]
    assert theirs == [{"id": s.ids["agenda"], "face_down": True}]  # 315.5b: no characteristics
    assert "Grizzly Bears" not in json.dumps(theirs)
    game.apply(TurnFaceUp(s.ids["agenda"]))
    assert game.observation(1)["players"][0]["command"][0]["chosen"] == ["Grizzly Bears"]  # revealed


def test_613_7j_the_face_up_conspiracys_effect_gets_a_new_timestamp():
    from components.objects import ContinuousEffect

    s = _scenario()
    game = s.game
    newest_permanent = int(game.table.timestamp[: game.table.n].max())
    game.apply(TurnFaceUp(s.ids["agenda"]))
    entry = game.command_cards[s.ids["agenda"]]
    assert all(game.world.get(e, ContinuousEffect).timestamp > newest_permanent for e in entry.effects)

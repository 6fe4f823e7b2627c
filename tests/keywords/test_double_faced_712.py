"""Transforming double-faced cards (CR 712, 701.28): the card, transforming in place, entering transformed."""

from __future__ import annotations

from board import build, resolve_top

from components.objects import Zone
from content.card_pool import CardPool, card_from_json
from content.oracle.render import render_line
from ecs.actions import ActivateAbility
from systems.mechanics.double_faced import is_transformed, permanent_mana_value
from systems.zones import move

FRONT = {"name": "Test Farmer // Test Reaper", "layout": "transform", "manaCost": "{2}{B}", "back": "Test Reaper",
         "type": "Creature — Human Peasant", "types": ["Creature"], "subtypes": ["Human", "Peasant"], "supertypes": [],
         "power": "2", "toughness": "2", "text": "{1}: Transform this creature."}
BACK = {"name": "Test Reaper", "face": "back", "front": "Test Farmer", "layout": "transform", "manaCost": None,
        "colorIndicator": ["B"], "type": "Creature — Horror", "types": ["Creature"], "subtypes": ["Horror"],
        "supertypes": [], "power": "5", "toughness": "4",
        "text": "Flying\n{1}: Exile this creature, then return it to the battlefield transformed under its owner's control.\n"
                "When this creature transforms into Test Reaper, you gain 3 life."}
CARDS = [FRONT, BACK]


def _board():
    sc = build([{"name": "alice", "battlefield": ["Swamp"] * 4 + [{"card": "Test Farmer", "id": "f", "damage": 1}]},
                {"name": "bob"}], cards=CARDS)
    return sc, sc.game, sc.ids["f"]


def _activate(game, ent, index=0):
    for a in game.whole_actions():
        if isinstance(a, ActivateAbility) and a.source == ent and a.index == index:
            game.apply(a)
            return
    raise AssertionError("no activation")


def test_712_8a_the_card_is_its_front_face_with_both_faces():
    card = card_from_json(FRONT, "t", [BACK])
    assert card.name == "Test Farmer" and card.power.base == 2 and card.mana_cost.mana_value() == 3
    assert [f.name for f in card.faces] == ["Test Farmer", "Test Reaper"]
    pool = CardPool([card])
    assert pool.get("Test Farmer") is card and pool.get("Test Farmer // Test Reaper") is card


def test_701_28a_transforming_turns_it_over_in_place_613_7g_new_timestamp():
    sc, game, farmer = _board()
    stamp = game.table.get(farmer, "timestamp")
    _activate(game, farmer)
    resolve_top(game)
    game.refresh_layers()
    t = game.table
    assert is_transformed(game, farmer)  # the same object (no zone change, 400.7)
    assert game.card(farmer).name == "Test Reaper"
    assert (t.get(farmer, "power"), t.get(farmer, "toughness"), t.get(farmer, "damage")) == (5, 4, 1)
    assert t.get(farmer, "timestamp") > stamp
    # 712.8e: its abilities are the back face's; its mana value is its front face's.
    assert len(game.card(farmer).abilities) == 3
    assert permanent_mana_value(game, farmer) == 3


def test_701_28e_transforms_into_triggers_for_the_face_now_up_not_when_it_enters_transformed():
    sc, game, farmer = _board()
    _activate(game, farmer)
    resolve_top(game)
    assert len(game.waiting_triggers) == 1 or len(game.stack) == 1
    resolve_top(game)
    assert game.player_states[0].life == 23
    _activate(game, farmer, 1)  # exiled and returned transformed: it enters, it doesn't transform
    resolve_top(game)
    assert not game.waiting_triggers and not game.stack


def test_701_28f_an_ability_does_nothing_if_it_transformed_since_it_was_put_on_the_stack():
    sc, game, farmer = _board()
    _activate(game, farmer)
    _activate(game, farmer)  # in response: two abilities on the stack
    while game.stack:  # the first one finds the permanent transformed since it was put onto the stack
        resolve_top(game)
    assert is_transformed(game, farmer) and game.player_states[0].life == 23  # transformed once


def test_712_8a_a_transformed_permanent_that_leaves_is_its_front_face_again():
    sc, game, farmer = _board()
    _activate(game, farmer)
    resolve_top(game)
    card = move(game, farmer, Zone.GRAVEYARD)
    assert game.card(card).name == "Test Farmer" and game.obj(card).printed is None


def test_712_14a_exile_then_return_it_transformed_a_new_object_back_face_up():
    sc, game, farmer = _board()
    _activate(game, farmer)
    resolve_top(game)
    _activate(game, farmer, 1)  # the back face's ability: exile it, return it transformed (front face up first)
    resolve_top(game)
    new = [e for e in game.table.row_of if game.obj(e).printed is not None]
    assert farmer not in game.table.row_of and len(new) == 1
    assert game.card(new[0]).name == "Test Reaper" and is_transformed(game, new[0])
    assert game.table.get(new[0], "damage") == 0  # a new object (400.7)


def test_render_round_trip_of_the_transform_lines():
    card = card_from_json(FRONT, "t", [BACK])
    assert render_line(list(card.abilities)) == "{1}: Transform ~."
    back = card.faces[1]
    assert render_line([back.abilities[-1]]) == "When ~ transforms into ~, you gain 3 life."
    assert render_line([back.abilities[1]]).lower() == (
        "{1}: exile ~, then return it to the battlefield transformed under its owner's control.")


# --- Modal double-faced cards (712.3, 712.11b, 712.12)

MODAL = [
    {"name": "Test Blast // Test Pass", "layout": "modal_dfc", "manaCost": "{R}", "type": "Instant",
     "types": ["Instant"], "subtypes": [], "supertypes": [], "text": "Test Blast deals 3 damage to any target."},
    {"name": "Test Pass", "face": "back", "front": "Test Blast", "layout": "modal_dfc", "manaCost": None,
     "type": "Land", "types": ["Land"], "subtypes": [], "supertypes": [],
     "text": "This land enters tapped.\n{T}: Add {R}."},
    {"name": "Test Cleric // Test Angel", "layout": "modal_dfc", "manaCost": "{1}{W}", "type": "Creature — Human Cleric",
     "types": ["Creature"], "subtypes": ["Human", "Cleric"], "supertypes": [], "power": "2", "toughness": "1",
     "text": ""},
    {"name": "Test Angel", "face": "back", "front": "Test Cleric", "layout": "modal_dfc", "manaCost": "{3}{W}{W}",
     "type": "Creature — Angel", "types": ["Creature"], "subtypes": ["Angel"], "supertypes": [], "power": "4",
     "toughness": "4", "text": "Flying"},
]


def _modal_board():
    sc = build([{"name": "alice", "hand": ["Test Blast", "Test Cleric"], "battlefield": ["Plains"] * 5},
                {"name": "bob"}], cards=MODAL)
    return sc, sc.game


def test_712_12_a_modal_card_is_played_as_its_land_face():
    from ecs.actions import PlayLand

    sc, game = _modal_board()
    blast = next(e for e in game.zones[0][Zone.HAND] if game.card(e).name == "Test Blast")
    plays = [a for a in game.whole_actions() if isinstance(a, PlayLand)]
    assert plays == [PlayLand(blast, "", 1)]  # its front face is an instant: only the land face is played
    game.apply(plays[0])
    land = next(e for e in game.table.row_of if game.card(e).name == "Test Pass")
    assert game.table.get(land, "tapped")  # the land face's own "enters tapped" (712.8f: only that face)
    card = move(game, land, Zone.GRAVEYARD)
    assert game.card(card).name == "Test Blast"  # 712.8a: off the battlefield it is its front face


def test_712_11b_a_modal_card_is_cast_as_either_face():
    from board import cast

    sc, game = _modal_board()
    faces = sorted(o.face for o in game.whole_actions() if getattr(o, "face", None) is not None
                   and type(o).__name__ == "CastSpell" and game.card(o.card).name == "Test Cleric")
    assert faces == [-1, 1]
    cast(game, "Test Cleric", face=1)
    assert game.card(game.stack[-1]).name == "Test Angel"
    resolve_top(game)
    game.refresh_layers()
    angel = next(e for e in game.table.row_of if game.card(e).name == "Test Angel")
    assert (game.table.get(angel, "power"), game.table.get(angel, "toughness")) == (4, 4)
    assert permanent_mana_value(game, angel) == 5  # 712.8f: the face that's up


def test_701_28c_a_spell_transforms_its_target_and_nothing_happens_to_a_card_that_isnt_double_faced():
    from board import cast

    moon = {"name": "Test Moon", "manaCost": "{B}", "type": "Instant", "types": ["Instant"], "subtypes": [],
            "supertypes": [], "text": "Transform target creature."}
    sc = build([{"name": "alice", "hand": ["Test Moon", "Test Moon"],
                 "battlefield": ["Swamp"] * 2 + [{"card": "Test Farmer", "id": "f"}, {"card": "Grizzly Bears", "id": "b"}]},
                {"name": "bob"}], cards=[*CARDS, moon])
    game = sc.game
    cast(game, "Test Moon", (sc.ids["f"],))
    resolve_top(game)
    cast(game, "Test Moon", (sc.ids["b"],))
    resolve_top(game)
    assert is_transformed(game, sc.ids["f"]) and game.card(sc.ids["b"]).name == "Grizzly Bears"
    assert not is_transformed(game, sc.ids["b"])


# --- Disturb (702.146)

PATROL = [
    {"name": "Test Patrol // Test Apparition", "layout": "transform", "manaCost": "{2}{W}", "back": "Test Apparition",
     "type": "Creature — Human Soldier", "types": ["Creature"], "subtypes": ["Human", "Soldier"], "supertypes": [],
     "power": "2", "toughness": "3",
     "text": "Vigilance\nDisturb {1}{W} (You may cast this card from your graveyard transformed for its disturb cost.)"},
    {"name": "Test Apparition", "face": "back", "front": "Test Patrol", "layout": "transform", "manaCost": None,
     "colorIndicator": ["W"], "type": "Creature — Spirit", "types": ["Creature"], "subtypes": ["Spirit"],
     "supertypes": [], "power": "1", "toughness": "1",
     "text": "Flying\nIf this creature would be put into a graveyard from anywhere, exile it instead."},
]


def _disturb_board(lands=2):
    sc = build([{"name": "alice", "graveyard": ["Test Patrol"], "battlefield": ["Plains"] * lands}, {"name": "bob"}],
               cards=PATROL)
    return sc.game


def test_702_146a_disturb_casts_the_back_face_from_the_graveyard_for_its_disturb_cost():
    game = _disturb_board()
    options = [o for o in game.whole_actions() if getattr(o, "cost", "") == "disturb"]
    assert len(options) == 1
    game.apply(options[0])
    spell = game.stack[-1]
    assert game.card(spell).name == "Test Apparition" and is_transformed(game, spell)  # 712.11a
    resolve_top(game)
    game.refresh_layers()
    (ent,) = [e for e in game.table.row_of if game.obj(e).owner == 0 and game.card(e).name == "Test Apparition"]
    assert is_transformed(game, ent)  # 702.146b: it enters with its back face up
    assert (game.table.get(ent, "power"), game.table.get(ent, "toughness")) == (1, 1)
    assert permanent_mana_value(game, ent) == 3  # 712.8e: its front face's mana cost
    assert game.zones[0][Zone.GRAVEYARD] == []


def test_702_146a_disturb_is_not_offered_without_the_mana_for_its_disturb_cost():
    game = _disturb_board(lands=1)
    assert not [o for o in game.whole_actions() if getattr(o, "cost", "") == "disturb"]


# --- Returning a card to the battlefield transformed from a graveyard (712.14a, 400.7e-f)

INVASION = [
    {"name": "Test Invasion // Test Shedder", "layout": "transform", "manaCost": "{R}", "back": "Test Shedder",
     "type": "Enchantment — Aura", "types": ["Enchantment"], "subtypes": ["Aura"], "supertypes": [],
     "text": "Enchant creature\nWhen enchanted creature dies, return this card to the battlefield transformed under "
             "your control."},
    {"name": "Test Shedder", "face": "back", "front": "Test Invasion", "layout": "transform", "manaCost": None,
     "colorIndicator": ["R"], "type": "Creature — Phyrexian Insect", "types": ["Creature"], "subtypes": ["Insect"],
     "supertypes": [], "power": "3", "toughness": "4", "text": ""},
    {"name": "Test Strangler // Test Grasp", "layout": "transform", "manaCost": "{B}{B}", "back": "Test Grasp",
     "type": "Creature — Spirit", "types": ["Creature"], "subtypes": ["Spirit"], "supertypes": [], "power": "3",
     "toughness": "2", "text": "When this creature dies, return it to the battlefield transformed under your control."},
    {"name": "Test Grasp", "face": "back", "front": "Test Strangler", "layout": "transform", "manaCost": None,
     "colorIndicator": ["B"], "type": "Creature — Spirit", "types": ["Creature"], "subtypes": ["Spirit"],
     "supertypes": [], "power": "1", "toughness": "1", "text": "Flying"},
]


def test_400_7f_when_enchanted_creature_dies_the_aura_returns_from_the_graveyard_transformed():
    from board import cast

    bolt = {"name": "Test Bolt", "manaCost": "{R}", "type": "Instant", "types": ["Instant"], "subtypes": [],
            "supertypes": [], "text": "Test Bolt deals 3 damage to any target."}
    sc = build([{"name": "alice", "hand": ["Test Bolt"], "battlefield": ["Mountain"] + [
        {"card": "Grizzly Bears", "id": "bear"}, {"card": "Test Invasion", "attached_to": "bear", "id": "aura"}]},
        {"name": "bob"}], cards=[*INVASION, bolt])
    game = sc.game
    cast(game, "Test Bolt", (sc.ids["bear"],))
    while game.stack or game.waiting_triggers:
        resolve_top(game)
    shedder = [e for e in game.table.row_of if game.card(e).name == "Test Shedder"]
    assert len(shedder) == 1 and is_transformed(game, shedder[0])  # the Aura's card, put there by 704.5m
    assert sorted(game.card(c).name for c in game.zones[0][Zone.GRAVEYARD]) == ["Grizzly Bears", "Test Bolt"]


def test_400_7e_when_it_dies_it_returns_transformed():
    sc = build([{"name": "alice", "battlefield": [{"card": "Test Strangler", "id": "s"}]}, {"name": "bob"}],
               cards=INVASION)
    game = sc.game
    move(game, sc.ids["s"], Zone.GRAVEYARD)
    while game.stack or game.waiting_triggers:
        resolve_top(game)
    grasp = [e for e in game.table.row_of if game.card(e).name == "Test Grasp"]
    assert len(grasp) == 1 and is_transformed(game, grasp[0]) and game.zones[0][Zone.GRAVEYARD] == []


# --- Incubate (701.51): a transforming double-faced token

def test_701_51_incubate_creates_an_incubator_token_that_transforms_into_a_phyrexian_artifact_creature():
    from components.characteristics import CardType

    gremlin = {"name": "Test Gremlin", "manaCost": "{1}{R}", "type": "Creature — Gremlin", "types": ["Creature"],
               "subtypes": ["Gremlin"], "supertypes": [], "power": "3", "toughness": "2",
               "text": "When this creature dies, incubate X, where X is its power."}
    sc = build([{"name": "alice", "battlefield": ["Mountain"] * 2 + [{"card": "Test Gremlin", "id": "g",
                                                                      "counters": {"+1/+1": 1}}]},
                {"name": "bob"}], cards=[gremlin])
    game = sc.game
    move(game, sc.ids["g"], Zone.GRAVEYARD)
    while game.stack or game.waiting_triggers:
        resolve_top(game)
    game.refresh_layers()
    (token,) = [e for e in game.table.row_of if game.card(e).name == "Incubator"]
    t = game.table
    assert t.get(token, "types") == int(CardType.ARTIFACT) and t.get(token, "plus1") == 4  # 608.2h: its power was 4
    _activate(game, token)  # {2}: Transform this artifact.
    resolve_top(game)
    game.refresh_layers()
    assert game.card(token).name == "Phyrexian Token" and is_transformed(game, token)
    assert t.get(token, "types") == int(CardType.ARTIFACT | CardType.CREATURE)
    assert (t.get(token, "power"), t.get(token, "toughness")) == (4, 4)  # 0/0 with four +1/+1 counters


def test_701_51_incubate_x_twice_reads_and_renders():
    from components.characteristics import CardType
    from content.oracle import compile_lines

    text = "Incubate X twice, where X is the number of lands you control."
    (r,) = compile_lines("Test Dawn", text, int(CardType.SORCERY))
    assert r.ok and render_line(r.abilities) == text


def test_701_28e_a_permanent_you_control_transforms_into_a_phyrexian():
    from board import cast

    spell = {"name": "Test Incubation", "manaCost": "{B}", "type": "Sorcery", "types": ["Sorcery"], "subtypes": [],
             "supertypes": [], "text": "Incubate 2."}
    norn = {"name": "Test Inquisitor", "manaCost": "{1}{W}", "type": "Creature — Phyrexian Cleric",
            "types": ["Creature"], "subtypes": ["Phyrexian", "Cleric"], "supertypes": [], "power": "2", "toughness": "2",
            "text": "Whenever a permanent you control transforms into a Phyrexian, put a +1/+1 counter on it."}
    sc = build([{"name": "alice", "hand": ["Test Incubation"], "battlefield": ["Swamp"] * 3 + ["Test Inquisitor"]},
                {"name": "bob"}], cards=[spell, norn])
    game = sc.game
    cast(game, "Test Incubation")
    resolve_top(game)
    (token,) = [e for e in game.table.row_of if game.card(e).name == "Incubator"]
    _activate(game, token)
    while game.stack or game.waiting_triggers:
        resolve_top(game)
    game.refresh_layers()
    assert (game.table.get(token, "power"), game.table.get(token, "toughness")) == (3, 3)  # 0/0, 2 + 1 counters


def test_701_28a_transform_all_humans_transforms_each_transforming_human():
    from board import cast

    mist = {"name": "Test Mist", "manaCost": "{G}", "type": "Instant", "types": ["Instant"], "subtypes": [],
            "supertypes": [], "text": "Transform all Humans."}
    sc = build([{"name": "alice", "hand": ["Test Mist"], "battlefield": ["Forest", {"card": "Test Farmer", "id": "f"},
                                                                        {"card": "Test Farmer", "id": "f2"}]},
                {"name": "bob"}], cards=[*CARDS, mist])
    game = sc.game
    cast(game, "Test Mist")
    resolve_top(game)
    assert is_transformed(game, sc.ids["f"]) and is_transformed(game, sc.ids["f2"])

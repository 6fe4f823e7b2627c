"""Morph, megamorph and disguise (CR 702.37, 702.168): face-down spells and permanents (CR 708)."""

from __future__ import annotations

from board import build, casts, resolve_top

from components.characteristics import CardType
from components.double_faced import Morph
from components.objects import Zone
from content.card_pool import card_from_json
from content.oracle.render import render_line
from ecs.actions import PutTrigger, TurnFaceUp
from systems.zones import move

RIPPER = {"name": "Test Ripper", "manaCost": "{B}{B}{B}", "type": "Creature — Human Assassin", "types": ["Creature"],
          "subtypes": ["Human", "Assassin"], "supertypes": [], "power": "1", "toughness": "1",
          "text": "Deathtouch\nMegamorph {1}{B}\nWhen this creature is turned face up, target player loses 2 life."}
AGENT = {"name": "Test Agent", "manaCost": "{4}{U}", "type": "Creature — Human Rogue", "types": ["Creature"],
         "subtypes": ["Human", "Rogue"], "supertypes": [], "power": "3", "toughness": "4",
         "text": "Disguise {U}"}
TECH = {"name": "Test Technician", "manaCost": "{2}{U}{R}", "type": "Creature — Goblin Artificer",
        "types": ["Creature"], "subtypes": ["Goblin", "Artificer"], "supertypes": [], "power": "3", "toughness": "2",
        "text": "When this creature enters or is turned face up, you gain 2 life.\nDisguise {1}"}
CARDS = [RIPPER, AGENT, TECH]


def _cast_face_down(name="Test Ripper", cost="morph", lands=5):
    sc = build([{"name": "alice", "hand": [name], "battlefield": ["Swamp"] * lands + ["Island"]},
                {"name": "bob"}], cards=CARDS)
    game = sc.game
    game.apply(next(o for o in casts(game, name) if o.cost == cost))
    return sc, game


def _face_down_permanent(game):
    return next(e for e in game.table.row_of if game.card(e).layout == "face_down")


def test_702_37a_reader_and_round_trip():
    card = card_from_json(RIPPER, "t")
    morph = next(a for a in card.abilities if isinstance(a, Morph))
    assert (morph.kind, morph.cost.mana_value()) == ("megamorph", 2)
    assert render_line([morph]) == "Megamorph {1}{B}"
    assert render_line([card.abilities[-1]]).lower() == "when ~ is turned face up, target player loses 2 life."


def test_702_37c_cast_face_down_for_3_a_2_2_creature_spell_with_no_name_cost_or_color():
    sc, game = _cast_face_down()
    spell = game.card(game.stack[-1])
    assert (spell.name, spell.mana_cost.present, int(spell.colors), spell.type_bits) == ("", False, 0, int(CardType.CREATURE))
    assert spell.type_line.subtypes == () and spell.abilities == ()
    untapped = sum(1 for e in game.table.row_of if not game.table.get(e, "tapped"))
    assert untapped == 3  # {3} paid, not {B}{B}{B}


def test_708_2a_the_face_down_permanent_is_a_vanilla_2_2():
    sc, game = _cast_face_down()
    resolve_top(game)
    game.refresh_layers()
    fd = _face_down_permanent(game)
    t = game.table
    assert (t.get(fd, "power"), t.get(fd, "toughness"), int(t.get(fd, "keywords")), int(t.get(fd, "colors"))) == (2, 2, 0, 0)
    assert game.obj(fd).printed.name == "Test Ripper"


def test_702_37e_turn_face_up_special_action_megamorph_counter_and_turned_face_up_trigger():
    sc, game = _cast_face_down()
    resolve_top(game)
    fd = _face_down_permanent(game)
    stamp = game.table.get(fd, "timestamp")
    up = [a for a in game.whole_actions() if isinstance(a, TurnFaceUp)]
    assert up == [TurnFaceUp(fd)]  # {1}{B} is payable with the three untapped lands
    game.apply(up[0])
    game.refresh_layers()
    t = game.table
    assert game.card(fd).name == "Test Ripper"  # the same object (no zone change)
    assert (t.get(fd, "power"), t.get(fd, "toughness")) == (2, 2)  # 1/1 with a +1/+1 counter (702.37b)
    assert t.get(fd, "timestamp") > stamp  # 613.7f
    # 708.8: "when ~ is turned face up" triggers; entering-the-battlefield abilities don't (702.37e)
    bob = next(a for a in game.whole_actions() if isinstance(a, PutTrigger) and a.targets == (game.players[1],))
    game.apply(bob)
    resolve_top(game)
    assert game.player_states[1].life == 18


def test_702_37e_not_offered_when_the_cost_cant_be_paid():
    sc, game = _cast_face_down(lands=3)
    resolve_top(game)
    assert not [a for a in game.whole_actions() if isinstance(a, TurnFaceUp)]  # only the Island is untapped


def test_708_9_a_face_down_permanent_that_leaves_is_revealed_the_card_face_up():
    sc, game = _cast_face_down()
    resolve_top(game)
    card = move(game, _face_down_permanent(game), Zone.GRAVEYARD)
    assert game.card(card).name == "Test Ripper" and game.obj(card).printed is None


def test_702_168b_disguise_face_down_has_ward_2_and_turns_up_for_its_disguise_cost():
    sc, game = _cast_face_down("Test Agent", "disguise")
    resolve_top(game)
    game.refresh_layers()
    fd = _face_down_permanent(game)
    assert render_line(list(game.card(fd).abilities)) == "Ward {2}"
    game.apply(next(a for a in game.whole_actions() if isinstance(a, TurnFaceUp)))
    game.refresh_layers()
    assert (game.card(fd).name, game.table.get(fd, "power"), game.table.get(fd, "toughness")) == ("Test Agent", 3, 4)


def test_708_8_enters_or_is_turned_face_up_only_the_turning_up_triggers_for_a_face_down_spell():
    sc, game = _cast_face_down("Test Technician", "disguise")
    resolve_top(game)
    assert not game.waiting_triggers and not game.stack  # it entered face down, with no abilities (708.2a)
    game.apply(next(a for a in game.whole_actions() if isinstance(a, TurnFaceUp)))
    resolve_top(game)
    assert game.player_states[0].life == 22


# --- Manifest (701.34) and manifest dread (701.60)

NURTURE = {"name": "Test Nurturing", "manaCost": "{G}", "type": "Sorcery", "types": ["Sorcery"], "subtypes": [],
           "supertypes": [], "text": "Manifest the top card of your library, then put a +1/+1 counter on it."}
DREAD = {"name": "Test Dread", "manaCost": "{G}", "type": "Sorcery", "types": ["Sorcery"], "subtypes": [],
         "supertypes": [], "text": "Manifest dread."}


def _manifest_board(spell, library):
    sc = build([{"name": "alice", "hand": [spell["name"]], "library": library, "battlefield": ["Forest"] * 4},
                {"name": "bob"}], cards=[*CARDS, NURTURE, DREAD])
    game = sc.game
    game.apply(next(o for o in casts(game, spell["name"])))
    resolve_top(game)
    return game


def test_701_34a_manifest_puts_the_top_card_face_down_then_the_counter_goes_on_it():
    game = _manifest_board(NURTURE, ["Grizzly Bears", "Forest"])
    game.refresh_layers()
    fd = _face_down_permanent(game)
    t = game.table
    assert (t.get(fd, "power"), t.get(fd, "toughness"), game.obj(fd).printed.name) == (3, 3, "Grizzly Bears")
    assert [game.card(c).name for c in game.zones[0][Zone.LIBRARY]] == ["Forest"]
    # 701.34b: a manifested creature card is turned face up for its mana cost ({1}{G}, three Forests untapped)
    up = [a for a in game.whole_actions() if isinstance(a, TurnFaceUp)]
    assert up == [TurnFaceUp(fd, "manifest")]
    game.apply(up[0])
    game.refresh_layers()
    assert (game.card(fd).name, t.get(fd, "power"), t.get(fd, "toughness")) == ("Grizzly Bears", 3, 3)


def test_701_34b_a_manifested_noncreature_card_cant_be_turned_face_up():
    game = _manifest_board(NURTURE, ["Forest", "Forest"])
    assert _face_down_permanent(game) >= 0
    assert not [a for a in game.whole_actions() if isinstance(a, TurnFaceUp)]


def test_701_60a_manifest_dread_manifests_one_of_the_top_two_and_the_other_goes_to_the_graveyard():
    from ecs.actions import ChooseCard

    game = _manifest_board(DREAD, ["Grizzly Bears", "Hill Giant", "Forest"])
    giant = next(o for o in game.pending.options if isinstance(o, ChooseCard) and game.card(o.card).name == "Hill Giant")
    game.apply(giant)
    fd = _face_down_permanent(game)
    assert game.obj(fd).printed.name == "Hill Giant"
    assert sorted(game.card(c).name for c in game.zones[0][Zone.GRAVEYARD]) == ["Grizzly Bears", "Test Dread"]
    assert [game.card(c).name for c in game.zones[0][Zone.LIBRARY]] == ["Forest"]


def _reveal_board(other):
    ripper = {"name": "Test Reveal Ripper", "manaCost": "{B}{B}", "type": "Creature — Human Assassin",
              "types": ["Creature"], "subtypes": ["Human"], "supertypes": [], "power": "1", "toughness": "1",
              "text": "Morph—Reveal a black card in your hand."}
    sc = build([{"name": "alice", "hand": ["Test Reveal Ripper", other], "battlefield": ["Swamp"] * 3},
                {"name": "bob"}], cards=[ripper, RIPPER])
    game = sc.game
    assert render_line(list(card_from_json(ripper, "t").abilities)) == "Morph—Reveal a black card in your hand."
    game.apply(next(o for o in casts(game, "Test Reveal Ripper") if o.cost == "morph"))
    resolve_top(game)
    return game


def test_702_37a_a_morph_cost_of_revealing_a_black_card_in_hand():
    game = _reveal_board("Grizzly Bears")
    assert not [a for a in game.whole_actions() if isinstance(a, TurnFaceUp)]  # only a green card in hand
    game = _reveal_board("Test Ripper")
    up = [a for a in game.whole_actions() if isinstance(a, TurnFaceUp)]
    assert len(up) == 1
    game.apply(up[0])
    assert game.card(up[0].card).name == "Test Reveal Ripper"
    assert len(game.zones[0][Zone.HAND]) == 1  # revealed, not discarded


def test_708_5_the_controller_may_look_at_a_face_down_permanent_others_only_with_a_may_look_ability():
    lens = {"name": "Test Lens", "manaCost": "{1}", "type": "Artifact", "types": ["Artifact"], "subtypes": [],
            "supertypes": [], "text": "You may look at face-down creatures you don't control any time."}
    for bob_sees in (False, True):
        sc = build([{"name": "alice", "hand": ["Test Ripper"], "battlefield": ["Swamp"] * 3},
                    {"name": "bob", "battlefield": ["Test Lens"] if bob_sees else []}], cards=[*CARDS, lens])
        game = sc.game
        game.apply(next(o for o in casts(game, "Test Ripper") if o.cost == "morph"))
        resolve_top(game)
        mine = next(p for p in game.observation(0)["battlefield"] if p.get("face_down"))
        theirs = next(p for p in game.observation(1)["battlefield"] if p.get("face_down"))
        assert mine["card"] == "Test Ripper" and "Test Ripper" not in mine["name"]
        assert theirs.get("card") == ("Test Ripper" if bob_sees else None)


def test_708_8_whenever_you_turn_a_permanent_face_up_triggers_for_the_player_who_turned_it():
    dread = {"name": "Test Growing", "manaCost": "{1}", "type": "Enchantment", "types": ["Enchantment"], "subtypes": [],
             "supertypes": [], "text": "Whenever you turn a permanent face up, put a +1/+1 counter on it."}
    for who in ("alice", "bob"):
        sc = build([{"name": "alice", "hand": ["Test Agent"], "battlefield": ["Island"] * 4 +
                     (["Test Growing"] if who == "alice" else [])},
                    {"name": "bob", "battlefield": ["Test Growing"] if who == "bob" else []}], cards=[*CARDS, dread])
        game = sc.game
        game.apply(next(o for o in casts(game, "Test Agent") if o.cost == "disguise"))
        resolve_top(game)
        fd = _face_down_permanent(game)
        game.apply(next(a for a in game.whole_actions() if isinstance(a, TurnFaceUp)))
        while game.stack or game.waiting_triggers:
            resolve_top(game)
        game.refresh_layers()
        expected = (4, 5) if who == "alice" else (3, 4)  # bob didn't turn it face up
        assert (game.table.get(fd, "power"), game.table.get(fd, "toughness")) == expected


def test_701_56a_cloak_is_a_manifest_with_ward_2():
    cloak = {"name": "Test Cloak", "manaCost": "{G}", "type": "Sorcery", "types": ["Sorcery"], "subtypes": [],
             "supertypes": [], "text": "Cloak the top card of your library."}
    sc = build([{"name": "alice", "hand": ["Test Cloak"], "library": ["Grizzly Bears"], "battlefield": ["Forest"] * 3},
                {"name": "bob"}], cards=[cloak])
    game = sc.game
    game.apply(next(o for o in casts(game, "Test Cloak")))
    resolve_top(game)
    fd = _face_down_permanent(game)
    assert render_line(list(game.card(fd).abilities)) == "Ward {2}"
    assert [a for a in game.whole_actions() if isinstance(a, TurnFaceUp)] == [TurnFaceUp(fd, "manifest")]  # 701.56b

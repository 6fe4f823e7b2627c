"""Instructions that make a choice and effects that refer back to it (content/oracle/choices.py,
systems/choices.py): "Choose target ..." (115.1, 601.2c), "those creatures fight each other" (701.12a),
"Choose a color / creature type. ... the chosen ..." (608.2d) and "You may choose the same mode more than once"
(700.2d)."""

from __future__ import annotations

import pytest

from components.characteristics import CardType
from components.objects import Zone
from content.oracle import compile_lines
from content.oracle.render import render_line
from content.oracle.report import roundtrip_normal
from ecs.actions import CastSpell, ChooseColor, ChooseType, DecisionKind, PassPriority
from ecs.scenario import Scenario


@pytest.mark.parametrize("text, types", [
    ("Choose target creature an opponent controls. Destroy that creature.", CardType.INSTANT),
    ("Choose target creature you control and target creature an opponent controls. Those creatures fight each "
     "other.", CardType.SORCERY),
    ("Choose a color. White creatures you control gain protection from the chosen color until end of turn.",
     CardType.INSTANT),
    ("Choose a color. This spell deals X damage to each creature of the chosen color.", CardType.SORCERY),
    ("Choose a creature type. Creatures you control of the chosen type get +1/+0 and gain indestructible until "
     "end of turn.", CardType.INSTANT),
    ("Choose a creature type. Return all creatures that aren't of the chosen type to their owners' hands.",
     CardType.SORCERY),
    ("Choose three. You may choose the same mode more than once.\n• Exile target enchantment.\n• You gain 5 life.",
     CardType.SORCERY),
])
def test_templates_compile_and_render_back(text, types):
    (result,) = compile_lines("Test Card", text, types)
    assert result.ok, result.error
    assert roundtrip_normal(render_line(result.abilities)) == roundtrip_normal(result.text)


@pytest.mark.parametrize("text", [
    "White creatures you control gain protection from the chosen color until end of turn.",
    "Return all creatures that aren't of the chosen type to their owners' hands.",
    "Choose a color. Draw a card.",  # a choice nothing refers to
])
def test_608_2d_the_chosen_value_needs_a_choice_before_it(text):
    (result,) = compile_lines("Test Card", text, CardType.SORCERY)
    assert not result.ok


BEAR = {"name": "Test Bear", "manaCost": "{1}{G}", "type": "Creature — Bear", "power": "2", "toughness": "2",
        "text": ""}
ELF = {"name": "Test Elf", "manaCost": "{G}", "type": "Creature — Elf", "power": "1", "toughness": "1", "text": ""}
KNIGHT = {"name": "Test Knight", "manaCost": "{W}", "type": "Creature — Human Knight", "power": "2",
          "toughness": "2", "text": ""}
OGRE = {"name": "Test Ogre", "manaCost": "{R}", "type": "Creature — Ogre", "power": "3", "toughness": "3",
        "text": ""}


def _game(spell: dict, alice: list, bob: list, lands: int = 3):
    sc = Scenario({"name": "t", "cards": [spell, BEAR, ELF, KNIGHT, OGRE], "players": [
        {"name": "alice", "hand": [spell["name"]], "battlefield": ["Mountain"] * lands + alice},
        {"name": "bob", "battlefield": bob}]}, "test")
    sc.run()
    return sc, sc.game


def _assert_lines_round_trip(card: dict, types: int) -> None:
    """Each line of the card's text compiles and renders back to the same text."""
    for line in compile_lines(card["name"], card["text"], types):
        assert line.ok, line.error
        assert roundtrip_normal(render_line(line.abilities)) == roundtrip_normal(line.text)


def _resolve(game):
    game.apply(PassPriority())
    game.apply(PassPriority())


def test_608_2d_creature_type_chosen_on_resolution_returns_the_others():
    palisade = {"name": "Test Palisade", "manaCost": "{1}", "type": "Sorcery",
                "text": "Choose a creature type. Return all creatures that aren't of the chosen type to their "
                        "owners' hands."}
    sc, game = _game(palisade, [{"card": "Test Bear", "id": "b"}],
                     [{"card": "Test Bear", "id": "b2"}, {"card": "Test Elf", "id": "e"}])
    game.apply(next(o for o in game.whole_actions() if isinstance(o, CastSpell)))
    _resolve(game)
    assert game.pending.kind == DecisionKind.CHOOSE_TYPE
    game.apply(ChooseType("Bear"))
    on_bf = game.table.row_of
    assert sc.ids["b"] in on_bf and sc.ids["b2"] in on_bf  # both Bears stay, whoever controls them
    assert sc.ids["e"] not in on_bf  # the Elf isn't of the chosen type: returned to its owner's hand


def test_608_2d_chosen_type_pump_affects_only_that_type():
    charge = {"name": "Test Charge", "manaCost": "{1}", "type": "Instant",
              "text": "Choose a creature type. Creatures you control of the chosen type get +1/+0 and gain "
                      "indestructible until end of turn."}
    sc, game = _game(charge, [{"card": "Test Elf", "id": "e"}, {"card": "Test Knight", "id": "k"}],
                     [{"card": "Test Elf", "id": "e2"}])
    game.apply(next(o for o in game.whole_actions() if isinstance(o, CastSpell)))
    _resolve(game)
    game.apply(ChooseType("Elf"))
    game.refresh_layers()
    power = lambda k: int(game.table.get(sc.ids[k], "power"))  # noqa: E731
    assert (power("e"), power("k"), power("e2")) == (2, 2, 1)  # only Elves alice controls get +1/+0


def test_608_2d_chosen_color_damage_hits_only_that_color():
    demise = {"name": "Test Demise", "manaCost": "{X}{R}", "type": "Sorcery",
              "text": "Choose a color. This spell deals X damage to each creature of the chosen color."}
    sc, game = _game(demise, [{"card": "Test Bear", "id": "b"}],
                     [{"card": "Test Elf", "id": "e"}, {"card": "Test Ogre", "id": "o"}], lands=4)
    cast = next(o for o in game.whole_actions() if isinstance(o, CastSpell) and o.x == 2)
    game.apply(cast)
    _resolve(game)
    assert game.pending.kind == DecisionKind.CHOOSE_COLOR
    game.apply(ChooseColor("G"))
    on_bf = game.table.row_of
    assert sc.ids["b"] not in on_bf and sc.ids["e"] not in on_bf  # green creatures of both players: 2 damage
    assert sc.ids["o"] in on_bf and int(game.table.get(sc.ids["o"], "damage")) == 0  # the red Ogre: none


def test_702_16a_protection_from_the_chosen_color_until_end_of_turn():
    brave = {"name": "Test Brave", "manaCost": "{1}", "type": "Instant",
             "text": "Choose a color. White creatures you control gain protection from the chosen color until end "
                     "of turn."}
    sc, game = _game(brave, [{"card": "Test Knight", "id": "k"}, {"card": "Test Bear", "id": "b"}], [])
    game.apply(next(o for o in game.whole_actions() if isinstance(o, CastSpell)))
    _resolve(game)
    game.apply(ChooseColor("R"))
    game.refresh_layers()
    from systems.instructions import _PROTECTION

    assert int(game.table.get(sc.ids["k"], "keywords")) & _PROTECTION["R"]  # the white Knight
    assert not int(game.table.get(sc.ids["b"], "keywords")) & _PROTECTION["R"]  # the green Bear: not white


def test_701_12a_chosen_targets_fight_each_other():
    duel = {"name": "Test Duel", "manaCost": "{1}", "type": "Sorcery",
            "text": "Choose target creature you control and target creature an opponent controls. Those creatures "
                    "fight each other."}
    sc, game = _game(duel, [{"card": "Test Ogre", "id": "o"}], [{"card": "Test Bear", "id": "b"}])
    casts = [o for o in game.whole_actions() if isinstance(o, CastSpell)]
    assert {c.targets for c in casts} == {(sc.ids["o"], sc.ids["b"])}  # 601.2c: one of yours, one of theirs
    game.apply(casts[0])
    _resolve(game)
    assert sc.ids["b"] not in game.table.row_of  # the Bear was dealt 3 damage by the Ogre
    assert int(game.table.get(sc.ids["o"], "damage")) == 2  # and dealt 2 to it


def test_700_2d_the_same_mode_may_be_chosen_more_than_once_with_the_same_target():
    confluence = {"name": "Test Confluence", "manaCost": "{1}", "type": "Sorcery",
                  "text": "Choose three. You may choose the same mode more than once.\n"
                          "• Target creature gets +1/+0 until end of turn.\n• You gain 5 life."}
    sc, game = _game(confluence, [{"card": "Test Bear", "id": "b"}], [{"card": "Test Elf", "id": "e"}])
    casts = [o for o in game.whole_actions() if isinstance(o, CastSpell)]
    assert {c.modes for c in casts} == {(0, 0, 0), (0, 0, 1), (0, 1, 1), (1, 1, 1)}
    b, e = sc.ids["b"], sc.ids["e"]
    # 700.2d: each time the mode is chosen its target is chosen, the same object or a different one
    assert any(c.modes == (0, 0, 0) and c.targets == (b, b, b) for c in casts)
    lo, hi = sorted((b, e))
    assert not any(c.modes == (0, 0, 0) and c.targets == (lo, hi, lo) for c in casts)  # one order per set
    assert any(c.modes == (0, 0, 0) and c.targets == (lo, lo, hi) for c in casts)  # different targets too
    assert sum(c.modes == (0, 0, 0) for c in casts) == 4  # {bbb, bbe, bee, eee}: the multisets of targets
    game.apply(next(c for c in casts if c.modes == (0, 0, 1) and c.targets == (b, b)))
    life = game.player_states[0].life
    _resolve(game)
    game.refresh_layers()
    assert int(game.table.get(b, "power")) == 4  # +1/+0 twice
    assert game.player_states[0].life == life + 5


CRATER = {"name": "Test Cratermaker", "manaCost": "{1}{R}", "type": "Creature — Goblin", "power": "2",
          "toughness": "2",
          "text": "{1}, Sacrifice this creature: Choose one —\n• This creature deals 2 damage to target creature.\n"
                  "• Destroy target colorless nonland permanent."}


def test_700_2a_modal_activated_ability_compiles_and_renders_back():
    (result,) = compile_lines("Test Cratermaker", CRATER["text"], CardType.CREATURE)
    assert result.ok, result.error
    assert roundtrip_normal(render_line(result.abilities)) == roundtrip_normal(result.text)


def test_700_2a_modes_of_an_activated_ability_are_chosen_as_it_is_activated():
    from ecs.actions import ActivateAbility

    sc = Scenario({"name": "t", "cards": [CRATER, BEAR], "players": [
        {"name": "alice", "battlefield": ["Mountain", {"card": "Test Cratermaker", "id": "c"}]},
        {"name": "bob", "battlefield": [{"card": "Test Bear", "id": "b"}]}]}, "test")
    sc.run()
    game = sc.game
    acts = [o for o in game.whole_actions() if isinstance(o, ActivateAbility)]
    # mode 0 with each creature as its target; mode 1 has no colorless nonland permanent to target (700.2a)
    assert {(a.modes, a.targets) for a in acts} == {((0,), (sc.ids["b"],)), ((0,), (sc.ids["c"],))}
    game.apply(next(a for a in acts if a.targets == (sc.ids["b"],)))
    assert sc.ids["c"] not in game.table.row_of  # sacrificed as a cost (602.2b)
    _resolve(game)
    assert sc.ids["b"] not in game.table.row_of  # 2 damage to the Bear (the source's last known information)


def test_608_2d_creature_type_of_your_choice_is_chosen_as_it_resolves():
    vengeance = {"name": "Test Vengeance", "manaCost": "{1}", "type": "Instant",
                 "text": "Creatures of the creature type of your choice get -3/-3 until end of turn."}
    (result,) = compile_lines(vengeance["name"], vengeance["text"], CardType.INSTANT)
    assert roundtrip_normal(render_line(result.abilities)) == roundtrip_normal(result.text)
    sc, game = _game(vengeance, [{"card": "Test Elf", "id": "e"}, {"card": "Test Ogre", "id": "o"}],
                     [{"card": "Test Elf", "id": "e2"}, {"card": "Test Bear", "id": "b"}])
    game.apply(next(o for o in game.whole_actions() if isinstance(o, CastSpell)))
    _resolve(game)
    assert game.pending.kind == DecisionKind.CHOOSE_TYPE
    game.apply(ChooseType("Elf"))
    on_bf = game.table.row_of
    assert sc.ids["e"] not in on_bf and sc.ids["e2"] not in on_bf  # every Elf, whoever controls it
    assert sc.ids["o"] in on_bf and sc.ids["b"] in on_bf
    game.refresh_layers()
    assert int(game.table.get(sc.ids["o"], "power")) == 3


ATHLETE = {"name": "Test Athlete", "manaCost": "{1}{R}", "type": "Creature — Human", "power": "3", "toughness": "2",
           "text": "Whenever this creature attacks, choose up to one target nonland permanent. Its controller may "
                   "sacrifice it. If they don't, this creature deals 5 damage to that player."}


@pytest.mark.parametrize("sacrifices", [True, False])
def test_608_2d_its_controller_chooses_to_sacrifice_or_take_the_damage(sacrifices):
    from board import combat_board as board
    from board import sc_attack as attack

    from ecs.actions import Choose, PutTrigger

    (result,) = compile_lines(ATHLETE["name"], ATHLETE["text"], CardType.CREATURE)
    assert roundtrip_normal(render_line(result.abilities)) == roundtrip_normal(result.text)
    sc = board([{"card": "Test Athlete", "id": "a"}], [{"card": "Test Bear", "id": "b"}], cards=[ATHLETE, BEAR])
    sc.run()
    game = sc.game
    attack(sc, ["a"])
    put = [o for o in game.whole_actions() if isinstance(o, PutTrigger)]
    if put:
        game.apply(next(o for o in put if o.targets == (sc.ids["b"],)))
    life = game.player_states[1].life
    _resolve(game)
    assert game.pending.player == 1  # the Bear's controller decides (608.2d)
    game.apply(Choose(sacrifices))
    if sacrifices:
        assert sc.ids["b"] not in game.table.row_of and game.player_states[1].life == life
    else:
        assert sc.ids["b"] in game.table.row_of and game.player_states[1].life == life - 5


BANNER = {"name": "Test Banner", "manaCost": "{1}", "type": "Artifact",
          "text": "As this artifact enters, choose a color.\nCreatures you control of the chosen color get +1/+0.\n"
                  "{T}: Add one mana of the chosen color."}


def test_614_12_a_permanent_spell_asks_for_a_color_and_its_statics_use_it():
    _assert_lines_round_trip(BANNER, CardType.ARTIFACT)
    sc = Scenario({"name": "t", "cards": [BANNER, BEAR, OGRE], "players": [
        {"name": "alice", "hand": ["Test Banner"],
         "battlefield": ["Mountain", {"card": "Test Bear", "id": "b"}, {"card": "Test Ogre", "id": "o"}]},
        {"name": "bob", "battlefield": [{"card": "Test Bear", "id": "b2"}]}]}, "test")
    sc.run()
    game = sc.game
    game.apply(next(o for o in game.whole_actions() if isinstance(o, CastSpell)))
    _resolve(game)
    assert game.pending.kind == DecisionKind.CHOOSE_COLOR  # asked as it enters (614.12)
    game.apply(ChooseColor("G"))
    game.refresh_layers()
    power = lambda k: int(game.table.get(sc.ids[k], "power"))  # noqa: E731
    assert (power("b"), power("o"), power("b2")) == (3, 3, 2)  # only alice's green creature (607.2d)
    banner = next(e for e in game.table.row_of if game.card(e).name == "Test Banner")
    assert game.chosen_color[banner] == 16  # its mana ability makes green


PRETENDER = {"name": "Test Pretender", "manaCost": "{1}", "type": "Artifact Creature — Shapeshifter", "power": "2",
             "toughness": "2",
             "text": "As this creature enters, choose a creature type.\nWhenever another creature you control of the "
                     "chosen type enters, put a +1/+1 counter on this creature."}


def test_607_2d_a_trigger_linked_to_the_type_chosen_as_it_entered():
    from ecs.actions import PutTrigger

    _assert_lines_round_trip(PRETENDER, CardType.ARTIFACT | CardType.CREATURE)
    elf = dict(ELF, manaCost="{1}")
    bear = dict(BEAR, manaCost="{1}")
    sc = Scenario({"name": "t", "cards": [PRETENDER, elf, bear], "players": [
        {"name": "alice", "hand": ["Test Pretender", "Test Elf", "Test Bear"], "battlefield": ["Mountain"] * 3},
        {"name": "bob"}]}, "test")
    sc.run()
    game = sc.game

    def cast(name):
        game.apply(next(o for o in game.whole_actions() if isinstance(o, CastSpell) and game.card(o.card).name == name))
        _resolve(game)

    cast("Test Pretender")
    game.apply(ChooseType("Elf"))
    pretender = next(e for e in game.table.row_of if game.card(e).name == "Test Pretender")
    cast("Test Bear")  # not of the chosen type: no trigger
    assert not any(isinstance(o, PutTrigger) for o in game.whole_actions()) and not game.stack
    cast("Test Elf")
    for _ in range(3):
        put = [o for o in game.whole_actions() if isinstance(o, PutTrigger)]
        if put:
            game.apply(put[0])
        if game.stack:
            _resolve(game)
    from systems.counters import counter_count

    assert counter_count(game, pretender, "+1/+1") == 1


def test_607_2d_no_type_chosen_the_linked_trigger_matches_no_creature():
    elf = dict(ELF, manaCost="{1}")
    sc = Scenario({"name": "t", "cards": [PRETENDER, elf], "players": [
        {"name": "alice", "hand": ["Test Elf"], "battlefield": ["Mountain", "Test Pretender"]}, {"name": "bob"}]},
        "test")
    sc.run()
    game = sc.game
    game.apply(next(o for o in game.whole_actions() if isinstance(o, CastSpell)))
    _resolve(game)
    from ecs.actions import PutTrigger

    assert not any(isinstance(o, PutTrigger) for o in game.whole_actions()) and not game.stack


def test_607_2d_a_sacrifice_cost_linked_to_the_chosen_type():
    from ecs.actions import ActivateAbility

    etchings = {"name": "Test Etchings", "manaCost": "{1}", "type": "Enchantment",
                "text": "As this enchantment enters, choose a creature type.\n{1}, Sacrifice a creature of the chosen "
                        "type: Target creature you control gains indestructible until end of turn."}
    _assert_lines_round_trip(etchings, CardType.ENCHANTMENT)
    sc = Scenario({"name": "t", "cards": [etchings, ELF, BEAR], "players": [
        {"name": "alice", "hand": ["Test Etchings"],
         "battlefield": ["Mountain"] * 2 + [{"card": "Test Elf", "id": "e"}, {"card": "Test Bear", "id": "b"}]},
        {"name": "bob"}]}, "test")
    sc.run()
    game = sc.game
    game.apply(next(o for o in game.whole_actions() if isinstance(o, CastSpell)))
    _resolve(game)
    game.apply(ChooseType("Bear"))
    acts = [o for o in game.whole_actions() if isinstance(o, ActivateAbility) and o.sacrifice]
    assert acts and {a.sacrifice for a in acts} == {(sc.ids["b"],)}  # only the Bear pays the cost (602.2b)


def test_607_2d_a_target_linked_to_the_color_chosen_as_it_entered():
    from ecs.actions import ActivateAbility

    paladin = {"name": "Test Paladin", "manaCost": "{1}", "type": "Creature — Human Knight", "power": "2",
               "toughness": "2",
               "text": "Haste\nAs this creature enters, choose a color.\n{1}, {T}: Destroy target permanent of the "
                       "chosen color."}
    _assert_lines_round_trip(paladin, CardType.CREATURE)
    sc = Scenario({"name": "t", "cards": [paladin, ELF, OGRE], "players": [
        {"name": "alice", "hand": ["Test Paladin"], "battlefield": ["Mountain"] * 2},
        {"name": "bob", "battlefield": [{"card": "Test Elf", "id": "e"}, {"card": "Test Ogre", "id": "o"}]}]},
        "test")
    sc.run()
    game = sc.game
    game.apply(next(o for o in game.whole_actions() if isinstance(o, CastSpell)))
    _resolve(game)
    game.apply(ChooseColor("R"))
    paladin_ent = next(e for e in game.table.row_of if game.card(e).name == "Test Paladin")
    acts = [o for o in game.whole_actions() if isinstance(o, ActivateAbility) and o.source == paladin_ent]
    assert {a.targets for a in acts} == {(sc.ids["o"],)}  # only the red permanent (607.2d)
    game.apply(acts[0])
    _resolve(game)
    assert sc.ids["o"] not in game.table.row_of and sc.ids["e"] in game.table.row_of


def test_105_3_205_1b_becomes_the_color_and_creature_type_of_your_choice():
    from ecs.actions import ActivateAbility
    from systems.layers import subtypes_of

    crow = {"name": "Test Crow", "manaCost": "{1}", "type": "Creature — Bird", "power": "1", "toughness": "1",
            "text": "Haste\n{1}: This creature becomes the color of your choice until end of turn.\n"
                    "{1}: This creature becomes the creature type of your choice until end of turn."}
    _assert_lines_round_trip(crow, CardType.CREATURE)
    sc = Scenario({"name": "t", "cards": [crow], "players": [
        {"name": "alice", "battlefield": ["Mountain"] * 2 + [{"card": "Test Crow", "id": "c"}]}, {"name": "bob"}]},
        "test")
    sc.run()
    game, c = sc.game, sc.ids["c"]
    game.apply(next(o for o in game.whole_actions() if isinstance(o, ActivateAbility) and o.index == 1))
    _resolve(game)
    game.apply(ChooseColor("U"))
    game.apply(next(o for o in game.whole_actions() if isinstance(o, ActivateAbility) and o.index == 2))
    _resolve(game)
    game.apply(ChooseType("Elf"))
    game.refresh_layers()
    assert int(game.table.get(c, "colors")) == 2  # blue (layer 5)
    assert set(subtypes_of(game, c)) == {"Elf"}  # its creature types replaced (layer 4, 205.1b)


def test_601_2f_spells_of_the_chosen_type_cost_less():
    from systems.costs import effective_cost

    horn = {"name": "Test Horn", "manaCost": "{1}", "type": "Artifact",
            "text": "As this artifact enters, choose a creature type.\nCreature spells you cast of the chosen type cost "
                    "{1} less to cast."}
    _assert_lines_round_trip(horn, CardType.ARTIFACT)
    elf = dict(ELF, manaCost="{2}{G}")
    bear = dict(BEAR, manaCost="{2}{G}")
    sc = Scenario({"name": "t", "cards": [horn, elf, bear], "players": [
        {"name": "alice", "hand": ["Test Horn", "Test Elf", "Test Bear"], "battlefield": ["Mountain"]},
        {"name": "bob"}]}, "test")
    sc.run()
    game = sc.game
    game.apply(next(o for o in game.whole_actions() if isinstance(o, CastSpell)))
    _resolve(game)
    game.apply(ChooseType("Elf"))
    cards = {game.card(e).name: game.card(e) for e in game.zones[0][Zone.HAND]}
    assert effective_cost(game, 0, cards["Test Elf"]).mana_value() == 2  # {1}{G}: one less (601.2f)
    assert effective_cost(game, 0, cards["Test Bear"]).mana_value() == 3  # not of the chosen type


def test_607_2d_a_cast_trigger_linked_to_the_chosen_type():
    from systems.choices import linked_choice

    banner = {"name": "Test Banner", "manaCost": "{1}", "type": "Artifact",
              "text": "As this artifact enters, choose a creature type.\nWhenever you cast a creature spell of the "
                      "chosen type, draw a card."}
    _assert_lines_round_trip(banner, CardType.ARTIFACT)
    elf = dict(ELF, manaCost="{1}")
    bear = dict(BEAR, manaCost="{1}")
    sc = Scenario({"name": "t", "cards": [banner, elf, bear], "players": [
        {"name": "alice", "hand": ["Test Banner", "Test Elf", "Test Bear"], "battlefield": ["Mountain"] * 3,
         "library": ["Mountain"] * 5},
        {"name": "bob"}]}, "test")
    sc.run()
    game = sc.game

    def cast(name):
        game.apply(next(o for o in game.whole_actions() if isinstance(o, CastSpell) and game.card(o.card).name == name))

    cast("Test Banner")
    _resolve(game)
    game.apply(ChooseType("Bear"))
    banner_ent = next(e for e in game.table.row_of if game.card(e).name == "Test Banner")
    assert game.chosen_type[banner_ent] == "Bear" and linked_choice(game, banner_ent, game.card(
        banner_ent).abilities[1].trigger.spell).subtypes_any == ("Bear",)
    hand = len(game.zones[0][Zone.HAND])
    cast("Test Elf")  # not of the chosen type: no trigger
    assert len(game.stack) == 1
    _resolve(game)
    cast("Test Bear")
    assert len(game.stack) == 2  # the spell and its cast trigger (601.2i)
    _resolve(game)
    _resolve(game)
    assert len(game.zones[0][Zone.HAND]) == hand - 2 + 1  # two cast, one card drawn


def test_608_2d_gains_your_choice_of_keywords_and_create_your_choice_of_tokens():
    from components.keywords import Keyword
    from ecs.actions import ActivateAbility, ChooseOption

    wonder = {"name": "Test Wonder", "manaCost": "{1}", "type": "Creature — Construct", "power": "1",
              "toughness": "1",
              "text": "{1}: This creature gains your choice of flying, vigilance, or lifelink until end of turn.\n"
                      "{2}: Create your choice of a Clue token, a Food token, or a Treasure token."}
    _assert_lines_round_trip(wonder, CardType.CREATURE)
    sc = Scenario({"name": "t", "cards": [wonder], "players": [
        {"name": "alice", "battlefield": ["Mountain"] * 3 + [{"card": "Test Wonder", "id": "w"}]}, {"name": "bob"}]},
        "test")
    sc.run()
    game, w = sc.game, sc.ids["w"]
    game.apply(next(o for o in game.whole_actions() if isinstance(o, ActivateAbility) and o.index == 0))
    _resolve(game)
    assert set(game.pending.options) == {ChooseOption("flying"), ChooseOption("vigilance"), ChooseOption("lifelink")}
    game.apply(ChooseOption("vigilance"))
    game.refresh_layers()
    kw = int(game.table.get(w, "keywords"))
    assert kw & int(Keyword.VIGILANCE) and not kw & int(Keyword.FLYING) and not kw & int(Keyword.LIFELINK)
    game.apply(next(o for o in game.whole_actions() if isinstance(o, ActivateAbility) and o.index == 1))
    _resolve(game)
    game.apply(ChooseOption("a food token"))
    names = sorted(game.card(e).name for e in game.table.row_of)
    assert "Food" in names and "Clue" not in names and "Treasure" not in names

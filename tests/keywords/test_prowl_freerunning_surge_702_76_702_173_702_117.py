"""Prowl (CR 702.76) and freerunning (702.173): alternative costs after combat damage to a player this turn."""

from __future__ import annotations

from board import attack, build, untapped

from components.casting_keywords import ThisTurnAltCost
from components.characteristics import CardType
from content.oracle import compile_text
from content.oracle.render import render_line
from ecs.actions import CastSpell, DecisionKind, FinishBlockers, PassPriority


def _creature(name, subtypes, text="", cost="{1}", power=2):
    return {"name": name, "manaCost": cost, "type": "Creature — " + " ".join(subtypes), "types": ["Creature"],
            "subtypes": list(subtypes), "supertypes": [], "text": text, "power": str(power), "toughness": "2"}


HARLEQUIN = _creature("Test Harlequin", ["Human", "Assassin"], "Freerunning {1}{B} (You may cast this spell for its "
                      "freerunning cost if you dealt combat damage to a player this turn with an Assassin or "
                      "commander.)", cost="{3}{B}{B}")
SNITCH = _creature("Test Snitch", ["Goblin", "Rogue"], "Prowl {B} (You may cast this for its prowl cost if you dealt "
                   "combat damage to a player this turn with a Goblin or Rogue.)", cost="{2}{B}")
ASSASSIN = _creature("Test Assassin", ["Human", "Assassin"])
GOBLIN = _creature("Test Goblin", ["Goblin", "Warrior"])
CARDS = [HARLEQUIN, SNITCH, ASSASSIN, GOBLIN]


def _game(attacker):
    players = [{"name": "alice", "hand": ["Test Harlequin", "Test Snitch"],
                "battlefield": ["Swamp", "Swamp", {"card": attacker, "id": "a"}], "library": ["Swamp"] * 5},
               {"name": "bob", "battlefield": [], "library": ["Swamp"] * 5}]
    sc = build(players, cards=CARDS)
    return sc, sc.game


def _to_second_main(sc, game):
    attack(game, [sc.ids["a"]])
    for _ in range(20):
        if game.step.label == "postcombat_main" and game.pending.kind == DecisionKind.PRIORITY:
            return
        game.apply(FinishBlockers() if game.pending.kind == DecisionKind.BLOCKERS else PassPriority())
    raise AssertionError("no second main phase")


def _costs(game, name):
    return {o.cost for o in game.whole_actions() if isinstance(o, CastSpell) and game.card(o.card).name == name}


def test_readers_and_renderers():
    for card, line in ((HARLEQUIN, "Freerunning {1}{B}"), (SNITCH, "Prowl {B}")):
        (a,) = [x for x in compile_text(card["name"], card["text"], CardType.CREATURE)[0]
                if isinstance(x, ThisTurnAltCost)]
        assert render_line([a]) == line


def test_702_173a_freerunning_after_an_assassin_dealt_combat_damage_to_a_player():
    sc, game = _game("Test Assassin")
    assert _costs(game, "Test Harlequin") == set()  # not yet: and {3}{B}{B} can't be paid with two lands
    _to_second_main(sc, game)
    assert game.player_states[1].life == 18
    assert _costs(game, "Test Harlequin") == {"freerunning"}
    assert _costs(game, "Test Snitch") == set()  # an Assassin isn't a Goblin or a Rogue: no prowl
    game.apply(next(o for o in game.whole_actions() if isinstance(o, CastSpell) and o.cost == "freerunning"))
    assert untapped(game, 0) == 0  # {1}{B}


def test_702_76a_prowl_after_a_source_sharing_a_creature_type_dealt_combat_damage():
    sc, game = _game("Test Goblin")
    _to_second_main(sc, game)
    assert _costs(game, "Test Snitch") == {"prowl"}  # the Goblin shares a type with the Goblin Rogue
    assert _costs(game, "Test Harlequin") == set()  # a Goblin Warrior isn't an Assassin
    game.apply(next(o for o in game.whole_actions() if isinstance(o, CastSpell) and o.cost == "prowl"))
    assert untapped(game, 0) == 1  # {B} rather than {2}{B}


def test_the_condition_lasts_only_this_turn():
    sc, game = _game("Test Goblin")
    _to_second_main(sc, game)
    for _ in range(30):
        if game.turn == 3 and game.step.label == "precombat_main" and game.pending.player == 0:
            break
        p = game.pending
        game.apply(p.options[0] if p.kind != DecisionKind.PRIORITY else PassPriority())
    assert _costs(game, "Test Snitch") == set()


BUSHWHACKER = _creature("Test Bushwhacker", ["Goblin", "Berserker"], "Surge {R} (You may cast this spell for its "
                        "surge cost if you've cast another spell this turn.)\nWhen this creature enters, if its surge "
                        "cost was paid, you gain 3 life.", cost="{2}{R}")
PING = {"name": "Test Ping", "manaCost": "{R}", "type": "Instant", "types": ["Instant"], "subtypes": [],
        "supertypes": [], "text": "Test Ping deals 1 damage to any target."}


def _surge_game():
    players = [{"name": "alice", "hand": ["Test Bushwhacker", "Test Ping"], "battlefield": ["Mountain"] * 3,
                "library": ["Mountain"] * 5},
               {"name": "bob", "battlefield": [], "library": ["Mountain"] * 5}]
    return build(players, cards=[BUSHWHACKER, PING]).game


def _resolve(game):
    for _ in range(20):
        if not game.stack and not game.waiting_triggers:
            return
        game.apply(PassPriority() if game.pending.kind == DecisionKind.PRIORITY else game.pending.options[0])


def test_702_117a_surge_after_casting_another_spell_this_turn_and_603_4_its_cost_paid_trigger():
    game = _surge_game()
    assert _costs(game, "Test Bushwhacker") == {""}  # no other spell cast yet: no surge
    game.apply(next(o for o in game.whole_actions() if isinstance(o, CastSpell) and game.card(o.card).name
                    == "Test Ping" and o.targets == (game.players[1],)))
    _resolve(game)
    assert _costs(game, "Test Bushwhacker") == {"surge"}  # {2}{R} can't be paid with the two Mountains left
    game.apply(next(o for o in game.whole_actions() if isinstance(o, CastSpell) and o.cost == "surge"))
    assert untapped(game, 0) == 1
    _resolve(game)
    assert game.player_states[0].life == 23  # "if its surge cost was paid, you gain 3 life"


def test_603_4_cast_for_its_mana_cost_the_surge_trigger_does_nothing():
    players = [{"name": "alice", "hand": ["Test Bushwhacker"], "battlefield": ["Mountain"] * 3,
                "library": ["Mountain"] * 5}, {"name": "bob", "battlefield": [], "library": ["Mountain"] * 5}]
    game = build(players, cards=[BUSHWHACKER, PING]).game
    game.apply(next(o for o in game.whole_actions() if isinstance(o, CastSpell) and o.cost == ""))
    _resolve(game)
    assert game.player_states[0].life == 20 and len(game.battlefield()) == 4


SPECTACLE = {"name": "Test Spectacle", "manaCost": "{2}{R}", "type": "Sorcery", "types": ["Sorcery"], "subtypes": [],
             "supertypes": [], "text": "Test Spectacle deals 2 damage to any target.\nSpectacle {R} (You may cast "
                                       "this spell for its spectacle cost rather than its mana cost if an opponent "
                                       "lost life this turn.)"}


def test_702_137a_spectacle_after_an_opponent_lost_life_this_turn():
    players = [{"name": "alice", "hand": ["Test Spectacle", "Test Ping"], "battlefield": ["Mountain"] * 2,
                "library": ["Mountain"] * 5},
               {"name": "bob", "battlefield": [], "library": ["Mountain"] * 5}]
    game = build(players, cards=[SPECTACLE, PING]).game
    bob = game.players[1]
    assert _costs(game, "Test Spectacle") == set()  # {2}{R} can't be paid, and no opponent lost life yet
    game.apply(next(o for o in game.whole_actions() if isinstance(o, CastSpell) and game.card(o.card).name
                    == "Test Ping" and o.targets == (bob,)))
    _resolve(game)
    assert game.player_states[1].life == 19 and _costs(game, "Test Spectacle") == {"spectacle"}

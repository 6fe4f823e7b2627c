"""Phasing (CR 702.26): the keyword, "~ phases out", indirect phasing, and phasing in as the same object."""

from __future__ import annotations

from board import activations, build, one, pass_once, resolve_stack

from components.characteristics import CardType
from components.objects import Step
from content.oracle import compile_lines
from content.oracle.render import render_line
from content.oracle.text import strip_ability_word
from ecs.actions import DecisionKind
from systems.mechanics.phasing import state as phasing_state

RAIDERS = {"name": "Test Raiders", "manaCost": "{1}{U}", "type": "Creature — Merfolk Soldier", "types": ["Creature"],
           "subtypes": ["Merfolk", "Soldier"], "supertypes": [], "power": "1", "toughness": "4",
           "text": "Phasing (This phases in or out before you untap during each of your untap steps. While it's "
                   "phased out, it's treated as though it doesn't exist.)"}
DOG = {"name": "Test Blink Dog", "manaCost": "{2}{W}", "type": "Creature — Dog", "types": ["Creature"],
       "subtypes": ["Dog"], "supertypes": [], "power": "1", "toughness": "1",
       "text": "Teleport — {3}{W}: This creature phases out. (Treat it and anything attached to it as though they "
               "don't exist until your next turn.)"}
STRENGTH = {"name": "Test Strength", "manaCost": "{W}", "type": "Enchantment — Aura", "types": ["Enchantment"],
            "subtypes": ["Aura"], "supertypes": [], "text": "Enchant creature\nEnchanted creature gets +1/+2."}
CARDS = [RAIDERS, DOG, STRENGTH]


def _game(battlefield, turn=None, bob_battlefield=()):
    players = [{"name": "alice", "battlefield": list(battlefield), "library": ["Plains"] * 6},
               {"name": "bob", "battlefield": list(bob_battlefield), "library": ["Plains"] * 6}]
    return build(players, cards=CARDS, turn=turn).game


def _to_next_turn_of(game, player):
    """Pass until ``player``'s next turn has begun (its untap step is over: the upkeep or a later step)."""
    start = game.turn
    for _ in range(200):
        if game.turn > start and game.active == player and game.step >= Step.UPKEEP:
            return
        p = game.pending
        if p.kind == DecisionKind.PRIORITY:
            pass_once(game)
        else:
            game.apply(p.options[-1])
    raise AssertionError("no next turn")


def test_readers_and_renderers_round_trip():
    for card in CARDS:
        for r in compile_lines(card["name"], card["text"], CardType.CREATURE):
            assert r.ok, r.error
            assert render_line(r.abilities).rstrip(".") == strip_ability_word(r.text).rstrip(".")


def test_702_26a_phasing_phases_out_in_its_controllers_untap_step_and_back_in_the_next():
    game = _game([{"card": "Test Raiders", "id": "r", "counters": {"+1/+1": 1}, "tapped": True}],
                 turn={"step": "untap"})
    raiders = next(iter(phasing_state(game).out))  # it phased out as alice's untap step began (502.1)
    assert raiders not in game.table.row_of and game.card(raiders).name == "Test Raiders"
    assert game.battlefield() == []  # 702.26b: treated as though it doesn't exist
    _to_next_turn_of(game, 1)
    assert raiders in phasing_state(game).out  # bob's untap step doesn't phase in alice's permanent
    _to_next_turn_of(game, 0)
    # 702.26d: the same object phases in, with its counter; it phased in before the untapping (502.1-502.3)
    assert raiders in game.table.row_of and not phasing_state(game).out
    assert int(game.table.get(raiders, "plus1")) == 1
    assert not game.table.get(raiders, "tapped")
    _to_next_turn_of(game, 1)
    _to_next_turn_of(game, 0)
    assert raiders in phasing_state(game).out  # and out again on alice's following turn


def test_702_26_phases_out_effect_and_phases_in_on_its_controllers_next_untap_step():
    game = _game(["Test Blink Dog", "Plains", "Plains", "Plains", "Plains"])
    dog = one(game, "Test Blink Dog")
    game.apply(activations(game, dog)[0])
    resolve_stack(game)
    assert dog in phasing_state(game).out and dog not in game.table.row_of
    _to_next_turn_of(game, 1)
    assert dog in phasing_state(game).out
    _to_next_turn_of(game, 0)
    assert dog in game.table.row_of and game.card(dog).name == "Test Blink Dog"


def test_702_26g_an_aura_phases_out_indirectly_and_phases_in_still_attached():
    game = _game([{"card": "Test Blink Dog", "id": "dog"}, {"card": "Test Strength", "attached_to": "dog"},
                  "Plains", "Plains", "Plains", "Plains"])
    dog = one(game, "Test Blink Dog")
    aura = one(game, "Test Strength")
    game.apply(activations(game, dog)[0])
    resolve_stack(game)
    assert dog in phasing_state(game).out and aura in phasing_state(game).out  # 702.26g
    assert not phasing_state(game).out[aura][2]  # indirectly
    _to_next_turn_of(game, 0)
    assert aura in game.table.row_of and int(game.table.get(aura, "attached_to")) == dog
    game.refresh_layers()
    assert (int(game.table.get(dog, "power")), int(game.table.get(dog, "toughness"))) == (2, 3)


def test_702_26b_506_4_a_creature_that_phases_out_is_removed_from_combat():
    game = _game(["Test Blink Dog", "Plains", "Plains", "Plains", "Plains"])
    dog = one(game, "Test Blink Dog")
    from board import attack

    attack(game, [dog])
    assert dog in game.combat.attackers
    game.apply(activations(game, dog)[0])
    resolve_stack(game)
    assert dog not in game.combat.attackers
    for _ in range(10):
        if game.step >= Step.END_OF_COMBAT:
            break
        pass_once(game)
    assert game.player_states[1].life == 20  # it dealt no combat damage

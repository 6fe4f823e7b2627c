"""Start your engines! and speed (CR 702.179), max speed (CR 702.178)."""

from __future__ import annotations

from board import attack, build, one, pass_once, pass_until, resolve_stack

from components.characteristics import CardType
from content.oracle import compile_lines
from content.oracle.render import render_line
from ecs.actions import DecisionKind
from systems.mechanics.speed import state as speed_state

REMINDER = ("Start your engines! (If you have no speed, it starts at 1. It increases once on each of your turns when "
            "an opponent loses life. Max speed is 4.)")
SARCOPHAGUS = {"name": "Test Sarcophagus", "manaCost": "{2}", "type": "Artifact Creature — Zombie Cat",
               "types": ["Artifact", "Creature"], "subtypes": ["Zombie", "Cat"], "supertypes": [],
               "text": REMINDER + "\nMax speed — This creature gets +1/+2.", "power": "2", "toughness": "1"}
RACEWAY = {"name": "Test Raceway", "type": "Land", "types": ["Land"], "subtypes": [], "supertypes": [],
           "text": REMINDER + "\n{T}: Add {C}.\nMax speed — {T}: Target creature gains haste until end of turn."}
CARDS = [SARCOPHAGUS, RACEWAY]


def _game(alice_battlefield, speed=None, bob_life=20):
    players = [{"name": "alice", "battlefield": list(alice_battlefield), "library": ["Forest"] * 5},
               {"name": "bob", "life": bob_life, "battlefield": [], "library": ["Forest"] * 5}]
    game = build(players, cards=CARDS).game
    if speed is not None:
        speed_state(game).speeds[0] = speed
        game.layers_dirty = True
    return game


def test_readers_and_renderers_round_trip():
    for card, kind in ((SARCOPHAGUS, CardType.CREATURE), (RACEWAY, CardType.LAND)):
        for r in compile_lines(card["name"], card["text"], kind):
            assert r.ok, r.error
            assert render_line(r.abilities) == r.text.rstrip(".") or render_line(r.abilities) == r.text


def test_702_179a_704_5z_a_permanent_with_start_your_engines_gives_speed_1():
    game = _game(["Test Sarcophagus"])
    assert speed_state(game).speeds == {0: 1}  # bob controls no such permanent: he has no speed (702.179b)


def test_702_179b_no_speed_without_the_ability():
    game = _game(["Grizzly Bears"])
    assert speed_state(game).speeds == {}


def test_702_178a_max_speed_static_applies_only_at_speed_4():
    game = _game(["Test Sarcophagus"], speed=3)
    sarc = one(game, "Test Sarcophagus")
    game.refresh_layers()
    assert (int(game.table.get(sarc, "power")), int(game.table.get(sarc, "toughness"))) == (2, 1)
    speed_state(game).speeds[0] = 4
    game.layers_dirty = True
    game.refresh_layers()
    assert (int(game.table.get(sarc, "power")), int(game.table.get(sarc, "toughness"))) == (3, 3)


def test_702_179d_opponent_losing_life_on_your_turn_raises_speed_once_each_turn():
    game = _game(["Test Sarcophagus", "Grizzly Bears"], speed=1)
    bears = one(game, "Grizzly Bears")
    sarc = one(game, "Test Sarcophagus")
    attack(game, [bears, sarc])
    resolve_stack(game)
    pass_until(game, DecisionKind.PRIORITY)
    for _ in range(10):  # through combat damage: bob loses 4 life from two creatures, in one event
        if speed_state(game).speeds.get(0) != 1 or game.player_states[1].life < 20 and not game.waiting_triggers and not game.stack:
            break
        pass_once(game)
    resolve_stack(game)
    assert game.player_states[1].life == 16
    assert speed_state(game).speeds[0] == 2  # increased by exactly 1 (only once each turn)


def test_702_179d_the_speed_ability_triggers_only_on_your_turn():
    game = _game(["Test Sarcophagus"], speed=1)
    from systems.history import life_lost

    game.active = 1  # bob's turn: bob loses life, alice's speed ability doesn't trigger
    life_lost(game, 1, 1)
    assert not game.waiting_triggers
    game.active = 0
    life_lost(game, 0, 1)  # alice herself losing life isn't an opponent losing life
    assert not game.waiting_triggers
    life_lost(game, 1, 1)
    assert len(game.waiting_triggers) == 1
    life_lost(game, 1, 1)  # "This ability triggers only once each turn."
    assert len(game.waiting_triggers) == 1


def test_702_179d_speed_never_exceeds_4():
    game = _game(["Test Sarcophagus"], speed=4)
    from systems.history import life_lost

    life_lost(game, 1, 1)  # "if your speed is less than 4": it doesn't trigger at all
    assert not game.waiting_triggers and speed_state(game).speeds[0] == 4


def _haste_activations(game, race):
    """The options of activating the Raceway's targeted ability, as alice's priority is offered now."""
    from ecs.actions import ActivateAbility
    from systems.priority import priority_options

    return [o for o in priority_options(game, 0) if isinstance(o, ActivateAbility) and o.source == race and o.targets]


def test_702_178a_max_speed_activated_ability_only_at_speed_4():
    game = _game(["Test Raceway", "Grizzly Bears"], speed=3)
    race = one(game, "Test Raceway")
    assert _haste_activations(game, race) == []  # at speed 3 the Raceway doesn't have the ability
    speed_state(game).speeds[0] = 4
    assert _haste_activations(game, race)  # max speed: it has it (702.178a)

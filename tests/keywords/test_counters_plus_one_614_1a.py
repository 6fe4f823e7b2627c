"""'If one or more +1/+1 counters would be put on a creature you control, that many plus one +1/+1 counters are put on
it instead.' (CR 614.1a, 614.5, 122.6): each such replacement effect adds one to each event putting +1/+1 counters on
a matching permanent its controller controls, entering with counters included (122.6)."""

from __future__ import annotations

from board import build, cast, pass_once

from components.characteristics import CardType
from content.oracle import compile_lines
from content.oracle.render import render_line

SCALES = {"name": "Test Scales", "manaCost": "{G}", "type": "Enchantment", "types": ["Enchantment"], "subtypes": [],
          "supertypes": [], "text": "If one or more +1/+1 counters would be put on a creature you control, that many "
                                    "plus one +1/+1 counters are put on it instead."}
KAMI = {"name": "Test Kami", "manaCost": "{G}", "type": "Enchantment", "types": ["Enchantment"], "subtypes": [],
        "supertypes": [], "text": "If one or more +1/+1 counters would be put on a permanent you control, that many "
                                  "plus one +1/+1 counters are put on that permanent instead."}
GROWTH = {"name": "Test Growth", "manaCost": "{G}", "type": "Instant", "types": ["Instant"], "subtypes": [],
          "supertypes": [], "text": "Put two +1/+1 counters on target creature."}
BEAR = {"name": "Test Bear", "manaCost": "{G}", "type": "Creature — Bear", "types": ["Creature"], "subtypes": ["Bear"],
        "supertypes": [], "text": "", "power": "2", "toughness": "2"}
HYDRA = {"name": "Test Hydra", "manaCost": "{G}", "type": "Creature — Hydra", "types": ["Creature"],
         "subtypes": ["Hydra"], "supertypes": [], "text": "Test Hydra enters with two +1/+1 counters on it.",
         "power": "0", "toughness": "0"}
CARDS = [SCALES, KAMI, GROWTH, BEAR, HYDRA]


def _game(alice_battlefield, hand, bob_battlefield=()):
    players = [{"name": "alice", "battlefield": list(alice_battlefield) + ["Forest"] * 3, "hand": list(hand),
                "library": ["Forest"] * 5},
               {"name": "bob", "battlefield": list(bob_battlefield), "library": ["Forest"] * 5}]
    return build(players, cards=CARDS).game


def _one(game, name):
    (ent,) = [e for e in game.battlefield() if game.card(e).name == name]
    return ent


def _plus1(game, name):
    from systems.counters import counter_count

    return counter_count(game, _one(game, name), "+1/+1")


def _resolve(game):
    while game.stack:
        pass_once(game)


def test_readers_and_renderers_round_trip():
    for card in (SCALES, KAMI):
        (r,) = compile_lines(card["name"], card["text"], CardType.ENCHANTMENT)
        assert r.ok, r.error
        assert render_line(r.abilities) == card["text"]


def test_614_1a_putting_counters_on_your_creature_puts_one_more():
    game = _game(["Test Scales", "Test Bear"], ["Test Growth"])
    cast(game, "Test Growth", [_one(game, "Test Bear")])
    _resolve(game)
    assert _plus1(game, "Test Bear") == 3


def test_614_1a_an_opponents_creature_gets_only_the_counters_put():
    game = _game(["Test Scales"], ["Test Growth"], bob_battlefield=["Test Bear"])
    cast(game, "Test Growth", [_one(game, "Test Bear")])
    _resolve(game)
    assert _plus1(game, "Test Bear") == 2


def test_122_6_a_creature_entering_with_counters_gets_one_more():
    game = _game(["Test Scales"], ["Test Hydra"])
    cast(game, "Test Hydra")
    _resolve(game)
    assert _plus1(game, "Test Hydra") == 3


def test_614_5_two_effects_each_apply_once():
    game = _game(["Test Scales", "Test Kami", "Test Bear"], ["Test Growth"])
    cast(game, "Test Growth", [_one(game, "Test Bear")])
    _resolve(game)
    assert _plus1(game, "Test Bear") == 4


def test_without_the_effect_the_counters_put_are_all():
    game = _game(["Test Bear"], ["Test Growth"])
    cast(game, "Test Growth", [_one(game, "Test Bear")])
    _resolve(game)
    assert _plus1(game, "Test Bear") == 2

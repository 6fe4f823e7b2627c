"""Adapt (CR 701.43) and monstrosity (CR 701.31): keyword actions of activated abilities."""

from __future__ import annotations

from board import activations, build, one, resolve_stack

from components.characteristics import CardType
from components.designations import Monstrous
from components.keywords import Keyword
from content.oracle import compile_lines
from content.oracle.render import render_line

OOZE = {"name": "Test Ooze", "manaCost": "{1}{G}", "type": "Creature — Ooze", "types": ["Creature"],
        "subtypes": ["Ooze"], "supertypes": [], "power": "2", "toughness": "2",
        "text": "{G}: Adapt 2. (If this creature has no +1/+1 counters on it, put two +1/+1 counters on it.)"}
COLOSSUS = {"name": "Test Colossus", "manaCost": "{3}", "type": "Creature — Giant", "types": ["Creature"],
            "subtypes": ["Giant"], "supertypes": [], "power": "3", "toughness": "3",
            "text": "{G}: Monstrosity 3. (If this creature isn't monstrous, put three +1/+1 counters on it and it "
                    "becomes monstrous.)\nAs long as this creature is monstrous, it has trample."}
HYDRA = {"name": "Test Hydra", "manaCost": "{3}", "type": "Creature — Hydra", "types": ["Creature"],
         "subtypes": ["Hydra"], "supertypes": [], "power": "3", "toughness": "3",
         "text": "{G}: Monstrosity 1.\nWhen this creature becomes monstrous, it deals 2 damage to each opponent."}
CARDS = [OOZE, COLOSSUS, HYDRA]


def _game(battlefield):
    return build([{"name": "alice", "battlefield": list(battlefield), "library": ["Forest"] * 3},
                  {"name": "bob", "library": ["Forest"] * 3}], cards=CARDS).game


def _activate(game, ent):
    game.apply(activations(game, ent)[0])
    resolve_stack(game)


def test_readers_and_renderers():
    for card in CARDS:
        for r in compile_lines(card["name"], card["text"], CardType.CREATURE):
            assert r.ok and render_line(r.abilities) == r.text


def test_701_43a_adapt_puts_counters_only_if_it_has_none():
    game = _game(["Test Ooze", "Forest", "Forest"])
    ooze = one(game, "Test Ooze")
    _activate(game, ooze)
    assert int(game.table.get(ooze, "plus1")) == 2
    _activate(game, ooze)  # it has +1/+1 counters: nothing happens
    assert int(game.table.get(ooze, "plus1")) == 2


def test_701_43a_adapt_with_a_minus_counter_and_no_plus_counter_still_adapts():
    game = _game([{"card": "Test Ooze", "id": "o", "counters": {"-1/-1": 1}}, "Forest"])
    ooze = one(game, "Test Ooze")
    _activate(game, ooze)  # 704.5q: one +1/+1 and one -1/-1 counter are removed as a state-based action
    assert (int(game.table.get(ooze, "plus1")), int(game.table.get(ooze, "minus1"))) == (1, 0)


def test_701_31a_monstrosity_only_once():
    game = _game(["Test Colossus", "Forest", "Forest"])
    colossus = one(game, "Test Colossus")
    game.refresh_layers()
    assert not int(game.table.get(colossus, "keywords")) & int(Keyword.TRAMPLE)
    _activate(game, colossus)
    assert int(game.table.get(colossus, "plus1")) == 3 and game.world.has(colossus, Monstrous)
    game.refresh_layers()
    assert int(game.table.get(colossus, "keywords")) & int(Keyword.TRAMPLE)  # "as long as ~ is monstrous"
    _activate(game, colossus)  # 701.31a: already monstrous: no more counters
    assert int(game.table.get(colossus, "plus1")) == 3


def test_701_31b_monstrous_ends_when_it_leaves_the_battlefield():
    from components.objects import Zone
    from systems.zones import move

    game = _game(["Test Colossus", "Forest", "Forest"])
    colossus = one(game, "Test Colossus")
    _activate(game, colossus)
    card = move(game, colossus, Zone.HAND)
    again = move(game, card, Zone.BATTLEFIELD)  # a new object (400.7), not monstrous
    from ecs.actions import ActivateAbility, Decision, DecisionKind
    from systems.priority import priority_options

    # the moves were test instruments: offer alice's priority again with the board as it is now
    game.pending = Decision(0, DecisionKind.PRIORITY, tuple(priority_options(game, 0)))
    game.apply(next(o for o in game.whole_actions() if isinstance(o, ActivateAbility) and o.source == again))
    resolve_stack(game)
    assert int(game.table.get(again, "plus1")) == 3 and game.world.has(again, Monstrous)


def test_701_31b_603_2_when_it_becomes_monstrous_triggers_once():
    game = _game(["Test Hydra", "Forest", "Forest"])
    hydra = one(game, "Test Hydra")
    _activate(game, hydra)
    assert game.player_states[1].life == 18
    _activate(game, hydra)  # already monstrous: it doesn't become monstrous again, nothing triggers
    assert game.player_states[1].life == 18 and int(game.table.get(hydra, "plus1")) == 1

"""Casualty (CR 702.153) and conspire (702.78): an optional additional cost that copies the spell when it's cast."""

from __future__ import annotations

from board import build, names

from components.casting_keywords import CopyOnCast
from components.characteristics import CardType
from components.objects import Zone
from content.oracle import compile_text
from content.oracle.render import render_line
from ecs.actions import CastSpell, ChooseTargets, DecisionKind, PassPriority


def _spell(name, text, cost, kind="Sorcery"):
    return {"name": name, "manaCost": cost, "type": kind, "types": [kind], "subtypes": [], "supertypes": [],
            "text": text}


def _creature(name, power, color):
    return {"name": name, "manaCost": "{1}{" + color + "}", "type": "Creature — Test", "types": ["Creature"],
            "subtypes": ["Test"], "supertypes": [], "text": "", "power": str(power), "toughness": "2",
            "colors": [color]}


BOLT = _spell("Test Casualty Bolt", "Casualty 2 (As you cast this spell, you may sacrifice a creature with power 2 "
              "or greater. When you do, copy this spell. The copy becomes a token.)\nTest Casualty Bolt deals 2 "
              "damage to any target.", "{R}")
BLESSING = _spell("Test Blessing", "Target creature gets +2/+2 until end of turn.\nConspire (As you cast this "
                  "spell, you may tap two untapped creatures you control that share a color with it. When you do, "
                  "copy it and you may choose a new target for the copy.)", "{W}", kind="Instant")
CARDS = [BOLT, BLESSING, _creature("Test Ogre", 2, "R"), _creature("Test Imp", 1, "R"),
         _creature("Test Knight", 2, "W"), _creature("Test Squire", 1, "W"), _creature("Test Elf", 1, "G")]


def _game(hand, creatures, lands):
    players = [{"name": "alice", "hand": list(hand), "battlefield": [*lands, *creatures], "library": ["Plains"] * 5},
               {"name": "bob", "battlefield": [], "library": ["Plains"] * 5}]
    return build(players, cards=CARDS).game


def _casts(game, name, cost):
    return [o for o in game.whole_actions() if isinstance(o, CastSpell) and game.card(o.card).name == name
            and o.cost == cost]


def _resolve_all(game):
    for _ in range(30):
        if not game.stack and not game.waiting_triggers:
            return
        p = game.pending
        if p.kind == DecisionKind.COPY_TARGETS:
            game.apply(p.options[0])  # keep the targets (707.10c)
        else:
            game.apply(PassPriority())


def test_readers_and_renderers():
    for card, kind, line in ((BOLT, CardType.SORCERY, "Casualty 2"), (BLESSING, CardType.INSTANT, "Conspire")):
        (a,) = [x for x in compile_text(card["name"], card["text"], kind)[0] if isinstance(x, CopyOnCast)]
        assert render_line([a]) == line


def test_702_153a_casualty_sacrifices_a_creature_with_enough_power_and_copies_the_spell():
    game = _game(["Test Casualty Bolt"], ["Test Ogre", "Test Imp"], ["Mountain"])
    options = _casts(game, "Test Casualty Bolt", "casualty")
    assert {game.card(o.sacrifice[0]).name for o in options} == {"Test Ogre"}  # power 2 or greater only
    bob = game.players[1]
    game.apply(next(o for o in options if o.targets == (bob,)))
    assert "Test Ogre" in names(game, 0, Zone.GRAVEYARD)
    assert game.waiting_triggers or len(game.stack) == 2  # "When you cast this spell ... copy it"
    _resolve_all(game)
    assert game.player_states[1].life == 16  # the spell and its copy
    assert names(game, 0, Zone.GRAVEYARD).count("Test Casualty Bolt") == 1  # the copy ceased to exist (704.5e)


def test_702_153a_casualty_is_optional_and_the_copy_may_get_a_new_target():
    game = _game(["Test Casualty Bolt"], ["Test Ogre"], ["Mountain"])
    assert any(o.cost == "" for o in game.whole_actions() if isinstance(o, CastSpell))  # without paying it
    bob = game.players[1]
    game.apply(next(o for o in _casts(game, "Test Casualty Bolt", "casualty") if o.targets == (bob,)))
    for _ in range(5):
        if game.pending.kind == DecisionKind.COPY_TARGETS:
            break
        game.apply(PassPriority())
    alice = game.players[0]
    assert ChooseTargets((alice,)) in game.pending.options
    game.apply(ChooseTargets((alice,)))
    _resolve_all(game)
    assert game.player_states[0].life == 18 and game.player_states[1].life == 18


def test_702_78a_conspire_taps_two_creatures_sharing_a_color_and_copies_the_spell():
    game = _game(["Test Blessing"], ["Test Knight", "Test Squire", "Test Elf"], ["Plains"])
    knight = next(e for e in game.battlefield() if game.card(e).name == "Test Knight")
    options = _casts(game, "Test Blessing", "conspire")
    # Only the two white creatures share a color with the white spell.
    assert {tuple(sorted(game.card(c).name for c in o.tapped)) for o in options} == {("Test Knight", "Test Squire")}
    game.apply(next(o for o in options if o.targets == (knight,)))
    assert all(game.table.get(c, "tapped") for c in options[0].tapped)
    _resolve_all(game)
    game.refresh_layers()
    assert int(game.table.get(knight, "power")) == 6  # +2/+2 twice


def test_702_78a_no_conspire_without_two_untapped_creatures_of_its_color():
    game = _game(["Test Blessing"], ["Test Knight", "Test Elf"], ["Plains"])
    assert _casts(game, "Test Blessing", "conspire") == []


REPLICA = _spell("Test Replica", "Test Replica deals 1 damage to any target.\nReplicate {1} (When you cast this spell, "
                 "copy it for each time you paid its replicate cost. You may choose new targets for the copies.)",
                 "{R}")


def test_702_56a_replicate_paid_twice_makes_two_copies():
    (a,) = [x for x in compile_text("Test Replica", REPLICA["text"], CardType.SORCERY)[0] if isinstance(x, CopyOnCast)]
    assert render_line([a]) == "Replicate {1}"
    players = [{"name": "alice", "hand": ["Test Replica"], "battlefield": ["Mountain"] * 3, "library": ["Plains"] * 5},
               {"name": "bob", "battlefield": [], "library": ["Plains"] * 5}]
    game = build(players, cards=[REPLICA]).game
    bob = game.players[1]
    costs = {o.cost for o in game.whole_actions() if isinstance(o, CastSpell) and o.targets == (bob,)}
    assert costs == {"", "replicate*1", "replicate*2"}  # {R} plus {1} at most twice with three lands
    game.apply(next(o for o in game.whole_actions() if isinstance(o, CastSpell) and o.cost == "replicate*2"
                    and o.targets == (bob,)))
    _resolve_all(game)
    assert game.player_states[1].life == 17  # the spell and two copies

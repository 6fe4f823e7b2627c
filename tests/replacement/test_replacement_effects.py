"""Replacement effects (CR 614, 616)."""

from __future__ import annotations

from components.abilities import PermanentFilter, ReplacementSpec
from components.characteristics import CardType
from components.objects import ReplacementEffect, Step, Zone
from ecs.actions import ApplyReplacement, DecisionKind, PassPriority
from ecs.scenario import Scenario
from systems.replacement import add_replacement
from systems.zones import create_card, move

CREATURES_YOU_CONTROL = PermanentFilter(types_any=int(CardType.CREATURE), controller="you")


def _board(alice_battlefield=(), bob_battlefield=(), **extra):
    data = {"name": "inline", "players": [
        {"name": "alice", "battlefield": list(alice_battlefield), **extra.get("alice", {})},
        {"name": "bob", "battlefield": list(bob_battlefield), **extra.get("bob", {})},
    ]}
    return Scenario(data, "inline")


def _counter_effect(game, source, ts):
    spec = ReplacementSpec("enter", "counters", affected=CREATURES_YOU_CONTROL, amount=1)
    return add_replacement(game, ReplacementEffect(spec, source, 0, ts, from_static=False))


def test_614_5_each_replacement_effect_applies_once_to_an_event():
    """Two "enters with an additional +1/+1 counter" effects give two counters, not more: each
    applies once to the event even though the event is still 'entering' after it applied."""
    sc = _board([{"card": "Forest", "id": "f1"}, {"card": "Forest", "id": "f2"}])
    game = sc.game
    _counter_effect(game, sc.ids["f1"], 1)
    _counter_effect(game, sc.ids["f2"], 2)
    bear = create_card(game, sc.pool.get("Grizzly Bears"), 0, Zone.BATTLEFIELD)
    assert game.table.get(bear, "plus1") == 2
    game.refresh_layers()
    assert (game.table.get(bear, "power"), game.table.get(bear, "toughness")) == (4, 4)


def test_614_1d_enter_effects_only_touch_what_they_describe():
    """An effect for "creatures you control" doesn't change how an opponent's creature enters."""
    sc = _board([{"card": "Forest", "id": "f1"}])
    game = sc.game
    _counter_effect(game, sc.ids["f1"], 1)
    theirs = create_card(game, sc.pool.get("Grizzly Bears"), 1, Zone.BATTLEFIELD)
    assert game.table.get(theirs, "plus1") == 0


def test_616_1_the_affected_objects_controller_chooses_and_nothing_happens_before():
    """With two applicable 'instead' effects, the dying creature's controller gets a REPLACEMENT
    decision before it leaves; the creature is still on the battlefield while they choose."""
    cards = [
        {"name": "Test Exiler", "manaCost": "{2}{B}", "type": "Enchantment", "types": ["Enchantment"],
         "text": "If a creature would die, exile it instead."},
        {"name": "Test Recaller", "manaCost": "{2}{U}", "type": "Enchantment", "types": ["Enchantment"],
         "text": "If a creature would die, return it to its owner's hand instead."},
    ]
    data = {"name": "inline", "cards": cards, "players": [
        {"name": "alice", "battlefield": ["Test Exiler"]},
        {"name": "bob", "battlefield": [{"card": "Grizzly Bears", "id": "bear", "damage": 0}, "Test Recaller"]},
    ]}
    sc = Scenario(data, "inline")
    game = sc.game
    bear = sc.ids["bear"]
    game.table.add_damage(bear, 5)
    game.sba_dirty = True
    game.pending = None
    game.advance()
    assert game.pending.kind == DecisionKind.REPLACEMENT and game.pending.player == 1
    assert bear in game.table.row_of
    exile_choice = next(o for o in game.pending.options
                        if game.card(game.world.get(o.effect, ReplacementEffect).source).name == "Test Exiler")
    assert isinstance(exile_choice, ApplyReplacement)
    game.apply(exile_choice)
    assert [game.name(c) for c in game.zones[1][Zone.EXILE]] == ["Grizzly Bears"]
    assert game.zones[1][Zone.HAND] == []


def test_614_1b_skip_your_untap_step_keeps_permanents_tapped():
    cards = [{"name": "Test Stasis", "manaCost": "{1}{U}", "type": "Enchantment", "types": ["Enchantment"],
              "text": "Skip your untap step."}]
    data = {"name": "inline", "cards": cards, "turn": {"number": 2, "active": "bob", "step": "end"}, "players": [
        {"name": "alice", "library": ["Island"] * 3,
         "battlefield": ["Test Stasis", {"card": "Island", "id": "land", "tapped": True}]},
        {"name": "bob", "library": ["Island"] * 3},
    ]}
    sc = Scenario(data, "inline")
    game = sc.game
    for _ in range(20):
        if game.turn == 3 and game.step == Step.UPKEEP:
            break
        game.apply(PassPriority())
    assert game.turn == 3 and game.table.get(sc.ids["land"], "tapped")


def test_614_1a_a_die_replacement_does_not_touch_other_zone_changes():
    """'Would die' means put into a graveyard from the battlefield: a creature bounced to hand is not
    affected, and a card discarded from hand goes to the graveyard as usual."""
    cards = [{"name": "Test Exiler", "manaCost": "{2}{B}", "type": "Enchantment", "types": ["Enchantment"],
              "text": "If a creature would die, exile it instead."}]
    data = {"name": "inline", "cards": cards, "players": [
        {"name": "alice", "battlefield": ["Test Exiler", {"card": "Grizzly Bears", "id": "bear"}],
         "hand": [{"card": "Hill Giant", "id": "giant"}]},
        {"name": "bob"},
    ]}
    sc = Scenario(data, "inline")
    game = sc.game
    move(game, sc.ids["bear"], Zone.HAND)
    move(game, sc.ids["giant"], Zone.GRAVEYARD)
    assert sorted(game.name(c) for c in game.zones[0][Zone.HAND]) == ["Grizzly Bears"]
    assert [game.name(c) for c in game.zones[0][Zone.GRAVEYARD]] == ["Hill Giant"]

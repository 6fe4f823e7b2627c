"""Miracle (CR 702.94): the first card drawn in a turn may be revealed and cast for its miracle cost."""

from __future__ import annotations

from board import build, cast, names, pass_until, resolve_top, untapped_lands

from components.keyword_abilities import Miracle
from components.objects import Step, Zone
from content.card_pool import builtin_pool
from ecs.actions import CastSpell, Choose, DecisionKind, RevealMiracle
from systems.zones import move


def _draw_step(library, hand=(), lands=("Mountain",), turn=2, bob=None):
    """Alice's upkeep: passing moves to her draw step, where she draws the top card of her library."""
    sc = build([{"name": "alice", "library": list(library), "hand": list(hand), "battlefield": list(lands)},
                bob or {"name": "bob", "battlefield": [{"card": "Hill Giant", "id": "giant"}]}],
               turn={"active": "alice", "step": "upkeep", "number": turn})
    return sc, sc.game


def test_702_94a_reader():
    from components.characteristics import CardType
    from systems.mechanics import miracle as miracle_reader

    card = builtin_pool().get("Thunderous Wrath")
    assert [a.cost.text for a in card.abilities if isinstance(a, Miracle)] == ["{R}"]
    assert miracle_reader.read("Miracle {R}", "Miracle {R}", "X", CardType.LAND) is None


def test_702_94a_notation():
    sc, game = _draw_step(["Thunderous Wrath"])
    pass_until(game, DecisionKind.MIRACLE)
    assert {game.action_to_string(o) for o in game.whole_actions()} == {
        "reveal Thunderous Wrath (miracle)", "don't reveal Thunderous Wrath"}


def test_702_94a_the_first_card_drawn_this_turn_may_be_revealed():
    sc, game = _draw_step(["Thunderous Wrath", "Forest"])
    pass_until(game, DecisionKind.MIRACLE)
    assert game.step == Step.DRAW and game.pending.player == 0
    wrath = game.zones[0][Zone.HAND][0]
    assert set(game.whole_actions()) == {RevealMiracle(wrath, True), RevealMiracle(wrath, False)}


def test_702_94a_revealed_its_trigger_lets_its_owner_cast_it_for_the_miracle_cost():
    sc, game = _draw_step(["Thunderous Wrath"])
    pass_until(game, DecisionKind.MIRACLE)
    wrath = game.zones[0][Zone.HAND][0]
    game.apply(RevealMiracle(wrath, True))
    assert game.stack and "When you reveal this card" in game.log[-1]  # the linked trigger (603.11)
    pass_until(game, DecisionKind.CAST)
    options = game.whole_actions()
    assert Choose(False) in options  # "you may"
    assert all(o.cost == "miracle" for o in options if isinstance(o, CastSpell))
    cast(game, "Thunderous Wrath", (sc.ids["giant"],), cost="miracle")
    assert untapped_lands(game, 0) == 0  # {R} rather than {4}{R}{R}
    resolve_top(game)
    assert names(game, 1, Zone.GRAVEYARD) == ["Hill Giant"]


def test_702_94a_not_revealed_nothing_triggers():
    sc, game = _draw_step(["Thunderous Wrath"])
    pass_until(game, DecisionKind.MIRACLE)
    game.apply(RevealMiracle(game.zones[0][Zone.HAND][0], False))
    assert game.stack == [] and game.pending.kind == DecisionKind.PRIORITY
    assert names(game, 0, Zone.HAND) == ["Thunderous Wrath"]


def test_702_94a_only_the_first_card_drawn_this_turn():
    """The draw step's draw is the first card; Divination's two draws are the second and third."""
    sc, game = _draw_step(["Forest", "Island", "Thunderous Wrath"], hand=["Divination"],
                          lands=["Island"] * 3 + ["Mountain"])
    pass_until(game, DecisionKind.PRIORITY)
    while game.step != Step.PRECOMBAT_MAIN:
        game.apply(game.whole_actions()[0])
    cast(game, "Divination")
    resolve_top(game)
    assert "Thunderous Wrath" in names(game, 0, Zone.HAND)
    assert game.pending.kind == DecisionKind.PRIORITY
    assert getattr(game.mechanic_state.get("miracle"), "reveals", []) == []  # no reveal waits


def test_702_94a_first_draw_inside_a_resolution_is_offered_once_it_has_resolved():
    """Turn 1's starting player skips the draw (103.8a): Divination draws the first two cards of the turn."""
    sc = build([{"name": "alice", "hand": ["Divination"], "library": ["Thunderous Wrath", "Forest"],
                 "battlefield": ["Island"] * 3 + ["Mountain"]},
                {"name": "bob", "battlefield": [{"card": "Hill Giant", "id": "giant"}]}],
               turn={"active": "alice", "step": "precombat_main", "number": 1})
    game = sc.game
    cast(game, "Divination")
    resolve_top(game)
    assert game.pending.kind == DecisionKind.MIRACLE
    game.apply(RevealMiracle(game.pending.options[0].card, True))
    pass_until(game, DecisionKind.CAST)
    cast(game, "Thunderous Wrath", (sc.ids["giant"],), cost="miracle")
    resolve_top(game)
    assert names(game, 1, Zone.GRAVEYARD) == ["Hill Giant"]


def test_702_94a_the_cast_ignores_timing_a_sorcery_in_the_draw_step():
    sc, game = _draw_step(["Terminus"], lands=["Plains"])
    pass_until(game, DecisionKind.MIRACLE)
    game.apply(RevealMiracle(game.zones[0][Zone.HAND][0], True))
    pass_until(game, DecisionKind.CAST)
    assert game.step == Step.DRAW
    cast(game, "Terminus", cost="miracle")
    resolve_top(game)
    assert game.battlefield() and all(game.card(e).name == "Plains" for e in game.battlefield())
    assert names(game, 1, Zone.LIBRARY)[-1] == "Hill Giant"  # on the bottom


def test_702_94a_a_revealed_card_that_left_the_hand_cant_be_cast():
    sc, game = _draw_step(["Thunderous Wrath"])
    pass_until(game, DecisionKind.MIRACLE)
    wrath = game.zones[0][Zone.HAND][0]
    game.apply(RevealMiracle(wrath, True))
    move(game, wrath, Zone.GRAVEYARD)  # e.g. discarded in response
    resolve_top(game)
    assert game.pending.kind == DecisionKind.PRIORITY and game.stack == []
    assert names(game, 1, Zone.GRAVEYARD) == []


def test_702_94a_the_owner_may_decline_to_cast_it():
    sc, game = _draw_step(["Thunderous Wrath"])
    pass_until(game, DecisionKind.MIRACLE)
    game.apply(RevealMiracle(game.zones[0][Zone.HAND][0], True))
    pass_until(game, DecisionKind.CAST)
    game.apply(Choose(False))
    assert names(game, 0, Zone.HAND) == ["Thunderous Wrath"] and game.stack == []


def test_107_3_miracle_cost_with_x():
    sc, game = _draw_step(["Entreat the Angels"], lands=["Plains"] * 4)
    pass_until(game, DecisionKind.MIRACLE)
    game.apply(RevealMiracle(game.zones[0][Zone.HAND][0], True))
    pass_until(game, DecisionKind.CAST)
    xs = sorted(o.x for o in game.whole_actions() if isinstance(o, CastSpell))
    assert xs == [0, 1, 2]  # {X}{W}{W} with four Plains
    game.apply(next(o for o in game.whole_actions() if isinstance(o, CastSpell) and o.x == 2))
    resolve_top(game)
    assert sum(game.card(e).name.startswith("Angel") for e in game.battlefield()) == 2


def test_702_94a_104_3a_a_miracle_reveal_pending_when_its_owner_concedes_answers_nothing_afterwards():
    """Found by the fuzz (game 5074 of seed 0): alice conceded while deciding whether to reveal a miracle card in a
    three-player game; the next player's priority action was then taken as her reveal answer (IndexError)."""
    sc = build([{"name": "alice", "library": ["Thunderous Wrath", "Forest"], "battlefield": ["Mountain"]},
                {"name": "bob", "library": ["Island"] * 3}, {"name": "carol", "library": ["Island"] * 3}],
               turn={"active": "alice", "step": "upkeep", "number": 2})
    game = sc.game
    pass_until(game, DecisionKind.MIRACLE)
    game.concede(0)
    assert game.player_states[0].lost and not game.is_over
    assert game.pending.kind == DecisionKind.PRIORITY and game.pending.player != 0
    game.apply(game.pending.options[0])  # pass: a priority action, not an answer to alice's reveal


def test_702_94a_104_3a_a_miracle_reveal_still_stands_when_another_player_concedes():
    sc = build([{"name": "alice", "library": ["Thunderous Wrath", "Forest"], "battlefield": ["Mountain"]},
                {"name": "bob", "library": ["Island"] * 3}, {"name": "carol", "library": ["Island"] * 3}],
               turn={"active": "alice", "step": "upkeep", "number": 2})
    game = sc.game
    pass_until(game, DecisionKind.MIRACLE)
    wrath = game.zones[0][Zone.HAND][0]
    game.concede(2)
    assert game.pending.kind == DecisionKind.MIRACLE and game.pending.player == 0  # offered again (702.94a)
    game.apply(RevealMiracle(wrath, True))
    assert "reveals Thunderous Wrath (miracle)" in " ".join(game.log[-3:])

"""Dredge (CR 702.52), the worked example of a mechanic as one module (systems/mechanics/dredge.py)."""

from __future__ import annotations

from typing import Any

import ecs  # noqa: F401  (the card loader's layer: discovery of systems/mechanics)
from components.objects import Zone
from content.card_pool import card_from_json
from content.oracle.render import render_line
from ecs import DecisionKind
from ecs.actions import ChooseCard
from ecs.scenario import Scenario

DARKBLAST = {"name": "Darkblast", "manaCost": "{B}", "type": "Instant", "types": ["Instant"],
             "text": "Target creature gets -1/-1 until end of turn.\nDredge 3 (If you would draw a card, you may mill "
                     "three cards instead. If you do, return this card from your graveyard to your hand.)"}
DREDGER = {"name": "Test Dredger", "manaCost": "{1}{B}", "type": "Creature — Zombie", "types": ["Creature"],
           "subtypes": ["Zombie"], "text": "Dredge 2", "power": "1", "toughness": "1"}
LIBRARY = ["Forest", "Island", "Mountain", "Plains", "Swamp", "Forest"]


def _scenario(alice: dict[str, Any], step: str = "draw", actions: list[Any] | None = None) -> Scenario:
    data = {"name": "dredge", "cards": [DARKBLAST, DREDGER],
            "players": [{"name": "alice", **alice}, {"name": "bob", "library": ["Forest"] * 5}],
            "turn": {"number": 3, "active": "alice", "step": step}, "actions": actions or [], "expect": []}
    scenario = Scenario(data, "test")
    scenario.run()
    return scenario


def _names(scenario: Scenario, zone: Zone) -> list[str]:
    game = scenario.game
    return [game.card(c).name for c in game.zones[0][zone]]


def test_702_52a_dredge_n_is_read_and_written_back() -> None:
    card = card_from_json(DARKBLAST)
    dredge = card.abilities[-1]
    assert type(dredge).__name__ == "Dredge" and dredge.n == 3  # type: ignore[attr-defined]
    assert "dredge" in card.mechanics
    assert render_line([dredge]) == "Dredge 3"


def test_702_52a_the_draw_step_draw_may_be_replaced_by_dredge() -> None:
    s = _scenario({"library": LIBRARY, "graveyard": ["Darkblast"]})
    pending = s.game.pending
    assert pending is not None and pending.kind == DecisionKind.REPLACEMENT and pending.player == 0
    assert _names(s, Zone.HAND) == []  # the draw waits for the choice
    darkblast = s.game.zones[0][Zone.GRAVEYARD][0]
    assert set(pending.options) == {ChooseCard(darkblast), ChooseCard(-1)}
    s.game.apply(ChooseCard(darkblast))
    assert _names(s, Zone.HAND) == ["Darkblast"]  # returned instead of drawing
    assert sorted(_names(s, Zone.GRAVEYARD)) == ["Forest", "Island", "Mountain"]  # milled 3: the top three
    assert _names(s, Zone.LIBRARY) == ["Plains", "Swamp", "Forest"]
    assert s.game.pending is not None and s.game.pending.kind == DecisionKind.PRIORITY


def test_702_52a_declining_draws_the_card() -> None:
    s = _scenario({"library": LIBRARY, "graveyard": ["Darkblast"]})
    s.game.apply(ChooseCard(-1))
    assert _names(s, Zone.HAND) == ["Forest"]
    assert _names(s, Zone.GRAVEYARD) == ["Darkblast"]
    assert len(s.game.zones[0][Zone.LIBRARY]) == 5
    assert s.game.player_states[0].drawn_this_turn == 1  # a real draw (121.1)


def test_702_52b_too_few_cards_in_the_library_no_dredge() -> None:
    s = _scenario({"library": ["Forest", "Island"], "graveyard": ["Darkblast"]})
    assert s.game.pending is not None and s.game.pending.kind == DecisionKind.PRIORITY  # nothing was asked
    assert _names(s, Zone.HAND) == ["Forest"]
    assert _names(s, Zone.GRAVEYARD) == ["Darkblast"]


def test_702_52a_each_draw_of_a_resolving_spell_may_be_replaced() -> None:
    """Divination's two draws: the first dredged (Darkblast), the second drawn; the pause for the second choice
    must not make the first draw twice (614.11a: each draw is replaced on its own)."""
    s = _scenario({"library": LIBRARY, "graveyard": ["Darkblast", "Test Dredger"], "hand": ["Divination"],
                   "mana_pool": "{C}{C}{U}"}, step="precombat_main",
                  actions=[{"player": "alice", "cast": "Divination"}, {"pass": 1}])
    game = s.game
    first = game.pending
    assert first is not None and first.kind == DecisionKind.REPLACEMENT
    darkblast = next(c for c in game.zones[0][Zone.GRAVEYARD] if game.card(c).name == "Darkblast")
    game.apply(ChooseCard(darkblast))
    second = game.pending
    assert second is not None and second.kind == DecisionKind.REPLACEMENT
    assert {game.card(o.card).name for o in second.options if o.card >= 0} == {"Test Dredger"}
    game.apply(ChooseCard(-1))
    assert sorted(_names(s, Zone.HAND)) == ["Darkblast", "Plains"]  # dredged, then the fourth card drawn
    assert sorted(_names(s, Zone.GRAVEYARD)) == ["Divination", "Forest", "Island", "Mountain", "Test Dredger"]
    assert _names(s, Zone.LIBRARY) == ["Swamp", "Forest"]


def test_702_52a_a_game_without_dredge_cards_never_asks() -> None:
    s = _scenario({"library": LIBRARY, "graveyard": ["Forest"]})
    assert "dredge" not in s.game.mechanics
    assert _names(s, Zone.HAND) == ["Forest"]

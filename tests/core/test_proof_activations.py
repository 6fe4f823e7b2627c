"""CR 117.1, 602.2: a priority stop whose player has an ability to activate is not pass-only, and its options are
every play, the activations the pass-only proof listed among them (``priority.stop_options`` passes the proof's list
on rather than listing it again): the same list a fresh look finds, at this stop and no other."""

from __future__ import annotations

import pytest
from board import build, card

from components.objects import HAND
from ecs.actions import ActivateAbility, PassPriority
from systems import mana, priority

THRONE = card("Test Throne", "Artifact", "{T}, Sacrifice an artifact: Draw a card.", cost="{2}")
ENGINE = card("Test Engine", "Artifact", "{1}, {T}: You gain 1 life.", cost="{2}")


def _game():
    # alice's main phase, nothing in her hand: her options are her permanents' abilities alone
    return build([{"name": "alice", "battlefield": ["Test Throne", "Test Engine", "Forest"], "library": ["Forest"] * 5},
                  {"name": "bob", "battlefield": ["Forest"], "library": ["Forest"] * 5}], cards=[THRONE, ENGINE]).game


@pytest.mark.parametrize("check", [False, True])
def test_117_1_a_stop_with_abilities_to_activate_lists_them_as_a_fresh_look_does(
        check: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(mana.CHECKS, "on", check)
    game = _game()
    assert not game.zones[0][HAND]
    assert not priority.can_only_pass(game, 0)
    options = priority.stop_options(game, 0)
    assert options == priority.priority_options(game, 0)
    assert isinstance(options[0], PassPriority)
    activated = [o for o in options if isinstance(o, ActivateAbility)]
    # the Throne's sacrifice of either artifact, the Engine's life (its {1} from the Forest)
    assert len(activated) == 3 and len(options) == 4
    # the next stop's player, bob, has nothing to activate: the list found for alice is not his
    assert priority.stop_options(game, 1) == [PassPriority()]

"""'~ enters with X +1/+1 counters on it.' (CR 107.3m, 614.1c): X is the value announced for the spell the
permanent was as it resolved (601.2b); a permanent that wasn't cast has X = 0."""

from __future__ import annotations

from typing import Any

import pytest

from components.abilities import StaticReplacement
from components.characteristics import CardType
from content.oracle import compile_lines
from content.oracle.render import render_line
from content.oracle.report import roundtrip_normal
from ecs.scenario import Scenario

TEXT = "This creature enters with X +1/+1 counters on it."
HYDRA = {"name": "Test Hydra", "manaCost": "{X}{G}", "type": "Creature — Hydra", "power": "0", "toughness": "0",
         "text": TEXT}
RETURN = {"name": "Test Return", "manaCost": "{B}", "type": "Sorcery",
          "text": "Return target creature card from your graveyard to the battlefield."}


def test_107_3m_template_compiles_and_renders_back():
    (result,) = compile_lines("Test Hydra", TEXT, CardType.CREATURE)
    assert result.ok, result.error
    (ability,) = result.abilities
    assert isinstance(ability, StaticReplacement) and ability.self_only and ability.spec.x
    assert roundtrip_normal(render_line(result.abilities)) == roundtrip_normal(result.text)


def _run(actions: list[dict[str, Any]], expect: list[dict[str, Any]], **alice: Any) -> list[str]:
    sc = Scenario({"name": "t", "cards": [HYDRA, RETURN],
                   "players": [{"name": "alice", **alice}, {"name": "bob"}], "actions": actions, "expect": expect},
                  "test")
    sc.run()
    return list(sc.game.log)


@pytest.mark.parametrize("x", [1, 4])
def test_107_3m_the_spell_x_becomes_the_counters(x):
    _run([{"player": "alice", "cast": "Test Hydra", "x": x}, {"pass": 1}],
         [{"object": "Test Hydra", "counters": {"+1/+1": x}, "power": x, "toughness": x}],
         hand=["Test Hydra"], battlefield=["Forest"] * 5)


def test_107_3m_x_zero_means_no_counters_and_a_0_0_dies():
    _run([{"player": "alice", "cast": "Test Hydra", "x": 0}, {"pass": 1}],
         [{"zone": "alice.graveyard", "cards": ["Test Hydra"]}],
         hand=["Test Hydra"], battlefield=["Forest"])


def test_107_3m_a_permanent_that_was_not_cast_has_x_zero():
    # Returned from the graveyard by another spell: no X was chosen for it, so no counters (it dies as a 0/0).
    log = _run([{"player": "alice", "cast": "Test Return", "targets": ["h"]}, {"pass": 1}],
               [{"zone": "alice.graveyard", "cards": ["Test Hydra", "Test Return"]}],
               hand=["Test Return"], graveyard=[{"card": "Test Hydra", "id": "h"}], battlefield=["Swamp"])
    assert "Test Hydra moves to battlefield" in log and "Test Hydra is put into its owner's graveyard" in log

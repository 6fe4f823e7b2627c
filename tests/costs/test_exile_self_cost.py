"""'Exile ~' as a cost of a permanent's activated ability (CR 118.3, 602.2b): paid as it is activated, like
"Sacrifice ~", but the permanent goes to exile."""

from __future__ import annotations

from components.abilities import ActivatedAbility
from components.characteristics import CardType
from content.oracle import compile_lines
from content.oracle.render import render_line
from content.oracle.report import roundtrip_normal
from ecs.actions import ActivateAbility, PassPriority
from ecs.scenario import Scenario

TEXT = "{5}, {T}, Exile this artifact: Exile all nonland permanents."


def test_118_3_exile_self_cost_compiles_and_renders_back():
    (result,) = compile_lines("Test Relic", TEXT, CardType.ARTIFACT)
    assert result.ok, result.error
    (ability,) = result.abilities
    assert isinstance(ability, ActivatedAbility) and ability.exile_permanent and not ability.exile_self
    assert roundtrip_normal(render_line(result.abilities)) == roundtrip_normal(result.text)


def test_118_3_the_permanent_is_exiled_as_the_cost_is_paid():
    relic = {"name": "Test Relic", "manaCost": "{1}", "type": "Artifact", "text": "{T}, Exile this artifact: You gain "
             "2 life."}
    sc = Scenario({"name": "t", "cards": [relic], "players": [
        {"name": "alice", "battlefield": [{"card": "Test Relic", "id": "r"}]}, {"name": "bob"}]}, "test")
    sc.run()
    game = sc.game
    game.apply(next(o for o in game.whole_actions() if isinstance(o, ActivateAbility)))
    from components.objects import Zone

    assert [game.name(c) for c in game.zones[0][Zone.EXILE]] == ["Test Relic"] and game.stack
    game.apply(PassPriority())
    game.apply(PassPriority())
    assert game.player_states[0].life == 22

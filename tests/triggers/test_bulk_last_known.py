"""608.2h, 603.10a with many deaths at once: a bulk move (state_based ``BULK_DEATHS`` or more creatures dying
together) keeps last known information as columns (ecs/last_known.py); a "dies" trigger must still read each
creature as it last existed. Compiled, this failed twice over: compiled callers read ``game.lki`` as a plain dict and
never saw the batched rows, and the bulk move reused a local's name for a dict and an int (TypeError)."""

from __future__ import annotations

from board import card, resolve_stack
from trigger_support import scenario

from components.objects import Zone
from systems import state_based


def test_608_2h_bulk_deaths_give_each_dies_trigger_its_last_known_toughness():
    # each Beast is a 2/3 with two +1/+1 counters: 4/5 as it died, so its last known toughness is 5, not its printed 3
    mourner = card("Test Mourner", "Creature — Human", "Whenever another creature you control dies, you gain life "
                   "equal to its toughness.", "{1}", power="1", toughness="10")
    beast = card("Test Beast", "Creature — Beast", "", "{1}", power="2", toughness="3")
    quake = card("Test Quake", "Sorcery", "Test Quake deals 5 damage to each creature.", "{R}")
    n = state_based.BULK_DEATHS + 6
    beasts = [{"card": "Test Beast", "counters": {"+1/+1": 2}} for _ in range(n)]
    sc = scenario([mourner, beast, quake], {"battlefield": ["Test Mourner", *beasts]},
                  {"hand": ["Test Quake"], "mana_pool": "{R}"},
                  [{"player": "bob", "cast": "Test Quake"}, {"pass": 1}, {"pass": 1}], number=3, active="bob")
    resolve_stack(sc.game, limit=4 * n)
    assert sc.game.player_states[0].life == 20 + 5 * n
    assert len(sc.game.zones[0][Zone.GRAVEYARD]) == n  # (all died at once: the bulk path was taken)

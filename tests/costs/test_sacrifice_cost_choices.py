"""A sacrifice or tap cost takes permanents its payer controls that fit the cost's description (CR 118.3, 602.2b,
701.21a): "Sacrifice an artifact" is paid with one of its controller's artifacts, never an opponent's; "another"
excludes the ability's own permanent. ``costs._own_matching`` finds a filter of card types alone row by row; these
tests hold it to the whole-table look (``_own_matching_listed``) too."""

from __future__ import annotations

from board import activations, build, card, creature, on_battlefield

from components.abilities import PermanentFilter
from components.characteristics import CardType
from systems.costs import _own_matching, _own_matching_listed

THRONE = card("Test Throne", "Artifact", "{T}, Sacrifice an artifact: Draw a card.", cost="{2}")
ALTAR = creature("Test Altar Fiend", 1, 1, "Sacrifice another creature: You gain 1 life.", cost="{B}")
RELIC = card("Test Relic", "Artifact", cost="{1}")
GOLEM = card("Test Golem", "Artifact Creature — Golem", cost="{3}", power="2", toughness="2")
BEAR = creature("Test Bear", 2, 2, cost="{G}")
CARDS = [THRONE, ALTAR, RELIC, GOLEM, BEAR]

ARTIFACT = int(CardType.ARTIFACT)
CREATURE = int(CardType.CREATURE)
LAND = int(CardType.LAND)


def _game():
    return build([{"name": "alice", "battlefield": ["Test Throne", "Test Altar Fiend", "Test Relic", "Test Golem",
                                                    "Test Bear", "Forest"], "library": ["Forest"] * 5},
                  {"name": "bob", "battlefield": ["Test Relic", "Test Golem", "Test Bear"],
                   "library": ["Forest"] * 5}], cards=CARDS).game


def test_118_3_an_artifact_of_its_controller_pays():
    game = _game()
    throne = on_battlefield(game, "Test Throne", 0)[0]
    paid = sorted(game.card(o.sacrifice[0]).name for o in activations(game, throne))
    # alice's three artifacts (the Throne itself is one: "an artifact", not "another"); bob's are not hers
    assert paid == ["Test Golem", "Test Relic", "Test Throne"]
    assert all(o.sacrifice[0] not in on_battlefield(game, "Test Relic", 1) + on_battlefield(game, "Test Golem", 1)
               for o in activations(game, throne))


def test_118_3_another_creature_excludes_the_source():
    game = _game()
    fiend = on_battlefield(game, "Test Altar Fiend", 0)[0]
    paid = sorted(game.card(o.sacrifice[0]).name for o in activations(game, fiend))
    assert paid == ["Test Bear", "Test Golem"]


def test_own_matching_agrees_with_the_whole_table_look():
    game = _game()
    source = on_battlefield(game, "Test Altar Fiend", 0)[0]
    filters = [PermanentFilter(types_any=ARTIFACT), PermanentFilter(types_any=CREATURE, exclude_source=True),
               PermanentFilter(types_all=ARTIFACT | CREATURE), PermanentFilter(types_none=LAND),
               PermanentFilter(types_any=CREATURE, controller="you"),
               PermanentFilter(types_any=CREATURE, controller="opponent"),
               PermanentFilter(types_any=CREATURE, tapped=False)]  # (the last one reads state: not types alone)
    for player in (0, 1):
        for f in filters:
            for src in (source, -1):
                found = _own_matching(game, player, f, src)
                assert found == _own_matching_listed(game, player, f, src), (player, f, src)
                assert all(int(game.table.get(e, "controller")) == player for e in found)
    assert _own_matching(game, 0, PermanentFilter(types_any=CREATURE, controller="opponent"), source) == []
    assert len(_own_matching(game, 1, PermanentFilter(types_any=ARTIFACT), -1)) == 2

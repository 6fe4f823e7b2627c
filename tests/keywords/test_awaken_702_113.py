"""Awaken (CR 702.113): an alternative cost that also makes a land you control a 0/0 Elemental creature."""

from __future__ import annotations

from board import build, names, resolve_stack

from components.casting_keywords import Awaken
from components.characteristics import CardType
from components.keywords import Keyword
from components.objects import Zone
from content.oracle import compile_text
from content.oracle.render import render_line
from ecs.actions import CastSpell

OUTBURST = {"name": "Test Outburst", "manaCost": "{3}{W}{W}", "type": "Sorcery", "types": ["Sorcery"],
            "subtypes": [], "supertypes": [],
            "text": "Destroy all creatures.\nAwaken 2—{1}{W} (If you cast this spell for {1}{W}, also put two +1/+1 "
                    "counters on target land you control and it becomes a 0/0 Elemental creature with haste. It's "
                    "still a land.)"}


def _game():
    players = [{"name": "alice", "hand": ["Test Outburst"], "battlefield": ["Plains", "Plains", {"card": "Plains",
                                                                                              "id": "p"},
                                                                         "Grizzly Bears"],
                "library": ["Plains"] * 5},
               {"name": "bob", "battlefield": [{"card": "Plains", "id": "theirs"}], "library": ["Plains"] * 5}]
    sc = build(players, cards=[OUTBURST])
    return sc, sc.game


def test_reader_and_renderer():
    (a,) = [x for x in compile_text("Test Outburst", OUTBURST["text"], CardType.SORCERY)[0] if isinstance(x, Awaken)]
    assert render_line([a]) == "Awaken 2—{1}{W}" and a.amount == 2


def test_702_113a_awakened_the_spell_resolves_then_the_land_becomes_a_0_0_elemental_with_counters_and_haste():
    sc, game = _game()
    options = [o for o in game.whole_actions() if isinstance(o, CastSpell) and o.cost == "awaken"]
    # 702.113a: "target land you control": only alice's lands; the spell's own cost is {3}{W}{W}, not payable.
    assert options and all(game.card(o.targets[0]).name == "Plains" and o.targets[0] != sc.ids["theirs"]
                           for o in options)
    assert not any(isinstance(o, CastSpell) and o.cost == "" for o in game.whole_actions())
    land = sc.ids["p"]
    game.apply(next(o for o in options if o.targets == (land,)))
    resolve_stack(game)
    assert sorted(names(game, 0, Zone.GRAVEYARD)) == ["Grizzly Bears", "Test Outburst"]
    game.refresh_layers()
    t = game.table
    assert int(t.get(land, "types")) & CardType.CREATURE and int(t.get(land, "types")) & CardType.LAND
    assert (int(t.get(land, "power")), int(t.get(land, "toughness"))) == (2, 2)  # 0/0 with two +1/+1 counters
    assert int(t.get(land, "keywords")) & Keyword.HASTE
    from systems.layers import subtypes_of

    assert {"Elemental", "Plains"} <= subtypes_of(game, land)  # it's still a land, with its land type
    # "Destroy all creatures" was followed first: the land became a creature after it.
    assert land in game.table.row_of

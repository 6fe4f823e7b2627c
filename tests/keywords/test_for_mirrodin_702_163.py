"""For Mirrodin! (CR 702.163a): "When this Equipment enters, create a 2/2 red Rebel creature token, then attach this
Equipment to it." """

from __future__ import annotations

from board import build, cast, one, resolve_stack

from components.characteristics import CardType, Color
from content.oracle import compile_lines
from content.oracle.render import render_line

BARDICHE = {"name": "Test Bardiche", "manaCost": "{1}", "type": "Artifact — Equipment", "types": ["Artifact"],
            "subtypes": ["Equipment"], "supertypes": [],
            "text": "For Mirrodin! (When this Equipment enters, create a 2/2 red Rebel creature token, then attach "
                    "this to it.)\nEquipped creature gets +2/+1 and has vigilance.\nEquip {3}{W}"}


def test_reader_and_renderer():
    (line, *_) = compile_lines("Test Bardiche", BARDICHE["text"], CardType.ARTIFACT)
    assert line.ok and render_line(line.abilities) == "For Mirrodin!"
    # not on a creature card: it is an Equipment's ability
    (other,) = compile_lines("Test Bear", "For Mirrodin!", CardType.CREATURE)
    assert not other.ok


def test_702_163a_creates_a_2_2_red_rebel_and_attaches_the_equipment_to_it():
    game = build([{"name": "alice", "hand": ["Test Bardiche"], "battlefield": ["Plains"], "library": ["Plains"] * 3},
                  {"name": "bob", "library": ["Plains"] * 3}], cards=[BARDICHE]).game
    cast(game, "Test Bardiche")
    resolve_stack(game)
    bardiche = one(game, "Test Bardiche")
    rebel = one(game, "Rebel")
    t = game.table
    game.refresh_layers()
    assert t.get(rebel, "token") and int(t.get(bardiche, "attached_to")) == rebel
    assert (int(t.get(rebel, "power")), int(t.get(rebel, "toughness"))) == (4, 3)  # 2/2 with +2/+1
    assert int(t.get(rebel, "colors")) == int(Color.R)
    assert "Rebel" in game.card(rebel).type_line.subtypes

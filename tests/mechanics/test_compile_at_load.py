"""Tokens and characteristics a card makes are compiled when the card loads, never while a game runs (the compiler
is not called from the rules at game time): the gift's Food (CR 702.174f), the Incubator token of incubate
(701.51b), the face-down characteristics with ward {2} of disguise and cloak (702.168b, 701.56a)."""

from __future__ import annotations

from typing import Any

import pytest
from board import build, resolve_stack

import content.oracle
from content import registry
from content.oracle.double_faced import face_down_card
from content.oracle.render import render_line
from ecs.actions import ActivateAbility, CastSpell
from systems.mechanics import gift

SCRAPPER = {"name": "Test Scrapper", "manaCost": "{1}{G}", "type": "Creature — Raccoon", "types": ["Creature"],
            "subtypes": ["Raccoon"], "supertypes": [], "power": "2", "toughness": "2",
            "text": "Gift a Food\nWhen this creature enters, if the gift was promised, you gain 2 life."}
INCUBATION = {"name": "Test Incubation", "manaCost": "{B}", "type": "Sorcery", "types": ["Sorcery"], "subtypes": [],
              "supertypes": [], "text": "Incubate 2."}


def _no_compiler(monkeypatch: pytest.MonkeyPatch) -> None:
    """From now on any call into the Oracle compiler fails the test."""
    def refuse(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError(f"the compiler was called during a game: {args[:2]}")

    for entry in ("compile_text", "compile_line", "compile_lines", "read_abilities"):
        monkeypatch.setattr(content.oracle, entry, refuse)
    monkeypatch.setattr(registry, "read_keyword_ability", refuse)


def test_702_174f_701_51b_gift_and_incubator_tokens_are_made_without_the_compiler(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(gift, "_TOKEN_EFFECTS", {})  # no token effect left over from another test's game
    players = [{"name": "alice", "hand": ["Test Scrapper", "Test Incubation"],
                "battlefield": ["Forest"] * 2 + ["Swamp"] * 3, "library": ["Forest"] * 5},
               {"name": "bob", "library": ["Forest"] * 5}]
    game = build(players, cards=[SCRAPPER, INCUBATION]).game
    _no_compiler(monkeypatch)
    game.apply(next(o for o in game.whole_actions() if isinstance(o, CastSpell) and o.cost == "gift:1"))
    resolve_stack(game)
    (food,) = [e for e in game.battlefield() if game.card(e).name == "Food"]
    assert int(game.table.get(food, "controller")) == 1  # 702.174f: the chosen opponent creates it
    game.apply(next(o for o in game.whole_actions() if isinstance(o, CastSpell)
                    and game.card(o.card).name == "Test Incubation"))
    resolve_stack(game)
    (incubator,) = [e for e in game.battlefield() if game.card(e).name == "Incubator"]
    assert game.table.get(incubator, "plus1") == 2  # 701.51a: with two +1/+1 counters
    game.apply(next(o for o in game.whole_actions() if isinstance(o, ActivateAbility) and o.source == incubator))
    resolve_stack(game)
    assert game.card(incubator).name == "Phyrexian Token"  # 701.51b: its back face, a 0/0 Phyrexian


AGENT = {"name": "Test Agent", "manaCost": "{4}{U}", "type": "Creature — Human Rogue", "types": ["Creature"],
         "subtypes": ["Human", "Rogue"], "supertypes": [], "power": "3", "toughness": "4", "text": "Disguise {U}"}
CLOAK = {"name": "Test Cloak", "manaCost": "{G}", "type": "Sorcery", "types": ["Sorcery"], "subtypes": [],
         "supertypes": [], "text": "Cloak the top card of your library."}


def test_702_168b_701_56a_disguised_and_cloaked_ward_2_is_compiled_with_the_cards(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The face-down characteristics with ward {2} (702.168b, 701.56a) come from the cards' load, not the game."""
    face_down_card.cache_clear()  # nothing left over from another test's cards
    players = [{"name": "alice", "hand": ["Test Agent", "Test Cloak"], "library": ["Grizzly Bears"] * 3,
                "battlefield": ["Island"] * 5 + ["Forest"] * 3},
               {"name": "bob", "library": ["Forest"] * 5}]
    game = build(players, cards=[AGENT, CLOAK]).game
    _no_compiler(monkeypatch)
    for name, cost in (("Test Agent", "disguise"), ("Test Cloak", "")):
        game.apply(next(o for o in game.whole_actions() if isinstance(o, CastSpell) and o.cost == cost
                        and game.obj(o.card).card.name in (name, "")))
        resolve_stack(game)
    face_down = [e for e in game.battlefield() if game.card(e).layout == "face_down"]
    assert len(face_down) == 2
    assert all(render_line(list(game.card(e).abilities)) == "Ward {2}" for e in face_down)


def test_702_168b_the_face_down_ward_2_is_the_ability_the_compiler_reads_from_ward_2() -> None:
    """The disguised face-down card's ward {2} (702.168b, 701.56a), built without the compiler, is the very ability
    the compiler reads from the line "Ward {2}" (702.21a), and the plain face-down card has none (708.2a)."""
    from components.characteristics import CardType
    from content.oracle import compile_text

    face_down_card.cache_clear()
    assert face_down_card(True).abilities == compile_text("", "Ward {2}", CardType.CREATURE)[0]
    assert face_down_card(True).keywords == compile_text("", "Ward {2}", CardType.CREATURE)[1] == 0
    assert face_down_card(False).abilities == ()

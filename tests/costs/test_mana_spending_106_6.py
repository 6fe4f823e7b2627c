"""Restricted mana (CR 106.6) and the mana spent to cast a spell (601.2h): compiler, renderer and the
matching that decides how many colors were spent."""

from __future__ import annotations

import pytest

from content.oracle import compile_line
from content.oracle.render import render_line
from systems.mechanics.mana_spent import amount_spent, colors_spent

W, U, B, R, G, C = 1, 2, 4, 8, 16, 32


@pytest.mark.parametrize("text", [
    "{T}: Add {W}. Spend this mana only to cast a creature spell.",
    "{T}: Add {C}. This mana can't be spent to cast a nonartifact spell.",
    "{T}: Add one mana of any color. Spend this mana only to cast artifact spells or activate abilities of artifacts.",
    "{T}: Add {C}{C}. Spend this mana only to activate abilities.",
    "{T}: Add {C}. Spend this mana only to cast a colorless spell or to activate an ability.",
    "{T}: Add {C}. Spend this mana only to activate an ability or cast an artifact spell.",
    "{T}: Add one mana of any color. Spend this mana only to cast a Sliver spell.",
    "{T}: Add two mana in any combination of colors. Spend this mana only to cast Elemental spells or activate "
    "abilities of Elemental sources.",
    "{T}, Pay 1 life: Add {B}. Spend this mana only to cast an instant or sorcery spell.",
])
def test_106_6_restricted_mana_abilities_compile_and_render(text: str) -> None:
    (ability,) = compile_line(text, is_spell=False)
    restriction = getattr(ability, "restriction", None) or ability.effects[0].restriction  # ManaAbility / AddMana
    assert restriction is not None
    assert render_line([ability]) == text


def test_106_6_unknown_restriction_is_refused() -> None:
    from content.oracle.phrases import NoParse

    with pytest.raises(NoParse):
        compile_line("{T}: Add {U}. Spend this mana only to cast an instant or sorcery spell or a kicked spell.",
                     is_spell=False)


def test_601_2h_colors_spent_is_a_matching() -> None:
    # a W-or-U mana and a W mana: two colors (the dual made U); two W-or-U and nothing else: two colors
    assert colors_spent((W | U, W)) == 2
    assert colors_spent((W | U, W | U)) == 2
    assert colors_spent((W, W, C)) == 1  # 106.1b: colorless is no color
    assert colors_spent((31, 31, 31, 31, 31, 31)) == 5
    assert colors_spent(()) == 0  # nothing spent (cast without paying its mana cost)


def test_207_2c_adamant_counts_mana_of_one_color() -> None:
    assert amount_spent((U, U, U | W), U) == 3
    assert amount_spent((U, U, W), U) == 2


def _scenario(data: dict) -> object:
    from ecs.scenario import Scenario

    sc = Scenario(data, "<test>")
    sc.run()
    return sc


def test_106_1_each_mana_spent_has_one_type_for_every_question() -> None:
    """Two mana from {R}-or-{G} lands were spent: "if {R}{R} was spent" and "if {G}{G} was spent" can't both be
    true (each mana is of one type, 106.1; the choice made for the first question is kept)."""
    vibe = {"name": "Test Vibe", "manaCost": "{R/G}{R/G}", "type": "Creature — Elemental", "types": ["Creature"],
            "subtypes": ["Elemental"], "supertypes": [], "power": "1", "toughness": "1", "layout": "normal",
            "text": "When this creature enters, if {R}{R} was spent to cast it, you gain 3 life.\n"
                    "When this creature enters, if {G}{G} was spent to cast it, you gain 5 life."}
    dual = {"name": "Test Karplusan", "type": "Land", "types": ["Land"], "subtypes": [], "supertypes": [],
            "layout": "normal", "text": "{T}: Add {R} or {G}."}
    sc = _scenario({"name": "vibe", "cards": [vibe, dual],
                    "players": [{"name": "alice", "hand": ["Test Vibe"], "battlefield": ["Test Karplusan"] * 2},
                                {"name": "bob"}],
                    "actions": [{"player": "alice", "cast": "Test Vibe"}, {"pass": 1}, {"pass": 1}]})
    assert sc.game.player_states[0].life in (23, 25)  # one of the two, never 28


def test_500_4_restricted_mana_empties_from_the_pool() -> None:
    from components.mana_spending import SpendRestriction
    from systems.mana import empty_pools

    sc = _scenario({"name": "pool", "players": [{"name": "alice"}, {"name": "bob"}], "actions": []})
    state = sc.game.player_states[0]
    state.restricted_pool.append((32, SpendRestriction(abilities=True)))
    empty_pools(sc.game)  # CR 500.4: mana empties at the end of each step and phase
    assert state.restricted_pool == []

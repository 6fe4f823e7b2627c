"""Instructions that depend on how the spell was cast (CR 608.2c): kicked with a back-reference (702.33d), cast
from a graveyard / your hand / anywhere other than your hand (601.2a)."""

from __future__ import annotations

from board import build, resolve_stack

from components.abilities import Conditional, SpellAbility
from components.characteristics import CardType
from components.objects import Zone
from content.oracle import compile_text
from content.oracle.render import render_line
from ecs.actions import CastSpell


def _sorcery(name, text, cost="{R}"):
    return {"name": name, "manaCost": cost, "type": "Sorcery", "types": ["Sorcery"], "subtypes": [],
            "supertypes": [], "text": text}


ECHO = _sorcery("Test Echo", "Target player loses 1 life. If this spell was cast from a graveyard, that player loses "
                "2 life.\nFlashback {R}")
OFFENSIVE = _sorcery("Test Offensive", "Kicker {G}\nCreatures you control gain first strike until end of turn. If "
                     "this spell was kicked, they get +1/+1 until end of turn.", cost="{1}{G}")
CARDS = [ECHO, OFFENSIVE]


def _spell(card):
    return next(a for a in compile_text(card["name"], card["text"], CardType.SORCERY)[0] if isinstance(a, SpellAbility))


def test_the_conditional_instruction_is_compiled_in_context_and_renders_back():
    echo, offensive = _spell(ECHO), _spell(OFFENSIVE)
    assert isinstance(echo.effects[-1], Conditional) and echo.effects[-1].condition.kind == "cast_from"
    assert render_line([echo]) == ("Target player loses 1 life. If ~ was cast from a graveyard, that player loses "
                                   "2 life.")
    # "they" is compiled as what it refers to (the same creatures); the renderer words that reference its own way.
    text = render_line([offensive])
    assert text.startswith("Creatures you control gain first strike until end of turn. If ~ was kicked, ")
    assert text.endswith(" get +1/+1 until end of turn.")


def _game(hand=(), graveyard=(), lands=("Mountain", "Forest", "Forest")):
    players = [{"name": "alice", "hand": list(hand), "graveyard": list(graveyard), "battlefield": [*lands,
                                                                                                  "Grizzly Bears"],
                "library": ["Forest"] * 5},
               {"name": "bob", "battlefield": [], "library": ["Forest"] * 5}]
    return build(players, cards=CARDS).game


def _cast(game, cost, targets=()):
    game.apply(next(o for o in game.whole_actions() if isinstance(o, CastSpell) and o.cost == cost
                    and o.targets == targets))
    resolve_stack(game)


def test_601_2a_cast_from_the_hand_the_graveyard_instruction_is_skipped():
    game = _game(hand=["Test Echo"])
    _cast(game, "", (game.players[1],))
    assert game.player_states[1].life == 19


def test_601_2a_cast_from_the_graveyard_with_flashback_the_instruction_is_followed():
    game = _game(graveyard=["Test Echo"])
    _cast(game, "flashback", (game.players[1],))
    assert game.player_states[1].life == 17


def test_702_33d_kicked_they_get_the_bonus_too():
    for cost, power in (("kicker", 3), ("", 2)):
        game = _game(hand=["Test Offensive"])
        _cast(game, cost)
        (bears,) = [e for e in game.battlefield() if game.card(e).name == "Grizzly Bears"]
        game.refresh_layers()
        assert int(game.table.get(bears, "power")) == power


THIRST = _sorcery("Test Thirst", "Kicker {1}\nDestroy target creature with mana value 1 or less. If this spell was "
                  "kicked, instead destroy target creature.", cost="{R}")


def test_702_33d_601_2c_kicked_instead_the_spell_has_the_other_instructions_and_targets():
    abilities = compile_text("Test Thirst", THIRST["text"], CardType.SORCERY)[0]
    spell = next(a for a in abilities if isinstance(a, SpellAbility))
    assert spell.instead is not None and spell.instead_if == "kicked"
    assert render_line([spell]) == ("Destroy target creature with mana value 1 or less. If ~ was kicked, instead "
                                    "destroy target creature.")
    players = [{"name": "alice", "hand": ["Test Thirst"], "battlefield": ["Mountain", "Mountain"],
                "library": ["Forest"] * 5},
               {"name": "bob", "battlefield": ["Grizzly Bears"], "library": ["Forest"] * 5}]
    game = build(players, cards=[THIRST]).game
    (bears,) = game.battlefield()[-1:]
    casts = [o for o in game.whole_actions() if isinstance(o, CastSpell) and game.card(o.card).name == "Test Thirst"]
    # Unkicked, the Bears (mana value 2) can't be targeted; kicked, they can (the targets are the kicked text's).
    assert {o.cost for o in casts if o.targets == (bears,)} == {"kicker"}
    game.apply(next(o for o in casts if o.cost == "kicker" and o.targets == (bears,)))
    (spell_on_stack,) = game.stack
    assert game.obj(spell_on_stack).printed is not None  # the kicked spell's text while on the stack
    resolve_stack(game)
    assert not [e for e in game.battlefield() if game.card(e).name == "Grizzly Bears"]
    (card,) = game.zones[0][Zone.GRAVEYARD]
    assert game.card(card) is game.obj(card).card and game.obj(card).printed is None


DRAIN = _sorcery("Test Drain", "Target player loses 1 life. If this spell was cast from a graveyard, that player loses "
                 "3 life instead.\nFlashback {R}")


def test_608_2c_cast_from_a_graveyard_the_last_instruction_is_replaced():
    spell = _spell(DRAIN)
    assert render_line([spell]).endswith("If ~ was cast from a graveyard, target player loses 3 life instead.")
    for zone, cost, life in (("hand", "", 19), ("graveyard", "flashback", 17)):
        players = [{"name": "alice", zone: ["Test Drain"], "battlefield": ["Mountain"], "library": ["Forest"] * 5},
                   {"name": "bob", "battlefield": [], "library": ["Forest"] * 5}]
        game = build(players, cards=[DRAIN]).game
        _cast(game, cost, (game.players[1],))
        assert game.player_states[1].life == life  # one instruction or the other, never both


ADDENDUM = {"name": "Test Addendum", "manaCost": "{R}", "type": "Instant", "types": ["Instant"], "subtypes": [],
            "supertypes": [], "text": "Target player loses 1 life. If you cast this spell during your main phase, "
                                      "that player loses 3 life instead.\nAddendum — If you cast this spell during "
                                      "your main phase, you gain 2 life."}


def test_505_1_addendum_cast_during_your_main_phase_or_not():
    from content.oracle import compile_lines

    first, second = compile_lines("Test Addendum", ADDENDUM["text"], CardType.INSTANT)
    assert render_line(first.abilities).endswith(
        "If you cast ~ during your main phase, target player loses 3 life instead.")
    assert render_line(second.abilities) == "If you cast ~ during your main phase, you gain 2 life."
    for step, life, mine in (("precombat_main", 17, 22), ("upkeep", 19, 20)):
        players = [{"name": "alice", "hand": ["Test Addendum"], "battlefield": ["Mountain"],
                    "library": ["Forest"] * 5}, {"name": "bob", "battlefield": [], "library": ["Forest"] * 5}]
        game = build(players, cards=[ADDENDUM], turn={"step": step}).game
        _cast(game, "", (game.players[1],))
        assert game.player_states[1].life == life and game.player_states[0].life == mine


SPHINX = {"name": "Test Sphinx", "manaCost": "{1}{U}", "type": "Creature — Sphinx", "types": ["Creature"],
          "subtypes": ["Sphinx"], "supertypes": [], "power": "2", "toughness": "2",
          "text": "Kicker {1}\nWhen this creature enters, draw three cards. Then if it wasn't kicked, discard three "
                  "cards.\nWhen you cast this spell, if it was kicked, you gain 3 life."}


def test_702_33d_603_4_a_permanents_kicked_conditions_in_its_triggers():
    for cost, hand, life in (("kicker", 3, 23), ("", 0, 20)):
        players = [{"name": "alice", "hand": ["Test Sphinx"], "battlefield": ["Island"] * 3,
                    "library": ["Island"] * 8}, {"name": "bob", "battlefield": [], "library": ["Island"] * 5}]
        game = build(players, cards=[SPHINX]).game
        _cast(game, cost)
        assert len(game.zones[0][Zone.HAND]) == hand and game.player_states[0].life == life

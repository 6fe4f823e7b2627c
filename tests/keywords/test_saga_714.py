"""Sagas (CR 714): lore counters, chapter abilities, the final-chapter sacrifice; a Saga that transforms."""

from __future__ import annotations

from board import build, cast, resolve_top

from components.characteristics import CardType
from components.objects import Step, Zone
from content.oracle import compile_lines
from content.oracle.render import render_line
from ecs.actions import DecisionKind, PassPriority
from systems.mechanics.double_faced import is_transformed

SAGA = {"name": "Test Chronicle", "manaCost": "{1}", "type": "Enchantment — Saga", "types": ["Enchantment"],
        "subtypes": ["Saga"], "supertypes": [], "layout": "saga",
        "text": "(As this Saga enters and after your draw step, add a lore counter. Sacrifice after III.)\n"
                "I, II — You gain 2 life.\nIII — Draw a card."}
LEGEND = {"name": "Test Legend // Test Avatar", "layout": "transform", "manaCost": "{1}", "back": "Test Avatar",
          "type": "Enchantment — Saga", "types": ["Enchantment"], "subtypes": ["Saga"], "supertypes": [],
          "text": "I — You gain 1 life.\n"
                  "II — Exile this Saga, then return it to the battlefield transformed under your control."}
AVATAR = {"name": "Test Avatar", "face": "back", "front": "Test Legend", "layout": "transform", "manaCost": None,
          "colorIndicator": ["U"], "type": "Legendary Creature — Avatar", "types": ["Creature"],
          "subtypes": ["Avatar"], "supertypes": ["Legendary"], "power": "4", "toughness": "4", "text": "Flying"}
SCRYING = {"name": "Test Omen", "manaCost": "{1}", "type": "Enchantment — Saga", "types": ["Enchantment"],
           "subtypes": ["Saga"], "supertypes": [], "layout": "saga",
           "text": "(As this Saga enters and after your draw step, add a lore counter. Sacrifice after II.)\n"
                   "I — You gain 2 life.\nII — Scry 1."}
CARDS = [SAGA, LEGEND, AVATAR, SCRYING]


def _start(name):
    sc = build([{"name": "alice", "hand": [name], "library": ["Forest"] * 6, "battlefield": ["Forest"]},
                {"name": "bob", "library": ["Forest"] * 6}], cards=CARDS)
    game = sc.game
    cast(game, name)
    resolve_top(game)  # the Saga resolves and enters with a lore counter (714.3a): chapter I triggers
    while game.stack:
        resolve_top(game)
    return game


def _next_main(game):
    """Pass until alice's next precombat main phase (714.3b: a lore counter then)."""
    from components.objects import Step

    turn = game.turn
    while not (game.turn > turn and game.active == 0 and game.step == Step.PRECOMBAT_MAIN):
        game.apply(PassPriority())
    while game.stack:
        resolve_top(game)


def _saga(game, name):
    return [e for e in game.table.row_of if game.card(e).name == name]


def test_714_2_reader_and_round_trip():
    ench = int(CardType.ENCHANTMENT)
    (r,) = compile_lines("X", "I, II — You gain 2 life.", ench)
    assert r.ok and [a.trigger.nth for a in r.abilities] == [1, 2]  # 714.2c: one ability per numeral
    assert render_line(r.abilities) == "I, II — You gain 2 life."


def test_714_3a_it_enters_with_a_lore_counter_and_chapter_i_triggers():
    game = _start("Test Chronicle")
    (saga,) = _saga(game, "Test Chronicle")
    assert game.player_states[0].life == 22
    from systems.counters import counter_count

    assert counter_count(game, saga, "lore") == 1


def test_714_3b_a_lore_counter_each_precombat_main_and_714_4_the_sacrifice_after_the_final_chapter():
    game = _start("Test Chronicle")
    _next_main(game)
    assert game.player_states[0].life == 24  # chapter II
    assert _saga(game, "Test Chronicle")
    hand = len(game.zones[0][Zone.HAND])
    _next_main(game)
    assert len(game.zones[0][Zone.HAND]) == hand + 2  # the draw step's card and chapter III's
    assert not _saga(game, "Test Chronicle")  # 704.5s: sacrificed once chapter III left the stack
    assert [game.card(c).name for c in game.zones[0][Zone.GRAVEYARD]] == ["Test Chronicle"]


def test_704_5s_the_saga_goes_as_a_final_chapter_that_changes_nothing_on_the_battlefield_leaves_the_stack():
    game = _start("Test Omen")
    turn = game.turn
    while not (game.turn > turn and game.active == 0 and game.step == Step.PRECOMBAT_MAIN):
        game.apply(PassPriority())
    assert game.stack  # chapter II triggered (714.2b)
    while game.stack or game.pending.kind != DecisionKind.PRIORITY:
        options = game.pending.options
        game.apply(next((o for o in options if getattr(o, "where", "") == "top"), options[0]))  # scry: keep it on top
    # 704.5s: before alice gets priority again, the Saga whose chapter II has left the stack is sacrificed
    assert not _saga(game, "Test Omen")
    assert [game.card(c).name for c in game.zones[0][Zone.GRAVEYARD]] == ["Test Omen"]


def test_714_a_saga_chapter_exiles_it_and_returns_it_transformed_712_14a():
    game = _start("Test Legend")
    assert game.player_states[0].life == 21
    _next_main(game)
    (avatar,) = _saga(game, "Test Avatar")
    assert is_transformed(game, avatar)
    game.refresh_layers()
    assert (game.table.get(avatar, "power"), game.table.get(avatar, "toughness")) == (4, 4)
    assert game.zones[0][Zone.GRAVEYARD] == []  # not sacrificed: it's a creature now, not a Saga (714.4)


def test_207_2d_a_chapter_name_is_a_flavor_word():
    (r,) = compile_lines("X", "I — Lunge — You gain 2 life.", int(CardType.ENCHANTMENT))
    assert r.ok and r.abilities[0].trigger.nth == 1 and render_line(r.abilities) == "I — Lunge — You gain 2 life."

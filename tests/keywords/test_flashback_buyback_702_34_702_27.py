"""Flashback (CR 702.34) and buyback (CR 702.27): casting from the graveyard, and where the spell goes."""

from __future__ import annotations

from board import build, cast, casts, names, resolve_top, untapped

from components.keyword_abilities import Buyback, Flashback
from components.objects import Zone
from content.card_pool import builtin_pool
from ecs.actions import CastSpell, PassPriority

BOARD = [{"name": "alice", "graveyard": ["Think Twice"], "library": ["Island"] * 5, "battlefield": ["Island"] * 5},
         {"name": "bob", "battlefield": [{"card": "Grizzly Bears", "id": "bear"}]}]


def test_702_34a_the_reader_keeps_the_flashback_cost():
    (fb,) = [a for a in builtin_pool().get("Think Twice").abilities if isinstance(a, Flashback)]
    assert fb.cost.text == "{2}{U}"


def test_702_34a_cast_from_the_graveyard_for_the_flashback_cost_then_exiled():
    game = build(BOARD).game
    (option,) = casts(game, "Think Twice")
    assert option.cost == "flashback"
    game.apply(option)
    assert untapped(game, 0) == 2  # {2}{U} rather than its mana cost {1}{U}
    resolve_top(game)
    assert len(game.zones[0][Zone.HAND]) == 1  # it resolved: "Draw a card."
    # "exile this card instead of putting it anywhere else any time it would leave the stack"
    assert names(game, 0, Zone.EXILE) == ["Think Twice"] and names(game, 0, Zone.GRAVEYARD) == []


def _counter_it(game):
    """Alice passes; Bob casts Spell Snuff on the top spell (CR 701.6a), which resolves."""
    game.apply(PassPriority())
    game.apply(next(o for o in game.whole_actions() if isinstance(o, CastSpell)
                    and game.card(o.card).name == "Spell Snuff"))
    resolve_top(game)


def test_702_34a_a_countered_flashback_spell_is_exiled_too():
    game = build([BOARD[0], {"name": "bob", "hand": ["Spell Snuff"], "battlefield": ["Island"] * 3}]).game
    cast(game, "Think Twice", cost="flashback")
    _counter_it(game)
    assert names(game, 0, Zone.EXILE) == ["Think Twice"] and names(game, 0, Zone.GRAVEYARD) == []


def test_702_34a_not_offered_from_the_hand_nor_without_the_mana():
    game = build([{"name": "alice", "hand": ["Think Twice"], "battlefield": ["Island"] * 5}, {"name": "bob"}]).game
    assert {o.cost for o in casts(game, "Think Twice")} == {""}  # from the hand: only its mana cost
    game = build([dict(BOARD[0], battlefield=["Island"] * 2), BOARD[1]]).game
    assert casts(game, "Think Twice") == []  # {2}{U} can't be paid with two lands


def test_307_1_a_flashback_sorcery_keeps_sorcery_timing():
    looting = {"name": "Test Looting", "manaCost": "{R}", "type": "Sorcery", "types": ["Sorcery"],
               "text": "Draw two cards, then discard two cards.\nFlashback {2}{R}"}
    sc = build([{"name": "alice", "graveyard": ["Test Looting"], "library": ["Mountain"] * 4,
                 "battlefield": ["Mountain"] * 3}, {"name": "bob", "battlefield": ["Mountain"] * 3}],
               cards=[looting], turn={"active": "bob", "step": "precombat_main"})
    assert casts(sc.game, "Test Looting") == []  # not alice's main phase
    sc = build([{"name": "alice", "graveyard": ["Test Looting"], "library": ["Mountain"] * 4,
                 "battlefield": ["Mountain"] * 3}, {"name": "bob"}], cards=[looting])
    assert [o.cost for o in casts(sc.game, "Test Looting")] == ["flashback"]


def test_702_27a_buyback_returns_the_spell_to_its_owners_hand_as_it_resolves():
    (bb,) = [a for a in builtin_pool().get("Capsize").abilities if isinstance(a, Buyback)]
    assert bb.cost.text == "{3}"
    sc = build([{"name": "alice", "hand": ["Capsize"], "battlefield": ["Island"] * 6}, BOARD[1]])
    game = sc.game
    cast(game, "Capsize", [sc.ids["bear"]], cost="buyback")
    assert untapped(game, 0) == 0  # {1}{U}{U} plus {3}
    resolve_top(game)
    assert names(game, 1, Zone.HAND) == ["Grizzly Bears"]
    assert names(game, 0, Zone.HAND) == ["Capsize"] and names(game, 0, Zone.GRAVEYARD) == []


def test_702_27a_without_buyback_it_goes_to_the_graveyard():
    sc = build([{"name": "alice", "hand": ["Capsize"], "battlefield": ["Island"] * 6}, BOARD[1]])
    game = sc.game
    assert {o.cost for o in casts(game, "Capsize")} == {"", "buyback"}
    cast(game, "Capsize", [sc.ids["bear"]])
    resolve_top(game)
    assert names(game, 0, Zone.GRAVEYARD) == ["Capsize"]


def test_702_27a_a_countered_buyback_spell_goes_to_the_graveyard():
    """Only resolving puts it into its owner's hand ("as it resolves")."""
    sc = build([{"name": "alice", "hand": ["Capsize"], "battlefield": ["Island"] * 6},
                {"name": "bob", "hand": ["Spell Snuff"],
                 "battlefield": ["Island"] * 3 + [{"card": "Grizzly Bears", "id": "bear"}]}])
    game = sc.game
    cast(game, "Capsize", [sc.ids["bear"]], cost="buyback")
    _counter_it(game)
    assert names(game, 0, Zone.GRAVEYARD) == ["Capsize"] and names(game, 0, Zone.HAND) == []

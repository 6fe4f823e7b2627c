"""Casting from a graveyard: jump-start (CR 702.133), retrace (702.81) and escape (702.138)."""

from __future__ import annotations

from board import build, casts, names, resolve_top, untapped

from components.casting_keywords import GraveyardCast
from components.characteristics import CardType
from components.objects import Zone
from content.oracle import compile_text
from content.oracle.render import render_line
from ecs.actions import CastSpell, PassPriority


def _sorcery(name, text, cost="{1}{R}"):
    return {"name": name, "manaCost": cost, "type": "Sorcery", "types": ["Sorcery"], "subtypes": [],
            "supertypes": [], "text": text}


SHOCKER = _sorcery("Test Shocker", "Test Shocker deals 2 damage to any target.\nJump-start (You may cast this card "
                   "from your graveyard by discarding a card in addition to paying its other costs. Then exile this "
                   "card.)")
RETRACER = _sorcery("Test Retracer", "Target player loses 2 life.\nRetrace (You may cast this card from your "
                    "graveyard by discarding a land card in addition to paying its other costs.)", cost="{B}")
ESCAPER = _sorcery("Test Escaper", "Draw two cards.\nEscape—{1}{U}, Exile two other cards from your graveyard.",
                   cost="{3}{U}{U}")
SPELLS = [SHOCKER, RETRACER, ESCAPER]


def _game(graveyard, hand=(), lands=("Mountain", "Mountain", "Swamp", "Island"), turn=None, bob_hand=()):
    players = [{"name": "alice", "graveyard": list(graveyard), "hand": list(hand), "battlefield": list(lands),
                "library": ["Island"] * 5},
               {"name": "bob", "hand": list(bob_hand), "battlefield": ["Island"] * 3, "library": ["Island"] * 5}]
    return build(players, cards=SPELLS, turn=turn).game


def test_readers_and_renderers_of_the_three_keywords():
    for card, kind, line in ((SHOCKER, CardType.SORCERY, "Jump-start"), (RETRACER, CardType.SORCERY, "Retrace"),
                             (ESCAPER, CardType.SORCERY, "Escape—{1}{U}, Exile two other cards from your graveyard.")):
        abilities, _ = compile_text(card["name"], card["text"], kind)
        (way,) = [a for a in abilities if isinstance(a, GraveyardCast)]
        assert render_line([way]) == line
    (jump,) = [a for a in compile_text("Test Shocker", SHOCKER["text"], CardType.SORCERY)[0] if isinstance(a, GraveyardCast)]
    assert jump.discard == "card" and jump.exile_after and jump.cost is None
    (esc,) = [a for a in compile_text("Test Escaper", ESCAPER["text"], CardType.SORCERY)[0] if isinstance(a, GraveyardCast)]
    assert esc.exile_others == 2 and str(esc.cost) == "{1}{U}" and not esc.exile_after


def test_702_133a_jump_start_discards_a_card_pays_the_mana_cost_and_is_exiled_after():
    game = _game(["Test Shocker"], hand=["Grizzly Bears", "Grizzly Bears", "Swamp"])
    options = casts(game, "Test Shocker", cost="jump-start")
    # One option per target and per different card to discard (identical cards are one choice).
    assert {tuple(game.card(c).name for c in o.discard) for o in options} == {("Grizzly Bears",), ("Swamp",)}
    bob = game.players[1]
    game.apply(next(o for o in options if o.targets == (bob,) and game.card(o.discard[0]).name == "Swamp"))
    assert untapped(game, 0) == 2  # {1}{R}: its mana cost
    assert names(game, 0, Zone.GRAVEYARD) == ["Swamp"]  # the discarded card (701.8a)
    resolve_top(game)
    assert game.player_states[1].life == 18
    assert names(game, 0, Zone.EXILE) == ["Test Shocker"] and names(game, 0, Zone.GRAVEYARD) == ["Swamp"]


def test_702_133a_a_countered_jump_started_spell_is_exiled_too():
    game = _game(["Test Shocker"], hand=["Swamp"], bob_hand=["Spell Snuff"])
    game.apply(next(o for o in casts(game, "Test Shocker", cost="jump-start") if o.targets == (game.players[1],)))
    game.apply(PassPriority())
    game.apply(next(o for o in game.whole_actions() if isinstance(o, CastSpell)
                    and game.card(o.card).name == "Spell Snuff"))
    resolve_top(game)
    assert "Test Shocker" in names(game, 0, Zone.EXILE) and "Test Shocker" not in names(game, 0, Zone.GRAVEYARD)


def test_702_133a_no_card_to_discard_no_jump_start_and_not_from_the_hand():
    game = _game(["Test Shocker"])
    assert casts(game, "Test Shocker") == []
    game = _game([], hand=["Test Shocker", "Swamp"])
    assert {o.cost for o in casts(game, "Test Shocker")} == {""}


def test_702_81a_retrace_discards_a_land_card_and_the_card_goes_back_to_the_graveyard():
    game = _game(["Test Retracer"], hand=["Grizzly Bears", "Forest"])
    options = casts(game, "Test Retracer", cost="retrace")
    assert options and {game.card(o.discard[0]).name for o in options} == {"Forest"}  # a land card only
    game.apply(next(o for o in options if o.targets == (game.players[1],)))
    resolve_top(game)
    assert game.player_states[1].life == 18
    # Retrace doesn't exile it: it may be cast again.
    assert sorted(names(game, 0, Zone.GRAVEYARD)) == ["Forest", "Test Retracer"]
    game = _game(["Test Retracer"], hand=["Grizzly Bears"])
    assert casts(game, "Test Retracer") == []  # no land card to discard


def test_307_1_retrace_keeps_sorcery_timing():
    game = _game(["Test Retracer"], hand=["Forest"], turn={"active": "bob", "step": "precombat_main"})
    game.apply(PassPriority())  # bob passes: alice has priority in bob's main phase
    assert casts(game, "Test Retracer") == []


def test_702_138a_escape_pays_the_escape_cost_and_exiles_other_cards_from_the_graveyard():
    game = _game(["Test Escaper", "Grizzly Bears", "Grizzly Bears", "Swamp"])
    options = casts(game, "Test Escaper", cost="escape")
    chosen = {tuple(sorted(game.card(c).name for c in o.exile)) for o in options}
    assert chosen == {("Grizzly Bears", "Grizzly Bears"), ("Grizzly Bears", "Swamp")}  # "other" cards only
    game.apply(next(o for o in options if sorted(game.card(c).name for c in o.exile) == ["Grizzly Bears", "Swamp"]))
    assert untapped(game, 0) == 2  # {1}{U} rather than {3}{U}{U}
    assert sorted(names(game, 0, Zone.EXILE)) == ["Grizzly Bears", "Swamp"]
    resolve_top(game)
    assert len(game.zones[0][Zone.HAND]) == 2
    assert sorted(names(game, 0, Zone.GRAVEYARD)) == ["Grizzly Bears", "Test Escaper"]  # not exiled (702.138a)


def test_702_138a_not_enough_other_cards_no_escape():
    game = _game(["Test Escaper", "Grizzly Bears"])
    assert casts(game, "Test Escaper") == []


PROJECT = _sorcery("Test Project", "Target player loses 2 life.\nFlashback—Tap three untapped creatures you control. "
                   "(You may cast this card from your graveyard for its flashback cost. Then exile it.)", cost="{1}{W}")
ELF = {"name": "Test Elf", "manaCost": "{G}", "type": "Creature — Elf", "types": ["Creature"], "subtypes": ["Elf"],
       "supertypes": [], "text": "", "power": "1", "toughness": "1"}
PACT = _sorcery("Test Pact", "Draw a card.\nFlashback {B}, Pay 3 life.", cost="{1}{B}")


def test_702_34a_flashback_with_a_cost_that_isnt_only_mana():
    for card, line in ((PROJECT, "Flashback—Tap three untapped creatures you control."),
                       (PACT, "Flashback {B}, Pay 3 life.")):
        (way,) = [a for a in compile_text(card["name"], card["text"], CardType.SORCERY)[0]
                  if isinstance(a, GraveyardCast)]
        assert render_line([way]) == line and way.exile_after
    players = [{"name": "alice", "graveyard": ["Test Project"], "library": ["Island"] * 3,
                "battlefield": ["Grizzly Bears", "Grizzly Bears", "Grizzly Bears", "Test Elf"]},
               {"name": "bob", "battlefield": [], "library": ["Island"] * 3}]
    game = build(players, cards=[PROJECT, ELF]).game
    bob = game.players[1]
    options = casts(game, "Test Project", cost="flashback")
    # Three of the four creatures (identical Bears are one choice): {3 Bears} or {2 Bears, Elves}.
    assert sorted(tuple(sorted(game.card(c).name for c in o.tapped)) for o in options if o.targets == (bob,)) == [
        ("Grizzly Bears", "Grizzly Bears", "Grizzly Bears"), ("Grizzly Bears", "Grizzly Bears", "Test Elf")]
    option = next(o for o in options if o.targets == (bob,))
    game.apply(option)
    assert all(game.table.get(c, "tapped") for c in option.tapped)  # no mana: the creatures pay it
    resolve_top(game)
    assert game.player_states[1].life == 18 and names(game, 0, Zone.EXILE) == ["Test Project"]


def test_702_34a_119_4_flashback_paying_life():
    players = [{"name": "alice", "graveyard": ["Test Pact"], "library": ["Island"] * 3, "battlefield": ["Swamp"],
                "life": 3}, {"name": "bob", "battlefield": [], "library": ["Island"] * 3}]
    game = build(players, cards=[PACT]).game
    (option,) = casts(game, "Test Pact", cost="flashback")
    game.apply(option)
    assert game.player_states[0].life == 0 and untapped(game, 0) == 0
    players[0]["life"] = 2
    game = build(players, cards=[PACT]).game
    assert casts(game, "Test Pact") == []  # 119.4: can't pay 3 life with 2


PHOENIX = {"name": "Test Phoenix", "manaCost": "{3}{R}", "type": "Creature — Phoenix", "types": ["Creature"],
           "subtypes": ["Phoenix"], "supertypes": [], "power": "2", "toughness": "2",
           "text": "Flying\nEscape—{R}, Exile two other cards from your graveyard.\nThis creature escapes with a "
                   "+1/+1 counter on it."}


def test_702_138c_it_escapes_with_a_counter_only_if_it_escaped():
    from board import resolve_stack

    players = [{"name": "alice", "graveyard": ["Test Phoenix", "Island", "Island"], "hand": ["Test Phoenix"],
                "battlefield": ["Mountain"] * 5, "library": ["Island"] * 3},
               {"name": "bob", "battlefield": [], "library": ["Island"] * 3}]
    game = build(players, cards=[PHOENIX]).game
    game.apply(casts(game, "Test Phoenix", cost="escape")[0])
    resolve_stack(game)
    game.apply(next(o for o in casts(game, "Test Phoenix") if o.cost == ""))  # the other one, from the hand
    resolve_stack(game)
    phoenixes = [e for e in game.battlefield() if game.card(e).name == "Test Phoenix"]
    game.refresh_layers()
    assert sorted(int(game.table.get(e, "power")) for e in phoenixes) == [2, 3]


HATCHLING = {"name": "Test Hatchling", "manaCost": "{4}{G}{U}", "type": "Creature — Beast", "types": ["Creature"],
             "subtypes": ["Beast"], "supertypes": [], "power": "6", "toughness": "6",
             "text": "Escape—{G}, Exile a land you control, Exile two other cards from your graveyard."}


def test_702_138a_an_escape_cost_that_also_exiles_a_land_you_control():
    (way,) = [a for a in compile_text("Test Hatchling", HATCHLING["text"], CardType.CREATURE)[0]
              if isinstance(a, GraveyardCast)]
    assert render_line([way]) == HATCHLING["text"]
    players = [{"name": "alice", "graveyard": ["Test Hatchling", "Island", "Island"],
                "battlefield": ["Forest", "Plains"], "library": ["Island"] * 3},
               {"name": "bob", "battlefield": ["Swamp"], "library": ["Island"] * 3}]
    game = build(players, cards=[HATCHLING]).game
    options = casts(game, "Test Hatchling", cost="escape")
    assert sorted(game.card(o.exile[0]).name for o in options) == ["Forest", "Plains"]  # only lands you control
    game.apply(next(o for o in options if game.card(o.exile[0]).name == "Plains"))
    assert sorted(names(game, 0, Zone.EXILE)) == ["Island", "Island", "Plains"]
    assert [game.card(e).name for e in game.battlefield() if game.table.get(e, "controller") == 0] == ["Forest"]


WHISPER = _sorcery("Test Whisper", "Draw a card.\nHarmonize {3}{U} (You may cast this card from your graveyard for its "
                   "harmonize cost. You may tap a creature you control to reduce that cost by {X}, where X is its "
                   "power. Then exile this spell.)", cost="{U}")
ISLANDER = {"name": "Test Islander", "manaCost": "{4}{R}", "type": "Creature — Spider", "types": ["Creature"],
            "subtypes": ["Spider"], "supertypes": [], "power": "4", "toughness": "4",
            "text": "Mayhem {1}{R} (You may cast this card from your graveyard for {1}{R} if you discarded it this "
                    "turn. Timing rules still apply.)"}
LOOT = _sorcery("Test Loot", "As an additional cost to cast this spell, discard a card.\nDraw a card.", cost="{R}")


def test_harmonize_tapping_a_creature_reduces_the_cost_by_its_power_then_it_is_exiled():
    (way,) = [a for a in compile_text("Test Whisper", WHISPER["text"], CardType.SORCERY)[0]
              if isinstance(a, GraveyardCast)]
    assert render_line([way]) == "Harmonize {3}{U}" and way.tap_reduce and way.exile_after
    players = [{"name": "alice", "graveyard": ["Test Whisper"], "battlefield": ["Island", "Grizzly Bears"],
                "library": ["Island"] * 3}, {"name": "bob", "battlefield": [], "library": ["Island"] * 3}]
    game = build(players, cards=[WHISPER]).game
    options = casts(game, "Test Whisper", cost="harmonize")
    # {3}{U} with one Island: only by tapping the 2/2 Bears ({1}{U}) ... which still leaves {1} unpaid: none.
    assert options == []
    players[0]["battlefield"] = ["Island", "Island", "Grizzly Bears"]
    game = build(players, cards=[WHISPER]).game
    (option,) = casts(game, "Test Whisper", cost="harmonize")
    assert [game.card(c).name for c in option.tapped] == ["Grizzly Bears"]
    game.apply(option)
    assert game.table.get(option.tapped[0], "tapped") and untapped(game, 0) == 0  # {3}{U} - {2}
    resolve_top(game)
    assert names(game, 0, Zone.EXILE) == ["Test Whisper"] and len(game.zones[0][Zone.HAND]) == 1


def test_mayhem_only_the_turn_it_was_discarded():
    players = [{"name": "alice", "hand": ["Test Loot", "Test Islander"], "battlefield": ["Mountain"] * 3,
                "library": ["Island"] * 3}, {"name": "bob", "battlefield": [], "library": ["Island"] * 3}]
    game = build(players, cards=[ISLANDER, LOOT]).game
    game.apply(next(o for o in casts(game, "Test Loot") if game.card(o.discard[0]).name == "Test Islander"))
    resolve_top(game)
    assert "Test Islander" in names(game, 0, Zone.GRAVEYARD)
    (option,) = casts(game, "Test Islander", cost="mayhem")
    game.apply(option)
    assert untapped(game, 0) == 0
    players = [{"name": "alice", "graveyard": ["Test Islander"], "battlefield": ["Mountain"] * 3,
                "library": ["Island"] * 3}, {"name": "bob", "battlefield": [], "library": ["Island"] * 3}]
    game = build(players, cards=[ISLANDER, LOOT]).game
    assert casts(game, "Test Islander") == []  # in the graveyard, but not discarded this turn


FESTIVAL = _sorcery("Test Festival", "Target player loses X life.\nHarmonize {X}{R}{R}", cost="{X}{R}")


def test_harmonize_with_x_the_reduction_applies_to_the_total_cost_with_x():
    players = [{"name": "alice", "graveyard": ["Test Festival"], "battlefield": ["Mountain"] * 3 + ["Grizzly Bears"],
                "library": ["Island"] * 3}, {"name": "bob", "battlefield": [], "library": ["Island"] * 3}]
    game = build(players, cards=[FESTIVAL]).game
    bob = game.players[1]
    options = [o for o in casts(game, "Test Festival", cost="harmonize") if o.targets == (bob,)]
    # Without tapping: {X}{R}{R} with three Mountains, X up to 1; tapping the 2/2 Bears: X up to 3.
    assert {(len(o.tapped), o.x) for o in options} == {(0, 0), (0, 1), (1, 0), (1, 1), (1, 2), (1, 3)}
    game.apply(next(o for o in options if o.tapped and o.x == 3))
    assert untapped(game, 0) == 0
    resolve_top(game)
    assert game.player_states[1].life == 17

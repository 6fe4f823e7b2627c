"""The caches and the pass-only proof of the priority hot path (issue 11) give exactly what a fresh computation
gives.

With ``mana.CHECKS.on`` (``MTG_ECS_CHECK_CACHES=1`` in the environment does the same), every answer served from
a cache is computed again and compared, and every stop that ``can_only_pass`` proves pass-only also lists its
options, which must be passing alone; a difference fails the game with an AssertionError. Random games of every
built-in deck and of random decks from the whole built-in pool run in that mode, so a cache that can go stale or a
wrong proof (a rules bug: an option offered that can't be taken, or one missing) fails here.
"""

from __future__ import annotations

import numpy as np
import pytest
from board import build, card
from hypothesis import given, settings
from hypothesis import strategies as st

from content.decks import builtin_deck_names, load_deck
from ecs.actions import Action, CastSpell
from ecs.agents import RandomAgent, play_out
from ecs.fuzz import deck_spells, random_deck
from ecs.game import Game
from ecs.setup import new_game
from systems import mana, priority
from systems.mana import mana_sources


@pytest.fixture
def checking(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(mana.CHECKS, "on", True)


def _play(decks: list, seed: int) -> int:  # type: ignore[type-arg]
    game = new_game(decks, seed, log=False, max_turns=30)
    play_out(game, [RandomAgent(seed * 7 + 1), RandomAgent(seed * 7 + 2)])
    assert game.result is not None
    return len(game.history)


def _put_onto_battlefield(game: Game, name: str, controller: int) -> int:
    """A new permanent of the built-in card ``name`` under ``controller`` (a new row: a new layers version)."""
    from components.objects import Zone
    from content.card_pool import builtin_pool
    from systems.zones import create_card, move

    return move(game, create_card(game, builtin_pool().get(name), controller, Zone.LIBRARY), Zone.BATTLEFIELD,
                controller=controller)


def test_605_3a_cached_mana_units_match_fresh_ones_in_games_of_every_builtin_deck(checking: None) -> None:
    """CR 605.3a, 601.2g: the mana a player could make at each priority stop, kept behind the permanent table's
    state version and the pool, is what the table and pool give now (every deck plays at least one game)."""
    names = sorted(builtin_deck_names())
    decks = {n: load_deck(n)[1] for n in names}
    pairs = [(names[i], names[(i + 1) % len(names)]) for i in range(0, len(names), 2)]
    decisions = sum(_play([decks[a], decks[b]], seed) for seed, (a, b) in enumerate(pairs))
    assert decisions > 200  # real games were played, not stopped at once


def test_605_3a_cached_mana_units_match_fresh_ones_with_random_pool_decks(checking: None) -> None:
    """The same over random 60-card decks from the whole built-in pool (mana creatures, Treasures, conditional and
    X mana abilities, cost reducers, flash permissions: the cards the built-in decks don't hold)."""
    rng = np.random.default_rng(11)
    spells = deck_spells()
    for seed in range(4):
        _play([random_deck(rng, spells), random_deck(rng, spells)], 100 + seed)


def test_117_1_the_pass_only_proof_agrees_with_the_full_list_at_every_stop(checking: None) -> None:
    """CR 117.1: the proof that a player can only pass is never wrong (the check lists the options of every stop it
    proves) and it is the common answer: it is taken at many stops of these games."""
    proved = []

    def probe(game: Game, player: int) -> list[Action]:
        # the proof stop_options asks at this stop (its one caller): through the engine's stop probe, not a replaced
        # can_only_pass, which compiled code would call around
        proved.append(priority.can_only_pass(game, player))
        return priority.stop_options(game, player)

    names = sorted(builtin_deck_names())
    previous = priority.set_stop_probe(probe)
    try:
        for seed, (a, b) in enumerate([(names[0], names[-1]), (names[3], names[9])]):
            _play([load_deck(a)[1], load_deck(b)[1]], 50 + seed)
    finally:
        priority.set_stop_probe(previous)
    assert sum(proved) > 100 and not all(proved)


# (replaces priority.can_only_pass with a wrong proof; compiled code calls the real one)
@pytest.mark.plain_python
def test_the_check_mode_catches_a_wrong_pass_only_proof(checking: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """The check can fail: a proof claiming "pass only" where the player has options is reported."""
    monkeypatch.setattr(priority, "can_only_pass", lambda game, player, check=None, look=None: True)
    names = sorted(builtin_deck_names())
    with pytest.raises(AssertionError, match="can_only_pass was wrong"):
        _play([load_deck(names[0])[1], load_deck(names[1])[1]], 1)


def test_the_check_mode_catches_a_stale_answer(checking: None) -> None:
    """The check can fail: an answer kept across a change the key doesn't see is reported."""
    game = build([{"name": "alice", "battlefield": ["Forest", "Island"], "library": ["Forest"] * 5},
                  {"name": "bob", "library": ["Forest"] * 5}]).game
    assert len(mana_sources(game, 0)) == 2
    t = game.table
    t.controller[t.row_of[int(t.view("entity")[0])]] = 1  # a column written behind the table's back
    with pytest.raises(AssertionError, match="stale (mana units|land rows)"):  # (the lands kept are stale too)
        mana_sources(game, 0)


def test_602_5a_a_source_assumed_tapped_for_a_cost_makes_no_mana_meanwhile() -> None:
    """CR 602.5a, 601.2h: while a {T} cost is being checked the source counts as tapped, so it is not a mana unit
    for the rest of the cost; afterwards it is one again (the cache must not keep either answer for the other)."""
    game = build([{"name": "alice", "battlefield": ["Forest", "Island"], "library": ["Forest"] * 5},
                  {"name": "bob", "library": ["Forest"] * 5}]).game
    before = mana_sources(game, 0)
    assert len(before) == 2
    forest = before[0][1] if before[0][0] == 16 else before[1][1]
    with game.table.assume_tapped(forest):
        assert [e for _m, e in mana_sources(game, 0)] == [e for _m, e in before if e != forest]
    assert mana_sources(game, 0) == before


def test_106_4_mana_in_the_pool_is_seen_though_the_table_did_not_change() -> None:
    """CR 106.4: mana added to a pool is available at once; the pool is part of the cache's key."""
    game = build([{"name": "alice", "battlefield": ["Forest"], "library": ["Forest"] * 5},
                  {"name": "bob", "library": ["Forest"] * 5}]).game
    assert len(mana_sources(game, 0)) == 1
    game.player_states[0].mana_pool[3] += 1  # one red mana
    assert mana_sources(game, 0)[0] == (8, -1)
    assert len(mana_sources(game, 0)) == 2


def test_601_2c_the_targets_a_slot_may_choose_follow_the_battlefield_after_a_cached_answer() -> None:
    """CR 601.2c, 115.1: Murder (an instant: "Destroy target creature.") can't be cast while no creature is on the
    battlefield; the permanents its slot may choose are kept until the layers are next dirtied, so a creature
    entering, and one becoming hexproof (702.11b: not a target of spells its opponents control), are seen."""
    from components.abilities import ContinuousPart, Layer
    from components.keywords import Keyword
    from components.objects import Zone
    from ecs.actions import CastSpell
    from systems.layers import add_effect, effect_from_part

    sc = build([{"name": "alice", "battlefield": ["Swamp"] * 3, "hand": ["Murder"], "library": ["Swamp"] * 5},
                {"name": "bob", "library": ["Forest"] * 5}], turn={"number": 3, "active": "bob", "step": "upkeep"})
    game = sc.game
    murder = game.zones[0][Zone.HAND][0]

    def murders() -> list:
        return [a for a in priority.priority_options(game, 0) if isinstance(a, CastSpell) and a.card == murder]

    assert murders() == [] and priority.can_only_pass(game, 0)
    bear = _put_onto_battlefield(game, "Grizzly Bears", 1)
    assert [a.targets for a in murders()] == [(bear,)] and not priority.can_only_pass(game, 0)
    add_effect(game, effect_from_part(ContinuousPart(Layer.ABILITY, keywords_add=int(Keyword.HEXPROOF)),
                                      timestamp=game.new_timestamp(), source=bear, controller=1,
                                      until_end_of_turn=True, from_static=False, fixed=(bear,)))
    assert murders() == [] and priority.can_only_pass(game, 0)


def _bob_upkeep(hand: list[str], lands: list[str]):  # type: ignore[no-untyped-def]
    return build([{"name": "alice", "battlefield": lands, "hand": hand, "library": ["Island"] * 5},
                  {"name": "bob", "library": ["Forest"] * 5}], turn={"number": 3, "active": "bob", "step": "upkeep"})


def test_601_2c_a_split_half_without_a_target_is_not_kept_as_unpayable() -> None:
    """CR 709.3, 601.2c: Serve ({1}{U}, an instant half targeting a creature) can be paid for with two Islands but has
    no target while no creature is on the battlefield, and Murder can't be paid for: alice can only pass. That answer
    read the battlefield, not only the hand and the mana (which a creature entering doesn't change), so no answer kept
    with the hand and the units may stand for it: once a creature enters, Serve can be cast."""
    from ecs.actions import CastSpell

    game = _bob_upkeep(["Protect // Serve", "Murder"], ["Island", "Island"]).game
    assert priority.can_only_pass(game, 0) and priority.priority_options(game, 0) == [priority.PASS]
    bear = _put_onto_battlefield(game, "Grizzly Bears", 1)
    assert not priority.can_only_pass(game, 0)
    assert [a.targets for a in priority.priority_options(game, 0) if isinstance(a, CastSpell)] == [(bear,)]


def test_601_2g_a_split_half_kept_as_unpayable_is_seen_once_the_mana_is_there() -> None:
    """CR 601.2g-h, 709.3: with one Island neither Serve ({1}{U}) nor Murder can be paid for (kept with the mana
    units); with mana added to the pool Serve can, and the proof no longer holds once a creature is there too."""

    game = _bob_upkeep(["Protect // Serve", "Murder"], ["Island"]).game
    _put_onto_battlefield(game, "Grizzly Bears", 1)
    assert priority.can_only_pass(game, 0) and priority.can_only_pass(game, 0)  # (the second from what was kept)
    game.player_states[0].mana_pool[1] += 1  # one blue mana
    assert not priority.can_only_pass(game, 0)
    assert priority.priority_options(game, 0) != [priority.PASS]


def test_106_6_restricted_mana_in_the_pool_is_seen_past_kept_units() -> None:
    """CR 106.6: restricted mana added to the pool moves no part of the kept units' key, so while a player has any
    their units are computed afresh (their mana units include it)."""
    from systems.mana_spending import SHIFT

    game = build([{"name": "alice", "battlefield": ["Forest"], "library": ["Forest"] * 5},
                  {"name": "bob", "library": ["Forest"] * 5}]).game
    assert len(mana_sources(game, 0)) == 1
    game.player_states[0].restricted_pool.append((8, None))  # one red mana, spendable only as its restriction says
    assert (8 << SHIFT, -2) in mana_sources(game, 0)


def test_601_2g_the_memoised_payable_answer_follows_the_units_and_the_cost() -> None:
    """CR 601.2g-h: ``payable`` answers as ``find_payment`` does, for the same cost asked with other units (the memo
    is keyed on the units' masks), for another cost with the same units, and for "two mana of any one color" units
    (106.1a: one source's mana all of one color, so the entities matter and nothing is memoised)."""
    from components.characteristics import Color, ManaCost, ManaSymbol
    from systems.mana import ONE_COLOR, find_payment, payable

    game = build([{"name": "alice", "library": ["Forest"] * 5}, {"name": "bob", "library": ["Forest"] * 5}]).game
    uu = ManaCost((ManaSymbol.generic(1), ManaSymbol.colored(Color.U), ManaSymbol.colored(Color.U)))
    gg = ManaCost((ManaSymbol.colored(Color.G), ManaSymbol.colored(Color.G)))
    blue, green, two = [(2, 10), (2, 11), (16, 12)], [(16, 10), (16, 11), (16, 12)], [(ONE_COLOR | 31, 13)] * 2
    for cost in (uu, gg):
        for units in (blue, green, blue, green, two, two[:1] + [(ONE_COLOR | 31, 14)]):
            assert payable(game, 0, cost, units) == (find_payment(game, 0, cost, 0, units) is not None)
    assert payable(game, 0, uu, blue) and not payable(game, 0, uu, green) and payable(game, 0, gg, green)
    assert payable(game, 0, gg, two) and not payable(game, 0, gg, two[:1] + [(ONE_COLOR | 1, 14)])


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from([127, 1, 2, 4, 8, 16, 32, 3, 24, 96]), max_size=5),
       st.lists(st.sampled_from([1, 2, 4, 8, 16, 32, 3, 5, 24, 31, 63]), max_size=6))
def test_601_2g_hall_s_check_of_the_pips_answers_as_a_search_for_an_assignment(pips: list[int], masks: list[int]) -> None:
    """CR 601.2g-h: ``payable``'s check (each pip paid by a unit of its own that shares a mana bit with it), with its
    shortcuts (one pip; a pip every unit can pay, as generic mana), answers as an exhaustive search for the units
    paying each pip (``mana._search``, find_payment's own)."""
    from systems.mana import _coverable, _search

    units = [(mask, i) for i, mask in enumerate(masks)]
    assert _coverable(tuple(pips), tuple(masks)) == (len(pips) <= len(masks) and _search(pips, units) is not None)


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from([127, 1, 2, 4, 8, 16, 32, 3, 24, 96]), max_size=5),
       st.lists(st.sampled_from([1, 2, 4, 8, 16, 32, 3, 5, 24, 31, 63]), max_size=6))
def test_601_2h_the_payment_s_first_path_is_the_search_s_answer(pips: list[int], masks: list[int]) -> None:
    """CR 601.2h: the units chosen to pay each pip (which lands are tapped) are the backtracking search's first
    assignment, whether the first path alone pays every pip or the search has to backtrack."""
    from systems.mana import _backtrack, _search

    units = [(mask, 100 + i) for i, mask in enumerate(masks)]
    order = sorted(range(len(pips)), key=[pip.bit_count() for pip in pips].__getitem__)
    assert _search(list(pips), units) == _backtrack(list(pips), units, order)



def test_117_1a_a_card_drawn_is_seen_by_the_kept_hand_cards() -> None:
    """CR 117.1a, 121.1: the (entity, card) list of a hand that the casting caches read is kept until the hand
    changes: with a Mountain untapped and only a land in hand alice can only pass; a Lightning Bolt drawn in bob's
    upkeep can be cast at once."""
    from ecs.actions import CastSpell
    from systems.zones import draw, hand_cards

    game = build([{"name": "alice", "battlefield": ["Mountain"], "hand": ["Island"],
                   "library": ["Lightning Bolt"] * 5},
                  {"name": "bob", "library": ["Forest"] * 5}], turn={"number": 3, "active": "bob", "step": "upkeep"}).game
    before = hand_cards(game, 0)
    assert [c.name for _e, c in before] == ["Island"] and priority.can_only_pass(game, 0)
    assert hand_cards(game, 0) is before  # kept while the hand is unchanged
    draw(game, 0)
    assert [c.name for _e, c in hand_cards(game, 0)] == ["Island", "Lightning Bolt"]
    (bolt,) = [e for e, c in hand_cards(game, 0) if c.name == "Lightning Bolt"]
    assert not priority.can_only_pass(game, 0)
    assert any(isinstance(a, CastSpell) and a.card == bolt for a in priority.priority_options(game, 0))


def test_302_6_the_units_kept_as_if_untapped_follow_the_tapped_and_sick_columns(checking: None) -> None:
    """CR 302.6, 605.3a: the units kept per layers version (a mana creature's ability, a land creature's intrinsic
    mana, basic lands) are there only while untapped and, for a creature without haste, not summoning sick; every
    answer is also checked against the whole-table scan (``checking``)."""
    game = build([{"name": "alice", "battlefield": ["Forest", "Birds of Paradise", "Dryad Arbor", "Island"],
                   "library": ["Forest"] * 5},
                  {"name": "bob", "battlefield": ["Birds of Paradise"], "library": ["Forest"] * 5}]).game
    t = game.table
    ents = {game.name(int(e)): int(e) for e in t.view("entity") if int(t.controller[t.row_of[int(e)]]) == 0}
    birds, arbor, forest = ents["Birds of Paradise"], ents["Dryad Arbor"], ents["Forest"]
    for ent in (birds, arbor):
        t.set_sick(ent, False)
    every = mana_sources(game, 0)
    assert {e for _m, e in every} == {birds, arbor, forest, ents["Island"]}
    assert every[0][1] == birds  # (mana abilities first, then the lands by row)
    t.set_sick(birds, True)
    t.set_sick(arbor, True)
    assert [u for u in mana_sources(game, 0)] == [u for u in every if u[1] not in (birds, arbor)]
    t.set_sick(birds, False)
    t.tap(forest)
    assert [u for u in mana_sources(game, 0)] == [u for u in every if u[1] not in (arbor, forest)]
    t.untap(forest)
    t.set_sick(arbor, False)
    assert mana_sources(game, 0) == every
    assert [e for _m, e in mana_sources(game, 1)] == [e for e in t.view("entity").tolist() if e not in ents.values()]


# (counts mana._templates_since answers through a replacement; compiled code calls the real one)
@pytest.mark.plain_python
def test_305_7_units_kept_as_if_untapped_are_extended_by_the_rows_that_entered(
        checking: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """CR 305.7, 302.6, 605.3a: permanents entering one at a time (a creature, a basic land, a land creature, a mana
    creature) move the layers version; the units kept as if untapped are extended by the new rows where no old row
    changed (no whole layer pass: ``checking`` compares the rows' facts carried and the extension with those read
    afresh, and every answer with the scan)."""
    game = build([{"name": "alice", "battlefield": ["Forest", "Island"], "library": ["Forest"] * 5},
                  {"name": "bob", "battlefield": ["Mountain"], "library": ["Forest"] * 5}]).game
    extended = []
    real = mana._templates_since

    def counted(game, basis):  # type: ignore[no-untyped-def]
        answer = real(game, basis)
        extended.append(answer is not None)
        return answer

    monkeypatch.setattr(mana, "_templates_since", counted)
    before = mana_sources(game, 0)
    for name, controller in (("Grizzly Bears", 0), ("Forest", 0), ("Mountain", 1), ("Dryad Arbor", 0),
                             ("Birds of Paradise", 1), ("Island", 1)):
        ent = _put_onto_battlefield(game, name, controller)
        game.table.set_sick(ent, False)
        now = mana_sources(game, controller)
        assert (ent in [e for _m, e in now]) == (name != "Grizzly Bears")
        assert mana_sources(game, 1 - controller) is not None
    assert [u for u in mana_sources(game, 0) if u[1] in [e for _m, e in before]] == before
    assert extended.count(True) >= 4  # (the Birds, a new mana ability source, makes them afresh)


def test_305_6_a_land_replaced_in_its_row_by_a_land_alike_is_the_new_land_s_unit(checking: None) -> None:
    """CR 305.6, 400.7: a Forest leaves the battlefield from the last row and another Forest enters into that row:
    every column the kept templates compare is the same but the entity, so the units kept as if untapped must name
    the new Forest (the templates' basis keeps a snapshot of the table's entity list, which the table writes in
    place; ``checking`` compares each answer with the scan)."""
    from components.objects import Zone
    from systems.zones import move

    game = build([{"name": "alice", "battlefield": ["Island", "Forest"], "library": ["Forest"] * 5},
                  {"name": "bob", "library": ["Forest"] * 5}]).game
    t = game.table
    old = t.entity_list[-1]
    assert game.name(old) == "Forest"
    before = mana_sources(game, 0)
    assert [e for _m, e in before] == t.entity_list
    move(game, old, Zone.GRAVEYARD)
    new = _put_onto_battlefield(game, "Forest", 0)
    assert t.row_of[new] == len(before) - 1  # (the row the old Forest had)
    now = mana_sources(game, 0)
    assert [e for _m, e in now] == t.entity_list and new in t.entity_list and old not in t.entity_list
    assert [m for m, _e in now] == [m for m, _e in before]


def test_602_5_a_permanent_whose_abilities_cant_be_activated_makes_no_mana(checking: None) -> None:
    """CR 602.5, 605.3a: an Aura saying its creature's activated abilities can't be activated stops a mana
    creature's '{T}: Add ...' (a static rule: the units kept as if untapped are gated by it at each ask, and
    checked against the whole-table scan); the lands still make mana."""
    bonds = card("Test Bonds", "Enchantment — Aura", "Enchant creature\nEnchanted creature can't attack or block, "
                 "and its activated abilities can't be activated.", "{3}{W}", types=["Enchantment"],
                 subtypes=["Aura"], supertypes=[])
    sc = build([{"name": "alice", "battlefield": [{"card": "Birds of Paradise", "id": "bound"},
                                                  {"card": "Birds of Paradise", "id": "free"}, "Forest"],
                 "library": ["Forest"] * 5},
                {"name": "bob", "battlefield": [{"card": "Test Bonds", "attached_to": "bound"}],
                 "library": ["Forest"] * 5}], cards=[bonds])
    game = sc.game
    bound, free = sc.ids["bound"], sc.ids["free"]
    for ent in (bound, free):
        game.table.set_sick(ent, False)
    assert game.static_rule_sources
    makers = [e for _m, e in mana_sources(game, 0)]
    assert free in makers and bound not in makers and len(makers) == 2  # the free Birds and the Forest


# Cards for the hand facts property test: lands, instants (with and without targets), modal spells, split cards and
# other ways to cast (overload, bestow, morph), kicker and buyback, casting keywords, convoke, a cost of its own,
# an Arcane spell, creatures and sorceries; suspend, foretell.
_HAND_CARDS = ["Forest", "Island", "Mountain", "Swamp", "Arcane Sanctum", "Lightning Bolt", "Murder", "Contradict",
               "Abrupt Decay", "Giant Growth", "Branching Bolt", "Assault // Battery", "Protect // Serve",
               "Far // Away", "Cyclonic Rift", "Boon Satyr", "Downsize", "Arno Dorian", "Blink of an Eye", "Capsize",
               "Nevermaker", "Vibrance", "Lava Spike", "Frogmite", "Stoke the Flames", "Grizzly Bears", "Divination",
               "Ivory Giant", "Poison the Cup", "Lotus Bloom"]


@settings(max_examples=40, deadline=None)
@given(hand=st.lists(st.sampled_from(_HAND_CARDS), max_size=7),
       lands=st.lists(st.sampled_from(["Forest", "Island", "Mountain", "Swamp", "Plains"]), max_size=5),
       bear=st.booleans(), alice_main=st.booleans(), land_played=st.booleans())
def test_117_1_hand_facts_found_in_one_pass_are_what_the_hand_look_ups_find(hand: list[str], lands: list[str],
                                                                             bear: bool, alice_main: bool,
                                                                             land_played: bool) -> None:
    """CR 117.1, 305.2, 601.2c: the hand's facts the pass-only proof reads, found in one pass over each card's own
    facts, are those the hand's own look-ups give (lands, kicker or buyback, casting keywords, other ways, the cards
    cast for their mana cost and those castable any time, suspend or foretell); a land play is open exactly when
    ``land_actions`` lists one; no special action is open without such a card;
    a target slot has a choice exactly when ``_target_choices`` lists one; the casts other than for the mana cost,
    asked only for the kinds the facts find, are what all their look-ups list; and the proof agrees with the
    options."""
    from components.objects import Zone
    from systems import casting
    from systems.mechanics.additional_costs import hand_variants
    from systems.mechanics.alternative_costs import cast_variants
    from systems.mechanics.casting_variants import hand_casts
    from systems.mechanics.exile_casting import special_actions

    turn = ({"number": 3, "active": "alice", "step": "precombat_main"} if alice_main
            else {"number": 3, "active": "bob", "step": "upkeep"})
    game = build([{"name": "alice", "battlefield": lands, "hand": hand, "library": ["Island"] * 5},
                  {"name": "bob", "battlefield": ["Grizzly Bears"] if bear else [], "library": ["Forest"] * 5}],
                 turn=turn).game
    game.player_states[0].lands_played = int(land_played)
    facts = casting._hand_facts(game, 0)
    assert facts == casting._listed_hand_facts(game, 0)
    if alice_main:
        assert bool(casting.land_actions(game, 0)) == (facts.land and casting.land_play_left(game, 0))
    for ent, f in facts.spells:
        if f.specs:
            assert casting.any_target_choice(game, f.specs, 0, ent) == bool(
                casting._target_choices(game, f.specs, 0, ent))
    assert len(game.zones[0][Zone.HAND]) == len(hand)
    assert facts.special or not special_actions(game, 0)
    listed = cast_variants(game, 0) + hand_variants(game, 0) + hand_casts(game, 0)
    assert casting.alternative_cast_actions(game, 0) == listed
    proved = priority.can_only_pass(game, 0)
    assert not proved or priority.priority_options(game, 0) == [priority.PASS]


def test_117_1a_an_instant_drawn_extends_the_kept_hand_facts(checking: None) -> None:
    """CR 117.1a, 121.1: in bob's upkeep alice holds only a sorcery (pass is her one option); she draws Murder, an
    instant she can pay for with a target: the hand's kept facts are extended by the drawn card alone (the kept scan
    goes on, the hand is not looked at again), they are what the hand's look-ups give (checked in this mode), and the
    pass-only proof no longer holds."""
    from components.objects import Zone
    from systems import casting
    from systems.zones import draw

    game = build([{"name": "alice", "battlefield": ["Swamp"] * 3, "hand": ["Divination"], "library": ["Murder"] * 5},
                  {"name": "bob", "battlefield": ["Grizzly Bears"], "library": ["Forest"] * 5}],
                 turn={"number": 3, "active": "bob", "step": "upkeep"}).game
    assert priority.can_only_pass(game, 0) and priority.stop_options(game, 0) == [priority.PASS]
    scan = game.hand_facts_cache[0][2]
    assert not game.hand_facts_cache[0][1].any_time
    draw(game, 0)
    drawn = game.zones[0][Zone.HAND][-1]
    assert game.card(drawn).name == "Murder"
    assert not priority.can_only_pass(game, 0)
    version, facts, now = game.hand_facts_cache[0]
    assert version == game.hand_versions[0] and now is scan and scan.hand == game.zones[0][Zone.HAND]
    assert [f.card.name for _ent, f in facts.any_time] == ["Murder"] and facts == casting._listed_hand_facts(game, 0)
    assert any(o.card == drawn for o in priority.stop_options(game, 0) if isinstance(o, CastSpell))


def test_601_2g_an_unpayable_answer_outlives_a_card_drawn_that_cannot_be_cast_now(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """CR 601.2g, 307.1: the unpayable answer is keyed on the cards that may be cast now and the mana units, not on
    the hand's version: in bob's upkeep a sorcery drawn leaves alice's Murder ({1}{B}{B}, with two Swamps) unpayable as
    it was (the answer kept is read again), and a third Swamp lets her cast it."""
    from systems.zones import draw

    monkeypatch.setattr(mana.CHECKS, "on", False)  # (the check mode finds a kept answer again to compare)
    game = build([{"name": "alice", "battlefield": ["Swamp"] * 2, "hand": ["Murder"], "library": ["Divination"] * 5},
                  {"name": "bob", "battlefield": ["Grizzly Bears"], "library": ["Forest"] * 5}],
                 turn={"number": 3, "active": "bob", "step": "upkeep"}).game
    assert priority.can_only_pass(game, 0)
    kept = game.hand_filter_cache[("unpayable", 0)]
    draw(game, 0)
    assert priority.can_only_pass(game, 0)
    assert game.hand_filter_cache[("unpayable", 0)] is kept  # (not found again: the same cards, the same units)
    _put_onto_battlefield(game, "Swamp", 0)
    assert not priority.can_only_pass(game, 0) and priority.priority_options(game, 0) != [priority.PASS]


# (replaces turn.step_watched with a wrong answer; compiled code calls the real one)
@pytest.mark.plain_python
def test_603_2b_a_step_no_ability_names_is_not_emitted_and_the_check_mode_catches_a_wrong_answer(
        checking: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """CR 603.2b: the beginning of a step is matched against abilities only if one names that step
    (triggers.step_watched); with the check on, a step it wrongly calls unwatched is emitted anyway and a trigger
    it adds fails the game."""
    from board import advance_to

    from components.objects import Step
    from systems import turn

    upkeep = card("Test Upkeep Watcher", "Enchantment", "At the beginning of your upkeep, you gain 1 life.")
    start = {"name": "alice", "battlefield": ["Test Upkeep Watcher"], "library": ["Forest"] * 5}
    game = build([start, {"name": "bob", "library": ["Forest"] * 5}], cards=[upkeep]).game
    life = game.player_states[0].life
    advance_to(game, Step.UPKEEP, game.turn + 2)  # alice's next upkeep: the trigger waits on the stack
    advance_to(game, Step.DRAW)
    assert game.player_states[0].life == life + 1
    monkeypatch.setattr(turn, "step_watched", lambda game, step: False)
    game = build([start, {"name": "bob", "library": ["Forest"] * 5}], cards=[upkeep]).game
    with pytest.raises(AssertionError, match="step_watched missed"):
        advance_to(game, Step.UPKEEP, game.turn + 2)


def test_601_2c_a_kept_answer_with_no_target_lasts_until_the_layers_change(monkeypatch: pytest.MonkeyPatch) -> None:
    """CR 601.2c: alice's Murder can be paid for but no creature is on the battlefield: the pass-only proof keeps that
    answer for the layers version it was found at (read again at the next stop), and a creature entering (a new row,
    a new version) lets her cast it."""

    monkeypatch.setattr(mana.CHECKS, "on", False)  # (the check mode finds a kept answer again to compare)
    game = build([{"name": "alice", "battlefield": ["Swamp"] * 3, "hand": ["Murder"], "library": ["Divination"] * 5},
                  {"name": "bob", "battlefield": ["Forest"], "library": ["Forest"] * 5}],
                 turn={"number": 3, "active": "bob", "step": "upkeep"}).game
    assert priority.can_only_pass(game, 0)
    kept = game.hand_filter_cache[("unpayable", 0)]
    assert kept[1][1] == game.table.layers_version  # (the answer read Murder's targets)
    assert priority.can_only_pass(game, 0)
    assert game.hand_filter_cache[("unpayable", 0)] is kept  # (not found again)
    _put_onto_battlefield(game, "Grizzly Bears", 1)
    assert not priority.can_only_pass(game, 0) and priority.priority_options(game, 0) != [priority.PASS]


# (counts alternative_costs._may_cast_variant calls through a replacement; compiled code calls the real one)
@pytest.mark.plain_python
def test_601_2c_a_split_card_with_no_target_keeps_its_answer_until_the_layers_change(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """CR 601.2c, 709.3: alice can pay for Serve (Protect // Serve, both halves "target creature") but no creature is
    on the battlefield: ``may_cast_variant``'s False is kept for the hand, the timing, the units and the layers
    version (not found again at the next stop), and a creature entering lets her cast a half."""
    from systems.mechanics import alternative_costs

    monkeypatch.setattr(mana.CHECKS, "on", False)  # (the check mode finds a kept answer again to compare)
    game = build([{"name": "alice", "battlefield": ["Island"] * 2, "hand": ["Protect // Serve"],
                   "library": ["Divination"] * 5},
                  {"name": "bob", "battlefield": ["Forest"], "library": ["Forest"] * 5}],
                 turn={"number": 3, "active": "bob", "step": "upkeep"}).game
    assert priority.can_only_pass(game, 0)
    assert game.hand_filter_cache[("no variant", 0)][1][1] == game.table.layers_version
    found = []
    real = alternative_costs._may_cast_variant
    monkeypatch.setattr(alternative_costs, "_may_cast_variant", lambda *a: found.append(a) or real(*a))
    assert priority.can_only_pass(game, 0) and not found  # (the kept answer)
    _put_onto_battlefield(game, "Grizzly Bears", 1)
    assert not priority.can_only_pass(game, 0) and found
    assert priority.priority_options(game, 0) != [priority.PASS]


def test_a_failed_proof_leaves_its_units_and_payments_for_the_listing() -> None:
    """CR 601.2f-h: at a stop the pass-only proof can't prove (alice can cast Murder at a bear), the listing of the
    options reads the mana units and the payments the proof found (casting.STOP_LOOK) rather than finding them again,
    and lists what it lists without them."""
    from systems.casting import STOP_LOOK, StopLook, cast_actions

    game = _bob_upkeep(["Dark Nourishment", "Murder"], ["Swamp"] * 3).game
    bear = _put_onto_battlefield(game, "Grizzly Bears", 1)
    murder = game.zones[0][1][1]
    options = priority.stop_options(game, 0, False)
    assert options == priority.priority_options(game, 0) != [priority.PASS]  # (the second without the look)
    assert CastSpell(murder, (bear,)) in options
    assert STOP_LOOK.units == mana_sources(game, 0) and STOP_LOOK.paid[murder] is True
    assert STOP_LOOK.target_card == murder and STOP_LOOK.found == [bear]  # its one slot's candidates (601.2c)
    # what the listing reads: a payment recorded as impossible leaves the card out, and the slot's candidates kept are
    # the targets offered (only a stale look could differ)
    wrong = StopLook()
    wrong.units, wrong.paid = list(STOP_LOOK.units), {**STOP_LOOK.paid, murder: False}
    assert not any(a.card == murder for a in cast_actions(game, 0, None, wrong))
    wrong.paid, wrong.target_card, wrong.found = dict(STOP_LOOK.paid), murder, [bear, 7]
    assert [a.targets for a in cast_actions(game, 0, None, wrong) if a.card == murder] == [(bear,), (7,)]
    assert [a.targets for a in cast_actions(game, 0, None, None) if a.card == murder] == [(bear,)]

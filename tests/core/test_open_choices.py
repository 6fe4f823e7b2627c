"""Choices that are sets or counts, asked one element at a time (CR 601.2b, 601.2f-h, 602.2b, 730.1): crew's
creatures (702.122a), the cards spliced (702.47a-b), delve's (702.66a) and escape's (702.138a) exiled cards, squad
(702.157a) and replicate (702.56a) counts. Each position here has a legal play that the old caps (32 crew sets, 2
spliced cards, 4 delve sets per number, 32 escape sets, 4 squad / replicate payments) made unreachable."""

from __future__ import annotations

from board import build, card, creature, name, names, one, resolve_stack

from components.objects import Zone
from ecs.actions import ActivateAbility, Announce, Cancel, CastSpell, DecisionKind, Pick
from ecs.game import Game
from ecs.scenario import state_fingerprint
from systems.announcing import WHOLE_LIMIT

MAIN = {"number": 3, "active": "alice", "step": "precombat_main"}
WAGON = card("Test Wagon", "Artifact — Vehicle", "Crew 3", "{3}", power="6", toughness="6")
PAGES = [creature(f"Test Page {i}", 1, 1) for i in range(40)]


def _picks(game: Game) -> list[object]:
    return [o.value for o in game.pending.options if isinstance(o, Pick)]


def _choose(game: Game, field: str, value: object, seen: list[int]) -> None:
    """Answer ``value`` for ``field``, through the page that holds it when the list is paged; ``seen`` collects
    the size of every decision met."""
    seen.append(len(game.pending.options))
    if Pick(field, value) not in game.pending.options:
        pages = [o for o in game.pending.options if isinstance(o, Pick) and o.field == "page"]
        for page in pages:
            clone = game.clone()
            clone.apply(page)
            if Pick(field, value) in clone.pending.options:
                game.apply(page)
                seen.append(len(game.pending.options))
                break
    game.apply(Pick(field, value))


def _wagon_position() -> tuple[Game, dict[str, int]]:
    battlefield = [{"card": "Test Wagon", "id": "wagon"}] + [{"card": f"Test Page {i}", "id": f"p{i}"}
                                                            for i in range(40)]
    sc = build([{"name": "alice", "battlefield": battlefield}, {"name": "bob"}], cards=[WAGON, *PAGES], turn=MAIN)
    return sc.game, sc.ids


def _crew_head(game: Game, wagon: int) -> Announce:
    (head,) = [o for o in game.legal_actions() if isinstance(o, Announce) and o.card == wagon]
    return head


def test_702_122a_any_set_of_forty_creatures_may_crew_chosen_one_at_a_time_in_pages():
    """Crew 3 with forty 1/1s of different names: C(40, 3) = 9,880 minimal sets alone, far beyond the old 32. The
    set of the last three creatures (a minimal set the old list never reached) and a set of four (not minimal,
    never offered before) are both chosen step by step; no decision offers more than 33 options (forty creatures
    come in two pages of at most 32, plus cancel)."""
    game, ids = _wagon_position()
    wagon = ids["wagon"]
    seen: list[int] = []
    game.apply(_crew_head(game, wagon))
    assert game.pending.kind == DecisionKind.COST_CHOICE
    # A creature is offered only if two more can follow it: the first 38 in the order asked, in two pages.
    assert game.pending.options == (Pick("page", 0), Pick("page", 1), Cancel())
    _choose(game, "tapped", ids["p20"], seen)
    assert None not in _picks(game)  # power 1 of 3: not done yet
    _choose(game, "tapped", ids["p37"], seen)
    assert _picks(game) == [ids["p38"], ids["p39"]]  # one more is needed (power 2 of 3), not done yet
    _choose(game, "tapped", ids["p38"], seen)
    assert _picks(game) == [ids["p39"], None]  # power 3: "done" or one more
    _choose(game, "tapped", ids["p39"], seen)
    assert game.pending.kind == DecisionKind.PRIORITY and len(game.stack) == 1  # nothing more to choose
    assert all(game.table.get(ids[f"p{i}"], "tapped") for i in (20, 37, 38, 39))
    assert sum(bool(game.table.get(ids[f"p{i}"], "tapped")) for i in range(40)) == 4
    assert max(seen) <= 33


def test_702_122a_a_set_whole_actions_does_not_list_is_still_applied_whole():
    """``whole_actions`` lists at most WHOLE_LIMIT sets of one open choice (2^40 sets can crew here); ``apply``
    takes any legal set, answering its small decisions, and refuses a set without enough power."""
    game, ids = _wagon_position()
    wagon = ids["wagon"]
    crews = [o for o in game.whole_actions() if isinstance(o, ActivateAbility) and o.source == wagon]
    assert len(crews) == WHOLE_LIMIT
    last = tuple(ids[f"p{i}"] for i in (37, 38, 39))
    index = crews[0].index
    assert ActivateAbility(wagon, index, tapped=last) not in crews
    weak = game.clone()
    try:
        weak.apply(ActivateAbility(wagon, index, tapped=last[:2]))  # power 2 < 3
    except ValueError:
        pass
    else:
        raise AssertionError("crewing 3 with power 2 was accepted")
    game.apply(ActivateAbility(wagon, index, tapped=last[::-1]))  # a set: named in any order
    assert len(game.stack) == 1 and all(game.table.get(c, "tapped") for c in last)
    # The announcement, the second page, p37; then p38 is the only creature that still leaves one after it to
    # reach power 3 and p39 the only one left: both forced, as is "done".
    assert len(game.history) == 3


def _truck_position() -> Game:
    return build([{"name": "alice", "battlefield": ["Goliath Truck", "Grizzly Bears", "Test Squire", "Test Squire",
                                                    "Test Brute"]}, {"name": "bob"}],
                 cards=[creature("Test Squire", 1, 1), creature("Test Brute", 3, 3)], turn=MAIN).game


def _reachable(game: Game, path: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    """Every play reached by answering the announcing decisions in every way (on clones): the answers that led to it
    (pages left out) and what it logged. Two paths to one play would count twice against the number the rules give."""
    out: list[tuple[object, ...]] = []
    for option in game.legal_actions():
        if isinstance(option, Cancel):
            continue
        clone = game.clone()
        log = len(clone.log)
        clone.apply(option)
        step = path if isinstance(option, Pick) and option.field == "page" else (*path, option)
        if clone.announcing is None:
            out.append((*step, *clone.log[log:]))
        else:
            out += _reachable(clone, step)
    return out


def test_702_122a_730_1_every_creature_offered_completes_and_every_set_is_reached_once():
    """Goliath Truck, Crew 2, with Grizzly Bears (2), two Test Squires (1) and Test Brute (3): 10 sets of power 2
    or more (the bear with any of the rest: 3 squire counts x brute or not = 6; the brute with 0-2 squires = 3; both
    squires = 1). Walking every answer reaches each exactly once and never a dead end."""
    game = _truck_position()
    truck = one(game, "Goliath Truck")
    clone = game.clone()
    clone.apply(_crew_head(clone, truck))
    reached = _reachable(clone)
    assert len(reached) == len(set(reached)) == 10
    plays = [o for o in game.whole_actions() if isinstance(o, ActivateAbility) and o.source == truck]
    assert len(plays) == 10  # whole_actions lists them all (fewer than WHOLE_LIMIT)


def test_730_1_cancel_after_choosing_creatures_rewinds_the_whole_action():
    game = _truck_position()
    truck = one(game, "Goliath Truck")
    before, start = state_fingerprint(game), game.pending
    game.apply(_crew_head(game, truck))
    first = _picks(game)[0]
    game.apply(Pick("tapped", first))
    assert game.pending.kind == DecisionKind.COST_CHOICE
    game.apply(Cancel())
    assert game.pending == start and state_fingerprint(game) == before
    assert not any(game.table.get(e, "tapped") for e in game.battlefield())


def _arcane(card_name: str, cost: str, text: str) -> dict[str, object]:
    return {"name": card_name, "manaCost": cost, "type": "Instant — Arcane", "types": ["Instant"],
            "subtypes": ["Arcane"], "supertypes": [], "text": text}


SPLICE_CARDS = [
    _arcane("Test Arcane Bolt", "{R}", "Test Arcane Bolt deals 1 damage to any target."),
    _arcane("Test Vital Surge", "{1}{G}", "You gain 3 life.\nSplice onto Arcane {1}{G}"),
    _arcane("Test Dampen", "{1}{U}", "Target player mills four cards.\nSplice onto Arcane {1}{U}"),
    _arcane("Test Insight", "{1}{U}", "Draw a card.\nSplice onto Arcane {U}"),
]


def test_702_47a_702_47b_three_cards_spliced_in_the_order_chosen():
    """Three splice cards onto one Arcane spell (the old list stopped at two): {R} + {1}{G} + {1}{U} + {U}, six
    lands. The cards are asked one at a time in the order of their effects, each at most once (702.47b), then the
    targets of the spell and of the added text (702.47d)."""
    sc = build([{"name": "alice", "hand": ["Test Arcane Bolt", "Test Vital Surge", "Test Dampen", "Test Insight"],
                 "battlefield": ["Mountain", "Forest", "Forest", "Island", "Island", "Island"],
                 "library": ["Island"] * 5},
                {"name": "bob", "library": ["Island"] * 8}], cards=SPLICE_CARDS, turn=MAIN)
    game = sc.game
    hand = {name(game, c): c for c in game.zones[0][Zone.HAND]}
    bob = game.players[1]
    assert any(len(o.spliced) == 3 for o in game.whole_actions() if isinstance(o, CastSpell))
    (head,) = [o for o in game.legal_actions() if isinstance(o, Announce) and o.card == hand["Test Arcane Bolt"]]
    game.apply(head)
    assert Pick("cost", "splice") in game.pending.options
    game.apply(Pick("cost", "splice"))
    assert game.pending.kind == DecisionKind.SPLICE
    assert set(_picks(game)) == {hand["Test Vital Surge"], hand["Test Dampen"], hand["Test Insight"]}
    for c in ("Test Insight", "Test Dampen"):
        game.apply(Pick("spliced", hand[c]))
    assert _picks(game) == [hand["Test Vital Surge"], None]  # the last card, or these two
    game.apply(Pick("spliced", hand["Test Vital Surge"]))
    game.apply(Pick("targets", game.players[0]))  # the bolt's target: alice herself
    while game.pending.kind == DecisionKind.TARGET:  # the mill's player: bob
        game.apply(Pick("targets", bob))
    assert len(game.stack) == 1
    assert sorted(names(game, 0, Zone.HAND)) == ["Test Dampen", "Test Insight", "Test Vital Surge"]  # revealed
    resolve_stack(game)
    assert game.player_states[0].life == 20 - 1 + 3 and game.player_states[1].life == 20
    assert len(game.zones[1][Zone.LIBRARY]) == 4 and len(game.zones[0][Zone.HAND]) == 4  # milled four; drew one


DELVER = {"name": "Test Deep Delver", "manaCost": "{6}{U}", "type": "Sorcery", "types": ["Sorcery"], "subtypes": [],
          "supertypes": [], "text": "Delve\nDraw two cards."}
NINE = ["Grizzly Bears", "Hill Giant", "Forest", "Island", "Mountain", "Plains", "Swamp", "Shock", "Lightning Bolt"]


def test_702_66a_delve_exiles_the_five_cards_chosen_of_nine():
    """{6}{U} with two Islands: 5 or 6 cards must be exiled (each pays {1}, 702.66a; {U} can't be delved). Of nine
    cards with different names, any five: C(9, 5) = 126 sets, where the old list offered 4. A card is offered only
    if enough cards follow it to reach five: the first five of the nine at the first step."""
    sc = build([{"name": "alice", "hand": ["Test Deep Delver"], "graveyard": NINE,
                 "battlefield": ["Island", "Island"], "library": ["Island"] * 5},
                {"name": "bob", "library": ["Island"] * 5}], cards=[DELVER], turn=MAIN)
    game = sc.game
    grave = list(game.zones[0][Zone.GRAVEYARD])
    (head,) = [o for o in game.legal_actions() if isinstance(o, Announce)]
    game.apply(head)
    assert game.pending.kind == DecisionKind.COST_CHOICE and _picks(game) == grave[:5]
    chosen = [grave[i] for i in (0, 2, 4, 5, 6)]  # Grizzly Bears, Forest, Mountain, Plains, Swamp
    for c in chosen:
        assert None not in _picks(game)  # fewer than five: {1} would be left unpaid
        game.apply(Pick("exile", c))
    assert _picks(game) == [grave[7], grave[8], None]  # five: done, or a sixth (of those after Swamp)
    game.apply(Pick("exile", None))
    assert sorted(names(game, 0, Zone.EXILE)) == sorted(NINE[i] for i in (0, 2, 4, 5, 6))
    assert sorted(names(game, 0, Zone.GRAVEYARD)) == sorted(NINE[i] for i in (1, 3, 7, 8))


ESCAPEE = {"name": "Test Escapee", "manaCost": "{3}{B}", "type": "Sorcery", "types": ["Sorcery"], "subtypes": [],
           "supertypes": [], "text": "Draw two cards.\nEscape—{B}, Exile three other cards from your graveyard."}


def test_702_138a_escape_exiles_the_three_other_cards_chosen():
    """Escape with nine other cards of different names: C(9, 3) = 84 sets (the old list offered 32); the sixth,
    eighth and ninth are chosen. Exactly three: "done" is never asked, and a card is offered only if enough follow
    it."""
    sc = build([{"name": "alice", "graveyard": ["Test Escapee", *NINE], "battlefield": ["Swamp"],
                 "library": ["Island"] * 5},
                {"name": "bob", "library": ["Island"] * 5}], cards=[ESCAPEE], turn=MAIN)
    game = sc.game
    others = [c for c in game.zones[0][Zone.GRAVEYARD] if name(game, c) != "Test Escapee"]
    (head,) = [o for o in game.legal_actions() if isinstance(o, Announce)]
    game.apply(head)
    assert _picks(game) == others[:7]  # two more must follow the first
    game.apply(Pick("exile", others[5]))
    assert _picks(game) == others[6:8]  # the ninth would leave none after it
    game.apply(Pick("exile", others[7]))  # then the ninth is the only card left: taken without asking
    assert len(game.stack) == 1
    assert sorted(names(game, 0, Zone.EXILE)) == sorted(NINE[i] for i in (5, 7, 8))


def test_702_157a_squad_is_offered_as_many_times_as_can_be_paid():
    """Squad {1} on a {1}{W} creature with seven Plains: paid 0 to 5 times (2 + 5 = 7); the old list stopped at 4."""
    squadron = creature("Test Squadron", 2, 2, "Squad {1}", cost="{1}{W}")
    sc = build([{"name": "alice", "hand": ["Test Squadron"], "battlefield": ["Plains"] * 7},
                {"name": "bob"}], cards=[squadron], turn=MAIN)
    costs = {o.cost for o in sc.game.whole_actions() if isinstance(o, CastSpell)}
    assert costs == {"", *(f"squad*{n}" for n in range(1, 6))}


def test_702_56a_replicate_is_offered_as_many_times_as_can_be_paid():
    """Replicate {1} on an {R} instant with six Mountains: paid 0 to 5 times (1 + 5 = 6); the old list stopped at
    4."""
    replica = {"name": "Test Replica", "manaCost": "{R}", "type": "Instant", "types": ["Instant"], "subtypes": [],
               "supertypes": [], "text": "Replicate {1}\nTest Replica deals 1 damage to any target."}
    sc = build([{"name": "alice", "hand": ["Test Replica"], "battlefield": ["Mountain"] * 6},
                {"name": "bob"}], cards=[replica], turn=MAIN)
    costs = {o.cost for o in sc.game.whole_actions() if isinstance(o, CastSpell)}
    assert costs == {"", *(f"replicate*{n}" for n in range(1, 6))}


def test_601_2_no_decision_ever_offers_an_open_field_with_or_without_small_decisions():
    """The template of an open choice never reaches a player: announced in steps (the default), or listed whole
    (``small_decisions`` off, the option lists of format-1 saves). Random games of the Rakdos graveyard mirror,
    whose Phoenix of Ash escapes (702.138a: exiling three other cards, an open choice)."""
    from content.decks import load_deck
    from ecs import RandomAgent, new_game
    from ecs.agents.base import decide
    from systems.announcing import open_field

    deck = load_deck("rakdos_graveyard")[1]
    escapes = 0
    for small in (True, False):
        for seed in (4, 5):
            game = new_game([deck, deck], seed=seed, small_decisions=small, log=False)
            agents = [RandomAgent(seed * 2 + 1), RandomAgent(seed * 2 + 2)]
            while game.pending is not None:
                assert not any(open_field(o) for o in game.pending.options)
                if game.pending.kind == DecisionKind.PRIORITY:
                    plays = game.whole_actions()
                    assert not any(open_field(o) for o in plays)
                    escapes += sum(isinstance(o, CastSpell) and o.cost == "escape" for o in plays)
                game.apply(decide(game, agents[game.pending.player]))
    assert escapes > 0  # the games met the open choice


def test_118_3_602_2b_three_of_forty_graveyard_cards_are_asked_one_at_a_time():
    """"{B}, Exile three cards from your graveyard": C(40, 3) = 9,880 sets of forty different cards, listed whole at
    every priority stop before; now asked one card at a time (in pages), and the last three may be chosen."""
    sage = {"name": "Test Grave Sage", "manaCost": "{B}", "type": "Creature — Human", "power": "1", "toughness": "1",
            "text": "{B}, Exile three cards from your graveyard: Each opponent loses 1 life."}
    sc = build([{"name": "alice", "battlefield": [{"card": "Test Grave Sage", "id": "sage"}, "Swamp"],
                 "graveyard": [f"Test Page {i}" for i in range(40)], "library": ["Swamp"] * 3},
                {"name": "bob", "library": ["Swamp"] * 3}], cards=[sage, *PAGES], turn=MAIN)
    game = sc.game
    grave = list(game.zones[0][Zone.GRAVEYARD])
    plays = [o for o in game.whole_actions() if isinstance(o, ActivateAbility)]
    assert len(plays) == WHOLE_LIMIT
    (head,) = [o for o in game.legal_actions() if isinstance(o, Announce) and o.card == sc.ids["sage"]]
    game.apply(head)
    assert game.pending.options == (Pick("page", 0), Pick("page", 1), Cancel())  # 38 first cards: two pages
    seen: list[int] = []
    _choose(game, "exiled", grave[37], seen)  # then grave[38] and grave[39] are the only way to three: forced
    assert max(seen) <= 33 and len(game.stack) == 1
    assert sorted(names(game, 0, Zone.EXILE)) == sorted(f"Test Page {i}" for i in (37, 38, 39))


SMALL_DELVER = {"name": "Test Small Delver", "manaCost": "{2}{U}", "type": "Sorcery", "text": "Delve\nDraw a card."}
SURGE_RITUAL = {"name": "Test Surge Ritual", "manaCost": "{1}{G}", "type": "Instant",
                "text": "You gain 3 life.\nSplice onto Arcane {1}{G}"}
QUICK_STUDY = {"name": "Test Quick Study", "manaCost": "{1}{U}", "type": "Instant",
               "text": "Draw a card.\nSplice onto Arcane {U}"}


def _walk(alice: dict[str, object], cards: list[dict[str, object]], card_name: str) -> list[tuple[str, ...]]:
    sc = build([{"name": "alice", "library": ["Island"] * 3, **alice}, {"name": "bob", "library": ["Island"] * 3}],
               cards=cards, turn=MAIN)
    game = sc.game
    (head,) = [o for o in game.legal_actions() if isinstance(o, Announce) and name(game, o.card) == card_name]
    game.apply(head)
    return _reachable(game)


def test_702_66a_702_47a_702_138a_every_path_of_a_small_position_completes_and_reaches_each_play_once():
    """Walking every answer (on clones) of the perft positions (tests/core/perft.yaml, counts derived there): delve
    one or two of three cards = 6 casts; Test Arcane Bolt alone (2 targets) or with one or both splice cards in
    either order (4 sequences x 2 targets) = 10; escape exiling two of Bears, Bears, Forest, Giant = 4 sets of
    names. No path is a dead end (``_reachable`` would fail on a decision with no answer) and none repeats."""
    delve = _walk({"hand": ["Test Small Delver"], "graveyard": ["Grizzly Bears", "Hill Giant", "Forest"],
                   "battlefield": ["Island", "Island"]}, [SMALL_DELVER], "Test Small Delver")
    assert len(delve) == len(set(delve)) == 6
    splice = _walk({"hand": ["Test Arcane Bolt", "Test Surge Ritual", "Test Quick Study"],
                    "battlefield": ["Mountain", "Forest", "Forest", "Island"]},
                   [SPLICE_CARDS[0], SURGE_RITUAL, QUICK_STUDY], "Test Arcane Bolt")
    assert len(splice) == len(set(splice)) == 10
    escaper = {"name": "Test Escaper", "manaCost": "{3}{U}", "type": "Sorcery",
               "text": "Draw two cards.\nEscape—{1}{U}, Exile two other cards from your graveyard."}
    escape = _walk({"graveyard": ["Test Escaper", "Grizzly Bears", "Grizzly Bears", "Forest", "Hill Giant"],
                    "battlefield": ["Island", "Island"]}, [escaper], "Test Escaper")
    assert len(escape) == len(set(escape)) == 4


def test_702_138a_an_escape_cost_with_a_permanent_and_cards_is_one_choice_asked_in_steps():
    """"Escape—{G}, Exile a land you control, Exile two other cards from your graveyard": the land first (Forest
    or Plains), then two of Island, Island, Swamp (as names: two Islands, or an Island and the Swamp): 2 x 2 = 4
    plays, each reached once; the first step offers only the lands (a graveyard card first could never be followed
    by the land)."""
    hatchling = {"name": "Test Hatchling", "manaCost": "{4}{G}{U}", "type": "Creature — Beast", "power": "6",
                 "toughness": "6", "text": "Escape—{G}, Exile a land you control, Exile two other cards from your "
                                           "graveyard."}
    alice = {"graveyard": ["Test Hatchling", "Island", "Island", "Swamp"], "battlefield": ["Forest", "Plains"]}
    sc = build([{"name": "alice", "library": ["Island"] * 3, **alice}, {"name": "bob", "library": ["Island"] * 3}],
               cards=[hatchling], turn=MAIN)
    game = sc.game
    (head,) = [o for o in game.legal_actions() if isinstance(o, Announce)]
    game.apply(head)
    assert sorted(name(game, c) for c in _picks(game)) == ["Forest", "Plains"]
    reached = _reachable(game)
    assert len(reached) == len(set(reached)) == 4


def test_702_157a_702_56a_a_free_squad_or_replicate_cost_is_refused_not_capped():
    """Paid "any number of times" for free, the count would have no bound: such a line is not read (the card is
    refused with the line quoted) rather than offered up to some number."""
    from components.characteristics import CardType
    from content.oracle import compile_lines

    for text, types in (("Squad {0}", CardType.CREATURE), ("Replicate {0}", CardType.INSTANT)):
        (line,) = compile_lines("Test Free", text, types)
        assert not line.ok
    for text, types in (("Squad {2}", CardType.CREATURE), ("Replicate {1}{U}", CardType.INSTANT)):
        (line,) = compile_lines("Test Paid", text, types)
        assert line.ok, line.error

"""Casting and activating as a sequence of small decisions (CR 601.2, 602.2), cancel (730.1), mana abilities at
priority (605.3a), and the caps that are gone (X, long target lists)."""

from __future__ import annotations

from board import build, creature, name

from components.objects import Zone
from ecs import CastSpell, DecisionKind, PassPriority, new_game
from ecs.actions import ActivateMana, Announce, Cancel, Pick
from ecs.game import Game
from ecs.scenario import state_fingerprint

CRITIQUE = "Traumatic Critique"  # {X}{U}{R}: X damage to any target, draw two, then discard one


def _shock_position(**kw):
    return build([
        {"name": "alice", "hand": ["Shock", "Forest", "Ragefire"], "library": ["Island"] * 3,
         "battlefield": ["Mountain", "Mountain", {"card": "Grizzly Bears", "id": "bear"}]},
        {"name": "bob", "hand": ["Lightning Bolt"], "library": ["Island"] * 3,
         "battlefield": ["Mountain", {"card": "Hill Giant", "id": "giant"}]},
    ], **kw)


def _announce(game: Game, card_name: str) -> Announce:
    (head,) = [o for o in game.legal_actions() if isinstance(o, Announce) and name(game, o.card) == card_name]
    return head


def _reachable(game: Game) -> set:
    """Every whole play reached by answering the announcing decisions in every way (depth-first, on clones)."""
    out = set()
    for option in game.legal_actions():
        if isinstance(option, Cancel):
            continue
        clone = game.clone()
        log = len(clone.log)
        clone.apply(option)
        if clone.announcing is None:
            out.add(tuple(clone.log[log:]))  # the play was carried out: what it did identifies it
        else:
            out |= _reachable(clone)
    return out


def test_601_2c_each_target_is_its_own_small_decision():
    """CR 601.2a then 601.2c: Shock is announced, then its target is chosen among the four legal ones."""
    sc = _shock_position()
    game = sc.game
    game.apply(_announce(game, "Shock"))
    pending = game.pending
    assert pending.kind == DecisionKind.TARGET and pending.player == 0
    targets = {o.value for o in pending.options if isinstance(o, Pick)}
    assert targets == {game.players[0], game.players[1], sc.ids["bear"], sc.ids["giant"]}
    assert Cancel() in pending.options
    game.apply(Pick("targets", game.players[1]))
    assert game.pending.kind == DecisionKind.PRIORITY and len(game.stack) == 1
    assert game.log[-1].endswith("casts Shock targeting bob")


def test_730_1_cancel_returns_to_the_moment_before_the_announcement():
    """CR 730.1: an action started but not completed is reversed entirely; nothing was paid."""
    sc = _shock_position()
    game = sc.game
    before, start = state_fingerprint(game), game.pending
    game.apply(_announce(game, "Shock"))
    game.apply(Cancel())
    assert game.pending == start
    assert state_fingerprint(game) == before
    assert game.whole_actions() == _shock_position().game.whole_actions()


def test_601_2_every_started_announcement_completes_and_reaches_every_whole_play():
    """Each answer offered leads to at least one legal play (no dead end), and every whole play is reached."""
    sc = _shock_position()
    game = sc.game
    for head in [o for o in game.legal_actions() if isinstance(o, Announce)]:
        clone = game.clone()
        plays = [p for p in clone.whole_actions() if isinstance(p, CastSpell) and p.card == head.card]
        clone.apply(head)
        assert len(_reachable(clone)) == len(plays) > 1


def test_601_2_a_whole_play_applies_as_its_small_decisions():
    """Game.apply takes a whole play too: it answers the decisions that lead to it, each kept in the history."""
    sc = _shock_position()
    game = sc.game
    (play,) = [p for p in game.whole_actions() if isinstance(p, CastSpell) and p.targets == (sc.ids["giant"],)
               and name(game, p.card) == "Shock"]
    game.apply(play)
    assert len(game.history) == 2  # the announcement and the target
    assert game.log[-1].endswith("casts Shock targeting Hill Giant")


def test_107_3_601_2b_x_is_not_capped_and_long_lists_come_in_pages():
    """CR 107.3, 601.2b: X may be any value the player can pay: with 40 lands beside {U}{R}, X = 40 is legal. The
    41 values come in two pages, so no decision offers more than 33 options."""
    sc = build([{"name": "alice", "hand": [CRITIQUE], "library": ["Island"] * 3,
                 "battlefield": ["Island", "Mountain"] + ["Forest"] * 40},
                {"name": "bob", "library": ["Island"] * 3}])
    game = sc.game
    xs = {p.x for p in game.whole_actions() if isinstance(p, CastSpell)}
    assert xs == set(range(41))
    game.apply(_announce(game, CRITIQUE))
    assert game.pending.kind == DecisionKind.X_VALUE
    assert game.pending.options == (Pick("page", 0), Pick("page", 1), Cancel())
    game.apply(Pick("page", 1))
    assert [o.value for o in game.pending.options if isinstance(o, Pick)] == list(range(32, 41))
    game.apply(Pick("x", 40))
    game.apply(Pick("targets", game.players[1]))
    assert game.pending.kind == DecisionKind.PRIORITY and len(game.stack) == 1
    assert untapped_forests(game) == 0


def untapped_forests(game: Game) -> int:
    return sum(1 for e in game.battlefield() if name(game, e) == "Forest" and not game.table.get(e, "tapped"))


def test_605_3a_mana_abilities_at_priority_only_with_the_option():
    """CR 605.3a: with the game option on, each untapped mana source may be tapped while holding priority; the mana
    goes to the pool (106.4). Off (the simulation default), no such option is offered."""
    off = _shock_position().game
    assert not [o for o in off.whole_actions() if isinstance(o, ActivateMana)]
    sc = _shock_position(mana_at_priority=True)
    game = sc.game
    taps = [o for o in game.legal_actions() if isinstance(o, ActivateMana)]
    assert len(taps) == 2 and {o.mana for o in taps} == {"R"}  # alice's two Mountains
    game.apply(taps[0])
    assert game.player_states[0].mana_pool[3] == 1  # {R}
    assert game.table.get(taps[0].source, "tapped")
    assert game.pending.kind == DecisionKind.PRIORITY and game.pending.player == 0  # 117.3c: she keeps priority


def test_605_3a_a_mana_ability_of_any_color_asks_the_color_in_a_small_decision():
    """Birds of Paradise: "{T}: Add one mana of any color" (106.1a: the color is chosen as it resolves)."""
    sc = build([{"name": "alice", "battlefield": ["Birds of Paradise"], "library": ["Island"] * 3},
                {"name": "bob", "library": ["Island"] * 3}], mana_at_priority=True)
    game = sc.game
    (head,) = [o for o in game.legal_actions() if isinstance(o, Announce)]
    game.apply(head)
    assert game.pending.kind == DecisionKind.MANA_COLOR
    assert [o.value for o in game.pending.options if isinstance(o, Pick)] == list("WUBRG")
    game.apply(Pick("mana", "B"))
    assert game.player_states[0].mana_pool == [0, 0, 1, 0, 0, 0]


def test_601_2_simulation_games_use_small_decisions_and_replay_from_their_save():
    """A game of the built-in decks with small decisions plays to the end and its save replays it exactly."""
    from content.decks import load_deck
    from ecs import RandomAgent, play_out

    decks = [load_deck("red_green_aggro")[1], load_deck("white_blue_skies")[1]]
    game = new_game(decks, seed=5)
    assert game.small_decisions and not game.mana_at_priority
    play_out(game, [RandomAgent(1), RandomAgent(2)])
    data = game.to_json()
    assert data["format"] == "mtg-ecs/3"
    again = Game.from_json(data)
    assert again.log == game.log and again.result == game.result


def test_saves_of_games_with_whole_plays_replay():
    """A game played with ``small_decisions`` off (whole plays at priority) records it in its origin and replays."""
    from content.decks import load_deck
    from ecs import RandomAgent, play_out

    decks = [load_deck("red_green_aggro")[1], load_deck("white_blue_skies")[1]]
    game = new_game(decks, seed=6, small_decisions=False)
    play_out(game, [RandomAgent(1), RandomAgent(2)])
    data = game.to_json()
    assert data["origin"]["small_decisions"] is False
    again = Game.from_json(data)
    assert again.log == game.log


def test_601_2c_a_target_list_longer_than_a_page_is_narrowed_first():
    """With 40 creatures to choose from, Shock's target decision offers pages, not 42 targets at once."""
    bears = [creature(f"Test Bear {i}", 2, 2) for i in range(40)]
    sc = build([{"name": "alice", "hand": ["Shock"], "battlefield": ["Mountain"] + [c["name"] for c in bears],
                 "library": ["Island"] * 3},
                {"name": "bob", "library": ["Island"] * 3}], cards=bears)
    game = sc.game
    game.apply(_announce(game, "Shock"))
    assert len(game.pending.options) == 3  # two pages of targets (42 of them), and cancel
    game.apply(Pick("page", 1))
    last = [o for o in game.pending.options if isinstance(o, Pick)][-1]
    game.apply(last)
    assert len(game.stack) == 1 and game.zones[0][Zone.HAND] == []
    assert game.pending.kind == DecisionKind.PRIORITY
    game.apply(PassPriority())


def _naming_game():
    from content.card_pool import builtin_pool
    from content.decks import load_deck

    decks = [load_deck("red_green_aggro")[1], load_deck("white_blue_skies")[1]]
    return new_game(decks, 3, conspiracies=[[builtin_pool().get("Immediate Action")], []])


def test_201_4_naming_a_card_is_asked_in_pages_of_at_most_32():
    """CR 201.4, 702.106a: naming a card offers every name of the pool (hundreds): the decision is shown as parts
    of at most 32 names, then the names of the part chosen (with cancel back to the parts)."""
    from ecs.actions import NameCard

    game = _naming_game()
    assert game.pending.kind == DecisionKind.NAME_CARD
    names = [o for o in game.paged.decision.options]
    assert len(names) > 64 and all(isinstance(o, NameCard) for o in names)
    parts = game.legal_actions()
    assert all(isinstance(o, Pick) for o in parts) and len(parts) == -(-len(names) // 32) <= 32
    game.apply(Pick("page", 1))
    assert game.legal_actions() == names[32:64] + [Cancel()]
    game.apply(Cancel())
    assert game.legal_actions() == parts
    game.apply(Pick("page", 1))
    game.apply(names[40])
    assert game.pending.kind != DecisionKind.NAME_CARD or game.pending.player == 1
    assert game.paged is None or game.paged.decision.kind == DecisionKind.NAME_CARD


def test_201_4_any_name_may_still_be_given_whole_and_the_pages_are_kept_in_the_history():
    """apply() takes a real option of a paged decision: it answers the pages that lead to it (each in the history),
    so a save replays the same game."""
    from ecs.actions import NameCard

    game = _naming_game()
    wanted = NameCard("Hill Giant")
    assert wanted in game.whole_actions()
    before = len(game.history)
    game.apply(wanted)
    assert len(game.history) == before + 2  # the part, then the name
    assert Game.from_json(game.to_json()).history == game.history


def test_104_3a_730_1_a_player_who_concedes_while_announcing_leaves_no_announcement_behind():
    """Found by the fuzz: bob conceded while choosing a target; the next player's priority action was then taken as
    an answer to his stale announcement. Conceding rewinds the announcement (nothing was paid yet, 730.1)."""
    sc = build([{"name": "alice", "hand": ["Shock"], "battlefield": ["Mountain"], "library": ["Island"] * 3},
                {"name": "bob", "library": ["Island"] * 3}, {"name": "carol", "library": ["Island"] * 3}])
    game = sc.game
    game.apply(_announce(game, "Shock"))
    assert game.announcing is not None and game.pending.kind == DecisionKind.TARGET
    game.concede(0)  # alice, who is announcing, leaves the game (800.4a)
    assert game.announcing is None
    assert game.pending is not None and game.pending.player != 0
    assert all(not isinstance(o, (Pick, Cancel)) for o in game.pending.options)
    game.apply(PassPriority())  # a priority action again, not an answer to the old announcement


def test_104_3a_730_1_another_player_conceding_rewinds_an_announcement_in_progress():
    sc = build([{"name": "alice", "hand": ["Shock"], "battlefield": ["Mountain"], "library": ["Island"] * 3},
                {"name": "bob", "library": ["Island"] * 3}, {"name": "carol", "library": ["Island"] * 3}])
    game = sc.game
    game.apply(_announce(game, "Shock"))
    game.concede(2)  # carol leaves while alice chooses Shock's target
    assert game.announcing is None
    pending = game.pending
    assert pending.kind == DecisionKind.PRIORITY and pending.player == 0
    assert any(isinstance(o, (Announce, CastSpell)) for o in pending.options)  # Shock can be announced again
    game.apply(_announce(game, "Shock"))
    targets = {o.value for o in game.pending.options if isinstance(o, Pick)}
    assert game.players[1] in targets and game.players[2] not in targets  # carol has left the game (800.4a)


def test_turning_pages_forever_ends_at_the_decision_limit():
    """Found by the fuzz (game 6587 of seed 0: a "last option" agent paged back and forth over a million times): a
    page turn is a decision in the history, and the decision limit (a resource limit, issue 15) ends the game."""
    from content.card_pool import builtin_pool
    from content.decks import load_deck

    decks = [load_deck("red_green_aggro")[1], load_deck("white_blue_skies")[1]]
    game = new_game(decks, 3, conspiracies=[[builtin_pool().get("Immediate Action")], []],
                    limits={"max_decisions": 40})
    assert game.paged is not None
    for _ in range(100):
        if game.pending is None:
            break
        game.apply(Pick("page", 1) if Pick("page", 1) in game.pending.options else Cancel())
    assert game.is_over and game.result.winner is None
    assert game.result.reason == "decision limit of 40 reached" and len(game.history) == 40

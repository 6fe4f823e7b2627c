"""The decision API: enumerated legal actions, refusal of illegal ones, auto-pass, clone, determinism."""

from __future__ import annotations

import pytest
from board import build, cast, cast_options, name, pass_priority

from components.objects import Zone
from content.decks import load_deck
from ecs import (
    CastSpell,
    DecisionKind,
    DeclareAttacker,
    FinishAttackers,
    IllegalActionError,
    Keep,
    MtgError,
    PassPriority,
    PlayLand,
    RandomAgent,
    new_game,
    play_out,
)
from ecs.scenario import state_fingerprint


def _decks():
    return [load_deck("red_green_aggro")[1], load_deck("white_blue_skies")[1]]


def _state():
    return build([
        {"name": "alice", "hand": ["Shock", "Forest", "Ragefire"], "library": ["Island"] * 3,
         "battlefield": ["Mountain", "Mountain", {"card": "Grizzly Bears", "id": "bear"}]},
        {"name": "bob", "hand": ["Lightning Bolt"], "library": ["Island"] * 3,
         "battlefield": ["Mountain", {"card": "Hill Giant", "id": "giant"}]},
    ])


def test_730_1_illegal_action_error_is_a_value_error():
    assert issubclass(IllegalActionError, ValueError)
    assert issubclass(IllegalActionError, MtgError)


@pytest.mark.parametrize("make_action", [
    lambda g, sc: Keep(),  # wrong kind of decision
    lambda g, sc: FinishAttackers(),
    lambda g, sc: DeclareAttacker(sc.ids["bear"], g.players[1]),  # not in the attackers step
    lambda g, sc: PlayLand(sc.ids["bear"]),  # not a card in hand
    lambda g, sc: CastSpell(g.zones[1][Zone.HAND][0], (g.players[0],)),  # bob's card, alice's decision
    lambda g, sc: CastSpell(next(e for e in g.zones[0][Zone.HAND] if name(g, e) == "Shock"), ()),  # no target
    lambda g, sc: CastSpell(next(e for e in g.zones[0][Zone.HAND] if name(g, e) == "Ragefire"),
                            (g.players[1],)),  # Ragefire can only target a creature
    lambda g, sc: CastSpell(next(e for e in g.zones[0][Zone.HAND] if name(g, e) == "Shock"),
                            (sc.ids["bear"], sc.ids["giant"])),  # too many targets
])
def test_730_1_illegal_action_raises_and_game_is_unchanged(make_action):
    """CR 730.1: an illegal action is reversed entirely; here it is refused before anything changes."""
    sc = _state()
    game = sc.game
    action = make_action(game, sc)
    assert action not in game.legal_actions()
    before = state_fingerprint(game)
    log_before = list(game.log)
    with pytest.raises(IllegalActionError):
        game.apply(action)
    assert state_fingerprint(game) == before
    assert game.log == log_before


def test_117_1_730_1_action_not_offered_to_the_priority_holder_is_refused():
    """CR 117.1: only the player with priority acts; alice can't play a land with her spell on the stack."""
    sc = _state()
    game = sc.game
    assert game.pending.player == 0
    cast(game, "Shock", [game.players[1]])
    # it is still alice's priority; an action only bob may take now (a land for bob) doesn't exist
    assert all(not isinstance(o, PlayLand) for o in game.legal_actions())
    before = state_fingerprint(game)
    with pytest.raises(IllegalActionError):
        game.apply(PlayLand(next(e for e in game.zones[0][Zone.HAND] if name(game, e) == "Forest")))
    assert state_fingerprint(game) == before


def test_104_1_apply_on_finished_game_raises():
    """CR 104.1: once the game has ended, no one takes actions."""
    sc = build([{"name": "alice"}, {"name": "bob", "life": 0}])
    game = sc.game
    assert game.is_over
    before = state_fingerprint(game)
    with pytest.raises(IllegalActionError):
        game.apply(PassPriority())
    assert state_fingerprint(game) == before


def test_117_1_legal_actions_are_the_pending_options_and_each_one_applies():
    """CR 117.1, 305.1, 601.2a: pass, the land play and each spell to announce are the options; 601.2c: each
    announcement leads to the spell with each legal target (the whole plays)."""
    sc = _state()
    game = sc.game
    options = game.legal_actions()
    assert options == list(game.pending.options)
    assert len(options) == len(set(options))  # no duplicates
    labels = sorted(game.action_to_string(o) for o in options)
    assert labels == sorted(["pass", "play Forest", "cast Shock ...", "cast Ragefire ..."])
    whole = sorted(game.action_to_string(o) for o in game.whole_actions())
    assert whole == sorted([
        "pass", "play Forest",
        "cast Shock -> alice", "cast Shock -> bob", "cast Shock -> Grizzly Bears", "cast Shock -> Hill Giant",
        "cast Ragefire -> Grizzly Bears", "cast Ragefire -> Hill Giant",
    ])
    for option in options + game.whole_actions():
        clone = game.clone()
        clone.apply(option)  # every offered option is legal
    assert state_fingerprint(game) == state_fingerprint(sc.game)


def test_117_1_legal_actions_returns_a_copy():
    """Engine contract (README): the caller may mutate the list without changing the decision (CR 117.1)."""
    sc = _state()
    game = sc.game
    options = game.legal_actions()
    options.clear()
    assert game.legal_actions()


def test_729_1_auto_pass_skips_priority_decisions_with_only_pass():
    """CR 729.1 shortcut: with auto_pass on, no one is asked a priority question whose only answer is pass."""
    game = new_game(_decks(), seed=3, auto_pass=True)
    agents = [RandomAgent(1), RandomAgent(2)]
    asked = 0
    while not game.is_over:
        pending = game.pending
        if pending.kind == DecisionKind.PRIORITY:
            assert len(pending.options) > 1
        asked += 1
        game.apply(agents[pending.player].choose(game, pending.options))
    assert asked > 0


def test_117_3d_without_auto_pass_lone_pass_is_asked():
    """CR 117.3d: each pass is a choice; then the next player in turn order receives priority."""
    sc = build([{"name": "alice"}, {"name": "bob"}])
    assert sc.game.legal_actions() == [PassPriority()]
    pass_priority(sc.game)
    assert sc.game.pending.player == 1 and sc.game.legal_actions() == [PassPriority()]


def test_clone_is_deep_and_independent():
    """Engine contract (README, no CR rule): a clone shares no state; CR 120.3a/704.5g outcomes differ."""
    sc = _state()
    game = sc.game
    before = state_fingerprint(game)
    clone = game.clone()
    assert state_fingerprint(clone) == before
    # different actions on each
    cast(clone, "Shock", [clone.players[1]])
    pass_priority(clone, 2)
    assert clone.player_states[1].life == 18
    assert state_fingerprint(game) == before
    assert game.player_states[1].life == 20 and game.stack == []
    cast(game, "Ragefire", [sc.ids["bear"]])
    pass_priority(game, 2)
    assert sc.ids["bear"] not in game.battlefield()
    assert sc.ids["bear"] in clone.battlefield()  # the clone's bear is untouched
    assert clone.player_states[1].life == 18 and game.player_states[1].life == 20
    assert [name(clone, e) for e in clone.zones[0][Zone.GRAVEYARD]] == ["Shock"]
    assert [name(game, e) for e in game.zones[0][Zone.GRAVEYARD]] == ["Ragefire", "Grizzly Bears"]


def test_clone_continues_identically_when_given_the_same_actions():
    """Engine contract (README): a clone is the same game state, including the shuffler (CR 103.3, 701.20)."""
    game = new_game(_decks(), seed=8)
    for _ in range(30):
        game.apply(game.legal_actions()[-1])
    clone = game.clone()
    a1, a2 = RandomAgent(5), RandomAgent(5)
    b1, b2 = RandomAgent(6), RandomAgent(6)
    play_out(game, [a1, b1])
    play_out(clone, [a2, b2])
    assert game.log == clone.log and game.result == clone.result


def test_clone_does_not_share_the_random_generator():
    """Engine contract: the clone copies the generator state (future shuffles, CR 701.20) but not the object."""
    game = new_game(_decks(), seed=8)
    clone = game.clone()
    x = game.rng.integers(1 << 30)
    y = clone.rng.integers(1 << 30)
    assert x == y  # same state ...
    assert game.rng.integers(1 << 30) == clone.rng.integers(1 << 30)  # ... advanced separately


def test_same_seed_gives_byte_identical_log():
    """Engine contract (README): same seed, same bytes; all randomness (CR 103.1, 103.3) comes from the seed."""
    logs = []
    for _ in range(2):
        game = new_game(_decks(), seed=1234)
        result = play_out(game, [RandomAgent(7), RandomAgent(8)])
        logs.append(("\n".join(game.log) + f"\n{result}").encode())
    assert logs[0] == logs[1]


def test_different_seeds_give_different_games():
    """CR 103.3: decks are shuffled into a random order, so other seeds give other games."""
    logs = set()
    for seed in range(3):
        game = new_game(_decks(), seed=seed)
        play_out(game, [RandomAgent(seed), RandomAgent(seed + 50)])
        logs.add("\n".join(game.log))
    assert len(logs) == 3


def test_601_2a_c_cast_option_names_a_card_in_hand_with_its_targets():
    sc = _state()
    game = sc.game
    for o in cast_options(game, "Shock"):
        assert o.card in game.zones[0][Zone.HAND]
        assert len(o.targets) == 1

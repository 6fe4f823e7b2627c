"""Copies of a Game (issue 11.4): ``clone()``, ``copy.deepcopy`` and ``pickle`` give independent games.

A copy that shared the original's esper world (what the generic deepcopy did) would let actions on
the copy change the original, and collecting the copy would delete the world under the original.
"""

from __future__ import annotations

import copy
import dataclasses
import gc
import pickle

import pytest

from components.objects import CardObject, InZone, PlayerState, Zone
from content.decks import load_deck
from ecs import RandomAgent, new_game
from ecs.game import CACHES
from ecs.scenario import state_fingerprint


def _game(seed: int):
    decks = [load_deck("red_green_aggro")[1], load_deck("white_blue_skies")[1]]
    # without automatic passes every priority stop is a decision: long enough for 200 actions on a copy
    return new_game(decks, seed, log=False, max_turns=200, auto_pass=False)


def _play(game, agent: RandomAgent, actions: int) -> int:
    done = 0
    while game.pending is not None and done < actions:
        game.apply(agent.choose(game, game.legal_actions()))
        done += 1
    return done


COPIES = {
    "clone": lambda g: g.clone(),
    "deepcopy": copy.deepcopy,
    "pickle": lambda g: pickle.loads(pickle.dumps(g)),
}


@pytest.mark.parametrize("how", sorted(COPIES))
def test_copy_played_200_actions_leaves_the_original_unchanged(how):
    original, twin = _game(11), _game(11)
    _play(original, RandomAgent(5), 40)
    _play(twin, RandomAgent(5), 40)
    assert state_fingerprint(original) == state_fingerprint(twin)
    before, options = state_fingerprint(original), original.legal_actions()

    copied = COPIES[how](original)
    assert state_fingerprint(copied) == before  # a faithful copy ...
    played = _play(copied, RandomAgent(99), 200)  # ... that goes its own way
    assert played == 200
    assert state_fingerprint(copied) != before
    del copied
    gc.collect()  # collecting the copy must not delete anything the original uses

    assert state_fingerprint(original) == before
    assert original.legal_actions() == options
    # the original plays on exactly as its untouched twin does (same decisions, same result)
    a, b = RandomAgent(7), RandomAgent(7)
    while original.pending is not None:
        _play(original, a, 1)
        _play(twin, b, 1)
        assert state_fingerprint(original) == state_fingerprint(twin)
    assert twin.pending is None and original.result == twin.result


def test_unpickled_copy_plays_the_same_game_as_the_original():
    game = _game(4)
    _play(game, RandomAgent(1), 30)
    copied = pickle.loads(pickle.dumps(game))
    a, b = RandomAgent(2), RandomAgent(2)
    while game.pending is not None:
        _play(game, a, 1)
        _play(copied, b, 1)
    assert copied.result == game.result and copied.history == game.history
    assert state_fingerprint(copied) == state_fingerprint(game)


def test_shallow_copy_of_a_game_world_is_refused():
    game = _game(1)
    with pytest.raises(TypeError, match="clone"):
        copy.copy(game.world)


def _attributes(game) -> dict:
    """Every attribute of the game by name. (Compiled by mypyc, a Game is a native class without ``__dict__``: its
    class names its attributes.)"""
    names = vars(type(game)).get("__mypyc_attrs__")
    return dict(vars(game)) if names is None else {name: getattr(game, name) for name in names}


def _snapshot(game) -> bytes:
    """Every attribute and every component of the game (a pickle is a full walk of its state); of the random
    generator, its position (a copy's generator continues the same stream but has no seed sequence to spawn from)."""
    # Caches (ecs.game.CACHES) are not state: a copy starts them empty. Attributes in name order.
    state = {k: v for k, v in sorted(_attributes(game).items()) if k != "rng" and k not in CACHES}
    return pickle.dumps((state, game.rng.bit_generator.state))


@pytest.mark.parametrize("how", sorted(COPIES))
def test_copy_and_original_diverge_independently_for_200_actions_each(how):
    original = _game(21)
    _play(original, RandomAgent(3), 30)
    copied = COPIES[how](original)
    copy_before, original_before = _snapshot(copied), _snapshot(original)
    assert state_fingerprint(copied) == state_fingerprint(original)
    if how != "pickle":  # (unpickling does not keep which equal strings were one object)
        assert copy_before == original_before  # the same state, attribute for attribute
    # the original moves first: the copy is unchanged ...
    assert _play(original, RandomAgent(41), 200) == 200
    assert _snapshot(copied) == copy_before
    # ... then the copy moves: the original stays where its own 200 actions left it
    original_after = _snapshot(original)
    assert _play(copied, RandomAgent(42), 200) == 200
    assert _snapshot(original) == original_after
    assert _snapshot(copied) != copy_before


@pytest.mark.parametrize("how", sorted(COPIES))
def test_objects_shared_within_a_game_stay_shared_within_its_copy(how):
    game = _game(5)
    _play(game, RandomAgent(1), 20)
    shared = [1, 2]
    game.mechanic_state["first"] = shared
    # (a second attribute holding it: a record kept by two systems; an existing one that holds any dict, as a compiled
    # Game takes no new attribute, and one copied, not shared as ecs.game.SHARED are)
    assert game.enter_choices is None
    game.enter_choices = {"inner": shared}
    copied = COPIES[how](game)
    # one object reached from two attributes is one object in the copy, not two (and not the original's)
    assert copied.enter_choices is not None
    assert copied.mechanic_state["first"] is copied.enter_choices["inner"]
    assert copied.mechanic_state["first"] is not shared
    copied.mechanic_state["first"].append(3)
    assert copied.enter_choices["inner"] == [1, 2, 3] and shared == [1, 2]
    # a player's state is a component of the world and an attribute of the game: one object in the copy
    for player, entity in enumerate(copied.players):
        assert copied.player_states[player] is copied.world.get(entity, PlayerState)
        assert copied.player_states[player] is not game.player_states[player]
    copied.player_states[0].life -= 7
    assert copied.world.get(copied.players[0], PlayerState).life == game.player_states[0].life - 7


@pytest.mark.parametrize("how", sorted(COPIES))
def test_copies_share_card_definitions_and_copy_components(how):
    game = _game(8)
    _play(game, RandomAgent(2), 20)
    copied = COPIES[how](game)  # (an unpickled game takes the built-in cards from the pool, by name)
    for zones, copied_zones in zip(game.zones, copied.zones, strict=True):
        for ent in zones[Zone.LIBRARY]:
            # card definitions are immutable: shared; so are the object records, which can't be changed in place (a
            # change of face or zone replaces them), so a change to the copy's object leaves the original's alone
            assert copied.card(ent) is game.card(ent)
            with pytest.raises(dataclasses.FrozenInstanceError):
                copied.world.get(ent, CardObject).owner = 1 - copied.world.get(ent, CardObject).owner  # type: ignore[misc]
            with pytest.raises(dataclasses.FrozenInstanceError):
                copied.world.get(ent, InZone).zone = Zone.EXILE  # type: ignore[misc]
        assert copied_zones[Zone.LIBRARY] == zones[Zone.LIBRARY]
        assert copied_zones[Zone.LIBRARY] is not zones[Zone.LIBRARY]
        first, other = zones[Zone.LIBRARY][0], game.card(zones[Zone.HAND][0])
        was = game.card(first)
        copied.set_card(first, other, None)
        assert copied.card(first) is other and game.card(first) is was


def test_copies_share_unchanged_component_dicts_and_copy_one_before_either_world_changes_it():
    """Copy on write in ecs/world.py: a library card's component dict is shared by a game and its clone until one
    of them changes that object; the change (a new face, a component added or removed, a bulk zone change) is seen
    by that game only, in either direction."""
    game = _game(8)
    _play(game, RandomAgent(2), 20)
    copied = game.clone()
    library = game.zones[0][Zone.LIBRARY]
    first, second, third = library[0], library[1], library[2]
    assert copied.world.components_of(first) is game.world.components_of(first)  # shared, not copied
    other = game.card(game.zones[0][Zone.HAND][0])
    was = game.card(first)
    game.set_card(first, other, None)  # the original changes a shared object
    assert game.card(first) is other and copied.card(first) is was
    copied.set_card(second, other, None)  # and the copy changes another one
    assert copied.card(second) is other and game.card(second) is not other
    copied.world.remove(third, InZone)
    assert copied.world.try_get(third, InZone) is None and game.world.get(third, InZone).zone == Zone.LIBRARY
    # a clone of the clone shares with both; changing it leaves both alone
    again = copied.clone()
    again.set_card(first, other, None)
    assert again.card(first) is other and copied.card(first) is was and game.card(first) is other
    players = [e for e in game.player_of_entity]
    assert copied.world.get(players[0], PlayerState) is not game.world.get(players[0], PlayerState)


def test_clone_continues_the_random_generator_where_the_original_is():
    game = _game(9)
    copied = game.clone()
    # the same stream at the same position: a copy draws what the original would (shuffles, random discards)
    assert copied.rng.integers(1 << 62, size=8).tolist() == game.rng.integers(1 << 62, size=8).tolist()
    copied.rng.integers(10, size=3)  # and it is a separate generator: drawing from one does not move the other
    assert copied.rng.integers(1 << 62) != game.rng.integers(1 << 62)


@pytest.mark.parametrize("how", sorted(COPIES))
def test_copy_of_a_copy_is_independent_of_both(how):
    game = _game(13)
    _play(game, RandomAgent(4), 25)
    first = COPIES[how](game)
    second = COPIES[how](first)
    assert state_fingerprint(second) == state_fingerprint(game)
    game_before, first_before = _snapshot(game), _snapshot(first)
    assert _play(second, RandomAgent(6), 150) == 150
    assert _snapshot(game) == game_before and _snapshot(first) == first_before
    # the first copy still plays exactly as the original does
    a, b = RandomAgent(7), RandomAgent(7)
    while game.pending is not None:
        _play(game, a, 1)
        _play(first, b, 1)
    assert first.history == game.history and first.result == game.result


# Pairings whose games hold continuous effects, Auras, counters, face-down and encoded cards (what a copy shares
# or copies in its own way), besides the creature decks above.
PAIRINGS = [("azorius_control", "mono_black_control"), ("gruul_monsters", "orzhov_extort"),
            ("golgari_infect", "izzet_spells"), ("rakdos_morph", "dimir_cipher"), ("boros_sagas", "white_weenie"),
            ("rakdos_graveyard", "mono_green_stompy")]


@pytest.mark.parametrize("how", ["clone", "deepcopy"])
@pytest.mark.parametrize("pairing", PAIRINGS, ids="-".join)
def test_copy_taken_mid_game_plays_the_same_game_as_the_original(pairing, how):
    """A copy is the same game: given the same decisions, the copy and the original play on to the same history,
    result and final state (what a search agent relies on when it plays a copy out instead of the game)."""
    game = new_game([load_deck(name)[1] for name in pairing], 7, log=False, max_turns=60)
    _play(game, RandomAgent(1), 60)
    copied = COPIES[how](game)
    a, b = RandomAgent(2), RandomAgent(2)
    while game.pending is not None:
        _play(game, a, 1)
        _play(copied, b, 1)
    assert copied.pending is None
    assert copied.result == game.result and copied.history == game.history
    assert state_fingerprint(copied) == state_fingerprint(game)

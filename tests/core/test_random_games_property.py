"""Property: whole random games keep the engine's bookkeeping consistent after every single action.

Invariants (CR 400.1: every object is in exactly one zone; 704.5: counters and damage are never
negative; 104: every game ends with a result), checked between all decisions of random games.
"""

from __future__ import annotations

from collections import Counter as Multiset

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from components.characteristics import CardType
from components.objects import AbilityOnStack, CardObject, Counter, InZone, PlayerState, Zone
from content.card_pool import builtin_pool
from content.decks import load_deck
from ecs import RandomAgent, new_game

DECKS = {name: load_deck(name)[1] for name in ("red_green_aggro", "white_blue_skies")}
MAX_DECISIONS = 20_000


def _zone_entities(game) -> list[tuple[int, Zone, int]]:
    """(entity, zone, zone's player) for every object the game's zone structures hold."""
    out: list[tuple[int, Zone, int]] = []
    for player, zones in enumerate(game.zones):
        for zone, cards in zones.items():
            out.extend((e, zone, player) for e in cards)
    t = game.table
    out.extend((int(e), Zone.BATTLEFIELD, -1) for e in t.entity[: t.n].tolist())
    out.extend((e, Zone.STACK, -1) for e in game.stack)
    return out


def check_invariants(game, deck_sizes: list[int]) -> None:
    world = game.world
    located = _zone_entities(game)
    ents = [e for e, _, _ in located]
    # each object is in exactly one zone (no duplicates across or within zones)
    assert len(ents) == len(set(ents)), Multiset(ents).most_common(3)
    # ... and the zone structures agree with each object's InZone component
    for ent, zone, player in located:
        assert world.exists(ent), ent
        co = world.try_get(ent, CardObject)
        if co is None:
            # only the stack holds objects that are not cards: activated abilities (CR 113.3b, 405.1)
            assert zone == Zone.STACK and world.has(ent, AbilityOnStack), (ent, zone)
            continue
        where = world.get(ent, InZone)
        assert where.zone == zone, (ent, where, zone)
        if zone in (Zone.LIBRARY, Zone.HAND, Zone.GRAVEYARD):
            assert player == co.owner, "CR 400.3: cards are in their owner's library, hand, graveyard"
            assert where.player == player
    # every card object in the world is somewhere (no orphans)
    all_cards = {e for e, _ in world.query(CardObject)}
    assert all_cards == {e for e in ents if world.has(e, CardObject)}
    # card count per owner is conserved (tokens and copies aside); a token off the battlefield has ceased
    # to exist by the time anyone decides anything (CR 704.5d), and so has a copy outside stack/battlefield
    objs = {e: world.get(e, CardObject) for e in all_cards}
    owners = Multiset(co.owner for co in objs.values() if not co.is_token and not getattr(co, "is_copy", False))
    assert [owners[p] for p in range(game.num_players)] == deck_sizes
    # State-based actions are not checked while a spell or ability resolves (CR 704.3), so a decision
    # taken mid-resolution may see a token or copy that has not yet ceased to exist; and once the game
    # is over (104.1) nothing more happens to the ones the last check put into graveyards.
    mid_resolution = game.resolution is not None or game.is_over
    for ent, zone, _ in located:
        co = objs.get(ent)
        if mid_resolution:
            continue
        if co is not None and co.is_token:
            assert zone == Zone.BATTLEFIELD, (ent, zone)
        if co is not None and getattr(co, "is_copy", False):
            assert zone in (Zone.BATTLEFIELD, Zone.STACK), (ent, zone)
    # the permanent table: packed rows, row_of consistent with the entity column
    t = game.table
    assert 0 <= t.n <= t.capacity
    assert len(t.row_of) == t.n
    for ent, row in t.row_of.items():
        assert 0 <= row < t.n and int(t.entity[row]) == ent
    assert set(t.entity[: t.n].tolist()) == set(t.row_of)
    # nothing negative: damage, counters, poison, mana
    n = t.n
    for column in ("damage", "plus1", "minus1", "loyalty"):
        assert (getattr(t, column)[:n] >= 0).all(), column
    for (obj, kind), cent in game.counters.items():
        c = world.get(cent, Counter)
        assert c.count > 0 and c.obj == obj and c.kind == kind
        assert obj in t.row_of, "counters exist only on permanents here"
    for state in game.player_states:
        assert world.get(game.players[state.index], PlayerState) is state
        assert type(state.life) is int, type(state.life)
        assert type(state.poison) is int and state.poison >= 0
        assert all(type(m) is int and m >= 0 for m in state.mana_pool)
    # a pending decision always has something to choose
    if game.pending is not None:
        assert len(game.pending.options) >= 1
        assert not game.player_states[game.pending.player].lost


@settings(max_examples=25, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**31 - 1), swap=st.booleans(),
       auto_pass=st.booleans())
def test_400_1_704_random_games_keep_invariants_after_every_action(seed, swap, auto_pass):
    names = ["red_green_aggro", "white_blue_skies"]
    if swap:
        names.reverse()
    decks = [DECKS[n] for n in names]
    game = new_game(decks, seed, auto_pass=auto_pass, max_turns=40, log=False)
    sizes = [len(d) for d in decks]
    agents = [RandomAgent(seed ^ 0x5EED), RandomAgent(seed + 1)]
    check_invariants(game, sizes)
    for _ in range(MAX_DECISIONS):
        if game.pending is None:
            break
        options = game.whole_actions()
        game.apply(agents[game.pending.player].choose(game, options))
        check_invariants(game, sizes)
    # CR 104: the game is over with a result, and nobody is asked anything any more
    assert game.is_over and game.result is not None and game.pending is None
    r = game.result
    assert r.winner in (None, 0, 1)
    if r.winner is None:
        assert r.reason
    else:
        assert not game.player_states[r.winner].lost
        assert game.player_states[1 - r.winner].lost
    assert 1 <= r.turns <= 40


BASICS = ("Plains", "Island", "Swamp", "Mountain", "Forest")


def _random_pool_decks(seed: int, size: int = 40, lands: int = 16):
    """Two random decks from the whole built-in pool (every keyword and spell template gets played)."""
    import numpy as np

    pool = builtin_pool()
    # Conspiracies and vanguards start in the command zone and can't be in a deck (CR 315.3, 313.2).
    spells = sorted(n for n in pool.cards if n not in BASICS
                    and not pool.get(n).type_line.types & (CardType.CONSPIRACY | CardType.VANGUARD))
    rng = np.random.default_rng(seed)
    decks = []
    for _ in range(2):
        deck = [pool.get(BASICS[i % 5]) for i in range(lands)]
        deck += [pool.get(spells[i]) for i in rng.integers(len(spells), size=size - lands)]
        decks.append(deck)
    return decks


@settings(max_examples=15, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**31 - 1))
def test_400_1_704_random_pool_decks_keep_invariants_after_every_action(seed):
    decks = _random_pool_decks(seed)
    game = new_game(decks, seed, max_turns=40, log=False)
    sizes = [len(d) for d in decks]
    agents = [RandomAgent(seed + 7), RandomAgent(seed + 8)]
    check_invariants(game, sizes)
    for _ in range(MAX_DECISIONS):
        if game.pending is None:
            break
        game.apply(agents[game.pending.player].choose(game, game.whole_actions()))
        check_invariants(game, sizes)
    assert game.is_over and game.result is not None and game.pending is None

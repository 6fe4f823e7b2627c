"""An observation holds only what its player may know (CR 400.2, 401.5, 708.5): changing what a player may
not know leaves that player's observation byte-identical, and changing what they may know changes it."""

from __future__ import annotations

import numpy as np
import pytest
from rl_support import board, creature, identical, random_decisions

from components.objects import CardObject, Zone
from content.card_pool import builtin_pool
from ecs.actions import CastSpell
from ecs.game import Game
from ecs.rl.observation import OF, ObservationEncoder
from ecs.rl.vocabulary import card_id

ENCODER = ObservationEncoder()


def _swap_identity(game: Game, a: int, b: int) -> None:
    ca, cb = game.world.get(a, CardObject), game.world.get(b, CardObject)
    game.set_card(a, cb.card, ca.printed)
    game.set_card(b, ca.card, cb.printed)


def _hide_differently(game: Game, viewer: int, rng: np.random.Generator) -> Game:
    """A copy where everything ``viewer`` may not know is changed: every library is reordered (CR 401.2) and
    each other player's hand holds different cards (swapped with cards of their library, CR 402.3)."""
    other = game.clone()
    for p in range(other.num_players):
        library = other.zones[p][Zone.LIBRARY]
        library[:] = [library[i] for i in rng.permutation(len(library))]
        if p != viewer:
            for h, c in zip(other.zones[p][Zone.HAND], library, strict=False):
                _swap_identity(other, h, c)
    return other


def test_400_2_hidden_zones_change_no_byte_of_the_viewers_observation_over_a_random_game():
    rng = np.random.default_rng(5)
    checked = changed_hand = 0
    for game in random_decisions(seed=3, games=2):
        for viewer in range(game.num_players):
            before = ENCODER.encode(game, viewer)
            other = _hide_differently(game, viewer, rng)
            assert identical(before, ENCODER.encode(other, viewer)), (game.turn, game.step, viewer)
            checked += 1
            opp = 1 - viewer
            changed_hand += any(other.card(h) is not game.card(h) for h in game.zones[opp][Zone.HAND])
    assert checked > 100 and changed_hand > 50  # the perturbation really changed hidden cards


def test_402_3_the_viewers_own_hand_is_seen_card_by_card():
    game = next(g for g in random_decisions(seed=1) if len(g.zones[0][Zone.HAND]) >= 2)
    hand = game.zones[0][Zone.HAND]
    a, b = hand[0], next((c for c in hand if game.card(c).name != game.card(hand[0]).name), None)
    assert b is not None
    before = ENCODER.encode(game, 0)
    other = game.clone()
    _swap_identity(other, a, b)
    after = ENCODER.encode(other, 0)
    assert before["objects"][0, OF["card_id"]] == card_id(game.card(a).name)
    assert after["objects"][0, OF["card_id"]] == card_id(game.card(b).name)
    # ... while the opponent, who sees only the hand's size, sees no difference
    assert identical(ENCODER.encode(game, 1), ENCODER.encode(other, 1))


TOP = creature("Test Oracle", "{3}{G}", (2, 2), "Play with the top card of your library revealed.", "Elf")


def test_401_5_a_revealed_top_card_is_seen_by_everyone_and_only_the_top_card():
    sc = board([{"name": "alice", "battlefield": ["Test Oracle"], "library": ["Island", "Forest", "Mountain"]},
                {"name": "bob", "library": ["Plains"] * 3}], [TOP])
    game = sc.game
    for viewer in (0, 1):
        obs = ENCODER.encode(game, viewer)
        seen = ENCODER.regions[ENCODER.region_index["seen"]]
        rows = obs["objects"][seen.start: seen.start + seen.size]
        assert obs["object_mask"][seen.start] == 1 and obs["object_mask"][seen.start + 1] == 0
        assert rows[0, OF["card_id"]] == card_id("Island")
        assert rows[0, OF["zone"]] == 6 and rows[0, OF["position"]] == 0  # library, on top
        assert rows[0, OF["owner"]] == (0 if viewer == 0 else 1)
    # the cards below the top stay hidden: reordering them changes nothing
    other = game.clone()
    lib = other.zones[0][Zone.LIBRARY]
    lib[1], lib[2] = lib[2], lib[1]
    for viewer in (0, 1):
        assert identical(ENCODER.encode(game, viewer), ENCODER.encode(other, viewer))
    # ... but a different top card is seen
    lib[0], lib[1] = lib[1], lib[0]
    assert not identical(ENCODER.encode(game, 1), ENCODER.encode(other, 1))


RIPPER = creature("Test Ripper", "{B}{B}{B}", (1, 1), "Deathtouch\nMegamorph {1}{B}", "Assassin")


def _face_down_game() -> Game:
    sc = board([{"name": "alice", "hand": ["Test Ripper"], "battlefield": ["Swamp"] * 5},
                {"name": "bob"}], [RIPPER])
    game = sc.game
    game.apply(next(o for o in game.whole_actions() if isinstance(o, CastSpell) and o.cost == "morph"))
    return game


def _face_down_slot(obs):
    return next(i for i in range(ENCODER.num_objects) if obs["object_mask"][i] and obs["objects"][i, OF["face_down"]])


@pytest.mark.parametrize("resolve", [False, True], ids=["spell", "permanent"])
def test_708_5_a_face_down_object_is_known_to_its_controller_only(resolve):
    game = _face_down_game()
    if resolve:
        from ecs.actions import PassPriority

        game.apply(PassPriority())
        game.apply(PassPriority())
        fd = next(e for e in game.battlefield() if game.card(e).layout == "face_down")
    else:
        fd = game.stack[-1]
    theirs = ENCODER.encode(game, 1)
    mine = ENCODER.encode(game, 0)
    slot = _face_down_slot(theirs)
    assert theirs["objects"][slot, OF["card_id"]] == 0 and theirs["objects"][slot, OF["known"]] == 0
    assert mine["objects"][_face_down_slot(mine), OF["card_id"]] == card_id("Test Ripper")
    # 708.2a: to everyone it is a 2/2 with no colour and no mana cost
    assert (theirs["objects"][slot, OF["power"]], theirs["objects"][slot, OF["toughness"]]) == (2, 2)
    assert theirs["objects"][slot, OF["black"]] == 0 and theirs["objects"][slot, OF["mana_value"]] == 0
    # another card face down in its place looks the same to bob
    other = game.clone()
    other.set_card(fd, other.world.get(fd, CardObject).card, builtin_pool().get("Grizzly Bears"))
    assert identical(theirs, ENCODER.encode(other, 1))
    assert not identical(mine, ENCODER.encode(other, 0))

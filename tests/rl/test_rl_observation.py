"""The observation encoder: layout, pointers, truncation, card ids and the option limit (docs/observation.md)."""

from __future__ import annotations

import copy
import dataclasses
import hashlib
import re
import types
import typing
import unicodedata
from pathlib import Path

import numpy as np
import pytest
from rl_support import board, random_decisions

from content.card_pool import builtin_pool
from content.decks import load_deck
from ecs.actions import DecisionKind, DeclareAttacker
from ecs.build import compiled
from ecs.rl.observation import (
    ACTION_TYPES,
    OBJECT_FEATURES,
    OF,
    PF,
    PLAYER_FEATURES,
    ObservationEncoder,
    ObservationSizes,
    TooManyOptionsError,
    _annotation,
    _field_how,
)
from ecs.rl.vocabulary import card_id, collisions
from ecs.setup import new_game

DOCS = Path(__file__).resolve().parents[2] / "docs" / "observation.md"
ENCODER = ObservationEncoder()


def test_card_ids_are_the_documented_hash_of_the_normalised_name():
    name = "Lim-Dûl's  Vault"
    plain = "".join(c for c in unicodedata.normalize("NFKD", name) if not unicodedata.combining(c))
    key = " ".join(plain.casefold().split())
    assert key == "lim-dul's vault"
    expected = 1 + int.from_bytes(hashlib.blake2b(key.encode(), digest_size=8).digest(), "little") % (2**31 - 1)
    assert card_id(name) == card_id("lim-dul's vault") == expected
    assert 1 <= card_id("Forest", 8) < 256
    with pytest.raises(ValueError, match="between 1 and 31"):
        card_id("Forest", 32)


def test_card_ids_of_the_built_in_pool_do_not_collide():
    names = list(builtin_pool().cards)
    assert len(names) > 500 and collisions(names) == []


def test_every_array_and_column_is_documented():
    text = DOCS.read_text(encoding="utf-8")
    documented = set(re.findall(r"`([a-z0-9_]+)`", text))
    missing = [name for name in (*ENCODER.shapes(), *OBJECT_FEATURES, *PLAYER_FEATURES, *ENCODER.option_columns)
               if name not in documented and not name.startswith("ref_") and not name.startswith("mana_")]
    assert missing == []
    assert "`mana_W`" in text and "`ref_0`" in text


def test_shapes_follow_the_sizes():
    enc = ObservationEncoder(ObservationSizes(players=3, hand=5, battlefield=7, stack=2, graveyard=3, exile=1,
                                              seen=2, options=9, option_refs=2))
    shapes = {k: s for k, (s, _) in enc.shapes().items()}
    m = 5 + 3 * 7 + 2 + 3 * 3 + 3 * 1 + 2
    assert shapes["objects"] == (m, len(OBJECT_FEATURES)) and shapes["object_mask"] == (m,)
    assert shapes["options"] == (9, 13) and shapes["action_mask"] == (9,) and shapes["players"] == (3, 23)
    assert shapes["dropped"] == (1 + 3 + 1 + 3 + 3 + 1,)


def _pointer_ok(obs, p, m, players):
    return p == -1 or (0 <= p < m and obs["object_mask"][p] == 1) or m <= p < m + players


def test_pointers_and_masks_are_consistent_over_random_games():
    m = ENCODER.num_objects
    checked = 0
    for game in random_decisions(decks=("golgari_infect", "boros_blitz"), seed=11, games=2):
        viewer = game.current_player
        obs = ENCODER.encode(game, viewer)
        n = len(game.pending.options)
        assert obs["action_mask"].sum() == n and obs["action_mask"][:n].all()
        assert obs["globals"][-1] == n and obs["globals"][-2] == 1
        assert obs["players"][0, PF["life"]] == game.player_states[viewer].life  # row 0 is the viewer
        assert obs["players"][1, PF["life"]] == game.player_states[1 - viewer].life
        for col in ("attached_to", "combat_ref"):
            assert all(_pointer_ok(obs, int(p), m, 2) for p in obs["objects"][:, OF[col]])
        cols = [ENCODER.AF["source"], *(ENCODER.AF[f"ref_{k}"] for k in range(4))]
        assert all(_pointer_ok(obs, int(p), m, 2) for p in obs["options"][:n][:, cols].ravel())
        assert not obs["options"][n:].any()
        # the other player sees no options at all
        other = ENCODER.encode(game, 1 - viewer)
        assert not other["options"].any() and not other["action_mask"].any() and other["globals"][-2] == 0
        checked += 1
    assert checked > 100


def test_508_1a_an_attack_option_points_at_the_creature_and_the_defending_player():
    sc = board([{"name": "alice", "battlefield": [{"card": "Grizzly Bears", "id": "bear"}]},
                {"name": "bob", "battlefield": ["Forest"]}],
               turn={"number": 3, "active": "alice", "step": "declare_attackers"})
    game = sc.game
    assert game.pending.kind == DecisionKind.ATTACKERS
    obs = ENCODER.encode(game, 0)
    i = next(i for i, o in enumerate(game.pending.options) if isinstance(o, DeclareAttacker))
    row = obs["options"][i]
    bf0 = ENCODER.regions[ENCODER.region_index["battlefield_0"]].start
    assert row[ENCODER.AF["source"]] == bf0  # alice's only permanent: her first battlefield slot
    assert obs["objects"][bf0, OF["card_id"]] == card_id("Grizzly Bears")
    assert row[ENCODER.AF["ref_0"]] == ENCODER.num_objects + 1  # bob: seat 1 of alice's view
    assert row[ENCODER.AF["source_mana_value"]] == 2
    game.apply(game.pending.options[i])
    obs = ENCODER.encode(game, 1)  # bob's view: the bear attacks him (seat 0 of his view)
    bf1 = ENCODER.regions[ENCODER.region_index["battlefield_1"]].start
    assert obs["objects"][bf1, OF["attacking"]] == 1
    assert obs["objects"][bf1, OF["combat_ref"]] == ENCODER.num_objects + 0


def test_truncation_keeps_nonlands_first_and_counts_what_was_dropped():
    enc = ObservationEncoder(ObservationSizes(battlefield=3))
    sc = board([{"name": "alice", "battlefield": ["Forest", "Grizzly Bears", "Forest", "Forest", "Grizzly Bears"]},
                {"name": "bob"}])
    obs = enc.encode(sc.game, 0)
    start = enc.regions[enc.region_index["battlefield_0"]].start
    rows = obs["objects"][start:start + 3]
    assert [int(r[OF["creature"]]) for r in rows] == [1, 1, 0]  # both creatures, then a land
    assert obs["dropped"][enc.region_index["battlefield_0"]] == 2
    assert obs["players"][0, PF["permanents"]] == 5 and obs["players"][0, PF["lands"]] == 3


def test_a_decision_with_more_options_than_slots_is_refused_with_its_name():
    enc = ObservationEncoder(ObservationSizes(options=1))
    game = new_game([load_deck("mono_red_burn")[1], load_deck("white_weenie")[1]], 0, log=False)
    who = game.player_states[game.current_player].name
    with pytest.raises(TooManyOptionsError, match=rf"mulligan decision of {who} .* 2 options .* 1 slots"):
        enc.encode(game, game.current_player)


def test_a_game_with_more_players_than_seats_is_refused_and_three_seats_work():
    decks = [load_deck(d)[1] for d in ("mono_red_burn", "white_weenie", "mono_green_stompy")]
    game = new_game(decks, 1, log=False)
    with pytest.raises(ValueError, match="3 players but the observation has 2 seats"):
        ENCODER.encode(game, 0)
    enc = ObservationEncoder(ObservationSizes(players=3))
    obs = enc.encode(game, 2)
    assert obs["players"][:, PF["present"]].tolist() == [1, 1, 1]
    assert obs["players"][:, PF["hand_size"]].tolist() == [7, 7, 7]
    assert np.array_equal(obs["globals"][14:17], [0, 1, 0])  # the active player (player 0) is seat 1 of player 2


def test_small_decision_options_are_read_generically_by_field_type():
    """An action type the encoder has never seen (here shaped like a small decision: one choice of a spell
    being cast, CR 601.2b-c) is encoded from its fields: an entity value points, a numeric choice is a number."""
    from dataclasses import dataclass

    @dataclass(frozen=True, slots=True)
    class PickLike:
        field: str
        value: int | str | None

    sc = board([{"name": "alice", "battlefield": [{"card": "Grizzly Bears", "id": "bear"}]}, {"name": "bob"}])
    game = sc.game
    options = [PickLike("targets", sc.ids["bear"]), PickLike("x", 3), PickLike("targets", None),
               PickLike("targets", game.players[1])]
    obs = ENCODER.encode(game, game.current_player, options=options)
    af = ENCODER.AF
    bf0 = ENCODER.regions[ENCODER.region_index["battlefield_0"]].start
    rows = obs["options"]
    from ecs.rl.observation import ACTION_TYPES

    assert rows[0, af["source"]] == bf0
    assert rows[0, af["kind"]] == rows[1, af["kind"]] == len(ACTION_TYPES) + 1  # a type not in the union
    assert rows[1, af["x"]] == 3 and rows[1, af["source"]] == -1
    assert rows[2, af["source"]] == -1 and rows[2, af["label"]] == rows[0, af["label"]] != rows[1, af["label"]]
    assert rows[3, af["source"]] == ENCODER.num_objects + 1  # bob, seat 1 of alice's view
    assert obs["action_mask"].tolist()[:5] == [1, 1, 1, 1, 0]


def test_the_documented_globals_length_matches_the_decision_kinds():
    from ecs.actions import DecisionKind

    k = len(DecisionKind)
    assert ENCODER.num_globals == 1 + 13 + 3 * 2 + k + 2
    assert f"K = the number of decision kinds, {k} now: {ENCODER.num_globals} for two seats" in DOCS.read_text(
        encoding="utf-8")


@pytest.mark.skipif(compiled(), reason="compiled, the annotations as written are gone: only their classes are kept")
def test_an_action_field_is_encoded_the_same_from_its_compiled_annotation():
    # mypyc keeps a native dataclass field's class only (tuple for tuple[int, ...], object for a union): the
    # observation of the compiled build must read each field of every action as plain Python reads it.
    for cls in ACTION_TYPES:
        hints = typing.get_type_hints(cls)
        for f in dataclasses.fields(cls):
            origin = typing.get_origin(hints[f.name])
            bare = object if origin in (types.UnionType, typing.Union) else origin or hints[f.name]
            compiled_form = copy.copy(f)
            compiled_form.type = bare
            assert isinstance(f.type, str)
            assert _field_how(f.name, _annotation(compiled_form)) == _field_how(f.name, _annotation(f)), (
                f"{cls.__name__}.{f.name}")

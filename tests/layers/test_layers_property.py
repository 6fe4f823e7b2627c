"""CR 613: the same board gives the same characteristics whatever order its entities were created in,
and the bulk layer system agrees with the plain per-object evaluation (systems/layers_reference.py)."""

from __future__ import annotations

import random

from hypothesis import example, given, settings
from hypothesis import strategies as st

from components.abilities import Layer, PermanentFilter
from components.characteristics import CardType, Color
from components.keywords import Keyword
from components.objects import ContinuousEffect, Zone
from content.card_pool import card_from_json
from ecs.game import Game
from systems.counters import add_counters
from systems.layers import add_effect
from systems.layers_reference import bulk_characteristics, reference_characteristics
from systems.zones import create_card

CARDS = [
    card_from_json({"name": n, "manaCost": c, "type": t, "power": p, "toughness": q, "text": x})
    for n, c, t, p, q, x in [
        ("Prop Elf", "{G}", "Creature — Elf", "1", "1", ""),
        ("Prop Drake", "{1}{U}", "Creature — Drake", "2", "1", "Flying"),
        ("Prop Golem", "{3}", "Artifact Creature — Golem", "3", "3", ""),
        ("Prop Knight", "{W}{B}", "Creature — Knight", "2", "2", "First strike"),
        ("Prop Relic", "{2}", "Artifact", None, None, ""),
        ("Prop Shrine", "{1}{W}", "Enchantment", None, None, ""),
    ]
]
CREATURE = int(CardType.CREATURE)
FILTERS = [
    PermanentFilter(types_any=CREATURE),
    PermanentFilter(types_any=CREATURE, controller="you"),
    PermanentFilter(types_any=CREATURE, controller="opponent", exclude_source=True),
    PermanentFilter(types_any=int(CardType.ARTIFACT)),
    PermanentFilter(colors_any=int(Color.U)),
    PermanentFilter(subtypes_any=("Elf", "Frog")),
    PermanentFilter(keywords_any=int(Keyword.FLYING)),
    PermanentFilter(types_any=CREATURE, token=True),
]
OPS = [
    {"layer": Layer.CONTROL, "new_controller": 1},
    {"layer": Layer.TYPE, "types_add": CREATURE},
    {"layer": Layer.TYPE, "types_add": int(CardType.ARTIFACT)},
    {"layer": Layer.TYPE, "subtypes_add": ("Frog",), "subtypes_replace": True},
    {"layer": Layer.COLOR, "colors_set": int(Color.U)},
    {"layer": Layer.COLOR, "colors_add": int(Color.R)},
    {"layer": Layer.ABILITY, "keywords_add": int(Keyword.FLYING)},
    {"layer": Layer.ABILITY, "keywords_remove": int(Keyword.FLYING)},
    {"layer": Layer.ABILITY, "lose_all_abilities": True},
    {"layer": Layer.PT_SET, "power": 1, "toughness": 1},
    {"layer": Layer.PT_SET, "power": 4, "toughness": 2},
    {"layer": Layer.PT_MODIFY, "power": 2, "toughness": 2},
    {"layer": Layer.PT_MODIFY, "power": -1, "toughness": 0},
    {"layer": Layer.PT_SWITCH},
]

permanent = st.tuples(st.integers(0, len(CARDS) - 1), st.integers(0, 1), st.booleans(),
                      st.integers(0, 2), st.integers(0, 2))
effect = st.tuples(st.integers(0, len(OPS) - 1), st.integers(0, len(FILTERS) - 1), st.booleans(),
                   st.integers(0, 1000), st.lists(st.integers(0, 30), max_size=3))


def build(perms, effects, order):
    game = Game(["a", "b"], 0, log=False)
    ents: dict[int, int] = {}
    for i in order:
        card, ctrl, token, plus, minus = perms[i]
        ents[i] = create_card(game, CARDS[card], ctrl, Zone.BATTLEFIELD, token=token)
        add_counters(game, ents[i], "+1/+1", plus)
        add_counters(game, ents[i], "-1/-1", minus)
    for k, (op, filt, static, stamp, targets) in enumerate(effects):
        source = ents[k % len(perms)]
        ts = 10_000 + stamp * 64 + k  # distinct timestamps, independent of creation order
        fields = dict(OPS[op])
        if static:
            ce = ContinuousEffect(timestamp=ts, source=source, controller=game.table.get(source, "base_controller"),
                                  until_end_of_turn=False, from_static=True, affected=FILTERS[filt], **fields)
        else:
            fixed = tuple(sorted({ents[t % len(perms)] for t in targets})) or (source,)
            ce = ContinuousEffect(timestamp=ts, source=source, controller=0, until_end_of_turn=True,
                                  from_static=False, fixed=fixed, **fields)
        add_effect(game, ce)
    return game, ents


@settings(max_examples=60, deadline=None)
@given(st.lists(permanent, min_size=1, max_size=8), st.lists(effect, max_size=8), st.randoms(use_true_random=False))
# 613.8c: after "set blue" on the only Golem, "add red to blue permanents" no longer depends on "artifacts are blue"
# (the Golem's class has no other member), so it applies in timestamp order before it: the Golem ends blue only.
@example(perms=[(0, 0, False, 0, 0), (0, 0, False, 0, 0), (2, 0, False, 0, 0)],
         effects=[(0, 0, False, 0, []), (5, 4, True, 0, []), (4, 0, False, 0, []), (4, 3, True, 0, [])],
         rnd=random.Random(0))
def test_613_same_board_any_creation_order_and_bulk_equals_per_object(perms, effects, rnd):
    order = list(range(len(perms)))
    shuffled = order[:]
    rnd.shuffle(shuffled)
    g1, e1 = build(perms, effects, order)
    g2, e2 = build(perms, effects, shuffled)
    b1, b2 = bulk_characteristics(g1), bulk_characteristics(g2)
    # Bulk equals the per-object reference on each board.
    assert b1 == reference_characteristics(g1)
    assert b2 == reference_characteristics(g2)
    # And both boards agree object by object (CR 613.7: order comes from timestamps, not creation).
    for i in order:
        assert b1[e1[i]] == b2[e2[i]], f"permanent {i} differs between creation orders"

"""Cipher (CR 702.99): a spell exiled encoded on a creature, cast again as a copy on combat damage."""

from __future__ import annotations

from board import build, cast, names, pass_until, resolve_top, untapped_lands, zone_of

from components.designations import Encoded
from components.objects import Zone
from content.card_pool import builtin_pool
from ecs.actions import (
    CastSpell,
    Choose,
    ChooseCard,
    DecisionKind,
    DeclareAttacker,
    DeclareBlocker,
    FinishAttackers,
    FinishBlockers,
)
from systems.zones import move


def _encodings(game):
    """Exiled card -> the creature it is encoded on (702.99a: an ``Encoded`` designation on the exiled card)."""
    return {card: game.world.get(card, Encoded).on for card in sorted(game.world.holders(Encoded))}


def _encoded(bob_battlefield=(), attacker="bear"):
    """Alice casts Shadow Slice (bob loses 3) and encodes it on her Grizzly Bears."""
    sc = build([{"name": "alice", "hand": ["Shadow Slice"],
                 "battlefield": ["Swamp"] * 5 + [{"card": "Grizzly Bears", "id": "bear"},
                                                 {"card": "Hill Giant", "id": "giant"}]},
                {"name": "bob", "battlefield": list(bob_battlefield)}],
               turn={"active": "alice", "step": "precombat_main", "number": 2})
    game = sc.game
    cast(game, "Shadow Slice", (game.players[1],))
    resolve_top(game)
    assert game.pending.kind == DecisionKind.ENCODE
    game.apply(ChooseCard(sc.ids[attacker]))
    return sc, game


def _attack(game, creature, blockers=None):
    pass_until(game, DecisionKind.ATTACKERS)
    game.apply(DeclareAttacker(creature, game.players[1]))
    game.apply(FinishAttackers())
    if blockers:
        pass_until(game, DecisionKind.BLOCKERS)
        for blocker in blockers:
            game.apply(DeclareBlocker(blocker, creature))
        game.apply(FinishBlockers())


def test_702_99a_cipher_reads_as_the_spells_last_instruction():
    from components.keyword_abilities import Encode

    spell = builtin_pool().get("Shadow Slice").abilities[0]
    assert type(spell.effects[-1]) is Encode and len(spell.effects) == 2


def test_702_99a_the_controller_may_exile_it_encoded_on_a_creature_they_control():
    sc = build([{"name": "alice", "hand": ["Shadow Slice"],
                 "battlefield": ["Swamp"] * 5 + [{"card": "Grizzly Bears", "id": "bear"}]},
                {"name": "bob", "battlefield": [{"card": "Hill Giant", "id": "theirs"}]}])
    game = sc.game
    cast(game, "Shadow Slice", (game.players[1],))
    resolve_top(game)
    assert game.player_states[1].life == 17  # the instructions first
    assert set(game.whole_actions()) == {ChooseCard(sc.ids["bear"]), ChooseCard(-1)}  # only hers, or none
    game.apply(ChooseCard(sc.ids["bear"]))
    assert names(game, 0, Zone.EXILE) == ["Shadow Slice"] and names(game, 0, Zone.GRAVEYARD) == []
    assert list(_encodings(game).values()) == [sc.ids["bear"]]


def test_702_99a_not_encoded_it_goes_to_the_graveyard_608_2n():
    sc = build([{"name": "alice", "hand": ["Shadow Slice"], "battlefield": ["Swamp"] * 5 + ["Grizzly Bears"]},
                {"name": "bob"}])
    game = sc.game
    cast(game, "Shadow Slice", (game.players[1],))
    resolve_top(game)
    game.apply(ChooseCard(-1))
    assert names(game, 0, Zone.GRAVEYARD) == ["Shadow Slice"] and not _encodings(game)


def test_702_99a_combat_damage_to_a_player_lets_its_controller_cast_a_copy_for_free():
    sc, game = _encoded()
    exiled = next(iter(_encodings(game)))
    _attack(game, sc.ids["bear"])
    pass_until(game, DecisionKind.CAST)
    assert game.player_states[1].life == 17 - 2
    assert Choose(False) in game.whole_actions()  # "you may"
    lands_before = untapped_lands(game, 0)
    cast(game, "Shadow Slice", (game.players[1],), cost="cipher")
    assert untapped_lands(game, 0) == lands_before  # without paying its mana cost
    copy = game.stack[-1]
    assert game.obj(copy).is_copy and game.obj(copy).owner == 0  # 707.10, 707.12
    resolve_top(game)
    assert game.player_states[1].life == 12
    # 702.99a: the copy isn't represented by a card, so it is not encoded; 704.5e: it ceases to exist.
    assert game.pending.kind != DecisionKind.ENCODE
    assert names(game, 0, Zone.GRAVEYARD) == [] and zone_of(game, copy) is None
    assert zone_of(game, exiled) == Zone.EXILE and _encodings(game) == {exiled: sc.ids["bear"]}  # still encoded


def test_702_99a_combat_damage_to_a_creature_does_not_trigger():
    sc, game = _encoded(bob_battlefield=[{"card": "Hill Giant", "id": "blocker"}])
    _attack(game, sc.ids["bear"], blockers=[sc.ids["blocker"]])
    pass_until(game, DecisionKind.PRIORITY)
    while game.step.label != "end_of_combat":
        assert game.pending.kind == DecisionKind.PRIORITY, game.pending.kind
        game.apply(game.whole_actions()[0])
    assert game.player_states[1].life == 17


def test_702_99c_the_encoding_ends_when_the_creature_leaves_the_battlefield():
    sc, game = _encoded(attacker="bear")
    exiled = next(iter(_encodings(game)))
    move(game, sc.ids["bear"], Zone.HAND)
    _attack(game, sc.ids["giant"])
    pass_until(game, DecisionKind.PRIORITY)
    while game.step.label != "end_of_combat":
        assert game.pending.kind == DecisionKind.PRIORITY, game.pending.kind  # no CAST decision
        game.apply(game.whole_actions()[0])
    assert game.player_states[1].life == 17 - 3  # the Giant's damage only
    assert zone_of(game, exiled) == Zone.EXILE and not _encodings(game)  # the card stays exiled, not encoded


def test_601_2c_707_12_the_copy_chooses_its_own_targets():
    sc = build([{"name": "alice", "hand": ["Midnight Recovery"], "graveyard": ["Hill Giant", "Grizzly Bears"],
                 "battlefield": ["Swamp"] * 4 + [{"card": "Serra Angel", "id": "angel"}]},
                {"name": "bob"}], turn={"active": "alice", "step": "precombat_main", "number": 2})
    game = sc.game
    giant, bears = game.zones[0][Zone.GRAVEYARD]
    cast(game, "Midnight Recovery", (giant,))
    resolve_top(game)
    game.apply(ChooseCard(sc.ids["angel"]))
    assert names(game, 0, Zone.HAND) == ["Hill Giant"]
    _attack(game, sc.ids["angel"])
    pass_until(game, DecisionKind.CAST)
    assert {o.targets for o in game.whole_actions() if isinstance(o, CastSpell)} == {(bears,)}
    cast(game, "Midnight Recovery", (bears,), cost="cipher")
    resolve_top(game)
    assert sorted(names(game, 0, Zone.HAND)) == ["Grizzly Bears", "Hill Giant"]

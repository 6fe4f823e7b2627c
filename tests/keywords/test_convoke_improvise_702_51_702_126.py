"""Convoke (CR 702.51) and improvise (CR 702.126): tapping creatures or artifacts rather than paying mana."""

from __future__ import annotations

from board import build, cast, casts, names, resolve_top

from components.objects import Zone

TRINKET = {"name": "Test Trinket", "manaCost": "{1}", "type": "Artifact", "types": ["Artifact"], "text": ""}


def _stoke(battlefield, sick=False):
    bf = [c if isinstance(c, str) and c in ("Mountain", "Forest") else
          {"card": c, "id": f"c{i}", "sick": sick} for i, c in enumerate(battlefield)]
    return build([{"name": "alice", "hand": ["Stoke the Flames", "Shock"], "battlefield": bf}, {"name": "bob"}])


def _tapped(game, ent):
    return bool(game.table.get(ent, "tapped"))


def test_702_51a_creatures_pay_generic_mana():
    sc = _stoke(["Mountain", "Mountain", "Grizzly Bears", "Grizzly Bears"])
    game = sc.game
    cast(game, "Stoke the Flames", [game.players[1]])
    assert _tapped(game, sc.ids["c2"]) and _tapped(game, sc.ids["c3"])
    resolve_top(game)
    assert game.player_states[1].life == 16


def test_702_51a_a_creature_pays_coloured_mana_of_its_colour():
    sc = _stoke(["Hill Giant", "Hill Giant", "Grizzly Bears", "Grizzly Bears"])  # no lands at all
    game = sc.game
    cast(game, "Stoke the Flames", [game.players[1]])
    assert all(_tapped(game, sc.ids[f"c{i}"]) for i in range(4))


def test_702_51a_a_creature_cant_pay_coloured_mana_of_another_colour():
    game = _stoke(["Grizzly Bears"] * 4).game  # green creatures can't pay {R}{R}
    assert casts(game, "Stoke the Flames") == []


def test_702_51a_not_enough_creatures_and_mana():
    game = _stoke(["Hill Giant", "Hill Giant", "Grizzly Bears"]).game
    assert casts(game, "Stoke the Flames") == []


def test_302_6_summoning_sick_creatures_may_convoke():
    sc = _stoke(["Mountain", "Mountain", "Grizzly Bears", "Grizzly Bears"], sick=True)
    assert casts(sc.game, "Stoke the Flames")


def test_702_51a_tapped_creatures_cant_convoke_and_each_creature_pays_once():
    sc = build([{"name": "alice", "hand": ["Stoke the Flames"],
                 "battlefield": ["Mountain", "Mountain", {"card": "Grizzly Bears", "tapped": True},
                                 "Grizzly Bears"]}, {"name": "bob"}])
    assert casts(sc.game, "Stoke the Flames") == []


def test_702_51a_a_mana_creature_is_tapped_once_for_either():
    """Birds of Paradise pays {R} (its mana) or {1}/{G} (convoke), once: with two Mountains and a bear it pays."""
    sc = _stoke(["Mountain", "Mountain", "Birds of Paradise", "Grizzly Bears"])
    game = sc.game
    cast(game, "Stoke the Flames", [game.players[1]])
    assert _tapped(game, sc.ids["c2"]) and _tapped(game, sc.ids["c3"])


def test_702_51_only_the_spell_with_convoke_may_be_paid_this_way():
    game = _stoke(["Hill Giant"]).game  # Shock {R}: a red creature can't pay for it (no convoke)
    assert casts(game, "Shock") == []


def test_702_126a_improvise_artifacts_pay_generic_mana_only():
    sc = build([{"name": "alice", "hand": ["Sweatworks Brawler"],
                 "battlefield": ["Mountain"] + [{"card": "Test Trinket", "id": f"t{i}"} for i in range(3)]},
                {"name": "bob"}], cards=[TRINKET])
    game = sc.game
    cast(game, "Sweatworks Brawler")
    assert all(_tapped(game, sc.ids[f"t{i}"]) for i in range(3))
    resolve_top(game)
    assert names(game, 0, Zone.HAND) == []


def test_702_126a_artifacts_cant_pay_coloured_mana():
    game = build([{"name": "alice", "hand": ["Sweatworks Brawler"], "battlefield": [{"card": "Test Trinket"}] * 4},
                  {"name": "bob"}], cards=[TRINKET]).game
    assert casts(game, "Sweatworks Brawler") == []

"""Static abilities of content/oracle/statics.py: reading and rendering (round trip), and the rules the systems
apply (systems/static_rules.py) where a scenario can't express them (bulk declarations, one blocker blocking two
attackers). Behaviour of the single templates is in tests/scenarios/cards/statics_*.yaml."""

from __future__ import annotations

import numpy as np
import pytest

from components.objects import Step, Zone
from components.static_rules import CombatRule, WrittenReplacement, WrittenStatic
from content.oracle import compile_lines
from content.oracle.render import render_line
from content.oracle.report import roundtrip_normal
from ecs.actions import DecisionKind, DeclareBlocker, FinishAttackers, FinishBlockers, PassPriority
from ecs.errors import IllegalActionError
from ecs.scenario import Scenario
from systems.combat import declare_bulk

CREATURE = 8  # CardType.CREATURE as compile_lines takes it
LAND = 256

LINES = [
    "~ can't be blocked by creatures with power 2 or less.",
    "~ can't be blocked by Walls.",
    "~ can't be blocked by black creatures.",
    "~ can't block or be blocked by non-Spirit creatures.",
    "~ can't be blocked by creatures with greater power.",
    "Enchanted creature can't block if it's black.",
    "{T}: Target creature gets +4/+4 until end of turn. Activate only if ~'s power is 4 or greater.",
    "Sacrifice a creature: Untap ~. Activate only during your upkeep.",
    "{1}{W}, {T}: Return another target creature you control to its owner's hand. Activate only during your turn.",
    "~ can't be blocked by more than one creature.",
    "~ can block only creatures with flying.",
    "Enchanted creature can block only creatures with flying.",
    "~ can't block creatures with power 2 or greater.",
    "~ can't attack unless defending player controls an Island.",
    "Each creature you control can't be blocked by more than one creature.",
    "Creatures with power less than ~'s power can't block it.",
    "During your turn, ~ has first strike.",
    "During your turn, ~ gets +2/+2.",
    "~ can't attack unless you control an artifact.",
    "~ can't block unless you control another Minotaur.",
    "~ can't attack or block unless you control another creature with power 4 or greater.",
    "As long as there are seven or more cards in your graveyard, ~ gets +2/+2 and can't block.",
    "As long as ~ is equipped, it gets +2/+2.",
    "As long as enchanted creature is a Human, it has first strike.",
    "~ has flying as long as it's enchanted.",
    "~ has trample as long as it has a +1/+1 counter on it.",
    "~ gets +1/+1 and has trample as long as there are four or more card types among cards in your graveyard.",
    "As long as an opponent has 10 or less life, ~ gets +2/+1 and has intimidate.",
    "~ gets +1/+0 as long as any player controls a white permanent.",
    "Each creature you control can block an additional creature each combat.",
    "If ~ would die, exile it instead.",
    "If ~ would be put into a graveyard from anywhere, exile it instead.",
    "Creatures enter tapped.",
    "Artifacts and lands your opponents control enter tapped.",
    "Islands don't untap during their controllers' untap steps.",
    "Multicolored creatures you control have deathtouch.",
    "~ gets +2/+0 as long as you control an Angrath planeswalker.",
    "~'s power and toughness are each equal to the number of creature cards in all graveyards.",
    "~ gets -X/-X, where X is your life total.",
    "Creatures you control get +X/+0, where X is the number of cards in your hand.",
    "You have hexproof.",
    "Players can't gain life.",
    "Your opponents can't gain life.",
    "As long as you've drawn two or more cards this turn, ~ gets +1/+0 and has menace.",
    "~ has flying as long as you've cast an instant or sorcery spell this turn.",
    "Other non-Human creatures you control get +1/+1.",
    "Attacking creatures you control get +1/+0.",
    "Other tapped creatures you control have indestructible.",
    "As long as enchanted permanent is a creature, it gets +3/+3 and has reach.",
    "At the beginning of each opponent's upkeep, if that player has two or fewer cards in hand, ~ deals 2 damage "
    "to that player.",
    "When ~ enters, if you control no tapped lands, draw a card.",
    "Prevent all damage that would be dealt to ~ by creatures.",
    "If a source would deal 3 or less damage to ~, prevent that damage.",
    "Prevent all combat damage that would be dealt to and dealt by enchanted creature.",
    "Prevent all damage that would be dealt to you.",
    "Each creature you control gets +1/+1 for each of its colors.",
    "Each other multicolored creature you control gets +1/+1 for each of its colors.",
    "Equipped creature gets +1/+1 for each charge counter on ~.",
    "Squirrels you control get +1/+1 for each acorn counter on ~.",
    "Players skip their upkeep steps.",
    "Untap ~ during each other player's untap step.",
    "Activated abilities of artifacts can't be activated.",
    "Giant spells you cast cost {2} less to cast.",
    "As long as ~ has four or more +1/+1 counters on it, it has flying and vigilance.",
    "~ can't attack unless there are five or more Islands on the battlefield.",
    "~ has indestructible as long as you control at least two other Merfolk.",
    "Descend 4 — ~ gets +3/+0 as long as there are four or more permanent cards in your graveyard.",
    "~ costs {1} less to cast for each permanent card in your graveyard.",
    "When an opponent casts a spell, if ~ is an enchantment, you draw a card.",
    "Creatures you control get +1/+1 as long as you control no nonartifact, nonwhite creatures.",
    "~ has indestructible as long as two or more creatures died under your control this turn.",
    "Formidable — {3}{R}{R}: Creatures you control gain menace until end of turn. Activate only if creatures you "
    "control have total power 8 or greater.",
    "Creature spells with flying you cast cost {1} less to cast.",
    "Enchanted permanent can't attack or block, and its activated abilities can't be activated.",
    "Enchanted permanent doesn't untap during its controller's untap step and its activated abilities can't be "
    "activated.",
    "Untap all permanents you control during each other player's untap step.",
    "Threshold — {1}{G}: Regenerate ~. Activate only if there are seven or more cards in your graveyard.",
    "{1}{W}: Untap target creature. Activate only if you control a Gideon planeswalker.",
    "{2}{U}, {T}: Draw a card. Activate only as a sorcery and only if there are four or more card types among "
    "cards in your graveyard.",
    "Celebration — ~ gets +1/+1 and has trample as long as two or more nonland permanents entered the battlefield "
    "under your control this turn.",
]

LAND_LINES = [
    "If you control two or more other lands, ~ enters tapped.",
    "~ enters tapped unless you control a Plains or a Swamp.",
    "~ enters tapped unless you control two or fewer other lands.",
    "~ enters tapped unless you have two or more opponents.",
    "~ enters tapped unless a player has 13 or less life.",
    "~ enters tapped unless you control two or more basic lands.",
]


@pytest.mark.parametrize(("line", "types"), [(x, CREATURE) for x in LINES] + [(x, LAND) for x in LAND_LINES])
def test_statics_lines_compile_and_render_back(line, types):
    """Each template compiles (nothing dropped: a refused clause would fail the line) and renders back exactly."""
    (result,) = compile_lines("Test Card", line, types)
    assert result.ok, result.error
    from content.oracle.text import strip_ability_word

    assert roundtrip_normal(render_line(result.abilities)) == roundtrip_normal(strip_ability_word(line))


@pytest.mark.parametrize("line", [
    "~ can't be blocked by creatures with power 2 or less as long as you control a Wall.",  # no such frame
    "~ can't attack unless defending player controls two Islands.",
    "Creatures with power less than the number of Islands you control can't block ~.",
])
def test_statics_unread_variants_stay_unsupported(line):
    """All or nothing: a variant the engine can't execute is refused, not approximated."""
    (result,) = compile_lines("Test Card", line, CREATURE)
    assert not result.ok


@pytest.mark.parametrize("line", ["Destroy target nonartifact, nonblack creature.",
                                  "Exile up to one target nonland, nontoken permanent.",
                                  "Destroy target non-Elf creature.",
                                  "~ costs {1} less to cast for each attacking creature you control."])
def test_205_non_adjective_lists_compile_and_render_back(line):
    (result,) = compile_lines("Test Spell", line, 64)  # an instant
    assert result.ok, result.error
    assert roundtrip_normal(render_line(result.abilities)) == roundtrip_normal(line)


def test_614_1c_enters_tapped_unless_keeps_the_printed_condition_negated():
    (result,) = compile_lines("Test Land", "~ enters tapped unless you control a Plains or a Swamp.", LAND)
    (a,) = result.abilities
    assert isinstance(a, WrittenReplacement) and a.self_only and a.spec.modification == "tapped"
    assert a.condition is not None and a.condition.negate  # tapped while you control neither (614.1c)


def test_611_3a_during_your_turn_is_your_turn_condition():
    (result,) = compile_lines("Test Card", "During your turn, ~ has first strike.", CREATURE)
    (a,) = result.abilities
    assert isinstance(a, WrittenStatic) and a.condition is not None and a.condition.kind == "your_turn"


_BEAR = {"manaCost": "{1}{G}", "type": "Creature — Bear", "types": ["Creature"], "subtypes": ["Bear"],
         "supertypes": [], "text": "", "power": "2", "toughness": "2", "layout": "normal"}


def _card(name, text, power="2", toughness="2", subtypes=("Bear",)):
    return {**_BEAR, "name": name, "text": text, "power": power, "toughness": toughness,
            "subtypes": list(subtypes), "type": "Creature — " + " ".join(subtypes)}


def _scenario(cards, alice, bob, step="declare_attackers"):
    return Scenario({"name": "t", "cards": cards, "players": [{"name": "alice", "battlefield": alice},
                                                             {"name": "bob", "battlefield": bob}],
                     "turn": {"number": 3, "active": "alice", "step": step}}, "<test>")


def test_509_1a_each_creature_you_control_blocks_two_attackers():
    cards = [_card("Test Tactician", "Each creature you control can block an additional creature each combat.", "1",
                   "4"), _card("Test Bear", "")]
    sc = _scenario(cards, [{"card": "Test Bear", "id": "a1"}, {"card": "Test Bear", "id": "a2"}],
                   [{"card": "Test Tactician", "id": "tact"}])
    game = sc.game
    from ecs.actions import DeclareAttacker

    for a in ("a1", "a2"):
        game.apply(DeclareAttacker(sc.ids[a], game.players[1]))
    if game.pending.kind == DecisionKind.ATTACKERS:
        game.apply(FinishAttackers())
    while game.pending.kind != DecisionKind.BLOCKERS:
        game.apply(game.pending.options[0])
    game.apply(DeclareBlocker(sc.ids["tact"], sc.ids["a1"]))
    assert DeclareBlocker(sc.ids["tact"], sc.ids["a2"]) in game.whole_actions()  # its second block (509.1a)
    game.apply(DeclareBlocker(sc.ids["tact"], sc.ids["a2"]))
    assert game.combat.blocking[sc.ids["tact"]] == [sc.ids["a1"], sc.ids["a2"]]
    assert FinishBlockers() in game.whole_actions()


def test_509_1b_bulk_declaration_checks_the_restrictions():
    """declare_bulk (large combats) refuses blocks these restrictions forbid, as column operations."""
    cards = [_card("Test Loner", "~ can't be blocked by more than one creature.\n~ can't be blocked by Walls.", "4",
                   "4", ("Ogre",)), _card("Test Wall", "Defender", "0", "5", ("Wall",)), _card("Test Bear", "")]
    sc = _scenario(cards, [{"card": "Test Loner", "id": "loner"}],
                   [{"card": "Test Bear", "id": "b1"}, {"card": "Test Bear", "id": "b2"}, {"card": "Test Wall", "id": "w"}])
    game, ids = sc.game, sc.ids
    att = np.array([ids["loner"]])
    with pytest.raises(IllegalActionError):
        declare_bulk(game.clone(), att, game.players[1], np.array([ids["b1"], ids["b2"]]), np.array([ids["loner"]] * 2))
    with pytest.raises(IllegalActionError):
        declare_bulk(game.clone(), att, game.players[1], np.array([ids["w"]]), np.array([ids["loner"]]))
    declare_bulk(game, att, game.players[1], np.array([ids["b1"]]), np.array([ids["loner"]]))
    assert len(game.combat.pair_blocker) == 1


def test_508_1c_bulk_attack_unless_defending_player_controls_an_island():
    cards = [_card("Test Serpent", "~ can't attack unless defending player controls an Island.", "5", "5",
                   ("Serpent",))]
    sc = _scenario(cards, [{"card": "Test Serpent", "id": "s"}], ["Forest"])
    with pytest.raises(IllegalActionError):
        declare_bulk(sc.game, np.array([sc.ids["s"]]), sc.game.players[1])
    sc2 = _scenario(cards, [{"card": "Test Serpent", "id": "s"}], ["Island"])
    declare_bulk(sc2.game, np.array([sc2.ids["s"]]), sc2.game.players[1])
    assert len(sc2.game.combat.att) == 1


def test_509_1b_menace_and_at_most_one_blocker_means_unblockable():
    """702.111b (two or more blockers) with "can't be blocked by more than one creature": no legal block."""
    cards = [_card("Test Menace", "Menace\n~ can't be blocked by more than one creature.", "3", "3", ("Ogre",)),
             _card("Test Bear", "")]
    sc = _scenario(cards, [{"card": "Test Menace", "id": "m"}],
                   [{"card": "Test Bear", "id": "b1"}, {"card": "Test Bear", "id": "b2"}])
    game = sc.game
    from ecs.actions import DeclareAttacker

    game.apply(DeclareAttacker(sc.ids["m"], game.players[1]))
    if game.pending.kind == DecisionKind.ATTACKERS:
        game.apply(FinishAttackers())
    while game.pending is not None and game.pending.kind == DecisionKind.PRIORITY and not game.combat.blocking:
        if game.step.name in ("COMBAT_DAMAGE", "END_OF_COMBAT"):
            break
        game.apply(game.pending.options[0])
    assert not any(isinstance(o, DeclareBlocker) for o in game.whole_actions())


def test_static_rule_sources_empty_without_such_cards():
    """Performance: with no permanent of this family on the battlefield the combat checks return at once."""
    cards = [_card("Test Bear", "")]
    sc = _scenario(cards, [{"card": "Test Bear", "id": "a"}], [{"card": "Test Bear", "id": "b"}])
    assert not sc.game.static_rule_sources
    from systems.static_rules import max_blockers, pair_mask

    assert pair_mask(sc.game, np.array([0]), np.array([1])) is None and max_blockers(sc.game) is None


def test_combat_rule_is_lost_with_the_sources_abilities():
    """613.1f: a restriction is an ability of its source; the index skips a source that lost its abilities."""
    cards = [_card("Test Loner", "~ can't be blocked by Walls.", "4", "4", ("Ogre",))]
    sc = _scenario(cards, [{"card": "Test Loner", "id": "loner"}], [])
    game = sc.game
    from systems.static_rules import _rules

    assert len(_rules(game)) == 1 and isinstance(_rules(game)[0][2], CombatRule)
    game.table.no_abilities[game.table.row_of[sc.ids["loner"]]] = True
    assert _rules(game) == []


def _pass_to(game, step):
    """Pass (no attackers, no blockers) until a player receives priority in ``step``."""
    finish = {DecisionKind.ATTACKERS: FinishAttackers(), DecisionKind.BLOCKERS: FinishBlockers()}
    while game.step != Step[step.upper()] or game.pending.kind != DecisionKind.PRIORITY:
        game.apply(finish.get(game.pending.kind, PassPriority()))


def test_611_3a_a_condition_on_the_hand_is_seen_at_the_next_priority_without_a_change_to_the_battlefield():
    # 611.3a: the effect applies at any moment its condition is true; the card drawn in the draw step (504.1) changes
    # no permanent, yet the Hoarder is 4/4 when alice next receives priority, and 2/2 again once the card is gone
    cards = [_card("Test Hoarder", "~ gets +2/+2 as long as you have four or more cards in hand.")]
    sc = Scenario({"name": "t", "cards": cards,
                   "players": [{"name": "alice", "battlefield": [{"card": "Test Hoarder", "id": "h"}],
                                "hand": ["Test Hoarder"] * 3, "library": ["Test Hoarder"] * 5},
                               {"name": "bob", "library": ["Test Hoarder"] * 5}],
                   "turn": {"number": 3, "active": "alice", "step": "upkeep"}}, "<test>")
    game, hoarder = sc.game, sc.ids["h"]
    t = game.table
    assert (t.get(hoarder, "power"), t.get(hoarder, "toughness")) == (2, 2)  # three cards in hand
    _pass_to(game, "draw")
    assert len(game.zones[0][Zone.HAND]) == 4
    assert (t.get(hoarder, "power"), t.get(hoarder, "toughness")) == (4, 4)
    # nothing changes from here to the end of combat: the layers are not applied again at each priority stop. (They
    # are applied only when marked dirty (Game.refresh_layers), and every mark moves the table's layers_version: seen
    # by the table's own version, not a replaced apply_layers, which compiled code would call around.)
    assert not t.layers_dirty
    version = t.layers_version
    _pass_to(game, "end_of_combat")
    assert t.layers_version == version and not t.layers_dirty
    discard = game.zones[0][Zone.HAND][0]
    from systems.zones import move

    move(game, discard, Zone.GRAVEYARD)  # a card leaves the hand: no permanent changes
    _pass_to(game, "postcombat_main")
    assert (t.get(hoarder, "power"), t.get(hoarder, "toughness")) == (2, 2)

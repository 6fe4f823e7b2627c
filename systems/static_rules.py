"""The rules of the static abilities of components/static_rules.py and of the conditions of
content/oracle/statics.py.

* Conditions (611.3a "as long as", 603.4 intervening "if", 614.1c "enters tapped unless"): :func:`check`,
  asked by systems/triggers.py ``check_condition`` for the kinds it doesn't know, and :func:`frame_check`,
  asked by the layer system for the conditions that look at characteristics while layers apply.
* Combat restrictions (508.1c, 509.1b): :func:`pair_mask` (may each blocker block the attacker beside it),
  :func:`attack_allowed` (may this creature attack that player), :func:`blocker_counts_ok` (at most N
  blockers). Permanents with such abilities are indexed as they enter (:func:`register`); with none on the
  battlefield every check returns at once.
* "Islands don't untap during their controllers' untap steps" (502.3): :func:`untap_mask`.
* "If ~ would be put into a graveyard from anywhere, exile it instead" (614.1a, 614.15): :func:`exiled_instead`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

import numpy as np

from components.abilities import Condition, PermanentFilter
from components.characteristics import CardType
from components.counter_replacement import CountersPlusOne  # "that many plus one +1/+1 counters" (614.1a)
from components.flash_permission import FlashPermission  # "... as though they had flash" (601.3a)
from components.objects import Zone
from components.static_rules import (
    ActivationBan,
    BanningStatic,
    BanningUntapRule,
    CombatRule,
    FilterUntapRule,
    GraveyardExile,
    OtherUntapRule,
    PlayerStatic,
    StaticPrevention,
)
from components.uncounterable import UncounterableSpells  # "Creature spells can't be countered" (101.2)
from systems import mana

if TYPE_CHECKING:
    from components.card import CardDef
    from ecs.game import Game
    from systems.layers import Frame

# The card types of CR 205.2a that cards in a graveyard can have (delirium counts these).
_CARD_TYPES = [int(t) for t in (CardType.ARTIFACT, CardType.BATTLE, CardType.CREATURE, CardType.ENCHANTMENT,
                                CardType.INSTANT, CardType.KINDRED, CardType.LAND, CardType.PLANESWALKER,
                                CardType.SORCERY)]


# ------------------------------------------------------------------ conditions


def check(game: Game, cond: Condition, controller: int, source: int, event_object: int) -> bool | None:
    """A condition of this family for ``controller``; None when the kind isn't one of these."""
    k = cond.kind
    if k in ("that_player_hand_at_most", "that_player_hand_at_least"):
        player = _that_player(game, event_object)
        if player < 0:
            return False
        size = len(game.zones[player][Zone.HAND])
        return size <= cond.n if k == "that_player_hand_at_most" else size >= cond.n
    if k == "during_your_turn":  # "Activate only during your turn" (602.5b)
        return game.active == controller
    if k == "during_your_upkeep":  # "Activate only during your upkeep" (602.5b, 503)
        from components.objects import Step

        return game.active == controller and game.step == Step.UPKEEP
    if k == "opponents_at_least":
        return len(game.opponents(controller)) >= cond.n  # 102.2-102.3: players still in the game
    if k == "source_power_at_least":  # "Activate only if ~'s power is 4 or greater"
        row = game.table.row_of.get(source)
        game.refresh_layers()
        return row is not None and int(game.table.power[row]) >= cond.n
    if k == "total_power_at_least":  # formidable: creatures you control, their powers added (208.1)
        t = game.table
        game.refresh_layers()
        n = t.n
        mine = (t.controller[:n] == controller) & ((t.types[:n] & int(CardType.CREATURE)) != 0)
        return int(t.power[:n][mine].sum()) >= cond.n  # 107.1b: a negative power counts as it is
    if k == "creatures_died_under_you":  # 700.4: creatures put into a graveyard from under your control
        from systems.history import count

        return count(game, "died", controller) >= max(cond.n, 1)
    if k == "you_drew_at_least":  # 121.1: the draws counted per player and turn (systems/mechanics/miracle.py)
        state = game.player_states[controller]
        return state.drawn_turn == game.turn and state.drawn_this_turn >= cond.n
    if k == "player_life_at_most":
        return any(not s.lost and s.life <= cond.n for s in game.player_states)
    if k == "opponent_life_at_most":
        return any(game.player_states[p].life <= cond.n for p in game.opponents(controller))
    if k in ("graveyard_card_types_at_least", "graveyard_mana_values_at_least", "graveyard_cards_at_least",
             "you_have_graveyard_cards_at_least"):
        cards = [game.card(e) for e in game.zones[controller][Zone.GRAVEYARD]]
        if k == "graveyard_card_types_at_least":  # delirium: card types among them (205.2a)
            seen = 0
            for c in cards:
                seen |= c.type_bits
            return sum(1 for t in _CARD_TYPES if seen & t) >= cond.n
        if k == "graveyard_mana_values_at_least":  # 202.3: distinct mana values
            return len({c.mana_cost.mana_value() if c.mana_cost.present else 0 for c in cards}) >= cond.n
        from systems.oracle_effects import card_matches

        f = cond.filter or PermanentFilter()
        return sum(1 for c in cards if card_matches(c, f)) >= cond.n
    if k in ("source_equipped", "source_enchanted"):
        # 301.5, 303.4: an Equipment / an Aura is attached to it
        t = game.table
        if source not in t.row_of:
            return False
        rows = np.flatnonzero(t.attached_to[: t.n] == source)
        word = "Equipment" if k == "source_equipped" else "Aura"
        for e in t.entity[rows].tolist():
            # its subtypes (an effect's change of them, else its card's); this may be asked while layers apply
            subs = game.subtypes_override.get(e)
            if word in (subs if subs is not None else game.card(e).type_line.subtypes):
                return True
        return False
    if k == "source_is":  # "if ~ is an enchantment": its types as they are now (205, layer 4)
        row = game.table.row_of.get(source)
        f = cond.filter or PermanentFilter()
        return row is not None and bool(int(game.table.types[row]) & f.types_any)
    if k == "source_has_counter":
        row = game.table.row_of.get(source)
        return row is not None and int(game.table.plus1[row]) >= max(cond.n, 1)  # 122.1
    if k in ("attached_is", "any_player_controls", "you_control_at_least"):
        from systems.layers import filter_mask, table_frame

        t = game.table
        if not t.n:
            return False
        f = cond.filter or PermanentFilter()
        from systems.oracle_effects import state_mask

        mask = filter_mask(f, table_frame(game), controller) & state_mask(game, f)
        return _frame_result(game, cond, mask, t.entity[: t.n], source, t.controller[: t.n], controller)
    return None


def _that_player(game: Game, event_object: int) -> int:
    """"That player" of a trigger: the player of its event (who drew, was dealt damage), the active player of a
    step trigger ("at the beginning of each opponent's upkeep", 603.2b: no event object), or the controller of
    the permanent the event was about."""
    if event_object < 0:
        return game.active
    if event_object in game.player_of_entity:
        return int(game.player_of_entity[event_object])
    row = game.table.row_of.get(event_object)
    if row is not None:
        return int(game.table.controller[row])
    return int(game.lki.get(event_object, {}).get("controller", -1))


FRAME_KINDS: Final = frozenset({"attached_is", "any_player_controls", "you_control_at_least"})


def frame_check(game: Game, cond: Condition, frame: Frame, you: int, source: int) -> bool:
    """The conditions of FRAME_KINDS, on the characteristics the layer system has worked out so far (613)."""
    from systems.layers import filter_mask
    from systems.oracle_effects import state_mask

    f = cond.filter or PermanentFilter()
    if cond.kind == "attached_is" and not _reads_state(f):
        # one row, the enchanted or equipped permanent's (the frame's rows are the table's, in its order): the whole
        # frame's mask cost ~80k instructions for it (Hobble's "can't block if it's black", at every layer pass)
        result = _attached_is(game, f, frame, source, you)
        if mana.CHECKS.on:  # (MTG_ECS_CHECK_CACHES=1) the row alone answers as the whole mask
            mask = filter_mask(f, frame, you) & state_mask(game, f)
            assert frame.entities is not None
            assert result == _frame_result(game, cond, mask, frame.entities, source), "attached_is row differs"
        return result != cond.negate
    mask = filter_mask(f, frame, you) & state_mask(game, f)  # (rows in table order)
    entities = frame.entities
    assert entities is not None  # the layers' rows_now frame: one row a permanent
    result = _frame_result(game, cond, mask, entities, source, frame.controller, you)
    return result != cond.negate


def _reads_state(f: PermanentFilter) -> bool:
    """Does ``f`` test anything that ``systems.oracle_effects.state_mask`` looks at (else its mask is all rows)?"""
    return (f.tapped is not None or f.power_at_most is not None or f.power_at_least is not None
            or f.toughness_at_most is not None or f.toughness_at_least is not None or bool(f.combat)
            or bool(f.with_counter) or bool(f.without_counter) or f.mana_value_at_most is not None
            or f.mana_value_at_least is not None or f.mana_value_is is not None or bool(f.names))


def _attached_is(game: Game, f: PermanentFilter, frame: Frame, source: int, you: int) -> bool:
    """``_frame_result`` of an "attached_is" condition whose filter reads characteristics only (not ``_reads_state``):
    does the permanent ``source`` is attached to (301.5, 303.4) match ``f`` in ``frame``?"""
    from systems.layers import filter_row

    t = game.table
    row = t.row_of.get(source)
    if row is None:
        return False
    target_row = t.row_of.get(int(t.attached_to[row]))  # (-1, attached to nothing, is no row)
    return target_row is not None and filter_row(f, game, target_row, you, frame)


def _frame_result(game: Game, cond: Condition, mask: np.ndarray, entities: np.ndarray, source: int,
                  controllers: np.ndarray | None = None, you: int = -1) -> bool:
    if cond.kind == "any_player_controls":
        return int(np.count_nonzero(mask)) >= max(cond.n, 1)
    if cond.kind == "you_control_at_least":  # "you control at least two other Merfolk"
        assert controllers is not None
        mask = mask & (controllers == you)
        if cond.filter is not None and cond.filter.exclude_source:
            mask &= entities != source
        return int(np.count_nonzero(mask)) >= cond.n
    # "As long as enchanted creature is a Human": the permanent the source is attached to (301.5, 303.4)
    row = game.table.row_of.get(source)
    if row is None:
        return False
    target = int(game.table.attached_to[row])
    if target < 0:
        return False
    hit = np.flatnonzero(entities == target)
    return bool(len(hit)) and bool(mask[hit[0]])


# ------------------------------------------------------------------ which permanents have these abilities


_RULE_KINDS: Final = (CombatRule, FilterUntapRule, OtherUntapRule, PlayerStatic, StaticPrevention, ActivationBan, BanningStatic,
               BanningUntapRule, FlashPermission, CountersPlusOne, UncounterableSpells)


def register(game: Game, permanent: int, card: CardDef) -> None:
    """Index a permanent whose card has combat restrictions, untap rules of this family (as it enters)."""
    kinds = _RULE_KINDS  # (a tuple built once: the union of eleven types was built again for every ability)
    for a in card.abilities:  # (a loop: any() over a generator costs more, as each permanent enters)
        if isinstance(a, kinds):
            game.static_rule_sources[permanent] = card
            break


def _live_sources(game: Game) -> list[tuple[int, int, CardDef]]:
    """(entity, row, card) of the indexed permanents still on the battlefield with their abilities (613.1f)."""
    src = game.static_rule_sources
    t = game.table
    out: list[tuple[int, int, CardDef]] = []
    for ent in list(src):
        row = t.row_of.get(ent)
        if row is None:
            del src[ent]  # it left the battlefield: a new object if it returns (400.7)
            continue
        if not t.no_abilities[row]:
            out.append((ent, row, src[ent]))
    return out


# ------------------------------------------------------------------ combat


def _rules(game: Game) -> list[tuple[np.ndarray, int, CombatRule]]:
    """(affected rows as a mask over the table, source row, rule) for every combat restriction in force."""
    t = game.table
    n = t.n
    out: list[tuple[np.ndarray, int, CombatRule]] = []
    for _ent, row, card in _live_sources(game):
        for rule in card.abilities:
            if not isinstance(rule, CombatRule):
                continue
            affected = np.zeros(n, dtype=bool)
            if rule.subject == "self":
                affected[row] = True
            elif rule.subject == "attached":
                target = t.row_of.get(int(t.attached_to[row]))  # 301.5, 303.4: what it's attached to
                if target is None:
                    continue
                affected[target] = True
            else:  # "Each creature you control can't be blocked by more than one creature"
                affected = _other_mask(game, rule.affected or PermanentFilter(), int(t.controller[row]))
                if rule.affected is not None and rule.affected.exclude_source:
                    affected[row] = False
            out.append((affected, row, rule))
    return out


def _other_mask(game: Game, f: PermanentFilter, you: int) -> np.ndarray:
    """The whole table's rows matching ``f`` (characteristics, then power and the like)."""
    from systems.layers import filter_mask, table_frame
    from systems.oracle_effects import state_mask

    return filter_mask(f, table_frame(game), you) & state_mask(game, f)


def pair_mask(game: Game, blocker_rows: np.ndarray, attacker_rows: np.ndarray) -> np.ndarray | None:
    """May each blocker block the attacker beside it, as far as these restrictions go (509.1b)? None: no
    restriction of this kind is in force."""
    if not game.static_rule_sources:
        return None
    rules = _rules(game)
    if not rules:
        return None
    t = game.table
    power = t.power
    ok = np.ones(len(blocker_rows), dtype=bool)
    for affected, src, rule in rules:
        kind = rule.kind
        if kind in ("max_blockers", "attack_unless_defender"):
            continue
        if kind in ("power_less_cant_block", "power_greater_cant_block"):
            # "Creatures with power less than ~'s power can't block it" (the attacker's power, as blocks are declared)
            a_pow, b_pow = power[attacker_rows], power[blocker_rows]
            bad = (b_pow < a_pow) if kind == "power_less_cant_block" else (b_pow > a_pow)
            ok &= ~(affected[attacker_rows] & bad)
            continue
        other = _other_mask(game, rule.other or PermanentFilter(), int(t.controller[src]))
        if kind == "blocked_by_not":  # "can't be blocked by Walls"
            ok &= ~(affected[attacker_rows] & other[blocker_rows])
        elif kind == "blocked_only_by":  # "can't be blocked except by ..."
            ok &= ~(affected[attacker_rows] & ~other[blocker_rows])
        elif kind == "block_only":  # "can block only creatures with flying"
            ok &= ~(affected[blocker_rows] & ~other[attacker_rows])
        elif kind == "cant_block_these":  # "can't block creatures with power 2 or greater"
            ok &= ~(affected[blocker_rows] & other[attacker_rows])
        elif kind == "block_or_blocked_by_not":  # "can't block or be blocked by non-Spirit creatures"
            ok &= ~(affected[attacker_rows] & other[blocker_rows]) & ~(affected[blocker_rows] & other[attacker_rows])
    return ok


def max_blockers(game: Game) -> np.ndarray | None:
    """Per table row, the most creatures that may block it ("can't be blocked by more than one creature", 509.1b);
    None: no such restriction."""
    if not game.static_rule_sources:
        return None
    limits: np.ndarray | None = None
    for affected, _src, rule in _rules(game):
        if rule.kind == "max_blockers":
            if limits is None:
                limits = np.full(game.table.n, 1 << 30, dtype=np.int64)
            limits[affected] = np.minimum(limits[affected], rule.n)
    return limits


def attack_allowed(game: Game, creature_row: int, defending_player: int) -> bool:
    """508.1c: "~ can't attack unless defending player controls an Island": may it attack that player (or a
    planeswalker that player controls: the defending player is its controller, 506.2)?"""
    t = game.table
    for affected, src, rule in _rules(game):
        if rule.kind != "attack_unless_defender" or not affected[creature_row]:
            continue
        other = _other_mask(game, rule.other or PermanentFilter(), int(t.controller[src]))
        if not (other & (t.controller[: t.n] == defending_player)).any():
            return False
    return True


def restrict_blocks(game: Game, bb: np.ndarray, aa: np.ndarray, legal: np.ndarray, blocked_counts: list[int]) -> None:
    """Narrow a block-option grid (blockers x attackers, in place) by these restrictions (509.1b): pairs a
    restriction forbids, and attackers that already have as many blockers as they may."""
    extra = pair_mask(game, bb.ravel(), aa.ravel())
    if extra is not None:
        legal &= extra.reshape(bb.shape)
    limits = max_blockers(game)
    if limits is None or not len(aa):
        return
    from components.keywords import Keyword

    a_rows = aa[0]
    lim = limits[a_rows]
    menace = (game.table.keywords[a_rows] & np.uint64(Keyword.MENACE)) != 0
    # 702.111b with "no more than one": such a creature can't be blocked at all
    full = (np.asarray(blocked_counts, dtype=np.int64) >= lim) | (menace & (lim < 2))
    legal[:, full] = False


def bulk_blocks_ok(game: Game, b_rows: np.ndarray, pair_attacker_rows: np.ndarray) -> bool:
    """The same restrictions for a whole declaration of blocks (declare_bulk)."""
    extra = pair_mask(game, b_rows, pair_attacker_rows)
    if extra is not None and not extra.all():
        return False
    limits = max_blockers(game)
    if limits is not None and len(pair_attacker_rows):
        counts = np.bincount(pair_attacker_rows, minlength=game.table.n)
        if (counts > limits).any():
            return False
    return True


def defending_player(game: Game, defender: int) -> int:
    """The player a creature attacking ``defender`` (a player or a planeswalker) attacks (506.2)."""
    if defender in game.player_of_entity:
        return int(game.player_of_entity[defender])
    row = game.table.row_of.get(defender)
    return int(game.table.controller[row]) if row is not None else -1


def bulk_attacks_ok(game: Game, a_rows: np.ndarray, d_player: np.ndarray) -> bool:
    """508.1c for a whole declaration of attackers, with column operations per restriction."""
    t = game.table
    for affected, src, rule in _rules(game):
        if rule.kind != "attack_unless_defender":
            continue
        hit = affected[a_rows]
        if not hit.any():
            continue
        other = _other_mask(game, rule.other or PermanentFilter(), int(t.controller[src]))
        allowed = np.zeros(game.num_players + 1, dtype=bool)
        owners = t.controller[: t.n][other].astype(np.int64)
        allowed[owners] = True
        if not allowed[np.asarray(d_player, dtype=np.int64)[hit]].all():
            return False
    return True


# ------------------------------------------------------------------ players


def player_has(game: Game, player: int, kind: str) -> bool:
    """Does a static ability now in force give ``player`` this rule? "You have hexproof" (its controller),
    "Players can't gain life" (everyone), "Your opponents can't gain life" (its controller's opponents)."""
    t = game.table
    for _ent, row, card in _live_sources(game):
        for a in card.abilities:
            if not isinstance(a, PlayerStatic):
                continue
            whose = a.kind.rsplit(":", 1)[-1] if ":" in a.kind else "you"
            if a.kind.split(":")[0] != kind:
                continue
            controller = int(t.controller[row])
            if whose == "each" or (whose == "you") == (player == controller):
                return True
    return False


def can_gain_life(game: Game, player: int) -> bool:
    """CR 119.7: a player who "can't gain life" doesn't; an effect that would have them gain life does nothing."""
    return not player_has(game, player, "no_life_gain")


# ------------------------------------------------------------------ untapping


def untap_mask(game: Game) -> np.ndarray | None:
    """502.3: the rows that "X don't untap during their controllers' untap steps" keeps tapped; None: none."""
    if not game.static_rule_sources:
        return None
    t = game.table
    keep: np.ndarray | None = None
    for _ent, row, card in _live_sources(game):
        for rule in card.abilities:
            if isinstance(rule, FilterUntapRule) and rule.affected is not None:
                m = _other_mask(game, rule.affected, int(t.controller[row]))
                keep = m if keep is None else keep | m
    return keep


def others_untap_mask(game: Game) -> np.ndarray | None:
    """502.3 with "Untap ~ / all permanents you control during each other player's untap step": the rows of the
    non-active players' permanents that untap in this untap step too; None: none."""
    t = game.table
    n = t.n
    out: np.ndarray | None = None
    for _ent, row, card in _live_sources(game):
        controller = int(t.controller[row])
        if controller == game.active:
            continue
        for a in card.abilities:
            if not isinstance(a, OtherUntapRule):
                continue
            if out is None:
                out = np.zeros(n, dtype=bool)
            if a.who == "others_self":
                out[row] = True
            else:
                out |= t.controller[:n] == controller
    return out


def activation_banned(game: Game) -> np.ndarray | None:
    """602.5: the table rows whose activated abilities (mana abilities too) can't be activated; None: none."""
    if not game.static_rule_sources:
        return None
    t = game.table
    out: np.ndarray | None = None
    for _ent, row, card in _live_sources(game):
        for a in card.abilities:
            if isinstance(a, BanningStatic | BanningUntapRule) or (isinstance(a, ActivationBan) and a.affected is None):
                target = t.row_of.get(int(t.attached_to[row]))  # the permanent it's attached to (301.5, 303.4)
                if target is None:
                    continue
                out = np.zeros(t.n, dtype=bool) if out is None else out
                out[target] = True
            elif isinstance(a, ActivationBan) and a.affected is not None:  # (None: the case above)
                out = np.zeros(t.n, dtype=bool) if out is None else out
                out |= _other_mask(game, a.affected, int(t.controller[row]))
    return out


# ------------------------------------------------------------------ "from anywhere, exile it instead"


def exiled_instead(card: CardDef) -> bool:
    """614.1a, 614.15: does this card say "If ~ would be put into a graveyard from anywhere, exile it instead"?
    (The card's own ability applies from every zone, so the card as it moves is asked.)"""
    for a in card.abilities:  # noqa: SIM110 - not any(): a generator costs a call per ability, at each move
        if isinstance(a, GraveyardExile):
            return True
    return False


def exiled_instead_rows(game: Game, rows: np.ndarray) -> np.ndarray | None:
    """Which of these permanents' cards say so (one look per characteristics class); None: none of them."""
    cards = game.classes.cards
    cached = game.exile_instead_classes
    if cached is None or len(cached) != len(cards):
        cached = np.array([exiled_instead(c) for c in cards], dtype=bool)
        game.exile_instead_classes = cached  # classes are only ever appended
    if not cached.any():
        return None
    t = game.table
    mask = cached[t.cls[rows].astype(np.intp)] & ~t.token[rows]  # (an int32 index is converted at the gather: slower)
    return mask if mask.any() else None


# ------------------------------------------------------------------ counts


def count_value(game: Game, c: object, you: int, ctx: object = None) -> int | None:
    """The counts of content/oracle/statics.py (components.abilities.Count kinds), or None for other kinds."""
    kind = getattr(c, "kind", "")
    if kind.startswith("counters_on_source:"):  # "the number of charge counters on ~" (122.1)
        from systems.counters import counter_count

        source = getattr(ctx, "self_object", -1)
        return counter_count(game, source, kind.split(":", 1)[1]) if source >= 0 else 0
    f = getattr(c, "filter", None) or PermanentFilter()
    if kind == "permanents_in_state":  # "for each attacking creature you control": state and characteristics
        from systems.oracle_effects import permanents

        return len(permanents(game, f, you, -1))
    if kind == "all_graveyards":
        from systems.oracle_effects import card_matches

        return sum(1 for p in range(game.num_players) for e in game.zones[p][Zone.GRAVEYARD]
                   if card_matches(game.card(e), f))
    if kind == "domain":  # 305.6: the basic land types among lands you control
        from components.keywords import LANDWALK
        from systems.oracle_effects import permanents

        basic = {name for _bit, name in LANDWALK}
        seen: set[str] = set()
        for e in permanents(game, f, you, -1):
            subs = game.subtypes_override.get(e)  # an effect's change of its land types (305.7), else its card's
            seen |= basic & set(subs if subs is not None else game.card(e).type_line.subtypes)
        return len(seen)
    if kind in ("devotion", "colors_among"):
        t = game.table
        n = t.n
        game.refresh_layers()
        rows = np.flatnonzero(t.controller[:n] == you)
        if kind == "colors_among":  # 105.1: each color at least one of them is (after layer 5)
            colors = int(np.bitwise_or.reduce(t.colors[rows] & 31)) if len(rows) else 0
            return bin(colors).count("1")
        # 700.5: the mana symbols of those colors among the mana costs of permanents you control (hybrid and
        # Phyrexian symbols of those colors count: 700.5a); one look per characteristics class
        cls, per = np.unique(t.cls[rows], return_counts=True)
        total = 0
        for c_id, k in zip(cls.tolist(), per.tolist(), strict=True):
            cost = game.classes.cards[c_id].mana_cost
            total += k * sum(1 for s in cost.symbols if int(s.colors) & f.colors_any)
        return total
    return None


# ------------------------------------------------------------------ statics about permanents in a state


def combatants(game: Game) -> tuple[set[int], set[int]]:
    """The attacking and the blocking creatures. Creatures chosen while a declaration is still being made are
    not attacking (508.1k) or blocking (509.1g) yet: blocks count once they are locked in (systems/combat.py)."""
    c = game.combat
    attackers = set() if c.declaring_attackers else set(c.attackers)
    if c.bulk and c.att is not None:
        attackers |= set(c.att.tolist())
    blockers = set(c.blocking) if (c.att is not None or c.bulk) else set()
    if c.bulk and c.pair_blocker is not None:
        blockers |= set(c.pair_blocker.tolist())
    return attackers, blockers


def state_entities(game: Game, f: PermanentFilter) -> set[int]:
    """The permanents in the state a static ability's subject names ("attacking creatures", "tapped creatures"):
    the layer system evaluates the effect on these one by one (systems/layers.py), since a state is not a
    characteristic shared by a class of permanents."""
    attackers, blockers = combatants(game)
    out: set[int] | None = None
    if f.combat:
        out = {"attacking": attackers, "blocking": blockers,
               "attacking_or_blocking": attackers | blockers}[f.combat]
    if f.tapped is not None:
        t = game.table
        tapped = set(t.entity[: t.n][t.tapped[: t.n] == f.tapped].tolist())
        out = tapped if out is None else out & tapped
    return out or set()


# ------------------------------------------------------------------ prevention


def static_prevention(game: Game, combat: bool, src_ent: np.ndarray, rec_ent: np.ndarray, rec_is_player: np.ndarray,
                      amount: np.ndarray) -> None:
    """615.1a: the prevention static abilities now in force reduce ``amount`` (in place) before it is dealt."""
    t = game.table
    for _ent, row, card in _live_sources(game):
        for a in card.abilities:
            if not isinstance(a, StaticPrevention) or (a.combat_only and not combat):
                continue
            if a.to == "you":
                target = game.players[int(t.controller[row])]
            elif a.to == "attached":
                target = int(t.attached_to[row])
                if target < 0:
                    continue
            else:
                target = int(t.entity[row])
            match = (amount > 0) & (np.asarray(rec_ent) == target)
            if a.to == "you":
                match &= np.asarray(rec_is_player, dtype=bool)
            if a.also_by:
                match |= (amount > 0) & (np.asarray(src_ent) == target)  # "... and dealt by enchanted creature"
            if a.by_creatures and match.any():
                rows = np.array([t.row_of.get(int(e), -1) for e in np.asarray(src_ent)[match].tolist()], dtype=np.int64)
                is_creature = (rows >= 0) & ((t.types[np.maximum(rows, 0)] & int(CardType.CREATURE)) != 0)
                idx = np.flatnonzero(match)
                match[idx[~is_creature]] = False
            if a.at_most:
                # "If a source would deal 3 or less damage to ~": each source's damage to it in this event
                idx = np.flatnonzero(match)
                for i in idx.tolist():
                    same = match & (np.asarray(src_ent) == src_ent[i])
                    if int(amount[same].sum()) > a.at_most:
                        match[i] = False
            amount[match] = 0

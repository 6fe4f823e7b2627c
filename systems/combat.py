"""Combat (CR 506-511): declaring attackers and blockers, and combat damage, in bulk.

Big declarations are broken into small decisions: each option adds one attacker or one block, and
a "finish" option ends the declaration, so every option list stays small and enumerable. When the
blockers are declared the declarations are locked into numpy arrays (``Combat.att``, ``pair_*``);
from then on combat damage is column work over those arrays and the permanent table:

* forced assignments (unblocked creatures, one blocker without trample, a blocker blocking one
  creature) are computed for all creatures at once;
* divisions with more than one legal result (510.1c-d, 702.19b-c) are decisions of the creature's
  controller, asked one creature at a time, attackers first (510.1); a bulk combat
  (``Combat.auto_assign``) divides them by a default rule, also as column operations;
* all the damage of a step is then dealt at once (510.2) by ``systems.damage.deal_damage_arrays``.

:func:`declare_bulk` declares a whole combat from arrays (large simulations, ``mtg-ecs bench combat``).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from functools import reduce
from operator import or_
from typing import TYPE_CHECKING, Final

import numpy as np

from components.characteristics import CardType, Color
from components.events import Attacked, Blocked, Unblocked
from components.keywords import LANDWALK as LANDWALK_TYPES
from components.keywords import LANDWALK_MASK, PROTECTION_SHIFT, QUALITY_BITS, Keyword
from ecs.actions import (
    AssignDamage,
    Decision,
    DecisionKind,
    DeclareAttacker,
    DeclareBlocker,
    FinishAttackers,
    FinishBlockers,
)
from ecs.errors import IllegalActionError
from ecs.records import Combat
from systems import mana
from systems.damage import deal_damage_arrays, deal_damage_lists, entity_rows, live_at, player_indices
from systems.history import attacked
from systems.mechanics.attack_costs import any_attack_costs, attack_options, enlisted
from systems.protection import PROTECTION_BITS, protected_from, qualities, scalar_qualities
from systems.trigger_index import sources
from systems.triggers import became_tapped, emit

if TYPE_CHECKING:
    from ecs.game import Game
    from ecs.table import PermanentTable

CREATURE = np.uint32(CardType.CREATURE)
ARTIFACT = np.uint32(CardType.ARTIFACT)
PLANESWALKER = np.uint32(CardType.PLANESWALKER)
BATTLE = np.uint32(CardType.BATTLE)
BLACK = np.uint8(Color.B)


def _bits(*kws: Keyword) -> np.uint64:
    mask = 0
    for kw in kws:
        mask |= int(kw)
    return np.uint64(mask)


FS_OR_DS = _bits(Keyword.FIRST_STRIKE, Keyword.DOUBLE_STRIKE)
DOUBLE_STRIKE = _bits(Keyword.DOUBLE_STRIKE)
TRAMPLE_ANY = _bits(Keyword.TRAMPLE, Keyword.TRAMPLE_OVER_PLANESWALKERS)
TRAMPLE_OVER_PW = _bits(Keyword.TRAMPLE_OVER_PLANESWALKERS)
DEATHTOUCH = _bits(Keyword.DEATHTOUCH)
VIGILANCE = _bits(Keyword.VIGILANCE)
MENACE = _bits(Keyword.MENACE)
HASTE = _bits(Keyword.HASTE)
CANT_ATTACK = _bits(Keyword.DEFENDER, Keyword.CANT_ATTACK)  # 702.3b, 508.1c
CANT_BLOCK = _bits(Keyword.CANT_BLOCK)
UNLEASH = _bits(Keyword.UNLEASH)
REQUIRED = _bits(Keyword.ATTACKS_EACH_COMBAT)
FLYING = _bits(Keyword.FLYING)
FLY_OR_REACH = _bits(Keyword.FLYING, Keyword.REACH)
FEAR = _bits(Keyword.FEAR)
INTIMIDATE = _bits(Keyword.INTIMIDATE)
UNBLOCKABLE = _bits(Keyword.CANT_BE_BLOCKED)
BLOCKS_ADDITIONAL = _bits(Keyword.BLOCKS_ADDITIONAL)
BLOCKS_ANY = _bits(Keyword.BLOCKS_ANY_NUMBER)
LANDWALK = np.uint64(LANDWALK_MASK)
SHADOW = _bits(Keyword.SHADOW)
HORSEMANSHIP = _bits(Keyword.HORSEMANSHIP)
FLANKING = _bits(Keyword.FLANKING)
LAND = np.uint32(CardType.LAND)
ZERO = np.uint64(0)
# The masks above as Python ints, for the loops over a few rows (``int()`` of a numpy scalar costs ~800 instructions
# each time it is made; these are made once).
_CREATURE: Final = int(CREATURE)
_BATTLE: Final = int(BATTLE)
_PLANESWALKER: Final = int(PLANESWALKER)
_HASTE: Final = int(HASTE)
_CANT_ATTACK: Final = int(CANT_ATTACK)
_REQUIRED: Final = int(REQUIRED)
_VIGILANCE: Final = int(VIGILANCE)
_MENACE: Final = int(MENACE)
_CANT_BLOCK: Final = int(CANT_BLOCK)
_UNLEASH: Final = int(UNLEASH)
_FLANKING: Final = int(FLANKING)
_BLOCKS_ANY: Final = int(BLOCKS_ANY)
_BLOCKS_ADDITIONAL: Final = int(BLOCKS_ADDITIONAL)
_FS_OR_DS: Final = int(FS_OR_DS)
_DOUBLE_STRIKE: Final = int(DOUBLE_STRIKE)
_TRAMPLE_ANY: Final = int(TRAMPLE_ANY)
_TRAMPLE_OVER_PW: Final = int(TRAMPLE_OVER_PW)
# (module constants: an enum class look-up is slow on Python 3.11, at each attack and block decision)
ATTACKERS_DECISION: Final = DecisionKind.ATTACKERS
BLOCKERS_DECISION: Final = DecisionKind.BLOCKERS
ANY_NUMBER: Final = 1 << 30
MAX_ASSIGNMENT_OPTIONS: Final = 2048
# Combats of at most this many attackers plus blocks, declared one at a time, plan their damage steps in plain
# Python (:func:`_plan_small`); bigger ones, and bulk combats, with column operations (:func:`_plan`).
SMALL_COMBAT: Final = 32
# A player with at most this many permanents has the creatures that may attack found in Python (attack_candidates).
FEW_PERMANENTS: Final = 64


# ------------------------------------------------------------------ legality as column operations


def attack_eligible(t: PermanentTable, rows: np.ndarray) -> np.ndarray:
    """508.1a, 508.1c, 302.6, 702.3b, 702.10b: untapped creatures (not battles) with haste or not
    summoning sick, without defender or "can't attack"."""
    kw = t.keywords[rows]
    types = t.types[rows]
    return (
        ((types & CREATURE) != 0) & ((types & BATTLE) == 0) & ~t.tapped[rows]
        & (~t.sick[rows] | ((kw & HASTE) != ZERO)) & ((kw & CANT_ATTACK) == ZERO)
    )


def attack_candidates(t: PermanentTable, player: int) -> list[tuple[int, int]]:
    """The creatures of ``player`` that :func:`attack_eligible` allows to attack, in row order, with their keywords.
    A few permanents are looked at in Python, over the table's kept lists (the layers are current: the caller
    refreshed them; a list index is native compiled, where a numpy read or a C iterator is a generic call); many
    with column operations."""
    n = t.n
    if n > FEW_PERMANENTS:
        return attack_candidates_by_column(t, (t.controller[:n] == player).nonzero()[0])
    creature, battle, haste, cant_attack = _CREATURE, _BATTLE, _HASTE, _CANT_ATTACK
    types: list[int] = t.live_list("types")
    controller: list[int] = t.live_list("controller")
    keywords: list[int] = t.live_list("keywords")
    tapped, entities = t.tapped_list, t.entity_list  # (read within this call, which writes no row)
    out: list[tuple[int, int]] = []
    for r in range(n):
        kind = types[r]
        if not kind & creature or kind & battle or controller[r] != player or tapped[r]:
            continue
        kw = keywords[r]
        if kw & cant_attack or not (kw & haste or not t.sick.item(r)):
            continue
        out.append((entities[r], kw))
    return out


def attack_candidates_by_column(t: PermanentTable, rows: np.ndarray) -> list[tuple[int, int]]:
    """:func:`attack_candidates` of these rows with column operations."""
    rows = rows[attack_eligible(t, rows)]
    return list(zip(t.entity[rows].tolist(), t.keywords[rows].tolist(), strict=True))


def block_eligible(t: PermanentTable, rows: np.ndarray) -> np.ndarray:
    """509.1a-b: untapped creatures (not battles) without "can't block" (unleash, 702.98a: can't block
    as long as it has a +1/+1 counter on it)."""
    types = t.types[rows]
    kw = t.keywords[rows]
    return (((types & CREATURE) != 0) & ((types & BATTLE) == 0) & ~t.tapped[rows]
            & ((kw & CANT_BLOCK) == ZERO) & (((kw & UNLEASH) == ZERO) | (t.plus1[rows] == 0)))


def block_capacity(keywords: np.ndarray) -> np.ndarray:
    """How many attackers each creature may block (509.1a; "can block an additional creature")."""
    kw = np.asarray(keywords, dtype=np.uint64)
    cap = 1 + ((kw & BLOCKS_ADDITIONAL) != ZERO).astype(np.int64)
    return np.where((kw & BLOCKS_ANY) != ZERO, ANY_NUMBER, cap)


def can_block_mask(t: PermanentTable, blocker_rows: np.ndarray, attacker_rows: np.ndarray,
                   defending_lands: np.ndarray | None = None) -> np.ndarray:
    """Pairwise: may each blocker block the attacker beside it? Evasion and "can't be blocked".

    ``defending_lands``: per pair, the landwalk bits that the blocker's controller's lands match
    (:func:`landwalk_bits`); the blocker's controller is the defending player (509.1a)."""
    akw = t.keywords[attacker_rows]
    bkw = t.keywords[blocker_rows]
    bcolors = t.colors[blocker_rows]
    btypes = t.types[blocker_rows]
    b_artifact = (btypes & ARTIFACT) != 0
    ok = (akw & UNBLOCKABLE) == ZERO  # "can't be blocked"
    ok &= ((akw & FLYING) == ZERO) | ((bkw & FLY_OR_REACH) != ZERO)  # 702.9b, 702.17b
    ok &= ((akw & FEAR) == ZERO) | b_artifact | ((bcolors & BLACK) != 0)  # 702.36b
    ok &= ((akw & INTIMIDATE) == ZERO) | b_artifact | ((bcolors & t.colors[attacker_rows]) != 0)  # 702.13b
    if (akw & PROTECTION_BITS).any():  # most boards have no protection: skip the quality masks
        ok &= ~protected_from(akw, qualities(bcolors, btypes))  # 702.16f
    if defending_lands is not None:
        ok &= (akw & defending_lands & LANDWALK) == ZERO  # 702.14c: landwalk
    ok &= ((akw & SHADOW) != ZERO) == ((bkw & SHADOW) != ZERO)  # 702.28b: shadow only blocks and is blocked by shadow
    ok &= ((akw & HORSEMANSHIP) == ZERO) | ((bkw & HORSEMANSHIP) != ZERO)  # 702.31b
    return ok


def landwalk_bits(game: Game) -> np.ndarray:
    """Per player, the landwalk bits (702.14c) made true by the basic land types of the lands they control:
    one look at the subtypes per characteristics class (and per permanent whose subtypes an effect changed)."""
    t = game.table
    n = t.n
    out = np.zeros(game.num_players + 1, dtype=np.uint64)
    game.refresh_layers()
    rows = np.flatnonzero((t.types[:n] & LAND) != 0)
    if not len(rows):
        return out
    override = game.subtypes_override
    cls = t.cls[rows]
    uniq, inverse = np.unique(cls, return_inverse=True)
    per_class = np.array([_walk_bits(game.class_subtypes[c]) for c in uniq.tolist()], dtype=np.uint64)
    bits = per_class[inverse]
    if override:
        for i, e in enumerate(t.entity[rows].tolist()):
            if e in override:
                bits[i] = _walk_bits(override[e])
    np.bitwise_or.at(out, t.controller[rows].astype(np.int64), bits)
    return out


def _walk_bits(subtypes: frozenset[str]) -> int:
    out = 0
    for bit, land_type in LANDWALK_TYPES:
        if land_type in subtypes:
            out |= int(bit)
    return out


# ------------------------------------------------------------------ declare attackers (CR 508)


def can_attack(game: Game, creature: int) -> bool:
    game.refresh_layers()
    t = game.table
    return bool(attack_eligible(t, np.array([t.row_of[creature]]))[0])


def defenders(game: Game, attacker_controller: int) -> list[int]:
    """Players and planeswalkers the active player may attack (CR 506.2, 508.1b)."""
    t = game.table
    out: list[int] = []
    # (one look for every opponent: there are few; the rows in Python, over the table's kept lists: the caller
    # refreshed the layers)
    pw = _PLANESWALKER
    types: list[int] = t.live_list("types")
    walkers = [row for row in range(t.n) if types[row] & pw]
    controllers: list[int] = t.live_list("controller")
    entities = t.entity_list  # (read within this call, which writes no row)
    for p in game.opponents(attacker_controller):
        out.append(game.players[p])
        for row in walkers:
            if controllers[row] == p:
                out.append(entities[row])
    return out


def attack_decision(game: Game) -> Decision:
    """One more attacker, or finish. 508.1d: finishing is offered only once every creature that
    "attacks each combat if able" and can attack has been declared (the most requirements that
    can be obeyed: these requirements never conflict with one another or with a restriction)."""
    t = game.table
    if t.layers_dirty:  # (tested here: most calls find the layers current, and the call's frame costs more)
        game.refresh_layers()
    player = game.active
    # The creatures that may attack and the defenders read the table and the players only: after an attacker is
    # declared (508.1a) they are asked again of the same table version, so the last answer is reused.
    lost = [s.lost for s in game.player_states]
    kept = game.combat.attack_listing
    if kept is not None and kept[0] == t.version and kept[1] == player and kept[2] == lost:
        candidates, targets, made = kept[3], kept[4], kept[5]
        if mana.CHECKS.on:  # (read at the call: tests turn it on)
            assert candidates == attack_candidates(t, player), "stale attack candidates"
            assert targets is None or targets == defenders(game, player), "stale defenders"
    else:
        candidates = attack_candidates(t, player)
        targets = defenders(game, player) if candidates else None
        made = {}
        game.combat.attack_listing = (t.version, player, lost, candidates, targets, made)
    if not candidates:
        return Decision(player, ATTACKERS_DECISION, (_FINISH_ATTACKERS,))  # nothing can attack (508.1a)
    assert targets is not None
    declared = game.combat.attackers
    options: list = []
    required = False
    limited = bool(game.static_rule_sources)  # "can't attack unless defending player controls ..." (508.1c)
    costs = any_attack_costs(game)  # exert, enlist: optional costs to attack (508.1g)
    taken = enlisted(game) if costs else set()  # an enlisted creature doesn't attack (702.154a)
    for creature, kw in candidates:
        if creature in declared or creature in taken:
            continue
        allowed = targets
        if limited:
            from systems.static_rules import attack_allowed, defending_player

            row = t.row_of[creature]
            allowed = [d for d in targets if attack_allowed(game, row, defending_player(game, d))]
            if not allowed:
                continue
        required = required or bool(kw & _REQUIRED)
        if limited:
            options.extend([DeclareAttacker(creature, d) for d in allowed])  # (a list: no generator to resume)
        else:
            # Each creature's options to attack each defender, made once for this listing and offered again after
            # each attacker declared: values (frozen), the same as made anew, for the same creature and defenders.
            plain = made.get(creature)
            if plain is None:
                plain = made[creature] = [DeclareAttacker(creature, d) for d in allowed]
            elif mana.CHECKS.on:  # (read at the call: tests turn it on)
                assert plain == [DeclareAttacker(creature, d) for d in allowed], f"stale attack options of {creature}"
            options.extend(plain)
        if costs:
            options.extend(attack_options(game, creature, allowed))
    if not required:
        options.append(_FINISH_ATTACKERS)
    return Decision(player, ATTACKERS_DECISION, tuple(options))


# The option to finish a declaration: it has no fields, one value serves every decision (frozen, compared by type).
_FINISH_ATTACKERS: Final = FinishAttackers()
_FINISH_BLOCKERS: Final = FinishBlockers()


def _only(options: tuple[object, ...], finish: type) -> bool:
    """Is ``finish`` (FinishAttackers or FinishBlockers, which have no fields) the only option? The same as
    ``options == (finish(),)``, without making one and comparing it with each option's dataclass ``__eq__``."""
    return len(options) == 1 and type(options[0]) is finish


def begin_declare_attackers(game: Game) -> None:
    """Turn-based action of the declare attackers step (CR 508.1)."""
    game.combat = Combat.empty()  # (the class named: compiled, a native call; through the type, a generic one)
    game.turn_log.this.pop("attack_costs", None)
    game.turn_log.this.pop("attacked_players", None)
    decision = attack_decision(game)
    if _only(decision.options, FinishAttackers):
        finish_attackers(game)  # nothing can attack: the declaration is empty
    else:
        game.combat.declaring_attackers = True  # 508.1k: chosen creatures are not attacking yet
        game.pending = decision


def declare_attacker(game: Game, action: DeclareAttacker) -> None:
    game.combat.attackers[action.creature] = action.defender
    if action.exert or action.enlist >= 0:
        from systems.mechanics.attack_costs import declare

        declare(game, action)  # optional costs to attack, paid as the declaration is finished (508.1g-j)
    game.pending = attack_decision(game)
    if _only(game.pending.options, FinishAttackers) and game.auto_pass:
        game.pending = None
        finish_attackers(game)


def finish_attackers(game: Game) -> None:
    """CR 508.1f: attacking creatures become tapped, except those with vigilance (702.20b);
    508.1m: "whenever ... attacks" abilities trigger (an event for the trigger system)."""
    t = game.table
    game.combat.declaring_attackers = False  # 508.1k: the chosen creatures are attacking creatures now
    # emit matches an attack only against the abilities that can see one (603.2): with none, no event is made
    watched = bool(game.trigger_sources) and bool(sources(game, Attacked))
    for creature, defender in game.combat.attackers.items():
        # (read at each creature: a trigger of the one before may have refreshed the layers)
        if not t.live_list("keywords")[t.row_of[creature]] & _VIGILANCE:
            t.tap(creature)
            if game.trigger_sources:
                became_tapped(game, [creature])  # 508.1f, 701.21a
        if game.log_enabled:  # (the names are looked up only for a log)
            game.say(f"{game.name(creature)} attacks {game.name(defender)}")
        if watched:
            emit(game, Attacked(creature, defender, game.active))
    if game.turn_log.this.get("attack_costs"):
        from systems.mechanics.attack_costs import pay_attack_costs

        pay_attack_costs(game)  # 508.1j: exert (701.39a), enlist (702.154a); their "When you do" abilities trigger
    if game.combat.attackers:
        game.table.mark_changed(layers=game.table.combat_read, sba=False)  # "attacking creatures get ..."
        attacked(game, game.active)  # "if you attacked this turn" (raid)
        # The players attacked this combat ("each opponent you attacked with a creature this combat": melee 702.121a)
        game.turn_log.this["attacked_players"] = {game.player_of_entity[d] for d in game.combat.attackers.values()
                                              if d in game.player_of_entity}


# ------------------------------------------------------------------ declare blockers (CR 509)


def _defending_player_of(game: Game, attacker: int) -> int:
    d = game.combat.attackers[attacker]
    if d in game.player_of_entity:
        return game.player_of_entity[d]
    if d in game.table.row_of:
        return game.table.get(d, "controller")
    return int(game.lki.get(d, {}).get("controller", -1))


def block_decision(game: Game, player: int) -> Decision:
    """One more block, or finish (509.1a-c).

    702.111b (menace): a first blocker is offered only when another creature could join it, and
    while a menace attacker has a single blocker the only options are to add a second one, so the
    declaration can always be completed legally.
    """
    t = game.table
    if t.layers_dirty:  # (tested here: most calls find the layers current, and the call's frame costs more)
        game.refresh_layers()
    n = t.n
    combat = game.combat
    attackers = [a for a in combat.attackers if a in t.row_of and _defending_player_of(game, a) == player]
    if not attackers:
        return Decision(player, BLOCKERS_DECISION, (_FINISH_BLOCKERS,))  # nothing attacks this player
    menace = _MENACE
    short = [a for a in attackers if len(combat.blocked.get(a, ())) == 1 and t.get(a, "keywords") & menace]
    targets = short or attackers
    if n <= 2 * FEW_PERMANENTS and not game.static_rule_sources:
        # A small table: the controllers read as a list (the table's kept one: comparing the int8 column with a
        # Python int, and finding the rows, costs more numpy calls than the whole column read).
        controller: list[int] = t.live_list("controller")
        if controller.count(player) <= FEW_PERMANENTS:
            pairs = _block_pairs_listed(game, player, controller, targets, bool(short))
        else:
            rows = np.array([r for r, c in enumerate(controller) if c == player], dtype=np.int64)
            pairs = _block_pairs_by_column(game, rows, targets, bool(short))
    else:
        rows = (t.controller[:n] == player).nonzero()[0]
        if len(rows) <= FEW_PERMANENTS and not game.static_rule_sources:
            pairs = _block_pairs_small(game, player, rows, targets, bool(short))
        else:
            pairs = _block_pairs_by_column(game, rows, targets, bool(short))
    made = _BLOCK_OPTIONS
    if len(made) > _MAX_BLOCK_OPTIONS:
        made.clear()
    options: list = [made.get(pair) or _block_option(pair) for pair in pairs]
    if not short:
        options.append(_FINISH_BLOCKERS)
    return Decision(player, BLOCKERS_DECISION, tuple(options))


# The option to add each (blocker, attacker) block, made once and offered again at each block decision that allows
# it: a DeclareBlocker is a frozen value, the same as one made anew, in any game (making one costs ~20 dict reads).
_BLOCK_OPTIONS: Final[dict[tuple[int, int], DeclareBlocker]] = {}
_MAX_BLOCK_OPTIONS: Final = 1 << 16  # (emptied when it grows past this: entity ids only grow in a game)


def _block_option(pair: tuple[int, int]) -> DeclareBlocker:
    option = _BLOCK_OPTIONS[pair] = DeclareBlocker(pair[0], pair[1])
    return option


def _block_pairs_by_column(game: Game, rows: np.ndarray, targets: list[int], short: bool) -> list[tuple[int, int]]:
    """:func:`block_decision`'s (blocker, attacker) options with column operations: ``rows`` are the defending
    player's permanents, ``targets`` the attackers a block may be added to (``short``: menace attackers with one
    blocker, which must get a second one)."""
    t = game.table
    combat = game.combat
    rows = rows[block_eligible(t, rows)]
    if combat.blocking:  # a creature already blocking may block more only up to its capacity (509.1a)
        used = np.array([len(combat.blocking.get(e, ())) for e in t.entity[rows].tolist()], dtype=np.int64)
        rows = rows[used < block_capacity(t.keywords[rows])]
    options: list[tuple[int, int]] = []
    if len(rows) and targets:
        a_rows = np.array([t.row_of[a] for a in targets], dtype=np.int64)
        # every (blocker, attacker) pair: bb[i, j] = rows[i], aa[i, j] = a_rows[j]
        bb = np.repeat(rows, len(a_rows)).reshape(len(rows), len(a_rows))
        aa = np.tile(a_rows, (len(rows), 1))
        lands = None  # 702.14c: the defending player's lands matter only to an attacker with landwalk
        if ((t.keywords[a_rows] & LANDWALK) != ZERO).any():
            lands = landwalk_bits(game)[t.controller[bb.ravel()].astype(np.int64)]
        legal = can_block_mask(t, bb.ravel(), aa.ravel(), lands).reshape(bb.shape)
        if game.static_rule_sources:  # restrictions that depend on the other creature (509.1b)
            from systems.static_rules import restrict_blocks

            restrict_blocks(game, bb, aa, legal, [len(combat.blocked.get(a, ())) for a in targets])
        blockers = t.entity[rows].tolist()
        for i, b in enumerate(blockers):
            already = combat.blocking.get(b, ())
            for j in np.flatnonzero(legal[i]).tolist():
                a = targets[j]
                if a in already:
                    continue
                if not short and t.keywords[a_rows[j]] & MENACE and not combat.blocked.get(a):
                    if int(legal[:, j].sum()) < 2:
                        continue  # 702.111b: no second creature could join this block
                options.append((b, a))
    return options


def _block_pairs_small(game: Game, player: int, rows: np.ndarray, targets: list[int], short: bool) -> list[
        tuple[int, int]]:
    """:func:`_block_pairs_by_column` for a player's few permanents (``rows``), in plain Python (no static ability
    restricts blocks: ``restrict_blocks`` works on the grid of the column form)."""
    controller = [-1] * game.table.n
    for r in rows.tolist():
        controller[r] = player
    return _block_pairs_listed(game, player, controller, targets, short)


def _block_pairs_listed(game: Game, player: int, controller: list[int], targets: list[int], short: bool) -> list[
        tuple[int, int]]:
    """:func:`_block_pairs_small` from the table's controller column read as a list (``controller``)."""
    t = game.table
    combat = game.combat
    creature, battle, cant_block, unleash = _CREATURE, _BATTLE, _CANT_BLOCK, _UNLEASH
    blocks_any, blocks_additional = _BLOCKS_ANY, _BLOCKS_ADDITIONAL
    # The player's creatures (not battles), read from the table's kept lists (a list index is native compiled,
    # where a numpy read or a C iterator is a generic call).
    types: list[int] = t.live_list("types")
    keywords: list[int] = t.live_list("keywords")
    colors: list[int] = t.live_list("colors")
    tapped, entities = t.tapped_list, t.entity_list  # (read within this call, which writes no row)
    blockers: list[tuple[int, int, int, int]] = []  # entity, types, keywords, colours
    for r in range(len(controller)):
        kind = types[r]
        # 509.1a-b (block_eligible): untapped creatures (not battles) without "can't block"; unleash (702.98a)
        if not kind & creature or controller[r] != player or kind & battle or tapped[r]:
            continue
        kw = keywords[r]
        if kw & cant_block or (kw & unleash and t.plus1.item(r) != 0):
            continue
        e = entities[r]
        if combat.blocking:  # a creature already blocking may block more only up to its capacity (509.1a)
            capacity = ANY_NUMBER if kw & blocks_any else 1 + (1 if kw & blocks_additional else 0)
            if len(combat.blocking.get(e, ())) >= capacity:
                continue
        blockers.append((e, kind, kw, colors[r]))
    if not blockers or not targets:
        return []
    a_rows = [t.row_of[a] for a in targets]
    a_kw: list[int] = live_at(t, "keywords", a_rows)
    any_kw = reduce(or_, a_kw, 0)  # (the attackers' abilities together, for the tests below)
    shadow = _SHADOW
    if not any_kw & _EVASION:
        # No attacker has an ability that can_block_pair tests: its answer for each pair, without the calls, is
        # that any creature without shadow may block (702.28b).
        legal = [[not bkw & shadow] * len(a_kw) for _, _, bkw, _ in blockers]
    else:
        a_colors: list[int] = live_at(t, "colors", a_rows)
        lands = 0  # 702.14c: the defending player's lands matter only to an attacker with landwalk
        if any_kw & _LANDWALK:
            lands = int(landwalk_bits(game)[player])
        # (zip without strict: a generic call compiled; a_kw and a_colors are read at the same rows)
        legal = [[can_block_pair(bkw, btypes, bcolors, akw, acolors, lands)
                  for akw, acolors in zip(a_kw, a_colors)]  # noqa: B905
                 for _, btypes, bkw, bcolors in blockers]
    menace = _MENACE
    options: list[tuple[int, int]] = []
    for i, (b, _, _, _) in enumerate(blockers):
        already = combat.blocking.get(b, ())
        for j, ok in enumerate(legal[i]):
            if not ok:
                continue
            a = targets[j]
            if a in already:
                continue
            if not short and a_kw[j] & menace and not combat.blocked.get(a):
                if sum(row[j] for row in legal) < 2:
                    continue  # 702.111b: no second creature could join this block
            options.append((b, a))
    return options


# can_block_pair's masks as Python ints
_PROTECTION = (1 << QUALITY_BITS) - 1
_UNBLOCKABLE, _FLYING, _FLY_OR_REACH, _FEAR, _INTIMIDATE = (
    int(UNBLOCKABLE), int(FLYING), int(FLY_OR_REACH), int(FEAR), int(INTIMIDATE))
_ARTIFACT, _BLACK, _LANDWALK, _SHADOW, _HORSEMANSHIP = (
    int(ARTIFACT), int(BLACK), int(LANDWALK), int(SHADOW), int(HORSEMANSHIP))
# Every ability of an attacker that can_block_pair tests (the abilities that restrict its blockers)
_EVASION = (_UNBLOCKABLE | _FLYING | _FEAR | _INTIMIDATE | (_PROTECTION << PROTECTION_SHIFT) | _LANDWALK | _SHADOW
            | _HORSEMANSHIP)


def can_block_pair(bkw: int, btypes: int, bcolors: int, akw: int, acolors: int, lands: int) -> bool:
    """:func:`can_block_mask` of one blocker and one attacker, in Python ints (``lands``: the landwalk bits the
    defending player's lands match, 702.14c)."""
    if akw & _UNBLOCKABLE:
        return False  # "can't be blocked"
    if akw & _FLYING and not bkw & _FLY_OR_REACH:
        return False  # 702.9b, 702.17b
    if akw & _FEAR and not (btypes & _ARTIFACT or bcolors & _BLACK):
        return False  # 702.36b
    if akw & _INTIMIDATE and not (btypes & _ARTIFACT or bcolors & acolors):
        return False  # 702.13b
    if (akw >> PROTECTION_SHIFT) & _PROTECTION and (akw >> PROTECTION_SHIFT) & _PROTECTION & scalar_qualities(
            bcolors, btypes):
        return False  # 702.16f
    if akw & lands & _LANDWALK:
        return False  # 702.14c: landwalk
    if bool(akw & _SHADOW) != bool(bkw & _SHADOW):
        return False  # 702.28b: shadow only blocks and is blocked by shadow
    return not (akw & _HORSEMANSHIP and not bkw & _HORSEMANSHIP)  # 702.31b


def begin_declare_blockers(game: Game) -> None:
    """Turn-based action of the declare blockers step (CR 509.1), defending players in turn order."""
    game.combat.blockers_queue = [
        p for p in _turn_order_from(game, game.active) if p != game.active and not game.player_states[p].lost
    ]
    _next_blocker_player(game)


def _turn_order_from(game: Game, start: int) -> list[int]:
    return [(start + i) % game.num_players for i in range(game.num_players)]


def _next_blocker_player(game: Game) -> None:
    while game.combat.blockers_queue:
        player = game.combat.blockers_queue[0]
        decision = block_decision(game, player)
        if _only(decision.options, FinishBlockers):
            game.combat.blockers_queue.pop(0)
            continue
        game.pending = decision
        return
    _finish_all_blocks(game)


def declare_blocker(game: Game, action: DeclareBlocker) -> None:
    game.combat.blocking.setdefault(action.blocker, []).append(action.attacker)
    game.combat.blocked.setdefault(action.attacker, []).append(action.blocker)
    player = game.combat.blockers_queue[0]
    decision = block_decision(game, player)
    if _only(decision.options, FinishBlockers) and game.auto_pass:
        game.combat.blockers_queue.pop(0)
        _next_blocker_player(game)
    else:
        game.pending = decision


def finish_blockers(game: Game) -> None:
    game.combat.blockers_queue.pop(0)
    _next_blocker_player(game)


def _finish_all_blocks(game: Game) -> None:
    """509.1g-i: blocks are made; "whenever ... blocks" abilities trigger; the combat is locked in."""
    t = game.table
    # emit matches a block only against the abilities that can see one (603.2): with none, no event is made
    watched = bool(game.trigger_sources) and bool(sources(game, Blocked))
    for blocker, attackers in game.combat.blocking.items():
        for a in attackers:
            if game.log_enabled:  # (the names are looked up only for a log)
                game.say(f"{game.name(blocker)} blocks {game.name(a)}")
            if watched:
                emit(game, Blocked(blocker, a, t.get(blocker, "controller")))
    if game.trigger_sources and sources(game, Unblocked):
        for a in list(game.combat.attackers):
            if a not in game.combat.blocked and a in t.row_of:  # 509.1h, 509.3g: "attacks and isn't blocked"
                emit(game, Unblocked(a, t.get(a, "controller")))
    flanking_blocks(game, [(b, a) for b, attackers in game.combat.blocking.items() for a in attackers])
    lock_in(game)
    if game.combat.blocking:
        t.mark_changed(layers=t.combat_read, sba=False)  # 509.1g: blocking now ("blocking creatures get ...")


def flanking_blocks(game: Game, pairs: list[tuple[int, int]]) -> None:
    """702.25a: each block of a creature with flanking by a creature without it triggers its flanking."""
    if not pairs:
        return
    t = game.table
    rows = [r for r in (t.row_of.get(a, -1) for _, a in pairs) if r >= 0]
    flanking = _FLANKING
    if not any(kw & flanking for kw in live_at(t, "keywords", rows)):
        return
    from systems.mechanics.flanking import flanking_trigger

    for b, a in pairs:
        flanking_trigger(game, b, a)


def lock_in(game: Game) -> None:
    """Copy the declared attackers and blocks into the combat arrays (entity ids). They are kept as lists
    (``Combat.lock``): a small combat's damage steps read lists (``_Standing``, ``_plan_small``), and the arrays are
    made only if something reads them (seven arrays of a few entries cost more than the lists they were read back as)."""
    c = game.combat
    t = game.table
    attackers = c.attackers
    att = list(attackers)
    index = {a: i for i, a in enumerate(att)}
    pairs = [(b, index[a]) for b, blocked in c.blocking.items() for a in blocked if a in index]
    row_of = t.row_of
    c.lock((att, [attackers[a] for a in att], [_defending_player_of(game, a) for a in att],
            [a in c.blocked for a in att], [b for b, _ in pairs], [i for _, i in pairs],
            [t.get(b, "controller") if b in row_of else -1 for b, _ in pairs]))


def declare_bulk(game: Game, attackers: np.ndarray, defenders: np.ndarray | int,
                 blockers: np.ndarray | None = None, blocked: np.ndarray | None = None, *,
                 auto_assign: bool = True) -> None:
    """Declare a whole combat at once from arrays (the active player's ``attackers``, each attacking
    the matching entry of ``defenders``; each ``blockers[i]`` blocking ``blocked[i]``).

    Every restriction and requirement of the one-at-a-time declaration is checked, as column
    operations (508.1a-d, 509.1a-c, 702.111b); an illegal declaration raises IllegalActionError and
    changes nothing (508.1, 509.1: the game returns to the moment before). With ``auto_assign``
    damage divisions that would be decisions use the default rule of :func:`_default_division`.
    """
    game.refresh_layers()
    t = game.table
    n = t.n
    att = np.asarray(attackers, dtype=np.int64)
    dfd = np.broadcast_to(np.asarray(defenders, dtype=np.int64), att.shape).copy()
    blk = np.asarray(blockers if blockers is not None else [], dtype=np.int64)
    blk_att = np.asarray(blocked if blocked is not None else [], dtype=np.int64)
    a_rows = entity_rows(t, att)
    if (a_rows < 0).any() or np.bincount(a_rows, minlength=1).max(initial=0) > 1:
        raise IllegalActionError("attackers must be distinct permanents on the battlefield")
    if (t.controller[a_rows] != game.active).any() or not attack_eligible(t, a_rows).all():
        raise IllegalActionError("a creature that can't attack was declared as an attacker (CR 508.1a-c)")
    mine = (t.controller[:n] == game.active).nonzero()[0]
    must = mine[attack_eligible(t, mine) & ((t.keywords[mine] & REQUIRED) != ZERO)]
    if not np.isin(t.entity[must], att).all():
        raise IllegalActionError("a creature that attacks each combat if able did not attack (CR 508.1d)")
    d_player = player_indices(game, dfd)
    d_rows = entity_rows(t, dfd)
    pw_ok = (d_rows >= 0) & ((t.types[np.maximum(d_rows, 0)] & PLANESWALKER) != 0)
    d_player = np.where(d_player >= 0, d_player, np.where(pw_ok, t.controller[np.maximum(d_rows, 0)], -1))
    opponents = np.array(game.opponents(game.active), dtype=np.int64)
    if not np.isin(d_player, opponents).all():
        raise IllegalActionError("each attacker must attack an opponent or their planeswalker (CR 508.1b)")
    if game.static_rule_sources:
        from systems.static_rules import bulk_attacks_ok

        if not bulk_attacks_ok(game, a_rows, d_player):
            raise IllegalActionError("a creature can't attack that player (CR 508.1c)")
    index = np.full(len(att), 0, dtype=np.int64)
    if len(blk):
        slot = np.full(int(max(att.max(initial=0), blk_att.max(initial=0))) + 1, -1, dtype=np.int64)
        slot[att] = np.arange(len(att))
        index = slot[np.maximum(blk_att, 0)]
        if (blk_att < 0).any() or (index < 0).any():
            raise IllegalActionError("a creature blocked something that is not attacking (CR 509.1a)")
        b_rows = entity_rows(t, blk)
        if (b_rows < 0).any() or not block_eligible(t, b_rows).all():
            raise IllegalActionError("a creature that can't block was declared as a blocker (CR 509.1a-b)")
        if (t.controller[b_rows] != d_player[index]).any():
            raise IllegalActionError("a creature may only block a creature attacking its controller (CR 509.1a)")
        lands = landwalk_bits(game)[t.controller[b_rows].astype(np.int64)]
        if not can_block_mask(t, b_rows, a_rows[index], lands).all():
            raise IllegalActionError("a creature can't block that attacker (CR 509.1b)")
        if game.static_rule_sources:
            from systems.static_rules import bulk_blocks_ok

            if not bulk_blocks_ok(game, b_rows, a_rows[index]):
                raise IllegalActionError("a restriction forbids that block (CR 509.1b)")
        per_blocker = np.bincount(b_rows, minlength=n)[b_rows]
        if (per_blocker > block_capacity(t.keywords[b_rows])).any():
            raise IllegalActionError("a creature blocked more attackers than it can (CR 509.1a)")
        multi = per_blocker > 1
        pair_key = b_rows[multi] * (len(att) + 1) + index[multi]
        if len(np.unique(pair_key)) != len(pair_key):
            raise IllegalActionError("a creature can block the same attacker only once (CR 509.1a)")
        per_attacker = np.bincount(index, minlength=len(att))
        menace = (t.keywords[a_rows] & MENACE) != ZERO
        if (menace & (per_attacker == 1)).any():
            raise IllegalActionError("a creature with menace was blocked by one creature (CR 702.111b)")
        pair_player = t.controller[b_rows].astype(np.int64)
    else:
        pair_player = np.zeros(0, dtype=np.int64)
    game.combat = Combat.empty()
    c = game.combat
    att_blocked = np.zeros(len(att), dtype=bool)
    att_blocked[index[: len(blk)]] = len(blk) > 0
    c.set_arrays(att, dfd, d_player.astype(np.int64), att_blocked, blk, index[: len(blk)], pair_player)
    c.auto_assign = auto_assign
    c.bulk = True
    tap = a_rows[(t.keywords[a_rows] & VIGILANCE) == ZERO]  # 508.1f, 702.20b
    newly = t.tap_rows(tap)
    if game.trigger_sources and len(newly):
        became_tapped(game, t.entity[newly].tolist())  # 508.1f, 701.21a
    if len(att):
        attacked(game, game.active)  # "if you attacked this turn" (raid)
    if game.trigger_sources:
        for a, d in zip(att.tolist(), dfd.tolist(), strict=True):
            emit(game, Attacked(a, d, game.active))
        for b, a in zip(blk.tolist(), np.asarray(blk_att).tolist(), strict=True):
            emit(game, Blocked(b, a, int(t.controller[t.row_of[b]])))
    if len(blk):
        flanking_blocks(game, list(zip(blk.tolist(), np.asarray(blk_att).tolist(), strict=True)))


# ------------------------------------------------------------------ combat damage (CR 510)


class _Step:
    """Who is still in combat and who deals damage in the current damage step, as arrays."""

    def __init__(self, game: Game, first_strike_step: bool) -> None:
        c = game.combat
        t = game.table
        self.a_row = entity_rows(t, c.att)
        r = np.maximum(self.a_row, 0)
        # 506.4: a creature that left the battlefield, stopped being a creature or changed controller
        # is removed from combat.
        self.a_ok = (self.a_row >= 0) & ((t.types[r] & CREATURE) != 0) & (t.controller[r] == game.active)
        if not c.bulk:
            # Removed from combat by an effect (regeneration, 701.15a) while staying on the battlefield.
            self.a_ok &= np.fromiter((a in c.attackers for a in c.att.tolist()), dtype=bool, count=len(c.att))
        self.p_row = entity_rows(t, c.pair_blocker)
        pr = np.maximum(self.p_row, 0)
        self.p_ok = ((self.p_row >= 0) & ((t.types[pr] & CREATURE) != 0) & (t.controller[pr] == c.pair_player)
                     & self.a_ok[c.pair_attacker])
        if not c.bulk:
            self.p_ok &= np.fromiter((b in c.blocking for b in c.pair_blocker.tolist()), dtype=bool,
                                     count=len(c.pair_blocker))
        a_kw = t.keywords[r]
        p_kw = t.keywords[pr]
        if first_strike_step:
            a_now = (a_kw & FS_OR_DS) != ZERO
            p_now = (p_kw & FS_OR_DS) != ZERO
        elif c.no_fs_att is not None:
            # 510.4, 702.7b-c, 702.4c-d: the second step is for those that had neither ability as
            # the first step began, and for those that have double strike now.
            a_now = c.no_fs_att | ((a_kw & DOUBLE_STRIKE) != ZERO)
            p_now = c.no_fs_pair | ((p_kw & DOUBLE_STRIKE) != ZERO)
        else:
            a_now = np.ones(len(c.att), dtype=bool)
            p_now = np.ones(len(c.pair_blocker), dtype=bool)
        self.a_power = t.power[r].astype(np.int64)
        self.p_power = t.power[pr].astype(np.int64)
        self.a_kw = a_kw
        self.a_deals = self.a_ok & a_now & (self.a_power > 0)  # 510.1a
        self.p_deals = self.p_ok & p_now & (self.p_power > 0)
        # What each attacker is attacking, and whether it is still there (506.4c).
        d = c.att_defender
        self.d_is_player = player_indices(game, d) >= 0
        d_row = entity_rows(t, d)
        dr = np.maximum(d_row, 0)
        lost = np.array([s.lost for s in game.player_states] + [True])[np.where(c.att_player >= 0, c.att_player, -1)]
        self.d_ok = np.where(
            self.d_is_player, ~lost,
            (d_row >= 0) & ((t.types[dr] & PLANESWALKER) != 0) & (t.controller[dr] == c.att_player),
        )
        players = np.array(game.players + [-1], dtype=np.int64)
        self.d_player_ent = players[np.where(c.att_player >= 0, c.att_player, -1)]
        self.live = np.bincount(c.pair_attacker[self.p_ok], minlength=len(c.att))


def first_strike_needed(game: Game) -> bool:
    """CR 510.4, 702.7b, 702.4b: a first-strike damage step exists if a combatant has either keyword."""
    game.refresh_layers()
    c = game.combat
    if not c.locked_in:
        lock_in(game)
    t = game.table
    if not c.bulk and _small(c):
        row_of = t.row_of
        att, _, _, _, pair_blocker, _, _ = c.lists()
        on_field = [row_of[e] for e in att + pair_blocker if e in row_of]
        fs_or_ds = _FS_OR_DS
        for kw in live_at(t, "keywords", on_field):  # noqa: SIM110 - not any(): a generator costs a call per creature
            if kw & fs_or_ds:
                return True
        return False
    a_row = entity_rows(t, c.att)
    p_row = entity_rows(t, c.pair_blocker)
    rows = np.concatenate([a_row[a_row >= 0], p_row[p_row >= 0]])
    return bool(((t.keywords[rows] & FS_OR_DS) != ZERO).any())


def _lethal_need(t: PermanentTable, rows: np.ndarray, deathtouch: np.ndarray) -> np.ndarray:
    """Lethal damage still needed by creatures (702.19b: marked damage counts; 702.2c: any nonzero
    amount from a deathtouch source is lethal)."""
    need = np.maximum(t.toughness[rows].astype(np.int64) - t.damage[rows], 0)
    return np.where(deathtouch, np.minimum(need, 1), need)


def _divide_in_order(group: np.ndarray, need: np.ndarray, power: np.ndarray, n_groups: int) -> tuple[
        np.ndarray, np.ndarray]:
    """Give each member of each group (contiguous, in order) lethal damage out of its group's power.

    Returns the amount per member and the power left over per group.
    """
    cum = np.cumsum(need)
    before = cum - need
    start = np.searchsorted(group, np.arange(n_groups))
    offset = np.where(start < len(group), before[np.minimum(start, max(len(group) - 1, 0))], 0) \
        if len(group) else np.zeros(n_groups, dtype=np.int64)
    excl = before - offset[group]
    amount = np.clip(power[group] - excl, 0, need)
    left = power - np.bincount(group, weights=amount, minlength=n_groups).astype(np.int64)
    return amount, left


def _default_division(game: Game, s: _Step, units_a: np.ndarray, units_b_pairs: np.ndarray) -> tuple[
        np.ndarray, np.ndarray, np.ndarray]:
    """The default rule for divisions nobody is asked about (a bulk combat): each blocker in block
    order is assigned lethal damage, the rest goes to the player or planeswalker with trample
    (702.19b; attacking a planeswalker, all of it to the planeswalker, 702.19c) and otherwise to
    the first blocker; a blocker blocking several creatures does the same without trample.
    Every result is a legal assignment (510.1c-d)."""
    c = game.combat
    t = game.table
    src: list[np.ndarray] = []
    rec: list[np.ndarray] = []
    amt: list[np.ndarray] = []
    # Attackers: members are their live block pairs, grouped by attacker.
    if len(units_a):
        unit_of = np.full(len(c.att), -1, dtype=np.int64)
        unit_of[units_a] = np.arange(len(units_a))
        pairs = np.flatnonzero(s.p_ok & (unit_of[c.pair_attacker] >= 0))
        group = unit_of[c.pair_attacker[pairs]]
        order = np.argsort(group, kind="stable")
        pairs, group = pairs[order], group[order]
        dt = (s.a_kw[units_a][group] & DEATHTOUCH) != ZERO
        need = _lethal_need(t, s.p_row[pairs], dt)
        power = s.a_power[units_a]
        amount, left = _divide_in_order(group, need, power, len(units_a))
        trample = (s.a_kw[units_a] & TRAMPLE_ANY) != ZERO
        topw = (s.a_kw[units_a] & TRAMPLE_OVER_PW) != ZERO
        excess_to = np.where(s.d_ok[units_a], c.att_defender[units_a],
                             np.where(topw & ~s.d_is_player[units_a], s.d_player_ent[units_a], -1))
        spill = trample & (excess_to >= 0) & (left > 0)
        has_members = np.bincount(group, minlength=len(units_a)) > 0
        to_first = (left > 0) & ~spill & has_members
        first = np.searchsorted(group, np.arange(len(units_a)))
        amount = amount + np.bincount(first[to_first], weights=left[to_first], minlength=len(pairs)).astype(np.int64)
        src += [c.att[units_a][group], c.att[units_a][spill]]
        rec += [c.pair_blocker[pairs], excess_to[spill]]
        amt += [amount, left[spill]]
    # Blockers blocking several attackers: members are their live pairs, grouped by blocker.
    if len(units_b_pairs):
        uniq, group = np.unique(c.pair_blocker[units_b_pairs], return_inverse=True)
        order = np.argsort(group, kind="stable")
        pairs, group = units_b_pairs[order], group[order]
        first = np.searchsorted(group, np.arange(len(uniq)))
        dt = (t.keywords[s.p_row[pairs]] & DEATHTOUCH) != ZERO
        need = _lethal_need(t, s.a_row[c.pair_attacker[pairs]], dt)
        power = s.p_power[pairs[first]]
        amount, left = _divide_in_order(group, need, power, len(uniq))
        amount = amount + np.bincount(first, weights=left, minlength=len(pairs)).astype(np.int64)
        src.append(c.pair_blocker[pairs])
        rec.append(c.att[c.pair_attacker[pairs]])
        amt.append(amount)
    if not src:
        empty = np.zeros(0, dtype=np.int64)
        return empty, empty, empty
    return np.concatenate(src), np.concatenate(rec), np.concatenate(amt)


def _plan(game: Game, s: _Step) -> tuple[tuple[np.ndarray, np.ndarray, np.ndarray], np.ndarray, np.ndarray]:
    """Forced assignments of the step as (sources, recipients, amounts), and the attackers (indices)
    and blocker pairs (indices) whose division may be a choice."""
    c = game.combat
    deals = s.a_deals
    trample = (s.a_kw & TRAMPLE_ANY) != ZERO
    topw = (s.a_kw & TRAMPLE_OVER_PW) != ZERO
    pw_attack = ~s.d_is_player
    # Unblocked (510.1b), or blocked with trample but no blockers left (702.19d): to what it attacks.
    # With trample over planeswalkers, damage may also go to the planeswalker's controller (702.19c),
    # and goes to the defending player if the planeswalker has left combat (702.19e).
    open_ = deals & (~c.att_blocked | (trample & (s.live == 0)))
    split = open_ & topw & pw_attack & s.d_ok
    to_def = open_ & s.d_ok & ~split
    to_player = open_ & ~s.d_ok & topw & pw_attack
    # Blocked by exactly one creature, no trample: all of it to that creature (510.1c).
    single = deals & c.att_blocked & (s.live == 1) & ~trample
    choice_a = np.flatnonzero(split | (deals & c.att_blocked & ((s.live >= 2) | ((s.live == 1) & trample))))
    src = [c.att[to_def], c.att[to_player]]
    rec = [c.att_defender[to_def], s.d_player_ent[to_player]]
    amt = [s.a_power[to_def], s.a_power[to_player]]
    single_pairs = np.flatnonzero(s.p_ok & single[c.pair_attacker])
    src.append(c.att[c.pair_attacker[single_pairs]])
    rec.append(c.pair_blocker[single_pairs])
    amt.append(s.a_power[c.pair_attacker[single_pairs]])
    # Blockers (510.1d): one creature blocked -> all to it; several -> a division.
    dealing = np.flatnonzero(s.p_deals)
    live_rows = s.p_row[np.flatnonzero(s.p_ok)]
    alone = np.bincount(live_rows, minlength=game.table.n)[s.p_row[dealing]] == 1
    bp = dealing[alone]
    src.append(c.pair_blocker[bp])
    rec.append(c.att[c.pair_attacker[bp]])
    amt.append(s.p_power[bp])
    forced = (np.concatenate(src).astype(np.int64), np.concatenate(rec).astype(np.int64),
              np.concatenate(amt).astype(np.int64))
    return forced, choice_a, dealing[~alone]


class _Standing:
    """Who is still in combat and what each attacker attacks, for a combat declared one at a time, in plain Python
    lists (:class:`_Step`'s ``a_ok``, ``p_ok``, ``d_is_player``, ``d_ok`` and ``d_player_ent``), with the columns of
    the combatants' rows that the plan reads (attackers, then block pairs, then what the attackers attack)."""

    def __init__(self, game: Game) -> None:
        c = game.combat
        t = game.table
        row_of = t.row_of
        self.att, self.defender, att_player, self.blocked, self.pair_blocker, self.pair_attacker, pair_player = (
            c.lists())
        att, pair_blocker, pair_attacker = self.att, self.pair_blocker, self.pair_attacker
        na, npairs = len(att), len(pair_blocker)
        self.a_row = a_row = [row_of.get(e, -1) for e in att]
        self.p_row = p_row = [row_of.get(e, -1) for e in pair_blocker]
        d_row = [row_of.get(e, -1) for e in self.defender]
        # One gather per column for every row read (a missing object reads row 0, as the column path does; its
        # values are never used).
        rows = [max(r, 0) for r in a_row + p_row + d_row]
        self.rows = rows
        types: list[int] = live_at(t, "types", rows)
        controller: list[int] = live_at(t, "controller", rows)
        creature, planeswalker = _CREATURE, _PLANESWALKER
        # 506.4: a creature that left the battlefield, stopped being a creature or changed controller is removed
        # from combat, and so is one removed from combat by an effect (regeneration, 701.15a).
        self.a_ok = a_ok = [a_row[i] >= 0 and bool(types[i] & creature) and controller[i] == game.active
                            and att[i] in c.attackers for i in range(na)]
        self.p_ok = [p_row[k] >= 0 and bool(types[na + k] & creature) and controller[na + k] == pair_player[k]
                     and a_ok[pair_attacker[k]] and pair_blocker[k] in c.blocking for k in range(npairs)]
        # What each attacker is attacking, and whether it is still there (506.4c).
        players = game.players
        lost = [s.lost for s in game.player_states]
        self.d_is_player = d_is_player = [d in players for d in self.defender]
        d_ok = []
        for i in range(na):
            p = att_player[i]
            if d_is_player[i]:
                d_ok.append(not lost[p] if p >= 0 else False)
            else:
                j = na + npairs + i
                d_ok.append(d_row[i] >= 0 and bool(types[j] & planeswalker) and controller[j] == p)
        self.d_ok = d_ok
        self.d_player_ent = [players[p] if p >= 0 else -1 for p in att_player]


def _small(c: Combat) -> bool:
    """Is this combat declared one at a time (its declarations locked in) small enough for :func:`_plan_small`?"""
    att, _, _, _, pair_blocker, _, _ = c.lists()
    return len(att) + len(pair_blocker) <= SMALL_COMBAT


def _plan_small(game: Game, first_strike_step: bool) -> tuple[list[int], list[int], list[int], list[int], list[int]]:
    """:func:`_plan` of ``_Step(game, first_strike_step)`` for a combat of a few creatures declared one at a time,
    in plain Python: the same rules (and the same order of events) as the column path, without its dozens of numpy
    calls on arrays of two or three entries. Returns the forced sources, recipients and amounts, the attackers
    (indices) and the blocker pairs (indices) whose division may be a choice."""
    c = game.combat
    t = game.table
    s = _Standing(game)
    att, defender, pair_blocker, pair_attacker = s.att, s.defender, s.pair_blocker, s.pair_attacker
    blocked = s.blocked
    na, npairs = len(att), len(pair_blocker)
    p_row = s.p_row
    keywords: list[int] = live_at(t, "keywords", s.rows)
    power: list[int] = live_at(t, "power", s.rows)
    fs_or_ds, double_strike = _FS_OR_DS, _DOUBLE_STRIKE
    a_ok, p_ok = s.a_ok, s.p_ok
    a_kw = keywords[:na]
    p_kw = keywords[na:na + npairs]
    if first_strike_step:
        a_now = [bool(kw & fs_or_ds) for kw in a_kw]
        p_now = [bool(kw & fs_or_ds) for kw in p_kw]
    elif c.no_fs_att is not None:
        # 510.4, 702.7b-c, 702.4c-d: the second step is for those that had neither ability as the first step began,
        # and for those that have double strike now.
        a_now = [no_fs or bool(kw & double_strike) for no_fs, kw in zip(c.no_fs_att.tolist(), a_kw, strict=True)]
        p_now = [no_fs or bool(kw & double_strike) for no_fs, kw in zip(c.no_fs_pair.tolist(), p_kw, strict=True)]
    else:
        a_now = [True] * na
        p_now = [True] * npairs
    a_power = power[:na]
    p_power = power[na:na + npairs]
    a_deals = [a_ok[i] and a_now[i] and a_power[i] > 0 for i in range(na)]  # 510.1a
    p_deals = [p_ok[k] and p_now[k] and p_power[k] > 0 for k in range(npairs)]
    d_is_player, d_ok, d_player_ent = s.d_is_player, s.d_ok, s.d_player_ent
    live = [0] * na
    for k in range(npairs):
        if p_ok[k]:
            live[pair_attacker[k]] += 1
    # The plan (:func:`_plan`): the forced assignments in its order, then the divisions that may be choices.
    trample_any, over_pw = _TRAMPLE_ANY, _TRAMPLE_OVER_PW
    to_def: list[int] = []
    to_player: list[int] = []
    single: list[bool] = [False] * na
    choice_a: list[int] = []
    for i in range(na):
        if not a_deals[i]:
            continue
        trample = bool(a_kw[i] & trample_any)
        topw_attack = bool(a_kw[i] & over_pw) and not d_is_player[i]
        # Unblocked (510.1b), or blocked with trample but no blockers left (702.19d): to what it attacks. With
        # trample over planeswalkers, damage may also go to the planeswalker's controller (702.19c), and goes to
        # the defending player if the planeswalker has left combat (702.19e).
        open_ = not blocked[i] or (trample and live[i] == 0)
        split = open_ and topw_attack and d_ok[i]
        if open_ and d_ok[i] and not split:
            to_def.append(i)
        if open_ and not d_ok[i] and topw_attack:
            to_player.append(i)
        # Blocked by exactly one creature, no trample: all of it to that creature (510.1c).
        single[i] = blocked[i] and live[i] == 1 and not trample
        if split or (blocked[i] and (live[i] >= 2 or (live[i] == 1 and trample))):
            choice_a.append(i)
    src = [att[i] for i in to_def] + [att[i] for i in to_player]
    rec = [defender[i] for i in to_def] + [d_player_ent[i] for i in to_player]
    amt = [a_power[i] for i in to_def] + [a_power[i] for i in to_player]
    for k in range(npairs):
        if p_ok[k] and single[pair_attacker[k]]:
            src.append(att[pair_attacker[k]])
            rec.append(pair_blocker[k])
            amt.append(a_power[pair_attacker[k]])
    # Blockers (510.1d): one creature blocked -> all to it; several -> a division.
    blocks_of_row: dict[int, int] = {}
    for k in range(npairs):
        if p_ok[k]:
            blocks_of_row[p_row[k]] = blocks_of_row.get(p_row[k], 0) + 1
    choice_b: list[int] = []
    for k in range(npairs):
        if not p_deals[k]:
            continue
        if blocks_of_row[p_row[k]] == 1:
            src.append(pair_blocker[k])
            rec.append(att[pair_attacker[k]])
            amt.append(p_power[k])
        else:
            choice_b.append(k)
    return src, rec, amt, choice_a, choice_b


def begin_combat_damage(game: Game, first_strike_step: bool) -> None:
    """Turn-based action of a combat damage step (510.1-510.2): assign, asking where a division is
    a choice, then deal all of it at once."""
    game.refresh_layers()
    c = game.combat
    if not c.locked_in:
        lock_in(game)
    t = game.table
    small = not c.bulk and _small(c)
    if first_strike_step:
        c.first_strike_step = True
        if small:  # (as below, from the lists: a missing creature reads row 0, as entity_rows and np.maximum do)
            att, _, _, _, pair_blocker, _, _ = c.lists()
            row_of = t.row_of
            kw_at = t.keywords.item
            c.no_fs_att = np.array([not kw_at(max(row_of.get(e, -1), 0)) & _FS_OR_DS for e in att], dtype=bool)
            c.no_fs_pair = np.array([not kw_at(max(row_of.get(e, -1), 0)) & _FS_OR_DS for e in pair_blocker],
                                    dtype=bool)
        else:
            a_row = entity_rows(t, c.att)
            p_row = entity_rows(t, c.pair_blocker)
            c.no_fs_att = (t.keywords[np.maximum(a_row, 0)] & FS_OR_DS) == ZERO
            c.no_fs_pair = (t.keywords[np.maximum(p_row, 0)] & FS_OR_DS) == ZERO
    game.combat.damage_step_is_first = first_strike_step
    c.assignments = {}
    c.pending_assignments = []
    if small:
        src_l, rec_l, amt_l, choice_a_l, choice_b_l = _plan_small(game, first_strike_step)
        if not choice_a_l and not choice_b_l:
            _deal_small(game, src_l, rec_l, amt_l)  # nothing to ask (the usual case)
            return
        c.step_plan = (np.array(src_l, dtype=np.int64), np.array(rec_l, dtype=np.int64),
                       np.array(amt_l, dtype=np.int64))
        att, _, _, _, pair_blocker, _, _ = c.lists()
        # 510.1: the active player assigns first, then the defending player(s).
        c.pending_assignments = [att[i] for i in choice_a_l] + list(
            dict.fromkeys(pair_blocker[k] for k in choice_b_l))
        _next_assignment(game)
        return
    s = _Step(game, first_strike_step)
    forced, choice_a, choice_b = _plan(game, s)
    if c.auto_assign:
        extra = _default_division(game, s, choice_a, choice_b)
        # the sources, recipients and amounts of the forced and of the default-divided damage, together
        src, rec, amt = (np.concatenate([f, e]) for f, e in zip(forced, extra, strict=True))
        _deal(game, (src, rec, amt))
        return
    c.step_plan = forced
    # 510.1: the active player assigns first, then the defending player(s).
    c.pending_assignments = c.att[choice_a].tolist() + list(dict.fromkeys(c.pair_blocker[choice_b].tolist()))
    _next_assignment(game)


def _assigned_so_far(game: Game) -> tuple[dict[int, int], set[int]]:
    """Damage assigned to each creature or planeswalker so far this step, and the creatures already
    assigned damage by a deathtouch source (702.19b, 702.2c)."""
    c = game.combat
    t = game.table
    totals: dict[int, int] = {}
    deathtouched: set[int] = set()
    src, rec, amt = c.step_plan
    events = list(zip(src.tolist(), rec.tolist(), amt.tolist(), strict=True))
    events += [(s, r, a) for s, pairs in c.assignments.items() for r, a in pairs]
    for s, r, a in events:
        if a > 0:
            totals[r] = totals.get(r, 0) + a
            if s in t.row_of and t.get(s, "keywords") & Keyword.DEATHTOUCH:
                deathtouched.add(r)
    return totals, deathtouched


def _compositions(total: int, parts: int) -> Iterator[tuple[int, ...]]:
    """Every way to write ``total`` as ``parts`` non-negative integers, in order."""
    for cuts in itertools.combinations(range(total + parts - 1), parts - 1):
        prev = -1
        out = []
        for cut in cuts:
            out.append(cut - prev - 1)
            prev = cut
        out.append(total + parts - 2 - prev)
        yield tuple(out)


def assignment_options(game: Game, unit: int) -> list[tuple[tuple[int, int], ...]]:
    """Every legal division of one creature's combat damage this step (510.1c-d, 702.19b-c, 702.2c).

    ``unit`` is an attacking creature, or a blocking creature blocking several attackers. Earlier
    assignments of this step count towards lethal damage and planeswalker loyalty (702.19b-c).
    """
    c = game.combat
    t = game.table
    totals, deathtouched = _assigned_so_far(game)
    kw = t.get(unit, "keywords")
    power = t.get(unit, "power")
    att, att_defender, _, att_blocked, pair_blocker, pair_attacker, _ = c.lists()
    blockers: list[int] = []
    needs: list[int] = []
    excess: list[int] = []
    pw_need: int | None = None
    p_ok, d_is_player, d_ok, d_player_ent = _standing(game)
    if unit in att:
        i = att.index(unit)
        blockers = [b for b, a, ok in zip(pair_blocker, pair_attacker, p_ok, strict=True) if ok and a == i]
        for b in blockers:
            toughness, marked = t.get(b, "toughness"), t.get(b, "damage")
            remaining = max(0, toughness - marked - totals.get(b, 0))
            if remaining and b in deathtouched:
                remaining = 0  # already assigned lethal damage by a deathtouch source (702.2c)
            needs.append(min(remaining, 1) if kw & Keyword.DEATHTOUCH else remaining)
        if kw & (Keyword.TRAMPLE | Keyword.TRAMPLE_OVER_PLANESWALKERS) or not att_blocked[i]:
            defender = att_defender[i]
            topw = bool(kw & Keyword.TRAMPLE_OVER_PLANESWALKERS) and not d_is_player[i]
            if d_ok[i]:
                excess.append(defender)
                if topw:
                    pw_need = max(0, t.get(defender, "loyalty") - totals.get(defender, 0))
                    excess.append(d_player_ent[i])
            elif topw:
                excess.append(d_player_ent[i])  # 702.19e
    else:
        # the attackers it blocks (510.1d)
        blockers = [att[a] for b, a, ok in zip(pair_blocker, pair_attacker, p_ok, strict=True) if ok and b == unit]
        needs = [0] * len(blockers)
    recipients = blockers + excess
    nb = len(blockers)
    out: list[tuple[tuple[int, int], ...]] = []
    if not recipients:
        return [()]
    for parts in _compositions(power, len(recipients)):
        if nb and any(parts[nb:]) and any(p < need for p, need in zip(parts, needs, strict=False)):
            continue  # 702.19b: damage goes past the blockers only once each has lethal damage
        if pw_need is not None and parts[-1] > 0 and parts[-2] < pw_need:
            continue  # 702.19c: the controller only once the planeswalker has its loyalty
        out.append(tuple((r, a) for r, a in zip(recipients, parts, strict=True) if a > 0))
        if len(out) >= MAX_ASSIGNMENT_OPTIONS:
            break
    return out


def _standing(game: Game) -> tuple[list[bool], list[bool], list[bool], list[int]]:
    """Of the current combat: whether each block pair is still in combat, and whether each attacker attacks a
    player, whether that player or planeswalker is still there, and the defending player's entity (:class:`_Step`;
    in Python for a combat declared one at a time, :class:`_Standing`)."""
    c = game.combat
    if c.bulk:
        s = _Step(game, c.damage_step_is_first)
        return s.p_ok.tolist(), s.d_is_player.tolist(), s.d_ok.tolist(), s.d_player_ent.tolist()
    st = _Standing(game)
    return st.p_ok, st.d_is_player, st.d_ok, st.d_player_ent


def _next_assignment(game: Game) -> None:
    c = game.combat
    while c.pending_assignments:
        unit = c.pending_assignments[0]
        opts = assignment_options(game, unit)
        if len(opts) == 1:
            c.assignments[unit] = opts[0]  # only one legal division: not a decision
            c.pending_assignments.pop(0)
            continue
        game.pending = Decision(
            game.table.get(unit, "controller"), DecisionKind.ASSIGN_DAMAGE,
            tuple(AssignDamage(unit, o) for o in opts),
        )
        return
    src, rec, amt = c.step_plan
    chosen = [(s, r, a) for s, pairs in c.assignments.items() for r, a in pairs]
    if not c.bulk:
        c.step_plan = None
        _deal_small(game, src.tolist() + [x[0] for x in chosen], rec.tolist() + [x[1] for x in chosen],
                    amt.tolist() + [x[2] for x in chosen])
        return
    if chosen:
        src = np.concatenate([src, np.array([x[0] for x in chosen], dtype=np.int64)])
        rec = np.concatenate([rec, np.array([x[1] for x in chosen], dtype=np.int64)])
        amt = np.concatenate([amt, np.array([x[2] for x in chosen], dtype=np.int64)])
    c.step_plan = None
    _deal(game, (src, rec, amt))


def assign_damage(game: Game, action: AssignDamage) -> None:
    game.combat.assignments[action.attacker] = action.assignment
    game.combat.pending_assignments.pop(0)
    _next_assignment(game)


def _deal(game: Game, events: tuple[np.ndarray, np.ndarray, np.ndarray]) -> None:
    """510.2: all assigned combat damage is dealt simultaneously."""
    src, rec, amt = events
    keep = amt > 0
    src, rec, amt = src[keep], rec[keep], amt[keep]
    if not len(src):
        return
    t = game.table
    rows = entity_rows(t, src)
    deal_damage_arrays(
        game, combat=True, src_ent=src, src_keywords=t.keywords[rows], src_controller=t.controller[rows],
        src_qualities=qualities(t.colors[rows], t.types[rows]), rec_ent=rec, amount=amt,
    )



def _deal_small(game: Game, src: list[int], rec: list[int], amt: list[int]) -> None:
    """:func:`_deal` of a few events given as lists."""
    keep = [k for k, a in enumerate(amt) if a > 0]
    if not keep:
        return
    if len(keep) < len(amt):
        src, rec, amt = [src[k] for k in keep], [rec[k] for k in keep], [amt[k] for k in keep]
    t = game.table
    rows = [t.row_of.get(e, -1) for e in src]
    deal_damage_lists(
        game, combat=True, src_ent=src, src_keywords=live_at(t, "keywords", rows),
        src_controller=live_at(t, "controller", rows),
        # (zip without strict: a generic call compiled; both lists are read at the same rows)
        src_qualities=[scalar_qualities(c, ty)
                       for c, ty in zip(live_at(t, "colors", rows), live_at(t, "types", rows))],  # noqa: B905
        rec_ent=rec, amount=amt,
    )


def end_combat(game: Game) -> None:
    """CR 511.3: at the end of combat, every creature is removed from combat."""
    if game.combat.attackers:
        game.table.mark_changed(layers=game.table.combat_read, sba=False)  # "attacking creatures get ..." stops
    game.combat = Combat.empty()


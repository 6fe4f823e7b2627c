"""Combat (CR 506-511): declaring attackers and blockers, and combat damage.

Big declarations are broken into small decisions: each option adds one attacker or one block, and
a "finish" option ends the declaration, so every option list stays small and enumerable.
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING

from components.characteristics import CardType, Color
from components.keywords import Keyword
from ecs.actions import (
    AssignDamage,
    Decision,
    DecisionKind,
    DeclareAttacker,
    DeclareBlocker,
    FinishAttackers,
    FinishBlockers,
)
from systems.damage import deal_damage

if TYPE_CHECKING:
    from ecs.game import Game

CREATURE = int(CardType.CREATURE)
ARTIFACT = int(CardType.ARTIFACT)
FS_OR_DS = int(Keyword.FIRST_STRIKE | Keyword.DOUBLE_STRIKE)
MAX_ASSIGNMENT_OPTIONS = 512


# ------------------------------------------------------------------ declare attackers (CR 508)


def can_attack(game: Game, creature: int) -> bool:
    """CR 508.1a, 302.6, 702.3b, 702.10: untapped, not summoning sick (or haste), no defender."""
    t = game.table
    row = t.row_of[creature]
    kw = int(t.keywords[row])
    return (
        bool(int(t.types[row]) & CREATURE)
        and not bool(t.tapped[row])
        and (not bool(t.sick[row]) or bool(kw & Keyword.HASTE))
        and not kw & Keyword.DEFENDER
    )


def defenders(game: Game, attacker_controller: int) -> list[int]:
    """Players and planeswalkers the active player may attack (CR 508.1b)."""
    t = game.table
    out: list[int] = []
    for p in game.opponents(attacker_controller):
        out.append(game.players[p])
        n = t.n
        mask = ((t.types[:n] & CardType.PLANESWALKER) != 0) & (t.controller[:n] == p)
        out.extend(t.entity[:n][mask].tolist())
    return out


def attack_decision(game: Game) -> Decision:
    game.refresh_layers()
    t = game.table
    n = t.n
    player = game.active
    mask = (t.controller[:n] == player) & ((t.types[:n] & CREATURE) != 0) & ~t.tapped[:n]
    options: list = []
    targets = defenders(game, player)
    for creature in t.entity[:n][mask].tolist():
        if creature in game.combat.attackers or not can_attack(game, creature):
            continue
        options.extend(DeclareAttacker(creature, d) for d in targets)
    options.append(FinishAttackers())
    return Decision(player, DecisionKind.ATTACKERS, tuple(options))


def begin_declare_attackers(game: Game) -> None:
    """Turn-based action of the declare attackers step (CR 508.1)."""
    game.combat = type(game.combat).empty()
    decision = attack_decision(game)
    if len(decision.options) == 1:
        finish_attackers(game)  # nothing can attack: the declaration is empty
    else:
        game.pending = decision


def declare_attacker(game: Game, action: DeclareAttacker) -> None:
    game.combat.attackers[action.creature] = action.defender
    game.pending = attack_decision(game)
    if len(game.pending.options) == 1 and game.auto_pass:
        game.pending = None
        finish_attackers(game)


def finish_attackers(game: Game) -> None:
    """CR 508.1f: attacking creatures become tapped, except those with vigilance (702.20b)."""
    t = game.table
    for creature, defender in game.combat.attackers.items():
        if not t.get(creature, "keywords") & Keyword.VIGILANCE:
            t.set(creature, "tapped", True)
        game.say(f"{game.name(creature)} attacks {game.name(defender)}")
    if game.combat.attackers:
        game.layers_dirty = True


# ------------------------------------------------------------------ declare blockers (CR 509)


def _can_block_attacker(game: Game, blocker: int, attacker: int) -> bool:
    t = game.table
    brow, arow = t.row_of[blocker], t.row_of[attacker]
    akw = int(t.keywords[arow])
    bkw = int(t.keywords[brow])
    if akw & Keyword.FLYING and not bkw & (Keyword.FLYING | Keyword.REACH):
        return False  # CR 702.9b
    bcolors = int(t.colors[brow])
    is_artifact = bool(int(t.types[brow]) & ARTIFACT)
    if akw & Keyword.FEAR and not (is_artifact or bcolors & Color.B):
        return False  # CR 702.36b
    if akw & Keyword.INTIMIDATE and not (is_artifact or bcolors & int(t.colors[arow])):
        return False  # CR 702.13b
    return True


def _defending_player_of(game: Game, attacker: int) -> int:
    d = game.combat.attackers[attacker]
    if d in game.player_of_entity:
        return game.player_of_entity[d]
    return game.table.get(d, "controller") if d in game.table.row_of else -1


def block_decision(game: Game, player: int) -> Decision:
    game.refresh_layers()
    t = game.table
    n = t.n
    mask = (t.controller[:n] == player) & ((t.types[:n] & CREATURE) != 0) & ~t.tapped[:n]
    free = [b for b in t.entity[:n][mask].tolist() if b not in game.combat.blocking]
    attackers = [a for a in game.combat.attackers if _defending_player_of(game, a) == player]
    options: list = []
    for blocker in free:
        for attacker in attackers:
            if not _can_block_attacker(game, blocker, attacker):
                continue
            if t.get(attacker, "keywords") & Keyword.MENACE and not game.combat.blocked.get(attacker):
                # CR 702.111b: a first blocker is only offered when a second one could join it.
                others = [b for b in free if b != blocker and _can_block_attacker(game, b, attacker)]
                if not others:
                    continue
            options.append(DeclareBlocker(blocker, attacker))
    menace_short = any(
        len(game.combat.blocked.get(a, ())) == 1 and t.get(a, "keywords") & Keyword.MENACE for a in attackers
    )
    if not menace_short:
        options.append(FinishBlockers())
    return Decision(player, DecisionKind.BLOCKERS, tuple(options))


def begin_declare_blockers(game: Game) -> None:
    """Turn-based action of the declare blockers step (CR 509.1), defending players in turn order."""
    game.combat_blockers_queue = [
        p for p in _turn_order_from(game, game.active) if p != game.active and not game.player_states[p].lost
    ]
    _next_blocker_player(game)


def _turn_order_from(game: Game, start: int) -> list[int]:
    return [(start + i) % game.num_players for i in range(game.num_players)]


def _next_blocker_player(game: Game) -> None:
    while game.combat_blockers_queue:
        player = game.combat_blockers_queue[0]
        decision = block_decision(game, player)
        if len(decision.options) == 1 and isinstance(decision.options[0], FinishBlockers):
            game.combat_blockers_queue.pop(0)
            continue
        game.pending = decision
        return
    _finish_all_blocks(game)


def declare_blocker(game: Game, action: DeclareBlocker) -> None:
    game.combat.blocking.setdefault(action.blocker, []).append(action.attacker)
    game.combat.blocked.setdefault(action.attacker, []).append(action.blocker)
    player = game.combat_blockers_queue[0]
    decision = block_decision(game, player)
    if len(decision.options) == 1 and isinstance(decision.options[0], FinishBlockers) and game.auto_pass:
        game.combat_blockers_queue.pop(0)
        _next_blocker_player(game)
    else:
        game.pending = decision


def finish_blockers(game: Game) -> None:
    game.combat_blockers_queue.pop(0)
    _next_blocker_player(game)


def _finish_all_blocks(game: Game) -> None:
    for blocker, attackers in game.combat.blocking.items():
        for a in attackers:
            game.say(f"{game.name(blocker)} blocks {game.name(a)}")


# ------------------------------------------------------------------ combat damage (CR 510)


def first_strike_needed(game: Game) -> bool:
    """CR 702.7b/702.4b: a first-strike damage step exists if a combatant has either keyword."""
    game.refresh_layers()
    t = game.table
    combatants = list(game.combat.attackers) + list(game.combat.blocking)
    return any(t.get(c, "keywords") & FS_OR_DS for c in combatants if c in t.row_of)


def _deals_damage_now(game: Game, creature: int, first_strike_step: bool) -> bool:
    kw = game.table.get(creature, "keywords")
    if first_strike_step:
        return bool(kw & FS_OR_DS)
    if not game.combat.first_strike_step:
        return True
    # CR 702.7b: second step: those without FS/DS as step 1 began, plus those that now have DS.
    return creature in game.combat.no_first_strike_at_start or bool(kw & Keyword.DOUBLE_STRIKE)


def _lethal(game: Game, blocker: int, deathtouch: bool) -> int:
    """Lethal damage for trample assignment (CR 702.19b, 702.2c; marked damage counts)."""
    t = game.table
    remaining = max(0, t.get(blocker, "toughness") - t.get(blocker, "damage"))
    return min(remaining, 1) if deathtouch else remaining


def assignment_options(game: Game, attacker: int) -> list[tuple[tuple[int, int], ...]]:
    """All legal divisions of a blocked attacker's damage (CR 510.1c, 702.19b)."""
    t = game.table
    power = t.get(attacker, "power")
    blockers = [b for b in game.combat.blocked.get(attacker, []) if b in t.row_of]
    kw = t.get(attacker, "keywords")
    trample = bool(kw & Keyword.TRAMPLE)
    recipients = list(blockers)
    defender = game.combat.attackers[attacker]
    if trample:
        recipients.append(defender)
    k = len(recipients)
    out: list[tuple[tuple[int, int], ...]] = []
    lethal = [_lethal(game, b, bool(kw & Keyword.DEATHTOUCH)) for b in blockers]
    for cuts in itertools.combinations(range(power + k - 1), k - 1):
        parts = []
        prev = -1
        for c in cuts:
            parts.append(c - prev - 1)
            prev = c
        parts.append(power + k - 1 - prev - 1)
        if trample and parts[-1] > 0 and any(p < need for p, need in zip(parts, lethal, strict=False)):
            continue  # CR 702.19b: the player gets damage only once every blocker has lethal
        out.append(tuple((r, a) for r, a in zip(recipients, parts, strict=True) if a > 0))
        if len(out) >= MAX_ASSIGNMENT_OPTIONS:
            break
    return out


def begin_combat_damage(game: Game, first_strike_step: bool) -> None:
    """Turn-based action of a combat damage step: assign (deciding where needed), then deal."""
    game.refresh_layers()
    if first_strike_step:
        game.combat.first_strike_step = True
        t = game.table
        game.combat.no_first_strike_at_start = {
            c for c in list(game.combat.attackers) + list(game.combat.blocking)
            if c in t.row_of and not t.get(c, "keywords") & FS_OR_DS
        }
    game.combat.assignments = {}
    game.combat.pending_assignments = []
    game.combat_step_is_first = first_strike_step
    t = game.table
    for attacker in game.combat.attackers:
        if not _deals_damage_now(game, attacker, first_strike_step) or t.get(attacker, "power") <= 0:
            continue
        if attacker in game.combat.blocked:
            live = [b for b in game.combat.blocked[attacker] if b in t.row_of]
            trample = t.get(attacker, "keywords") & Keyword.TRAMPLE
            if len(live) >= 2 or (live and trample):
                opts = assignment_options(game, attacker)
                if len(opts) == 1:
                    game.combat.assignments[attacker] = opts[0]
                else:
                    game.combat.pending_assignments.append(attacker)
    _next_assignment(game)


def _next_assignment(game: Game) -> None:
    if game.combat.pending_assignments:
        attacker = game.combat.pending_assignments[0]
        opts = assignment_options(game, attacker)
        game.pending = Decision(
            game.table.get(attacker, "controller"), DecisionKind.ASSIGN_DAMAGE,
            tuple(AssignDamage(attacker, o) for o in opts),
        )
        return
    deal_combat_damage(game, game.combat_step_is_first)


def assign_damage(game: Game, action: AssignDamage) -> None:
    game.combat.assignments[action.attacker] = action.assignment
    game.combat.pending_assignments.pop(0)
    _next_assignment(game)


def deal_combat_damage(game: Game, first_strike_step: bool) -> None:
    """CR 510.2: all combat damage of the step is dealt at once (computed first, then dealt)."""
    t = game.table
    events: list[tuple[int, int, int]] = []  # (source, recipient, amount)
    for attacker, defender in game.combat.attackers.items():
        if attacker not in t.row_of or not _deals_damage_now(game, attacker, first_strike_step):
            continue
        power = t.get(attacker, "power")
        if power <= 0:
            continue  # CR 510.1a
        if attacker in game.combat.blocked:
            live = [b for b in game.combat.blocked[attacker] if b in t.row_of]
            if attacker in game.combat.assignments:
                events.extend((attacker, r, a) for r, a in game.combat.assignments[attacker])
            elif len(live) == 1:
                events.append((attacker, live[0], power))  # CR 510.1c
            elif not live and t.get(attacker, "keywords") & Keyword.TRAMPLE:
                events.append((attacker, defender, power))  # CR 702.19e
            # else: blocked with no blockers left deals no damage (CR 510.1c)
        elif defender in game.player_of_entity or defender in t.row_of:
            events.append((attacker, defender, power))  # CR 510.1b
    for blocker, attackers in game.combat.blocking.items():
        if blocker not in t.row_of or not _deals_damage_now(game, blocker, first_strike_step):
            continue
        power = t.get(blocker, "power")
        live = [a for a in attackers if a in t.row_of]
        if power > 0 and live:
            events.append((blocker, live[0], power))  # CR 510.1d (one attacker each in v0)
    sources = {s: (game.name(s), t.get(s, "keywords"), t.get(s, "controller")) for s, _, _ in events}
    for source, recipient, amount in events:
        name, kw, ctrl = sources[source]
        deal_damage(game, name, kw, ctrl, recipient, amount)


def end_combat(game: Game) -> None:
    """CR 511.3: at the end of combat, every creature is removed from combat."""
    game.combat = type(game.combat).empty()

"""The turn as data (CR 500-514): for each step, the ordered systems of its turn-based actions.

``STEP_SYSTEMS`` is the single place that says what happens in each step and in which order;
tests assert it. A system may stop the game at a decision (declaring attackers, say); the step
runner resumes with the next system once the decision is answered.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

import numpy as np

from components.abilities import UntapRule
from components.events import BecameUntapped, StepBegan
from components.objects import HAND, Step
from ecs.actions import Choose, Decision, DecisionKind, Discard
from ecs.records import GameResult
from ecs.state_copy import share_in_copies
from systems import combat, mana
from systems.history import new_turn
from systems.instructions import monarch_end_step, next_turn_player
from systems.layers import class_rows, end_of_turn_effects
from systems.mana import _EMPTY_POOL, empty_pools
from systems.static_rules import others_untap_mask, untap_mask
from systems.trigger_index import sources
from systems.triggers import became_untapped, emit, step_watched
from systems.zones import draw

if TYPE_CHECKING:
    from components.card import CardDef
    from ecs.game import Game

MAX_HAND_SIZE: Final = 7  # CR 402.2
_SMALL_BOARD: Final = 64  # permanents up to which the untap step reads rows one by one rather than as numpy masks


def _untap_rules(game: Game) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per characteristic class: does its card say "~ doesn't untap during your untap step", "You may
    choose not to untap ~ ...", "Enchanted creature doesn't untap ..." (components.abilities.UntapRule)?"""
    cards = game.classes.cards
    cached = game.untap.rule_cache
    if cached is not None and cached.classes == len(cards):
        return cached.no_self, cached.may_self, cached.attached
    rules = [[a for a in c.abilities if isinstance(a, UntapRule)] for c in cards]
    no_self = np.array([any(a.who == "self" and not a.optional for a in r) for r in rules], dtype=bool)
    may_self = np.array([any(a.who == "self" and a.optional for a in r) for r in rules], dtype=bool)
    attached = np.array([any(a.who == "attached" for a in r) for r in rules], dtype=bool)
    for column in (no_self, may_self, attached):
        column.flags.writeable = False  # shared by copies of the game (UntapRules)
    found = UntapRules(len(cards), no_self, may_self, attached)
    game.untap.rule_cache = found  # classes are only ever appended
    return found.no_self, found.may_self, found.attached


def _has_untap_rule(card: CardDef) -> bool:
    for a in card.abilities:  # noqa: SIM110 - not any(): a generator costs a call per ability
        if isinstance(a, UntapRule):
            return True
    return False


def _any_untap_rule(game: Game) -> bool:
    """Does the card of any characteristic class have an UntapRule? Most games have none, and then no permanent is
    kept tapped by one (kept per class, which are only ever appended: ClassTable.any_card)."""
    return game.classes.any_card("untap_rule", _has_untap_rule)


@share_in_copies
@dataclass(frozen=True, slots=True)
class UntapRules:
    """The untap rules of the first ``classes`` characteristic classes, as read-only masks: immutable, so copies of
    the game share them (issue 11: clone)."""

    classes: int
    no_self: np.ndarray
    may_self: np.ndarray
    attached: np.ndarray


def stays_tapped(game: Game) -> np.ndarray:
    """CR 502.3: the rows of permanents that don't untap during this untap step: a mask over the table
    (abilities that say so, of permanents that haven't lost their abilities, 613.1f; the permanents
    Auras and Equipment with such an ability are attached to; those its controller chose to keep tapped)."""
    t = game.table
    n = t.n
    keep = np.zeros(n, dtype=bool)
    if not n or not game.classes.cards:
        return keep
    for ent, whose in list(game.untap.skips.items()):
        row = t.row_of.get(ent)
        if row is None:
            del game.untap.skips[ent]  # a new object after a zone change (400.7)
        elif (int(t.controller[row]) if whose < 0 else whose) == game.active:
            # "doesn't untap during its controller's / your next untap step": this is that step; used up
            keep[row] = True
            del game.untap.skips[ent]
    if game.static_rule_sources:  # "Islands don't untap during their controllers' untap steps"
        extra = untap_mask(game)
        if extra is not None:
            keep |= extra
    if not game.untap.kept and not _any_untap_rule(game):
        return keep
    no_self, may_self, attached = _untap_rules(game)
    if not (np.count_nonzero(no_self) or np.count_nonzero(attached) or game.untap.kept):
        return keep
    cls = class_rows(t)  # (converted once: an int32 index is converted at each gather)
    live = ~t.no_abilities[:n]
    keep |= no_self[cls] & live
    holders = np.flatnonzero(attached[cls] & live & (t.attached_to[:n] >= 0))
    for row in holders.tolist():
        target = t.row_of.get(int(t.attached_to[row]))
        if target is not None:
            keep[target] = True
    for ent in game.untap.kept:
        row = t.row_of.get(ent)
        if row is not None:
            keep[row] = True
    return keep


def choose_untaps(game: Game) -> None:
    """CR 502.3: "You may choose not to untap ~ during your untap step." No player gets priority in the
    untap step (502.4), but this choice is the active player's: asked, one permanent at a time, just
    before the untapping happens (a MAY decision: Choose(True) keeps it tapped)."""
    t = game.table
    n = t.n
    game.untap.asking = -1
    if not n or not game.classes.cards:
        return
    if t.layers_dirty:  # (Game.refresh_layers' own test, without its frame: at every untap step)
        game.refresh_layers()
    if not game.classes.any_card("untap_rule", _has_untap_rule):  # (_any_untap_rule, without its frame)
        return
    _, may_self, _ = _untap_rules(game)
    if not np.count_nonzero(may_self):
        return
    rows = np.flatnonzero(may_self[class_rows(t)] & ~t.no_abilities[:n] & t.tapped[:n]
                          & (t.controller[:n] == game.active))
    asked = game.turn_log.this.setdefault("untap_asked", set())
    for row in rows.tolist():
        ent = t.entity_list[row]
        if ent in asked:
            continue
        asked.add(ent)
        game.untap.asking = ent
        game.pending = Decision(game.active, DecisionKind.MAY, (Choose(True), Choose(False)))
        return


def answer_untap(game: Game, keep_tapped: bool) -> None:
    """The answer to :func:`choose_untaps`; then the next such permanent is asked about."""
    ent = game.untap.asking
    game.untap.asking = -1
    if keep_tapped:
        game.untap.kept.add(ent)
        game.say(f"{game.player_states[game.active].name} chooses not to untap {game.name(ent)}")
    choose_untaps(game)


def phasing(game: Game) -> None:
    """CR 502.1, 702.26a: first, the active player's permanents phase out and in (systems/mechanics/phasing.py)."""
    hooks = game.hook_cache.get("turn.phasing")  # (Game.hooks inlined: at every untap step)
    for hook in game.hooks("turn.phasing") if hooks is None else hooks:
        hook(game)


def untap_step(game: Game) -> None:
    """CR 502.3: the active player untaps their permanents, except those that don't untap (a mask of the
    table, :func:`stays_tapped`); 302.6: they are no longer 'sick'."""
    hooks = game.hook_cache.get("turn.untap")  # (Game.hooks inlined: at every untap step)
    for hook in game.hooks("turn.untap") if hooks is None else hooks:
        hook(game)  # e.g. 502.2, 728.2: day and night may change
    t = game.table
    n = t.n
    if t.layers_dirty:  # (Game.refresh_layers' own test, without its frame)
        game.refresh_layers()
    if n <= _SMALL_BOARD and not (game.untap.skips or game.untap.kept or game.static_rule_sources
                                  or game.classes.any_card("untap_rule", _has_untap_rule)):  # (_any_untap_rule)
        # (a small board and nothing keeps a permanent tapped: the rows read one by one, as the mask below would
        # select them, in the same order of writes, triggers and marks)
        active = game.active
        controller: list[int] = t.live_list("controller")  # (the layers are current: refreshed above)
        rows = [row for row in range(n) if controller[row] == active]
        became = t.untap_rows(rows)
        if game.trigger_sources and sources(game, BecameUntapped) and became:
            entities = t.entity_list
            became_untapped(game, [entities[row] for row in became])  # 701.21b
        t.clear_sick_rows(rows)
        return
    mine = t.controller[:n] == game.active
    if game.untap.skips or game.untap.kept or game.static_rule_sources or _any_untap_rule(game):
        keep = stays_tapped(game)
        game.untap.kept.clear()
        untapping = t.untap_mask(mine & ~keep)
    else:  # nothing keeps a permanent tapped: stays_tapped's mask would be all False (no column work for it)
        untapping = t.untap_mask(mine)
    if game.static_rule_sources:  # "Untap all permanents you control during each other player's untap step"
        extra = others_untap_mask(game)
        if extra is not None:
            untapping |= t.untap_mask(extra)
    if game.trigger_sources and sources(game, BecameUntapped) and np.count_nonzero(untapping):
        became_untapped(game, t.entity[:n][untapping].tolist())  # 701.21b: "whenever ~ becomes untapped"
    t.clear_sick(mine)


def draw_step(game: Game) -> None:
    """CR 504.1: the active player draws; 103.8a: the starting player skips it on turn 1 (2 players)."""
    if game.turn == 1 and game.active == game.starting_player and game.num_players == 2:
        return
    draw(game, game.active, 1)


def declare_attackers(game: Game) -> None:
    combat.begin_declare_attackers(game)


def declare_blockers(game: Game) -> None:
    combat.begin_declare_blockers(game)


def first_strike_damage(game: Game) -> None:
    combat.begin_combat_damage(game, first_strike_step=True)


def combat_damage(game: Game) -> None:
    combat.begin_combat_damage(game, first_strike_step=False)


def discard_to_hand_size(game: Game) -> None:
    """CR 514.1: the active player discards down to the maximum hand size, choosing the cards."""
    hand = game.zones[game.active][HAND]
    if len(hand) <= game.player_states[game.active].max_hand_size:  # 402.2 (902.5b: vanguard modifier)
        return
    from systems.costs import player_rules

    if player_rules(game, game.active, "no_max_hand_size"):
        return  # "You have no maximum hand size." (402.2)
    game.pending = Decision(game.active, DecisionKind.DISCARD, tuple(Discard(c) for c in hand))


def remove_damage(game: Game) -> None:
    """CR 514.2: damage wears off (simultaneously with the end of 'until end of turn' effects)."""
    game.table.remove_all_damage()


def end_until_eot_effects(game: Game) -> None:
    """CR 514.2: "until end of turn" and "this turn" effects end, regeneration shields included."""
    end_of_turn_effects(game)
    game.table.remove_all_regen_shields()
    if game.prevention:
        game.prevention[:] = [e for e in game.prevention if e.turn is None]  # "this turn" shields end
    if game.replacements:
        from systems.replacement import end_of_turn

        end_of_turn(game)


def end_combat(game: Game) -> None:
    combat.end_combat(game)


STEP_SYSTEMS: Final[dict[Step, tuple[Callable[[Game], None], ...]]] = {
    Step.UNTAP: (phasing, choose_untaps, untap_step),
    Step.UPKEEP: (),
    Step.DRAW: (draw_step,),
    Step.PRECOMBAT_MAIN: (),
    Step.BEGINNING_OF_COMBAT: (),
    Step.DECLARE_ATTACKERS: (declare_attackers,),
    Step.DECLARE_BLOCKERS: (declare_blockers,),
    Step.FIRST_STRIKE_DAMAGE: (first_strike_damage,),
    Step.COMBAT_DAMAGE: (combat_damage,),
    Step.END_OF_COMBAT: (),
    Step.POSTCOMBAT_MAIN: (),
    Step.END: (),
    Step.CLEANUP: (discard_to_hand_size, remove_damage, end_until_eot_effects),
}

# Systems that run as a step ends, after priority (CR 511.3: combat ends as its last step ends).
STEP_END_SYSTEMS: Final[dict[Step, tuple[Callable[[Game], None], ...]]] = {
    Step.END_OF_COMBAT: (end_combat,),
}

# (module constants: on Python 3.11 an enum class look-up such as ``Step.CLEANUP`` is slow, components/objects.py).
# A step is compared with them by identity (``step is CLEANUP``): ``game.step`` only ever holds a member of Step (the
# enum's members are singletons, kept by copies and pickles): a pointer test, where an IntEnum's ``==`` is a call.
UPKEEP: Final = Step.UPKEEP
DECLARE_ATTACKERS: Final = Step.DECLARE_ATTACKERS
DECLARE_BLOCKERS: Final = Step.DECLARE_BLOCKERS
END: Final = Step.END
CLEANUP: Final = Step.CLEANUP
UNTAP: Final = Step.UNTAP
END_OF_COMBAT: Final = Step.END_OF_COMBAT
COMBAT_DAMAGE: Final = Step.COMBAT_DAMAGE
_STEPS: Final = tuple(Step)  # in value order: _STEPS[n] is Step(n)
# Per step value, read by index at every step: a dict look-up with an enum key, or int() of one, costs more
_STEP_ENDS: Final = tuple(STEP_END_SYSTEMS.get(s) for s in _STEPS)  # STEP_END_SYSTEMS[step], or None
_STEP_INTS: Final = tuple(int(s) for s in _STEPS)  # int(step)


def next_step(game: Game) -> None:
    """Leave the current step (mana empties, CR 500.4) and enter the next one (CR 500.1, 508.8)."""
    step = game.step  # (read once: no system of a step's end begins another step)
    ends = _STEP_ENDS[step]
    if ends is not None:  # (one step has any)
        for system in ends:
            system(game)
    for state in game.player_states:  # (empty_pools' own test, without its frame: the pools are nearly always empty)
        if state.mana_pool != _EMPTY_POOL or state.restricted_pool:
            empty_pools(game)  # CR 500.4
            break
    if step is CLEANUP:
        if game.progress.cleanup_priority:
            game.progress.cleanup_priority = False
            begin_step(game, CLEANUP)  # CR 514.3a: another cleanup step
            return

        begin_turn(game, next_turn_player(game))  # the next player, or an extra turn (500.7)
        return
    nxt = _STEPS[step + 1]  # (an index, not Step(...): the enum's call is a slow Python path)
    if step is DECLARE_ATTACKERS and not game.combat.attackers:
        nxt = END_OF_COMBAT  # CR 508.8: no attackers, skip blockers and damage
    elif step is DECLARE_BLOCKERS and not combat.first_strike_needed(game):
        nxt = COMBAT_DAMAGE  # CR 510.4 / 702.7b: no first-strike damage step
    begin_step(game, nxt)


def begin_step(game: Game, step: Step) -> None:
    game.step = step
    progress = game.progress
    progress.tba_index = 0
    progress.passes = 0
    active = game.active
    # CR 117.3a, 800.4j (Game.in_game_from asked only if the active player has left the game)
    game.priority = game.in_game_from(active) if game.player_states[active].lost else active
    if game.replacements:
        from systems.replacement import skips

        if skips(game, "step", game.active, int(step)):
            game.say(f"{game.player_states[game.active].name} skips the {step.label} step")
            next_step(game)  # CR 614.1b, 614.10: a skipped step doesn't happen at all
            return
    if step is UPKEEP:
        ts = game.new_timestamp()  # when each upkeep began (echo's "since your last upkeep", 702.30a)
        game.upkeeps[game.active] = (game.upkeeps.get(game.active, (0, 0))[1], ts)
    hook_cache = game.hook_cache  # (Game.hooks inlined: at every step, nearly always empty; cleared, never replaced)
    hooks = hook_cache.get("turn.step_began")
    if hooks is None:
        hooks = game.hooks("turn.step_began")
    for hook in hooks:
        hook(game, step)  # e.g. echo (702.30a); 505.4, 714.3b: a lore counter on each Saga the active player controls
    if game.trigger_sources:
        if step_watched(game, _STEP_INTS[step]):
            emit(game, StepBegan(int(step), game.active))  # CR 603.2b: "at the beginning of" triggers
        elif mana.CHECKS.on:  # (read at the call: tests turn it on) no ability of this step: emitting adds none
            waiting = len(game.waiting_triggers)
            emit(game, StepBegan(int(step), game.active))
            assert len(game.waiting_triggers) == waiting, f"step_watched missed a trigger of step {step}"
    if game.monarch >= 0 and step is END:

        monarch_end_step(game)  # CR 724.2a: the monarch draws a card at the beginning of their end step
    if game.delayed:
        from systems.delayed import step_began

        step_began(game, int(step))  # delayed triggered abilities (603.7)
    hooks = hook_cache.get("turn.step_began_late")
    if hooks is None:
        hooks = game.hooks("turn.step_began_late")
    for hook in hooks:
        hook(game, step)  # after the delayed triggers: rebound's (702.88a, 603.7), suspend's time counter (702.62a)


def begin_turn(game: Game, player: int) -> None:
    """CR 500: a new turn for ``player`` (skipping players who have left the game, 800.4a)."""
    while game.player_states[player].lost:
        player = (player + 1) % game.num_players
    game.turn += 1
    game.active = player
    game.loyalty_used.clear()  # CR 606.3 counts per turn

    new_turn(game)  # "this turn" conditions start over (systems/history.py)
    for state in game.player_states:
        state.lands_played = 0
    if game.turn > game.max_turns:
        game.result = GameResult(None, f"turn limit of {game.max_turns} turns reached", game.turn - 1)
        game.pending = None
        game.layers_dirty = True  # the active player changed: "during your turn" statics (611.3a) read it
        game.say(f"game over: draw (turn limit of {game.max_turns})")
        return
    if game.log_enabled:  # (the line built only for a log)
        game.say(f"--- turn {game.turn}: {game.player_states[player].name}")
    begin_step(game, UNTAP)

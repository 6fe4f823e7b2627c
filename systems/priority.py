"""Priority and the game loop (CR 117, 704.3, 405): who may act, and what happens when all pass.

``run_until_decision`` is the engine's main loop. It runs the current step's turn-based systems,
then, before any player receives priority, the state check to a fixed point (CR 117.5, 704.3),
and stops at the first decision. A player whose only option is to pass is passed for
automatically when ``game.auto_pass`` is on.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, Final

from components.designations import Foretold, Plotted
from components.objects import HAND, MAIN_STEPS
from ecs.actions import (
    Action,
    ActivateAbility,
    ActivateMana,
    Announce,
    ApplyReplacement,
    AssignDamage,
    CastSpell,
    Choose,
    Decision,
    DecisionKind,
    DeclareAttacker,
    DeclareBlocker,
    Discard,
    FinishAttackers,
    FinishBlockers,
    Keep,
    KeepLegend,
    Mulligan,
    NameCard,
    PassPriority,
    PlayLand,
    PutOnBottom,
    PutTrigger,
    SpecialAction,
    TurnFaceUp,
)
from systems import announcing, combat, mana, mulligan, resolution
from systems.announcing import group, unfold
from systems.casting import (
    STOP_LOOK,
    HandFacts,
    StopLook,
    activate,
    activation_actions,
    cast_actions,
    cast_spell,
    hand_activation_actions,
    hand_facts,
    instant_speed,
    land_actions,
    no_hand_cast,
    play_land,
    sorcery_timing,
)
from systems.flash_permission import permissions
from systems.layers import layer_inputs
from systems.mechanics.exile_casting import exile_casts, special_actions, take  # special_actions: every stop
from systems.mechanics.face_down import turn_face_up_actions as morph_face_up  # every stop once one was cast
from systems.mechanics.split_second import restrict
from systems.stack import resolve_top
from systems.state_based import state_check
from systems.triggers import put_trigger, put_triggers_on_stack
from systems.turn import CLEANUP, STEP_SYSTEMS, UNTAP, discard_to_hand_size, next_step

if TYPE_CHECKING:
    from ecs.game import Game

PASS: Final = PassPriority()
# The options of a pass-only stop, one list for every such stop (``stop_options``): its callers only read it (the
# decision made of options copies them into a tuple), so it is never changed.
_PASS_ONLY: Final[list[Action]] = [PASS]
# Per step value, how many turn-based systems it runs (len(STEP_SYSTEMS[step]), read by index at every loop turn)
_SYSTEM_COUNTS: Final = tuple(len(STEP_SYSTEMS[step]) for step in sorted(STEP_SYSTEMS))
# (a module constant: on Python 3.11 an enum class look-up such as ``DecisionKind.PRIORITY`` is slow)
PRIORITY_DECISION: Final = DecisionKind.PRIORITY
# A probe of the priority stops (``bench games`` counts and times them, ecs/benchmarks/games.py): when set,
# run_until_decision calls it instead of stop_options at each stop, and it returns what stop_options returns. A probe,
# not a replaced stop_options: calls within a compiled build go around a function replaced in its module (a compiled
# module still reads its other globals, this one too, from its ``__dict__``).
STOP_PROBE: Callable[[Game, int], list[Action]] | None = None


def set_stop_probe(probe: Callable[[Game, int], list[Action]] | None) -> Callable[[Game, int], list[Action]] | None:
    """Install ``probe`` as STOP_PROBE (None: none) for the games that run from now on; returns the previous one."""
    global STOP_PROBE
    previous = STOP_PROBE
    STOP_PROBE = probe
    return previous


def priority_options(game: Game, player: int, look: StopLook | None = None) -> list[Action]:
    """Pass, plus every land play and spell cast available to ``player`` (CR 117.1). ``look``: what the pass-only
    proof found at this stop (``stop_options``), if it did."""
    options: list[Action] = [PASS]
    hand = game.zones[player][HAND]
    facts = hand_facts(game, player) if hand else None  # (found once for the families below: the same hand)
    if hand and (sorcery_timing(game, player) or _instant_speed_in_hand(game, player, hand)
                 or (game.static_rule_sources and permissions(game, player))):  # 601.3a: flash permissions
        if facts is not None and facts.land:  # (land_actions lists nothing without a land card in hand)
            options.extend(land_actions(game, player, facts))
        options.extend(cast_actions(game, player, facts, look))
    if game.activatable or hand or game.graveyard_activatable:  # hand: cycling (702.29a); graveyard: scavenge
        activations = look.activations if look is not None else None  # (the proof's list at this stop, if any)
        if activations is None:
            activations = activation_actions(game, player, facts)
        elif mana.CHECKS.on:  # (read at the call: tests turn it on) the proof's list, as found again
            assert activations == activation_actions(game, player, facts), f"stale proof activations of {player}"
        options.extend(activations)
    if game.graveyard_activatable:
        for family in _graveyard_families():  # flashback; jump-start, retrace, escape; disturb
            options.extend(family(game, player))
    if facts is not None and facts.special:  # (special_actions lists nothing without such a card)
        options.extend(special_actions(game, player))  # suspend, plot, foretell (116.2f, 116.2k, 702.143a)
    if game.exile_designated and game.world.holds_either(Plotted, Foretold):  # (the flag: most games foretell nothing)
        options.extend(exile_casts(game, player))  # a plotted card (702.170d), a foretold card (702.143a)
    if game.play_permissions or game.top_rules_seen:
        from systems.hidden_zones import exile_play_actions

        options.extend(exile_play_actions(game, player))  # exiled cards "you may play"; the top of a library
    if game.command_cards:
        from systems.command_zone import turn_face_up_actions

        options.extend(turn_face_up_actions(game, player))  # special action, 116.2j / 702.106c
    if game.face_down_seen:
        options.extend(morph_face_up(game, player))  # special action, 116.2b / 702.37e
    if game.mana_at_priority:
        from systems.mana_at_priority import mana_actions

        options.extend(mana_actions(game, player))  # 605.3a: mana abilities whenever the player has priority
    if game.stack:
        options = restrict(game, options)  # split second (702.61a)
    return options


def stop_options(game: Game, player: int, check: bool | None = None) -> list[Action]:
    """The options of a priority stop: ``[PASS]`` when :func:`can_only_pass` proves that is all, else every option
    (``priority_options``). Issue 11: most stops are pass-only and the proof is cheaper than the list. ``check``:
    ``mana.CHECKS.on`` if the caller read it (None: read here; the loop that calls this at every stop has read it
    once)."""
    if check is None:
        check = mana.CHECKS.on  # (read at the call: tests turn it on)
    look = STOP_LOOK
    look.units = look.activations = None  # (nothing found at this stop yet)
    if can_only_pass(game, player, check, look):
        if check:  # the proof checked against the list (tests/core/test_option_caches.py)
            # (and the flag it reads first: no card was foretold or plotted without it)
            assert game.exile_designated or not game.world.holds_either(Plotted, Foretold), \
                "a Foretold or Plotted card without the flag"
            listed = priority_options(game, player)
            assert listed == [PASS], f"can_only_pass was wrong for player {player}: {listed}"
            assert _PASS_ONLY == [PASS], "the shared pass-only options were changed"
        return _PASS_ONLY
    return priority_options(game, player, look)  # (nothing changed since the proof: what it found holds)


def can_only_pass(game: Game, player: int, check: bool | None = None, look: StopLook | None = None) -> bool:
    """True only if passing is provably ``player``'s one option now (CR 117.1); False means "not proved", not
    "has options". It follows ``priority_options`` family by family and gives up (False) wherever a family
    would need more than a cached or counted look:

    * neither mana abilities at priority nor static rules such as flash permissions are in play;
    * the families outside the hand (graveyard casting, plotted or foretold cards, cards playable from exile or
      the top of a library, the command zone, face-down permanents) list nothing: each is asked with the very
      function ``priority_options`` uses, and only when its family is in play (exact);
    * no activated ability can be activated now (``activation_actions``, exact);
    * no card in hand can be played or cast now (``casting.no_hand_cast``);
    * no special action (suspend, plot, foretell) is open.

    ``check``: ``mana.CHECKS.on`` if the caller read it (None: read here); ``look``: the stop's ``StopLook``, where
    ``no_hand_cast`` leaves what it found (``stop_options``).
    """
    if game.mana_at_priority or game.static_rule_sources:
        return False
    if game.face_down_seen:
        if morph_face_up(game, player):  # 116.2b
            return False
    if game.graveyard_activatable:
        for family in _graveyard_families():
            if family(game, player):
                return False
    if game.exile_designated:  # (a flag first: most games foretell and plot nothing; stop_options checks it)
        if game.world.holds_either(Plotted, Foretold) and exile_casts(game, player):
            return False
    if game.play_permissions or game.top_rules_seen:
        from systems.hidden_zones import exile_play_actions

        if exile_play_actions(game, player):
            return False
    if game.command_cards:
        from systems.command_zone import turn_face_up_actions

        if turn_face_up_actions(game, player):  # 116.2j
            return False
    hand = game.zones[player][HAND]
    # (annotated: an unannotated ``None`` first makes it an ``object`` when compiled, each field read generically)
    facts: HandFacts | None = None
    if hand:
        if check is None:
            check = mana.CHECKS.on  # (read at the call: tests turn it on)
        kept = game.hand_facts_cache.get(player)  # (hand_facts' kept answer read here: every stop asks)
        if kept is not None and kept[0] == game.hand_versions[player] and not check:
            facts = kept[1]
        else:
            facts = hand_facts(game, player)  # (found, or checked under CHECK_CACHES)
        stack = game.stack
        if (stack or game.active != player or game.step not in MAIN_STEPS) and not facts.any_time_ways \
                and not facts.other_casts and not (facts.any_time if stack else facts.any_time_off_stack) and not check:
            # no_hand_cast's commonest answer, without its frame: outside sorcery timing (no land to play, 305.2;
            # only instants and flash cards, 117.1a, 307.1) no card in the hand may be cast now, no other way (an
            # instant or flash way: any_time_ways) nor casting keyword or additional cost may add one (as no_hand_cast
            # finds them: it is asked instead under CHECK_CACHES)
            pass
        elif not no_hand_cast(game, player, facts, check, look):
            return False
        if facts.special and special_actions(game, player):
            return False  # 116.2f, 116.2k, 702.143a: suspend, plot, foretell
    if game.activatable or game.graveyard_activatable:
        activations = activation_actions(game, player, facts)
        if activations:
            if look is not None:
                look.activations = activations  # (priority_options' list at this stop)
            return False
    elif facts is not None and facts.from_hand and hand_activation_actions(game, player, facts):
        return False  # cycling (702.29a): with no permanent or graveyard card to activate, all activation_actions lists
    return True


@functools.cache
def _graveyard_families() -> tuple[Callable[[Game, int], list[CastSpell]], ...]:
    """The casts from a graveyard, in ``priority_options``' order: flashback (702.34a), jump-start, retrace, escape
    (702.133a, 702.81a, 702.138a), disturb (702.146a). (Imported once: the pass-only proof asks them at every stop
    while a graveyard holds such a card.)"""
    from systems.mechanics.additional_costs import graveyard_variants
    from systems.mechanics.double_faced import disturb_variants
    from systems.mechanics.graveyard_casting import graveyard_variants as graveyard_casts

    return graveyard_variants, graveyard_casts, disturb_variants


def _instant_speed_in_hand(game: Game, player: int, hand: list[int]) -> bool:
    """Could any card in the hand be cast without sorcery timing (instant, flash, CR 117.1a)?
    Cached until a hand changes, so most priority stops cost no look at the cards."""
    cached = game.instant_speed_cache.get(player)
    if cached is not None and cached[0] == game.hand_versions[player]:
        return cached[1]
    found = any(instant_speed(game.card(c)) for c in hand)
    game.instant_speed_cache[player] = (game.hand_versions[player], found)
    return found


def pass_priority(game: Game) -> None:
    """CR 117.3d-117.4: pass to the next player; if all passed in succession, resolve or end the step."""
    progress = game.progress
    passes = progress.passes + 1
    states = game.player_states
    alive = 0
    for s in states:  # (a loop: at every pass, sum() over a generator cost twice as much)
        if not s.lost:
            alive += 1
    if passes >= alive:
        progress.passes = 0
        _all_passed(game)
        return
    progress.passes = passes
    p = game.priority
    n = len(states)  # (one per player: game.num_players, read once)
    for _ in range(n):
        p = (p + 1) % n
        if not states[p].lost:
            break
    game.priority = p


def _all_passed(game: Game) -> None:
    """CR 117.4: every player still in the game passed in succession: the top of the stack resolves, or the step
    ends."""
    if game.stack:
        resolve_top(game)  # CR 608.1
        game.priority = game.in_game_from(game.active)  # CR 117.3b, 800.4j
    else:
        next_step(game)  # CR 500.2


def run_until_decision(game: Game) -> None:
    steps = 0
    # (read once: a game's records are never replaced, and the loop turns about a dozen times per decision; the
    # hook cache is cleared in place, never replaced; the players' number and ``auto_pass`` do not change in a game)
    progress, mulligans, table, hook_cache = game.progress, game.mulligans, game.table, game.hook_cache
    states = game.player_states
    two = len(states) == 2
    auto_pass = game.auto_pass
    check = mana.CHECKS.on  # (read at the call: tests turn it on)
    probe = STOP_PROBE  # (None but in the games bench: then stop_options is called directly, a native call compiled)
    # The loop's test reads the game through another name: mypy narrows what a test reads (``game.pending`` to None)
    # for the whole body, though calls in it end the game or ask a decision, and a compiled build (mypyc) trusts that
    # narrowing: ``game.pending`` read after such a call would raise TypeError there. (A second name costs nothing.)
    now = game
    while now.result is None and now.pending is None:
        steps += 1
        if not steps & 1023 and game.check_limits(steps):  # resource limits, 104.4b (ecs/game.py)
            break
        if mulligans.active:
            mulligan.mulligan_step(game)
            continue
        # (the step, read once: only next_step and a new turn change it, and neither runs before it is read again)
        step = game.step
        index = progress.tba_index
        if index < _SYSTEM_COUNTS[step]:
            progress.tba_index = index + 1
            STEP_SYSTEMS[step][index](game)
            continue
        if game.conditional_statics and not table.layers_dirty:
            # "as long as" conditions (611.3a) and "for each" numbers may have changed with anything outside the
            # table and the effects: the layers are applied again if any answers otherwise than the last pass saw.
            if layer_inputs(game) != game.layer_inputs:
                table.mark_changed()
        # (state_check's own first test, without its frame: no hooks to run (an empty tuple kept) and nothing changed;
        # "not looked up yet or not empty" rather than ``!= ()``: compiled, a None test and a length, no generic compare)
        if table.sba_dirty or (before := hook_cache.get("sba.before")) is None or before:
            happened = state_check(game)
            if game.result is not None or game.pending is not None:
                break
        else:
            happened = False  # (and nothing ran that could end the game or ask a decision)
        if game.mechanics:
            # (Game.hooks inlined: at every stop)
            asks = hook_cache.get("priority.before")
            if asks is None:
                asks = game.hooks("priority.before")
            if asks and _asked(game, asks):
                # a mechanic's choice before anyone receives priority (miracle's reveal 702.94a, dredge 702.52a)
                if game.pending is not None:
                    break
                continue
        # CR 502.4, 514.3: no player receives priority in the untap and cleanup steps (cleanup: unless 514.3a applies).
        # (Steps compared by identity, as systems/turn.py does: compiled, no frozenset look-up.)
        if step is UNTAP or step is CLEANUP:
            if step is CLEANUP and (happened or game.waiting_triggers or game.stack):
                progress.cleanup_priority = True  # CR 514.3a
            if not (step is CLEANUP and progress.cleanup_priority):
                next_step(game)
                continue
        if game.waiting_triggers:
            # CR 117.5 / 603.3: after state-based actions, waiting triggers go on the stack, then
            # state-based actions are checked again.
            put_triggers_on_stack(game)
            table.mark_players_changed()  # 117.5: checked again (what changed a row marked it; the stack is no row)
            if game.pending is not None:
                break
            continue
        player = game.priority
        options = stop_options(game, player, check) if probe is None else probe(game, player)
        if auto_pass and len(options) == 1:
            if two and not states[0].lost and not states[1].lost:
                # pass_priority inlined for a two-player game with both players in (nearly every automatic pass)
                passes = progress.passes
                if passes == 0:
                    progress.passes = 1
                    player = game.priority = 1 - player  # CR 117.3d: priority to the other player
                    # The next loop turn, when its tests before the stop provably find nothing to do, skipped to its
                    # stop: passing changed nothing they read (117.3d), and what the stop's own look (a pure query)
                    # could have marked is tested again here (a state check due). No conditional statics (their
                    # inputs are compared before each stop), no hooks before the state check (an empty tuple kept),
                    # the game neither over nor at a decision (nothing since this turn's test could end it or ask
                    # one: the state check would have broken off, a hook that asks returns True, and the stop's look
                    # is a pure query); the hooks before priority are asked as that turn would ask them, and waiting
                    # triggers put on the stack as it would.
                    if check:  # (MTG_ECS_CHECK_CACHES=1) the test this skips would still pass
                        assert game.result is None and game.pending is None, "a stop ended the game or asked"
                    if (table.sba_dirty or game.conditional_statics
                            or (before := hook_cache.get("sba.before")) is None or before):
                        continue
                    asks = hook_cache.get("priority.before") if game.mechanics else ()
                    if asks is None:
                        continue  # (not looked up yet: the loop turn looks them up)
                    steps += 1
                    if not steps & 1023 and game.check_limits(steps):
                        break
                    if asks and _asked(game, asks):
                        if game.pending is not None:
                            break
                        continue
                    if game.waiting_triggers:
                        put_triggers_on_stack(game)  # 117.5, 603.3 (as below)
                        table.mark_players_changed()
                        if game.pending is not None:
                            break
                        continue
                    options = stop_options(game, player, check) if probe is None else probe(game, player)
                    if len(options) != 1:
                        _decide(game, player, options)
                        break
                    passes = 1  # (the other player passes too: as the loop turn would, below)
                if passes == 1:
                    progress.passes = 0  # CR 117.4: both passed in succession
                    # (_all_passed, inlined: once a step or a resolution)
                    if game.stack:
                        resolve_top(game)  # CR 608.1
                        active = game.active  # CR 117.3b, 800.4j (in_game_from asked only if the active player left)
                        game.priority = game.in_game_from(active) if states[active].lost else active
                    else:
                        next_step(game)  # CR 500.2
                    continue
            pass_priority(game)
            continue
        _decide(game, player, options)


def _asked(game: Game, asks: tuple[Callable[[Game], bool], ...]) -> bool:
    """Asks the mechanics' hooks before priority in turn; True once one asked (or acted), which ends the asking."""
    for ask in asks:  # noqa: SIM110 - not any(): a generator costs more, at every stop of such a game
        if ask(game):
            return True
    return False


def _decide(game: Game, player: int, options: list[Action]) -> None:
    """The priority decision of ``player``, who has more options than passing (CR 117.1)."""
    if game.small_decisions:
        options = group(game, options)  # one Announce per card or ability with choices left (601.2)
    else:
        options = [w for o in options for w in unfold(game, player, o)]  # open choices listed whole
    game.pending = Decision(player, PRIORITY_DECISION, tuple(options))


def handle_action(game: Game, decision: Decision, action: Action) -> None:
    """Carry out a legal action chosen at ``decision``."""
    player = decision.player
    if game.announcing is not None or isinstance(action, Announce):
        if isinstance(action, Announce):
            announcing.begin(game, decision, action)  # 601.2a, 602.2a: the choices follow (systems/announcing.py)
        else:
            announcing.answer(game, player, action)
        return
    game.announce_groups = {}
    if game.resolution is not None and game.resolution.pending_key is not None:
        resolution.answer(game, action)  # a choice made while a spell or ability resolves
        return
    if game.answer_hook is not None:
        answer, game.answer_hook = game.answer_hook, None
        answer(game, player, action)  # a mechanic's own decision (content/registry.py hooks)
        return
    if isinstance(action, PassPriority):
        pass_priority(game)
    elif isinstance(action, PlayLand):
        play_land(game, player, action.card, action.choice, action.face)
        game.progress.passes = 0  # CR 117.3c: the player keeps priority
    elif isinstance(action, CastSpell):
        cast_spell(game, player, action)
        game.progress.passes = 0
    elif isinstance(action, ActivateAbility):
        activate(game, player, action)
        game.progress.passes = 0
    elif isinstance(action, ActivateMana):
        from systems.mana_at_priority import activate_mana

        activate_mana(game, player, action)  # 605.3a
        game.progress.passes = 0  # CR 117.3c
    elif isinstance(action, DeclareAttacker):
        combat.declare_attacker(game, action)
    elif isinstance(action, FinishAttackers):
        combat.finish_attackers(game)
    elif isinstance(action, DeclareBlocker):
        combat.declare_blocker(game, action)
    elif isinstance(action, FinishBlockers):
        combat.finish_blockers(game)
    elif isinstance(action, AssignDamage):
        combat.assign_damage(game, action)
    elif isinstance(action, Discard):
        from systems.zones import discard

        discard(game, player, action.card)  # CR 514.1, 701.8a
        discard_to_hand_size(game)
    elif isinstance(action, KeepLegend):
        card = game.card(action.permanent)
        game.legend_choices[(player, card.name)] = action.permanent
        game.table.mark_changed(layers=False)
    elif isinstance(action, ApplyReplacement):
        assert game.replacement_key is not None
        game.replacement_answers[game.replacement_key] = action.effect  # CR 616.1
        game.replacement_key = None
        game.table.mark_changed(layers=False)
    elif isinstance(action, SpecialAction):
        take(game, player, action)  # suspend, plot: a special action (116.2f, 116.2k)
        game.progress.passes = 0  # CR 116.3: the player receives priority afterward
    elif isinstance(action, TurnFaceUp):
        if action.card in game.command_cards:
            from systems.command_zone import turn_face_up

            turn_face_up(game, player, action.card)
        else:
            from systems.mechanics.face_down import turn_face_up as turn_permanent_face_up

            turn_permanent_face_up(game, player, action.card, action.how)  # 702.37e, 701.34b
        game.progress.passes = 0  # CR 116.3: the player receives priority afterward
    elif isinstance(action, NameCard):
        from systems.command_zone import name_card

        name_card(game, player, action)
    elif isinstance(action, PutTrigger):
        put_trigger(game, action)
    elif isinstance(action, Choose) and game.untap.asking >= 0:
        from systems.turn import answer_untap

        answer_untap(game, action.yes)  # "You may choose not to untap ~" (502.3)
    elif isinstance(action, Keep):
        mulligan.keep(game, player)
    elif isinstance(action, Mulligan):
        mulligan.take_mulligan(game, player)
    elif isinstance(action, PutOnBottom):
        mulligan.put_on_bottom(game, player, action.card)
    else:  # pragma: no cover - apply() only passes options it offered
        raise TypeError(f"unknown action {action!r}")

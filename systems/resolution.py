"""Resolving a spell or ability step by step, able to stop at a player's choice (CR 608.2c-e).

Instructions are followed in order (608.2c). When one needs a choice ("you may", scry, choose a
card to discard), its executor calls :func:`ask`. If that choice was already made, the answer is
returned; otherwise the game stops at a decision and the step is run again, from its start, once
the answer is in. Executors therefore ask all their questions before they change anything, which
makes replaying a step safe. The whole resolution is plain data on ``game.resolution``, so a game
paused mid-resolution can still be cloned.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final

from content.registry import EXECUTORS
from ecs.actions import Action, Choose, Decision, DecisionKind
from systems.effects import run_effect
from systems.mechanics.additional_costs import finish_spell

if TYPE_CHECKING:
    from ecs.game import Game


class Pause(Exception):
    """Raised by :func:`ask` to stop a resolution at a decision."""


MAY_KEY: Final = (-1, 0)


@dataclass(init=False)
class Resolution:
    ent: int  # the spell or ability object resolving
    steps: list[tuple[Any, Any]]  # (effect, EffectContext) in the order they are followed
    finish: str  # "graveyard": an instant or sorcery card goes to its owner's graveyard (608.2n);
    #              "delete": an ability object ceases to exist
    may_player: int = -1  # "you may" asked first of this player (603.5), or -1
    index: int = 0
    asked: int = 0
    answers: dict[tuple[int, int], Action] = field(default_factory=dict)
    pending_key: tuple[int, int] | None = None
    die_result: int = 0  # "the result" of the last die rolled while this resolves (CR 706.2)

    # (written out: compiled, a native constructor; see components/frozen.py)
    def __init__(self, ent: int, steps: list[tuple[Any, Any]], finish: str, may_player: int = -1, index: int = 0,
                 asked: int = 0, answers: dict[tuple[int, int], Action] | None = None,
                 pending_key: tuple[int, int] | None = None, die_result: int = 0) -> None:
        self.ent = ent
        self.steps = steps
        self.finish = finish
        self.may_player = may_player
        self.index = index
        self.asked = asked
        self.answers = {} if answers is None else answers
        self.pending_key = pending_key
        self.die_result = die_result


def ask(game: Game, player: int, kind: DecisionKind, options: Sequence[Action]) -> Action:
    """The player's answer to a choice made while resolving; stops the game if not yet answered."""
    res: Resolution | None = game.resolution  # (typed: compiled, ``Game.resolution`` is Any, read generically)
    if res is None:
        raise RuntimeError("a choice was asked outside a resolution")
    key = (res.index, res.asked)
    res.asked += 1
    if key in res.answers:
        return res.answers[key]
    if not options:
        raise RuntimeError("a choice with no options")
    if len(options) == 1:
        res.answers[key] = options[0]  # no real choice
        return options[0]
    res.pending_key = key
    game.pending = Decision(player, kind, tuple(options))
    raise Pause


def start(game: Game, ent: int, steps: list[tuple[Any, Any]], finish: str, may_player: int = -1) -> None:
    game.resolution = Resolution(ent, steps, finish, may_player)
    game.entered_as.clear()  # 400.7j links last only while one spell or ability resolves
    proceed(game)


def proceed(game: Game) -> bool:
    """Follow the remaining steps; False if stopped at a decision, True once finished."""

    res: Resolution | None = game.resolution  # (typed: compiled, ``Game.resolution`` is Any, read generically)
    assert res is not None
    if res.may_player >= 0 and MAY_KEY not in res.answers:
        res.pending_key = MAY_KEY
        game.pending = Decision(res.may_player, DecisionKind.MAY, (Choose(True), Choose(False)))
        return False
    may = res.answers.get(MAY_KEY)
    declined = isinstance(may, Choose) and not may.yes
    if declined and res.index == 0:
        game.say(f"{game.player_states[res.may_player].name} chooses not to")
        res.index = len(res.steps)
    while res.index < len(res.steps):
        effect, ctx = res.steps[res.index]
        res.asked = 0
        # (effects.run_effect inlined: a Pause raised by an executor passes one compiled frame fewer, each of which
        # adds a traceback entry, and the executor's look-up is the one call)
        run = EXECUTORS.get(type(effect))
        try:
            if run is not None:
                run(game, effect, ctx)
            else:
                run_effect(game, effect, ctx)  # (the executors' modules loaded first)
        except Pause:
            return False
        res.index += 1
    game.resolution = None
    if res.finish == "graveyard":
        if res.ent in game.stack:
            finish_spell(game, res.ent)  # its owner's graveyard; hand (buyback), exile (flashback, rebound)
    elif game.world.exists(res.ent):
        game.world.delete(res.ent)
    return True


def answer(game: Game, action: Action) -> None:
    """Record the answer to the pending choice and carry on resolving."""
    res: Resolution | None = game.resolution  # (typed, as in proceed)
    assert res is not None and res.pending_key is not None
    res.answers[res.pending_key] = action
    res.pending_key = None
    if proceed(game):
        game.priority = game.in_game_from(game.active)  # CR 117.3b, 800.4j
        game.progress.passes = 0


def resume_after_leaving(game: Game) -> None:
    """A player left the game (CR 800.4a) while a choice was asked mid-resolution (found by the fuzz: the next
    priority action was taken as the answer). If the resolving spell or ability left with its owner or controller
    (800.4a), the resolution ends; otherwise the step that asked is followed again from its start, with its
    choices asked anew of the game as it is now (executors ask before they change anything, so this is safe)."""
    from components.objects import CardObject, StackItem

    res = game.resolution
    assert res is not None
    item = game.world.try_get(res.ent, StackItem) if game.world.exists(res.ent) else None
    card = game.world.try_get(res.ent, CardObject) if game.world.exists(res.ent) else None
    if item is not None and (game.player_states[card.owner].lost if card is not None
                             else game.player_states[item.controller].lost):
        # 800.4a: a card left with its owner; an ability ceased to exist with its controller. (A spell the
        # leaver controlled but did not own was exiled by leave_game, so it is no longer here.)
        if res.ent in game.stack:
            game.stack.remove(res.ent)
        game.world.delete(res.ent)
        item = None
    if item is None:
        game.resolution = None
        game.priority = game.in_game_from(game.active)  # CR 117.3b, 800.4j
        game.progress.passes = 0
        return
    res.answers = {k: v for k, v in res.answers.items() if k[0] != res.index or k == MAY_KEY}
    if proceed(game):
        game.priority = game.in_game_from(game.active)  # CR 117.3b, 800.4j
        game.progress.passes = 0

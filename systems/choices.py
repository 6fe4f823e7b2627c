"""Carrying out the choices of components/choices.py (CR 608.2d, 115.1, 701.12a)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from components.abilities import CHOSEN_TYPE, Effect, Fight, PermanentFilter
from components.choices import (
    CHOSEN_COLOR_BIT,
    COLOR_BITS,
    ChooseOneOf,
    ChooseTargets,
    ChooseThen,
    ControllerMaySacrifice,
    FightEachOther,
    ProtectionFromChosen,
    with_choice,
)

if TYPE_CHECKING:
    from ecs.game import Game
    from systems.effects import EffectContext

def _choose_targets(game: Game, e: ChooseTargets, ctx: EffectContext) -> None:
    """The targets were chosen as it was cast or put on the stack (601.2c); nothing happens now."""


def _unchosen(game: Game, e: object, ctx: EffectContext) -> None:
    raise RuntimeError("'the chosen color' used without a choice")  # the compiler reads it only after one


def _fight_each_other(game: Game, e: FightEachOther, ctx: EffectContext) -> None:
    from systems.oracle_effects import run

    run(game, Fight(e.a, e.b), ctx)  # 701.12a, 701.12b: an illegal or gone creature deals and is dealt no damage


def _choose_then(game: Game, e: ChooseThen, ctx: EffectContext) -> None:
    """608.2d: the controller chooses as it resolves; the instructions after it use the chosen value."""
    from ecs.actions import ChooseColor, ChooseType, DecisionKind
    from systems.oracle_effects import then
    from systems.resolution import ask

    chosen: str | int
    if e.kind == "color":
        answer = ask(game, ctx.controller, DecisionKind.CHOOSE_COLOR, [ChooseColor(c) for c in "WUBRG"])
        assert isinstance(answer, ChooseColor)
        chosen = COLOR_BITS[answer.color]
        game.say(f"{ctx.source_name}: {answer.color} is chosen")
    else:
        from components.subtypes import CREATURE_TYPES

        pick = ask(game, ctx.controller, DecisionKind.CHOOSE_TYPE, [ChooseType(s) for s in sorted(CREATURE_TYPES)])
        assert isinstance(pick, ChooseType)
        chosen = pick.subtype
        game.say(f"{ctx.source_name}: {chosen} is chosen")
    then(game, with_choice(e.effects, e.kind, chosen), ctx)  # each its own step (systems/resolution.py)


def _controller_may_sacrifice(game: Game, e: ControllerMaySacrifice, ctx: EffectContext) -> None:
    """The permanent's controller chooses as it resolves (608.2d) whether to sacrifice it (701.21a)."""
    from ecs.actions import Choose, DecisionKind
    from systems.oracle_effects import obj, then
    from systems.resolution import ask

    ent = obj(game, ctx, e.target)
    if ent is None or ent not in game.table.row_of:
        return  # an illegal target (608.2b): the instruction does nothing
    game.refresh_layers()
    owner = int(game.table.get(ent, "controller"))
    answer = ask(game, owner, DecisionKind.MAY, [Choose(True), Choose(False)])
    assert isinstance(answer, Choose)
    if answer.yes:
        game.say(f"{game.name(ent)} is sacrificed")
        from systems.trigger_events import sacrifice

        sacrifice(game, ent, owner)
        return
    then(game, e.then, ctx)


def _choose_one_of(game: Game, e: ChooseOneOf, ctx: EffectContext) -> None:
    """608.2d: the controller picks one alternative as it resolves; its instructions follow."""
    from ecs.actions import ChooseOption, DecisionKind
    from systems.oracle_effects import then
    from systems.resolution import ask

    answer = ask(game, ctx.controller, DecisionKind.CHOOSE_OPTION, [ChooseOption(label) for label in e.labels])
    assert isinstance(answer, ChooseOption)
    game.say(f"{ctx.source_name}: {answer.label} is chosen")
    then(game, e.option(e.labels.index(answer.label)), ctx)


EXECUTORS: dict[type[Effect], Callable[..., None]] = {ChooseOneOf: _choose_one_of, ControllerMaySacrifice: _controller_may_sacrifice, ChooseTargets: _choose_targets, ProtectionFromChosen: _unchosen, FightEachOther: _fight_each_other, ChooseThen: _choose_then}


def repeated_mode_targets(game: Game, spell: Any, modes: tuple[int, ...], player: int,
                          source: int) -> list[tuple[int, ...]]:
    """The targets of a modal spell whose modes may repeat (700.2d): "If that mode requires a target, the same
    player or object may be chosen as the target for each of those modes, or different targets may be chosen."
    Within one mode each "target" names a different object (115.3). A mode without legal targets can't be
    chosen (700.2a): no combination then."""
    import itertools

    from systems.casting import _target_choices

    per_mode = []
    for m in modes:
        specs = spell.modes[m].targets
        per_mode.append(_target_choices(game, specs, player, source) if specs else [()])
    # The same mode chosen again in a row is followed again right after (700.2d): its instructions with targets
    # (A, B) or (B, A) leave the same game, so one order is offered (the targets of each run of a repeated mode
    # in non-decreasing order); this keeps the options from growing as (targets) ** (times chosen).
    return [tuple(t for part in combo for t in part) for combo in itertools.product(*per_mode)
            if all(modes[i] != modes[i - 1] or combo[i] >= combo[i - 1] for i in range(1, len(modes)))]


def modal_activation_options(game: Game, player: int, ent: int, index: int, ability: Any) -> list[Any]:
    """A modal activated ability's options (700.2a, 602.2b): each set of modes with each choice of their targets
    (a mode without legal targets can't be chosen) and of the permanents and cards paying its costs."""
    from ecs.actions import ActivateAbility
    from systems.casting import _mode_choices, mode_target_choices
    from systems.costs import cost_choices

    out: list[Any] = []
    choices = cost_choices(game, player, ent, ability)
    for modes in _mode_choices(ability):
        combos = mode_target_choices(game, ability, modes, player, -1, ent)  # 115.3: per mode
        out.extend(ActivateAbility(ent, index, combo, sac, dis, modes=modes) for sac, dis in choices
                   for combo in combos if not (set(sac) & set(combo)))
    return out


def linked_choice(game: Game, source: int, f: PermanentFilter) -> PermanentFilter:
    """A filter naming "the chosen type" / "the chosen color" (607.2d): the value chosen as its source entered
    (none chosen, or a source that isn't a permanent: the placeholder matches no object)."""
    if f.colors_any & CHOSEN_COLOR_BIT:
        color = game.chosen_color.get(source) if source >= 0 else None
        if color:
            f = with_choice(f, "color", color)
    if CHOSEN_TYPE not in f.subtypes_any:
        return f
    chosen = game.chosen_type.get(source) if source >= 0 else None
    if not chosen:
        return f
    return with_choice(f, "creature type", chosen)

from content import registry  # noqa: E402

for _type, _fn in EXECUTORS.items():
    registry.add_executor(_type, _fn)

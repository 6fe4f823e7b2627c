"""Replacement effects (CR 614, 616): "instead", "skip", "enters tapped", "enters with".

A replacement effect watches for an event and changes it before it happens. Static abilities
register theirs while their permanent is on the battlefield; resolved spells create theirs with
:func:`add_replacement`. When an event is about to happen, :func:`applicable` lists what applies;
each effect applies at most once to an event (614.5); self-replacement effects go first (616.1a);
when a player must choose among several, the affected object's controller (or the affected
player) chooses (616.1), through a REPLACEMENT decision answered before the event happens.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from components.abilities import PermanentFilter, ReplacementSpec, StaticReplacement
from components.objects import ReplacementEffect
from ecs.actions import ApplyReplacement, Decision, DecisionKind
from systems.layers import filter_mask, table_frame

if TYPE_CHECKING:
    from components.card import CardDef
    from ecs.game import Game


def add_replacement(game: Game, effect: ReplacementEffect) -> int:
    ent = game.world.create(effect)
    game.replacements.append(ent)
    return ent


def remove_replacement(game: Game, ent: int) -> None:
    if ent in game.replacements:
        game.replacements.remove(ent)
        game.world.delete(ent)


def register(game: Game, permanent: int, card: CardDef) -> None:
    """CR 614.12 aside, a permanent's replacement abilities apply while it is on the battlefield."""
    for ability in card.abilities:
        if isinstance(ability, StaticReplacement) and not (ability.self_only and ability.spec.event == "enter"):
            add_replacement(game, ReplacementEffect(
                ability.spec, permanent, game.table.get(permanent, "controller"),
                game.table.get(permanent, "timestamp"), True, ability.self_only))


def unregister(game: Game, permanent: int) -> None:
    for ent in list(game.replacements):
        re = game.world.get(ent, ReplacementEffect)
        if re.from_static and re.source == permanent:
            remove_replacement(game, ent)


def end_of_turn(game: Game) -> None:
    for ent in list(game.replacements):
        if game.world.get(ent, ReplacementEffect).until_end_of_turn:
            remove_replacement(game, ent)


def _object_matches(game: Game, re: ReplacementEffect, obj: int) -> bool:
    spec = re.spec
    assert isinstance(spec, ReplacementSpec)
    if re.fixed is not None:
        return obj in re.fixed
    if re.self_only:
        return obj == re.source
    row = game.table.row_of.get(obj)
    if row is None:
        return False
    f = spec.affected or PermanentFilter()
    controller = re.controller
    if re.source in game.table.row_of:
        controller = game.table.get(re.source, "controller")
    return bool(filter_mask(f, table_frame(game), controller)[row])


def _player_matches(game: Game, re: ReplacementEffect, player: int) -> bool:
    spec = re.spec
    assert isinstance(spec, ReplacementSpec)
    controller = re.controller
    if re.source in game.table.row_of:
        controller = game.table.get(re.source, "controller")
    return spec.player == "any" or (spec.player == "you") == (player == controller)


def applicable(game: Game, event: str, *, obj: int = -1, player: int = -1, step: int = -1,
               exclude: frozenset[int] = frozenset()) -> list[int]:
    """Replacement effects that would apply to this event now, in timestamp order."""
    out: list[tuple[int, int]] = []
    for ent in game.replacements:
        if ent in exclude:
            continue
        re = game.world.get(ent, ReplacementEffect)
        spec = re.spec
        assert isinstance(spec, ReplacementSpec)
        if spec.event != event:
            continue
        if re.from_static and re.source in game.table.row_of and game.table.get(re.source, "no_abilities"):
            continue  # the source lost its abilities (613.1f)
        if event in ("enter", "die"):
            ok = _object_matches(game, re, obj)
        elif event == "step":
            ok = spec.step == step and _player_matches(game, re, player)
        else:
            ok = _player_matches(game, re, player)
        if ok:
            out.append((re.timestamp, ent))
    return [e for _, e in sorted(out)]


def order_choice(game: Game, event: str, chooser: int, key: tuple[object, ...], candidates: list[int]) -> int | None:
    """CR 616.1: which of several applicable effects applies first. Returns the effect, or None after
    leaving a REPLACEMENT decision pending (the caller then stops and runs again once it's answered).

    Self-replacement effects (614.15) must be chosen first (616.1a).
    """
    selfs = [c for c in candidates if game.world.get(c, ReplacementEffect).self_only]
    pool = selfs or candidates
    if len(pool) == 1:
        return pool[0]
    answer = game.replacement_answers.get(key)
    if answer in pool:
        return answer
    if game.resolution is not None and game.resolution.pending_key is None:
        from systems.resolution import ask

        action = ask(game, chooser, DecisionKind.REPLACEMENT, [ApplyReplacement(c) for c in pool])
        assert isinstance(action, ApplyReplacement)
        return action.effect
    game.replacement_key = key
    game.pending = Decision(chooser, DecisionKind.REPLACEMENT, tuple(ApplyReplacement(c) for c in pool))
    return None


def die_destination(game: Game, obj: int) -> tuple[str, bool]:
    """Where a permanent about to be put into a graveyard from the battlefield goes instead, if
    anywhere ("graveyard", "exile", "hand", "library"), and False when a choice is pending."""
    candidates = applicable(game, "die", obj=obj)
    if not candidates:
        return "graveyard", True
    chooser = game.table.get(obj, "controller")
    chosen = order_choice(game, "die", chooser, ("die", obj), candidates)
    if chosen is None:
        return "graveyard", False
    re = game.world.get(chosen, ReplacementEffect)
    # Once one applies the event is no longer "put into a graveyard": the others stop applying
    # (614.5, 616.1: reconsider what still applies to the modified event).
    _use(game, chosen)
    game.say(f"{game.name(obj)} goes to {'its owner' + chr(39) + 's ' if re.spec.modification != 'exile' else ''}"
             f"{re.spec.modification} instead")
    return re.spec.modification, True


def enter_modifications(game: Game, obj: int, card: CardDef) -> tuple[bool, dict[str, int]]:
    """CR 614.1c-d, 614.12: how a permanent enters: tapped, and with which counters. These effects
    only add to the event, so each applicable one applies once (614.5), in any order."""
    tapped = False
    counters: dict[str, int] = {}
    specs: list[ReplacementSpec] = [a.spec for a in card.abilities
                                    if isinstance(a, StaticReplacement) and a.self_only and a.spec.event == "enter"
                                    and (a.condition is None or _condition_holds(game, a, obj))]
    for ent in applicable(game, "enter", obj=obj):
        specs.append(game.world.get(ent, ReplacementEffect).spec)
        _use(game, ent)
    for spec in specs:
        if spec.modification == "tapped":
            tapped = True
        elif spec.modification == "counters":
            # 107.3m: X is the value chosen for the spell this permanent was; otherwise 0.
            amount = game.cast_x.get(obj, 0) if spec.x else spec.amount
            if spec.colors_spent:  # converge: for each color of mana spent to cast it (601.2h)
                from systems.mechanics.mana_spent import colors_spent_count

                amount *= colors_spent_count(game, obj)
            if amount:
                counters[spec.counter_kind] = counters.get(spec.counter_kind, 0) + amount
    return tapped, counters


def _condition_holds(game: Game, ability: StaticReplacement, obj: int) -> bool:
    """A self-replacement effect with a condition ("if it was kicked", bloodthirst) applies only if it holds
    as the permanent enters (614.1c, 702.33d, 702.54a)."""
    from systems.triggers import check_condition

    cond = ability.condition
    if cond is not None and cond.kind in ("you_control", "opponent_controls") and cond.filter is not None:
        # "enters tapped unless you control a Plains": the permanent isn't on the battlefield yet as this is
        # checked (614.12), so it doesn't count itself
        import dataclasses

        cond = dataclasses.replace(cond, filter=dataclasses.replace(cond.filter, exclude_source=True))
    return check_condition(game, cond, int(game.table.get(obj, "controller")), obj)


def skips(game: Game, event: str, player: int, step: int = -1) -> bool:
    """CR 614.1b: "skip" replaces an event (a step, a draw) with nothing."""
    for ent in applicable(game, event, player=player, step=step):
        re = game.world.get(ent, ReplacementEffect)
        if re.spec.modification == "skip":
            _use(game, ent)
            return True
    return False


def _use(game: Game, ent: int) -> None:
    re = game.world.get(ent, ReplacementEffect)
    if re.uses is not None:
        re.uses -= 1
        if re.uses <= 0:
            remove_replacement(game, ent)

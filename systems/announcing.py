"""Announcing a spell or an ability as a sequence of small decisions (CR 601.2, 602.2, 605.3a, 730.1).

The rules enumerate each legal play whole (``CastSpell`` / ``ActivateAbility`` / ``ActivateMana``: systems/casting.py
and the casting keywords). At a priority decision a play with nothing left to choose is offered as itself; the plays
of one card or ability that differ in some choice are offered as one ``Announce``. Choosing it starts the
announcement: the choices follow one field at a time in the order of CR 601.2b-h (the way it is cast and its half,
the cards spliced, each mode, X, each target, then each permanent or card a cost uses) and, for a list, one element at
a time (each target, each creature to tap, each colour of mana), each a small ``Pick`` decision. A step with one
possible answer is taken without asking. Each answer offered is the prefix of at least one whole legal play, so every
announcement that starts can be completed; ``Cancel`` rewinds it to the priority decision it started from (CR 730.1:
nothing was paid yet, so nothing has to be undone). A list longer than ``PAGE`` is first narrowed by ``Pick("page",
k)`` so that no decision offers more than ``PAGE`` + 1 options.

The game option ``small_decisions`` (on by default) turns this on; off, priority offers every whole play (the option
lists of earlier versions, kept for old saves).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ecs.actions import (
    MANA_ABILITY,
    Action,
    ActivateAbility,
    ActivateMana,
    Announce,
    Cancel,
    CastSpell,
    Decision,
    DecisionKind,
    Pick,
)

if TYPE_CHECKING:
    from ecs.game import Game

PAGE = 32  # the most values of one field offered at once (the rest are behind "page" picks)

# CR 601.2a-b: the half of a split card and the way it is cast (alternative / additional costs), the cards spliced
# onto it, its modes, X; 601.2c: its targets; 601.2f-h: the permanents and cards its costs use.
CAST_FIELDS = ("face", "cost", "spliced", "modes", "x", "targets", "sacrifice", "discard", "exile", "tapped",
               "returned")
# CR 602.2b: an ability's modes, targets and colour of mana (605.3a), then the permanents and cards its costs use.
ACTIVATE_FIELDS = ("modes", "targets", "mana", "sacrifice", "discard", "tapped", "exiled")
MANA_FIELDS = ("mana",)
SEQUENCES = frozenset({"spliced", "modes", "targets", "sacrifice", "discard", "exile", "tapped", "returned", "exiled",
                       "mana"})
KINDS = {
    "face": DecisionKind.CAST_WAY, "cost": DecisionKind.CAST_WAY, "spliced": DecisionKind.SPLICE,
    "modes": DecisionKind.MODE, "x": DecisionKind.X_VALUE, "targets": DecisionKind.TARGET,
    "mana": DecisionKind.MANA_COLOR,
}


def head_of(action: Action) -> Announce | None:
    """The announcement a whole play starts with, or None for an action that is not announced in steps."""
    if isinstance(action, CastSpell):
        return Announce(action.card)
    if isinstance(action, ActivateAbility):
        return Announce(action.source, action.index)
    if isinstance(action, ActivateMana):
        return Announce(action.source, MANA_ABILITY)
    return None


def fields_of(action: Action) -> tuple[str, ...]:
    if isinstance(action, CastSpell):
        return CAST_FIELDS
    if isinstance(action, ActivateAbility):
        return ACTIVATE_FIELDS
    return MANA_FIELDS


@dataclass(slots=True)
class Announcement:
    """A play being announced: the whole plays still possible and how far the choices have got."""

    start: Decision  # the priority decision it started from (Cancel returns to it, 730.1)
    start_groups: dict[Announce, list[Action]]  # that decision's announcements
    candidates: list[Action]
    fields: tuple[str, ...]
    step: int = 0  # index into ``fields``
    position: int = 0  # elements of the current list field chosen so far
    page: list[Any] | None = field(default=None)  # the values of the page chosen, while a long list is narrowed


def group(game: Game, options: list[Action]) -> list[Action]:
    """The priority options with the plays of one card or ability folded into one ``Announce`` each (kept in
    ``game.announce_groups`` until the decision is answered)."""
    groups: dict[Announce, list[Action]] = {}
    out: list[Action] = []
    for option in options:
        head = head_of(option)
        if head is None:
            out.append(option)
            continue
        plays = groups.get(head)
        if plays is None:
            groups[head] = [option]
            out.append(head)
        elif option not in plays:
            plays.append(option)
    if not groups:
        game.announce_groups = {}
        return out
    singles = {head: plays[0] for head, plays in groups.items() if len(plays) == 1}
    game.announce_groups = {head: plays for head, plays in groups.items() if len(plays) > 1}
    return [singles.get(o, o) if isinstance(o, Announce) else o for o in out]


def whole_plays(game: Game, decision: Decision) -> list[Action]:
    """Every whole play a decision leads to: the announcements of a priority decision unfolded."""
    groups = game.announce_groups
    if not groups or decision.kind != DecisionKind.PRIORITY:
        return list(decision.options)
    return [play for o in decision.options for play in (groups.get(o, [o]) if isinstance(o, Announce) else [o])]


def begin(game: Game, decision: Decision, head: Announce) -> None:
    """CR 601.2a / 602.2a: start announcing; ask the first choice that has more than one answer."""
    plays = game.announce_groups[head]
    game.announcing = Announcement(decision, game.announce_groups, list(plays), fields_of(plays[0]))
    game.announce_groups = {}
    _next(game, decision.player)


def answer(game: Game, player: int, action: Action) -> None:
    """A ``Pick`` or ``Cancel`` answered while announcing."""
    ann = game.announcing
    assert ann is not None
    if isinstance(action, Cancel):
        # CR 730.1: the whole action is reversed; no payment was made yet, so the game is as it was.
        game.announcing = None
        game.pending = ann.start
        game.announce_groups = ann.start_groups
        return
    assert isinstance(action, Pick)
    _take(ann, action)
    _next(game, player)


def _values(ann: Announcement) -> list[Any]:
    """The distinct answers of the current field among the candidates, in the order the rules listed them."""
    name = ann.fields[ann.step]
    if name not in SEQUENCES:
        return list(dict.fromkeys(getattr(c, name) for c in ann.candidates))
    k = ann.position
    seen: dict[Any, None] = {}
    for c in ann.candidates:
        seq = getattr(c, name)
        seen[seq[k] if len(seq) > k else None] = None
    return list(seen)


def _take(ann: Announcement, pick: Pick) -> None:
    name = ann.fields[ann.step]
    if pick.field == "page":
        values = _values(ann)
        assert isinstance(pick.value, int)
        ann.page = values[pick.value * PAGE:(pick.value + 1) * PAGE]
        return
    ann.page = None
    value = pick.value
    if name not in SEQUENCES:
        ann.candidates = [c for c in ann.candidates if getattr(c, name) == value]
        ann.step += 1
        return
    k = ann.position
    if value is None:
        ann.candidates = [c for c in ann.candidates if len(getattr(c, name)) == k]
        ann.step += 1
        ann.position = 0
        return
    ann.candidates = [c for c in ann.candidates if len(getattr(c, name)) > k and getattr(c, name)[k] == value]
    ann.position += 1


def _next(game: Game, player: int) -> None:
    """Ask the next choice with more than one answer, or carry out the play once it is whole."""
    ann = game.announcing
    assert ann is not None
    while len(ann.candidates) > 1:
        assert ann.step < len(ann.fields), f"plays differing outside the announced fields: {ann.candidates}"
        name = ann.fields[ann.step]
        values = ann.page if ann.page is not None else _values(ann)
        if len(values) == 1:
            _take(ann, Pick(name, values[0]))  # forced: nothing to ask
            continue
        if len(values) > PAGE:
            pages = (len(values) + PAGE - 1) // PAGE
            options: tuple[Action, ...] = tuple(Pick("page", k) for k in range(pages))
        else:
            options = tuple(Pick(name, v) for v in values)
        kind = KINDS.get(name, DecisionKind.COST_CHOICE)
        game.pending = Decision(player, kind, (*options, Cancel()))
        return
    play = ann.candidates[0]
    game.announcing = None
    carry_out(game, player, play)


def carry_out(game: Game, player: int, play: Action) -> None:
    """Cast the spell or activate the ability now that every choice is made (CR 601.2f-i, 602.2b-e)."""
    from systems.casting import activate, cast_spell

    if isinstance(play, CastSpell):
        cast_spell(game, player, play)
    elif isinstance(play, ActivateAbility):
        activate(game, player, play)
    else:
        assert isinstance(play, ActivateMana)
        from systems.mana_at_priority import activate_mana

        activate_mana(game, player, play)
    game.progress.passes = 0  # CR 117.3c: the player receives priority again


def steps_to(game: Game, play: Action) -> Action | None:
    """The answer of the pending announcing decision that leads to ``play`` (None: it leads nowhere there)."""
    ann = game.announcing
    pending = game.pending
    if ann is None or pending is None or play not in ann.candidates:
        return None
    name = ann.fields[ann.step]
    value = getattr(play, name)
    if name in SEQUENCES:
        value = value[ann.position] if len(value) > ann.position else None
    for option in pending.options:
        if isinstance(option, Pick) and option.field == name and option.value == value:
            return option
    values = _values(ann)
    if value in values:
        return Pick("page", values.index(value) // PAGE)
    return None

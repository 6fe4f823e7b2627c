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

A choice that is a set or a sequence of cards or permanents (crew's creatures, delve's and escape's exiled cards,
the cards spliced) is not enumerated whole: the rules list one *template* play with the field ``OPEN``
(ecs/actions.py) and the mechanic that made it answers the hook ``announce.open`` with an :class:`OpenSet`, which
computes from the elements chosen so far the elements that can still be completed to a legal choice and whether the
choice is already complete ("done", ``Pick(field, None)``). So no such choice is capped. ``Game.whole_actions`` lists
the completions of an open choice too, but at most ``WHOLE_LIMIT`` of each (2^40 sets of creatures can crew): every
other one is reached step by step, and ``apply`` accepts any legal one (``reaches``).

The game option ``small_decisions`` (on by default) turns this on; off, priority offers every whole play (as earlier
versions did; a save records the option in its origin; an open choice is listed as ``whole_actions`` lists it).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass, field, replace
from operator import attrgetter
from typing import TYPE_CHECKING, Any, Final

from ecs.actions import (
    MANA_ABILITY,
    OPEN,
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
from systems import mana

if TYPE_CHECKING:
    from ecs.game import Game

PAGE: Final = 32  # the most values of one field offered at once (the rest are behind "page" picks)
WHOLE_LIMIT: Final = 256  # the most completions of one open choice that ``whole_plays`` lists (the steps offer them all)

# CR 601.2a-b: the half of a split card and the way it is cast (alternative / additional costs), the cards spliced
# onto it, its modes, X; 601.2c: its targets; 601.2f-h: the permanents and cards its costs use.
CAST_FIELDS: Final = ("face", "cost", "spliced", "modes", "x", "targets", "sacrifice", "discard", "exile", "tapped",
               "returned")
# CR 602.2b: an ability's modes, targets and colour of mana (605.3a), then the permanents and cards its costs use.
ACTIVATE_FIELDS: Final = ("modes", "targets", "mana", "sacrifice", "discard", "tapped", "exiled")
MANA_FIELDS: Final = ("mana",)
SEQUENCES: Final = frozenset({"spliced", "modes", "targets", "sacrifice", "discard", "exile", "tapped", "returned", "exiled",
                       "mana"})
KINDS: Final = {
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


Chosen = tuple[int, ...]


@dataclass(frozen=True, slots=True, eq=False)
class OpenSet:
    """A choice of distinct elements made one at a time (CR 601.2b, 601.2f-h): the protocol a mechanic provides
    for an ``OPEN`` field through the hook ``announce.open``.

    ``elements`` are the candidates, interchangeable ones (equal ``kinds``) next to each other; a set
    (``ordered`` False) is chosen in the order of ``elements``, so each set has exactly one sequence of steps, and
    of interchangeable elements only the first not yet passed over is offered. ``complete(chosen)``: the choice may
    stop here; ``can_complete(chosen, rest)``: some legal choice extends ``chosen`` with elements of ``rest`` (the
    elements that may still follow). ``expand(template, chosen)``: the plays the template becomes (by default the
    template with the field filled in)."""

    field: str
    elements: tuple[int, ...]
    kinds: tuple[Hashable, ...]
    complete: Callable[[Chosen], bool]
    can_complete: Callable[[Chosen, Chosen], bool]
    ordered: bool = False
    expand: Callable[[Action, Chosen], list[Action]] | None = None

    def _rest(self, chosen: Chosen) -> list[int]:
        """The indices of the elements that may follow ``chosen``."""
        if self.ordered:
            return [i for i, e in enumerate(self.elements) if e not in chosen]
        start = self.elements.index(chosen[-1]) + 1 if chosen else 0
        return list(range(start, len(self.elements)))

    def options(self, chosen: Chosen) -> list[int]:
        """The elements offered after ``chosen``: each can still be completed to a legal choice (730.1)."""
        rest = self._rest(chosen)
        out: list[int] = []
        seen: set[Hashable] = set()
        for n, i in enumerate(rest):
            kind = self.kinds[i]
            if kind in seen:
                continue  # interchangeable with an element offered already
            seen.add(kind)
            e = self.elements[i]
            after = rest[n + 1:] if not self.ordered else [j for j in rest if j != i]
            if self.can_complete((*chosen, e), tuple(self.elements[j] for j in after)):
                out.append(e)
        return out

    def values(self, chosen: Chosen) -> list[int | None]:
        """The answers of the step after ``chosen``: the elements offered, then None ("done") if it is complete."""
        out: list[int | None] = list(self.options(chosen))
        if self.complete(chosen):
            out.append(None)
        return out

    def canonical(self, value: Iterable[int]) -> Chosen | None:
        """``value`` as the steps choose it (a set in the order of ``elements``), or None if they can't reach it."""
        chosen = tuple(value)
        if not self.ordered:
            if any(e not in self.elements for e in chosen):
                return None
            chosen = tuple(sorted(chosen, key=self.elements.index))
        for k in range(len(chosen)):
            if chosen[k] not in self.options(chosen[:k]):
                return None
        return chosen if self.complete(chosen) else None

    def plays(self, template: Action, chosen: Chosen) -> list[Action]:
        if self.expand is not None:
            return self.expand(template, chosen)
        return [replace(template, **{self.field: chosen})]  # type: ignore[arg-type]  # self.field is a field of the play

    def completions(self, limit: int) -> list[Chosen]:
        """The complete choices in the order the steps offer them, at most ``limit``."""
        out: list[Chosen] = []
        stack: list[Chosen] = [()]
        while stack and len(out) < limit:
            chosen = stack.pop()
            if self.complete(chosen):
                out.append(chosen)
            stack.extend((*chosen, e) for e in reversed(self.options(chosen)))
        return out


def at_least(name: str, elements: Iterable[int], kind: Callable[[int], Hashable], weight: Callable[[int], int],
             need: int, most: int | None = None, least: int = 1) -> OpenSet:
    """The sets of ``least`` or more (and at most ``most``) of ``elements`` whose weights total ``need`` or more:
    crew's creatures (power, 702.122a), delve's cards (1 each, up to the generic mana, 702.66a), escape's cards
    (exactly N: ``need`` = ``most`` = N, 702.138a)."""
    groups: dict[Hashable, list[int]] = {}
    for e in elements:
        groups.setdefault(kind(e), []).append(e)
    ordered = tuple(e for group in groups.values() for e in group)  # interchangeable elements next to each other
    kinds = tuple(k for k, group in groups.items() for _ in group)
    weights = {e: weight(e) for e in ordered}
    cap = len(ordered) if most is None else most

    def complete(chosen: Chosen) -> bool:
        return least <= len(chosen) <= cap and sum(weights[e] for e in chosen) >= need

    def can_complete(chosen: Chosen, rest: Chosen) -> bool:
        room = cap - len(chosen)
        if room < 0 or len(chosen) + len(rest) < least:
            return False
        best = sorted((weights[e] for e in rest), reverse=True)[:room]
        return sum(weights[e] for e in chosen) + sum(w for w in best if w > 0) >= need

    return OpenSet(name, ordered, kinds, complete, can_complete)


_CAST_VALUES: Final = attrgetter(*CAST_FIELDS)
_ACTIVATE_VALUES: Final = attrgetter(*ACTIVATE_FIELDS)


def open_field(play: Action) -> str | None:
    """The first field of ``play`` left ``OPEN``, or None for a whole play."""
    # A whole spell or ability (nearly every play) is told by one C-level read of its fields and one ``in``
    # (identity or ==, as the loop below compares), without a getattr per field.
    # (the fields read one by one, slot reads: cheaper than the attrgetters' look-ups by name; the same fields, checked
    # under CHECK_CACHES)
    if isinstance(play, CastSpell):
        values: tuple[Any, ...] = (play.face, play.cost, play.spliced, play.modes, play.x, play.targets, play.sacrifice,
                                   play.discard, play.exile, play.tapped, play.returned)
        assert not mana.CHECKS.on or values == _CAST_VALUES(play)
        if OPEN not in values:
            return None
    elif isinstance(play, ActivateAbility):
        values = (play.modes, play.targets, play.mana, play.sacrifice, play.discard, play.tapped, play.exiled)
        assert not mana.CHECKS.on or values == _ACTIVATE_VALUES(play)
        if OPEN not in values:
            return None
    for name in fields_of(play):
        if getattr(play, name, None) == OPEN:
            return name
    return None


def open_set(game: Game, player: int, play: Action, name: str) -> OpenSet:
    """The open choice of ``play``'s field ``name``, from the mechanic that left it open (hook ``announce.open``)."""
    from content.registry import all_hooks

    for hook in all_hooks("announce.open"):
        spec = hook(game, player, play, name)
        if spec is not None:
            return spec
    raise AssertionError(f"no mechanic answers the open field {name} of {play}")


def unfold(game: Game, player: int, play: Action, limit: int = WHOLE_LIMIT) -> list[Action]:
    """The whole plays a template leads to (at most ``limit`` completions of each open choice); a whole play is
    itself."""
    name = open_field(play)
    if name is None:
        return [play]
    spec = open_set(game, player, play, name)
    out: list[Action] = []
    for chosen in spec.completions(limit):
        for nxt in spec.plays(play, chosen):
            out.extend(unfold(game, player, nxt, limit))
    return list(dict.fromkeys(out))


def reaches(game: Game, player: int, template: Action, play: Action) -> bool:
    """Whether the steps of ``template`` can lead to the whole play ``play`` (its open choices made as ``play``
    makes them)."""
    name = open_field(template)
    if name is None:
        return template == play
    if type(template) is not type(play):
        return False
    spec = open_set(game, player, template, name)
    chosen = spec.canonical(getattr(play, name))
    if chosen is None:
        return False
    if not spec.ordered:
        play = replace(play, **{name: chosen})  # type: ignore[arg-type]  # a set: any order names it
    return any(reaches(game, player, nxt, play) for nxt in spec.plays(template, chosen))


def offers(game: Game, player: int, plays: list[Action], play: Action) -> bool:
    """Whether announcing one of ``plays`` (whole plays or templates) can lead to the whole play ``play``."""
    return play in plays or any(open_field(p) is not None and reaches(game, player, p, play) for p in plays)


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
    open: bool = False  # the current field is an open choice (the candidates left it ``OPEN``)
    chosen: Chosen = ()  # its elements chosen so far (the ``OpenSet`` itself is asked again at each step: it is
    #                      computed from the game, so a clone or a save of the game never holds one)


def group(game: Game, options: list[Action]) -> list[Action]:
    """The priority options with the plays of one card or ability folded into one ``Announce`` each (kept in
    ``game.announce_groups`` until the decision is answered)."""
    # The plays are grouped under their heads' fields, ``(card, index)`` as ``head_of`` makes them: a tuple is
    # hashed and compared as the ``Announce`` would be, without its Python-level __hash__ and __eq__ (at every stop
    # with options); an ``Announce`` is made once per group that stays one.
    groups: dict[tuple[int, int], list[Action]] = {}
    # A repeat of an earlier play has its key (made of its fields): it is looked for in a set of its group's plays
    # only (actions are frozen: a set finds a repeat without comparing it with every play), made once the group has
    # a second play.
    sets: dict[tuple[int, int], set[Action]] = {}
    out: list[Any] = []  # the options, and in a group's place a tuple: its key
    slots: list[int] = []  # the places of the groups in ``out``
    for option in options:
        key: tuple[int, int]
        if isinstance(option, CastSpell):
            key = (option.card, -1)
        elif isinstance(option, ActivateAbility):
            key = (option.source, option.index)
        elif isinstance(option, ActivateMana):
            key = (option.source, MANA_ABILITY)
        else:
            out.append(option)
            continue
        plays = groups.get(key)
        if plays is None:  # (a group's first play repeats no earlier one: an equal play has the same key)
            groups[key] = [option]
            slots.append(len(out))
            out.append(key)
            continue
        seen = sets.get(key)
        if seen is None:
            seen = sets[key] = set(plays)  # (made at a group's second play: most groups have one)
        before = len(seen)
        seen.add(option)
        if len(seen) > before:  # (else a repeat of an earlier play)
            plays.append(option)
    if not groups:
        game.announce_groups = {}
        return out  # (no group: every element is an option)
    # A play with an open choice is always announced: its choice is asked in steps.
    heads: dict[tuple[int, int], Action] = {}
    announce_groups: dict[Announce, list[Action]] = {}
    for key, plays in groups.items():
        if len(plays) == 1 and open_field(plays[0]) is None:
            heads[key] = plays[0]  # a play with nothing left to choose is offered as itself
        else:
            head = heads[key] = Announce(*key)
            announce_groups[head] = plays
    game.announce_groups = announce_groups
    for i in slots:
        out[i] = heads[out[i]]
    if mana.CHECKS.on:  # (read at the call: tests turn it on) the grouping as ``head_of`` and ``Announce`` make it
        _check_group(options, out, announce_groups)
    return out


def _check_group(options: list[Action], grouped: list[Action], announce_groups: dict[Announce, list[Action]]) -> None:
    """The grouping compared with the one made with ``head_of``'s ``Announce`` objects as keys."""
    groups: dict[Announce, list[Action]] = {}
    seen: set[Action] = set()
    out: list[Action] = []
    for option in options:
        head = head_of(option)
        if head is None:
            out.append(option)
            continue
        if option in seen:
            continue
        seen.add(option)
        plays = groups.get(head)
        if plays is None:
            groups[head] = [option]
            out.append(head)
        else:
            plays.append(option)
    singles = {head: plays[0] for head, plays in groups.items() if len(plays) == 1 and open_field(plays[0]) is None}
    assert {head: plays for head, plays in groups.items() if head not in singles} == announce_groups
    assert [singles.get(o, o) if isinstance(o, Announce) else o for o in out] == grouped


def whole_plays(game: Game, decision: Decision) -> list[Action]:
    """Every whole play a decision leads to: the announcements of a priority decision unfolded."""
    groups = game.announce_groups
    if not groups or decision.kind != DecisionKind.PRIORITY:
        return list(decision.options)
    return [whole for o in decision.options for play in (groups.get(o, [o]) if isinstance(o, Announce) else [o])
            for whole in unfold(game, decision.player, play)]


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
    _take(game, ann, action)
    _next(game, player)


def _spec(game: Game, ann: Announcement) -> OpenSet:
    return open_set(game, ann.start.player, ann.candidates[0], ann.fields[ann.step])


def _values(game: Game, ann: Announcement) -> list[Any]:
    """The distinct answers of the current field among the candidates, in the order the rules listed them."""
    name = ann.fields[ann.step]
    if ann.open:
        return list(_spec(game, ann).values(ann.chosen))
    if name not in SEQUENCES:
        return list(dict.fromkeys(map(attrgetter(name), ann.candidates)))
    k = ann.position
    seen: dict[Any, None] = {}
    for c in ann.candidates:
        seq = getattr(c, name)
        seen[seq[k] if len(seq) > k else None] = None
    return list(seen)


def _take(game: Game, ann: Announcement, pick: Pick) -> None:
    name = ann.fields[ann.step]
    if pick.field == "page":
        values = _values(game, ann)
        assert isinstance(pick.value, int)
        ann.page = values[pick.value * PAGE:(pick.value + 1) * PAGE]
        return
    ann.page = None
    value = pick.value
    if ann.open:
        if value is not None:
            assert isinstance(value, int)
            ann.chosen = (*ann.chosen, value)
            return
        # The open choice is made: each template becomes the plays it leads to (601.2b-c: for splice, the targets
        # of the text added).
        spec, chosen = _spec(game, ann), ann.chosen
        ann.candidates = list(dict.fromkeys(p for c in ann.candidates for p in spec.plays(c, chosen)))
        ann.open, ann.chosen = False, ()
        ann.step += 1
        ann.position = 0
        return
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
    # (typed here: Game holds it as Any, which compiled reads each field through a generic attribute look-up)
    ann: Announcement | None = game.announcing
    assert ann is not None
    while len(ann.candidates) > 1 or open_field(ann.candidates[0]) is not None:
        assert ann.step < len(ann.fields), f"plays differing outside the announced fields: {ann.candidates}"
        name = ann.fields[ann.step]
        if not ann.open and getattr(ann.candidates[0], name) == OPEN:
            assert all(getattr(c, name) == OPEN for c in ann.candidates), f"{name} open in some plays only"
            ann.open = True
        values = ann.page if ann.page is not None else _values(game, ann)
        assert values, f"no answer can complete {ann.candidates[0]} ({name}: {ann.chosen})"
        if len(values) == 1:  # forced: nothing to ask
            if ann.open or ann.page is not None:
                _take(game, ann, Pick(name, values[0]))
                continue
            twin = None
            if mana.CHECKS.on:  # (read at the call: tests turn it on) the step checked against _take's own
                twin = replace(ann)
                _take(game, twin, Pick(name, values[0]))
            # _take's step without its call: every candidate has this one value here, so it keeps them all
            if name not in SEQUENCES or values[0] is None:
                ann.step += 1  # (a list: every candidate's ends here)
                ann.position = 0 if name in SEQUENCES else ann.position
            else:
                ann.position += 1  # (every candidate's list has this element next)
            if twin is not None:
                assert (twin.candidates, twin.step, twin.position, twin.page) == \
                    (ann.candidates, ann.step, ann.position, ann.page), f"forced {name}: {ann.candidates}"
            continue
        if len(values) > PAGE:
            pages = (len(values) + PAGE - 1) // PAGE
            options: tuple[Action, ...] = tuple(Pick("page", k) for k in range(pages))
        else:
            options = tuple([Pick(name, v) for v in values])
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
    if ann is None or pending is None or not any(reaches(game, pending.player, c, play) for c in ann.candidates):
        return None
    name = ann.fields[ann.step]
    value = getattr(play, name)
    if ann.open:
        whole = _spec(game, ann).canonical(value)
        if whole is None or whole[:len(ann.chosen)] != ann.chosen:
            return None
        value = whole[len(ann.chosen)] if len(whole) > len(ann.chosen) else None
    elif name in SEQUENCES:
        value = value[ann.position] if len(value) > ann.position else None
    for option in pending.options:
        if isinstance(option, Pick) and option.field == name and option.value == value:
            return option
    values = _values(game, ann)
    if value in values:
        return Pick("page", values.index(value) // PAGE)
    return None

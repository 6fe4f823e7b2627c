"""Continuous effects applied in layer order (CR 611, 613), in bulk over the permanent table.

How the bulk evaluation stays exact:

* Every permanent belongs to a *class*: permanents with the same card, the same base controller and
  the same token status have the same copiable values (CR 707.2) and the same base characteristics.
  A filter-based effect ("creatures you control get +1/+1") treats every member of a class alike,
  so layers 1-7 are evaluated once per class, over a handful of class rows, not per permanent.
* Permanents that some effect singles out (a locked-in target of a resolved spell, CR 611.2c, or the
  source of a static ability, which "other" and "you" refer to) are evaluated individually in a
  small *subset* frame, with every effect.
* Locked-in layer 7c effects and counters add per permanent (CR 613.4c); addition commutes, so they
  are summed into columns and added after the class values, before the 7d switches.
* The final columns are then gathered from the class values with one indexing operation each, and
  the subset rows are written over them.

Order within a layer: characteristic-defining abilities first (613.3), then dependency order
(613.8) with timestamp order otherwise (613.7); effects in a dependency loop use timestamps.
The work is skipped while nothing that feeds it has changed (``game.table.layers_dirty``, ecs/table.py). When the
only changes are rows entering or leaving, counters, or locked-in 7c effects beginning or ending, and the last pass's
class values depend on nothing but the effects, only those rows are worked out again (``update_rows``).
"""

from __future__ import annotations

import bisect
import dataclasses
import functools
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from operator import itemgetter
from typing import TYPE_CHECKING, Any, Final

import numpy as np

from components.abilities import (
    CHOSEN_TYPE,
    Ability,
    Condition,
    ContinuousPart,
    Count,
    Layer,
    PermanentFilter,
    StaticEffect,
)
from components.card import CardDef
from components.characteristics import CardType, Color
from components.choices import CHOSEN_COLOR_BIT
from components.designations import Paired
from components.keywords import Keyword
from components.objects import ContinuousEffect
from systems import mana
from systems.granted import intrinsic_mana, split
from systems.granted import sync as sync_granted
from systems.static_rules import FRAME_KINDS, _reads_state, frame_check, state_entities
from systems.static_rules import register as register_static_rules

if TYPE_CHECKING:
    from ecs.game import Game
    from ecs.table import PermanentTable


# (module constants: on Python 3.11 an enum class look-up such as ``Layer.PT_MODIFY`` is slow, components/objects.py;
# several are read for every effect of every layer pass)
_COPY, _CONTROL, _TEXT, _TYPE, _COLOR, _ABILITY = (Layer.COPY, Layer.CONTROL, Layer.TEXT, Layer.TYPE, Layer.COLOR,
                                                   Layer.ABILITY)
_PT_CDA: Final = Layer.PT_CDA
_PT_SET: Final = Layer.PT_SET
_PT_MODIFY: Final = Layer.PT_MODIFY
_PT_SWITCH: Final = Layer.PT_SWITCH
_PT_SETTING: Final = (_PT_CDA, _PT_SET)  # 613.4a-b: power and toughness set to values
_PT_NUMBERED: Final = (_PT_CDA, _PT_SET, _PT_MODIFY)  # the sublayers where a "for each" number sets or adds
_COPY_OR_TEXT: Final = (_COPY, _TEXT)

# What each layer's effects change, to find candidate dependencies (613.8a).
_WRITES = {
    Layer.COPY: frozenset({"types", "colors", "abilities", "controller"}),
    Layer.CONTROL: frozenset({"controller"}),
    Layer.TEXT: frozenset({"text"}),
    Layer.TYPE: frozenset({"types"}),
    Layer.COLOR: frozenset({"colors"}),
    Layer.ABILITY: frozenset({"abilities"}),
}

LAND: Final = int(CardType.LAND)
# "Can't attack" / "can't block" are restrictions (508.1c, 509.1b), not abilities: effects that only say so
# affect the game's rules and apply after every characteristic is known (613.11), so a condition such as
# "unless you control another creature with power 4 or greater" reads the final power (after 7c/7d and
# counters), and a later "loses all abilities" (613.1f) does not lift a restriction another object imposes.
RESTRICTION_BITS: Final = int(Keyword.CANT_ATTACK | Keyword.CANT_BLOCK)


def is_locked_pt(ce: ContinuousEffect) -> bool:
    """A layer 7c effect of a resolved spell or ability on objects locked in as it began (611.2c: "target creature
    gets +3/+3 until end of turn"): it adds to those permanents' power and toughness alone (613.4c)."""
    return ce.fixed is not None and ce.layer == _PT_MODIFY and not ce.from_static


def is_restriction(ce: ContinuousEffect) -> bool:
    """A layer-6 effect whose only change is a 508.1c/509.1b restriction (applied per 613.11)."""
    return (ce.layer == _ABILITY and ce.keywords_add != 0 and not ce.keywords_add & ~RESTRICTION_BITS
            and not ce.keywords_remove and not ce.lose_all_abilities and not ce.abilities_add and not ce.group)
COLOR_WORDS = {"white": int(Color.W), "blue": int(Color.U), "black": int(Color.B), "red": int(Color.R),
               "green": int(Color.G)}


# ------------------------------------------------------------------ effect bookkeeping


def _sort_key(game: Game, eff: int) -> tuple[int, int]:
    ce = game.world.get(eff, ContinuousEffect)
    return (ce.layer, ce.timestamp)


def state_reads(obj: object, found: set[str] | None = None, seen: set[int] | None = None) -> set[str]:
    """What status (110.5) a continuous effect, or any part of one, looks at: "tapped" for a filter of tapped or
    untapped permanents ("for each untapped land") or a condition on it ("as long as ~ is tapped"); "combat" for a
    filter of attacking or blocking creatures ("attacking creatures you control get +1/+0") or a condition on it.
    Only when some effect looks at it does tapping, or declaring attackers or blockers, change what the layers
    compute."""
    found = set() if found is None else found
    if isinstance(obj, PermanentFilter):
        if obj.tapped is not None:
            found.add("tapped")
        if obj.combat or obj.blocking_source:
            found.add("combat")
    elif isinstance(obj, Condition):
        if "tapped" in obj.kind:
            found.add("tapped")
        if "attack" in obj.kind or "block" in obj.kind or "combat" in obj.kind:
            found.add("combat")
    elif isinstance(obj, (str, int, float, bool, bytes)) or obj is None:
        return found
    seen = set() if seen is None else seen
    if id(obj) in seen:
        return found
    seen.add(id(obj))
    items: Iterable[object]
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        # a loop, not a generator of the fields: resuming one costs more a field (an effect has ~35, most numbers)
        for name in _field_names(type(obj)):
            item = getattr(obj, name)
            if item is not None and not isinstance(item, _ATOMIC):
                state_reads(item, found, seen)
        return found
    if isinstance(obj, (tuple, list, frozenset, set)):
        items = obj
    elif isinstance(obj, dict):
        items = obj.values()
    else:
        return found
    for item in items:
        if item is not None and not isinstance(item, _ATOMIC):  # (most fields are numbers: no call for them)
            state_reads(item, found, seen)
    return found


_ATOMIC = (str, int, float, bool, bytes)

# state_reads of an effect by the identities of its parts that are not numbers or strings (the same card's filter,
# condition and granted abilities come back each time its permanent enters). Exact: each entry holds those objects, so
# no id in a key can be reused by another object while the entry lives; they are immutable (frozen dataclasses,
# tuples). Cleared when large (filters made per permanent, e.g. a chosen creature type, would add up).
_READS_MEMO: Final[dict[tuple[int, ...], tuple[tuple[object, ...], frozenset[str]]]] = {}


def _effect_reads(effect: ContinuousEffect) -> frozenset[str]:
    """``state_reads(effect)``, kept per the effect's composite parts."""
    # (``fixed`` and ``subtypes_add``, the other fields not numbers or strings, hold only those: they read nothing)
    parts = (effect.affected, effect.condition, effect.dynamic, effect.abilities_add, effect.copy_of)
    key = tuple(map(id, parts))
    hit = _READS_MEMO.get(key)
    if hit is None:
        if len(_READS_MEMO) > 4096:
            _READS_MEMO.clear()
        hit = _READS_MEMO[key] = (parts, frozenset(state_reads(effect)))
    if mana.CHECKS.on:  # (MTG_ECS_CHECK_CACHES=1) the kept answer equals a fresh walk of the effect
        assert hit[1] == state_reads(effect), "stale state_reads answer for an effect"
    return hit[1]


@functools.cache
def _field_names(kind: type) -> tuple[str, ...]:
    return tuple(f.name for f in dataclasses.fields(kind))


def add_effect(game: Game, effect: ContinuousEffect) -> int:
    """Create a continuous-effect entity and keep ``game.effects`` sorted by layer, then timestamp."""
    t = game.table
    if not (t.taps_read and t.combat_read):
        reads = _effect_reads(effect)  # from now on such a change makes the layers dirty (kept for the game)
        t.taps_read = t.taps_read or "tapped" in reads
        t.combat_read = t.combat_read or "combat" in reads
    ent = game.world.create(effect)
    if effect.layer == _COPY:
        game.copy_effects += 1
    if effect.abilities_add or _sets_land_types(effect):
        game.grants.effects += 1  # systems/granted.py: triggers look at layers before matching
    keys = [_sort_key(game, e) for e in game.effects]
    game.effects.insert(bisect.bisect_right(keys, (effect.layer, effect.timestamp)), ent)
    if is_locked_pt(effect):
        game.table.mark_rows_changed(effect.fixed or ())  # it adds to those rows alone (update_rows)
    else:
        game.table.mark_changed()
    return ent


def remove_effect(game: Game, ent: int) -> None:
    removed = game.world.get(ent, ContinuousEffect)
    if removed.layer == _COPY:
        game.copy_effects -= 1
    if removed.abilities_add or _sets_land_types(removed):
        game.grants.effects -= 1
    game.effects.remove(ent)
    game.world.delete(ent)
    if is_locked_pt(removed):
        game.table.mark_rows_changed(removed.fixed or ())
    else:
        game.table.mark_changed()


def effect_from_part(part: ContinuousPart, *, timestamp: int, source: int, controller: int,
                     until_end_of_turn: bool, from_static: bool, fixed: tuple[int, ...] | None = None,
                     affected: PermanentFilter | None = None, group: int = 0,
                     condition: Condition | None = None) -> ContinuousEffect:
    """A ContinuousEffect component for one compiled layer part."""
    granted_bits, granted = split(part.abilities_add) if part.abilities_add else (0, ())
    return ContinuousEffect(
        abilities_add=granted,  # quoted abilities (113.1b); self-only keyword-like ones as bits
        group=group, dynamic=part.dynamic, condition=condition,
        cda=part.layer == _PT_CDA and from_static,  # 613.4a: layer 7a holds the P/T-defining abilities
        layer=part.layer, timestamp=timestamp, source=source, controller=controller,
        until_end_of_turn=until_end_of_turn, from_static=from_static, fixed=fixed, affected=affected,
        new_controller=controller if part.new_controller_is_you else -1,
        types_add=part.types_add, types_remove=part.types_remove, subtypes_add=part.subtypes_add,
        subtypes_replace=part.subtypes_replace, colors_set=part.colors_set, colors_add=part.colors_add,
        keywords_add=part.keywords_add | granted_bits, keywords_remove=part.keywords_remove,
        lose_all_abilities=part.lose_all_abilities, power=part.power, toughness=part.toughness,
    )


def register_static_abilities(game: Game, permanent: int) -> None:
    """A permanent's static abilities start to apply when it enters (CR 611.3b, 613.7d timestamp)."""
    card = game.card(permanent)
    created: list[int] = []
    for ability in card.abilities:
        if isinstance(ability, StaticEffect):
            group = 0
            if len(ability.parts) > 1:
                game.effect_groups += 1
                group = game.effect_groups
            for part in ability.parts:
                created.append(add_effect(game, effect_from_part(
                    part,
                    group=group,
                    timestamp=game.table.get(permanent, "timestamp"),
                    source=permanent,
                    controller=game.table.get(permanent, "base_controller"),
                    until_end_of_turn=False,
                    from_static=True,
                    affected=_chosen(game, permanent, ability.affected),
                    condition=ability.condition,  # "as long as ..." (611.3a)
                )))
            # 611.3a, 604.3: an "as long as" condition, and a number counted outside the table (cards in a hand or a
            # graveyard, life, counters on the source), may change with no change to the table: looked at again at
            # every state check (the numbers layer_inputs compares)
            if ability.condition is not None or ability.affected.combat or ability.affected.tapped is not None or any(
                    p.dynamic is not None and p.dynamic.kind not in ("permanents", "own_colors") for p in ability.parts):
                game.conditional_statics.add(permanent)
            if ability.keeps_source:
                game.grants.keeps_source = True  # 704.5m looks for its exception (systems/granted.py)
    if created:
        game.static_effects[permanent] = created
    register_static_rules(game, permanent, card)  # combat and untap restrictions (components/static_rules.py)


def _chosen(game: Game, permanent: int, f: PermanentFilter | None) -> PermanentFilter | None:
    """"Creatures of the chosen type" (607.2d): the type chosen as this permanent entered (none chosen: the
    filter matches no subtype)."""
    if f is not None and f.colors_any & CHOSEN_COLOR_BIT and game.chosen_color.get(permanent):
        import dataclasses

        # "creatures of the chosen color" (607.2d); none chosen: the placeholder bit matches no permanent
        f = dataclasses.replace(f, colors_any=(f.colors_any & ~CHOSEN_COLOR_BIT) | game.chosen_color[permanent])
    if f is None or CHOSEN_TYPE not in f.subtypes_any:
        return f
    import dataclasses

    chosen = game.chosen_type.get(permanent, "")
    return dataclasses.replace(f, subtypes_any=tuple(chosen if s == CHOSEN_TYPE else s for s in f.subtypes_any))


def unregister_static_abilities(game: Game, permanent: int) -> None:
    game.conditional_statics.discard(permanent)
    for ent in game.static_effects.pop(permanent, ()):
        remove_effect(game, ent)


def end_of_turn_effects(game: Game) -> None:
    """CR 514.2: "until end of turn" effects end in the cleanup step."""
    for ent in [e for e in game.effects if game.world.get(e, ContinuousEffect).until_end_of_turn]:
        remove_effect(game, ent)
    game.grants.left.clear()  # last known granted abilities (systems/granted.py)


# ------------------------------------------------------------------ classes of permanents


# The columns of ClassTable.arrays and their dtypes (those of the permanent table's columns, ecs/table.py).
_PRINTED: dict[str, type] = {"controller": np.int8, "token": np.bool_, "types": np.uint32, "supertypes": np.uint8,
                             "colors": np.uint8, "keywords": np.uint64, "power": np.int32, "toughness": np.int32}


_UNSEEN: Final = (0, False)
# (test, id(card)) -> (card, test(card)): ClassTable.any_card's answers per card, kept across games (each game's classes
# are new, its cards mostly the same: a test such as "has it a cost-changing ability" was worked out for every game).
# Exact: a test is a function of the card alone, and cards are immutable (the card is kept with its answer, so its id
# stays its own). Bounded: cleared when full.
_CARD_ANSWERS: Final[dict[tuple[Callable[[CardDef], bool], int], tuple[CardDef, bool]]] = {}
_CARD_ANSWERS_MAX: Final = 100_000


@dataclass
class ClassTable:
    """Characteristic classes: one per (card, base controller, token) seen in the game."""

    ids: dict[tuple[int, int, bool], int] = field(default_factory=dict)
    cards: list[CardDef] = field(default_factory=list)
    controller: list[int] = field(default_factory=list)
    token: list[bool] = field(default_factory=list)
    _arrays: dict[str, np.ndarray] | None = None
    _subtypes: list[frozenset[str]] | None = None
    # any_card's answers: per question, (classes looked at, whether one of them passed)
    _any: dict[str, tuple[int, bool]] = field(default_factory=dict, compare=False, repr=False)
    # The printed columns, of which ``arrays`` gives the first ``_filled`` rows as views: a class made later (a card
    # entering for the first time, ~6 a game) writes its own row, not every class's again (issue 11). Only classes are
    # appended and their rows never change, so a view given out earlier keeps its values.
    _buffers: dict[str, np.ndarray] | None = field(default=None, compare=False, repr=False)
    _filled: int = field(default=0, compare=False, repr=False)
    # ``printed_lists``: the printed columns as Python lists, extended by each class made since (no numpy call)
    _lists: dict[str, list[int]] | None = field(default=None, compare=False, repr=False)

    def class_for(self, card: CardDef, controller: int, token: bool) -> int:
        key = (id(card), controller, token)
        cid = self.ids.get(key)
        if cid is None:
            cid = len(self.cards)
            self.ids[key] = cid
            self.cards.append(card)
            self.controller.append(controller)
            self.token.append(token)
            self._arrays = None
            self._subtypes = None
        return cid

    def __getstate__(self) -> dict[str, Any]:
        # The arrays, their buffers and the printed subtypes are memos of the cards, made again on first use: a pickle
        # of a game doesn't depend on whether they were made yet (as a clone, which starts without them).
        state = {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}  # (no __dict__ when compiled)
        return {**state, "_arrays": None, "_subtypes": None, "_buffers": None, "_filled": 0, "_lists": None}

    def __setstate__(self, state: dict[str, Any]) -> None:
        # Unpickled cards are new objects: the id() keys must be rebuilt from them, or a stale key
        # could name another card later (a pickled Game, issue 11.4).
        state = {"_any": {}, "_buffers": None, "_filled": 0, "_lists": None, **state}  # (pickled before any_card kept answers, ...)
        for name, value in state.items():
            setattr(self, name, value)
        self.ids = {(id(c), p, t): i for i, (c, p, t) in enumerate(zip(self.cards, self.controller, self.token,
                                                                        strict=True))}

    def arrays(self) -> dict[str, np.ndarray]:
        """Each class's printed values (its card's, CR 707.2, and its base controller), one array per column. Read
        only: the arrays are shared with later calls."""
        if self._arrays is None:
            k = len(self.cards)
            buffers = self._buffers
            if buffers is None or not self._filled:
                buffers = self._buffers = {name: np.array(values, dtype=_PRINTED[name]) for name, values in zip(
                    _PRINTED, zip(*map(self._printed, range(k)), strict=True) if k else [()] * len(_PRINTED),
                    strict=True)}
            else:
                if len(buffers["types"]) < k:  # grown to twice the classes: amortised, as a list
                    for name, old in buffers.items():
                        new = np.zeros(max(k, 2 * len(old)), dtype=old.dtype)
                        new[: self._filled] = old[: self._filled]
                        buffers[name] = new
                columns = list(buffers.values())
                for c in range(self._filled, k):
                    for column, value in zip(columns, self._printed(c), strict=True):
                        column[c] = value
            self._filled = k
            self._arrays = {name: column[:k] for name, column in buffers.items()}
        if mana.CHECKS.on:  # (MTG_ECS_CHECK_CACHES=1) the rows written one class at a time equal a fresh build
            rows = [self._printed(c) for c in range(len(self.cards))]
            for i, (name, column) in enumerate(self._arrays.items()):
                assert column.tolist() == [row[i] for row in rows], f"stale printed class column {name}"
        return self._arrays

    def extend_printed(self, lists: dict[str, list[int]], classes: range) -> None:
        """Append the printed row of each class in ``classes`` to ``lists``' columns (Python ints; the columns
        ``printed_lists`` keeps, ``token`` aside), as ``arrays`` would give them."""
        controllers, all_types, all_supertypes, all_colors, all_keywords, powers, toughnesses = (
            lists["controller"], lists["types"], lists["supertypes"], lists["colors"], lists["keywords"],
            lists["power"], lists["toughness"])
        for c in classes:
            controller, _, types, supertypes, colors, keywords, power, toughness = self._printed(c)
            controllers.append(controller)
            all_types.append(types)
            all_supertypes.append(supertypes)
            all_colors.append(colors)
            all_keywords.append(int(keywords))  # (as the uint64 column gives it back)
            powers.append(power)
            toughnesses.append(toughness)

    def printed_lists(self) -> dict[str, list[int]]:
        """``arrays``' columns but ``token`` as Python ints, for the passes that keep class values as lists
        (``_keep_plain``): extended by the classes made since the last call, without the arrays' views made again
        (a playout's new classes made those ~30k instructions each, compiled). Read only."""
        lists = self._lists
        if lists is None:
            lists = self._lists = {name: [] for name in _PRINTED if name != "token"}
        self.extend_printed(lists, range(len(lists["controller"]), len(self.cards)))
        if mana.CHECKS.on:  # (MTG_ECS_CHECK_CACHES=1) the lists equal the arrays' values
            arrays = self.arrays()
            assert all(values == arrays[name].tolist() for name, values in lists.items()), "stale printed lists"
        return lists

    def _printed(self, c: int) -> tuple[int, ...]:
        """Class ``c``'s row of ``arrays``, in the order of ``_PRINTED``."""
        card = self.cards[c]
        return (self.controller[c], self.token[c], card.type_bits, int(card.type_line.supertypes), int(card.colors),
                card.keywords, card.power.base if card.power else 0, card.toughness.base if card.toughness else 0)

    def any_card(self, question: str, test: Callable[[CardDef], bool]) -> bool:
        """Does the card of any class pass ``test``? Classes are only ever appended, so the answer is kept per
        ``question`` and only new classes are looked at (exert, enlist and toxic ask at each attack and combat
        damage step). ``test`` must be a function of the card alone: its answer for a card is kept (_CARD_ANSWERS)."""
        seen, found = self._any.get(question, _UNSEEN)
        cards = self.cards
        if not found and seen < len(cards):
            answers = _CARD_ANSWERS
            for card in cards[seen:]:  # (a loop, as any() stops: at the first card that passes)
                key = (test, id(card))
                hit = answers.get(key)
                if hit is None or hit[0] is not card:
                    if len(answers) >= _CARD_ANSWERS_MAX:
                        answers.clear()  # (a memo only: random card pools make many definitions)
                    hit = answers[key] = (card, test(card))
                if hit[1]:
                    found = True
                    break
            self._any[question] = (len(cards), found)
        if mana.CHECKS.on:  # (read at the call: tests/core/test_option_caches.py turns it on)
            assert found == any(test(c) for c in cards), f"stale any_card answer to {question!r}"
        return found

    def printed_subtypes(self) -> list[frozenset[str]]:
        """Each class's printed subtypes (read only: a layer pass copies the list it changes)."""
        if self._subtypes is None:
            self._subtypes = [frozenset(c.type_line.subtypes) for c in self.cards]
        return self._subtypes

    def __deepcopy__(self, memo: dict[int, object]) -> ClassTable:
        # Cards are shared and immutable; ids stay valid because the cards are the same objects. The answers of
        # any_card are about those cards, so they hold for the copy too. So do the printed arrays and subtypes (read
        # only, their rows never change): shared, not made again by each clone's first layer pass (a playout starts
        # from one). The copy's buffers are the views themselves, exactly as long as its classes: its first new class
        # grows them into arrays of its own (``arrays``), never writing a row the original's buffers hold.
        # The printed lists are extended in place: the copy's are its own.
        arrays, lists = self._arrays, self._lists
        return ClassTable(dict(self.ids), list(self.cards), list(self.controller), list(self.token), arrays,
                          self._subtypes, _any=dict(self._any), _buffers=None if arrays is None else dict(arrays),
                          _filled=0 if arrays is None else len(self.cards),
                          _lists=None if lists is None else {name: list(values) for name, values in lists.items()})


# ------------------------------------------------------------------ frames


@dataclass(init=False)
class Frame:
    """Characteristics of a set of rows (classes or individual permanents) while layers apply."""

    controller: np.ndarray
    token: np.ndarray
    types: np.ndarray
    supertypes: np.ndarray
    colors: np.ndarray
    keywords: np.ndarray
    power: np.ndarray
    toughness: np.ndarray
    subtypes: list[frozenset[str]] | _TableSubtypes  # a pass's frames: lists it edits; table_frame's: read lazily
    no_abilities: np.ndarray
    entities: np.ndarray | None  # per-permanent frames know their entities; class frames do not
    parity: np.ndarray  # an odd number of 7d switches applied (CR 613.4d)
    p7c: np.ndarray | None = None  # power and toughness after 7c, before switching
    t7c: np.ndarray | None = None
    granted: list[tuple[Ability, ...]] | None = None  # per row: abilities granted in quotes (systems/granted.py)

    # (written out: compiled, a native constructor, where a dataclass's own __init__ stays interpreted, mypyc#817;
    # tests/core/test_frozen_init.py checks it against the dataclass's)
    def __init__(self, controller: np.ndarray, token: np.ndarray, types: np.ndarray, supertypes: np.ndarray,
                 colors: np.ndarray, keywords: np.ndarray, power: np.ndarray, toughness: np.ndarray,
                 subtypes: list[frozenset[str]] | _TableSubtypes, no_abilities: np.ndarray,
                 entities: np.ndarray | None, parity: np.ndarray, p7c: np.ndarray | None = None,
                 t7c: np.ndarray | None = None, granted: list[tuple[Ability, ...]] | None = None) -> None:
        self.controller = controller
        self.token = token
        self.types = types
        self.supertypes = supertypes
        self.colors = colors
        self.keywords = keywords
        self.power = power
        self.toughness = toughness
        self.subtypes = subtypes
        self.no_abilities = no_abilities
        self.entities = entities
        self.parity = parity
        self.p7c = p7c
        self.t7c = t7c
        self.granted = granted

    def copy(self) -> Frame:
        return Frame(
            self.controller.copy(), self.token, self.types.copy(), self.supertypes.copy(), self.colors.copy(),
            self.keywords.copy(), self.power.copy(), self.toughness.copy(), list(self.subtypes),
            self.no_abilities.copy(), self.entities, self.parity.copy(),
            granted=None if self.granted is None else list(self.granted),
        )

    def __len__(self) -> int:
        return len(self.types)


def _frame_from(arrays: dict[str, np.ndarray], idx: np.ndarray | slice, subtypes: list[frozenset[str]],
                entities: np.ndarray | None) -> Frame:
    n = len(subtypes)
    if not isinstance(idx, slice):  # indexing with an array makes new arrays already
        return Frame(arrays["controller"][idx], arrays["token"][idx], arrays["types"][idx], arrays["supertypes"][idx],
                     arrays["colors"][idx], arrays["keywords"][idx], arrays["power"][idx], arrays["toughness"][idx],
                     subtypes, np.zeros(n, dtype=bool), entities, np.zeros(n, dtype=bool))
    if idx is _ALL:  # every class row: copies of the whole arrays (no slice objects made first)
        return Frame(arrays["controller"].copy(), arrays["token"], arrays["types"].copy(),
                     arrays["supertypes"].copy(), arrays["colors"].copy(), arrays["keywords"].copy(),
                     arrays["power"].copy(), arrays["toughness"].copy(), subtypes,
                     np.zeros(n, dtype=bool), entities, np.zeros(n, dtype=bool))
    return Frame(
        arrays["controller"][idx].copy(), arrays["token"][idx], arrays["types"][idx].copy(),
        arrays["supertypes"][idx].copy(), arrays["colors"][idx].copy(), arrays["keywords"][idx].copy(),
        arrays["power"][idx].copy(), arrays["toughness"][idx].copy(), subtypes,
        np.zeros(n, dtype=bool), entities, np.zeros(n, dtype=bool),
    )


_ALL = slice(None)


def replaced_subtypes(new: tuple[str, ...]) -> frozenset[str]:
    """Every subtype of the kinds that the new subtypes belong to (creature types, land types, ...)."""
    from components.subtypes import SUBTYPES_BY_CARD_TYPE

    out: set[str] = set()
    for table in SUBTYPES_BY_CARD_TYPE.values():
        if not table.isdisjoint(new):
            out |= table
    return frozenset(out)


_COLOR_COUNT = np.array([bin(i).count("1") for i in range(32)], dtype=np.int8)


def color_count_ok(colors: int, kind: str) -> bool:
    """105.1, 105.2b: is an object with these color bits multicolored / monocolored?"""
    n = bin(int(colors) & 31).count("1")
    return n >= 2 if kind == "multicolored" else n == 1


def filter_mask(f: PermanentFilter, frame: Frame, you: int) -> np.ndarray:
    """The rows of ``frame`` that a filter describes, from their current (partly layered) values."""
    types = frame.types
    mask = np.ones(len(types), dtype=bool)
    if f.types_any:
        mask &= (types & f.types_any) != 0
    if f.types_all:
        mask &= (types & f.types_all) == f.types_all
    if f.types_none:
        mask &= (types & f.types_none) == 0
    if f.supertypes_any:
        mask &= (frame.supertypes & f.supertypes_any) != 0
    if f.supertypes_none:
        mask &= (frame.supertypes & f.supertypes_none) == 0
    if f.colors_any:
        mask &= (frame.colors & f.colors_any) != 0
    if f.colors_none:
        mask &= (frame.colors & f.colors_none) == 0
    if f.color_count:  # 105.1 multicolored: two or more colors; 105.2b monocolored: exactly one
        counts = _COLOR_COUNT[frame.colors & 31]
        mask &= (counts >= 2) if f.color_count == "multicolored" else (counts == 1)
    if f.keywords_any:
        mask &= (frame.keywords & np.uint64(f.keywords_any)) != 0
    if f.keywords_none:
        mask &= (frame.keywords & np.uint64(f.keywords_none)) == 0
    if f.controller == "you":
        mask &= frame.controller == you
    elif f.controller == "opponent":
        mask &= frame.controller != you
    if f.token is not None:
        mask &= frame.token == f.token
    if f.subtypes_any:
        wanted = set(f.subtypes_any)
        mask &= np.fromiter((not wanted.isdisjoint(s) for s in frame.subtypes), dtype=bool, count=len(types))
    if f.subtypes_none:  # "non-Human"
        unwanted = set(f.subtypes_none)
        mask &= np.fromiter((unwanted.isdisjoint(s) for s in frame.subtypes), dtype=bool, count=len(types))
    return mask


def types_match(f: PermanentFilter, types: int) -> bool:
    """A filter's card-type tests ("creature", "artifact creature", "noncreature", 205.2a) against an object's type
    bits: shared by one table row (``filter_row``) and a card outside the battlefield (``oracle_effects.card_matches``)."""
    if f.types_any and not types & f.types_any:
        return False
    if f.types_all and types & f.types_all != f.types_all:
        return False
    return not (f.types_none and types & f.types_none)


def filter_row(f: PermanentFilter, game: Game, row: int, you: int, frame: Frame | None = None) -> bool:
    """``filter_mask(f, table_frame(game), you)[row]`` for one row of the table, in Python ints (the state check asks
    this for each attached Aura's enchant ability, 303.4a, 704.5m: a whole-table mask for one row cost more); with
    ``frame``, ``filter_mask(f, frame, you)[row]`` (a frame has the table's column names)."""
    t: PermanentTable | Frame = game.table if frame is None else frame
    if not types_match(f, int(t.types[row])):
        return False
    if f.supertypes_any or f.supertypes_none:
        supertypes = int(t.supertypes[row])
        if (f.supertypes_any and not supertypes & f.supertypes_any) or supertypes & f.supertypes_none:
            return False
    if f.colors_any or f.colors_none or f.color_count:
        colors = int(t.colors[row])
        if (f.colors_any and not colors & f.colors_any) or colors & f.colors_none:
            return False
        if f.color_count and not color_count_ok(colors, f.color_count):  # 105.1, 105.2b
            return False
    if f.keywords_any or f.keywords_none:
        keywords = int(t.keywords[row])
        if (f.keywords_any and not keywords & f.keywords_any) or keywords & f.keywords_none:
            return False
    if f.controller == "you" and int(t.controller[row]) != you:
        return False
    if f.controller == "opponent" and int(t.controller[row]) == you:
        return False
    if f.token is not None and bool(t.token[row]) != f.token:
        return False
    if f.subtypes_any or f.subtypes_none:
        if frame is not None:
            subtypes = frame.subtypes[row]
        else:  # as table_frame's rows: an override that is empty gives the class's subtypes (_TableSubtypes)
            subtypes = game.subtypes_override.get(int(game.table.entity[row])) or game.class_subtypes[
                int(game.table.cls[row])]
        if f.subtypes_any and set(f.subtypes_any).isdisjoint(subtypes):
            return False
        if f.subtypes_none and not set(f.subtypes_none).isdisjoint(subtypes):
            return False
    return True


def _apply_op(frame: Frame, ce: ContinuousEffect, mask: np.ndarray) -> None:
    layer = ce.layer
    if not np.count_nonzero(mask):  # (ndarray.any() goes through numpy's Python wrapper: dearer on a few rows)
        return
    if layer == _COPY:
        card = ce.copy_of
        assert isinstance(card, CardDef)
        frame.types[mask] = card.type_bits
        frame.supertypes[mask] = int(card.type_line.supertypes)
        frame.colors[mask] = int(card.colors)
        frame.keywords[mask] = card.keywords
        frame.power[mask] = card.power.base if card.power else 0
        frame.toughness[mask] = card.toughness.base if card.toughness else 0
        subtypes = frame.subtypes
        assert isinstance(subtypes, list)  # a pass's own frame (table_frame's lazy ones are read-only)
        for i in np.flatnonzero(mask):
            subtypes[i] = frozenset(card.type_line.subtypes)
    elif layer == _CONTROL:
        frame.controller[mask] = ce.new_controller
    elif layer == _TYPE:
        if ce.types_add or ce.types_remove:
            frame.types[mask] = (frame.types[mask] | ce.types_add) & ~np.uint32(ce.types_remove)
        if ce.supertypes_add or ce.supertypes_remove:
            frame.supertypes[mask] = (frame.supertypes[mask] | ce.supertypes_add) & ~np.uint8(ce.supertypes_remove)
        if ce.subtypes_add or ce.subtypes_replace:
            replaced = replaced_subtypes(ce.subtypes_add) if ce.subtypes_replace else frozenset()
            subtypes = frame.subtypes
            assert isinstance(subtypes, list)  # a pass's own frame (table_frame's lazy ones are read-only)
            for i in np.flatnonzero(mask):
                # CR 205.1b, 305.7: "becomes a Frog" / "becomes a Forest" replaces the subtypes of
                # that kind (creature types / land types) and keeps the others.
                subtypes[i] = (subtypes[i] - replaced) | frozenset(ce.subtypes_add)
            if _sets_land_types(ce) and frame.granted is not None:
                # 305.7: a land whose basic land types an effect sets loses the abilities from its rules text
                # (and its printed keywords) and has the new types' mana abilities; abilities granted in
                # layer 6 still apply afterwards (systems/granted.py).
                lands = mask & ((frame.types & np.uint32(LAND)) != 0)
                frame.keywords[lands] = 0
                frame.no_abilities[lands] = True
                mana = intrinsic_mana(ce.subtypes_add) or ()
                for row in np.flatnonzero(lands).tolist():
                    frame.granted[row] = mana
    elif layer == _COLOR:
        if ce.colors_set >= 0:
            frame.colors[mask] = ce.colors_set
        if ce.colors_add:
            frame.colors[mask] |= np.uint8(ce.colors_add)
    elif layer == _ABILITY:
        if ce.lose_all_abilities:
            frame.keywords[mask] = 0
            frame.no_abilities[mask] = True
            if frame.granted is not None:
                for row in np.flatnonzero(mask).tolist():
                    frame.granted[row] = ()  # 613.1f: abilities granted earlier are removed too
        if ce.abilities_add and frame.granted is not None:
            for row in np.flatnonzero(mask).tolist():  # class rows, or singled-out permanents
                frame.granted[row] = frame.granted[row] + ce.abilities_add
        # (one ufunc over the rows with ``where``: on a frame of a few rows it costs less than a masked read, the
        # operation and a masked write)
        if ce.keywords_add:
            np.bitwise_or(frame.keywords, np.uint64(ce.keywords_add), out=frame.keywords, where=mask)
        if ce.keywords_remove:
            np.bitwise_and(frame.keywords, ~np.uint64(ce.keywords_remove), out=frame.keywords, where=mask)
    elif layer in _PT_SETTING:
        frame.power[mask] = ce.power
        frame.toughness[mask] = ce.toughness
    elif layer == _PT_MODIFY:
        np.add(frame.power, ce.power, out=frame.power, where=mask)  # (as the keywords above)
        np.add(frame.toughness, ce.toughness, out=frame.toughness, where=mask)
    elif layer == _PT_SWITCH:
        p = frame.power[mask]
        frame.power[mask] = frame.toughness[mask]
        frame.toughness[mask] = p
        frame.parity[mask] ^= True


# ------------------------------------------------------------------ the pass


class _Pass:
    """One evaluation of all layers over a class frame and a subset frame."""

    def __init__(self, game: Game, frames: list[Frame], subset_index: dict[int, int], subset: Frame) -> None:
        self.game = game
        self.frames = frames
        self.subset_index = subset_index  # entity -> index in the subset frame
        self.subset = subset
        self.text: dict[int, list[tuple[str, str]]] = {}  # source entity -> layer-3 word changes
        self.group_masks: dict[tuple[int, int], np.ndarray] = {}
        self.fixed_sets: dict[int, frozenset[int]] = {}
        self.version = 0  # bumped whenever an effect applies: rows_now() is rebuilt after
        self.rows_cache: tuple[int, Frame] | None = None
        # Class rows that stand for at least one permanent that isn't singled out: only those are real objects
        # whose membership a dependency check (613.8a) may compare; None = every row counts.
        self.class_live: np.ndarray | None = None
        self.live_source: tuple[np.ndarray, np.ndarray] | None = None  # (class per row, singled-out rows)
        # Whether the pass read anything beyond each row's own class or entity and the effects: another row (a number
        # or condition counting permanents, a dependency check, 613.8a), a status (110.5) or other game state. While it
        # did not, a row added or changed later takes its class's values (update_rows).
        self.reads_board = False
        self.class_filters = False  # some effect chose class rows by a filter (a new class would have to be tried)

    def you(self, ce: ContinuousEffect) -> int:
        i = self.subset_index.get(ce.source)
        return int(self.subset.controller[i]) if i is not None else ce.controller

    def active(self, ce: ContinuousEffect) -> bool:
        """A static ability's effect stops when its source has lost its abilities (613.8, 613.1f), and
        an "as long as" effect applies only while its condition holds (611.3a)."""
        if not ce.from_static:
            return ce.condition is None or self.condition(ce, ce.condition)  # e.g. suspend's haste (702.62a)
        i = self.subset_index.get(ce.source)
        if i is not None and bool(self.subset.no_abilities[i]):
            return False
        return ce.condition is None or self.condition(ce, ce.condition)

    def effective_filter(self, ce: ContinuousEffect) -> PermanentFilter:
        f = ce.affected
        assert isinstance(f, PermanentFilter)
        for word_from, word_to in self.text.get(ce.source, ()):
            # CR 612.2: a text change swaps colour words (and land type words) in its abilities.
            if word_from in COLOR_WORDS and word_to in COLOR_WORDS:
                a, b = COLOR_WORDS[word_from], COLOR_WORDS[word_to]
                f = dataclasses.replace(f, colors_any=_swap_bit(f.colors_any, a, b),
                                        colors_none=_swap_bit(f.colors_none, a, b))
            else:
                f = dataclasses.replace(f, subtypes_any=tuple(word_to if s == word_from else s for s in f.subtypes_any))
        return f

    @staticmethod
    def _key(ent: int, ce: ContinuousEffect, frame_no: int) -> tuple[int, int]:
        return (-ce.group if ce.group else ent, frame_no)

    def mask(self, ent: int, ce: ContinuousEffect, frame_no: int, frame: Frame) -> np.ndarray:
        # CR 613.6: once an effect has started to apply, its later parts apply to the same objects,
        # even if the ability that generated it has been removed meanwhile.
        cached = self.group_masks.get(self._key(ent, ce, frame_no))
        if cached is not None:
            return cached
        if not self.active(ce):
            return np.zeros(len(frame), dtype=bool)
        if ce.fixed is not None:
            if frame.entities is None:
                return np.zeros(len(frame), dtype=bool)
            fixed = self.fixed_sets.get(ent)
            if fixed is None:
                fixed = self.fixed_sets[ent] = frozenset(ce.fixed)
            return _among(frame.entities, fixed)
        if ce.affected is None:
            return np.zeros(len(frame), dtype=bool)
        if ce.affected.self_only:
            # "~ gets +1/+1 as long as ...", a CDA: the source itself (it is in the subset frame).
            if frame.entities is None:
                return np.zeros(len(frame), dtype=bool)
            return frame.entities == ce.source
        if ce.affected.attached:
            # "Enchanted creature": exactly the object the source is attached to (CR 303.4, 301.5).
            t = self.game.table
            row = t.row_of.get(ce.source)
            target = int(t.attached_to[row]) if row is not None else -1
            if frame.entities is None or target < 0:
                return np.zeros(len(frame), dtype=bool)
            return frame.entities == target
        if ce.affected.paired:
            # Soulbond (702.95b): the source and the creature it is paired with, while they are paired.
            world = self.game.world
            if frame.entities is None or ce.source not in world.holders(Paired):
                return np.zeros(len(frame), dtype=bool)
            return (frame.entities == ce.source) | (frame.entities == world.get(ce.source, Paired).partner)
        if frame.entities is None:
            self.class_filters = True
        m = filter_mask(self.effective_filter(ce), frame, self.you(ce))
        if ce.affected.combat or ce.affected.tapped is not None:
            # a state, not a characteristic: only the permanents in that state now, evaluated one by one
            self.reads_board = True
            if frame.entities is None:
                return np.zeros(len(frame), dtype=bool)
            m &= _among(frame.entities, frozenset(state_entities(self.game, ce.affected)))
        if ce.affected.exclude_source and frame.entities is not None:
            m &= frame.entities != ce.source
        if ce.affected.names:
            m &= self.named(frame, ce.affected.names)
        return m

    def named(self, frame: Frame, names: tuple[str, ...]) -> np.ndarray:
        """Rows whose name is one of ``names`` (a name is a copiable value: one per class, CR 707.2)."""
        game = self.game
        if frame.entities is None:
            cards = game.classes.cards
            return np.fromiter((cards[i].name in names for i in range(len(frame))), dtype=bool, count=len(frame))
        return np.fromiter((game.card(int(e)).name in names for e in frame.entities), dtype=bool,
                           count=len(frame))

    # -- numbers and conditions that look at the board as it is while the layers apply ------------

    def rows_now(self) -> Frame:
        """Every permanent's characteristics as far as the layers have got (class values gathered,
        subset rows written over them): what "the number of creatures you control" counts."""
        self.reads_board = True
        if self.rows_cache is not None and self.rows_cache[0] == self.version:
            return self.rows_cache[1]
        t = self.game.table
        n = t.n
        cls = self.live_source[0] if self.live_source is not None else class_rows(t)
        cf = self.frames[0]
        sub = self.subset
        subtypes = [cf.subtypes[c] for c in cls.tolist()]
        frame = Frame(cf.controller[cls].copy(), t.token[:n], cf.types[cls].copy(), cf.supertypes[cls].copy(),
                      cf.colors[cls].copy(), cf.keywords[cls].copy(), cf.power[cls].copy(), cf.toughness[cls].copy(),
                      subtypes, cf.no_abilities[cls].copy(), t.entity[:n], np.zeros(n, dtype=bool))
        if sub.entities is not None and len(sub.entities):
            rows = t.rows_of(sub.entities)
            for name in ("controller", "types", "supertypes", "colors", "keywords", "power", "toughness",
                         "no_abilities"):
                getattr(frame, name)[rows] = getattr(sub, name)
            for r, s in zip(rows.tolist(), sub.subtypes, strict=True):
                subtypes[r] = s
        self.rows_cache = (self.version, frame)
        return frame

    def count(self, ce: ContinuousEffect, c: Count) -> int:
        """The value of an effect's number ``c`` (its ``dynamic``), seen from its controller."""
        from systems.oracle_effects import count_value

        self.reads_board = True
        you = self.you(ce)
        if c.kind == "permanents":
            frame = self.rows_now()
            f = c.filter
            assert f is not None  # a "permanents" Count has a filter
            m = filter_mask(f, frame, you)
            if f.exclude_source:
                m &= frame.entities != ce.source
            value = int(np.count_nonzero(m))
        elif c.kind.startswith("counters_on_source:"):  # "for each charge counter on ~"
            from systems.counters import counter_count

            value = counter_count(self.game, ce.source, c.kind.split(":", 1)[1])
        else:
            value = count_value(self.game, c, you)
        return value * c.multiplier + c.plus

    def condition(self, ce: ContinuousEffect, cond: Condition) -> bool:
        """Whether the effect's condition ``cond`` (its ``condition``) holds, seen from its controller."""
        from systems.triggers import check_condition

        you = self.you(ce)
        if _row_local(ce):
            # the source's row and its attached object's, both named (update_rows): no other row's values are read
            reads = self.reads_board
            held = frame_check(self.game, cond, self.rows_now(), you, ce.source)
            self.reads_board = reads
            return held
        self.reads_board = True
        if cond.kind in _FRAME_CONDITIONS:
            frame = self.rows_now()
            m = filter_mask(cond.filter or PermanentFilter(), frame, you)
            m &= (frame.controller == you) if cond.kind == "you_control" else (frame.controller != you)
            if cond.filter is not None and cond.filter.exclude_source:
                m &= frame.entities != ce.source
            if cond.filter is not None and (cond.filter.tapped is not None or cond.filter.power_at_least is not None
                                            or cond.filter.power_at_most is not None):
                from systems.oracle_effects import state_mask

                m &= state_mask(self.game, cond.filter)  # not characteristics: table state
            held = int(np.count_nonzero(m)) >= max(cond.n, 1)
            return held != cond.negate
        if cond.kind in FRAME_KINDS:  # characteristics as far as the layers have got
            return frame_check(self.game, cond, self.rows_now(), you, ce.source)
        return check_condition(self.game, cond, you, ce.source)

    def apply(self, ent: int, ce: ContinuousEffect) -> None:
        self.version += 1
        if ce.dynamic is not None and ce.layer in _PT_NUMBERED:
            if not self.active(ce):
                return
            import dataclasses

            self.reads_board = True  # (a number of its own colors reads only its row, but such effects are rare)
            if ce.dynamic.kind == "own_colors" and ce.layer == _PT_MODIFY:
                # "gets +1/+1 for each of its colors": each object's own number of colors (105.1), after layer 5
                for no, frame in enumerate(self.frames):
                    m = self.mask(ent, ce, no, frame)
                    n_colors = _COLOR_COUNT[frame.colors[m] & 31].astype(np.int32)
                    frame.power[m] += ce.power * n_colors
                    frame.toughness[m] += ce.toughness * n_colors
                return
            value = self.count(ce, ce.dynamic)
            ce = dataclasses.replace(ce, power=ce.power * value, toughness=ce.toughness * value, dynamic=None)
        if ce.layer == _TEXT:
            for target in self._targets(ent, ce):
                self.text.setdefault(target, []).append((ce.text_from, ce.text_to))
            if ce.text_from not in COLOR_WORDS:
                # CR 612.1-612.2: a subtype word changes in the type line as well as in rules text.
                for no, frame in enumerate(self.frames):
                    m = self.mask(ent, ce, no, frame)
                    subtypes = frame.subtypes
                    assert isinstance(subtypes, list)  # the pass's own frames
                    for i in np.flatnonzero(m).tolist():
                        subs = subtypes[i]
                        if ce.text_from in subs:
                            subtypes[i] = (subs - {ce.text_from}) | {ce.text_to}
            return
        aff = ce.affected
        # an effect on locked-in objects, its source or what it's attached or paired to picks no class row (mask)
        singles = ce.fixed is not None or aff is None or aff.self_only or aff.attached or aff.paired
        for no, frame in enumerate(self.frames):
            if singles and frame.entities is None:
                continue
            m = self.mask(ent, ce, no, frame)
            if ce.group:
                self.group_masks[self._key(ent, ce, no)] = m
            _apply_op(frame, ce, m)

    def _targets(self, ent: int, ce: ContinuousEffect) -> Iterable[int]:
        if ce.fixed is not None:
            return ce.fixed
        m = self.mask(ent, ce, 1, self.subset)
        assert self.subset.entities is not None
        return self.subset.entities[m].tolist()

    def _class_live(self) -> np.ndarray | None:
        """Computed on the first dependency check only, so passes without candidate dependencies pay nothing."""
        if self.class_live is None and self.live_source is not None:
            cls, sub_rows = self.live_source
            plain = np.ones(len(cls), dtype=bool)
            plain[sub_rows] = False
            live = np.zeros(len(self.frames[0]), dtype=bool)
            live[cls[plain]] = True
            self.class_live = live
        return self.class_live

    def depends(self, a: tuple[int, ContinuousEffect], b: tuple[int, ContinuousEffect]) -> bool:
        """CR 613.8a: would applying b change a's existence or what a applies to?"""
        (ea, ca), (eb, cb) = a, b
        if not _may_depend(ca, cb):
            return False
        self.reads_board = True  # what a applies to, among the permanents there are now
        before = [self.mask(ea, ca, no, f) for no, f in enumerate(self.frames)]
        saved = self.frames
        self.frames = [f.copy() for f in saved]
        saved_subset = self.subset
        self.subset = self.frames[1]
        self.version += 1  # conditions look at the trial frames (rows_now)
        try:
            for no, frame in enumerate(self.frames):
                _apply_op(frame, cb, self.mask(eb, cb, no, saved[no]))
            after = [self.mask(ea, ca, no, f) for no, f in enumerate(self.frames)]
        finally:
            self.frames = saved
            self.subset = saved_subset
            self.version += 1
        live = self._class_live()
        if live is not None:  # a class whose every member is singled out is not an object (613.8a "what it applies to")
            before[0], after[0] = before[0][live], after[0][live]
        return any(not np.array_equal(x, y) for x, y in zip(before, after, strict=True))

    def order(self, effects: list[tuple[int, ContinuousEffect]]) -> list[tuple[int, ContinuousEffect]]:
        """CDAs first (613.3), then dependency order (613.8), then timestamps (613.7)."""
        pending = sorted(effects, key=lambda e: (not e[1].cda, e[1].timestamp))
        if len(pending) < 2 or pending[0][1].layer not in _WRITES:
            for ent, ce in pending:
                self.apply(ent, ce)
            return pending
        # The pairs whose effects alone allow a dependency: the others never depend (``depends`` is False for them and
        # reads nothing), so they are not tried in each round; with none, the order is that of the timestamps.
        candidates = {(ea, eb) for ea, ca in pending for eb, cb in pending if ea != eb and _may_depend(ca, cb)}
        if not candidates:
            for ent, ce in pending:
                self.apply(ent, ce)
            return pending
        out: list[tuple[int, ContinuousEffect]] = []
        while pending:
            k = len(pending)
            deps = {i: {j for j in range(k) if j != i and (pending[i][0], pending[j][0]) in candidates
                        and self.depends(pending[i], pending[j])} for i in range(k)}
            loops = _in_loops(deps)
            chosen = [0]
            for i in range(k):
                comp = loops.get(i, set())
                if deps[i] <= comp:
                    # 613.8b: a dependency loop is applied as a whole, in timestamp order, once no
                    # member waits on anything outside the loop.
                    members = {i} | comp
                    if all(deps[j] <= members for j in comp):
                        chosen = sorted(members, key=lambda j: pending[j][1].timestamp)
                    else:
                        chosen = [i]
                    break
            picked = [pending[j] for j in chosen]
            pending = [p for j, p in enumerate(pending) if j not in set(chosen)]
            for ent, ce in picked:
                out.append((ent, ce))
                self.apply(ent, ce)
        return out


def _among(entities: np.ndarray, chosen: frozenset[int]) -> np.ndarray:
    """Per entity of a frame: is it one of ``chosen``? (np.isin's answer; a frame of single objects is a few rows, for
    which a set look-up each costs less than np.isin's sorting)"""
    return np.fromiter((e in chosen for e in entities.tolist()), dtype=bool, count=len(entities))


def _sets_land_types(ce: ContinuousEffect) -> bool:
    """305.7: an effect that sets a land's subtypes to basic land types."""
    return ce.layer == _TYPE and ce.subtypes_replace and intrinsic_mana(ce.subtypes_add) is not None


def _may_depend(a: ContinuousEffect, b: ContinuousEffect) -> bool:
    """Could applying b change a's existence or what a applies to (613.8a), as far as the two effects alone tell?"""
    if a.cda != b.cda or a.layer not in _WRITES:
        return False
    existence = a.from_static and b.lose_all_abilities
    return bool(existence or (isinstance(a.affected, PermanentFilter) and _may_change(b, a.affected)))


def _may_change(b: ContinuousEffect, f: PermanentFilter) -> bool:
    """Could b's operation change whether an object matches f? A cheap necessary condition."""
    layer = b.layer
    if layer in _COPY_OR_TEXT:
        return True
    if layer == _CONTROL:
        return f.controller != "any"
    if layer == _TYPE:
        reads_types = f.types_any | f.types_all | f.types_none
        reads_super = f.supertypes_any | f.supertypes_none
        return bool((b.types_add | b.types_remove) & reads_types
                    or (b.supertypes_add | b.supertypes_remove) & reads_super
                    or ((f.subtypes_any or f.subtypes_none) and (b.subtypes_add or b.subtypes_replace)))
    if layer == _COLOR:
        reads = f.colors_any | f.colors_none
        if f.color_count:  # how many colors: any colour change may matter
            return b.colors_set >= 0 or bool(b.colors_add)
        return bool(reads and (b.colors_set >= 0 or b.colors_add & reads))
    if layer == _ABILITY:
        reads = f.keywords_any | f.keywords_none
        return bool(reads and (b.lose_all_abilities or (b.keywords_add | b.keywords_remove) & reads))
    return False


def _swap_bit(mask: int, a: int, b: int) -> int:
    if mask & a:
        mask = (mask & ~a) | b
    return mask


def _in_loops(deps: dict[int, set[int]]) -> dict[int, set[int]]:
    """For each node in a dependency cycle, the nodes of its strongly connected component."""
    out: dict[int, set[int]] = {}
    for i in deps:
        reach: set[int] = set()
        stack = list(deps[i])
        while stack:
            j = stack.pop()
            if j not in reach:
                reach.add(j)
                stack.extend(deps[j])
        if i in reach:
            comp = {j for j in reach if i in _reachable(deps, j)}
            out[i] = comp
    return out


def _reachable(deps: dict[int, set[int]], start: int) -> set[int]:
    seen: set[int] = set()
    stack = list(deps[start])
    while stack:
        j = stack.pop()
        if j not in seen:
            seen.add(j)
            stack.extend(deps[j])
    return seen


def _sync_copies(game: Game) -> None:
    """CR 707.2: a copy has the copied card's abilities too. When the set of permanents that are
    copies changes, their static, activated and triggered abilities are registered anew from the
    card they now copy (filter-based copy effects change characteristics only; see NOTES)."""
    wanted: dict[int, CardDef] = {}
    copies: list[tuple[ContinuousEffect, CardDef]] = []
    for e in game.effects:
        ce = game.world.get(e, ContinuousEffect)
        copied = ce.copy_of
        if ce.layer == _COPY and ce.fixed is not None and isinstance(copied, CardDef):
            copies.append((ce, copied))
    for ce, copied in sorted(copies, key=lambda c: c[0].timestamp):  # the latest copy effect wins (613.7)
        for ent in ce.fixed or ():
            if ent in game.table.row_of:
                wanted[ent] = copied
    old = game.copy_of
    if wanted == old:
        return
    changed = {e for e in set(wanted) | set(old) if wanted.get(e) is not old.get(e)}
    game.copy_of = wanted
    from components.abilities import ActivatedAbility
    from systems.triggers import register as register_triggers
    from systems.triggers import unregister as unregister_triggers

    for ent in sorted(changed):
        if ent not in game.table.row_of:
            continue
        card = game.card(ent)
        unregister_static_abilities(game, ent)
        register_static_abilities(game, ent)
        game.activatable.pop(ent, None)
        if any(isinstance(a, ActivatedAbility) for a in card.abilities):
            game.activatable[ent] = card
        unregister_triggers(game, ent)
        register_triggers(game, ent, card)


# Conditions the layer pass checks on its own frames (characteristics as far as the layers have got): they change
# only with the table or the effects, which dirty the layers themselves.
_FRAME_CONDITIONS = frozenset({"you_control", "opponent_controls"})
_PASS_CONDITIONS = _FRAME_CONDITIONS | FRAME_KINDS  # (with those of systems/static_rules.py: frame_check)
_PASS_COUNTS = frozenset({"permanents", "own_colors"})  # numbers the pass counts itself (_Pass.count, _Pass.apply)


def layer_inputs(game: Game) -> tuple[int, ...]:
    """What a layer pass reads besides the permanent table and the effects: the answer of each effect's "as long as"
    condition (611.3a) and the value of each "for each" number (counted outside the layers), as the pass would see
    them now. While a permanent with such an effect is on the battlefield (``game.conditional_statics``), the loop
    before each priority compares them with those of the last pass and applies the layers again only if one moved
    (issue 11: it used to apply them at every priority stop)."""
    t = game.table
    out: list[int] = []
    world = game.world
    for ent in game.effects:
        ce = world.get(ent, ContinuousEffect)
        cond, count = ce.condition, ce.dynamic
        # (what the pass works out on its own frames is left out first: in the round-robin games nothing else is
        # read, and this runs before every priority while such an effect is on the battlefield)
        if cond is not None and cond.kind in _PASS_CONDITIONS:
            cond = None
        if count is not None and count.kind in _PASS_COUNTS:
            count = None
        if cond is None and count is None:
            continue
        row = t.row_of.get(ce.source)
        you = int(t.controller[row]) if row is not None else ce.controller  # as _Pass.you, after the control layer
        if cond is not None:
            from systems.triggers import check_condition  # (here: systems.triggers imports this module)

            out.append(check_condition(game, cond, you, ce.source))
        if count is not None:
            if count.kind.startswith("counters_on_source:"):
                from systems.counters import counter_count

                out.append(counter_count(game, ce.source, count.kind.split(":", 1)[1]))
            else:
                from systems.oracle_effects import count_value

                out.append(count_value(game, count, you))
    return tuple(out)


# The columns a layer pass writes for every row (besides the summoning sickness of a control change, 302.6).
DERIVED = ("controller", "types", "supertypes", "colors", "keywords", "power", "toughness", "no_abilities")


@dataclass(init=False)
class RowValues:
    """What the last whole layer pass gives a row that no effect names or singles out, kept while that is a function
    of the row's class alone (its copiable values, CR 707.2) and its counters (613.4c): when the only changes since
    are rows added, removed or given counters (``PermanentTable.layers_rows``), those rows are worked out alone
    (``update_rows``), not the whole table again (issue 11: a land entering under an Aura used to cost a whole
    pass)."""

    classes: int  # how many classes there were: a row of a newer class needs a whole pass unless class_filters is False
    class_filters: bool  # some effect chose class rows by a filter; if none did, a class has its printed values
    # per class, the final DERIVED columns without counters and locked-in 7c effects, and whether 7d switched its power
    # and toughness ("switched"), as Python lists (update_rows reads a few scalars; a new class appends to each);
    # None: there were no continuous effects
    columns: dict[str, list[Any]] | None
    # entities an effect names, singles out or comes from: a change to one on the battlefield, or a source leaving, needs
    # a whole pass (an object that left no longer counts: with the values kept, each row's are its own, 613.4)
    named: frozenset[int]
    # every class has its printed values: the pass had no continuous effects, or only locked-in 7c ones (_locked_only)
    plain: bool = False
    # with class_filters: the operations the pass made on the class rows, in order (``_class_program``), which give a
    # new class its values alone (``_new_classes``); None if they cannot be made again so
    program: tuple[tuple[int, ContinuousEffect, int], ...] | None = None
    # the pass's frame of singled-out permanents (each one's index in it, the frame, whether 7d switched any), without
    # restrictions (613.11, written over the final columns): a named row given counters or a locked-in 7c effect since
    # takes its values from it (``update_rows``); None: a whole pass
    singles: tuple[dict[int, int], Frame, bool] | None = None

    # (written out: compiled, a native constructor; see Frame)
    def __init__(self, classes: int, class_filters: bool, columns: dict[str, list[Any]] | None, named: frozenset[int],
                 plain: bool = False, program: tuple[tuple[int, ContinuousEffect, int], ...] | None = None,
                 singles: tuple[dict[int, int], Frame, bool] | None = None) -> None:
        self.classes = classes
        self.class_filters = class_filters
        self.columns = columns
        self.named = named
        self.plain = plain
        self.program = program
        self.singles = singles

    def __deepcopy__(self, memo: dict[int, object]) -> RowValues:
        """A game's copy keeps them (a playout, a clone, would otherwise begin with a whole pass at its first change of
        rows): the per-class lists are its own (a new class appends to them, ``_new_classes``); the rest is never
        changed in place (``_keep_plain`` replaces it), so shared: the named entities, the program (its effects are
        immutable, shared by copies of a game already) and the singled-out frame (read only)."""
        columns = self.columns
        return RowValues(self.classes, self.class_filters,
                         None if columns is None else {name: list(values) for name, values in columns.items()},
                         self.named, self.plain, self.program, self.singles)


def update_rows(game: Game, entities: list[int]) -> bool:
    """Recompute the rows of ``entities`` (added, given counters, or the objects of a locked-in 7c effect that began or
    ended; the removed ones are gone) from the last whole pass's class values (``game.layer_rows_cache``), if that
    is exact: False if a whole pass is needed."""
    cached: RowValues | None = game.layer_rows_cache
    if cached is None or (game.conditional_statics and _reads_outside_rows(game)):
        return False
    effects: list[ContinuousEffect] | None = None  # the effects, when the last pass had none or they all ended
    if (cached.columns is None) != (not game.effects):  # (with effects, class values; without, base columns)
        effects = _plain_again(game, cached)
        if effects is None:
            return False
        named = frozenset(ce.source for ce in effects)  # (as _locked_only keeps them)
    else:
        if cached.classes != len(game.classes.cards) and not _new_classes(game, cached):
            return False
        named = cached.named
    t = game.table
    rows: list[int] = []
    ents: list[int] = []
    singled: list[tuple[int, int, int]] = []  # (row, index in the pass's frame of singled-out permanents, entity)
    row_of = t.row_of
    # (one entity, the usual call: no dict of distinct ones)
    for ent in entities if len(entities) == 1 else list(dict.fromkeys(entities)):
        row = row_of.get(ent)
        if ent in named:
            if row is None:
                if _is_a_source(game, ent):
                    return False  # (an object an effect named that has left: the effect now applies to one row fewer)
                continue
            # Singled out in the pass and since given counters or a locked-in 7c effect only (what marks a row alone):
            # the pass's values for it, which read no counters (613.4c adds them after; nothing was counted, or the
            # values were not kept), plus its counters and locked-in effects, as the pass adds them.
            i = None if cached.singles is None or effects is not None else cached.singles[0].get(ent)
            if i is None:
                return False
            singled.append((row, i, ent))
        elif row is not None:
            rows.append(row)
            ents.append(ent)
    if effects is not None:
        _keep_plain(game, cached, effects, named)
    columns = cached.columns
    if not rows and not singled:
        return True  # rows left that no effect singles out: the others keep their values
    # Row by row with scalars: a few rows each time (whole boards enter through table.add_many, a whole pass).
    # (scalars read with ``.item``: a Python int, without a numpy scalar made first)
    if columns is None:  # no continuous effects: base values plus counters (613.4c), as in a whole pass
        for row in rows:
            counters = t.counter_pt.item(row)
            t.controller[row] = t.base_controller.item(row)
            t.types[row] = t.base_types.item(row)
            t.supertypes[row] = t.base_supertypes.item(row)
            t.colors[row] = t.base_colors.item(row)
            t.keywords[row] = t.base_keywords.item(row)
            t.power[row] = t.base_power.item(row) + counters
            t.toughness[row] = t.base_toughness.item(row) + counters
            t.no_abilities[row] = False
        return True
    world = game.world
    locked = []
    for eff in game.effects:  # (a loop: a generator inside the comprehension cost more an effect)
        ce = world.get(eff, ContinuousEffect)
        if ce.fixed is not None and ce.layer == _PT_MODIFY and not ce.from_static:  # is_locked_pt, inlined
            locked.append(ce)
    controller, types, supertypes, colors, keywords, no_abilities, power, toughness, switched = _ROW_COLUMNS(columns)
    # (the same length: appended together. Not strict=True: compiled, a zip with a keyword is a generic call and
    # iteration, one without a native loop over both lists)
    for row, ent in zip(rows, ents):  # noqa: B905
        c = t.cls.item(row)
        t.controller[row] = controller[c]
        t.types[row] = types[c]
        t.supertypes[row] = supertypes[c]
        t.colors[row] = colors[c]
        t.keywords[row] = keywords[c]
        t.no_abilities[row] = no_abilities[c]
        # the 7d switch is decided per class, before counters and locked-in effects add (as in a whole pass)
        counters = t.counter_pt.item(row)
        p, q = power[c] + counters, toughness[c] + counters
        for ce in locked:
            if ent in (ce.fixed or ()):  # a switched permanent's power is its 7c toughness: +a/+b lands as +b/+a
                p, q = (p + ce.toughness, q + ce.power) if switched[c] else (p + ce.power, q + ce.toughness)
        t.power[row] = p
        t.toughness[row] = q
    if singled:
        assert cached.singles is not None
        _, sub, switching = cached.singles
        for row, i, ent in singled:
            t.controller[row] = sub.controller[i]
            t.types[row] = sub.types[i]
            t.supertypes[row] = sub.supertypes[i]
            t.colors[row] = sub.colors[i]
            t.keywords[row] = sub.keywords[i]
            t.no_abilities[row] = sub.no_abilities[i]
            assert sub.p7c is not None and sub.t7c is not None
            sw = switching and bool(sub.parity[i])
            counters = int(t.counter_pt[row])
            p7c, t7c = int(sub.p7c[i]), int(sub.t7c[i])
            p, q = (t7c + counters, p7c + counters) if sw else (p7c + counters, t7c + counters)
            for ce in locked:
                if ent in (ce.fixed or ()):
                    p, q = (p + ce.toughness, q + ce.power) if sw else (p + ce.power, q + ce.toughness)
            t.power[row] = p
            t.toughness[row] = q
    return True


# RowValues.columns's lists in the order update_rows unpacks them (one C call, not a generator of nine look-ups)
_ROW_COLUMNS: Final = itemgetter("controller", "types", "supertypes", "colors", "keywords", "no_abilities", "power",
                          "toughness", "switched")


def _plain_again(game: Game, cached: RowValues) -> list[ContinuousEffect] | None:
    """The effects now, if the change since the last pass is locked-in 7c effects beginning where there were no
    effects, or the last of them ending (a rows-only change, ``mark_rows_changed``), and a whole pass would take the
    short ways for both: every class keeps its printed values (``_whole_pass`` without effects, ``_locked_only``).
    Then a row no such effect began or ended on keeps its value: its base values (those of its class's card, 707.2)
    plus its counters (613.4c). Else None: a whole pass is needed."""
    if (not cached.plain or game.copy_of or game.copy_effects or game.control_changed or game.grants.effects
            or game.grants.granted):
        return None
    world = game.world
    effects = [world.get(eff, ContinuousEffect) for eff in game.effects]
    return effects if all(is_locked_pt(ce) for ce in effects) else None


def _keep_plain(game: Game, cached: RowValues, effects: list[ContinuousEffect], named: frozenset[int]) -> None:
    """What a whole pass would keep after ``_plain_again``'s change (the rows are worked out by ``update_rows``)."""
    classes = game.classes
    cached.classes = len(classes.cards)
    cached.named = named
    if not effects:  # as _whole_pass with no continuous effects
        cached.columns = None
        _printed_subtypes(game)
        return
    printed = classes.printed_lists()  # as _locked_only keeps them (lists: not the arrays, which it gathers from)
    game.subtypes_override = {}
    game.class_subtypes = list(classes.printed_subtypes())
    k = len(classes.cards)
    columns: dict[str, list[Any]] = {name: list(values) for name, values in printed.items()}  # (the cache's own)
    columns["no_abilities"] = [False] * k
    columns["switched"] = [False] * k
    cached.columns = columns


def _printed_subtypes(game: Game) -> None:
    """With no continuous effects, every permanent has its printed subtypes (205.1b): an effect that changed some of
    them has ended (an "is a Zombie in addition" no longer applies)."""
    game.subtypes_override = {}
    printed = game.classes.printed_subtypes()
    if game.class_subtypes != printed:
        game.class_subtypes = list(printed)  # a new list (state_based._is_subtype_row)


def _is_a_source(game: Game, ent: int) -> bool:
    """Is ``ent`` the source of a continuous effect (whose controller or abilities the effect reads, 611.3)?"""
    world = game.world
    return any(world.get(eff, ContinuousEffect).source == ent for eff in game.effects)


def _new_classes(game: Game, cached: RowValues) -> bool:
    """Classes made since the last whole pass (their first permanents entered) take their printed values, when no
    effect picks class rows by a filter (only the objects of Auras, Equipment, targets and the like are changed), or
    the values the pass's operations on the class rows give them (``_class_program``)."""
    if cached.class_filters:
        return cached.program is not None and _replay_classes(game, cached, cached.program)
    cards = game.classes.cards
    new = range(cached.classes, len(cards))
    # a new list, as a whole pass makes (its identity keys systems/state_based._is_subtype_row's answers)
    game.class_subtypes = [*game.class_subtypes, *(frozenset(cards[c].type_line.subtypes) for c in new)]
    if cached.columns is not None:
        # each new class's printed row as Python ints (the lists are the cache's own): not ``classes.arrays()``, whose
        # views are made again after each new class (a whole pass asks for them, not this)
        columns = cached.columns
        game.classes.extend_printed(columns, new)
        columns["no_abilities"].extend([False] * len(new))
        columns["switched"].extend([False] * len(new))
    cached.classes = len(cards)
    return True


def _class_program(ps: _Pass, by_layer: dict[int, list[tuple[int, ContinuousEffect]]]
                   ) -> tuple[tuple[int, ContinuousEffect, int], ...] | None:
    """After a whole pass that keeps its class values (nothing read the board, no copy, control or text effect): the
    (entity, effect, its controller) of each operation the pass made on the class frame, in the order it made them,
    or None if one may have depended on more than the class row (an effect that removes abilities, 613.1f, could have
    stopped a static ability's effect part-way through the pass). Each operation reads and writes a class's own row
    only (filter_mask, _apply_op), so a new class's values are those of these operations on its row alone."""
    out: list[tuple[int, ContinuousEffect, int]] = []
    for layer in _LAYERS:
        group = by_layer.get(layer)
        if not group:
            continue
        # (the pass's order: with its values kept, no dependency was tried, 613.8, so each layer is in this order)
        for ent, ce in sorted(group, key=_apply_order):
            aff = ce.affected
            if ce.lose_all_abilities:
                return None
            if ce.fixed is not None or aff is None or aff.self_only or aff.attached or aff.paired:
                continue  # (no class row: the pass skips the class frame for it)
            if (ce.condition is not None or ce.dynamic is not None or aff.combat or aff.tapped is not None
                    or ps.text.get(ce.source)):
                return None  # (these read the board: values are not kept then; not replayed in any case)
            out.append((ent, ce, ps.you(ce)))
    return tuple(out)


def _apply_order(e: tuple[int, ContinuousEffect]) -> tuple[bool, int]:
    return (not e[1].cda, e[1].timestamp)  # CDAs first (613.3), then timestamps (613.7), as _Pass.order


def _replay_classes(game: Game, cached: RowValues, program: tuple[tuple[int, ContinuousEffect, int], ...]) -> bool:
    """The new classes' values from the last pass's class operations, as that pass gives each class (its class frame's
    rows are independent: a mask and an operation read and write one row), appended to the kept columns."""
    columns = cached.columns
    if columns is None:
        return False
    classes = game.classes
    cards = classes.cards
    start, k = cached.classes, len(cards)
    frame = _frame_from(classes.arrays(), slice(start, k),
                        [frozenset(cards[c].type_line.subtypes) for c in range(start, k)], None)
    groups: dict[int, np.ndarray] = {}  # 613.6: one mask for all the parts of an effect (as _Pass.mask)
    switching = False
    p7c = t7c = None
    for ent, ce, you in program:
        if ce.layer == _PT_SWITCH and not switching:
            switching = True
            p7c, t7c = frame.power.copy(), frame.toughness.copy()  # (as _whole_pass at layer 7d)
        key = -ce.group if ce.group else ent
        m = groups.get(key)
        if m is None:
            aff = ce.affected
            assert aff is not None
            m = filter_mask(aff, frame, you)
            if aff.names:
                m &= np.fromiter((cards[c].name in aff.names for c in range(start, k)), dtype=bool, count=k - start)
            if ce.group:
                groups[key] = m
        _apply_op(frame, ce, m)
    if switching:
        assert p7c is not None and t7c is not None
        final_p, final_t = np.where(frame.parity, t7c, p7c), np.where(frame.parity, p7c, t7c)
    else:
        final_p, final_t = frame.power, frame.toughness
    for name, values in (("controller", frame.controller), ("types", frame.types), ("supertypes", frame.supertypes),
                         ("colors", frame.colors), ("keywords", frame.keywords), ("no_abilities", frame.no_abilities),
                         ("power", final_p), ("toughness", final_t), ("switched", frame.parity)):
        columns[name] += values.tolist()  # (the lists are the cache's own)
    game.class_subtypes = [*game.class_subtypes, *frame.subtypes]  # a new list, as a whole pass makes
    cached.classes = k
    return True


def apply_layers(game: Game) -> None:
    """Recompute every permanent's characteristics from base values and continuous effects: only the rows that
    changed when that is exact (``update_rows``), else all of them."""
    t = game.table
    if mana.CHECKS.on:  # (MTG_ECS_CHECK_CACHES=1) the lists the table keeps equal its columns
        stale = t.stale_lists()
        assert not stale, f"the table's kept lists of {stale} differ from the columns"
    t.forget_lists()  # (the pass writes the derived columns and ``sick`` without moving the counters)
    rows = t.layers_rows if t.layers_dirty else None
    if rows is not None and update_rows(game, rows):
        t.forget_lists()
        t.layers_dirty = False
        if mana.CHECKS.on:  # the rows recomputed alone equal a whole pass (MTG_ECS_CHECK_CACHES=1)
            n = t.n
            alone = {name: getattr(t, name)[:n].copy() for name in DERIVED}
            subtypes = list(game.class_subtypes)
            passes = t.whole_passes
            _whole_pass(game)
            t.whole_passes = passes  # (it changed nothing: asserted below; the state check may look at rows alone)
            for name, values in alone.items():
                assert np.array_equal(values, getattr(t, name)[:n]), f"rows updated alone differ in {name}"
            assert subtypes == game.class_subtypes, "classes' subtypes updated alone differ"
            t.forget_lists()
        return
    _whole_pass(game)
    t.forget_lists()


def _whole_pass(game: Game) -> None:
    t = game.table
    t.whole_passes += 1  # (any row may change: systems/state_based._quiet_rows)
    game.layer_rows_cache = None
    if game.copy_of or game.copy_effects:
        _sync_copies(game)
    game.table.layers_dirty = False
    # what this pass's conditions and numbers read outside the table (before it rewrites the table's columns)
    game.layer_inputs = layer_inputs(game) if game.conditional_statics else None
    n = t.n
    if n == 0:
        if not game.effects and not game.control_changed:
            _printed_subtypes(game)  # (the rows that enter next are worked out alone, by update_rows)
            _keep_row_values(game, None, frozenset(), plain=True)
        return
    if not game.effects:
        # No continuous effects: every characteristic is its base value, plus counters (613.4c).
        if game.control_changed:
            _control_change_sickness(game, t.base_controller[:n])
        t.controller[:n] = t.base_controller[:n]
        t.types[:n] = t.base_types[:n]
        t.supertypes[:n] = t.base_supertypes[:n]
        t.colors[:n] = t.base_colors[:n]
        t.keywords[:n] = t.base_keywords[:n]
        np.add(t.base_power[:n], t.counter_pt[:n], out=t.power[:n])
        np.add(t.base_toughness[:n], t.counter_pt[:n], out=t.toughness[:n])
        t.no_abilities[:n] = False
        _printed_subtypes(game)
        if game.grants.granted:
            sync_granted(game, None, None, None)  # every grant has ended (systems/granted.py)
        _keep_row_values(game, None, frozenset(), plain=True)
        return
    classes = game.classes
    carr = classes.arrays()
    effects = [(e, game.world.get(e, ContinuousEffect)) for e in game.effects]
    # Locked-in 7c effects add per permanent (CR 611.2c, 613.4c); they are few, so kept sparse.
    locked: list[tuple[np.ndarray, int, int]] = []
    layered: list[tuple[int, ContinuousEffect]] = []
    restrictions: list[tuple[int, ContinuousEffect]] = []  # applied after the layers (613.11)
    special: set[int] = set()
    for ent, ce in effects:
        if is_locked_pt(ce):
            row_of = t.row_of  # (a few objects: looked up one by one, not with rows_of's array operations)
            fixed_rows = [row_of[e] for e in ce.fixed or () if e in row_of]
            locked.append((np.array(fixed_rows, dtype=np.int64), ce.power, ce.toughness))
            continue
        if is_restriction(ce):
            restrictions.append((ent, ce))
        else:
            layered.append((ent, ce))
        if ce.fixed is not None:
            special.update(ce.fixed)
        if ce.source in t.row_of:
            special.add(ce.source)
            if isinstance(ce.affected, PermanentFilter) and ce.affected.attached:
                special.add(int(t.attached_to[t.row_of[ce.source]]))
            if isinstance(ce.affected, PermanentFilter) and ce.affected.paired and \
                    ce.source in game.world.holders(Paired):
                special.add(game.world.get(ce.source, Paired).partner)  # soulbond partner (702.95b)
            if ce.from_static and isinstance(ce.affected, PermanentFilter) and (ce.affected.combat
                                                                              or ce.affected.tapped is not None):
                special.update(state_entities(game, ce.affected))  # "Attacking creatures you control get +1/+0"
    if not layered and not restrictions and not (game.control_changed or game.grants.effects or game.grants.granted):
        _locked_only(game, carr, locked, frozenset(ce.source for _, ce in effects))
        return
    singled = sorted(e for e in special if e in t.row_of)
    sub_ents = np.array(singled, dtype=np.int64)
    sub_rows = np.array([t.row_of[e] for e in singled], dtype=np.int64)  # (t.rows_of: array operations for a few)
    cls = class_rows(t)
    class_subtypes = classes.printed_subtypes()
    class_frame = _frame_from(carr, _ALL, list(class_subtypes), None)
    sub_cls = cls[sub_rows]
    sub_classes = sub_cls.tolist()  # (Python ints, read again for the subtypes below)
    subset = _frame_from(carr, sub_cls, [class_subtypes[c] for c in sub_classes], sub_ents)
    if game.grants.effects:
        class_frame.granted = [()] * len(class_frame)
        subset.granted = [()] * len(subset)
    frames = [class_frame, subset]
    ps = _Pass(game, frames, {e: i for i, e in enumerate(singled)}, subset)
    ps.live_source = (cls, sub_rows)
    by_layer: dict[int, list[tuple[int, ContinuousEffect]]] = {}
    for ent, ce in layered:
        by_layer.setdefault(ce.layer, []).append((ent, ce))
    switching = _PT_SWITCH in by_layer  # else no parity bit is set (613.4d): the 7c values are final
    for layer in _LAYERS:
        group = by_layer.get(layer)
        if layer == _PT_SWITCH:
            for f in frames:  # (without 7d effects nothing writes power or toughness after this: no copies)
                f.p7c, f.t7c = (f.power.copy(), f.toughness.copy()) if switching else (f.power, f.toughness)
        if not group:
            continue
        if layer in _WRITES:
            ps.order(group)  # applies while ordering
        else:
            for ent, ce in sorted(group, key=lambda e: (not e[1].cda, e[1].timestamp)):
                ps.apply(ent, ce)
    # Gather the class values per permanent. Counters add the same to power and toughness (7c), so
    # the 7d switch can be decided per class before the gather: final = switched(7c value) + counters.
    controllers_before = t.controller[:n].copy() if (game.control_changed or by_layer.get(_CONTROL)) else None
    t.controller[:n] = class_frame.controller[cls]
    t.types[:n] = class_frame.types[cls]
    t.supertypes[:n] = class_frame.supertypes[cls]
    t.colors[:n] = class_frame.colors[cls]
    t.keywords[:n] = class_frame.keywords[cls]
    t.no_abilities[:n] = class_frame.no_abilities[cls]
    assert class_frame.p7c is not None and class_frame.t7c is not None
    parity = class_frame.parity
    if switching:
        final_p = np.where(parity, class_frame.t7c, class_frame.p7c)
        final_t = np.where(parity, class_frame.p7c, class_frame.t7c)
    else:
        final_p, final_t = class_frame.p7c, class_frame.t7c
    counters = t.counter_pt[:n]
    np.add(final_p[cls], counters, out=t.power[:n])
    np.add(final_t[cls], counters, out=t.toughness[:n])
    if len(sub_rows):
        assert subset.p7c is not None and subset.t7c is not None
        t.controller[sub_rows] = subset.controller
        t.types[sub_rows] = subset.types
        t.supertypes[sub_rows] = subset.supertypes
        t.colors[sub_rows] = subset.colors
        t.keywords[sub_rows] = subset.keywords
        t.no_abilities[sub_rows] = subset.no_abilities
        sc = counters[sub_rows]
        if switching:
            t.power[sub_rows] = np.where(subset.parity, subset.t7c, subset.p7c) + sc
            t.toughness[sub_rows] = np.where(subset.parity, subset.p7c, subset.t7c) + sc
        else:
            t.power[sub_rows] = subset.p7c + sc
            t.toughness[sub_rows] = subset.t7c + sc
    if locked:
        # A switched permanent's power is its 7c toughness, so a locked +a/+b lands as +b/+a.
        switched = parity[cls]
        if len(sub_rows):
            switched[sub_rows] = subset.parity
        for rows, dp, dt in locked:
            if not len(rows):
                continue
            sw = switched[rows]
            np.add.at(t.power[:n], rows, np.where(sw, dt, dp))
            np.add.at(t.toughness[:n], rows, np.where(sw, dp, dt))
    # A singled-out permanent's subtypes when they differ from its printed ones or from its class's layered ones
    # (an "other creatures" effect changes the class but not its source).
    layered_subtypes = class_frame.subtypes
    game.subtypes_override = {e: s for e, s, c in zip(singled, subset.subtypes, sub_classes, strict=True)
                              if s != class_subtypes[c] or s != layered_subtypes[c]}
    game.class_subtypes = list(layered_subtypes)
    if restrictions:
        _apply_restrictions(game, ps, restrictions)
    if game.grants.effects or game.grants.granted:
        sync_granted(game, class_frame, subset, sub_ents)  # quoted abilities (113.1b, 613.1f)
    if controllers_before is not None:
        game.control_changed = bool(by_layer.get(_CONTROL))
        changed = controllers_before != t.controller[:n]
        if changed.any():
            t.sick[:n][changed] = True  # 302.6: not continuously controlled by its new controller
    if not (ps.reads_board or by_layer.keys() & _WHOLE_LAYERS) and all(_singles(ce) for _, ce in restrictions):
        # (special holds the objects of every effect but the locked-in 7c ones, which update_rows adds itself)
        _keep_row_values(game, {"controller": class_frame.controller, "types": class_frame.types,
                                "supertypes": class_frame.supertypes, "colors": class_frame.colors,
                                "keywords": class_frame.keywords, "no_abilities": class_frame.no_abilities,
                                "power": final_p, "toughness": final_t, "switched": parity},
                         frozenset(special.union(ce.source for _, ce in effects)), ps.class_filters,
                         program=_class_program(ps, by_layer) if ps.class_filters else None,
                         singles=None if restrictions else (ps.subset_index, subset, switching))


_LAYERS: Final = tuple(Layer)  # (in order: iterating the enum class itself costs a generator each pass)

# Layers whose effects this module does not recompute row by row (update_rows): copy effects change abilities too
# (_sync_copies), control changes make permanents summoning sick (302.6), text changes rewrite other effects.
_WHOLE_LAYERS: Final = frozenset({Layer.COPY, Layer.CONTROL, Layer.TEXT})


def class_rows(t: PermanentTable) -> np.ndarray:
    """Each live row's class (``t.cls``) as numpy's index type: an index array of another type is converted at every
    fancy index (``values[cls]``, ~4 us instead of ~1.5 us on a small board), and a pass gathers a dozen columns."""
    return t.cls[: t.n].astype(np.intp)


def _locked_only(game: Game, printed: dict[str, np.ndarray], locked: list[tuple[np.ndarray, int, int]],
                 sources: frozenset[int]) -> None:
    """A whole pass when the only effects are locked-in 7c ones (611.2c, "target creature gets +3/+3 until end of
    turn"): every row has its class's printed values, plus counters and those effects (613.4c); nothing switches
    (613.4d). What the general pass gives then, without its frames."""
    t = game.table
    n = t.n
    cls = class_rows(t)
    for name in ("controller", "types", "supertypes", "colors", "keywords"):
        getattr(t, name)[:n] = printed[name][cls]
    t.no_abilities[:n] = False
    counters = t.counter_pt[:n]
    np.add(printed["power"][cls], counters, out=t.power[:n])
    np.add(printed["toughness"][cls], counters, out=t.toughness[:n])
    for rows, dp, dt in locked:
        np.add.at(t.power[:n], rows, dp)
        np.add.at(t.toughness[:n], rows, dt)
    game.subtypes_override = {}
    game.class_subtypes = list(game.classes.printed_subtypes())  # a new list (state_based._is_subtype_row)
    no_class = np.zeros(len(printed["types"]), dtype=bool)
    _keep_row_values(game, {**{name: printed[name] for name in ("controller", "types", "supertypes", "colors",
                                                                   "keywords", "power", "toughness")},
                            "no_abilities": no_class, "switched": no_class}, sources, plain=True)


def _singles(ce: ContinuousEffect) -> bool:
    """Does ``ce`` apply to single objects only (its locked-in objects, its source, what the source is attached or
    paired to), all of them named (``RowValues.named``), never to class rows by a filter?"""
    aff = ce.affected
    return ce.fixed is not None or aff is None or aff.self_only or aff.attached or aff.paired


def _row_local(ce: ContinuousEffect) -> bool:
    """Is ``ce``'s condition one that reads only the rows of its source and of the object the source is attached to
    (an "attached_is" on characteristics, Hobble's "can't block if it's black"), the rows ``ce`` applies to (so
    named, ``RowValues.named``: a change to either takes a whole pass)?"""
    cond, aff = ce.condition, ce.affected
    return (cond is not None and cond.kind == "attached_is" and aff is not None and aff.attached
            and not _reads_state(cond.filter or PermanentFilter()))


def _reads_outside_rows(game: Game) -> bool:
    """With ``game.conditional_statics``: does some effect read what a row update would not see change (an "as long
    as" condition other than a row-local one, a "for each" number, a status, 611.3a)? Else the permanents there are
    only because of row-local conditions (``_row_local``) and a pass's class values hold for an unnamed row."""
    world = game.world
    for eff in game.effects:
        ce = world.get(eff, ContinuousEffect)
        if ce.dynamic is not None or (ce.condition is not None and not _row_local(ce)):
            return True
        aff = ce.affected
        if isinstance(aff, PermanentFilter) and (aff.combat or aff.tapped is not None):
            return True
    return False


def _keep_row_values(game: Game, columns: dict[str, np.ndarray] | None, named: frozenset[int],
                     class_filters: bool = False, *, plain: bool = False,
                     program: tuple[tuple[int, ContinuousEffect, int], ...] | None = None,
                     singles: tuple[dict[int, int], Frame, bool] | None = None) -> None:
    """After a whole pass: keep its class values for update_rows, unless something else this pass did for a row would
    have to be done again (copies, grants of quoted abilities, a control change, "as long as" conditions)."""
    if (game.copy_of or game.copy_effects or game.grants.effects or game.grants.granted or game.control_changed
            or (game.conditional_statics and _reads_outside_rows(game))
            or len(game.class_subtypes) != len(game.classes.cards)):
        return
    game.layer_rows_cache = RowValues(len(game.classes.cards), class_filters,
                                      None if columns is None else _as_lists(columns), named, plain, program,
                                      singles)


def _as_lists(columns: dict[str, np.ndarray]) -> dict[str, list[Any]]:
    """``RowValues.columns`` from a pass's per-class arrays: lists, which a new class extends in place (not nine
    ``np.concatenate``) and whose elements update_rows reads as Python scalars."""
    return {name: values.tolist() for name, values in columns.items()}


def _apply_restrictions(game: Game, ps: _Pass, restrictions: list[tuple[int, ContinuousEffect]]) -> None:
    """613.11: restrictions on attacking and blocking apply after all characteristics are determined; their
    conditions ("unless you control another creature with power 4 or greater") see the final columns."""
    t = game.table
    n = t.n
    # (the rows' subtypes are worked out only if a filter asks for them, as for table_frame: they are final already)
    final = Frame(t.controller[:n], t.token[:n], t.types[:n], t.supertypes[:n], t.colors[:n], t.keywords[:n].copy(),
                  t.power[:n], t.toughness[:n], _TableSubtypes(game),
                  t.no_abilities[:n], t.entity[:n], np.zeros(n, dtype=bool))
    ps.version += 1
    ps.rows_cache = (ps.version, final)  # what the conditions count: the final characteristics of this pass
    masks = [ps.mask(ent, ce, 2, final) for ent, ce in restrictions]  # all before any bit is added
    keywords = t.keywords[:n]
    for (_, ce), m in zip(restrictions, masks, strict=True):
        if np.count_nonzero(m):  # (ndarray.any() goes through numpy's Python wrapper)
            np.bitwise_or(keywords, np.uint64(ce.keywords_add), out=keywords, where=m)  # (as in _apply_op)


def _control_change_sickness(game: Game, new: np.ndarray) -> None:
    """302.6: a permanent whose controller changes (a control effect begins or ends) is not continuously
    controlled by its new controller since their turn began."""
    t = game.table
    n = t.n
    changed = t.controller[:n] != new
    if changed.any():
        t.sick[:n][changed] = True  # (inside a whole pass, so after a layers_version move: mana units keyed on it)
    game.control_changed = False


class _TableSubtypes:
    """Per-row subtypes of the table, computed only when a filter asks for them."""

    def __init__(self, game: Game) -> None:
        self.game = game

    def __len__(self) -> int:
        return self.game.table.n

    def __getitem__(self, row: int) -> frozenset[str]:
        game = self.game
        t = game.table
        return game.subtypes_override.get(t.entity_list[row]) or game.class_subtypes[int(t.cls[row])]

    def __iter__(self) -> Iterator[frozenset[str]]:
        game = self.game
        t = game.table
        over = game.subtypes_override
        cs = game.class_subtypes
        for e, c in zip(t.entity_list, t.cls[: t.n].tolist(), strict=True):
            yield over.get(e) or cs[c]


def table_frame(game: Game) -> Frame:
    """A read-only Frame over the permanent table's final (layered) columns, for filters."""
    game.refresh_layers()
    t = game.table
    n = t.n
    return Frame(
        t.controller[:n], t.token[:n], t.types[:n], t.supertypes[:n], t.colors[:n], t.keywords[:n],
        t.power[:n], t.toughness[:n],
        _TableSubtypes(game),  # not a list: a filter only reads a read-only frame's subtypes
        np.zeros(n, dtype=bool), t.entity[:n], np.zeros(n, dtype=bool),
    )


def subtypes_of(game: Game, permanent: int) -> frozenset[str]:
    """A permanent's subtypes after layer 4."""
    game.refresh_layers()
    if permanent in game.subtypes_override:
        return game.subtypes_override[permanent]
    return game.class_subtypes[game.table.get(permanent, "cls")]

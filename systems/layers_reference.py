"""A deliberately plain, per-object implementation of the layer system (CR 613).

It shares no evaluation code with systems/layers.py: each object's characteristics are plain
Python values and each effect is checked against each object one at a time. It is the yardstick
for the bulk path: tests and ``mtg-ecs bench board`` check that both give identical results.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from components.abilities import Condition, Count, Layer, PermanentFilter
from components.card import CardDef
from components.characteristics import CardType
from components.designations import Paired
from components.objects import ContinuousEffect

if TYPE_CHECKING:
    import numpy as np

    from ecs.game import Game

COLOR_BITS = {"white": 1, "blue": 2, "black": 4, "red": 8, "green": 16}
CANT_ATTACK_OR_BLOCK = (1 << 18) | (1 << 19)  # components.keywords: CANT_ATTACK, CANT_BLOCK


def _rule_effect(ce: ContinuousEffect) -> bool:
    """613.11: an effect that only says "can't attack" / "can't block" (508.1c, 509.1b restrictions, not
    abilities) changes the game's rules: it applies after the layers, on the final characteristics."""
    only_bits = ce.keywords_add and (ce.keywords_add | CANT_ATTACK_OR_BLOCK) == CANT_ATTACK_OR_BLOCK
    return bool(ce.layer == Layer.ABILITY and only_bits and ce.keywords_remove == 0 and not ce.lose_all_abilities
                and not ce.abilities_add and ce.group == 0)


@dataclass
class Obj:
    entity: int
    controller: int
    token: bool
    types: int
    supertypes: int
    colors: int
    keywords: int
    power: int
    toughness: int
    subtypes: frozenset[str]
    no_abilities: bool = False
    switched: bool = False
    text: list[tuple[str, str]] = field(default_factory=list)

    def snapshot(self) -> tuple[int, int, int, int, int, int, int]:
        return (self.controller, self.types, self.supertypes, self.colors, self.keywords, self.power, self.toughness)


def _matches(f: PermanentFilter, o: Obj, you: int, source: int, attached_to: int) -> bool:
    if f.self_only:
        return o.entity == source
    if f.attached:
        return o.entity == attached_to
    if f.types_any and not o.types & f.types_any:
        return False
    if f.types_all and o.types & f.types_all != f.types_all:
        return False
    if f.types_none and o.types & f.types_none:
        return False
    if f.supertypes_any and not o.supertypes & f.supertypes_any:
        return False
    if f.supertypes_none and o.supertypes & f.supertypes_none:
        return False
    if f.colors_any and not o.colors & f.colors_any:
        return False
    if f.colors_none and o.colors & f.colors_none:
        return False
    if f.color_count:  # 105.1, 105.2b
        n = bin(o.colors & 31).count("1")
        if (n >= 2) != (f.color_count == "multicolored") or (f.color_count == "monocolored" and n != 1):
            return False
    if f.keywords_any and not o.keywords & f.keywords_any:
        return False
    if f.keywords_none and o.keywords & f.keywords_none:
        return False
    if f.controller == "you" and o.controller != you:
        return False
    if f.controller == "opponent" and o.controller == you:
        return False
    if f.token is not None and o.token != f.token:
        return False
    if f.exclude_source and o.entity == source:
        return False
    if f.subtypes_none and set(f.subtypes_none) & o.subtypes:
        return False
    # "with power 4 or greater" (conditions of "as long as" statics): the values as the layers left them
    for bound, value, at_most in ((f.power_at_most, o.power, True), (f.power_at_least, o.power, False),
                                  (f.toughness_at_most, o.toughness, True), (f.toughness_at_least, o.toughness, False)):
        if bound is not None and (value > bound if at_most else value < bound):
            return False
    return not (f.subtypes_any and not set(f.subtypes_any) & o.subtypes)


def _text_changed(f: PermanentFilter, changes: list[tuple[str, str]]) -> PermanentFilter:
    for a, b in changes:
        if a in COLOR_BITS and b in COLOR_BITS:
            ca, cb = COLOR_BITS[a], COLOR_BITS[b]

            def swap(m: int, ca: int = ca, cb: int = cb) -> int:
                return (m & ~ca) | cb if m & ca else m

            f = PermanentFilter(**{**{k: getattr(f, k) for k in f.__dataclass_fields__},
                                   "colors_any": swap(f.colors_any), "colors_none": swap(f.colors_none)})
        else:
            f = PermanentFilter(**{**{k: getattr(f, k) for k in f.__dataclass_fields__},
                                   "subtypes_any": tuple(b if s == a else s for s in f.subtypes_any)})
    return f


def _could_matter(b: ContinuousEffect, a: ContinuousEffect) -> bool:
    """Whether b touches anything a's filter (or a's existence) looks at; exact checks follow."""
    if a.from_static and b.lose_all_abilities:
        return True
    f = a.affected
    if not isinstance(f, PermanentFilter):
        return False
    if b.layer == Layer.CONTROL:
        return f.controller != "any"
    if b.layer == Layer.TYPE:
        return bool(((b.types_add | b.types_remove) & (f.types_any | f.types_all | f.types_none))
                    or ((b.supertypes_add | b.supertypes_remove) & (f.supertypes_any | f.supertypes_none))
                    or ((f.subtypes_any or f.subtypes_none) and (b.subtypes_add or b.subtypes_replace)))
    if b.layer == Layer.COLOR:
        return bool((f.colors_any | f.colors_none or f.color_count) and (b.colors_set >= 0 or b.colors_add))
    if b.layer == Layer.ABILITY:
        return bool((f.keywords_any | f.keywords_none)
                    and (b.lose_all_abilities or (b.keywords_add | b.keywords_remove) & (f.keywords_any | f.keywords_none)))
    return b.layer in (Layer.COPY, Layer.TEXT)


class _Reference:
    def __init__(self, game: Game) -> None:
        self.game = game
        t = game.table
        self.objs: dict[int, Obj] = {}
        self.counters: dict[int, tuple[int, int]] = {}
        self.attached: dict[int, int] = {}
        n = t.n
        base: dict[int, tuple[int, int, int, int, int, int, frozenset[str]]] = {}  # printed values, per card
        cols = zip(t.entity[:n].tolist(), t.base_controller[:n].tolist(), t.token[:n].tolist(), t.plus1[:n].tolist(),
                   t.minus1[:n].tolist(), t.attached_to[:n].tolist(), strict=True)
        for ent, controller, token, plus1, minus1, attached_to in cols:
            card = game.card(ent)
            printed = base.get(id(card))
            if printed is None:
                printed = base[id(card)] = (
                    card.type_bits, int(card.type_line.supertypes), int(card.colors), card.keywords,
                    card.power.base if card.power else 0, card.toughness.base if card.toughness else 0,
                    frozenset(card.type_line.subtypes))
            self.objs[ent] = Obj(ent, controller, bool(token), *printed)
            self.counters[ent] = (plus1 - minus1, plus1 - minus1)
            self.attached[ent] = attached_to
        self.effects = [(e, game.world.get(e, ContinuousEffect)) for e in game.effects]
        self.applied_to: dict[int, set[int]] = {}

    def active(self, ce: ContinuousEffect) -> bool:
        src = self.objs.get(ce.source)
        if ce.from_static and src is not None and src.no_abilities:
            return False
        if ce.from_static and ce.condition is not None:
            return self.condition_holds(ce, ce.condition)  # "as long as" (611.3a)
        return True

    def you_of(self, ce: ContinuousEffect) -> int:
        src = self.objs.get(ce.source)
        return src.controller if src is not None else ce.controller

    def condition_holds(self, ce: ContinuousEffect, cond: Condition) -> bool:
        """The effect's condition ``cond`` seen on the objects as the layers have left them so far, one object at
        a time."""
        from systems.triggers import check_condition

        you = self.you_of(ce)
        if cond.kind in ("you_control", "opponent_controls"):
            f = cond.filter or PermanentFilter()
            mine = cond.kind == "you_control"
            n = sum(1 for o in self.objs.values()
                    if (o.controller == you) == mine and _matches(f, o, you, ce.source, -1))
            return (n >= max(cond.n, 1)) != cond.negate
        return check_condition(self.game, cond, you, ce.source)

    def count(self, ce: ContinuousEffect, c: Count) -> int:
        """An effect's number ``c`` (its ``dynamic``), counted object by object."""
        from systems.oracle_effects import count_value

        you = self.you_of(ce)
        if c.kind == "permanents":
            f = c.filter
            assert f is not None  # a "permanents" Count has a filter
            n = sum(1 for o in self.objs.values() if _matches(f, o, you, ce.source, -1))
        else:
            n = count_value(self.game, c, you)
        return n * c.multiplier + c.plus

    def affected(self, ent: int, ce: ContinuousEffect) -> set[int]:
        # 613.6: the later parts of one effect apply to the objects its first part applied to.
        if ce.group and -ce.group in self.applied_to:
            return self.applied_to[-ce.group]
        if not self.active(ce):
            return set()
        if ent in self.applied_to:
            return self.applied_to[ent]
        if ce.fixed is not None:
            return {e for e in ce.fixed if e in self.objs}
        f = ce.affected
        assert isinstance(f, PermanentFilter)
        src = self.objs.get(ce.source)
        if src is not None:
            f = _text_changed(f, src.text)
        you = src.controller if src is not None else ce.controller
        if f.paired:
            # Soulbond (702.95b): the source and the creature it is paired with, while they are paired.
            if ce.source not in self.game.world.holders(Paired):
                return set()
            return {e for e in (ce.source, self.game.world.get(ce.source, Paired).partner) if e in self.objs}
        attached_to = self.attached.get(ce.source, -1)
        out = {e for e, o in self.objs.items() if _matches(f, o, you, ce.source, attached_to)}
        if f.names:  # a name is a copiable value (707.2): the card as copy effects left it
            out = {e for e in out if self.game.card(e).name in f.names}
        if f.combat or f.tapped is not None:
            # a state, not a characteristic: the permanents in that state now
            t = self.game.table
            if f.tapped is not None:
                out = {e for e in out if bool(t.tapped[t.row_of[e]]) == f.tapped}
            if f.combat:
                c = self.game.combat
                attacking = set(c.attackers) if not c.bulk else set(c.att.tolist() if c.att is not None else ())
                blocking = set(c.blocking) if not c.bulk else set(
                    c.pair_blocker.tolist() if c.pair_blocker is not None else ())
                if c.declaring_attackers:
                    attacking = set()  # 508.1k: chosen, not yet attacking creatures
                if c.att is None and not c.bulk:
                    blocking = set()  # 509.1g: blocks being declared are not locked in yet
                out &= {"attacking": attacking, "blocking": blocking}.get(f.combat, attacking | blocking)
        return out

    def apply(self, ent: int, ce: ContinuousEffect) -> None:
        if ce.dynamic is not None and ce.layer in (Layer.PT_CDA, Layer.PT_SET, Layer.PT_MODIFY) and self.active(ce):
            import dataclasses

            value = self.count(ce, ce.dynamic)
            ce = dataclasses.replace(ce, power=ce.power * value, toughness=ce.toughness * value, dynamic=None)
        targets = self.affected(ent, ce)
        self.applied_to.setdefault(ent, targets)
        if ce.group:
            self.applied_to.setdefault(-ce.group, targets)
        for e in targets:
            o = self.objs[e]
            layer = ce.layer
            if layer == Layer.COPY and isinstance(ce.copy_of, CardDef):
                c = ce.copy_of
                o.types, o.supertypes, o.colors = c.type_bits, int(c.type_line.supertypes), int(c.colors)
                o.keywords = c.keywords
                o.power = c.power.base if c.power else 0
                o.toughness = c.toughness.base if c.toughness else 0
                o.subtypes = frozenset(c.type_line.subtypes)
            elif layer == Layer.CONTROL:
                o.controller = ce.new_controller
            elif layer == Layer.TEXT:
                o.text.append((ce.text_from, ce.text_to))
                if ce.text_from not in COLOR_BITS and ce.text_from in o.subtypes:
                    o.subtypes = (o.subtypes - {ce.text_from}) | {ce.text_to}
            elif layer == Layer.TYPE:
                o.types = (o.types | ce.types_add) & ~ce.types_remove
                o.supertypes = (o.supertypes | ce.supertypes_add) & ~ce.supertypes_remove
                if ce.subtypes_replace:
                    from components.subtypes import SUBTYPES_BY_CARD_TYPE

                    # 205.1b / 305.7: drop the old subtypes of each kind that a new subtype belongs to.
                    for kind_table in SUBTYPES_BY_CARD_TYPE.values():
                        if any(s in kind_table for s in ce.subtypes_add):
                            o.subtypes = frozenset(s for s in o.subtypes if s not in kind_table)
                o.subtypes = o.subtypes | frozenset(ce.subtypes_add)
                if ce.subtypes_replace and o.types & int(CardType.LAND) and ce.subtypes_add and all(
                        s in ("Plains", "Island", "Swamp", "Mountain", "Forest") for s in ce.subtypes_add):
                    o.keywords = 0  # 305.7: the land loses the abilities of its rules text
                    o.no_abilities = True
            elif layer == Layer.COLOR:
                if ce.colors_set >= 0:
                    o.colors = ce.colors_set
                o.colors |= ce.colors_add
            elif layer == Layer.ABILITY:
                if ce.lose_all_abilities:
                    o.keywords = 0
                    o.no_abilities = True
                o.keywords = (o.keywords | ce.keywords_add) & ~ce.keywords_remove
            elif layer in (Layer.PT_CDA, Layer.PT_SET):
                o.power, o.toughness = ce.power, ce.toughness
            elif layer == Layer.PT_MODIFY:
                o.power += ce.power
                o.toughness += ce.toughness
            elif layer == Layer.PT_SWITCH:
                o.power, o.toughness = o.toughness, o.power

    def depends(self, a: tuple[int, ContinuousEffect], b: tuple[int, ContinuousEffect]) -> bool:
        """613.8a by brute force: apply b to a copy of every object and compare what a applies to."""
        import copy

        if a[1].cda != b[1].cda or a[1].layer in (Layer.PT_CDA, Layer.PT_SET, Layer.PT_MODIFY, Layer.PT_SWITCH):
            return False
        if not _could_matter(b[1], a[1]):
            return False
        before = (self.active(a[1]), self.affected(a[0], a[1]) if a[0] not in self.applied_to else None)
        saved_objs, saved_applied = self.objs, self.applied_to
        self.objs = copy.deepcopy(saved_objs)
        self.applied_to = dict(saved_applied)
        try:
            self.apply(b[0], b[1])
            self.applied_to.pop(a[0], None)
            after = (self.active(a[1]), self.affected(a[0], a[1]))
        finally:
            self.objs, self.applied_to = saved_objs, saved_applied
        return before[0] != after[0] or (before[1] is not None and before[1] != after[1])

    def run(self) -> dict[int, tuple[int, int, int, int, int, int, int]]:
        locked_mods: dict[int, list[int]] = {e: [0, 0] for e in self.objs}
        layers: dict[int, list[tuple[int, ContinuousEffect]]] = {}
        rules = [(ent, ce) for ent, ce in self.effects if _rule_effect(ce)]
        for ent, ce in self.effects:
            if not _rule_effect(ce):
                layers.setdefault(ce.layer, []).append((ent, ce))
        for layer in sorted(Layer):
            pending = sorted(layers.get(layer, []), key=lambda e: (not e[1].cda, e[1].timestamp))
            while pending:
                k = len(pending)
                edges = {i: {j for j in range(k) if j != i and self.depends(pending[i], pending[j])}
                         for i in range(k)}

                def reaches(src: int, dst: int, edges: dict[int, set[int]] = edges) -> bool:
                    seen, todo = set(), [src]
                    while todo:
                        x = todo.pop()
                        for y in edges[x]:
                            if y == dst:
                                return True
                            if y not in seen:
                                seen.add(y)
                                todo.append(y)
                    return False

                chosen = [0]
                for i in range(k):
                    # 613.8b: dependencies inside a loop are ignored; a loop whose members wait on
                    # nothing outside it is applied as a whole, in timestamp order.
                    loop = {j for j in range(k) if j != i and reaches(i, j) and reaches(j, i)}
                    if all(j in loop for j in edges[i]):
                        members = loop | {i}
                        if all(edges[j] <= members for j in loop):
                            chosen = sorted(members, key=lambda j: pending[j][1].timestamp)
                        else:
                            chosen = [i]
                        break
                picked = [pending[j] for j in chosen]
                pending = [p for j, p in enumerate(pending) if j not in set(chosen)]
                for ent, ce in picked:
                    self.apply(ent, ce)
            if layer == Layer.PT_MODIFY:
                for e, o in self.objs.items():
                    cp, ct = self.counters[e]
                    o.power += cp + locked_mods[e][0]
                    o.toughness += ct + locked_mods[e][1]
        hit = [(ce.keywords_add, self.affected(ent, ce)) for ent, ce in rules]  # every condition before any bit
        for bits, targets in hit:
            for e in targets:
                self.objs[e].keywords |= bits
        return {e: o.snapshot() for e, o in self.objs.items()}


def reference_characteristics(game: Game) -> dict[int, tuple[int, int, int, int, int, int, int]]:
    """(controller, types, supertypes, colors, keywords, power, toughness) per permanent, per object."""
    return _Reference(game).run()


def bulk_characteristics(game: Game) -> dict[int, tuple[int, int, int, int, int, int, int]]:
    """The same tuple from the bulk path's table columns."""
    game.table.mark_changed(sba=False)
    game.refresh_layers()
    t = game.table
    n = t.n
    cols: list[np.ndarray] = [t.controller[:n], t.types[:n], t.supertypes[:n], t.colors[:n], t.keywords[:n],
                              t.power[:n], t.toughness[:n]]
    lists = [c.tolist() for c in cols]
    return {e: tuple(v[i] for v in lists) for i, e in enumerate(t.entity[:n].tolist())}

"""Instructions of an instant or sorcery that depend on how the spell was cast (CR 608.2c: a Conditional
instruction, checked as it is followed):

* "<instructions>. If this spell was kicked, <instruction>." (702.33d) when the kicked instruction refers back to
  the rest ("they", "those creatures"), which systems/mechanics/kicker.py doesn't read;
* "... If this spell was foretold, <instruction>." (702.143c; for foretold spells also
  systems/mechanics/exile_casting.py);
* "... [Then] if this spell was cast from a graveyard / from your hand / from exile, <instruction>." and "... if
  this spell was cast from anywhere other than your hand, <instruction>." (601.2a: the zone it was cast from);
* "... If you cast this spell during your main phase, <instruction>." (addendum; 505.1);
* each of these also as "..., <instruction> instead." (the last instruction is replaced when it holds).

* "<one instruction>. If this spell was kicked, instead <instructions>." (702.33d): the kicked spell has other
  instructions and targets, chosen as it is cast (601.2c): ``SpellAbility.instead``; the same for "If the gift was
  promised, instead <instructions>" (702.174m)
  (systems/mechanics/additional_costs.py ``kicked_card``).

The conditional instruction is compiled in the context of the instructions before it (the whole text compiled as
one spell, so "they" and "those creatures" mean what they mean there); it is accepted only if it adds no targets
(its targets would have to be chosen whether or not the condition holds, and for kicker only if kicked, 601.2c)
and leaves the earlier instructions unchanged. The conditions are checked by systems/mechanics/cast_conditions.py.

Rules: Conditions on how the resolving spell was cast (systems/mechanics/cast_conditions.py).

"cast_in_main_phase": the spell was cast during its controller's main phase (``StackItem.main_phase``).
"this_was_kicked": the permanent whose triggered ability is resolving was kicked (702.33d).

"cast_from" (``n``: a Zone value; ``negate``: "anywhere other than"): the zone the spell was cast from (601.2a,
``StackItem.from_zone``, set by systems/casting.py). A copy of a spell wasn't cast (707.10), so it was cast from no
zone. A Conditional inside a spell has no source object: the resolving spell is asked.
"""

from __future__ import annotations

import dataclasses
import re
from typing import TYPE_CHECKING

from components.abilities import Ability, Condition, Conditional, SpellAbility, TriggeredAbility, TriggerKind
from components.characteristics import CardType
from components.objects import AbilityOnStack, StackItem, Zone
from content import registry

if TYPE_CHECKING:
    from components.abilities import Condition
    from ecs.game import Game


SPELL_TYPES = int(CardType.INSTANT | CardType.SORCERY)
# The condition words as printed -> the Condition checked (kinds: systems/mechanics/cast_conditions.py, "kicked":
# systems/mechanics/additional_costs.py, "foretold": systems/mechanics/exile_casting.py).
CONDITIONS: dict[str, Condition] = {
    "~ was kicked": Condition("kicked"),
    "~ was foretold": Condition("foretold"),
    "~ was cast from a graveyard": Condition("cast_from", n=int(Zone.GRAVEYARD)),
    "~ was cast from your hand": Condition("cast_from", n=int(Zone.HAND)),
    "~ was cast from exile": Condition("cast_from", n=int(Zone.EXILE)),
    "~ was cast from anywhere other than your hand": Condition("cast_from", n=int(Zone.HAND), negate=True),
    "you cast ~ during your main phase": Condition("cast_in_main_phase"),  # addendum (207.2c ability word)
    "the gift was promised": Condition("gift_promised"),  # 702.174k
    "~ was bargained": Condition("bargained"),  # 702.166b
}
WORDS = {c: w for w, c in CONDITIONS.items()}
_LINE = re.compile(r"(?:(?P<pre>.+?[.])\s+)?(?P<then>then )?if (?P<cond>" + "|".join(map(re.escape, CONDITIONS))
                   + r"), (?P<post>[^.]+\.)", re.I | re.S)


def one_spell(text: str) -> SpellAbility | None:
    """The instructions ``text`` compiled as one spell ability without modes, or None (the parts of a spell whose
    instructions depend on how it was cast, 608.2c)."""
    from content.oracle import compile_line
    from content.oracle.phrases import NoParse

    try:
        out = compile_line(text, is_spell=True)
    except (NoParse, ValueError, KeyError):
        return None
    if len(out) != 1 or not isinstance(out[0], SpellAbility) or out[0].modes:
        return None
    return out[0]


_INSTEAD = re.compile(r"(?P<pre>[^.]+\.)\s+if (?:~ was (?P<if>kicked)|the (?P<gift>gift) was promised), instead "
                      r"(?P<alt>[^.]+\.)", re.I)


def _kicked_instead(line: str) -> Ability | None:
    m = _INSTEAD.fullmatch(line.strip())
    if not m:
        return None
    alt = m.group("alt").strip()
    plain, kicked = one_spell(m.group("pre").strip()), one_spell(alt[:1].upper() + alt[1:])
    if plain is None or kicked is None:
        return None
    if m.group("gift"):
        return dataclasses.replace(plain, text=line.strip(), instead=kicked, instead_if="gift")
    return dataclasses.replace(plain, text=line.strip(), instead=kicked, instead_if=m.group("if"))


_CAST_KICKED = re.compile(r"when you cast ~, if it was kicked, (?P<rest>.+)", re.I | re.S)
_TRIGGER_KICKED = re.compile(r"(?P<pre>when ~ enters, [^.]+\.)\s+(?P<then>then )?if it (?P<was>was|wasn't) kicked, "
                             r"(?P<post>[^.]+\.)", re.I | re.S)


def _triggered(text: str) -> TriggeredAbility | None:
    from content.oracle import compile_line
    from content.oracle.phrases import NoParse

    try:
        out = compile_line(text, is_spell=False)
    except (NoParse, ValueError, KeyError):
        return None
    if len(out) != 1 or not isinstance(out[0], TriggeredAbility) or out[0].condition is not None or out[0].modes:
        return None
    return out[0]


def _permanent_kicked(line: str) -> Ability | None:
    """"When you cast this spell, if it was kicked, <effect>" (603.4, 702.33d) and "When ~ enters, <effect>. [Then]
    if it was / wasn't kicked, <instruction>." (608.2c, the instruction compiled in context)."""
    m = _CAST_KICKED.fullmatch(line.strip())
    if m:
        inner = _triggered(f"When you cast ~, {m.group('rest')}")
        return dataclasses.replace(inner, text=line.strip(), condition=Condition("kicked")) if inner else None
    m = _TRIGGER_KICKED.fullmatch(line.strip())
    if not m:
        return None
    post = m.group("post").strip()
    pre = _triggered(m.group("pre"))
    whole = _triggered(f"{m.group('pre')} {post[:1].upper()}{post[1:]}")
    if pre is None or whole is None or whole.targets != pre.targets:
        return None
    k = len(pre.effects)
    if whole.effects[:k] != pre.effects or len(whole.effects) == k:
        return None
    cond = Condition("this_was_kicked", n=1 if m.group("then") else 0, negate=m.group("was").lower() != "was")
    return dataclasses.replace(pre, text=line.strip(), effects=(*pre.effects, Conditional(cond, whole.effects[k:])))


def read(line: str, raw: str, name: str, types: CardType) -> Ability | None:
    low = line.lower()
    if low.startswith(("when you cast ~, if it was kicked", "when ~ enters, ")) and "kicked" in low:
        return _permanent_kicked(line)
    if not int(types) & SPELL_TYPES:
        return None
    if "was kicked, instead " in line.lower() or "gift was promised, instead " in line.lower():
        return _kicked_instead(line)
    m = _LINE.fullmatch(re.sub(r"^addendum\s*[—-]\s*", "", line.strip(), flags=re.I))  # an ability word (207.2c)
    if not m:
        return None
    post = m.group("post").strip()
    cond = CONDITIONS[m.group("cond").lower()]
    if m.group("pre") is None:
        # A line of its own ("Addendum — If you cast this spell during your main phase, you gain 2 life."): the
        # instruction must read on its own, without targets.
        alone = one_spell(post[:1].upper() + post[1:])
        if alone is None or alone.targets or m.group("then") or post.rstrip(".").endswith(" instead") \
                or cond.kind == "kicked":
            return None
        return SpellAbility(line.strip(), (), (Conditional(cond, alone.effects),))
    if post.rstrip(".").endswith(" instead"):
        return _instead(line.strip(), m.group("pre").strip(), post.rstrip(".")[: -len(" instead")], cond)
    pre = one_spell(m.group("pre").strip())
    if pre is None:
        return None
    whole = one_spell(f"{m.group('pre').strip()} {'Then ' + post if m.group('then') else post[:1].upper() + post[1:]}")
    k = len(pre.effects)
    if whole is None or whole.targets != pre.targets or whole.effects[:k] != pre.effects or len(whole.effects) == k:
        return None
    return SpellAbility(line.strip(), pre.targets, (*pre.effects, Conditional(cond, whole.effects[k:])))


def _instead(text: str, pre: str, other: str, cond: Condition) -> Ability | None:
    """"<instructions>. If this spell <condition>, <instruction> instead.": the last instruction is replaced when
    the condition holds (read as kicker's "... instead", systems/mechanics/kicker.py, with this condition)."""
    if cond.kind == "kicked":
        return None  # systems/mechanics/kicker.py's
    from systems.mechanics.kicker import KICKED, NOT_KICKED
    from systems.mechanics.kicker import _instead as kicked_instead

    spell = kicked_instead(text, pre, other)
    if spell is None or len(spell.effects) < 2:
        return None
    *common, plain, changed = spell.effects
    if not (isinstance(plain, Conditional) and plain.condition == NOT_KICKED and isinstance(changed, Conditional)
            and changed.condition == KICKED):
        return None
    negated = dataclasses.replace(cond, negate=not cond.negate)
    return dataclasses.replace(spell, effects=(*common, Conditional(negated, plain.effects),
                                               Conditional(cond, changed.effects)))


def _joined(pre: str, whole: str) -> str | None:
    """The part of ``whole`` after ``pre`` when the renderer joined them ("A and B", "A, then B")."""
    for glue in (" and ", ", then "):
        if pre.endswith(".") and whole.startswith(pre[:-1] + glue):
            return whole[len(pre) - 1 + len(glue):]
    return None


def _render_triggered(a: TriggeredAbility) -> str | None:
    from content.oracle.render import render_line

    last = a.effects[-1] if a.effects else None
    if isinstance(last, Conditional) and last.condition.kind == "this_was_kicked":
        try:
            pre = render_line([dataclasses.replace(a, effects=a.effects[:-1])])
            whole = render_line([dataclasses.replace(a, effects=(*a.effects[:-1], *last.effects))])
        except ValueError:
            return None
        if whole.startswith(pre):
            post = whole[len(pre):].strip()
        else:
            joined = _joined(pre, whole)
            if joined is None:
                return None
            post = joined
        lead = "Then if" if last.condition.n else "If"
        return f"{pre} {lead} it {'wasn' + chr(39) + 't' if last.condition.negate else 'was'} kicked, " \
               f"{post[:1].lower()}{post[1:]}"
    if a.condition == Condition("kicked") and a.trigger.kind == TriggerKind.CAST:
        inner = render_line([dataclasses.replace(a, condition=None)])
        head = "When you cast ~, "
        return f"{head}if it was kicked, {inner[len(head):]}" if inner.startswith(head) else None
    return None


def render(abilities: list[object]) -> str | None:
    """The text back from the data: the earlier instructions, then the conditional one as it reads after them."""
    a = abilities[0] if len(abilities) == 1 else None
    if isinstance(a, TriggeredAbility):
        return _render_triggered(a)
    if isinstance(a, SpellAbility) and a.instead is not None:
        from content.oracle.render import render_line

        plain = render_line([dataclasses.replace(a, instead=None, instead_if="")])
        kicked = render_line([a.instead])
        cond = "~ was kicked" if a.instead_if == "kicked" else "the gift was promised"
        return f"{plain} If {cond}, instead {kicked[:1].lower()}{kicked[1:]}"
    if not isinstance(a, SpellAbility) or not a.effects or not isinstance(a.effects[-1], Conditional):
        return None
    last = a.effects[-1]
    word = WORDS.get(last.condition)
    from content.oracle.render import render_line

    before = a.effects[:-1]
    if word is not None and last.condition.kind != "kicked" and before and isinstance(before[-1], Conditional) \
            and before[-1].condition == dataclasses.replace(last.condition, negate=not last.condition.negate):
        common = before[:-1]  # "... instead": the last instruction is replaced when the condition holds
        try:
            plain = render_line([SpellAbility("", a.targets, (*common, *before[-1].effects))])
            changed = render_line([SpellAbility("", a.targets, (*common, *last.effects))])
        except ValueError:
            return None
        sentence = [s for s in re.split(r"(?<=\.)\s+", changed) if s][-1]
        return f"{plain} If {word}, {sentence[:1].lower()}{sentence[1:].rstrip('.')} instead."
    if word is None or any(isinstance(e, Conditional) for e in before):
        return None  # (kicker's "... instead" is systems/mechanics/kicker.py's)
    if not before and not a.targets and last.condition.kind != "kicked":
        try:
            alone = render_line([SpellAbility("", (), last.effects)])
        except ValueError:
            return None
        return f"If {word}, {alone[:1].lower()}{alone[1:]}"

    try:
        pre = render_line([SpellAbility("", a.targets, a.effects[:-1])])
        whole = render_line([SpellAbility("", a.targets, (*a.effects[:-1], *last.effects))])
    except ValueError:
        return None
    if whole.startswith(pre):
        post = whole[len(pre):].strip()
    else:
        joined = _joined(pre, whole)  # the renderer joined the two sentences
        if joined is None:
            return None
        post = joined
    then = post.lower().startswith("then ")
    if then:
        post = post[len("then "):]
    return f"{pre} {'Then if' if then else 'If'} {word}, {post[:1].lower()}{post[1:]}"


registry.reader(read, priority=650)
registry.renderer(render, priority=10)  # before kicker's own renderer: it writes these in context, or declines


# ---------------------------------------------------------------- rules


def resolving_spell(game: Game, source: int) -> int:
    """The spell a condition about how it was cast asks about (608.2c): ``source``, else the resolving object while
    ``source`` is gone; -1 when that isn't a spell (an ability on the stack, or nothing)."""
    spell = source
    if (spell < 0 or not game.world.exists(spell)) and game.resolution is not None:
        spell = game.resolution.ent
    if spell < 0 or not game.world.exists(spell) or game.world.has(spell, AbilityOnStack):
        return -1
    return spell


@registry.condition("cast_in_main_phase")
def cast_in_main_phase(game: Game, cond: Condition, controller: int, source: int, event_object: int) -> bool:
    """"If you cast this spell during your main phase" (addendum): recorded as it was cast (systems/casting.py)."""
    spell = resolving_spell(game, source)
    item = game.world.try_get(spell, StackItem) if spell >= 0 else None
    return item is not None and item.main_phase and not game.obj(spell).is_copy


@registry.condition("this_was_kicked")
def this_was_kicked(game: Game, cond: Condition, controller: int, source: int, event_object: int) -> bool:
    """702.33d, in a permanent's triggered ability: "if it was kicked" about the permanent, as it is or as it last
    existed (608.2h): the source of the resolving ability, looked up in ``game.cast_costs``."""
    from systems.mechanics.additional_costs import parts

    res = game.resolution
    obj = game.world.try_get(res.ent, AbilityOnStack) if res is not None and game.world.exists(res.ent) else None
    permanent = obj.source if obj is not None else source
    return "kicker" in parts(game.cast_costs.get(permanent, ""))


@registry.condition("bargained")
def bargained(game: Game, cond: Condition, controller: int, source: int, event_object: int) -> bool:
    """702.166b: the resolving spell was bargained."""
    spell = resolving_spell(game, source)
    item = game.world.try_get(spell, StackItem) if spell >= 0 else None
    return item is not None and item.cost == "bargain"


@registry.condition("gift_promised")
def gift_promised(game: Game, cond: Condition, controller: int, source: int, event_object: int) -> bool:
    """702.174k: the resolving spell's gift was promised (its cost names the chosen opponent, "gift:<player>")."""
    spell = resolving_spell(game, source)
    item = game.world.try_get(spell, StackItem) if spell >= 0 else None
    return item is not None and item.cost.startswith("gift:")


@registry.condition("cast_from")
def cast_from(game: Game, cond: Condition, controller: int, source: int, event_object: int) -> bool:
    spell = resolving_spell(game, source)
    if spell < 0:
        return False
    item = game.world.try_get(spell, StackItem)
    return item is not None and item.from_zone == cond.n and not game.obj(spell).is_copy

"""Instructions that make a choice, and the effects that refer back to it (CR 608.2d, 115.1, 700.2).

- "Choose target creature [you control] [and target creature an opponent controls]. <instructions about that
  creature / those creatures>": the targets are chosen as the spell is cast or the ability is put on the stack
  (601.2c, 603.3d) like any "target" phrase; the sentence is kept (``ChooseTargets``) so it renders back.
- "Those creatures fight each other." (701.12a).
- "Choose a color. <... of the chosen color ...>" / "Choose a creature type. <... of the chosen type ...>": the
  choice is made as the spell or ability resolves (608.2d), then the instructions after it are followed with
  the chosen value (``ChooseThen``; systems/choices.py substitutes it into their filters).

The phrase "of the chosen type/color" (content/oracle/phrases.py) is accepted only while the instructions after
such a choice compile (:data:`_OPEN`), so it never names a choice that was not made.
"""

from __future__ import annotations

import re

from components.abilities import CHOSEN_TYPE, ActivatedAbility, ApplyContinuous, Effect
from components.choices import (
    CHOSEN_COLOR_BIT,
    ChooseOneOf,
    ChooseTargets,
    ChooseThen,
    ControllerMaySacrifice,
    FightEachOther,
    ProtectionFromChosen,
    with_choice,
)
from content.oracle.effects import SENTENCE_GROUPS, Ctx, effects, rule, sentence
from content.oracle.phrases import NoParse

REPEAT = ". you may choose the same mode more than once."  # 700.2d (content/oracle/lines.py spell_line)
_OPEN: list[str] = []  # the kinds of choice made by the instructions compiling now ("color", "type")


def chosen_filter(f: dict[str, object], what: str, negated: bool) -> None:
    """'of the chosen type' / 'that aren't of the chosen type' / 'of the chosen color' in a noun phrase."""
    if what not in _OPEN:
        raise NoParse(f"'the chosen {what}' without a choice")
    if what == "type":
        key = "subtypes_none" if negated else "subtypes_any"
        if f.get(key):
            raise NoParse("chosen type and another subtype")
        f[key] = (CHOSEN_TYPE,)
    else:
        key = "colors_none" if negated else "colors_any"
        if f.get(key):
            raise NoParse("chosen color and another color")
        f[key] = CHOSEN_COLOR_BIT


@rule(r"choose (?P<obj>(?:another |up to one )?target .+)")
def _r_choose_targets(ctx: Ctx, m: re.Match[str]) -> list[Effect]:
    """'Choose target creature an opponent controls.' (115.1: the targets, chosen as it is cast / put on the stack)."""
    if m["obj"].startswith("target player") or m["obj"].startswith("target opponent"):
        raise NoParse("choose target player")
    ref = ctx.obj(m["obj"], plural_ok=False)
    if not ref.indices or ref.group is not None or list(ref.indices) != list(range(ref.indices[0],
                                                                                 ref.indices[0] + len(ref.indices))):
        raise NoParse("choose target")
    return [ChooseTargets(ref.indices[0], len(ref.indices))]


@rule(r"(?:those creatures|they) fight each other")
def _r_fight_each_other(ctx: Ctx, m: re.Match[str]) -> list[Effect]:
    if ctx.it is None or len(ctx.it.indices) != 2:
        raise NoParse("'fight each other' without two creatures")
    a, b = ctx.it.indices
    return [FightEachOther(a, b)]


@rule(r"(?P<obj>.+?) gains? protection from the chosen color until end of turn")
def _r_protection_from_chosen(ctx: Ctx, m: re.Match[str]) -> list[Effect]:
    if "color" not in _OPEN:
        raise NoParse("'the chosen color' without a choice")
    return [ProtectionFromChosen(i, g) for i, g in ctx.obj(m["obj"]).each()]


@rule(r"(?P<obj>.+?) becomes the (?P<what>color|creature type) of your choice(?P<add> in addition to its other types)?"
      r"(?P<eot> until end of turn)?")
def _r_becomes_of_choice(ctx: Ctx, m: re.Match[str]) -> list[Effect]:
    """'~ becomes the color of your choice until end of turn' (layer 5, 105.3), 'it becomes the creature type of
    your choice' (layer 4, 205.1b: it replaces its creature types unless "in addition to its other types"): the
    value is chosen as it resolves (608.2d)."""
    from components.abilities import ApplyContinuous, ContinuousPart, Layer

    if m["what"] == "color":
        if m["add"]:
            raise NoParse("color in addition")
        part = ContinuousPart(Layer.COLOR, colors_set=CHOSEN_COLOR_BIT)
    else:
        part = ContinuousPart(Layer.TYPE, subtypes_add=(CHOSEN_TYPE,), subtypes_replace=not m["add"])
    ref = ctx.obj(m["obj"], plural_ok=False)
    if len(ref.indices) != 1:
        raise NoParse("becomes of your choice")
    inner = ApplyContinuous(ref.indices[0], (part,), bool(m["eot"]))
    return [ChooseThen("color" if m["what"] == "color" else "creature type", (inner,), inline=True)]


@rule(r"(?P<obj>.+?) gains? your choice of (?P<list>[a-z ,]+?) until end of turn")
def _r_gains_your_choice_of(ctx: Ctx, m: re.Match[str]) -> list[Effect]:
    """'Target creature you control gains your choice of flying, vigilance, or lifelink until end of turn' (608.2d:
    one keyword, chosen as it resolves)."""
    from content.oracle.effects import _grant

    labels = _alternatives(m["list"])
    ref = ctx.obj(m["obj"])
    options = [tuple(_grant(ctx, ref, kw)) for kw in labels]
    return [ChooseOneOf(tuple(labels), tuple(e for o in options for e in o), tuple(len(o) for o in options))]


@rule(r"create your choice of (?P<list>.+)")
def _r_create_your_choice_of(ctx: Ctx, m: re.Match[str]) -> list[Effect]:
    """'Create your choice of a Clue token, a Food token, or a Treasure token' (608.2d)."""
    labels = _alternatives(m["list"])
    options = []
    for token in labels:
        effs = sentence(ctx, f"create {token}")
        if len(effs) != 1 or type(effs[0]).__name__ != "CreateToken":
            raise NoParse("your choice of tokens")
        options.append(tuple(effs))
    return [ChooseOneOf(tuple(labels), tuple(e for o in options for e in o), tuple(len(o) for o in options))]


def _alternatives(text: str) -> list[str]:
    """'flying, vigilance, or lifelink' / 'double strike or trample' (at least two)."""
    items = [x.strip() for x in re.split(r",? or |, ", text) if x.strip()]
    if len(items) < 2 or len(set(items)) != len(items):
        raise NoParse("your choice of")
    return items


_CHOICE = {"choose a color": "color", "choose a creature type": "type"}


def _read_choice(ctx: Ctx, sentences: list[str], i: int) -> tuple[list[Effect], int] | None:
    """'Choose a color. <the rest of the instructions>' (608.2d)."""
    kind = _CHOICE.get(sentences[i].strip().rstrip("."))
    if kind is None:
        return _read_of_your_choice(ctx, sentences, i)
    rest = " ".join(s.strip() for s in sentences[i + 1:])
    if not rest:
        raise NoParse("a choice with no instructions after it")
    if f"the chosen {kind}" not in rest:
        raise NoParse("a choice nothing refers to")
    _OPEN.append(kind)
    try:
        inner = effects(ctx, rest)
    finally:
        _OPEN.pop()
    return [ChooseThen("color" if kind == "color" else "creature type", tuple(inner))], len(sentences) - i


_OF_YOUR_CHOICE = {" of the creature type of your choice": "type", " of the color of your choice": "color"}


def _read_of_your_choice(ctx: Ctx, sentences: list[str], i: int) -> tuple[list[Effect], int] | None:
    """'Creatures of the creature type of your choice get -3/-3 until end of turn.': the type is chosen as it
    resolves (608.2d), like "Choose a creature type. Creatures of the chosen type get -3/-3 ..."."""
    s = sentences[i]
    found = [(words, kind) for words, kind in _OF_YOUR_CHOICE.items() if words in s]
    if len(found) != 1 or s.count(found[0][0]) != 1 or "chosen" in s:
        return None
    words, kind = found[0]
    _OPEN.append(kind)
    try:
        inner = effects(ctx, s.replace(words, f" of the chosen {kind}"))
    finally:
        _OPEN.pop()
    return [ChooseThen("color" if kind == "color" else "creature type", tuple(inner), inline=True)], 1


def _read_punisher(ctx: Ctx, sentences: list[str], i: int) -> tuple[list[Effect], int] | None:
    """'Its controller may sacrifice it. If they don't, ~ deals 5 damage to that player.'"""
    if sentences[i].strip().rstrip(".") != "its controller may sacrifice it" or i + 1 >= len(sentences):
        return None
    nxt = sentences[i + 1].strip()
    if not nxt.startswith("if they don't, "):
        return None
    if ctx.it is None or len(ctx.it.indices) != 1 or ctx.it.indices[0] < 0:
        raise NoParse("'its controller may sacrifice it' without one target")
    index = ctx.it.indices[0]
    from components.abilities import PlayerRef

    ctx.it_player = PlayerRef("controller_of", index)  # "that player" (608.2h: as it last existed if gone)
    otherwise = sentence(ctx, nxt[len("if they don't, "):])
    return [ControllerMaySacrifice(index, tuple(otherwise))], 2


SENTENCE_GROUPS.append(_read_choice)
SENTENCE_GROUPS.append(_read_punisher)


def render_effect(e: object, ctx: object) -> str | None:
    """The round trip (content/oracle/render.py)."""
    if isinstance(e, ChooseTargets):
        return "choose " + " and ".join(ctx.obj(i) for i in range(e.target, e.target + e.count))  # type: ignore[attr-defined]
    if isinstance(e, FightEachOther):
        return "those creatures fight each other"
    if isinstance(e, ChooseOneOf):
        return _render_one_of(e, ctx)
    if isinstance(e, ControllerMaySacrifice):
        from content.oracle.render import effect_text

        it = ctx.obj(e.target)  # type: ignore[attr-defined]
        then = effect_text(e.then, ctx).rstrip(".")  # type: ignore[arg-type]
        then = then[:1].lower() + then[1:] if not then.startswith("~") else then
        then = then.replace("its controller", "that player")  # the player asked (its controller, 608.2h)
        return f"its controller may sacrifice {it}. If they don't, {then}"
    if isinstance(e, ProtectionFromChosen):
        if e.group is not None:
            from content.oracle.render import group_plural

            return f"{group_plural(e.group)} gain protection from the chosen color until end of turn"
        return f"{ctx.obj(e.target)} gains protection from the chosen color until end of turn"  # type: ignore[attr-defined]
    inner_e = e.effects[0] if isinstance(e, ChooseThen) and len(e.effects) == 1 and e.inline else None
    if isinstance(e, ChooseThen) and isinstance(inner_e, ApplyContinuous) and len(inner_e.parts) == 1:
        part = inner_e.parts[0]
        if part.colors_set == CHOSEN_COLOR_BIT or CHOSEN_TYPE in part.subtypes_add:
            add = " in addition to its other types" if e.kind != "color" and not part.subtypes_replace else ""
            eot = " until end of turn" if inner_e.until_end_of_turn else ""
            return f"{ctx.obj(inner_e.target)} becomes the {e.kind} of your choice{add}{eot}"  # type: ignore[attr-defined]
    if isinstance(e, ChooseThen):
        from content.oracle.render import effect_text  # render imports this module's renderers

        shown = e.effects if e.kind != "color" else with_choice(e.effects, "color", _COLOR_WORD)
        inner = effect_text(shown, ctx).rstrip(".")  # type: ignore[arg-type]
        what = "type" if e.kind != "color" else "color"
        sentinel = CHOSEN_TYPE if e.kind != "color" else _COLOR_WORD
        inner = re.sub(rf"(?i)non-{re.escape(sentinel)} {_HEAD}", rf"\1\2 that aren't of the chosen {what}", inner)
        inner = re.sub(rf"(?i){re.escape(sentinel)} {_HEAD}", rf"\1\2 of the chosen {what}", inner)
        if e.inline:
            return inner.replace(f" of the chosen {what}", f" of the {e.kind} of your choice")
        return f"choose a {e.kind}. {inner[:1].upper()}{inner[1:]}"
    return None


_COLOR_WORD = "<the chosen color>"  # rendered in place of the color like a subtype, then moved after the noun
_HEAD = r"(creatures?|permanents?)((?: you control| an opponent controls| they control| your opponents control)?)"


def modal_activated(text: str, body: str, fields: dict[str, object], restrictions: dict[str, int],
                    is_permanent: bool) -> ActivatedAbility:
    """'{1}, Sacrifice ~: Choose one — • ... • ...' (700.2a: the modes are chosen as it is activated, 602.2b)."""
    from components.abilities import AddMana
    from content.oracle.lines import _modes

    if restrictions or fields.get("condition") is not None or fields.get("from_hand") or \
            fields.get("from_graveyard") or fields.get("discard_self") or not is_permanent or \
            fields.get("tap_others") is not None or fields.get("crew"):
        raise NoParse("modal activated ability with restrictions or from another zone")
    ctx, modes, lo, hi = _modes(body, is_permanent=True)
    if ctx.uses_x:
        raise NoParse("X in a modal activated ability")
    if any(isinstance(e, AddMana) for m in modes for e in m.effects):
        raise NoParse("a modal mana ability")
    return ActivatedAbility(text, targets=(), effects=(), modes=modes, choose_min=lo, choose_max=hi,
                            **fields)  # type: ignore[arg-type]


def _render_one_of(e: ChooseOneOf, ctx: object) -> str:
    """'X gains your choice of A, B, or C until end of turn' / 'create your choice of A, B, or C', from the
    alternatives' instructions."""
    from content.oracle.render import _keywords_text, effect_text

    firsts = [e.option(i)[0] for i in range(len(e.sizes))]
    if all(type(f).__name__ == "CreateToken" for f in firsts):
        items = []
        for i in range(len(e.sizes)):
            text = effect_text(e.option(i), ctx).rstrip(".")  # type: ignore[arg-type]
            items.append(text[len("create "):] if text.lower().startswith("create ") else text)
        return "create your choice of " + _or(items)
    grants = [f for f in firsts if isinstance(f, ApplyContinuous)]
    if len(grants) != len(firsts):  # the reader makes only these two forms (content/oracle/choices.py)
        raise TypeError(f"no Oracle text for a choice among {firsts!r}")
    keywords = [" and ".join(_keywords_text(f.parts[0].keywords_add)) for f in grants]
    first = grants[0]
    obj = ctx.obj(first.target, first.group)  # type: ignore[attr-defined]
    verb = "gain" if first.group is not None else "gains"
    return f"{obj} {verb} your choice of {_or(keywords)} until end of turn"


def _or(items: list[str]) -> str:
    return " or ".join(items) if len(items) == 2 else ", ".join(items[:-1]) + ", or " + items[-1]

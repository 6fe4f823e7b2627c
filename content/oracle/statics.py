"""Static abilities the general templates of lines.py don't read (CR 604, 611.3): combat restrictions that
depend on the other creature or the defending player (508.1c, 509.1b), statics written "During your turn,"
(611.3a) or "... unless ...", several predicates on one subject ("~ gets +2/+2 and can't block"),
"enters tapped unless ..." (614.1c), "Creatures enter tapped", "If ~ would die, exile it instead",
"If ~ would be put into a graveyard from anywhere, exile it instead" (614.1a, 614.15), "Islands don't untap
during their controllers' untap steps" (502.3), and rules for players ("You have hexproof", "Players can't gain
life", "You may cast spells as though they had flash").

The compiler asks :func:`read` (registered in content/registry.py, asked after every mechanic) for lines its own templates refuse;
:func:`render` (registered likewise) writes the abilities back, from the data alone. The conditions these
lines use are read by content/oracle/conditions.py (with :func:`extra_condition` for the kinds of this family).
"""

from __future__ import annotations

import dataclasses
import re

from components.abilities import (
    Ability,
    Condition,
    ContinuousPart,
    Count,
    Layer,
    PermanentFilter,
    ReplacementSpec,
    StaticEffect,
)
from components.characteristics import CardType
from components.keywords import Keyword
from components.static_rules import (
    ActivationBan,
    BanningStatic,
    BanningUntapRule,
    CombatRule,
    FilterUntapRule,
    GraveyardExile,
    OtherUntapRule,
    PlayerStatic,
    StaticPrevention,
    WrittenReplacement,
    WrittenStatic,
)
from content.oracle.phrases import NUMBER_RE, PT_RE, NoParse, keyword_list, noun_phrase, number, pt_change

_PREDICATE_BITS = {"can't attack or block": Keyword.CANT_ATTACK | Keyword.CANT_BLOCK,
                   "can't attack": Keyword.CANT_ATTACK, "can't block": Keyword.CANT_BLOCK,
                   "can't be blocked": Keyword.CANT_BE_BLOCKED,
                   "attacks each combat if able": Keyword.ATTACKS_EACH_COMBAT,
                   "attack each combat if able": Keyword.ATTACKS_EACH_COMBAT,
                   "can block an additional creature each combat": Keyword.BLOCKS_ADDITIONAL,  # 509.1a
                   "can block any number of creatures": Keyword.BLOCKS_ANY_NUMBER}
_ATTACHED = ("enchanted creature", "equipped creature", "enchanted permanent")
_ATTACHED_N = {"enchanted creature": 0, "equipped creature": 1, "enchanted permanent": 2}  # Condition.n of attached_is


def _n(word: str) -> int:
    value = number(word)
    if not isinstance(value, int):
        raise NoParse("number")
    return value


# ------------------------------------------------------------------ subjects and predicates


def _subject(text: str, it: str = "") -> tuple[PermanentFilter, bool]:
    """(affected, plural) of a static ability's subject; "it" is what ``it`` says (the source itself, or
    the permanent it is attached to)."""
    if text == "~" or (text == "it" and it == "~"):
        return PermanentFilter(self_only=True), False
    if text == "it" and it in _ATTACHED:
        return PermanentFilter(attached=True), False
    from content.oracle.lines import _subject as general_subject

    try:
        f = general_subject(text)
    except NoParse as exc:
        if str(exc) != "static subject state":
            raise
        f = _state_subject(text)
    return f, not (f.attached or f.self_only or text.startswith("each "))


def _state_subject(text: str) -> PermanentFilter:
    """'Attacking creatures you control', 'other tapped creatures you control': permanents in a state (tapped,
    attacking, blocking) that the layer system looks at one by one (systems/static_rules.py state_entities)."""
    noun, rest = noun_phrase(text)
    if rest or noun.head != "permanent" or noun.zone or noun.det not in ("", "all", "each") or (
            noun.det == "" and not noun.plural):
        raise NoParse("static subject")
    f = noun.filter()
    if set(_fields(f)) - {"types_any", "types_all", "types_none", "subtypes_any", "subtypes_none", "supertypes_any",
                          "supertypes_none", "colors_any", "colors_none", "color_count", "keywords_any",
                          "keywords_none", "controller", "exclude_source", "token", "tapped", "combat"}:
        raise NoParse("static subject state")  # only tapped / attacking / blocking (state_entities)
    return f


_VERB = re.compile(r"(?:,? and |, )(?=(?:gets?|has|have|can't|can|attacks?) )")


def _predicates(body: str, plural: bool) -> tuple[tuple[ContinuousPart, ...], tuple[str, ...]]:
    """'gets +2/+2 and can't block', 'gets +1/+1, has flying, and can't be blocked' -> the layer parts
    (7c for P/T, 6 for abilities and the combat bits, CR 613.1f, 613.4c) and the predicate kinds in order."""
    pieces = _VERB.split(body)
    power = toughness = 0
    keywords = 0
    kinds: list[str] = []
    for piece in pieces:
        piece = piece.strip()
        if m := re.fullmatch(rf"(gets?) ({PT_RE})", piece):
            if (m.group(1) == "get") != plural or "pt" in kinds:
                raise NoParse("gets")
            p, t, is_x = pt_change(m.group(2))
            if is_x:
                raise NoParse("x")
            power, toughness = p, t
            kinds.append("pt")
        elif m := re.fullmatch(r"(has|have) (.+)", piece):
            if (m.group(1) == "have") != plural or "kw" in kinds:
                raise NoParse("has")
            mask, order = keyword_list(m.group(2))
            if any(bin(b).count("1") != 1 for b in order):
                raise NoParse("keyword list")
            keywords |= mask
            kinds.append("kw:" + ",".join(str(b) for b in order))
        elif piece in _PREDICATE_BITS:
            if piece.startswith("attack") and (piece == "attacks each combat if able") == plural:
                raise NoParse("attacks")
            bit = int(_PREDICATE_BITS[piece])
            if keywords & bit:
                raise NoParse("repeated")
            keywords |= bit
            kinds.append(f"bit:{bit}")
        else:
            raise NoParse(f"predicate {piece!r}")
    parts: list[ContinuousPart] = []
    if keywords:
        parts.append(ContinuousPart(Layer.ABILITY, keywords_add=keywords))
    if "pt" in kinds:
        parts.append(ContinuousPart(Layer.PT_MODIFY, power=power, toughness=toughness))
    return tuple(parts), tuple(kinds)


def _body(text: str, line: str, *, it: str = "") -> StaticEffect:
    """SUBJECT + predicates: the general reader first, then several predicates on one subject."""
    subj_m = re.match(r"(~|it|enchanted creature|equipped creature|.+?) (?=gets? |has |have |can't |can |attacks? )", text)
    if not subj_m:
        raise NoParse("static body")
    subject = subj_m.group(1)
    if subject == "it" and not it:
        raise NoParse("it")
    if subject != "it":
        from content.oracle.lines import _static_effect

        try:
            return _static_effect(text, line)
        except NoParse:
            pass
    f, plural = _subject(subject, it)
    body = text[subj_m.end():]
    if subject == "it" and not _VERB.search(body):  # "it gets +1/+1": one predicate, written with "it"
        f2 = _static_effect_for_it(body, line)
        return WrittenStatic(line, f, f2.parts, None, form="predicates", predicates=_kinds(f2), subject_text=it_word(it))
    parts, kinds = _predicates(body, plural)
    return WrittenStatic(line, f, parts, None, form="predicates", predicates=kinds,
                         subject_text=it_word(it) if subject == "it" else subject)


def it_word(it: str) -> str:
    return "it" if it == "~" else f"it:{it}"


def _static_effect_for_it(body: str, line: str) -> StaticEffect:
    from content.oracle.lines import _static_effect

    return _static_effect("~ " + body, line)


# ------------------------------------------------------------------ the reader


def read(line: str, raw: str, name: str, types: CardType) -> Ability | None:
    """The abilities of one line of this family, or None (never raises)."""
    if int(types) & (CardType.INSTANT | CardType.SORCERY):
        return None
    from content.oracle.text import lower, strip_ability_word

    text = strip_ability_word(line.strip())
    low = lower(text).rstrip(".")
    try:
        return _read(low, text)
    except (NoParse, KeyError, ValueError):
        return None


_WOULD_DIE = re.compile(r"if ~ would die, exile it instead")
_ANYWHERE = re.compile(r"if ~ would be put into a graveyard from anywhere, exile it instead")
_ENTER_UNLESS = re.compile(r"~ enters tapped unless (?P<cond>.+)")
_ENTER_TAPPED = re.compile(r"(?P<what>.+?) enter tapped")
_UNTAP = re.compile(r"(?P<what>.+?) don't untap during their controllers' untap steps")
_PLAYERS = {"you have hexproof": "hexproof:you", "players can't gain life": "no_life_gain:each",
            "your opponents can't gain life": "no_life_gain:opponents"}
_COMBAT = re.compile(r"(?P<subj>~|enchanted creature|equipped creature|.+?) (?P<what>can't be blocked by more than "
                     r"(?P<n>one|two) creatures?|can't be blocked except by (?P<except>.+)|can't block or be blocked by (?P<either>.+)|"
                     r"can't be blocked by "
                     r"(?P<by>.+)|can block only (?P<only>.+)|can't block (?P<notb>creatures.+)|"
                     r"can't attack unless defending player controls (?P<def>.+))")
_POWER_BLOCK = re.compile(r"creatures with power (?P<cmp>less|greater) than ~'s power can't block it|"
                          r"~ can't be blocked by creatures with (?P<cmp2>greater) power")


def _read(low: str, text: str) -> Ability | None:
    if _WOULD_DIE.fullmatch(low):
        # CR 614.1a: "If [this] would die, exile it instead" replaces its being put into a graveyard from the
        # battlefield (700.4); a self-replacement effect (614.15)
        return WrittenReplacement(text, ReplacementSpec("die", "exile"), self_only=True, form="die_self")
    if m := re.fullmatch(r"players skip their (untap|upkeep|draw) steps", low):
        from components.objects import Step

        step = {"untap": Step.UNTAP, "upkeep": Step.UPKEEP, "draw": Step.DRAW}[m[1]]
        return WrittenReplacement(text, ReplacementSpec("step", "skip", player="any", step=int(step)),
                                  form="players_skip")  # 614.1b: each player's step is skipped
    if _ANYWHERE.fullmatch(low):
        return GraveyardExile(text)
    if m := _ENTER_UNLESS.fullmatch(low):
        cond = _condition(m["cond"])
        return WrittenReplacement(text, ReplacementSpec("enter", "tapped"), self_only=True,
                                  condition=dataclasses.replace(cond, negate=not cond.negate),
                                  form="enters_tapped_unless")
    if m := re.fullmatch(r"if (?P<cond>[^,]+), ~ enters tapped", low):  # 614.1c, checked as it enters
        return WrittenReplacement(text, ReplacementSpec("enter", "tapped"), self_only=True,
                                  condition=_condition(m["cond"]), form="if_enters_tapped")
    if m := _ENTER_TAPPED.fullmatch(low):
        f = _plural_filter(m["what"], allow_controller=True)
        return WrittenReplacement(text, ReplacementSpec("enter", "tapped", affected=f), form="enter_tapped")
    if m := re.fullmatch(r"(each (?:other )?.+? you control) enters with an additional \+1/\+1 counter on it", low):
        # 614.1c: "Each Dragon you control enters with an additional +1/+1 counter on it." (a replacement effect on
        # the other permanents entering, 614.12; its own permanent is already on the battlefield)
        from content.oracle.lines import _subject as general_subject

        f = general_subject(m[1])
        if f.self_only or f.attached or f.controller != "you":
            raise NoParse("enters with an additional counter: subject")
        return WrittenReplacement(text, ReplacementSpec("enter", "counters", affected=f, amount=1),
                                  form="enter_additional_counter", subject_text=text[: len(m[1])])
    if m := re.fullmatch(r"activated abilities of (.+) can't be activated", low):  # 602.5
        return ActivationBan(text, _plural_filter(m[1], allow_controller=True))
    if m := re.fullmatch(r"(enchanted creature|enchanted permanent) can't attack or block, and its activated "
                         r"abilities can't be activated", low):
        bits = int(Keyword.CANT_ATTACK | Keyword.CANT_BLOCK)
        return BanningStatic(text, PermanentFilter(attached=True), (ContinuousPart(Layer.ABILITY, keywords_add=bits),),
                             form="ban", predicates=(f"bit:{bits}",), subject_text=m[1])
    if m := re.fullmatch(r"(enchanted creature|enchanted permanent) doesn't untap during its controller's untap step "
                         r"and its activated abilities can't be activated", low):
        return BanningUntapRule(text, "attached", attached_noun=m[1])  # 502.3, 602.5
    if m := _PREVENT.fullmatch(low):  # 615.1a
        return _prevention(m, text)
    if m := re.fullmatch(r"untap (~|all permanents you control) during each other player's untap step", low):
        return OtherUntapRule(text, "others_self" if m[1] == "~" else "others_yours")  # 502.3
    if low in _PLAYERS:  # 702.11c-d, 119.7
        return PlayerStatic(text, _PLAYERS[low])
    if m := _UNTAP.fullmatch(low):
        f = _plural_filter(m["what"], allow_controller=False, allow_state=True)
        return FilterUntapRule(text, "filter", affected=f)
    if m := _WHERE_X.fullmatch(low):
        return _where_x(m, text)
    if m := _POWER_BLOCK.fullmatch(low):
        if m["cmp2"]:  # the same rule, written from the attacker's side (n 1 keeps the wording)
            return CombatRule(text, "power_greater_cant_block", n=1)
        return CombatRule(text, f"power_{m['cmp']}_cant_block")  # 509.1b
    if m := _COMBAT.fullmatch(low):
        return _combat_rule(m, text)
    if m := re.fullmatch(r"(?P<subj>enchanted creature|equipped creature) (?P<what>can't attack or block|can't attack|"
                         r"can't block) if it's (?P<quality>.+)", low):
        # "Enchanted creature can't block if it's black": as long as the enchanted creature is (611.3a)
        cond = _condition(f"{m['subj']} is {m['quality']}")
        if cond.kind != "attached_is":
            raise NoParse("if it's")
        inner = _body(f"{m['subj']} {m['what']}", text)
        return _written(inner, text, cond, form="if_its", predicates=_kinds(inner), subject_text=m["subj"])
    if m := re.fullmatch(r"during your turn, (?P<body>.+)", low):
        inner = _body(m["body"], text)
        return _written(inner, text, Condition("your_turn"), form="during_your_turn",
                             predicates=_kinds(inner), subject_text=_subject_text(inner, m["body"]))
    if m := re.fullmatch(r"(?P<body>.+ can't (?:attack or block|attack|block)) unless (?P<cond>.+)", low):
        cond = _condition(m["cond"])
        inner = _body(m["body"], text)
        if len(inner.parts) != 1 or inner.parts[0].layer != Layer.ABILITY or not inner.affected.self_only:
            raise NoParse("unless")
        # "can't attack unless C": a restriction that applies as long as C is false (508.1c, 509.1b)
        return _written(inner, text, dataclasses.replace(cond, negate=not cond.negate),
                             form="unless", predicates=_kinds(inner), subject_text="~")
    if m := re.fullmatch(r"as long as (?P<cond>[^,]+), (?P<body>.+)", low):
        cond = _condition(m["cond"])
        it = "~" if re.match(r"(?:~ is|~ has|it's|it has) (?!(?:not )?your turn)", m["cond"]) else next(
            (w for w in _ATTACHED if m["cond"].startswith(w + " ")), "")  # what "it" refers to
        inner = _body(m["body"], text, it=it)
        return _written(inner, text, cond, form="as_long_as_first",
                             predicates=_kinds(inner), subject_text=_subject_text(inner, m["body"]))
    if m := re.fullmatch(r"(?P<body>.+) as long as (?P<cond>.+)", low):
        cond = _condition(m["cond"])
        inner = _body(m["body"], text)
        return _written(inner, text, cond, form="as_long_as_last",
                             predicates=_kinds(inner), subject_text=_subject_text(inner, m["body"]))
    if re.search(r" (?:gets?|has|have|can't|can|attacks?) ", low):
        inner = _body(low, text)
        if isinstance(inner, WrittenStatic):
            return inner
    return None


def _written(inner: StaticEffect, text: str, cond: Condition | None, **written: object) -> WrittenStatic:
    """``inner`` (every field kept: "This effect doesn't remove ~" too) with a condition and its printed form."""
    fields = {f.name: getattr(inner, f.name) for f in dataclasses.fields(StaticEffect)}
    fields.update(text=text, condition=cond)
    return WrittenStatic(**fields, **written)  # type: ignore[arg-type]


def as_long_as(text: str, inner: StaticEffect, cond: Condition, *, first: bool) -> StaticEffect:
    """"As long as C, X." / "X as long as C." (611.3a) with the printed order kept for the renderer."""
    if isinstance(inner, WrittenStatic):
        kinds, subject = inner.predicates, inner.subject_text
    else:
        kinds, subject = (), ""
    return _written(inner, text, cond, form="as_long_as_first" if first else
                         "as_long_as_last", predicates=kinds, subject_text=subject)


_WHERE_X = re.compile(r"(?P<subj>.+?) (?P<verb>gets?) (?P<pt>[+-]x/[+-](?:x|0)), where x is (?P<count>.+)")


def _where_x(m: re.Match[str], text: str) -> WrittenStatic:
    """'Creatures you control get +X/+0, where X is the number of cards in your hand' (611.3a, 613.4c): the
    number is worked out as the layer system applies the effect."""
    from content.oracle.effects import Ctx
    from content.oracle.lines import _static_count_ok

    f, plural = _subject(m["subj"])
    if (m["verb"] == "get") != plural:
        raise NoParse("verb")
    p, t, is_x = pt_change(m["pt"])
    if not is_x:
        raise NoParse("x")
    count = Ctx("static").count(m["count"])
    if count.kind not in ("permanents", "hand", "graveyard", "life") and count.kind not in STATIC_COUNTS:
        raise NoParse("static count")
    _static_count_ok(count)
    part = ContinuousPart(Layer.PT_MODIFY, power=p, toughness=t, dynamic=count)
    return WrittenStatic(text, f, (part,), None, form="where_x", subject_text=m["subj"])


_PREVENT = re.compile(r"prevent all (?P<combat>combat )?damage that would be dealt to (?P<and_by>and dealt by )?"
                      r"(?P<to>~|you|enchanted creature|equipped creature)(?P<by> by creatures)?|"
                      r"if a source would deal (?P<n>\d+) or less damage to (?P<to2>~), prevent that damage")


def _prevention(m: re.Match[str], text: str) -> StaticPrevention:
    if m["n"]:
        return StaticPrevention(text, "self", at_most=int(m["n"]))
    to = m["to"]
    if m["and_by"] and to == "you":
        raise NoParse("dealt by you")
    where = {"~": "self", "you": "you"}.get(to, "attached")
    return StaticPrevention(text, where, combat_only=bool(m["combat"]), by_creatures=bool(m["by"]),
                            also_by=bool(m["and_by"]), attached_noun=to if where == "attached" else "")


def each_subject(inner: StaticEffect, subject: str) -> StaticEffect:
    """A static ability whose subject is written "each ..." (singular: "Each creature you control gets +1/+1 for
    each of its colors"): the same effect, with the form kept for the renderer."""
    if not subject.startswith("each ") or isinstance(inner, WrittenStatic):
        return inner
    return _written(inner, inner.text, inner.condition, form="each", subject_text=subject)


def activation_condition(sentence: str) -> tuple[Condition, dict[str, bool]] | None:
    """'activate only if there are seven or more cards in your graveyard.' (602.5b), also with "as a sorcery and
    only if ..." and "... and only once each turn": the condition and the other restrictions; None otherwise."""
    s = sentence.strip().rstrip(".")
    extra: dict[str, bool] = {}
    if s in ("activate only during your turn", "activate only during your upkeep"):
        # 602.5b: while it's its controller's turn / upkeep step (503)
        return Condition("during_your_turn" if s.endswith("turn") else "during_your_upkeep"), extra
    if m := re.fullmatch(r"activate only as a sorcery and only if (.+)", s):
        extra["sorcery_speed"] = True
        s = m[1]
    elif m := re.fullmatch(r"activate only if (.+) and only once each turn", s):
        extra["once_per_turn"] = True
        s = m[1]
    elif m := re.fullmatch(r"activate only if (.+)", s):
        s = m[1]
    else:
        return None
    return _condition(s), extra


def activation_condition_text(a: object) -> str:
    """The restriction sentence of an activated ability with a condition (the renderer asks)."""
    from content.oracle.render import condition_text

    if a.condition.kind in ("during_your_turn", "during_your_upkeep"):  # type: ignore[attr-defined]
        return f" Activate only during your {a.condition.kind.rsplit('_', 1)[1]}."  # type: ignore[attr-defined]
    cond = condition_text(a.condition)  # type: ignore[attr-defined]
    if getattr(a, "sorcery_speed", False) and getattr(a, "loyalty", None) is None:
        return f" Activate only as a sorcery and only if {cond}."
    if getattr(a, "once_per_turn", False):
        return f" Activate only if {cond} and only once each turn."
    return f" Activate only if {cond}."


def _condition(text: str) -> Condition:
    from content.oracle.conditions import condition

    return condition(text)


def _kinds(inner: StaticEffect) -> tuple[str, ...]:
    if isinstance(inner, WrittenStatic):
        return inner.predicates
    kinds: list[str] = []
    for part in inner.parts:
        if part.layer == Layer.ABILITY:
            bits = part.keywords_add
            if bits in _BIT_WORDS:
                kinds.append(f"bit:{bits}")
            else:
                order = [1 << i for i in range(64) if bits >> i & 1]
                kinds.append("kw:" + ",".join(str(b) for b in order))
        elif part.layer == Layer.PT_MODIFY and part.dynamic is None:
            kinds.insert(0, "pt")
        else:
            raise NoParse("static part")
    return tuple(kinds)


def _subject_text(inner: StaticEffect, body: str) -> str:
    if isinstance(inner, WrittenStatic):
        return inner.subject_text
    for s in ("~", "it", *_ATTACHED):
        if body.startswith(s + " "):
            return s
    raise NoParse("subject")


def _fields(f: PermanentFilter) -> dict[str, object]:
    default = PermanentFilter()
    return {k: getattr(f, k) for k in f.__dataclass_fields__ if getattr(f, k) != getattr(default, k)}


def _plural_filter(what: str, *, allow_controller: bool, allow_state: bool = False) -> PermanentFilter:
    """'Creatures', 'Artifacts and lands', 'Artifacts, creatures, and lands your opponents control'."""
    noun, rest = noun_phrase(what)
    if rest or noun.head != "permanent" or noun.det or not noun.plural or noun.zone:
        raise NoParse("plural permanents")
    f = noun.filter()
    allowed = {"types_any", "subtypes_any", "colors_any", "colors_none", "supertypes_any", "supertypes_none",
               "types_none", "token", "keywords_any", "keywords_none"}
    if allow_controller:
        allowed |= {"controller"}
    if allow_state:
        allowed |= {"power_at_most", "power_at_least", "toughness_at_most", "toughness_at_least"}
    if set(_fields(f)) - allowed:
        raise NoParse("filter")
    return f


def _combat_rule(m: re.Match[str], text: str) -> CombatRule:
    subj = m["subj"]
    if subj == "~":
        where: dict[str, object] = {"subject": "self"}
    elif subj in _ATTACHED:
        where = {"subject": "attached", "attached_noun": subj}
    else:  # "Each creature you control", "Krakens ... you control"
        from content.oracle.lines import _subject as general_subject

        group = general_subject(subj)
        if group.self_only or group.attached or not (group.types_any & int(CardType.CREATURE) or group.subtypes_any):
            raise NoParse("combat subject")
        where = {"subject": "filter", "attached_noun": "each" if subj.startswith("each ") else "",
                 "affected": group}
    if m["n"]:
        return CombatRule(text, "max_blockers", n=_n(m["n"]), **where)  # type: ignore[arg-type]
    if m["def"]:
        noun, rest = noun_phrase(m["def"])
        if rest or noun.det != "a" or noun.head != "permanent":
            raise NoParse("defending player controls")
        f = noun.filter()
        if set(_fields(f)) - {"types_any", "subtypes_any", "colors_any", "supertypes_any"}:
            raise NoParse("defender filter")
        return CombatRule(text, "attack_unless_defender", f, **where)  # type: ignore[arg-type]
    kind, words = next((k, m[g]) for g, k in (("except", "blocked_only_by"), ("either", "block_or_blocked_by_not"),
                                                ("by", "blocked_by_not"),
                                                ("only", "block_only"), ("notb", "cant_block_these")) if m[g])
    noun, rest = noun_phrase(words)
    if rest or noun.head != "permanent" or noun.det or not noun.plural or noun.zone:
        raise NoParse("combat creatures")
    f = noun.filter()
    if f.types_any == 0 and f.subtypes_any:
        f = dataclasses.replace(f, types_any=int(CardType.CREATURE))  # "Walls": creatures (509.1a: only creatures)
        subtyped = True
    else:
        subtyped = False
    if f.types_any != int(CardType.CREATURE) or set(_fields(f)) - {
            "types_any", "subtypes_any", "colors_any", "colors_none", "keywords_any", "keywords_none",
            "power_at_most", "power_at_least", "toughness_at_most", "toughness_at_least", "types_all",
            "supertypes_any", "supertypes_none", "subtypes_none", "color_count"}:
        raise NoParse("combat filter")
    return CombatRule(text, kind, f, n=1 if subtyped else 0, **where)  # type: ignore[arg-type]


# ------------------------------------------------------------------ conditions of this family


def extra_condition(text: str) -> Condition | None:
    """Conditions read here (content/oracle/conditions.py asks when its own templates don't know a text);
    executed by systems/static_rules.py ``check``."""
    if m := re.fullmatch(rf"that player has ({NUMBER_RE}) or (fewer|more) cards in hand", text):
        # the player of the trigger event: the one who drew, or the active player of "each opponent's upkeep"
        return Condition("that_player_hand_at_most" if m[2] == "fewer" else "that_player_hand_at_least", _n(m[1]))
    if text in ("you've cast an instant or sorcery spell this turn", "you've cast a noncreature spell this turn"):
        return Condition("you_cast_instant_or_sorcery_this_turn" if "instant" in text else
                         "you_cast_noncreature_this_turn")  # 601.2i, counted by systems/history.py
    if m := re.fullmatch(r"creatures you control have total power (\d+) or greater", text):
        return Condition("total_power_at_least", int(m[1]))  # formidable: the sum of their powers (208.1)
    if m := re.fullmatch(rf"(a creature|({NUMBER_RE}) or more creatures) died under your control this turn", text):
        return Condition("creatures_died_under_you", _n(m[2]) if m[2] else 1)  # 700.4, systems/history.py
    if m := re.fullmatch(r"~'s power is (\d+) or greater", text):
        return Condition("source_power_at_least", int(m[1]))  # its power now (208.1)
    if m := re.fullmatch(rf"you've drawn ({NUMBER_RE}) or more cards this turn", text):
        return Condition("you_drew_at_least", _n(m[1]))  # 121.1: cards drawn this turn
    if m := re.fullmatch(rf"you have ({NUMBER_RE}) or more opponents", text):
        return Condition("opponents_at_least", _n(m[1]))
    if m := re.fullmatch(rf"(a player|an opponent) has ({NUMBER_RE}) or less life", text):
        return Condition("player_life_at_most" if m[1] == "a player" else "opponent_life_at_most", _n(m[2]))
    if m := re.fullmatch(rf"you control ({NUMBER_RE}) or fewer (.+)", text):
        f = _count_filter(m[2])
        return Condition("you_control", _n(m[1]) + 1, f, negate=True)  # N or fewer: not N+1 or more
    if m := re.fullmatch(r"you control (an? [a-z-]+) or (an? [a-z-]+)", text):
        a, _ = noun_phrase(m[1])
        b, _ = noun_phrase(m[2])
        fa, fb = a.filter(), b.filter()
        if set(_fields(fa)) != {"subtypes_any"} or set(_fields(fb)) != {"subtypes_any"}:
            raise NoParse("a X or a Y")
        # n 0 (at least one, like 1) marks the written form "a Plains or a Swamp" for the renderer
        return Condition("you_control", 0, PermanentFilter(subtypes_any=fa.subtypes_any + fb.subtypes_any))
    if m := re.fullmatch(rf"there are ({NUMBER_RE}) or more card types among cards in your graveyard", text):
        return Condition("graveyard_card_types_at_least", _n(m[1]))  # delirium (CR 207.2c)
    if m := re.fullmatch(rf"there are ({NUMBER_RE}) or more mana values among cards in your graveyard", text):
        return Condition("graveyard_mana_values_at_least", _n(m[1]))
    if m := re.fullmatch(rf"(there are|you have) ({NUMBER_RE}) or more (.+) cards in your graveyard", text):
        noun, rest = noun_phrase(m[3] + " cards")
        f = noun.filter()
        if rest or noun.head != "card" or set(_fields(f)) - {"types_any", "subtypes_any", "types_all"}:
            raise NoParse("graveyard cards")
        kind = "graveyard_cards_at_least" if m[1] == "there are" else "you_have_graveyard_cards_at_least"
        return Condition(kind, _n(m[2]), f)
    if m := re.fullmatch(r"~ (is|isn't) (an? [a-z]+)", text):
        noun, rest = noun_phrase(m[2])
        f = noun.filter()
        if rest or noun.head != "permanent" or set(_fields(f)) != {"types_any"}:
            raise NoParse("~ is a ...")
        return Condition("source_is", 0, f, negate=m[1] == "isn't")  # its card types now (layer 4)
    if m := re.fullmatch(r"(?:~ is|it's) (equipped|enchanted)", text):
        return Condition("source_" + m[1])  # 301.5, 303.4: an Equipment / Aura is attached to it
    if re.fullmatch(r"(?:~|it) has a \+1/\+1 counter on it", text):
        return Condition("source_has_counter")  # CR 122.1
    if m := re.fullmatch(rf"(?:~|it) has ({NUMBER_RE}) or more \+1/\+1 counters on it", text):
        return Condition("source_has_counter", _n(m[1]))
    if m := re.fullmatch(rf"there are ({NUMBER_RE}) or more (.+) on the battlefield", text):
        f = _count_filter(m[2])
        if f.exclude_source or f.controller != "any":
            raise NoParse("on the battlefield")
        return Condition("any_player_controls", _n(m[1]), f)  # every player's permanents together
    if m := re.fullmatch(rf"you control at least ({NUMBER_RE}) (.+)", text):
        return Condition("you_control_at_least", _n(m[1]), _count_filter(m[2]))
    if m := re.fullmatch(r"(enchanted creature|equipped creature|enchanted permanent) is (tapped|untapped)", text):
        return Condition("attached_is", _ATTACHED_N[m[1]], PermanentFilter(tapped=m[2] == "tapped"))
    if text == "no creatures are on the battlefield":
        return Condition("any_player_controls", 1, PermanentFilter(types_any=int(CardType.CREATURE)), negate=True)
    if m := re.fullmatch(r"you control no (tapped|untapped) (.+)", text):
        f = _count_filter(m[2])
        return Condition("you_control", 1, dataclasses.replace(f, tapped=m[1] == "tapped"), negate=True)
    if m := re.fullmatch(r"(enchanted creature|equipped creature|enchanted permanent) is (white|blue|black|red|green)",
                         text):
        from content.oracle.words import COLOR_WORDS

        return Condition("attached_is", _ATTACHED_N[m[1]], PermanentFilter(colors_any=COLOR_WORDS[m[2]]))
    if m := re.fullmatch(r"(enchanted creature|equipped creature|enchanted permanent) is (an? .+)", text):
        noun, rest = noun_phrase(m[2])
        f = noun.filter()
        if rest or noun.head != "permanent" or set(_fields(f)) - {"types_any", "subtypes_any", "colors_any"}:
            raise NoParse("attached is")
        return Condition("attached_is", _ATTACHED_N[m[1]], f)
    if m := re.fullmatch(rf"({NUMBER_RE}) or more nonland permanents entered the battlefield under your control "
                         r"this turn", text):
        n = _n(m[1])
        if n < 2:
            raise NoParse("celebration count")
        return Condition("nonland_entered_under_your_control_this_turn", n)  # systems/history.py
    if m := re.fullmatch(r"any player controls (an? .+)", text):
        noun, rest = noun_phrase(m[1])
        f = noun.filter()
        if rest or noun.head != "permanent" or noun.det != "a" or set(_fields(f)) - {
                "types_any", "subtypes_any", "colors_any", "supertypes_any"}:
            raise NoParse("any player controls")
        return Condition("any_player_controls", 1, f)
    return None


def _count_filter(text: str) -> PermanentFilter:
    noun, rest = noun_phrase(text)
    f = noun.filter()
    if rest or noun.head != "permanent" or not noun.plural or noun.det not in ("", "other") or set(_fields(f)) - {
            "types_any", "subtypes_any", "colors_any", "supertypes_any", "exclude_source", "types_all"}:
        raise NoParse("count filter")
    return f


def condition_words(c: Condition) -> str | None:
    """The text of a condition of this family (content/oracle/render.py ``condition_text`` asks), or None."""
    from content.oracle.render import noun

    k = c.kind
    n = _WORDS.get(c.n, str(c.n))
    if k in ("that_player_hand_at_most", "that_player_hand_at_least"):
        return f"that player has {n} or {'fewer' if k.endswith('most') else 'more'} cards in hand"
    if k == "opponents_at_least":
        return f"you have {n} or more opponents"
    if k == "you_cast_instant_or_sorcery_this_turn":
        return "you've cast an instant or sorcery spell this turn"
    if k == "you_cast_noncreature_this_turn":
        return "you've cast a noncreature spell this turn"
    if k == "source_power_at_least":
        return f"~'s power is {c.n} or greater"
    if k == "total_power_at_least":
        return f"creatures you control have total power {c.n} or greater"
    if k == "creatures_died_under_you":
        lead = "a creature" if c.n <= 1 else f"{n} or more creatures"
        return f"{lead} died under your control this turn"
    if k == "you_drew_at_least":
        return f"you've drawn {n} or more cards this turn"
    if k == "player_life_at_most":
        return f"a player has {c.n} or less life"
    if k == "opponent_life_at_most":
        return f"an opponent has {c.n} or less life"
    if k == "you_control" and c.negate and c.n >= 2 and c.filter is not None:
        from content.oracle.render import _without_other

        less = _WORDS.get(c.n - 1, str(c.n - 1))
        other = "other " if c.filter.exclude_source else ""
        return f"you control {less} or fewer {other}{noun(_without_other(c.filter), plural=True)}"
    if k == "opponent_controls" and c.negate and c.n == 0 and c.filter is not None:  # "no opponent controls a ..."
        from content.oracle.render import _without_other

        thing = noun(_without_other(c.filter))
        return "no opponent controls " + ("another " + thing if c.filter.exclude_source else _a(thing))
    if k == "you_control" and c.n == 0 and not c.negate and c.filter is not None and c.filter.subtypes_any:
        return "you control " + " or ".join(_a(s) for s in c.filter.subtypes_any)
    if k == "graveyard_card_types_at_least":
        return f"there are {n} or more card types among cards in your graveyard"
    if k == "graveyard_mana_values_at_least":
        return f"there are {n} or more mana values among cards in your graveyard"
    if k in ("graveyard_cards_at_least", "you_have_graveyard_cards_at_least"):
        lead = "there are" if k == "graveyard_cards_at_least" else "you have"
        what = noun(c.filter, base="card", head="card", plural=True)
        return f"{lead} {n} or more {what} in your graveyard"
    if k == "source_is" and c.filter is not None:
        return ("~ isn't " if c.negate else "~ is ") + _a(noun(c.filter))
    if k == "source_has_counter":
        return "it has a +1/+1 counter on it" if c.n <= 1 else f"~ has {n} or more +1/+1 counters on it"
    if k == "you_control_at_least" and c.filter is not None:
        from content.oracle.render import _without_other

        other = "other " if c.filter.exclude_source else ""
        return f"you control at least {n} {other}{noun(_without_other(c.filter), plural=True)}"
    if k == "any_player_controls" and not c.negate and c.n >= 2 and c.filter is not None:
        return f"there are {n} or more {noun(c.filter, plural=True)} on the battlefield"
    if k == "attached_is" and c.filter is not None:
        word = ("enchanted creature", "equipped creature", "enchanted permanent")[c.n]
        if c.filter.tapped is not None and c.filter == PermanentFilter(tapped=c.filter.tapped):
            return f"{word} is {'tapped' if c.filter.tapped else 'untapped'}"
        if c.filter.colors_any and c.filter == PermanentFilter(colors_any=c.filter.colors_any):
            return f"{word} is {noun(c.filter).rsplit(' ', 1)[0]}"  # "enchanted creature is black"
        return f"{word} is {_a(noun(c.filter))}"
    if k == "any_player_controls" and c.negate and c.filter == PermanentFilter(types_any=int(CardType.CREATURE)):
        return "no creatures are on the battlefield"
    if k == "nonland_entered_under_your_control_this_turn" and c.n >= 2:
        return f"{n} or more nonland permanents entered the battlefield under your control this turn"
    if k == "any_player_controls" and c.filter is not None:
        return f"any player controls {_a(noun(c.filter))}"
    return None


_WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine",
          10: "ten"}


def _a(word: str) -> str:
    return ("an " if word[:1].lower() in "aeiou" else "a ") + word


# ------------------------------------------------------------------ the renderer


_BIT_WORDS = {int(Keyword.CANT_ATTACK | Keyword.CANT_BLOCK): "can't attack or block",
              int(Keyword.CANT_ATTACK): "can't attack", int(Keyword.CANT_BLOCK): "can't block",
              int(Keyword.CANT_BE_BLOCKED): "can't be blocked",
              int(Keyword.ATTACKS_EACH_COMBAT): "attacks each combat if able",
              int(Keyword.BLOCKS_ADDITIONAL): "can block an additional creature each combat",
              int(Keyword.BLOCKS_ANY_NUMBER): "can block any number of creatures"}


def render(abilities: list[object]) -> str | None:
    if len(abilities) != 1:
        return None
    a = abilities[0]
    if isinstance(a, BanningStatic):
        return f"{_cap(a.subject_text)} can't attack or block, and its activated abilities can't be activated."
    if isinstance(a, BanningUntapRule):
        return (f"{_cap(a.attached_noun)} doesn't untap during its controller's untap step and its activated "
                "abilities can't be activated.")
    if isinstance(a, ActivationBan):
        from content.oracle.render import noun

        return f"Activated abilities of {noun(a.affected, plural=True)} can't be activated."
    if isinstance(a, WrittenStatic):
        return _render_static(a)
    if isinstance(a, WrittenReplacement):
        return _render_replacement(a)
    if isinstance(a, FilterUntapRule):
        from content.oracle.render import noun

        return f"{_cap(noun(a.affected, plural=True))} don't untap during their controllers' untap steps."
    if isinstance(a, OtherUntapRule):
        what = "~" if a.who == "others_self" else "all permanents you control"
        return f"Untap {what} during each other player's untap step."
    if isinstance(a, GraveyardExile):
        return "If ~ would be put into a graveyard from anywhere, exile it instead."
    if isinstance(a, PlayerStatic):
        return _render_player(a)
    if isinstance(a, StaticPrevention):
        if a.at_most:
            return f"If a source would deal {a.at_most} or less damage to ~, prevent that damage."
        to = {"self": "~", "you": "you"}.get(a.to, a.attached_noun)
        combat = "combat " if a.combat_only else ""
        and_by = "and dealt by " if a.also_by else ""
        by = " by creatures" if a.by_creatures else ""
        return f"Prevent all {combat}damage that would be dealt to {and_by}{to}{by}."
    if isinstance(a, CombatRule):
        return _render_combat(a)
    return None


def _cap(s: str) -> str:
    return s[:1].upper() + s[1:]


def _predicate_text(a: StaticEffect, kinds: tuple[str, ...], plural: bool) -> str:
    from content.oracle.render import _and_list, _keywords_text

    pt = next((p for p in a.parts if p.layer == Layer.PT_MODIFY), None)
    out: list[str] = []
    for kind in kinds:
        if kind == "pt":
            assert pt is not None
            ps = f"{pt.power:+d}" if pt.power else ("-0" if pt.toughness < 0 else "+0")
            ts = f"{pt.toughness:+d}" if pt.toughness else ("-0" if pt.power < 0 else "+0")
            out.append(f"{'get' if plural else 'gets'} {ps}/{ts}")
        elif kind.startswith("kw:"):
            bits = [int(b) for b in kind[3:].split(",")]
            words = [w for b in bits for w in _keywords_text(b)]
            out.append(f"{'have' if plural else 'has'} {_and_list(words)}")
        else:
            rule = _BIT_WORDS[int(kind[4:])]
            if plural and rule.startswith("attacks"):
                rule = "attack each combat if able"
            out.append(rule)
    if len(out) <= 2:
        return " and ".join(out)
    return ", ".join(out[:-1]) + ", and " + out[-1]


def _static_subject(a: WrittenStatic) -> tuple[str, bool]:
    f = a.affected
    if a.subject_text.startswith("it"):
        return "it", False
    if f.self_only:
        return "~", False
    if f.attached:
        return (a.subject_text if a.subject_text in _ATTACHED else "enchanted creature"), False
    from content.oracle.render import _subject as general_subject

    if a.subject_text.startswith("each "):  # "Each creature you control can block ..."
        from content.oracle.render import _without_other, noun

        return ("each other " if f.exclude_source else "each ") + noun(_without_other(f)), False
    return general_subject(f)


def _render_static(a: WrittenStatic) -> str:
    from content.oracle.render import condition_text

    subj, plural = _static_subject(a)
    if a.form == "where_x":
        body = ""
    elif a.predicates:
        body = f"{subj} {_predicate_text(a, a.predicates, plural)}"
    else:  # the general reader's body ("Creatures you control get +1/+1 for each ...")
        from content.oracle.render import _static

        body = _static(StaticEffect(a.text, a.affected, a.parts)).rstrip(".")
        from content.oracle.words import subtype

        if subtype(body.split()[0]) is None:  # "Other creatures ..." but "Crabs you control ..."
            body = body[:1].lower() + body[1:]
    cond = a.condition
    if a.form == "where_x":
        from content.oracle.render import _Ctx, count_phrase

        part = a.parts[0]
        sign = {1: "+X", -1: "-X", 0: ("-0" if part.power < 0 or part.toughness < 0 else "+0")}
        pt = f"{sign[part.power]}/{sign[part.toughness]}"
        verb = "get" if plural else "gets"
        assert part.dynamic is not None
        return f"{_cap(subj)} {verb} {pt}, where X is {count_phrase(part.dynamic, _Ctx(()))}."
    if a.form == "each":  # the general body, with its subject written "each ..." (singular)
        from content.oracle.render import _static
        from content.oracle.render import _subject as general_subject

        general = _static(StaticEffect(a.text, a.affected, a.parts))
        plural_subj = _cap(general_subject(a.affected)[0])
        rest = general[len(plural_subj):]
        rest = re.sub(r"^ get ", " gets ", re.sub(r"^ have ", " has ", rest))
        return _cap(subj) + rest
    if a.form == "predicates":
        return _cap(body) + "."
    if a.form == "during_your_turn":
        return f"During your turn, {body}."
    if a.form == "if_its":  # "Enchanted creature can't block if it's black"
        assert cond is not None
        quality = condition_text(cond).split(" is ", 1)[1]
        return f"{_cap(body)} if it's {quality}."
    assert cond is not None
    if a.form == "unless":
        return f"{_cap(body)} unless {condition_text(dataclasses.replace(cond, negate=not cond.negate))}."
    text = condition_text(cond)
    if a.form == "as_long_as_first":
        return f"As long as {text}, {body}."
    if subj == "~":
        text = re.sub(r"^~ is ", "it's ", text)
        text = re.sub(r"^~ has ", "it has ", text)
    return f"{_cap(body)} as long as {text}."


def _render_replacement(a: WrittenReplacement) -> str:
    from content.oracle.render import condition_text, noun

    if a.form == "die_self":
        return "If ~ would die, exile it instead."
    if a.form == "players_skip":
        from components.objects import Step

        step = {int(Step.UNTAP): "untap", int(Step.UPKEEP): "upkeep", int(Step.DRAW): "draw"}[a.spec.step]
        return f"Players skip their {step} steps."
    if a.form == "if_enters_tapped":
        assert a.condition is not None
        return f"If {condition_text(a.condition)}, ~ enters tapped."
    if a.form == "enters_tapped_unless":
        cond = a.condition
        assert cond is not None
        return f"~ enters tapped unless {condition_text(dataclasses.replace(cond, negate=not cond.negate))}."
    if a.form == "enter_additional_counter":
        return f"{a.subject_text} enters with an additional +1/+1 counter on it."
    f = a.spec.affected or PermanentFilter()
    return f"{_cap(noun(f, plural=True))} enter tapped."


def _render_player(a: PlayerStatic) -> str:
    return {"hexproof:you": "You have hexproof.", "no_life_gain:each": "Players can't gain life.",
            "no_life_gain:opponents": "Your opponents can't gain life."}[a.kind]


def _render_combat(a: CombatRule) -> str:
    from content.oracle.render import noun

    if a.kind in ("power_less_cant_block", "power_greater_cant_block"):
        if a.n == 1:
            return "~ can't be blocked by creatures with greater power."
        return f"Creatures with power {a.kind.split('_')[1]} than ~'s power can't block it."
    if a.subject == "filter":
        from content.oracle.render import _subject as general_subject
        from content.oracle.render import _without_other

        f = a.affected or PermanentFilter()
        if a.attached_noun == "each":
            subj = ("each other " if f.exclude_source else "each ") + noun(_without_other(f))
        else:
            subj = general_subject(f)[0]
            subj = subj[4:] if subj.startswith("all ") else subj
    else:
        subj = "~" if a.subject == "self" else a.attached_noun
    if a.kind == "max_blockers":
        return f"{_cap(subj)} can't be blocked by more than {_WORDS[a.n]} creature{'s' if a.n > 1 else ''}."
    if a.kind == "attack_unless_defender":
        return f"{_cap(subj)} can't attack unless defending player controls {_a(noun(a.other))}."
    f = a.other or PermanentFilter()
    if a.n == 1:  # written with subtypes only ("Walls")
        f = dataclasses.replace(f, types_any=0)
    words = noun(f, plural=True)
    verb = {"blocked_by_not": "can't be blocked by", "blocked_only_by": "can't be blocked except by",
            "block_or_blocked_by_not": "can't block or be blocked by",
            "block_only": "can block only", "cant_block_these": "can't block"}[a.kind]
    return f"{_cap(subj)} {verb} {words}."



# ------------------------------------------------------------------ counts of this family ("where X is ...")

# counts a static ability may use (layer 7): none of them reads power or toughness, which layer 7 is working out
STATIC_COUNTS = ("all_graveyards", "devotion", "colors_among", "domain")
COUNTERS_ON_SOURCE = "counters_on_source:"  # + the counter kind: counters on the ability's source


def extra_count(text: str, multiplier: int = 1, kind: str = "") -> Count | None:
    """'creature cards in all graveyards', 'your devotion to black' (700.5), 'the number of colors among
    permanents you control' (105.1); executed by systems/static_rules.py ``count_value``."""
    from content.oracle.words import COLOR_WORDS

    if m := re.fullmatch(r"(.+) cards in all graveyards", text):
        noun, rest = noun_phrase(m[1] + " cards")
        f = noun.filter()
        if rest or noun.head != "card" or noun.det or set(_fields(f)) - {"types_any", "subtypes_any"}:
            raise NoParse("all graveyards count")
        return Count("all_graveyards", f, multiplier=multiplier)
    if m := re.fullmatch(r"your devotion to (white|blue|black|red|green)(?: and (white|blue|black|red|green))?", text):
        colors = COLOR_WORDS[m[1]] | (COLOR_WORDS[m[2]] if m[2] else 0)
        return Count("devotion", PermanentFilter(colors_any=colors), multiplier=multiplier)
    if text == "colors among permanents you control":
        return Count("colors_among", PermanentFilter(controller="you"), multiplier=multiplier)
    if m := re.fullmatch(r"([+-]1/[+-]1|[a-z]+) counters? on ~", text):
        return Count(f"counters_on_source:{m[1]}", multiplier=multiplier)  # 122.1
    if re.fullmatch(r"(attacking|blocking|tapped|untapped) (.+)", text):
        # "for each attacking creature you control": permanents in a state, counted as the number is needed (the
        # layer system's counts don't take this kind: it is for costs and effects)
        noun, rest = noun_phrase(text)
        f = noun.filter()
        if rest or noun.head != "permanent" or noun.zone or noun.det or set(_fields(f)) - {
                "types_any", "subtypes_any", "controller", "tapped", "combat", "colors_any"}:
            raise NoParse("count of permanents in a state")
        return Count("permanents_in_state", f, multiplier=multiplier)
    if text == "of its colors" and kind == "static":
        # "Each creature you control gets +1/+1 for each of its colors": per object, by the layer system (105.1)
        return Count("own_colors", multiplier=multiplier)
    if text == "basic land types among lands you control":  # domain (CR 207.2c, 305.6)
        return Count("domain", PermanentFilter(types_any=int(CardType.LAND), controller="you"), multiplier=multiplier)
    return None


def count_words(c: object) -> str | None:
    """The text of a count of this family, or None."""
    from content.oracle.render import noun
    from content.oracle.words import COLOR_NAMES

    kind = getattr(c, "kind", "")
    f = getattr(c, "filter", None) or PermanentFilter()
    if kind == "all_graveyards":
        return "the number of " + noun(f, plural=True, base="card", head="card") + " in all graveyards"
    if kind == "devotion":
        names = [COLOR_NAMES[b] for b in (1, 2, 4, 8, 16) if f.colors_any & b]
        return "your devotion to " + " and ".join(names)
    if kind == "colors_among":
        return "the number of colors among permanents you control"
    if kind == "domain":
        return "the number of basic land types among lands you control"
    if kind == "permanents_in_state":
        return "the number of " + noun(f, plural=True)
    if kind.startswith(COUNTERS_ON_SOURCE):
        return f"the number of {kind[len(COUNTERS_ON_SOURCE):]} counters on ~"
    return None


# Asked after every mechanic's reader and renderer (the statics family is the compiler's last resort).
from content import registry  # noqa: E402

registry.reader(read, priority=100_000)
registry.renderer(render, priority=100_000)

"""Abilities granted in quotes and compound grants (CR 113.1b, 113.7, 611, 613.1f).

'Enchanted creature gets +0/+2 and has "{T}: Draw a card, then discard a card."', 'All Slivers have "When
this permanent enters, draw a card."', 'Enchanted creature gets +1/+0 and has lifelink and ward {2}.',
'Until end of turn, target creature gains "When this creature dies, ..."'.

The text inside the quotes is compiled as an ability line of a permanent (content/oracle compile_line, and
the keyword-ability readers): "~" in it is the object that has the ability (113.7). Only abilities that the
granted-ability machinery executes (systems/granted.py: activated, triggered and mana abilities, and
self-only restrictions kept as keyword bits) are accepted; anything else is refused with its reason.

A granted list reads plain keywords first, then keyword abilities with a parameter ("ward {2}"), then quoted
abilities, in that order (the order the renderer writes them back).

Inside instructions (content/oracle/effects.py) the quoted texts are first replaced by placeholder words
(:func:`protect_quotes`) so that the instruction templates see a keyword list; :func:`take_quoted` turns the
placeholders of a keyword list back into abilities, and :func:`check_used` makes sure no placeholder was
left unread (nothing is dropped).
"""

from __future__ import annotations

import dataclasses
import re

from components.abilities import Ability, ContinuousPart, Layer, StaticEffect
from components.characteristics import CardType
from components.granting import grantable
from content.oracle.phrases import PT_RE, NoParse, keyword_list, pt_change
from content.oracle.text import current_card_name, lower

_QUOTE = re.compile(r'"([^"]*)"')
_SPLIT = re.compile(r",\s*(?:and\s+)?|\s+and\s+")
PLACEHOLDER = "quotedability"
_PLACE = re.compile(PLACEHOLDER + r"([a-z])")
_INNER_QUOTE = re.compile(r"(?<=\s)'([{A-Za-z~][^']*?(?:'[a-z][^']*?)*)'(?=$|[\s.,])")
_PENDING: dict[str, tuple[Ability, ...]] = {}
_USED: set[str] = set()


def quoted_ability(body: str, check: bool = True) -> tuple[Ability, ...]:
    """The abilities a quoted text grants (113.1b); raises NoParse when they can't be granted (``check``)."""
    from content.oracle import compile_line
    from content.registry import read_keyword_ability

    body = body.strip()
    if not body:
        raise NoParse("empty quote")
    name = current_card_name()
    if name and "~" in body:
        from content.oracle.text import current_raw_line, short_name

        names = [n for n in (name, short_name(name), *name.split(" // ")) if n]
        if any(n in q for q in _QUOTE.findall(current_raw_line()) for n in names):
            # Sunfire Torch: 'has "... sacrifice Sunfire Torch ..."': the card's name in the quotes is the
            # granting card, not the object that has the ability (113.7): not read
            raise NoParse("the card's own name inside a quoted ability")
    # A quote inside a quote is written with single quotes: 'have '{T}: Add {B}.'' (an emblem's, a Saga's)
    body = _INNER_QUOTE.sub(lambda m: f'"{m.group(1)}"', body)
    try:
        abilities: list[Ability] = list(compile_line(body, is_spell=False, is_permanent=True))
    except NoParse as exc:
        found = read_keyword_ability(body, body, current_card_name(), CardType.CREATURE)
        if found is None:
            raise NoParse(f"granted ability: {exc}") from None
        abilities = list(found) if isinstance(found, tuple) else [found]  # (a reader may make several)
    if not abilities:
        raise NoParse("granted ability")
    if check:
        _check_grantable(abilities)
    return tuple(abilities)


def _check_grantable(abilities: list[Ability] | tuple[Ability, ...]) -> None:
    for a in abilities:
        if not grantable(a):
            raise NoParse(f"granted {type(a).__name__}")


def _keyword_ability(item: str) -> tuple[Ability, ...] | None:
    """A keyword ability with a parameter in a granted list ("ward {2}"): its compiled ability."""
    from content.registry import read_keyword_ability

    found = read_keyword_ability(item, item, current_card_name(), CardType.CREATURE)
    if found is None:
        from content.oracle.lines import PROWESS

        if item != "prowess":
            return None
        found = PROWESS  # 702.108a: a triggered ability
    found_all = found if isinstance(found, tuple) else (found,)  # (a reader may make several)
    for a in found_all:
        if not grantable(a):
            raise NoParse(f"granted {type(a).__name__}")
    return found_all


def grant_items(items_text: str, originals: list[str] | None = None
                ) -> tuple[int, tuple[Ability, ...], tuple[int, ...]]:
    """'haste and "{T}, Discard a card: Draw a card."' -> (keyword bits, granted abilities, keyword bits in
    printed order).

    ``originals``: the quoted texts as printed (case kept), in order; default: the quotes of the text."""
    quotes = _QUOTE.findall(items_text)
    if originals is None:
        originals = quotes
    if len(originals) != len(quotes):
        raise NoParse("quotes")
    counter = iter(range(26))
    masked = _QUOTE.sub(lambda m: f"{PLACEHOLDER}{chr(97 + next(counter))}", items_text)
    bits = 0
    order: list[int] = []
    abilities: list[Ability] = []
    stage = 0  # 0: plain keywords, 1: keyword abilities with a parameter, 2: quoted abilities
    for item in _SPLIT.split(masked.strip()):
        item = item.strip()
        if not item:
            raise NoParse("granted list")
        m = _PLACE.fullmatch(item)
        if m:
            abilities.extend(quoted_ability(originals[ord(m.group(1)) - 97]))
            stage = 2
            continue
        if PLACEHOLDER in item or '"' in item:
            raise NoParse("quoted ability inside a phrase")
        try:
            mask, item_order = keyword_list(item)
        except NoParse:
            mask, item_order = 0, ()
        if mask:
            if stage:
                raise NoParse("granted list order")
            bits |= mask
            order.extend(item_order)
            continue
        found = _keyword_ability(item)
        if found is None:
            raise NoParse(item)
        if stage > 1:
            raise NoParse("granted list order")
        abilities.extend(found)
        stage = 1
    return bits, tuple(abilities), tuple(order)


def _originals(low_part: str, text: str) -> list[str]:
    """The printed (case-kept) quoted texts of ``low_part``, found in the line's ``text``."""
    printed = {lower(q): q for q in _QUOTE.findall(text)}
    out = []
    for q in _QUOTE.findall(low_part):
        if q not in printed:
            raise NoParse("quotes")
        out.append(printed[q])
    return out


_VERBS = r"(?:gets?|loses?|has|have|is|are)"
_CLAUSE_START = re.compile(rf"(?:, and |, | and )(?={_VERBS} )")
_C_GETS = re.compile(rf"gets? (?P<pt>{PT_RE})(?: for each (?P<each>.+))?")
_C_LOSE_KW = re.compile(r"loses? (?P<kw>[a-z ,]+)")
_C_LOSE = re.compile(r"loses? all abilities")
_C_BASE = re.compile(r"(?:has|have) base power and toughness (?P<p>\d+)/(?P<t>\d+)")
_C_IS = re.compile(r"(?P<verb>is|are) (?:(?P<art>an?) )?(?:(?P<sp>\d+)/(?P<st>\d+) )?(?P<desc>[a-z ]+?)"
                   r"(?: with base power and toughness (?P<p>\d+)/(?P<t>\d+))?(?P<still> that's still a land)?"
                   r"(?P<add> in addition to (?:its|their) other (?:colors and )?types)?")
_BASIC = ("Plains", "Island", "Swamp", "Mountain", "Forest")
_CARD_TYPE_WORDS = {"artifact": int(CardType.ARTIFACT), "artifacts": int(CardType.ARTIFACT),
                    "enchantment": int(CardType.ENCHANTMENT), "enchantments": int(CardType.ENCHANTMENT)}
_BASIC_PLURAL = {"plains": "Plains", "islands": "Island", "swamps": "Swamp", "mountains": "Mountain",
                 "forests": "Forest"}
_C_HAS = re.compile(r"(?:has|have) (?P<list>.+)")
_CONTROL = re.compile(r"you control (?P<subj>enchanted (?:creature|land|permanent|artifact))")


def _is_clause(m: re.Match[str]) -> list[ContinuousPart]:
    """'is a green Elk creature with base power and toughness 3/3' (layers 4, 5, 7b), 'is a black Zombie in
    addition to its other colors and types', 'is black'."""
    from content.oracle.words import COLOR_WORDS, SUBTYPES

    words = m["desc"].split()
    plural = m["verb"] == "are"
    if m["add"] and words and words[-1] in _CARD_TYPE_WORDS:
        # "is an artifact in addition to its other types", "are Food artifacts in addition to their other types"
        # (205.1a: card types and their subtypes added in layer 4)
        word = words.pop()
        if (word.endswith("s") != plural) or bool(m["art"]) == plural or m["p"] or "colors" in m["add"] \
                or ("their" in m["add"]) != plural:
            raise NoParse("in addition to")
        kind = _CARD_TYPE_WORDS[word]
        from components.subtypes import SUBTYPES_BY_CARD_TYPE

        allowed = SUBTYPES_BY_CARD_TYPE.get(CardType(kind).name or "", frozenset())
        named = [SUBTYPES.get(w) for w in words]
        if any(x is None or x not in allowed for x in named):
            raise NoParse("in addition to: subtype")
        return [ContinuousPart(Layer.TYPE, types_add=kind, subtypes_add=tuple(x for x in named if x))]
    lands = [_BASIC_PLURAL.get(w) if plural else SUBTYPES.get(w) for w in words]
    if words and all(x in _BASIC for x in lands):
        # 305.7: "Enchanted land is an Island", "Nonbasic lands are Mountains": the land types are replaced and the
        # land loses its rules-text abilities, gaining the basic types' mana abilities (systems/layers.py)
        if bool(m["art"]) == plural or m["p"] or m["add"] or len(set(lands)) != len(lands):
            raise NoParse("is a land type")
        return [ContinuousPart(Layer.TYPE, subtypes_add=tuple(x for x in lands if x), subtypes_replace=True)]
    if plural:
        raise NoParse("are what")
    color = 0
    while words and words[0] in COLOR_WORDS:
        color |= COLOR_WORDS[words.pop(0)]
        if words and words[0] == "and":
            words.pop(0)
    creature = bool(words) and words[-1] == "creature"
    if creature:
        words.pop()
    subs: list[str] = []
    for w in words:
        name = SUBTYPES.get(w)
        if name is None:
            raise NoParse(f"is what: {w}")
        subs.append(name)
    add = bool(m["add"])
    if m["sp"] or m["still"]:
        # "Enchanted land is a 5/6 green Treefolk creature that's still a land." (205.1b: it keeps its land
        # types; 7b sets the base power and toughness)
        if not (m["sp"] and m["still"] and creature and subs and m["art"]) or m["p"] or add:
            raise NoParse("that's still a land")
        parts: list[ContinuousPart] = [ContinuousPart(Layer.TYPE, subtypes_add=tuple(subs), subtypes_replace=True,
                                types_add=int(CardType.CREATURE))]
        if color:
            parts.append(ContinuousPart(Layer.COLOR, colors_set=color))
        parts.append(ContinuousPart(Layer.PT_SET, power=int(m["sp"]), toughness=int(m["st"])))
        return parts
    if bool(m["art"]) != bool(subs) or (not subs and (creature or m["p"] or add)) or (add and (creature or m["p"])):
        raise NoParse("is what")
    if add and color and "colors" not in m["add"] or add and not color and "colors" in m["add"]:
        raise NoParse("in addition to")
    from components.subtypes import CREATURE_TYPES

    if subs and any(x not in CREATURE_TYPES for x in subs):
        raise NoParse("is a noncreature subtype")
    parts = []
    if subs:
        # 205.1b: "is a Bird creature" replaces its creature types; "in addition to its other types" adds
        parts.append(ContinuousPart(Layer.TYPE, subtypes_add=tuple(subs), subtypes_replace=not add,
                                    types_add=int(CardType.CREATURE) if creature else 0))
    if color:
        parts.append(ContinuousPart(Layer.COLOR, colors_add=color) if add else
                     ContinuousPart(Layer.COLOR, colors_set=color))  # 105.3: "is black" sets its color
    if m["p"]:
        parts.append(ContinuousPart(Layer.PT_SET, power=int(m["p"]), toughness=int(m["t"])))
    return parts


def _clauses(low: str, text: str) -> list[ContinuousPart] | None:
    """The parts of '<verb> ..., <verb> ..., and <verb> ...' in printed order (the renderer writes them in that
    order), or None if it is not such a list of characteristic changes."""
    low_quotes = _QUOTE.findall(low)
    originals = _originals(low, text)
    counter = iter(range(26))
    masked = _QUOTE.sub(lambda m: f"{PLACEHOLDER}{chr(97 + next(counter))}", low)
    parts: list[ContinuousPart] = []
    special = False
    for c in _CLAUSE_START.split(masked):
        c = c.strip()
        if m := _C_GETS.fullmatch(c):
            p, t, is_x = pt_change(m["pt"])
            if is_x:
                raise NoParse("x")
            dynamic = None
            if m["each"]:
                # "+1/+1 for each Plains you control" (613.4c, counted as the layer applies)
                from content.oracle.effects import Ctx
                from content.oracle.lines import _static_count_ok

                dynamic = Ctx("static").count(m["each"])
                if dynamic.kind not in ("permanents", "hand", "graveyard"):
                    raise NoParse("static count")
                _static_count_ok(dynamic)
                special = True
            parts.append(ContinuousPart(Layer.PT_MODIFY, power=p, toughness=t, dynamic=dynamic))
        elif (m := _C_LOSE_KW.fullmatch(c)) and m["kw"] != "all abilities":
            # "has defender and loses flying": one layer-6 effect (613.1f)
            bits, _order = keyword_list(m["kw"])
            if parts and parts[-1].layer == Layer.ABILITY and not parts[-1].keywords_remove \
                    and not parts[-1].lose_all_abilities:
                parts[-1] = dataclasses.replace(parts[-1], keywords_remove=bits)
            else:
                parts.append(ContinuousPart(Layer.ABILITY, keywords_remove=bits))
            special = True
        elif _C_LOSE.fullmatch(c):
            if any(p.layer == Layer.ABILITY for p in parts):
                raise NoParse("has ... and loses all abilities")
            parts.append(ContinuousPart(Layer.ABILITY, lose_all_abilities=True))
            special = True
        elif m := _C_BASE.fullmatch(c):
            parts.append(ContinuousPart(Layer.PT_SET, power=int(m["p"]), toughness=int(m["t"])))
            special = True
        elif m := _C_IS.fullmatch(c):
            try:
                parts.extend(_is_clause(m))
            except NoParse:
                return None  # not a change of type, color or base power this module reads
            special = True
        elif m := _C_HAS.fullmatch(c):
            found = [ord(q) - 97 for q in _PLACE.findall(m["list"])]
            items = _PLACE.sub(lambda q: f'"{low_quotes[ord(q.group(1)) - 97]}"', m["list"])
            bits, abilities, order = grant_items(items, [originals[k] for k in found])
            special = special or bool(abilities)
            if parts and parts[-1].layer == Layer.ABILITY and parts[-1].lose_all_abilities:
                # "loses all abilities and has ...": one layer-6 effect, the loss first (613.1f)
                parts[-1] = dataclasses.replace(parts[-1], keywords_add=bits, abilities_add=abilities,
                                                keyword_order=order)
            else:
                parts.append(ContinuousPart(Layer.ABILITY, keywords_add=bits, abilities_add=abilities,
                                            keyword_order=order))
        else:
            return None
    if not special:
        return None
    layers = [p.layer for p in parts]
    if len(set(layers)) != len(layers):
        raise NoParse("two changes in one layer")
    return parts


def static_characteristics(low: str, text: str) -> StaticEffect | None:
    """'Enchanted creature loses all abilities and is a Bird creature with base power and toughness 1/1.',
    'Enchanted creature gets -1/-1 and is a black Zombie in addition to its other colors and types.',
    'You control enchanted creature.' (layers 2, 4, 5, 6, 7b, 7c; CR 613.1, 303.4)."""
    from content.oracle.lines import _subject

    if m := re.fullmatch(r"(?P<rest>enchanted creature has protection from [a-z ,]+)\. this effect doesn't remove ~",
                         low.rstrip(".")):
        # Green Ward: the Aura's own protection doesn't put the Aura into the graveyard (702.16c exception)
        from content.oracle.lines import _static_effect

        inner = _static_effect(m["rest"], text)
        if not inner.affected.attached or len(inner.parts) != 1 or inner.parts[0].abilities_add:
            raise NoParse("this effect doesn't remove")
        return dataclasses.replace(inner, keeps_source=True)
    if m := _CONTROL.fullmatch(low):
        f = _subject(m["subj"])
        if m["subj"] == "enchanted land":
            f = dataclasses.replace(f, types_any=int(CardType.LAND))  # (the renderer's noun; attached decides)
        elif m["subj"] != "enchanted creature":
            raise NoParse("static subject")
        return StaticEffect(text, f, (ContinuousPart(Layer.CONTROL, new_controller_is_you=True),))
    m = re.match(rf"(?P<subj>.+?) (?={_VERBS} )", low)
    if m is None:
        return None
    rest = low[m.end():]
    parts = _clauses(rest, text)
    if parts is None:
        return None
    f = _subject(m["subj"])
    land_subject = f.types_any == int(CardType.LAND) or m["subj"] == "enchanted land" or (
        f.subtypes_any and all(x in _BASIC for x in f.subtypes_any))
    if any(p.layer == Layer.TYPE and p.subtypes_replace and all(x in _BASIC for x in p.subtypes_add) for p in parts) \
            and not land_subject:
        raise NoParse("is a land type")  # 305.7 is about lands (205.3d: a land type needs the land card type)
    animated = any(p.layer == Layer.TYPE and p.types_add & int(CardType.CREATURE) for p in parts)
    if animated and (m["subj"] == "enchanted land") != ("that's still a land" in rest):
        raise NoParse("that's still a land")  # (the form the renderer writes for each subject)
    if f.attached and m["subj"] == "enchanted land":
        f = dataclasses.replace(f, types_any=int(CardType.LAND))  # (the renderer's noun; attached decides, 303.4)
    elif f.attached and m["subj"] not in ("enchanted creature", "equipped creature"):
        raise NoParse("static subject")  # (the renderer writes "enchanted creature")
    return StaticEffect(text, f, tuple(parts))


def static_grant(low: str, text: str) -> StaticEffect:
    """The last static template (content/oracle/lines.py): the changes :func:`static_characteristics` reads,
    with its reason when it can't read them."""
    compound = static_characteristics(low.strip(), text)
    if compound is None:
        raise NoParse("static")
    return compound


# ------------------------------------------------------------------ inside instructions


def protect_quotes(text: str) -> str:
    """Replace each quoted text of an instruction by a placeholder word, compiling it now."""
    _PENDING.clear()
    _USED.clear()
    k = 0

    def sub(m: re.Match[str]) -> str:
        nonlocal k
        name = f"{PLACEHOLDER}{chr(97 + k)}"
        k += 1
        _PENDING[name] = quoted_ability(m.group(1), check=False)  # checked where it is read (take_quoted)
        return name

    out = _QUOTE.sub(sub, text)
    if '"' in out:
        raise NoParse("quotes")
    return out


def take_quoted(kw: str, token: bool = False) -> tuple[str, tuple[Ability, ...]]:
    """A keyword list with placeholders -> (the plain keywords, the quoted abilities). The quoted abilities
    come last (the order the renderer writes). ``token``: the abilities of a token being created (111.3,
    any ability the engine runs; a keyword in quotes is not read), else abilities granted to a permanent."""
    items = [i.strip() for i in _SPLIT.split(kw.strip())]
    plain: list[str] = []
    abilities: list[Ability] = []
    for item in items:
        if item in _PENDING:
            abilities.extend(_PENDING[item])
            _USED.add(item)
        elif PLACEHOLDER in item:
            raise NoParse("quoted ability inside a phrase")
        elif abilities:
            raise NoParse("granted list order")
        else:
            plain.append(item)
    if not token:
        _check_grantable(abilities)
    return ", ".join(plain), tuple(abilities)


def check_used() -> None:
    """Every quoted text of the instruction was read as a granted ability (nothing dropped)."""
    if set(_PENDING) - _USED:
        raise NoParse("quoted abilities")


def token_then_has(ctx: object, sentences: list[str], i: int) -> tuple[list[object], int] | None:
    """'Create a 1/1 colorless Eldrazi Scion creature token. It has "Sacrifice this creature: Add {C}."' and
    'Create two 2/2 green Ooze creature tokens. They have "..."': the quoted abilities are the tokens' own
    (111.3), written as a second sentence (an instruction of two sentences, effects.SENTENCE_GROUPS)."""
    if i + 1 >= len(sentences) or not sentences[i].startswith("create "):
        return None
    m = re.fullmatch(r"(?P<who>it|they) (?:has|have) (?P<kw>.+?)\.?", sentences[i + 1].strip())
    if m is None or PLACEHOLDER not in m["kw"]:
        return None
    from components.abilities import CreateToken, KeywordAbility
    from content.oracle.effects import sentence

    snap = ctx.snapshot()  # type: ignore[attr-defined]
    try:
        first = sentence(ctx, sentences[i])  # type: ignore[arg-type]
    except NoParse:
        ctx.restore(snap)  # type: ignore[attr-defined]
        return None
    e = first[0] if len(first) == 1 else None
    if not isinstance(e, CreateToken) or getattr(e.token, "power", None) is None or e.quoted_after:
        raise NoParse("it has: not a creature token")
    many = e.amount != 1 or e.dynamic is not None
    if (m["who"] == "they") != many:
        raise NoParse("it has / they have")
    kw, quoted = take_quoted(m["kw"], token=True)
    if kw:
        raise NoParse("it has keywords")  # (only quoted abilities are read in the second sentence)
    token = e.token
    own = [a for a in token.abilities if not isinstance(a, KeywordAbility) or "~" not in a.text]
    if len(own) != len(token.abilities):
        raise NoParse("quoted abilities in both sentences")
    bits = 0
    for a in quoted:
        if isinstance(a, KeywordAbility):
            bits |= a.mask
    new = dataclasses.replace(token, abilities=tuple(token.abilities) + quoted,
                              keywords=token.keywords | bits)
    return [dataclasses.replace(e, token=new, quoted_after=True)], 2


def emblem_effect(ctx: object, who: str, kw: str) -> object:
    """'You get an emblem with "..."' / 'Target opponent gets an emblem with "..."' (CR 114.1): its
    triggered abilities (of any object but itself) and static abilities that don't refer to the emblem
    itself (systems/mechanics/emblem.py)."""
    from components.abilities import TriggeredAbility
    from components.emblems import CreateEmblem

    plain, abilities = take_quoted(kw, token=True)
    if plain or not abilities:
        raise NoParse("emblem with")
    from components.abilities import TriggerKind

    player_events = (TriggerKind.BEGINNING_OF_STEP, TriggerKind.CAST, TriggerKind.DRAWS, TriggerKind.DISCARDS,
                     TriggerKind.GAIN_LIFE, TriggerKind.YOU_ATTACK)
    for a in abilities:
        if isinstance(a, TriggeredAbility) and (a.trigger.subject == "filter" or (
                a.trigger.subject == "self" and a.trigger.kind in player_events)):
            continue  # (a trigger about "this" object can't be an emblem's: it has none on the battlefield)
        if isinstance(a, StaticEffect) and a.condition is None and not (
                a.affected.self_only or a.affected.attached or a.affected.exclude_source or a.keeps_source):
            continue
        raise NoParse(f"an emblem with {type(a).__name__}")
    return CreateEmblem(abilities, ctx.player(who))  # type: ignore[attr-defined]


def quoted(ability: object) -> str:
    """A granted ability written in quotes; a quote inside it is written with single quotes."""
    from content.oracle.render import render_line

    return '"' + render_line([ability]).replace('"', "'") + '"'


def render_effect(e: object, ctx: object) -> str | None:
    """'you get an emblem with "..."' (CR 114.1)."""
    from components.emblems import CreateEmblem
    from content.oracle.render import _and_list

    if not isinstance(e, CreateEmblem):
        return None
    who = ctx.player(e.player)  # type: ignore[attr-defined]
    verb = "get" if who == "you" else "gets"
    return f"{who} {verb} an emblem with {_and_list([quoted(a) for a in e.abilities])}"


# ------------------------------------------------------------------ rendering


def granted_list(part: ContinuousPart) -> list[str]:
    """The items a layer-6 part grants, as printed: keywords, keyword abilities, quoted abilities."""
    from content.oracle.render import _keywords_text
    from content.registry import render_keyword_ability

    items = list(_keywords_text(part.keywords_add, part.keyword_order)) if part.keywords_add else []
    from content.oracle.render import _keywords_line

    for a in part.abilities_add:
        own = render_keyword_ability([a]) or (_keywords_line([a]) if not isinstance(a, StaticEffect) else None)
        if own is not None and "—" in own and "~" not in own:
            items.append(f'"{own.rstrip(".")}."')  # Oracle quotes a keyword with a dash cost ('"Ward—Pay 2 life."')
        elif own is not None and "~" not in own and not isinstance(a, StaticEffect):
            items.append(own[:1].lower() + own[1:])  # a keyword ability ("ward {2}", "prowess")
        else:
            items.append(quoted(a))
    return items


def compound_text(subj: str, plural: bool, parts: tuple[ContinuousPart, ...]) -> str:
    """The printed form of a static ability's characteristic changes, clause by clause in printed order."""
    from content.oracle.render import _and_list, _signed
    from content.oracle.words import COLOR_NAMES

    if len(parts) == 1 and parts[0].layer == Layer.CONTROL:
        return f"you control {subj}"
    verb = (lambda one, many: many if plural else one)  # noqa: E731
    clauses: list[str] = []
    i = 0
    while i < len(parts):
        p = parts[i]
        i += 1
        if p.layer == Layer.PT_MODIFY:
            each = ""
            if p.dynamic is not None:
                from content.oracle.render import _for_each

                each = " " + _for_each(p.dynamic)
            clauses.append(f"{verb('gets', 'get')} {_signed(p.power, p.toughness)}{each}")
        elif p.layer == Layer.ABILITY:
            if p.lose_all_abilities:
                clauses.append(f"{verb('loses', 'lose')} all abilities")
            if p.keywords_add or p.abilities_add:
                clauses.append(f"{verb('has', 'have')} {_and_list(granted_list(p))}")
            if p.keywords_remove:
                from content.oracle.render import _keywords_text

                clauses.append(f"{verb('loses', 'lose')} {_and_list(_keywords_text(p.keywords_remove))}")
        elif p.layer == Layer.PT_SET:
            clauses.append(f"{verb('has', 'have')} base power and toughness {p.power}/{p.toughness}")
        elif p.layer in (Layer.TYPE, Layer.COLOR):
            t = p if p.layer == Layer.TYPE else None
            c = p if p.layer == Layer.COLOR else None
            if t is not None and i < len(parts) and parts[i].layer == Layer.COLOR:
                c = parts[i]
                i += 1
            color = 0 if c is None else (c.colors_add or max(c.colors_set, 0))
            names = [COLOR_NAMES[b] for b in (1, 2, 4, 8, 16) if color & b]
            words = [" and ".join(names)] if names else []
            if t is not None and t.types_add & (int(CardType.ARTIFACT) | int(CardType.ENCHANTMENT)) and c is None:
                kind = "artifact" if t.types_add & int(CardType.ARTIFACT) else "enchantment"
                kind = " ".join([*t.subtypes_add, kind + ("s" if plural else "")])
                art = "" if plural else ("an " if kind[:1].lower() in "aeiou" else "a ")
                clauses.append(f"{verb('is', 'are')} {art}{kind} in addition to {verb('its', 'their')} other types")
                continue
            if t is not None and all(x in _BASIC for x in t.subtypes_add) and t.subtypes_replace and c is None:
                names_ = [x if x == "Plains" or not plural else x + "s" for x in t.subtypes_add]
                art = "" if plural else ("an " if names_[0][:1] in "AEIOU" else "a ")
                clauses.append(f"{verb('is', 'are')} {art}{' '.join(names_)}")  # 305.7
                continue
            if t is not None:
                words += list(t.subtypes_add)
                if t.types_add & int(CardType.CREATURE):
                    words.append("creature")
            desc = " ".join(words)
            if t is not None:
                desc = ("an " if desc[:1].lower() in "aeiou" else "a ") + desc
            if t is not None and subj == "enchanted land" and i < len(parts) and parts[i].layer == Layer.PT_SET:
                pt = f"{parts[i].power}/{parts[i].toughness}"
                clauses.append(f"is {desc[:desc.index(' ') + 1]}{pt} {desc[desc.index(' ') + 1:]} that's still a land")
                i += 1
                continue
            if t is not None and i < len(parts) and parts[i].layer == Layer.PT_SET:
                desc += f" with base power and toughness {parts[i].power}/{parts[i].toughness}"
                i += 1
            if t is not None and not t.subtypes_replace:
                desc += " in addition to its other colors and types" if names else " in addition to its other types"
            clauses.append(f"is {desc}")
        else:
            raise ValueError("static characteristics")
    return f"{subj} {_and_list(clauses)}"


__all__ = ["check_used", "grant_items", "granted_list", "protect_quotes", "quoted_ability", "static_grant",
           "take_quoted"]

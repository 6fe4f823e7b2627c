"""Effect phrases of double-faced cards (CR 712): "transform ~" (701.28a) and "exile ~, then return it to the
battlefield transformed under its owner's control" (712.14a). Registered with content/oracle/effects.py ``rule``;
executed by systems/mechanics/double_faced.py; written back by :func:`render_effect`.
"""

from __future__ import annotations

import dataclasses
import functools
import re
from typing import Any

from components.abilities import EVENT_OBJECT, GROUP, SELF
from components.card import CardDef
from components.characteristics import NO_MANA_COST, CardType, Color, PTValue, TypeLine
from components.double_faced import Incubate, Manifest, ReturnTransformed, Transform
from content.double_faced import face_down_card  # (kept here too: the morph and manifest readers' own name)
from content.oracle.effects import Ctx, NoParse, rule


def _self_word(ctx: Ctx, word: str) -> None:
    """'~', or a pronoun that can only be the ability's own permanent here."""
    if ctx.kind not in ("activated", "triggered") or not ctx.is_permanent or ctx.self_gone:
        raise NoParse("transform: only an ability of the permanent itself transforms it")
    if word == "~":
        return
    if ctx.it is not None and ctx.it.indices != (SELF,):
        raise NoParse(f"transform {word}: the pronoun names another object")
    if word == "it" and ctx.it is None:
        raise NoParse("'it' without antecedent")


@rule(r"transform (?P<w>~|it|him|her)")
def _r_transform(ctx: Ctx, m: re.Match[str]) -> list[Any]:
    _self_word(ctx, m["w"])
    return [Transform(SELF, m["w"])]


@rule(r"transform (?P<obj>(?:up to one )?target .+)")
def _r_transform_target(ctx: Ctx, m: re.Match[str]) -> list[Any]:
    """'Transform up to one target Werewolf you control.' (701.28a; nothing happens to a permanent that isn't a
    transforming double-faced card, 701.28c)."""
    ref = ctx.obj(m["obj"], plural_ok=False)
    if len(ref.indices) != 1 or ref.indices[0] < 0 or ref.group is not None:
        raise NoParse("transform target")
    return [Transform(ref.indices[0], "target")]


@rule(r"transform (?P<obj>(?:all|each) .+)")
def _r_transform_all(ctx: Ctx, m: re.Match[str]) -> list[Any]:
    """'Transform all Humans.' (701.28a; those that aren't transforming double-faced permanents don't, 701.28c)."""
    ref = ctx.obj(m["obj"])
    if ref.group is None:
        raise NoParse("transform all")
    return [Transform(GROUP, "all", ref.group)]


@rule(r"exile ~, then return (?P<w>it|him|her) to the battlefield transformed under "
      r"(?P<u>its owner's|his owner's|her owner's|your) control")
def _r_exile_return_transformed(ctx: Ctx, m: re.Match[str]) -> list[Any]:
    _self_word(ctx, "~")
    return [ReturnTransformed(True, "you" if m["u"] == "your" else "owner", m["w"])]


@rule(r"(?P<verb>manifest|cloak) (?P<what>the top card of your library|dread)"
      r"(?:, then put (?P<n>a|one|two|three|x) \+1/\+1 counters? on (?:it|that creature))?")
def _r_manifest(ctx: Ctx, m: re.Match[str]) -> list[Any]:
    """701.34a, 701.60a, 701.56a (cloak: with ward {2}); the counters go on the manifested permanent."""
    dread = m["what"] == "dread"
    cloak = m["verb"] == "cloak"
    if dread and cloak:
        raise NoParse("cloak dread")
    face_down_card(cloak)  # the face-down characteristics it will use, built now, as the card loads
    if not m["n"]:
        return [Manifest(dread, cloak=cloak)]
    n, dynamic = ctx.amount(m["n"])
    return [Manifest(dread, n, dynamic, cloak)]


@rule(r"incubate (?P<n>\d+|x)(?P<twice> twice)?")
def _r_incubate(ctx: Ctx, m: re.Match[str]) -> list[Any]:
    """701.51a: an Incubator token with N +1/+1 counters; the token's card is compiled here, with the card."""
    n, dynamic = ctx.amount(m["n"])
    return [Incubate(n, dynamic, 2 if m["twice"] else 1, incubator_token())]


@functools.cache
def incubator_token() -> CardDef:
    """701.51b: a transforming double-faced token: a colorless Incubator artifact with "{2}: Transform this
    artifact." whose back face is a 0/0 colorless Phyrexian artifact creature named Phyrexian Token."""
    from content.oracle import compile_text  # the package imports this module as it loads: not at import time

    text = "{2}: Transform this artifact."
    abilities, keywords = compile_text("Incubator", text, CardType.ARTIFACT)
    front = CardDef(name="Incubator", mana_cost=NO_MANA_COST, colors=Color(0),
                    type_line=TypeLine(types=CardType.ARTIFACT, subtypes=("Incubator",)), power=None, toughness=None,
                    loyalty=None, text=text, abilities=abilities, keywords=keywords, layout="transform")
    back = CardDef(name="Phyrexian Token", mana_cost=NO_MANA_COST, colors=Color(0),
                   type_line=TypeLine(types=CardType.ARTIFACT | CardType.CREATURE, subtypes=("Phyrexian",)),
                   power=PTValue(0), toughness=PTValue(0), loyalty=None, text="", abilities=(), keywords=0,
                   layout="transform")
    return dataclasses.replace(front, faces=(front, back))


_N_WORDS = {1: "a", 2: "two", 3: "three"}


@rule(r"return (?P<w>~|it) to the battlefield transformed under (?P<u>its owner's|your) control")
def _r_return_transformed(ctx: Ctx, m: re.Match[str]) -> list[Any]:
    """'When ~ dies, return it to the battlefield transformed ...' (400.7e: the card in the graveyard) and
    'When enchanted creature dies, return ~ to the battlefield transformed ...' (400.7f: the Aura's card)."""
    if ctx.kind != "triggered" or not ctx.is_permanent:
        raise NoParse("return transformed outside a triggered ability")
    ref = ctx.obj(m["w"])
    if ref.group is not None or ref.indices not in ((SELF,), (EVENT_OBJECT,)):
        raise NoParse("return transformed: what")
    if ref.indices == (EVENT_OBJECT,) and not ctx.self_gone:
        raise NoParse("return transformed: another object")
    return [ReturnTransformed(False, "you" if m["u"] == "your" else "owner", m["w"], ref.indices[0])]


def render_effect(e: object, ctx: Any) -> str | None:
    if isinstance(e, Incubate):
        twice = " twice" if e.times == 2 else ""
        if e.dynamic is not None:
            where = _x_text(e.dynamic, ctx)
            return f"incubate X{twice}{where[1:]}"
        return f"incubate {e.amount}{twice}"
    if isinstance(e, Manifest):
        text = "manifest dread" if e.dread else f"{'cloak' if e.cloak else 'manifest'} the top card of your library"
        if e.dynamic is not None:
            return f"{text}, then put x +1/+1 counters on it"
        if e.counters:
            plural = "s" if e.counters > 1 else ""
            return f"{text}, then put {_N_WORDS[e.counters]} +1/+1 counter{plural} on it"
        return text
    if isinstance(e, Transform):
        if e.group is not None:
            return f"transform {ctx.obj(e.target, e.group, plural_group=True)}"
        return f"transform {e.word}" if e.target == SELF else f"transform {ctx.obj(e.target)}"
    if isinstance(e, ReturnTransformed) and not e.exile_first:
        under = "your" if e.under == "you" else "its owner's"
        return f"return {e.word} to the battlefield transformed under {under} control"
    if isinstance(e, ReturnTransformed) and e.exile_first:
        whose = {"it": "its", "him": "his", "her": "her"}[e.word]
        under = "your" if e.under == "you" else f"{whose} owner's"
        return f"exile ~, then return {e.word} to the battlefield transformed under {under} control"
    return None


def _x_text(dynamic: Any, ctx: Any) -> str:
    """'x', or 'x, where x is ...' for a defined X (107.3c), as the renderer writes counts."""
    from content.oracle.render import count_phrase

    if dynamic.kind == "x":
        return "X"
    return f"X, where X is {count_phrase(dynamic, ctx)}"

"""Instructions that look at, reveal, search or play from the hidden zones (CR 400.2: library and hand).

* "Look at / Reveal the top N cards of your library. [You may reveal] a creature card from among them [and]
  put it into your hand. Put the rest on the bottom of your library in a random order." and relatives
  (701.16a reveal, 701.16e look at, 401.4): :class:`LookAtTop`, read over two or three sentences
  (``SENTENCE_GROUPS``); "... then put them back in any order".
* The top card: "Reveal the top card of your library. If it's a land card, put it onto the battlefield.
  Otherwise, ..." (:class:`RevealTopCard`), "... and put that card into your hand. You lose life equal to its
  mana value." (:class:`RevealTopToHand`), kinship (:class:`KinshipReveal`), "Look at the top card of target
  player's library." (:class:`LookAtTopOf`), "Reveal cards from the top of your library until ..."
  (:class:`RevealUntil`), "Exile the top card of your library. Until end of turn, you may play that card."
  (:class:`ExileTopMayPlay`, 701.14b), and the statics "Play with the top card of your library revealed." /
  "You may play lands from the top of your library." (``TOP_RULES``: PlayerRule kinds, 401.5).
* Hands: "Target opponent reveals their hand. You choose a nonland card from it. That player discards that
  card." / "Look at target player's hand and choose X cards from it. ..." (:class:`RevealHandChoose`); "You may
  put a land card from your hand onto the battlefield." (:class:`PutFromHand`); reveal-lands
  (:class:`AsEntersReveal`, 614.12).
* Library searches beyond effects.py's template (701.19): :class:`SearchCards`, :class:`SearchLibraryAndGraveyard`.
* Shuffles (701.20): :class:`Shuffle`, :class:`GraveyardToLibrary`, :class:`ShuffleCardsIn`,
  :class:`ShuffleHandDraw`; "Put target card from your graveyard on top of your library.": MoveObject.

Executed by systems/hidden_zones.py; ``render_effect`` writes them back (content/oracle/render.py asks).
"""

from __future__ import annotations

import dataclasses
import re
from typing import TYPE_CHECKING, Any

from components.abilities import Count, MayEffect, MoveObject, PermanentFilter, SearchLibrary, TargetKind
from components.hidden_zones import (
    ANY_NUMBER,
    AsEntersReveal,
    ExileTopMayPlay,
    GraveyardToLibrary,
    KinshipReveal,
    LookAtTop,
    LookAtTopOf,
    OwnerTopOrBottom,
    PutFromHand,
    RevealHandChoose,
    RevealTopCard,
    RevealTopToHand,
    RevealUntil,
    SearchCards,
    SearchLibraryAndGraveyard,
    Shuffle,
    ShuffleCardsIn,
    ShuffleHandDraw,
)
from content.oracle.effects import SENTENCE_GROUPS, Ctx, Ref, _set_fields, rule
from content.oracle.phrases import NoParse, noun_phrase
from content.oracle.words import PERMANENT_TYPES, TYPE_WORDS

if TYPE_CHECKING:
    from components.abilities import Effect

# What a card in a hidden zone has (its printed characteristics); the rest is battlefield state.
_CARD_FIELDS = {"types_any", "types_all", "types_none", "subtypes_any", "supertypes_any", "supertypes_none",
                "colors_any", "colors_none", "mana_value_at_most", "mana_value_at_least", "power_at_most",
                "power_at_least"}
_PERMANENT_TYPES = PERMANENT_TYPES  # 110.4a
_SMALL = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5}
_BASIC_LAND_TYPES = ("Plains", "Island", "Swamp", "Mountain", "Forest")


def card_filter(text: str, *, plural: bool) -> PermanentFilter | None:
    """'a creature card with mana value 3 or less' / 'land cards' / 'a noncreature, nonland card' / 'a nonland
    permanent card' -> the filter (None: any card)."""
    text = re.sub(r"\b(non[a-z]+), (?=non)", r"\1 ", text)  # "noncreature, nonland card"
    basic_type = re.search(r" with a basic land type$", text)
    if basic_type:
        text = text[:basic_type.start()]  # 205.3i: Plains, Island, Swamp, Mountain or Forest
    permanent = re.search(r"\bpermanent (?=cards?\b)", text)
    if permanent:
        text = text[:permanent.start()] + text[permanent.end():]  # "permanent card": a card of a permanent type
    noun, rest = noun_phrase(text)
    if rest or noun.head != "card" or noun.plural != plural or noun.det not in (("",) if plural else ("a",)):
        raise NoParse("card description")
    f = noun.filter()
    if set(_set_fields(f)) - _CARD_FIELDS:
        raise NoParse("card filter")
    if permanent:
        if f.types_any or f.types_all:
            raise NoParse("typed permanent card")
        f = dataclasses.replace(f, types_any=PERMANENT_TYPES)  # 110.4a
    if basic_type:
        if f.subtypes_any or f.types_any != TYPE_WORDS["land"]:
            raise NoParse("basic land type")
        f = dataclasses.replace(f, subtypes_any=_BASIC_LAND_TYPES)
    return None if f == PermanentFilter() else f


def _amount_top(ctx: Ctx, word: str, where_x: str | None) -> tuple[int, Count | None]:
    if where_x is not None:
        if word != "x":
            raise NoParse("where x")
        return 0, ctx.count(where_x)
    if ctx.x_is is not None and word == "x":
        return 0, ctx.x_is
    n = ctx.amount(word)
    if n[1] is not None and n[1].kind != "x":
        raise NoParse("amount")
    return n


_TOP = re.compile(r"(?P<verb>look at|reveal) the top (?P<n>\w+) cards of your library(?:, where x is (?P<x>.+))?")
_DEST = r"(?P<dest>into your hand|onto the battlefield(?: tapped)?|into your graveyard|back on top of your library)"
_REST = {"on the bottom of your library in a random order": "bottom_random",
         "on the bottom of your library in any order": "bottom_any",
         "into your graveyard": "graveyard"}
_REST_RE = "|".join(re.escape(k) for k in _REST)


def _pick(ctx: Ctx, text: str) -> dict[str, Any]:
    """The sentence that picks cards among those looked at (without its "and the rest ..." part)."""
    m = re.fullmatch(r"you may reveal (?P<what>.+?) from among them and put (?P<pron>it|that card|them) "
                     r"into your hand", text)
    if m:
        out = _what(m["what"], may=True)
        if (out["at_most"] == 1) != (m["pron"] != "them"):
            raise NoParse("pronoun")
        return {**out, "to": "hand", "tapped": False, "reveal_picked": True, "wording": m["pron"]}
    m = re.fullmatch(rf"(?P<may>you may )?put (?P<what>.+?) from among them {_DEST}", text)
    if m:
        out = _what(m["what"], may=bool(m["may"]))
        return {**out, **_dest(m["dest"]), "wording": "among"}
    m = re.fullmatch(rf"(?P<may>you may )?put (?P<num>(?:up to )?(?:one|two|three)) of (?P<of>them|those cards) "
                     rf"{_DEST}", text)
    if m:
        upto = m["num"].startswith("up to ")
        n = _SMALL[m["num"].removeprefix("up to ")]
        if m["may"] and (upto or n != 1):
            raise NoParse("may put N")
        least = 0 if (upto or m["may"]) else n
        return {"filter": None, "at_least": least, "at_most": n, "all_of": False, **_dest(m["dest"]),
                "wording": "of " + m["of"], "may": bool(m["may"])}
    raise NoParse("pick")


def _what(what: str, *, may: bool) -> dict[str, Any]:
    m = re.fullmatch(r"any number of (?P<rest>.+)", what)
    if m:
        return {"filter": card_filter(m["rest"], plural=True), "at_least": 0, "at_most": ANY_NUMBER,
                "all_of": False, "may": may}
    m = re.fullmatch(r"up to (?P<n>one|two|three) (?P<rest>.+)", what)
    if m and not may:
        n = _SMALL[m["n"]]
        return {"filter": card_filter(m["rest"], plural=n > 1), "at_least": 0, "at_most": n, "all_of": False,
                "may": False, "upto": True}
    m = re.fullmatch(r"all (?P<rest>.+)", what)
    if m and not may:
        return {"filter": card_filter(m["rest"], plural=True), "at_least": 0, "at_most": ANY_NUMBER,
                "all_of": True, "may": False}
    f = card_filter(what, plural=False)
    return {"filter": f, "at_least": 0 if may else 1, "at_most": 1, "all_of": False, "may": may}


def _dest(dest: str) -> dict[str, Any]:
    if dest == "back on top of your library":
        return {"to": "top", "tapped": False}  # it stays there while the others go (401.4)
    if dest.startswith("onto"):
        return {"to": "battlefield", "tapped": dest.endswith("tapped")}
    return {"to": "hand" if dest == "into your hand" else "graveyard", "tapped": False}


def _whole(read: Any) -> Any:
    """A sentence-group reader that leaves ``ctx`` as it was when it reads nothing, and otherwise leaves no
    antecedent for "it" / "that card" (the cards it moved are not references an effect can hold)."""
    def reader(ctx: Ctx, sentences: list[str], i: int) -> tuple[list[Effect], int] | None:
        snap = ctx.snapshot()
        got = read(ctx, sentences, i)
        if got is None:
            ctx.restore(snap)
        else:
            ctx.it = Ref()
        return got
    reader.__doc__ = read.__doc__
    return reader


@_whole
def read_look_at_top(ctx: Ctx, sentences: list[str], i: int) -> tuple[list[Effect], int] | None:
    """'Look at the top N cards of your library. <pick>. Put the rest <where>.' (CR 701.16)."""
    first = sentences[i].strip().rstrip(".")
    m = re.fullmatch(_TOP.pattern + r"(?:, (?P<tail>.+))?", first)
    if not m:
        return None
    try:
        amount, dynamic = _amount_top(ctx, m["n"], m["x"])
        reveal = m["verb"] == "reveal"
        tail = m["tail"]
        if tail == "then put them back in any order" and not reveal:
            # "Look at the top four cards of your library, then put them back in any order."
            return [LookAtTop(amount, dynamic, False, None, 0, 0, rest="top_any", wording="back")], 1
        if tail is not None:
            # "look at the top five cards of your library, put one of them into your hand, and exile the rest"
            mm = re.fullmatch(r"(?P<pick>.+), and exile the rest", tail)
            if not mm:
                raise NoParse("look at: tail")
            p = _pick(ctx, mm["pick"])
            return [_effect(amount, dynamic, reveal, p, "exile", joined=True)], 1
        if i + 1 >= len(sentences):
            return None
        second = sentences[i + 1].strip().rstrip(".")
        mm = re.fullmatch(rf"(?P<pick>.+?) and the (?P<word>rest|other) (?P<rest>{_REST_RE}|on the bottom of your "
                          r"library)", second)
        if mm:
            p = _pick(ctx, mm["pick"])
            if mm["word"] == "other" or mm["rest"] == "on the bottom of your library":
                # "Put one of them into your hand and the other on the bottom of your library." (two cards)
                if not (mm["word"] == "other" and mm["rest"] == "on the bottom of your library" and dynamic is None
                        and amount == 2 and p["at_least"] == p["at_most"] == 1):
                    raise NoParse("the other")
                return [_effect(amount, dynamic, reveal, p, "bottom", joined=True)], 2
            return [_effect(amount, dynamic, reveal, p, _REST[mm["rest"]], joined=True)], 2
        p = _pick(ctx, second)
        if i + 2 >= len(sentences):
            raise NoParse("look at: the rest")
        third = sentences[i + 2].strip().rstrip(".")
        mm = re.fullmatch(rf"(?P<then>then )?put the rest (?P<rest>{_REST_RE})", third)
        if not mm:
            raise NoParse("look at: the rest")
        return [_effect(amount, dynamic, reveal, p, _REST[mm["rest"]], then=bool(mm["then"]))], 3
    except NoParse:
        return None


def _effect(amount: int, dynamic: Count | None, reveal: bool, p: dict[str, Any], rest: str, *,
            joined: bool = False, then: bool = False) -> LookAtTop:
    f = p["filter"]
    if p["to"] == "battlefield":
        types = (f.types_any | f.types_all) if f is not None else 0
        if not types or types & ~_PERMANENT_TYPES:
            raise NoParse("a nonpermanent card onto the battlefield")
    if p.get("upto") and p["wording"] != "among":
        raise NoParse("up to")
    return LookAtTop(amount, dynamic, reveal, f, p["at_least"], p["at_most"], p["all_of"], p["to"], p["tapped"],
                     p.get("reveal_picked", False), rest, p["wording"], joined, then, p["may"])


# ------------------------------------------------------------------ hands

_HAND_PLAYER = r"(?P<player>target player|target opponent|that player|each opponent)"


@_whole
def read_reveal_hand(ctx: Ctx, sentences: list[str], i: int) -> tuple[list[Effect], int] | None:
    """'Target opponent reveals their hand. You choose a nonland card from it. That player discards that card.'
    / 'Look at target player's hand and choose X cards from it. That player discards those cards.'"""
    first = sentences[i].strip().rstrip(".")
    try:
        m = re.fullmatch(r"look at (?P<player>target player|target opponent)'s hand and choose (?P<n>up to \w+|\w+) "
                         r"cards? from it", first)
        if m:
            who = ctx.player(m["player"])
            upto = m["n"].startswith("up to ")
            amount = ctx.amount(m["n"].removeprefix("up to "))
            if i + 1 >= len(sentences) or sentences[i + 1].strip().rstrip(".") != \
                    ("that player discards that card" if m["n"] in ("a", "one") else "that player discards those cards"):
                raise NoParse("look at hand: then")
            return [RevealHandChoose(who, False, None, amount[0], amount[1], upto, False, "discard", True)], 2
        m = re.fullmatch(rf"(?:{_HAND_PLAYER} reveals their hand|look at (?P<lp>target player|target opponent)'s "
                         r"hand)", first)
        if not m or i + 2 >= len(sentences):
            return None
        reveal = m["player"] is not None
        if m["player"] == "each opponent":
            raise NoParse("each opponent reveals")
        who = ctx.player(m["player"] or m["lp"])
        second = sentences[i + 1].strip().rstrip(".")
        mm = re.fullmatch(r"you (?P<may>may )?choose (?P<what>an? .+?) from it(?P<post> with .+)?", second)
        if not mm:
            raise NoParse("reveal hand: choose")
        f = card_filter(mm["what"] + (mm["post"] or ""), plural=False)
        third = sentences[i + 2].strip().rstrip(".")
        then = {"that player discards that card": "discard", "exile that card": "exile",
                "exile that card until ~ leaves the battlefield": "exile_until"}.get(third)
        if then is None:
            raise NoParse("reveal hand: then")
        if then == "exile_until" and (ctx.kind != "triggered" or not ctx.is_permanent):
            raise NoParse("until ~ leaves")  # (an ability of a permanent, 610.3)
        if mm["may"] and reveal:
            raise NoParse("may choose from a revealed hand")  # (the cards then say "If you do, ...")
        return [RevealHandChoose(who, reveal, f, 1, None, bool(mm["may"]), bool(mm["may"]), then)], 3
    except NoParse:
        return None


@rule(rf"{_HAND_PLAYER} reveals their hand")
def _r_reveal_hand(ctx: Ctx, m: re.Match[str]) -> list[Effect]:
    """'Target player reveals their hand.' (701.16a): all players see it."""
    if m["player"] == "each opponent":
        raise NoParse("each opponent reveals")
    return [RevealHandChoose(ctx.player(m["player"]))]


@rule(r"look at (?P<player>target player|target opponent)'s hand")
def _r_look_at_hand(ctx: Ctx, m: re.Match[str]) -> list[Effect]:
    """'Look at target player's hand.' (701.16e): only the controller sees it."""
    return [RevealHandChoose(ctx.player(m["player"]), reveal=False)]


@rule(r"put (?P<what>an? .+?|up to (?:one|two|three) .+?|any number of .+?) from your hand onto the battlefield"
      r"(?P<tapped> tapped)?")
def _r_put_from_hand(ctx: Ctx, m: re.Match[str]) -> list[Effect]:
    """'[You may] put a land card from your hand onto the battlefield [tapped].' (not playing it, 305.4)."""
    what = m["what"]
    mm = re.fullmatch(r"(?P<n>up to (?:one|two|three)|any number of) (?P<rest>.+)", what)
    if mm:
        n = ANY_NUMBER if mm["n"] == "any number of" else _SMALL[mm["n"].split()[-1]]
        f = card_filter(mm["rest"], plural=n > 1)
    else:
        n, f = 1, card_filter(what, plural=False)
    types = (f.types_any | f.types_all) if f is not None else 0
    if f is None or not types or types & ~_PERMANENT_TYPES:
        raise NoParse("a nonpermanent card onto the battlefield")
    ctx.it = Ref()  # "that creature" would be the card put onto the battlefield: not a reference held
    return [PutFromHand(f, n, bool(m["tapped"]))]


@rule(r"each player may put (?P<what>an? .+? card) from their hand onto the battlefield")
def _r_each_put_from_hand(ctx: Ctx, m: re.Match[str]) -> list[Effect]:
    """'Each player may put an artifact, creature, enchantment, or land card from their hand onto the battlefield.'
    (each player chooses in APNAP order, 101.4; then the cards enter at the same time)."""
    f = card_filter(m["what"], plural=False)
    types = (f.types_any | f.types_all) if f is not None else 0
    if f is None or not types or types & ~_PERMANENT_TYPES:
        raise NoParse("a nonpermanent card onto the battlefield")
    ctx.it = Ref()
    return [PutFromHand(f, 1, False, each_player=True)]


@rule(r"(?P<obj>target [^']+?)'s owner puts it on their choice of the top or bottom of their library")
def _r_owner_top_or_bottom(ctx: Ctx, m: re.Match[str]) -> list[Effect]:
    """'Target creature's owner puts it on their choice of the top or bottom of their library.' (401.4)."""
    ref = ctx.obj(m["obj"], plural_ok=False)
    if len(ref.indices) != 1 or ref.indices[0] < 0:
        raise NoParse("one target")
    return [OwnerTopOrBottom(ref.indices[0])]


# ------------------------------------------------------------------ graveyards


@rule(r"(?:(?P<player>target player|target opponent|each player) shuffles their|shuffle your) graveyard into "
      r"(?:their|your) library")
def _r_shuffle_graveyard(ctx: Ctx, m: re.Match[str]) -> list[Effect]:
    """'Target player shuffles their graveyard into their library.' (701.20a)."""
    text = m.group(0)
    if (m["player"] is None) != text.endswith("your library"):
        raise NoParse("whose library")
    who = ctx.player(m["player"]) if m["player"] else ctx.player("you")
    return [GraveyardToLibrary(who, "library")]


@rule(r"(?:shuffle the cards from your hand into your library, then draw|(?P<player>each player|target player) "
      r"shuffles the cards from their hand into their library, then draws) that many cards")
def _r_shuffle_hand_draw(ctx: Ctx, m: re.Match[str]) -> list[Effect]:
    """'Shuffle the cards from your hand into your library, then draw that many cards.' (701.20a, 121.1)."""
    return [ShuffleHandDraw(ctx.player(m["player"]) if m["player"] else ctx.player("you"))]


def _from_your_graveyard(ctx: Ctx, ref: Ref) -> None:
    """Each of ``ref``'s objects is a target card in your graveyard (a card you own, 404.2), or the line isn't read."""
    for index in ref.indices:
        spec = ctx.targets[index] if index >= 0 else None
        if spec is None or spec.kind != TargetKind.CARD_IN_GRAVEYARD or spec.filter is None \
                or spec.filter.controller != "you":
            raise NoParse("a card from your graveyard")


@rule(r"shuffle (?P<obj>.+?) from your graveyard into your library")
def _r_shuffle_cards_in(ctx: Ctx, m: re.Match[str]) -> list[Effect]:
    """'Shuffle up to three target cards from your graveyard into your library.' / 'Shuffle all creature cards
    from your graveyard into your library.' (701.20a)."""
    obj = m["obj"]
    mm = re.fullmatch(r"all (?P<what>.+)", obj)
    if mm:
        return [ShuffleCardsIn((), card_filter(mm["what"], plural=True) or PermanentFilter())]
    ref = ctx.obj(obj + " from your graveyard")
    if ref.group is not None or not ref.indices:
        raise NoParse("shuffle what")
    _from_your_graveyard(ctx, ref)
    return [ShuffleCardsIn(ref.indices)]


@rule(r"put (?P<obj>.+?) on (?P<where>top|the bottom) of your library")
def _r_graveyard_card_to_library(ctx: Ctx, m: re.Match[str]) -> list[Effect]:
    """'Put target artifact card from your graveyard on top of your library.': a card you own (404.2)."""
    ref = ctx.obj(m["obj"])
    if ref.group is not None or not ref.indices:
        raise NoParse("put what")
    _from_your_graveyard(ctx, ref)
    to = "library_top" if m["where"] == "top" else "library_bottom"
    return [MoveObject(index, to) for index in ref.indices]


_WHERE = {"onto the battlefield": "battlefield", "onto the battlefield tapped": "battlefield",
          "into your hand": "hand", "into your graveyard": "graveyard", "on the bottom of your library": "bottom"}
_WHERE_RE = "|".join(re.escape(k) for k in sorted(_WHERE, key=len, reverse=True))


@_whole
def read_reveal_top_card(ctx: Ctx, sentences: list[str], i: int) -> tuple[list[Effect], int] | None:
    """'Reveal the top card of your library. If it's a land card, put it onto the battlefield. Otherwise, put
    it into your hand.' (701.16a; "look at", 701.16e)."""
    first = sentences[i].strip().rstrip(".")
    m = re.fullmatch(r"(?P<verb>reveal|look at) the top card of your library", first)
    if not m or i + 1 >= len(sentences):
        return None
    reveal = m["verb"] == "reveal"
    second = sentences[i + 1].strip().rstrip(".")
    mm = re.fullmatch(rf"if (?P<cond>it's|that card is) (?P<what>an? .+? card(?: with [^,]+)?), (?P<may>you may )?"
                      rf"(?P<rev>reveal it and )?put (?:it|that card) (?P<to>{_WHERE_RE})", second)
    if not mm:
        return None
    try:
        f = card_filter(mm["what"], plural=False)
    except NoParse:
        return None
    if bool(mm["rev"]) != (not reveal and mm["to"] == "into your hand" and bool(mm["may"])):
        return None  # "reveal it and" only for a card looked at and put into a hand, after "you may"
    to = _WHERE[mm["to"]]
    if to == "battlefield" and (f is None or not (f.types_any | f.types_all)
                                or (f.types_any | f.types_all) & ~_PERMANENT_TYPES):
        return None
    used = 2
    otherwise, may_else, not_moved = "", False, False
    if i + 2 < len(sentences):
        third = sentences[i + 2].strip().rstrip(".")
        m3 = re.fullmatch(rf"(?P<lead>otherwise|if you don't put the card (?:{_WHERE_RE})), (?P<may>you may )?put "
                          rf"(?:it|that card) (?P<to>{_WHERE_RE})", third)
        if m3:
            if m3["lead"] != "otherwise":
                if m3["lead"] != f"if you don't put the card {mm['to']}" or not mm["may"]:
                    return None
                not_moved = True
            otherwise, may_else, used = _WHERE[m3["to"]], bool(m3["may"]), 3
            if otherwise == "battlefield":
                return None
    if not otherwise and not mm["may"] and not reveal:
        return None  # (a card looked at and put somewhere only if it matches: read above with "you may")
    return [RevealTopCard(reveal, f, to, mm["to"].endswith("tapped"), bool(mm["may"]), bool(mm["rev"]), otherwise,
                          may_else, not_moved, mm["cond"])], used


_UNTIL_FRONT = {"until end of turn": "turn", "until the end of your next turn": "next_turn"}
_UNTIL_BACK = {"this turn": "turn", "until the end of your next turn": "next_turn",
               "for as long as it remains exiled": "exiled", "for as long as they remain exiled": "exiled"}


@_whole
def read_exile_top_may_play(ctx: Ctx, sentences: list[str], i: int) -> tuple[list[Effect], int] | None:
    """'Exile the top card of your library. Until end of turn, you may play that card.' (701.14b)."""
    first = sentences[i].strip().rstrip(".")
    m = re.fullmatch(r"exile the top (?:card|(?P<n>\w+) cards) of your library", first)
    if not m or i + 1 >= len(sentences):
        return None
    second = sentences[i + 1].strip().rstrip(".")
    front = "|".join(re.escape(k) for k in _UNTIL_FRONT)
    back = "|".join(re.escape(k) for k in _UNTIL_BACK)
    pron = r"(?P<pron>that card|those cards|them|cards exiled this way)"
    mm = re.fullmatch(rf"(?P<front>{front}), you may (?P<verb>play|cast) {pron}", second) or \
        re.fullmatch(rf"you may (?P<verb>play|cast) {pron} (?P<back>{back})", second)
    if not mm:
        return None
    try:
        amount, dynamic = (1, None) if m["n"] is None else _amount_top(ctx, m["n"], None)
    except NoParse:
        return None
    one = m["n"] is None
    if (mm["pron"] == "that card") != one or (mm["pron"] == "cards exiled this way" and one):
        return None
    groups = mm.groupdict()
    until = _UNTIL_FRONT[groups["front"]] if groups.get("front") else _UNTIL_BACK[groups["back"]]
    if until == "exiled" and groups["back"] != ("for as long as it remains exiled" if one
                                                else "for as long as they remain exiled"):
        return None
    return [ExileTopMayPlay(amount, dynamic, until, mm["verb"] == "play", "front" if groups.get("front") else "",
                            mm["pron"])], 2


# ------------------------------------------------------------------ library searches (701.19)

_SEARCH_WHAT = r"(?P<what>(?:an? .+? cards?|up to (?:one|two|three) .+? cards|any number of .+? cards)(?: with [^,]+)?)"
_SEARCH_TO = r"(?P<to>onto the battlefield(?: tapped)?|into (?:your|their) hand|into (?:your|their) graveyard|exile)"


def _search_what(ctx: Ctx, what: str) -> tuple[PermanentFilter, int, tuple[PermanentFilter, ...]]:
    """(the cards' description, how many, other descriptions any of which will do: "basic land cards and/or Gate
    cards")."""
    m = re.fullmatch(r"(?:up to (?P<n>one|two|three)|(?P<any>any number of)) (?P<rest>.+)", what)
    if m:
        n = ANY_NUMBER if m["any"] else _SMALL[m["n"]]
        either = re.fullmatch(r"(?P<a>.+? cards) and/or (?P<b>.+? cards)", m["rest"])
        if either and n > 1:
            a, b = card_filter(either["a"], plural=True), card_filter(either["b"], plural=True)
            if a is None or b is None:
                raise NoParse("any card")
            return a, n, (b,)
        return card_filter(m["rest"], plural=n > 1) or PermanentFilter(), n, ()
    return card_filter(what, plural=False) or PermanentFilter(), 1, ()


def _search_dest(to: str, f: PermanentFilter) -> tuple[str, bool]:
    if to == "exile":
        return "exile", False
    if to.startswith("onto"):
        types = f.types_any | f.types_all
        if types & ~_PERMANENT_TYPES or not (types or f.subtypes_any):
            raise NoParse("a nonpermanent card onto the battlefield")  # ("a Mountain card": a land, 205.3i)
        return "battlefield", to.endswith("tapped")
    return ("hand" if to.endswith("hand") else "graveyard"), False


@rule(rf"search your library for {_SEARCH_WHAT}, (?:(?P<reveal>reveal (?:it|them|that card|those cards)), )?"
      rf"(?:put|(?P<exile>exile)) (?P<put>it|that card|them|those cards)(?: {_SEARCH_TO})?, then shuffle")
def _r_search_cards(ctx: Ctx, m: re.Match[str]) -> list[Effect]:
    """'Search your library for a Mercenary permanent card with mana value 2 or less, put it onto the battlefield,
    then shuffle.' / '... for up to two Forest cards, reveal those cards, put them into your hand, ...' (701.19)."""
    f, n, alt = _search_what(ctx, m["what"])
    if bool(m["exile"]) == bool(m["to"]) or m["to"] == "exile":
        raise NoParse("search: where")  # "put it <where>" or "exile it"
    to_text = "exile" if m["exile"] else m["to"]
    if (n == 1) != (m["put"] in ("it", "that card")) or to_text.endswith(("their hand", "their graveyard")):
        raise NoParse("search: pronoun")
    reveal = m["reveal"].removeprefix("reveal ") if m["reveal"] else ""
    if reveal and (n == 1) != (reveal in ("it", "that card")):
        raise NoParse("search: pronoun")
    to, tapped = _search_dest(to_text, f)
    for g in alt:
        _search_dest(to_text, g)
    return [SearchCards(SearchLibrary(f, to, tapped, n, bool(reveal)), None, False, False, reveal, m["put"], alt)]


@rule(rf"search your library for (?P<a>an? .+? card) (?P<join>or|and) (?P<b>(?:an? )?[^,]+? card), "
      rf"(?:(?P<reveal>reveal (?:it|them|that card|those cards)), )?put (?P<put>it|that card|them|those cards) "
      rf"{_SEARCH_TO}, then shuffle")
def _r_search_either(ctx: Ctx, m: re.Match[str]) -> list[Effect]:
    """'Search your library for a basic land card or a Desert card, put it onto the battlefield, then shuffle.' /
    '... for a Forest card and a Plains card, put them onto the battlefield tapped, then shuffle.' (701.19)."""
    both = m["join"] == "and"
    article = bool(re.match(r"an? ", m["b"]))
    if both and not article:
        raise NoParse("and card")
    f = card_filter(m["a"], plural=False)
    g = card_filter(m["b"] if article else "a " + m["b"], plural=False)
    if f is None or g is None:
        raise NoParse("any card")
    plural_words = ("them", "those cards")
    if (m["put"] in plural_words) != both or (m["reveal"] and (m["reveal"].split(" ", 1)[1] in plural_words) != both):
        raise NoParse("search: pronoun")
    if m["to"].endswith(("their hand", "their graveyard")):
        raise NoParse("search: whose zone")
    to, tapped = _search_dest(m["to"], f)
    _search_dest(m["to"], g)
    reveal = m["reveal"].removeprefix("reveal ") if m["reveal"] else ""
    return [SearchCards(SearchLibrary(f, to, tapped, 2 if both else 1, bool(reveal)), None, False, False, reveal,
                        m["put"], () if both else (g,), (g,) if both else (), article)]


@rule(r"search your library for (?P<what>an? (?:.+? )?card), (?P<reveal>reveal it, )?then shuffle and put "
      r"(?P<put>that card|it|the card) on top")
def _r_search_top(ctx: Ctx, m: re.Match[str]) -> list[Effect]:
    """'Search your library for a card, then shuffle and put that card on top.' (701.19, 701.20b: the card found
    isn't shuffled)."""
    f = card_filter(m["what"], plural=False) or PermanentFilter()
    return [SearchCards(SearchLibrary(f, "library_top", False, 1, bool(m["reveal"])), None, False, False,
                        "it" if m["reveal"] else "", m["put"])]


@rule(r"search your library for up to two (?P<what>.+? cards), reveal those cards, put one onto the battlefield "
      r"tapped and the other into your hand, then shuffle")
def _r_search_split(ctx: Ctx, m: re.Match[str]) -> list[Effect]:
    """'Search your library for up to two basic land cards, reveal those cards, put one onto the battlefield
    tapped and the other into your hand, then shuffle.' (701.19)."""
    f, _, alt = _search_what(ctx, "up to two " + m["what"])
    for g in (f, *alt):
        _search_dest("onto the battlefield", g)
    return [SearchCards(SearchLibrary(f, "battlefield", True, 2, True), None, False, True, "those cards", "one", alt)]


@rule(rf"(?P<player>its controller|that player|target player|target opponent) (?P<may>may search|searches) their "
      rf"library for (?P<what>an? .+? card), (?P<reveal>reveals? (?:it|that card), )?(?P<put>puts?) "
      rf"(?P<pron>it|that card) {_SEARCH_TO}, then shuffles?")
def _r_player_searches(ctx: Ctx, m: re.Match[str]) -> list[Effect]:
    """'Its controller may search their library for a basic land card, put it onto the battlefield tapped, then
    shuffle.' (701.19): that player searches, finds and puts the card (under their control, 110.2a)."""
    may = m["may"] == "may search"
    third = not may  # "searches ..., puts it ..., then shuffles" / "may search ..., put it ..., then shuffle"
    if (m["put"] == "puts") != third or m.group(0).endswith("shuffles") != third \
            or (m["reveal"] and m["reveal"].startswith("reveals") != third):
        raise NoParse("search: verbs")
    if m["to"].endswith(("your hand", "your graveyard")):
        raise NoParse("search: whose zone")
    who = ctx.player(m["player"])
    f = card_filter(m["what"], plural=False) or PermanentFilter()
    to, tapped = _search_dest(m["to"], f)
    reveal = m["reveal"].split(" ", 1)[1].rstrip(", ") if m["reveal"] else ""
    return [SearchCards(SearchLibrary(f, to, tapped, 1, bool(reveal)), who, may, False, reveal, m["pron"])]


# ------------------------------------------------------------------ the top of a library, hands (401.5, 402.3)

# Static abilities that change what players may see or play (PlayerRule kinds, systems/hidden_zones.py).
TOP_RULES = {
    "play with the top card of your library revealed": "top_revealed",
    "players play with the top card of their libraries revealed": "top_revealed_all",
    "you may look at the top card of your library any time": "top_look",
    "you may play lands from the top of your library": "top_play_lands",
    "you may play lands and cast spells from the top of your library": "top_play",
    "you may cast creature spells from the top of your library": "top_cast_creatures",
    "players play with their hands revealed": "hands_revealed_all",
}
_TOP_TEXT = {v: k[:1].upper() + k[1:] + "." for k, v in TOP_RULES.items()}


_REVEAL_LAND = re.compile(r"as ~ enters, you may reveal (?P<what>an? .+? card) from your hand\. if you don't, ~ "
                          r"enters tapped\.?")


def read_top_rule(line: str, raw: str, name: str, types: Any) -> Any:
    from components.abilities import PlayerRule

    low = line.strip().lower()
    kind = TOP_RULES.get(low.rstrip("."))
    if kind is not None:
        return PlayerRule(raw.strip(), kind)
    m = _REVEAL_LAND.fullmatch(low)
    if m and int(types) & TYPE_WORDS["land"]:
        try:
            f = card_filter(m["what"], plural=False)
        except NoParse:
            return None
        if f is not None:
            return AsEntersReveal(line.strip(), f)  # a reveal-land (614.12)
    return None


def render_top_rule(abilities: list[object]) -> str | None:
    from components.abilities import PlayerRule

    if len(abilities) == 1 and isinstance(abilities[0], PlayerRule) and abilities[0].kind in _TOP_TEXT:
        return _TOP_TEXT[abilities[0].kind]
    if len(abilities) == 1 and isinstance(abilities[0], AsEntersReveal):
        what = _a(card_noun(abilities[0].filter, plural=False))
        return f"As ~ enters, you may reveal {what} from your hand. If you don't, ~ enters tapped."
    return None


def _register_top_rules() -> None:
    from content import registry

    registry.reader(read_top_rule, priority=40)
    registry.renderer(render_top_rule, priority=50)


_register_top_rules()


@rule(r"(?:(?P<player>target player|each player) shuffles(?: their library)?|shuffle(?: your library)?)")
def _r_shuffle(ctx: Ctx, m: re.Match[str]) -> list[Effect]:
    """'Target player shuffles.' / '[You may] shuffle.' (701.20a)."""
    who = ctx.player(m["player"]) if m["player"] else ctx.player("you")
    return [Shuffle(who, m.group(0).endswith("library"))]


@_whole
def read_kinship(ctx: Ctx, sentences: list[str], i: int) -> tuple[list[Effect], int] | None:
    """Kinship: 'Look at the top card of your library. If it shares a creature type with ~, you may reveal it. If
    you do, <effects>.' (701.16)."""
    if i + 2 >= len(sentences) or not ctx.is_permanent:
        return None
    first, second, third = (x.strip().rstrip(".") for x in sentences[i:i + 3])
    may = first.startswith("you may ")
    if first.removeprefix("you may ") != "look at the top card of your library" or \
            second != "if it shares a creature type with ~, you may reveal it" or not third.startswith("if you do, "):
        return None
    from content.oracle.effects import sentence

    try:
        inner = sentence(ctx, third[len("if you do, "):])
    except NoParse:
        return None
    e = KinshipReveal(tuple(inner))
    return ([MayEffect((e,))] if may else [e]), 3


@_whole
def read_reveal_until(ctx: Ctx, sentences: list[str], i: int) -> tuple[list[Effect], int] | None:
    """'Reveal cards from the top of your library until you reveal a white card. Put that card into your hand and
    exile all other cards revealed this way.' and relatives (701.16a)."""
    if i + 1 >= len(sentences):
        return None
    first, second = (x.strip().rstrip(".") for x in sentences[i:i + 2])
    m = re.fullmatch(r"reveal cards from the top of your library until you reveal (?P<what>an? .+? card)", first)
    if m:
        try:
            f = card_filter(m["what"], plural=False)
        except NoParse:
            return None
        mm = re.fullmatch(r"put that card (?P<to>into your hand|onto the battlefield) and (?P<rest>the rest on the "
                          r"bottom of your library in a random order|exile all other cards revealed this way)", second)
        if not mm or f is None:
            return None
        to = "hand" if mm["to"] == "into your hand" else "battlefield"
        if to == "battlefield" and (not (f.types_any | f.types_all) or (f.types_any | f.types_all) & ~_PERMANENT_TYPES):
            return None
        rest = "exile" if mm["rest"].startswith("exile") else "bottom_random"
        return [RevealUntil(ctx.player("you"), f, 1, to, rest)], 2
    m = re.fullmatch(r"(?P<player>target player|target opponent) reveals cards from the top of their library until "
                     r"(?P<n>two|three|four|five) (?P<what>.+? cards) are revealed", first)
    if m and second == "that player puts all cards revealed this way into their graveyard":
        try:
            f = card_filter(m["what"], plural=True)
        except NoParse:
            return None
        if f is None:
            return None
        return [RevealUntil(ctx.player(m["player"]), f, _SMALL[m["n"]], "graveyard", "graveyard")], 2
    return None


@_whole
def read_search_library_and_graveyard(ctx: Ctx, sentences: list[str], i: int) -> tuple[list[Effect], int] | None:
    """'[You may] search your library and/or graveyard for a card named X, reveal it, and put it into your hand.
    If you search your library this way, shuffle.' (701.19)."""
    m = re.fullmatch(r"(?P<may>you may )?search your library and/or graveyard for a card named (?P<name>[^.]+?), "
                     r"reveal it, and put it into your hand", sentences[i].strip().rstrip("."))
    if not m or i + 1 >= len(sentences) or \
            sentences[i + 1].strip().rstrip(".") != "if you search your library this way, shuffle":
        return None
    e = SearchLibraryAndGraveyard(m["name"].strip())
    return ([MayEffect((e,))] if m["may"] else [e]), 2


@_whole
def read_look_at_top_of(ctx: Ctx, sentences: list[str], i: int) -> tuple[list[Effect], int] | None:
    """'Look at the top card of target player's library. [You may put that card into that player's
    graveyard.]' (701.16e)."""
    first = sentences[i].strip().rstrip(".")
    m = re.fullmatch(r"(?P<player>target player|target opponent) reveals the top card of their library", first)
    if m:
        return [LookAtTopOf(ctx.player(m["player"]), reveal=True)], 1
    m = re.fullmatch(r"look at the top card of (?P<player>target player|target opponent)'s library", first)
    if not m:
        return None
    who = ctx.player(m["player"])
    if i + 1 < len(sentences) and sentences[i + 1].strip().rstrip(".") == \
            "you may put that card into that player's graveyard":
        return [LookAtTopOf(who, True)], 2
    return [LookAtTopOf(who)], 1


@_whole
def read_reveal_top_to_hand(ctx: Ctx, sentences: list[str], i: int) -> tuple[list[Effect], int] | None:
    """'Reveal the top card of your library and put that card into your hand. You gain life equal to its mana
    value.' (701.16a)."""
    m = re.fullmatch(r"reveal the top card of your library and put (?P<pron>that card|it) into your hand",
                     sentences[i].strip().rstrip("."))
    if not m:
        return None
    if i + 1 < len(sentences):
        mm = re.fullmatch(r"you (?P<life>gain|lose) life equal to (?P<its>its|the card's|that card's) mana value",
                          sentences[i + 1].strip().rstrip("."))
        if mm:
            return [RevealTopToHand(mm["life"], m["pron"], mm["its"])], 2
    return [RevealTopToHand("", m["pron"])], 1


def read_then_put_from_hand(ctx: Ctx, sentences: list[str], i: int) -> tuple[list[Effect], int] | None:
    """'Draw a card, then you may put a land card from your hand onto the battlefield.': the same instructions
    as two sentences; ``after_then`` only keeps the wording for the renderer."""
    m = re.fullmatch(r"(?P<left>draw .+?), then (?P<right>(?:you may )?put [^,]+? from your hand onto the "
                     r"battlefield(?: tapped)?)", sentences[i].strip().rstrip("."))
    if not m:
        return None
    from content.oracle.effects import sentence

    snap = ctx.snapshot()
    try:
        left = sentence(ctx, m["left"])
        right = sentence(ctx, m["right"])
    except NoParse:
        ctx.restore(snap)
        return None
    if len(right) != 1:
        ctx.restore(snap)
        return None
    e = right[0]
    if isinstance(e, PutFromHand):
        right = [dataclasses.replace(e, after_then=True)]
    elif isinstance(e, MayEffect) and len(e.effects) == 1 and isinstance(e.effects[0], PutFromHand) and not e.then:
        right = [MayEffect((dataclasses.replace(e.effects[0], after_then=True),))]
    else:
        ctx.restore(snap)
        return None
    return left + right, 1


SENTENCE_GROUPS.extend([read_then_put_from_hand, read_reveal_top_to_hand, read_look_at_top_of,
                        read_search_library_and_graveyard, read_reveal_until, read_kinship])
SENTENCE_GROUPS.extend([read_look_at_top, read_reveal_hand, read_reveal_top_card, read_exile_top_may_play])


# ------------------------------------------------------------------ writing them back


def card_noun(f: PermanentFilter | None, *, plural: bool) -> str:
    """'creature card with mana value 3 or less', 'Dragon creature cards', 'creature and/or land cards',
    'nonland permanent card', 'noncreature, nonland card'."""
    from content.oracle.render import noun

    permanent = f is not None and f.types_any == PERMANENT_TYPES
    if permanent:
        assert f is not None
        f = dataclasses.replace(f, types_any=0)
    basic_type = f is not None and f.subtypes_any == _BASIC_LAND_TYPES
    if basic_type:
        assert f is not None
        f = dataclasses.replace(f, subtypes_any=())
    text = noun(f or PermanentFilter(), base="card", head="card")
    if basic_type:
        text += " with a basic land type"
    if permanent:
        text = re.sub(r"\bcard\b", "permanent card", text, count=1)
    if f is not None and bin(f.types_none).count("1") > 1:
        text = re.sub(r"\b(non[a-z]+) (?=non)", r"\1, ", text)  # "noncreature, nonland card"
    if plural:
        text = re.sub(r"\bcard\b", "cards", text, count=1)
        if f is not None and bin(f.types_any).count("1") > 1 and not permanent:
            text = text.replace(", or ", ", and/or ") if ", or " in text else text.replace(" or ", " and/or ", 1)
    return text


def _a(word: str) -> str:
    return ("an " if word[:1].lower() in "aeiou" else "a ") + word


_NUMBER_WORD = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight",
                9: "nine", 10: "ten"}
_REST_TEXT = {v: k for k, v in _REST.items()}


def render_effect(e: object, ctx: Any) -> str | None:
    """The Oracle text of one of this module's effects (content/oracle/render.py asks), or None."""
    from content.oracle.render import count_phrase

    if isinstance(e, LookAtTop):
        n = "x" if e.dynamic is not None else _NUMBER_WORD.get(e.amount, str(e.amount))
        head = f"{'reveal' if e.reveal else 'look at'} the top {n} cards of your library"
        if e.dynamic is not None and e.dynamic.kind != "x":
            head += f", where x is {count_phrase(e.dynamic, ctx)}"
        if e.rest == "top_any":
            return head + ", then put them back in any order"
        dest = {"hand": "into your hand", "graveyard": "into your graveyard", "top": "back on top of your library",
                "battlefield": "onto the battlefield" + (" tapped" if e.tapped else "")}[e.to]
        may = "you may " if e.may else ""
        if e.wording in ("it", "that card", "them"):
            what = _what_text(e)
            pick = f"you may reveal {what} from among them and put {e.wording} into your hand"
        elif e.wording == "among":
            pick = f"{may}put {_what_text(e)} from among them {dest}"
        else:
            num = ("up to " if e.at_least == 0 and not e.may else "") + _NUMBER_WORD[e.at_most]
            pick = f"{may}put {num} {e.wording} {dest}"
        if e.rest == "exile":
            return f"{head}, {pick}, and exile the rest"
        if e.rest == "bottom":
            return f"{head}. {_cap(pick)} and the other on the bottom of your library"
        if e.joined:
            return f"{head}. {_cap(pick)} and the rest {_REST_TEXT[e.rest]}"
        then = "then " if e.then_rest else ""
        return f"{head}. {_cap(pick)}. {_cap(then + 'put the rest ' + _REST_TEXT[e.rest])}"
    if isinstance(e, RevealHandChoose):
        who = ctx.player(e.player)
        if e.joined:
            n = _amount_text(e, ctx)
            card = "card" if e.amount == 1 and e.dynamic is None else "cards"
            those = "that card" if card == "card" else "those cards"
            return f"look at {who}'s hand and choose {n} {card} from it. That player discards {those}"
        text = f"{who} reveals their hand" if e.reveal else f"look at {who}'s hand"
        if not e.then:
            return text
        what = _a(card_noun(e.filter, plural=False))
        post = ""
        k = what.find(" card with ")
        if k >= 0:
            what, post = what[: k + 5], what[k + 5:]
        then = {"discard": "That player discards that card", "exile": "Exile that card",
                "exile_until": "Exile that card until ~ leaves the battlefield"}[e.then]
        return f"{text}. You {'may ' if e.may else ''}choose {what} from it{post}. {then}"
    if isinstance(e, OwnerTopOrBottom):
        return f"{ctx.obj(e.target)}'s owner puts it on their choice of the top or bottom of their library"
    if isinstance(e, PutFromHand):
        if e.each_player:
            return f"each player may put {_a(card_noun(e.filter, plural=False))} from their hand onto the battlefield"
        if e.amount == 1:
            what = _a(card_noun(e.filter, plural=False))
        else:
            what = ("any number of " if e.amount == ANY_NUMBER else f"up to {_NUMBER_WORD[e.amount]} ") + \
                card_noun(e.filter, plural=True)
        return f"put {what} from your hand onto the battlefield" + (" tapped" if e.tapped else "")
    if isinstance(e, RevealTopCard):
        where = {v: k for k, v in _WHERE.items() if k != "onto the battlefield tapped"}
        to = where[e.to] + (" tapped" if e.tapped else "")
        what = _a(card_noun(e.filter, plural=False))
        text = f"{'reveal' if e.reveal else 'look at'} the top card of your library. If {e.wording} {what}, " \
               f"{'you may ' if e.may else ''}{'reveal it and ' if e.reveal_it else ''}put it {to}"
        if e.otherwise:
            lead = f"If you don't put the card {to}" if e.else_if_not_moved else "Otherwise"
            text += f". {lead}, {'you may ' if e.may_otherwise else ''}put it {where[e.otherwise]}"
        return text
    if isinstance(e, ExileTopMayPlay):
        n = "card" if e.amount == 1 and e.dynamic is None else \
            ("x" if e.dynamic is not None else _NUMBER_WORD.get(e.amount, str(e.amount))) + " cards"
        head = f"exile the top {n} of your library"
        verb = "play" if e.play else "cast"
        if e.wording == "front":
            when = {v: k for k, v in _UNTIL_FRONT.items()}[e.until]
            return f"{head}. {_cap(when)}, you may {verb} {e.pronoun}"
        when = {"turn": "this turn", "next_turn": "until the end of your next turn",
                "exiled": "for as long as it remains exiled" if e.pronoun == "that card"
                else "for as long as they remain exiled"}[e.until]
        return f"{head}. You may {verb} {e.pronoun} {when}"
    if isinstance(e, SearchCards):
        return _search_text(e, ctx)
    if isinstance(e, KinshipReveal):
        from content.oracle.render import effect_text

        inner = effect_text(e.effects, ctx).rstrip(".")
        inner = inner[:1].lower() + inner[1:] if not inner.startswith("~") else inner
        return "look at the top card of your library. If it shares a creature type with ~, you may reveal it. If " \
               f"you do, {inner}"
    if isinstance(e, RevealUntil):
        if e.to == "graveyard":
            n = _NUMBER_WORD[e.count]
            return f"{ctx.player(e.player)} reveals cards from the top of their library until {n} " \
                   f"{card_noun(e.filter, plural=True)} are revealed. That player puts all cards revealed this way " \
                   "into their graveyard"
        to = "into your hand" if e.to == "hand" else "onto the battlefield"
        rest = "exile all other cards revealed this way" if e.rest == "exile" else \
            "the rest on the bottom of your library in a random order"
        return f"reveal cards from the top of your library until you reveal {_a(card_noun(e.filter, plural=False))}. " \
               f"Put that card {to} and {rest}"
    if isinstance(e, SearchLibraryAndGraveyard):
        return f"search your library and/or graveyard for a card named {e.name}, reveal it, and put it into your " \
               "hand. If you search your library this way, shuffle"
    if isinstance(e, LookAtTopOf):
        if e.reveal:
            return f"{ctx.player(e.player)} reveals the top card of their library"
        text = f"look at the top card of {ctx.player(e.player)}'s library"
        return text + (". You may put that card into that player's graveyard" if e.may_mill else "")
    if isinstance(e, RevealTopToHand):
        text = f"reveal the top card of your library and put {e.pronoun} into your hand"
        return text + (f". You {e.life} life equal to {e.its} mana value" if e.life else "")
    if isinstance(e, ShuffleHandDraw):
        who = ctx.player(e.player)
        if who == "you":
            return "shuffle the cards from your hand into your library, then draw that many cards"
        return f"{who} shuffles the cards from their hand into their library, then draws that many cards"
    if isinstance(e, ShuffleCardsIn):
        if not e.targets:
            return f"shuffle all {card_noun(e.filter, plural=True)} from your graveyard into your library"
        if len(e.targets) > 1:
            ctx.multi[e.targets[0]] = len(e.targets)
        what = ctx.obj(e.targets[0])
        return f"shuffle {what} into your library"
    if isinstance(e, Shuffle):
        who = ctx.player(e.player)
        if who == "you":
            return "shuffle" + (" your library" if e.library_word else "")
        return f"{who} shuffles" + (" their library" if e.library_word else "")
    if isinstance(e, GraveyardToLibrary):
        who = ctx.player(e.player)
        if who == "you":
            return "shuffle your graveyard into your library"
        return f"{who} shuffles their graveyard into their library"
    return None


def _search_text(e: SearchCards, ctx: Any) -> str:
    s = e.search
    if e.alt and s.amount > 1:
        what = f"up to {_NUMBER_WORD[s.amount]} {card_noun(s.filter, plural=True)} and/or " \
               f"{card_noun(e.alt[0], plural=True)}"
    elif e.alt or e.also:
        other = card_noun((e.alt or e.also)[0], plural=False)
        what = f"{_a(card_noun(s.filter, plural=False))} {'or' if e.alt else 'and'} " + \
            (_a(other) if e.alt_article else other)
    elif s.amount == 1:
        what = _a(card_noun(s.filter, plural=False))
    else:
        lead = "any number of" if s.amount == ANY_NUMBER else f"up to {_NUMBER_WORD[s.amount]}"
        what = f"{lead} {card_noun(s.filter, plural=True)}"
    if e.split:
        return f"search your library for {what}, reveal those cards, put one onto the battlefield tapped and the " \
               "other into your hand, then shuffle"
    if s.to == "library_top":
        reveal = "reveal it, " if s.reveal else ""
        return f"search your library for {what}, {reveal}then shuffle and put {e.put_word} on top"
    if e.player is not None:
        who = ctx.player(e.player)
        third = not e.may
        zone = "their hand" if s.to == "hand" else "their graveyard"
        dest = "onto the battlefield" + (" tapped" if s.tapped else "") if s.to == "battlefield" else "into " + zone
        reveal = f"{'reveals' if third else 'reveal'} {e.reveal_word}, " if e.reveal_word else ""
        verb = "searches" if third else "may search"
        return f"{who} {verb} their library for {what}, {reveal}{'puts' if third else 'put'} {e.put_word} {dest}, " \
               f"then {'shuffles' if third else 'shuffle'}"
    reveal = f"reveal {e.reveal_word}, " if e.reveal_word else ""
    if s.to == "exile":
        return f"search your library for {what}, {reveal}exile {e.put_word}, then shuffle"
    dest = {"battlefield": "onto the battlefield" + (" tapped" if s.tapped else ""), "hand": "into your hand",
            "graveyard": "into your graveyard"}[s.to]
    return f"search your library for {what}, {reveal}put {e.put_word} {dest}, then shuffle"


def _what_text(e: LookAtTop) -> str:
    if e.all_of:
        return "all " + card_noun(e.filter, plural=True)
    if e.at_most == ANY_NUMBER:
        return "any number of " + card_noun(e.filter, plural=True)
    if e.at_most > 1:
        return f"up to {_NUMBER_WORD[e.at_most]} " + card_noun(e.filter, plural=True)
    return _a(card_noun(e.filter, plural=False))


def _amount_text(e: RevealHandChoose, ctx: Any) -> str:
    n = "x" if e.dynamic is not None else ("a" if e.amount == 1 else _NUMBER_WORD[e.amount])
    return ("up to " if e.up_to else "") + n


def _cap(s: str) -> str:
    return s[:1].upper() + s[1:] if s and s[0] != "~" else s


__all__ = ["card_filter", "read_look_at_top", "read_reveal_hand", "render_effect"]

"""Effects: the instructions of spells and abilities (CR 608.2c), sentence by sentence.

Each rule is a regular expression over one clause (normalised, lower-case, no final period) and a
builder. Sub-phrases (objects, players, numbers) go through content/oracle/phrases.py. While an
ability compiles, :class:`Ctx` collects its target slots in the order they appear (CR 601.2c) and
remembers what "it", "that creature" and "that player" refer to.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from components.abilities import (
    ATTACHED,
    EVENT_OBJECT,
    GROUP,
    SELF,
    YOU,
    Ability,
    AddMana,
    ApplyContinuous,
    Attach,
    Conditional,
    ContinuousPart,
    Count,
    CounterSpell,
    CreateToken,
    DealDamage,
    Delayed,
    Destroy,
    Discard,
    DrawCards,
    Effect,
    Fight,
    GainControl,
    GainLife,
    Group,
    Layer,
    LoseLife,
    MayEffect,
    Mill,
    ModifyPowerToughness,
    MoveObject,
    PayOrNot,
    PermanentFilter,
    PlayerRef,
    PutCounters,
    Regenerate,
    Sacrifice,
    Scry,
    SearchLibrary,
    SkipNextUntap,
    Surveil,
    Tap,
    TargetKind,
    TargetSpec,
)
from components.keywords import Keyword
from content.oracle.mechanic_rules import RULES as MECHANIC_RULES
from content.oracle.phrases import (
    NUMBER_RE,
    PT_RE,
    NoParse,
    Noun,
    keyword_list,
    noun_phrase,
    number,
    pt_change,
    target_spec,
)
from content.oracle.words import ANY_COLOR, COLOR_WORDS, MANA_BITS, TYPE_WORDS


@dataclass(frozen=True)
class Ref:
    """What an object phrase refers to: target slots / SELF / EVENT_OBJECT / ATTACHED, or a group."""

    indices: tuple[int, ...] = ()
    group: Group | None = None

    def each(self) -> list[tuple[int, Group | None]]:
        if self.group is not None:
            return [(GROUP, self.group)]
        return [(i, None) for i in self.indices]


@dataclass
class Ctx:
    """The state of one ability while it compiles."""

    kind: str  # "spell", "activated", "triggered", "static"
    is_permanent: bool = True
    targets: list[TargetSpec] = field(default_factory=list)
    it: Ref | None = None  # "it", "that creature"
    it_player: PlayerRef | None = None  # "that player"
    uses_x: bool = False
    self_gone: bool = False  # a leaves-the-battlefield trigger: "~"/"it" is the card in its new zone (400.7)
    x_is: Count | None = None  # "..., where X is the number of ...": X is that number, not a paid value
    in_graveyard: bool = False  # a triggered ability that returns ~ from your graveyard works there (113.6k)

    def snapshot(self) -> tuple[int, Ref | None, PlayerRef | None, bool]:
        return (len(self.targets), self.it, self.it_player, self.uses_x)

    def restore(self, snap: tuple[int, Ref | None, PlayerRef | None, bool]) -> None:
        n, self.it, self.it_player, self.uses_x = snap
        del self.targets[n:]

    # ------------------------------------------------------------------ objects

    def add_target(self, spec: TargetSpec) -> int:
        self.targets.append(spec)
        return len(self.targets) - 1

    def obj(self, text: str, *, plural_ok: bool = True) -> Ref:
        """An object phrase: '~', 'it', 'target creature', 'each creature you control', ..."""
        text = text.strip()
        if text == "~":
            if not self.is_permanent:
                raise NoParse("~ as an object of a spell")
            if self.self_gone:
                return Ref((EVENT_OBJECT,))  # the new object it became (CR 400.7, 603.6c)
            ref = Ref((SELF,))
            return ref
        if text in ("it", "that creature", "that permanent", "the creature", "that land", "that artifact",
                    "that card", "that spell", "them", "those creatures", "they"):
            if self.it is None or (not self.it.indices and self.it.group is None):
                raise NoParse("'it' without antecedent")  # (or it names objects just created: unsupported)
            return self.it
        if text in ("enchanted creature", "equipped creature", "enchanted permanent", "enchanted land",
                    "enchanted artifact"):
            self.it = Ref((ATTACHED,))  # "gain control of enchanted permanent. Untap that permanent."
            return self.it
        m = re.fullmatch(r"each of ((?:up to )?(?:one|two|three|four|five) (?:other )?target .+)", text)
        if m:
            text = m.group(1)  # "each of up to two target creatures": each of the chosen targets
        if text.startswith(("target ", "up to ")) and (", " in text or " and " in text):
            parts = re.split(r",? and |, ", text)
            if len(parts) > 1 and all(p.startswith(("target ", "up to ")) for p in parts):
                indices: list[int] = []
                for p in parts:
                    indices.extend(self.noun_ref(noun_phrase(p)[0], plural_ok=False).indices)
                ref = Ref(tuple(indices))
                self.it = ref
                return ref
        noun, _ = noun_phrase(text)
        ref = self.noun_ref(noun, plural_ok=plural_ok)
        self.it = ref
        return ref

    def noun_ref(self, noun: Noun, *, plural_ok: bool = True) -> Ref:
        if noun.det in ("target", "up to"):
            spec = target_spec(noun)
            return Ref(tuple(self.add_target(spec) for _ in range(noun.number)))
        if noun.det in ("each", "all") or (noun.det == "" and noun.plural):
            if not plural_ok:
                raise NoParse("group")
            return Ref(group=group_of(noun))
        raise NoParse(f"object {noun.det!r}")

    # ------------------------------------------------------------------ players

    def player(self, text: str) -> PlayerRef:
        text = text.strip()
        if text == "you":
            return YOU
        if text == "defending player" and self.kind == "triggered":
            # CR 506.2: the player the attacking creature is attacking (systems/mechanics/combat_triggers.py)
            self.it_player = PlayerRef("defending")
            return self.it_player
        if text in ("target player", "target opponent"):
            kind = TargetKind.PLAYER if text == "target player" else TargetKind.OPPONENT
            ref = PlayerRef("target", self.add_target(TargetSpec(kind)))
            self.it_player = ref
            return ref
        if text in ("each player", "all players"):
            return PlayerRef("each")
        if text in ("each opponent", "your opponents", "all your opponents"):
            return PlayerRef("opponents")
        if text in ("that player", "they"):
            if self.it_player is None:
                raise NoParse("'that player' without antecedent")
            return self.it_player
        m = re.fullmatch(r"(its|that creature's|that permanent's|that spell's|their) (controller|owner)", text)
        if m:
            if self.it is None or len(self.it.indices) != 1:
                raise NoParse("'its controller' without one antecedent")
            return PlayerRef("controller_of" if m.group(2) == "controller" else "owner_of", self.it.indices[0])
        m = re.fullmatch(r"~'s (controller|owner)", text)
        if m and self.is_permanent:
            return PlayerRef("controller_of" if m.group(1) == "controller" else "owner_of", SELF)
        raise NoParse(f"player {text!r}")

    # ------------------------------------------------------------------ amounts

    def amount(self, word: str) -> tuple[int, Count | None]:
        value = number(word)
        if value == "x":
            if self.x_is is not None:
                return 0, self.x_is
            self.uses_x = True
            return 0, Count("x")
        if value == "that many":
            return 0, Count("event_amount")
        assert isinstance(value, int)
        return value, None

    def count(self, text: str, multiplier: int = 1) -> Count:
        """'the number of creatures you control', 'its power', 'that much', 'x', 'cards in your hand'."""
        text = text.strip()
        if text == "x":
            if self.x_is is not None:
                from dataclasses import replace

                return replace(self.x_is, multiplier=self.x_is.multiplier * multiplier)
            self.uses_x = True
            return Count("x", multiplier=multiplier)
        if text == "that much":
            return Count("event_amount", multiplier=multiplier)
        m = re.fullmatch(r"(its|~'s|that creature's|the sacrificed creature's) (power|toughness)", text)
        if m:
            if m.group(1) == "~'s":
                ref = SELF
            elif m.group(1) == "the sacrificed creature's":
                raise NoParse("sacrificed")
            else:
                if self.it is None or len(self.it.indices) != 1:
                    raise NoParse("'its power' without antecedent")
                ref = self.it.indices[0]
            return Count(f"{m.group(2)}_of", ref=ref, multiplier=multiplier)
        from content.oracle.instructions import more_counts

        extra = more_counts(self, text, multiplier)  # "twice ...", "the greatest power among ..."
        if extra is not None:
            return extra
        text = re.sub(r"^the number of ", "", text)
        if text in ("cards in your hand",):
            return Count("hand", multiplier=multiplier)
        if text == "your life total":
            return Count("life", multiplier=multiplier)
        if text == "the result" and getattr(self, "die", False):
            return Count("die_result", multiplier=multiplier)  # a die rolled earlier in this ability (706.2)
        from content.oracle.mana_spent import count as spent_count

        if (extra := spent_count(text, multiplier)) is not None:  # converge (601.2h)
            return extra
        from content.oracle.statics import extra_count

        extra = extra_count(text, multiplier, self.kind)  # devotion, colors among permanents, all graveyards
        if extra is not None:
            return extra
        noun, rest = noun_phrase(text)
        if noun.det not in ("", "a") or rest:
            raise NoParse("count")
        f = noun.filter()
        if noun.zone == "graveyard":
            if noun.head != "card" or f.controller != "you" or set(_set_fields(f)) - {
                    "types_any", "controller", "subtypes_any"}:
                raise NoParse("graveyard count")
            return Count("graveyard", f, multiplier=multiplier)
        if noun.head != "permanent":
            raise NoParse("count of non-permanents")
        if _uses_state(f):
            raise NoParse("state in count")
        return Count("permanents", f, multiplier=multiplier)


def _set_fields(f: PermanentFilter) -> dict[str, Any]:
    default = PermanentFilter()
    return {k: getattr(f, k) for k in f.__dataclass_fields__ if getattr(f, k) != getattr(default, k)}


def _uses_state(f: PermanentFilter) -> bool:
    return (f.tapped is not None or bool(f.combat) or f.mana_value_at_most is not None
            or f.toughness_at_most is not None or f.toughness_at_least is not None
            or f.mana_value_at_least is not None or f.mana_value_is is not None or bool(f.names))


def group_of(noun: Noun) -> Group:
    if noun.head == "player":
        return Group(None, "each")
    if noun.head == "opponent":
        return Group(None, "opponents")
    if noun.head != "permanent" or noun.zone:
        raise NoParse("group of non-permanents")
    return Group(noun.filter())


# ------------------------------------------------------------------ the rules

# A reader's effects: the Effect union or any effect type a mechanic registers (an open set), hence Any.
Builder = Callable[[Ctx, "re.Match[str]"], list[Any]]
RULES: list[tuple[re.Pattern[str], Builder]] = []

_OBJ = r"(?P<obj>.+?)"
_OBJ2 = r"(?P<obj2>.+?)"
_PLAYER = r"(?P<player>you|target player|target opponent|each player|each opponent|that player|its controller|" \
          r"defending player|" \
          r"its owner|that creature's controller|~'s controller|their controller)"
_N = rf"(?P<n>{NUMBER_RE})"


def rule(pattern: str) -> Callable[[Builder], Builder]:
    def deco(fn: Builder) -> Builder:
        RULES.append((re.compile(pattern), fn))
        return fn
    return deco


def _source_ref(ctx: Ctx, text: str) -> int | None:
    """The damage source of 'X deals ...': None for the spell or ability's own source."""
    if text == "~":
        return None
    if text in ("it", "that creature") and ctx.it is not None and len(ctx.it.indices) == 1:
        return ctx.it.indices[0] if ctx.it.indices[0] != SELF else None
    ref = ctx.obj(text, plural_ok=False)
    if len(ref.indices) != 1:
        raise NoParse("damage source")
    return ref.indices[0]


def _damage(ctx: Ctx, src: str, amount: tuple[int, Count | None], obj: str) -> list[Effect]:
    source = _source_ref(ctx, src)
    out: list[Effect] = []
    who = _player_recipient(ctx, obj)
    if who is not None:
        return [DealDamage(amount[0], GROUP, None, amount[1], source=source, player=who)]
    ref = _recipient(ctx, obj)
    for index, group in ref.each():
        out.append(DealDamage(amount[0], index, group, amount[1], source=source))
    return out


def _player_recipient(ctx: Ctx, obj: str) -> PlayerRef | None:
    """'you', 'that player', 'its controller': a player the damage goes to, chosen by no target."""
    obj = obj.strip()
    if obj in ("you", "that player", "its controller", "that creature's controller", "its owner",
               "that spell's controller", "~'s controller") or (obj == "defending player" and ctx.kind == "triggered"):
        return ctx.player(obj)
    return None


def _recipient(ctx: Ctx, obj: str) -> Ref:
    obj = obj.strip()
    m = re.fullmatch(r"(each|all) (.+?) and each (player|opponent)", obj)
    if m:
        noun, _ = noun_phrase(f"{m.group(1)} {m.group(2)}")
        g = group_of(noun)
        return Ref(group=Group(g.filter, "each" if m.group(3) == "player" else "opponents"))
    if obj in ("each player", "each opponent"):
        return Ref(group=Group(None, "each" if obj == "each player" else "opponents"))
    if obj in ("target player", "target opponent", "target player or planeswalker"):
        kind = {"target player": TargetKind.PLAYER, "target opponent": TargetKind.OPPONENT,
                "target player or planeswalker": TargetKind.PLAYER_OR_PLANESWALKER}[obj]
        ref = Ref((ctx.add_target(TargetSpec(kind)),))
        ctx.it = ref
        return ref
    return ctx.obj(obj)


@rule(rf"(?P<src>~|it|that creature|target .+?) deals {_N} damage to {_OBJ}")
def _r_damage(ctx: Ctx, m: re.Match[str]) -> list[Effect]:
    return _damage(ctx, m["src"], ctx.amount(m["n"]), m["obj"])


@rule(rf"(?P<src>~|it) deals {_N} damage to {_OBJ} and (?P<n2>\d+) damage to {_OBJ2}")
def _r_damage2(ctx: Ctx, m: re.Match[str]) -> list[Effect]:
    return _damage(ctx, m["src"], ctx.amount(m["n"]), m["obj"]) + _damage(
        ctx, m["src"], ctx.amount(m["n2"]), m["obj2"])


@rule(rf"(?P<src>~|it|that creature|target .+?) deals damage equal to (?P<count>.+?) to {_OBJ}")
def _r_damage_equal(ctx: Ctx, m: re.Match[str]) -> list[Effect]:
    source = _source_ref(ctx, m["src"])
    count = ctx.count(m["count"])
    out: list[Effect] = []
    who = _player_recipient(ctx, m["obj"])
    if who is not None:
        return [DealDamage(0, GROUP, None, count, source=source, player=who)]
    for index, group in _recipient(ctx, m["obj"]).each():
        out.append(DealDamage(0, index, group, count, source=source))
    return out


@rule(r"(?P<src>~|it|that creature|target .+?) deals damage to (?P<obj>.+?) equal to (?P<count>.+)")
def _r_damage_equal2(ctx: Ctx, m: re.Match[str]) -> list[Effect]:
    source = _source_ref(ctx, m["src"])
    who = _player_recipient(ctx, m["obj"])
    if who is not None:
        return [DealDamage(0, GROUP, None, ctx.count(m["count"]), source=source, player=who)]
    ref = _recipient(ctx, m["obj"])
    count = ctx.count(m["count"])
    return [DealDamage(0, i, g, count, source=source) for i, g in ref.each()]


@rule(rf"(?P<src>~|it) deals {_N} damage to {_OBJ} for each (?P<count>.+)")
def _r_damage_each(ctx: Ctx, m: re.Match[str]) -> list[Effect]:
    n = number(m["n"])
    if not isinstance(n, int):
        raise NoParse("n")
    source = _source_ref(ctx, m["src"])
    ref = _recipient(ctx, m["obj"])
    count = ctx.count(m["count"], multiplier=n)
    return [DealDamage(0, i, g, count, source=source) for i, g in ref.each()]


def _pump(ctx: Ctx, obj: str, pt: str, kw: str | None, eot: bool = True, for_each: str | None = None
          ) -> list[Effect]:
    ref = ctx.obj(obj)
    p, t, is_x = pt_change(pt)
    dynamic = Count("x") if is_x else None
    if is_x and ctx.x_is is not None:
        ctx.x_wrap = True  # type: ignore[attr-defined]  # X is the "where X is" number (instructions.where_x)
    elif is_x:
        ctx.uses_x = True
    if for_each is not None:
        if is_x:
            raise NoParse("x and for each")
        dynamic = ctx.count(for_each)
    out: list[Effect] = []
    for index, group in ref.each():
        out.append(ModifyPowerToughness(p, t, index, group, dynamic))
    if kw:
        out.extend(_grant(ctx, ref, kw))
    return out


def _grant(ctx: Ctx, ref: Ref, kw: str, *, bits: int = 0) -> list[Effect]:
    abilities: tuple[Ability, ...] = ()
    if "quotedability" in kw:  # abilities granted in quotes (113.1b, content/oracle/grants.py)
        from content.oracle.grants import take_quoted

        kw, abilities = take_quoted(kw)
    order: tuple[int, ...] = ()
    if not bits and kw:
        try:
            bits, order = keyword_list(kw)
        except NoParse:
            if abilities:
                raise
            from content.oracle.grants import grant_items

            # keyword abilities with their own rules: "gains persist until end of turn" (702.79a, 113.1b)
            bits, abilities, order = grant_items(kw)
            if not abilities:
                raise
            order = ()
    part = ContinuousPart(Layer.ABILITY, keywords_add=bits, abilities_add=abilities,
                          keyword_order=order if abilities else ())
    return [ApplyContinuous(index, (part,), True, group) for index, group in ref.each()]


@rule(rf"{_OBJ} each get (?P<pt>{PT_RE}) until end of turn")
def _r_pump_each_of(ctx: Ctx, m: re.Match[str]) -> list[Effect]:
    return _pump(ctx, m["obj"], m["pt"], None)


@rule(rf"{_OBJ} each get (?P<pt>{PT_RE}) and gain (?P<kw>[a-z ,]+?) until end of turn")
def _r_pump_kw_each_of(ctx: Ctx, m: re.Match[str]) -> list[Effect]:
    return _pump(ctx, m["obj"], m["pt"], m["kw"])


@rule(rf"{_OBJ} loses? (?P<kw>[a-z ,]+?) until end of turn")
def _r_lose_kw(ctx: Ctx, m: re.Match[str]) -> list[Effect]:
    if m["kw"] == "all abilities":
        raise NoParse("all abilities")
    bits, _order = keyword_list(m["kw"])
    part = ContinuousPart(Layer.ABILITY, keywords_remove=bits)
    return [ApplyContinuous(i, (part,), True, g) for i, g in ctx.obj(m["obj"]).each()]


@rule(rf"{_OBJ} gets? (?P<pt>{PT_RE}) until end of turn")
def _r_pump(ctx: Ctx, m: re.Match[str]) -> list[Effect]:
    return _pump(ctx, m["obj"], m["pt"], None)


@rule(rf"{_OBJ} gets? (?P<pt>{PT_RE}) until end of turn for each (?P<each>.+)")
def _r_pump_each(ctx: Ctx, m: re.Match[str]) -> list[Effect]:
    return _pump(ctx, m["obj"], m["pt"], None, for_each=m["each"])


@rule(rf"{_OBJ} gets? (?P<pt>{PT_RE}) and gains? (?P<kw>[a-z ,]+?) until end of turn")
def _r_pump_kw(ctx: Ctx, m: re.Match[str]) -> list[Effect]:
    return _pump(ctx, m["obj"], m["pt"], m["kw"])


@rule(rf"until end of turn, {_OBJ} gets? (?P<pt>{PT_RE}) and gains? (?P<kw>[a-z ,]+)")
def _r_pump_kw2(ctx: Ctx, m: re.Match[str]) -> list[Effect]:
    return _pump(ctx, m["obj"], m["pt"], m["kw"])


@rule(rf"until end of turn, {_OBJ} gets? (?P<pt>{PT_RE})")
def _r_pump2(ctx: Ctx, m: re.Match[str]) -> list[Effect]:
    return _pump(ctx, m["obj"], m["pt"], None)


@rule(rf"{_OBJ} gains? (?P<kw>[a-z ,]+?) until end of turn")
def _r_gain_kw(ctx: Ctx, m: re.Match[str]) -> list[Effect]:
    return _grant(ctx, ctx.obj(m["obj"]), m["kw"])


@rule(rf"until end of turn, {_OBJ} gains? (?P<kw>[a-z ,]+)")
def _r_gain_kw2(ctx: Ctx, m: re.Match[str]) -> list[Effect]:
    return _grant(ctx, ctx.obj(m["obj"]), m["kw"])


@rule(r"(?P<pre>until end of turn, )?(?P<obj>.+?) (?P<lose>loses all abilities and )?becomes an? (?P<desc>[a-z ]+?) "
      r"with base power and toughness (?P<p>\d+)/(?P<t>\d+)(?P<eot> until end of turn)?")
def _r_becomes(ctx: Ctx, m: re.Match[str]) -> list[Effect]:
    """'Until end of turn, target creature loses all abilities and becomes a blue Frog with base power and
    toughness 1/1.' Layers 4 (subtype, 205.1b), 5, 6 and 7b (CR 613.1)."""
    if bool(m["pre"]) == bool(m["eot"]):
        raise NoParse("duration")
    from components.subtypes import CREATURE_TYPES
    from content.oracle.words import SUBTYPES

    words = m["desc"].split()
    color = -1
    if words and words[0] in COLOR_WORDS:
        color = COLOR_WORDS[words.pop(0)]
    subs = []
    for w in words:
        name = SUBTYPES.get(w)
        if name is None or name not in CREATURE_TYPES:
            raise NoParse("becomes what")
        subs.append(name)
    if not subs:
        raise NoParse("becomes what")
    parts = [ContinuousPart(Layer.TYPE, subtypes_add=tuple(subs), subtypes_replace=True)]
    if color >= 0:
        parts.append(ContinuousPart(Layer.COLOR, colors_set=color))
    if m["lose"]:
        parts.append(ContinuousPart(Layer.ABILITY, lose_all_abilities=True))
    parts.append(ContinuousPart(Layer.PT_SET, power=int(m["p"]), toughness=int(m["t"])))
    ref = ctx.obj(m["obj"], plural_ok=False)
    return [ApplyContinuous(i, tuple(parts)) for i in ref.indices]


@rule(r"(?P<obj>.+?) (?:has|have) base power and toughness (?P<p>\d+)/(?P<t>\d+) until end of turn")
def _r_base_pt(ctx: Ctx, m: re.Match[str]) -> list[Effect]:
    part = ContinuousPart(Layer.PT_SET, power=int(m["p"]), toughness=int(m["t"]))
    return [ApplyContinuous(i, (part,), True, g) for i, g in ctx.obj(m["obj"]).each()]


@rule(r"(?P<obj>.+?) loses? all abilities until end of turn")
def _r_lose_all(ctx: Ctx, m: re.Match[str]) -> list[Effect]:
    part = ContinuousPart(Layer.ABILITY, lose_all_abilities=True)
    return [ApplyContinuous(i, (part,), True, g) for i, g in ctx.obj(m["obj"]).each()]


_COMBAT_THIS_TURN = {"can't block": int(Keyword.CANT_BLOCK), "can't attack": int(Keyword.CANT_ATTACK),
                     "can't attack or block": int(Keyword.CANT_ATTACK | Keyword.CANT_BLOCK),
                     "can't be blocked": int(Keyword.CANT_BE_BLOCKED),
                     "attacks": int(Keyword.ATTACKS_EACH_COMBAT), "attack": int(Keyword.ATTACKS_EACH_COMBAT),
                     "can block any number of creatures": int(Keyword.BLOCKS_ANY_NUMBER),
                     "can block an additional creature": int(Keyword.BLOCKS_ADDITIONAL)}


@rule(rf"{_OBJ} (?P<what>attacks?) this turn if able")
def _r_attacks_if_able(ctx: Ctx, m: re.Match[str]) -> list[Effect]:
    return _grant(ctx, ctx.obj(m["obj"]), "", bits=_COMBAT_THIS_TURN[m["what"]])


@rule(rf"{_OBJ} (?P<what>can block any number of creatures|can block an additional creature) this turn")
def _r_block_more(ctx: Ctx, m: re.Match[str]) -> list[Effect]:
    return _grant(ctx, ctx.obj(m["obj"]), "", bits=_COMBAT_THIS_TURN[m["what"]])


@rule(rf"{_OBJ} (?P<what>can't block|can't attack|can't attack or block|can't be blocked) this turn")
def _r_cant_this_turn(ctx: Ctx, m: re.Match[str]) -> list[Effect]:
    return _grant(ctx, ctx.obj(m["obj"]), "", bits=_COMBAT_THIS_TURN[m["what"]])


@rule(rf"destroy {_OBJ}")
def _r_destroy(ctx: Ctx, m: re.Match[str]) -> list[Effect]:
    return [Destroy(i, g) for i, g in ctx.obj(m["obj"]).each()]


@rule(rf"destroy {_OBJ}\. (?:it|they) can't be regenerated")
def _r_destroy_noregen(ctx: Ctx, m: re.Match[str]) -> list[Effect]:
    return [Destroy(i, g, no_regenerate=True) for i, g in ctx.obj(m["obj"]).each()]


@rule(rf"exile {_OBJ} until ~ leaves the battlefield")
def _r_exile_until(ctx: Ctx, m: re.Match[str]) -> list[Effect]:
    if ctx.kind != "triggered" or not ctx.is_permanent:
        raise NoParse("until ~ leaves")
    ref = ctx.obj(m["obj"], plural_ok=False)
    return [MoveObject(i, "exile", until_source_leaves=True) for i in ref.indices]


@rule(rf"exile {_OBJ}")
def _r_exile(ctx: Ctx, m: re.Match[str]) -> list[Effect]:
    return [MoveObject(i, "exile", g) for i, g in ctx.obj(m["obj"]).each()]


@rule(rf"return {_OBJ} to (?:its|their) owners?'s? hands?")
def _r_bounce(ctx: Ctx, m: re.Match[str]) -> list[Effect]:
    ref = ctx.obj(m["obj"])
    return [MoveObject(i, "hand", g) for i, g in ref.each()]


@rule(r"return ~ from your graveyard to (?P<to>your hand|the battlefield)(?P<tapped> tapped)?")
def _r_return_self(ctx: Ctx, m: re.Match[str]) -> list[Effect]:
    """An ability that works in the graveyard (its source is the card there, 113.6k)."""
    if ctx.kind not in ("activated", "triggered") or not ctx.is_permanent or ctx.self_gone:
        raise NoParse("return ~ from your graveyard")
    if ctx.kind == "triggered":
        ctx.in_graveyard = True  # the trigger works from the graveyard (content/oracle/lines.py _triggered_body)
    to = "hand" if m["to"] == "your hand" else "battlefield"
    return [MoveObject(SELF, to, tapped=bool(m["tapped"]))]


@rule(rf"return {_OBJ} (?:from your graveyard )?to your hand")
def _r_return_hand(ctx: Ctx, m: re.Match[str]) -> list[Effect]:
    obj = m["obj"]
    if not obj.endswith("graveyard") and "from your graveyard" in m.group(0):
        obj += " from your graveyard"
    ref = ctx.obj(obj)
    _require_graveyard_cards(ctx, ref)
    return [MoveObject(i, "hand", g) for i, g in ref.each()]


@rule(rf"return {_OBJ} (?:from your graveyard )?to the battlefield(?P<tapped> tapped)?(?P<ctl> under your control)?")
def _r_return_bf(ctx: Ctx, m: re.Match[str]) -> list[Effect]:
    obj = m["obj"]
    if "from your graveyard" in m.group(0):
        obj += " from your graveyard"
    ref = ctx.obj(obj)
    _require_graveyard_cards(ctx, ref)
    return [MoveObject(i, "battlefield", g, tapped=bool(m["tapped"]), under_your_control=bool(m["ctl"]))
            for i, g in ref.each()]


def _require_graveyard_cards(ctx: Ctx, ref: Ref) -> None:
    if ref.group is not None or not ref.indices:
        raise NoParse("return what")
    for i in ref.indices:
        if i < 0 or ctx.targets[i].kind != TargetKind.CARD_IN_GRAVEYARD:
            raise NoParse("return from where")


@rule(rf"put {_OBJ} on (?P<where>top|the bottom) of (?:its|their) owners?'s? librar(?:y|ies)")
def _r_put_library(ctx: Ctx, m: re.Match[str]) -> list[Effect]:
    to = "library_top" if m["where"] == "top" else "library_bottom"
    return [MoveObject(i, to, g) for i, g in ctx.obj(m["obj"]).each()]


@rule(rf"{_OBJ} (?:doesn't|don't) untap during (?P<whose>its controller's|their controller's|your) next untap step")
def _r_skip_untap(ctx: Ctx, m: re.Match[str]) -> list[Effect]:
    """CR 502.3: one object, or each of several chosen ones; not a group (it would be fixed as followed)."""
    ref = ctx.obj(m["obj"])
    if ref.group is not None or not ref.indices or ATTACHED in ref.indices:
        raise NoParse("doesn't untap: a group")
    yours = m["whose"] == "your"
    if yours and ref.indices != (SELF,):
        raise NoParse("your next untap step: another object")
    return [SkipNextUntap(i, yours) for i in ref.indices]


@rule(rf"(?P<verb>tap|untap) {_OBJ}")
def _r_tap(ctx: Ctx, m: re.Match[str]) -> list[Effect]:
    return [Tap(i, m["verb"] == "untap", g) for i, g in ctx.obj(m["obj"]).each()]


@rule(rf"counter {_OBJ}")
def _r_counter(ctx: Ctx, m: re.Match[str]) -> list[Effect]:
    ref = ctx.obj(m["obj"], plural_ok=False)
    if any(i < 0 or ctx.targets[i].kind != TargetKind.SPELL for i in ref.indices):
        raise NoParse("counter what")
    return [CounterSpell(i) for i in ref.indices]


_COUNTER_KIND = r"(?P<kind>[+-]1/[+-]1|[a-z]+)"


@rule(rf"put {_N} {_COUNTER_KIND} counters? on {_OBJ}")
def _r_counters(ctx: Ctx, m: re.Match[str]) -> list[Effect]:
    amount = ctx.amount(m["n"])
    ref = ctx.obj(m["obj"])
    return [PutCounters(m["kind"], amount[0], i, g, amount[1]) for i, g in ref.each()]


@rule(rf"put {_N} {_COUNTER_KIND} counters? on {_OBJ} for each (?P<each>.+)")
def _r_counters_each(ctx: Ctx, m: re.Match[str]) -> list[Effect]:
    n = number(m["n"])
    if not isinstance(n, int):
        raise NoParse("n")
    ref = ctx.obj(m["obj"])
    count = ctx.count(m["each"], multiplier=n)
    return [PutCounters(m["kind"], 0, i, g, count) for i, g in ref.each()]


def _player_verb(ctx: Ctx, player: str | None) -> PlayerRef:
    return YOU if player is None else ctx.player(player)


@rule(rf"(?:{_PLAYER} )?draws? {_N} cards?")
def _r_draw(ctx: Ctx, m: re.Match[str]) -> list[Effect]:
    who = _player_verb(ctx, m["player"])
    amount = ctx.amount(m["n"])
    return [DrawCards(amount[0], None if who == YOU else who, amount[1])]


@rule(rf"(?:{_PLAYER} )?draws? cards equal to (?P<count>.+)")
def _r_draw_equal(ctx: Ctx, m: re.Match[str]) -> list[Effect]:
    who = _player_verb(ctx, m["player"])
    return [DrawCards(0, None if who == YOU else who, ctx.count(m["count"]))]


@rule(rf"(?:{_PLAYER} )?draws? a card for each (?P<count>.+)")
def _r_draw_each(ctx: Ctx, m: re.Match[str]) -> list[Effect]:
    who = _player_verb(ctx, m["player"])
    return [DrawCards(0, None if who == YOU else who, ctx.count(m["count"]))]


@rule(rf"(?:{_PLAYER} )?gains? {_N} life")
def _r_gain(ctx: Ctx, m: re.Match[str]) -> list[Effect]:
    who = _player_verb(ctx, m["player"])
    amount = ctx.amount(m["n"])
    return [GainLife(amount[0], None if who == YOU else who, amount[1])]


@rule(rf"(?:{_PLAYER} )?gains? that much life")
def _r_gain_that_much(ctx: Ctx, m: re.Match[str]) -> list[Effect]:
    """'you gain that much life': the amount of the trigger event (damage dealt, 603.2c)."""
    who = _player_verb(ctx, m["player"])
    return [GainLife(0, None if who == YOU else who, Count("event_amount"))]


@rule(rf"(?P<src>~|it|that creature) deals that much damage to {_OBJ}")
def _r_damage_that_much(ctx: Ctx, m: re.Match[str]) -> list[Effect]:
    """'it deals that much damage to any target': the amount of the trigger event."""
    return _damage(ctx, m["src"], (0, Count("event_amount")), m["obj"])


@rule(rf"(?:{_PLAYER} )?gains? life equal to (?P<count>.+)")
def _r_gain_equal(ctx: Ctx, m: re.Match[str]) -> list[Effect]:
    who = _player_verb(ctx, m["player"])
    return [GainLife(0, None if who == YOU else who, ctx.count(m["count"]))]


@rule(rf"(?:{_PLAYER} )?gains? {_N} life for each (?P<count>.+)")
def _r_gain_each(ctx: Ctx, m: re.Match[str]) -> list[Effect]:
    who = _player_verb(ctx, m["player"])
    n = number(m["n"])
    if not isinstance(n, int):
        raise NoParse("n")
    return [GainLife(0, None if who == YOU else who, ctx.count(m["count"], multiplier=n))]


_ENERGY = r"(?P<e>(?:\{E\})+|(?:five|six|seven|eight|nine|ten) \{E\})"


@rule(rf"(?:you )?get {_ENERGY}(?: for each (?P<count>.+))?")
def _r_get_energy(ctx: Ctx, m: re.Match[str]) -> list[Effect]:
    """'You get {E}{E}' (CR 107.14, 122.1); 'you get {E} for each creature you control'."""
    from components.abilities import GetEnergy
    from content.oracle.lines import energy_amount

    n = energy_amount(m["e"])
    if m["count"]:
        count = ctx.count(m["count"], multiplier=n)
        if count.kind != "permanents":
            raise NoParse("energy count")
        return [GetEnergy(0, count)]
    return [GetEnergy(n)]


@rule(rf"pay {_ENERGY}")
def _r_pay_energy(ctx: Ctx, m: re.Match[str]) -> list[Effect]:
    """'[You may] pay {E}{E}' as an instruction (CR 107.14): only after "you may", with "If you do"."""
    from components.abilities import PayEnergy
    from content.oracle.lines import energy_amount

    return [PayEnergy(energy_amount(m["e"]))]


@rule(rf"(?:{_PLAYER} )?loses? {_N} life")
def _r_lose(ctx: Ctx, m: re.Match[str]) -> list[Effect]:
    who = _player_verb(ctx, m["player"])
    amount = ctx.amount(m["n"])
    return [LoseLife(amount[0], who, amount[1])]


@rule(rf"(?:{_PLAYER} )?loses? life equal to (?P<count>.+)")
def _r_lose_equal(ctx: Ctx, m: re.Match[str]) -> list[Effect]:
    who = _player_verb(ctx, m["player"])
    return [LoseLife(0, who, ctx.count(m["count"]))]


@rule(rf"(?:{_PLAYER} )?discards? {_N} cards?")
def _r_discard(ctx: Ctx, m: re.Match[str]) -> list[Effect]:
    who = _player_verb(ctx, m["player"])
    amount = ctx.amount(m["n"])
    return [Discard(amount[0], who, amount[1])]


@rule(rf"(?:{_PLAYER} )?discards? (?:their|your) hand")
def _r_discard_hand(ctx: Ctx, m: re.Match[str]) -> list[Effect]:
    return [Discard(0, _player_verb(ctx, m["player"]), whole_hand=True)]


@rule(rf"(?:{_PLAYER} )?mills? {_N} cards?")
def _r_mill(ctx: Ctx, m: re.Match[str]) -> list[Effect]:
    who = _player_verb(ctx, m["player"])
    amount = ctx.amount(m["n"])
    return [Mill(amount[0], who, amount[1])]


@rule(r"scry (?P<n>\d+)")
def _r_scry(ctx: Ctx, m: re.Match[str]) -> list[Effect]:
    return [Scry(int(m["n"]))]


@rule(r"surveil (?P<n>\d+)")
def _r_surveil(ctx: Ctx, m: re.Match[str]) -> list[Effect]:
    return [Surveil(int(m["n"]))]


@rule(r"look at the top (?P<n>card|\w+ cards) of your library, then put any number of them into your graveyard "
      r"and the rest on top of your library in any order")
def _r_look_surveil(ctx: Ctx, m: re.Match[str]) -> list[Effect]:
    n = 1 if m["n"] == "card" else number(m["n"].split()[0])
    if not isinstance(n, int):
        raise NoParse("n")
    return [Surveil(n, action=False)]  # the instructions of surveil (701.25a), not the keyword action


@rule(r"look at the top (?P<n>card|\w+ cards) of your library, then put any number of them on the bottom "
      r"(?:of your library )?and the rest on top in any order")
def _r_look_scry(ctx: Ctx, m: re.Match[str]) -> list[Effect]:
    n = 1 if m["n"] == "card" else number(m["n"].split()[0])
    if not isinstance(n, int):
        raise NoParse("n")
    return [Scry(n, action=False)]  # the instructions of scry (701.22a), not the keyword action


@rule(r"sacrifice ~")
def _r_sacrifice_self(ctx: Ctx, m: re.Match[str]) -> list[Effect]:
    if not ctx.is_permanent:
        raise NoParse("sacrifice a spell")
    return [Sacrifice(SELF)]


@rule(r"sacrifice it")
def _r_sacrifice_it(ctx: Ctx, m: re.Match[str]) -> list[Effect]:
    """'Whenever ~ attacks and isn't blocked, you may sacrifice it': "it" is the ability's own permanent."""
    if not ctx.is_permanent or ctx.self_gone or ctx.it is None or ctx.it.indices != (SELF,):
        raise NoParse("sacrifice it")
    return [Sacrifice(SELF)]


@rule(rf"(?:{_PLAYER} )?sacrifices? (?P<what>.+?)(?: of their choice)?")
def _r_sacrifice_choice(ctx: Ctx, m: re.Match[str]) -> list[Effect]:
    who = _player_verb(ctx, m["player"])
    noun, rest = noun_phrase(m["what"])
    if rest or noun.det not in ("a", "target") and not (noun.det == "" and noun.number):
        raise NoParse("sacrifice what")
    if noun.det == "target" or noun.head != "permanent":
        raise NoParse("sacrifice target")
    f = noun.filter()
    if f.controller != "any" or _uses_state(f):
        raise NoParse("sacrifice filter")
    return [Sacrifice(SELF, who, f, noun.number)]


@rule(rf"(?:{_PLAYER} )?sacrifices? (?P<n>two|three|four|five|six) (?P<what>.+?)(?: of their choice)?")
def _r_sacrifice_n(ctx: Ctx, m: re.Match[str]) -> list[Effect]:
    who = _player_verb(ctx, m["player"])
    noun, rest = noun_phrase(m["what"])
    if rest or noun.det != "" or noun.head != "permanent":
        raise NoParse("sacrifice what")
    f = noun.filter()
    if f.controller != "any" or _uses_state(f):
        raise NoParse("sacrifice filter")
    n = number(m["n"])
    assert isinstance(n, int)
    return [Sacrifice(SELF, who, f, n)]


@rule(rf"gain control of {_OBJ}(?P<eot> until end of turn)?")
def _r_control(ctx: Ctx, m: re.Match[str]) -> list[Effect]:
    ref = ctx.obj(m["obj"], plural_ok=False)
    return [GainControl(i, bool(m["eot"])) for i in ref.indices]


@rule(rf"{_OBJ} fights {_OBJ2}")
def _r_fight(ctx: Ctx, m: re.Match[str]) -> list[Effect]:
    a = ctx.obj(m["obj"], plural_ok=False)
    b = ctx.obj(m["obj2"], plural_ok=False)
    if len(a.indices) != 1 or len(b.indices) != 1:
        raise NoParse("fight")
    return [Fight(a.indices[0], b.indices[0])]


@rule(rf"regenerate {_OBJ}")
def _r_regenerate(ctx: Ctx, m: re.Match[str]) -> list[Effect]:
    ref = ctx.obj(m["obj"], plural_ok=False)
    return [Regenerate(i) for i in ref.indices]


@rule(rf"attach (?:~|it) to {_OBJ}")
def _r_attach(ctx: Ctx, m: re.Match[str]) -> list[Effect]:
    if not ctx.is_permanent or (m.group(0).startswith("attach it") and ctx.it != Ref((SELF,))):
        raise NoParse("attach")
    ref = ctx.obj(m["obj"], plural_ok=False)
    return [Attach(i) for i in ref.indices]


@rule(r"add (?P<mana>(?:\{[WUBRGC]\})+)")
def _r_add_mana(ctx: Ctx, m: re.Match[str]) -> list[Effect]:
    return [AddMana(mana_units(m["mana"]))]


@rule(r"add (?P<n>one) mana of any color")
def _r_add_one_any(ctx: Ctx, m: re.Match[str]) -> list[Effect]:
    """'Add one mana of any color.' (106.1a): the color is chosen as it resolves."""
    return [AddMana((ANY_COLOR,))]


@rule(r"add (?P<n>one|two|three) mana of any one color")
def _r_add_any(ctx: Ctx, m: re.Match[str]) -> list[Effect]:
    if m["n"] != "one":
        raise NoParse("several mana of one colour")  # one choice for all of it: not expressible per unit
    return [AddMana((ANY_COLOR,))]


def mana_units(text: str) -> tuple[int, ...]:
    return tuple(MANA_BITS[s] for s in re.findall(r"\{([WUBRGC])\}", text))


_LIBRARY_CARD = re.compile(
    r"search your library for (?P<what>an? (?:[a-z ,'/-]+? )?cards?(?: [a-z0-9 ~'/-]+?)?|up to (?P<n>one|two|three) "
    r"[a-z ,'/-]+? cards?(?: [a-z0-9 ~'/-]+?)?)"
    r", (?:(?P<reveal>reveal (?:it|them|that card), )?put (?:it|that card|them|those cards) (?P<to>onto the battlefield"
    r"(?P<tapped> tapped)?|into your hand|into your graveyard), then shuffle|reveal it, then shuffle and put "
    r"(?P<top>that card|it) on top)")


@rule(_LIBRARY_CARD.pattern)
def _r_search(ctx: Ctx, m: re.Match[str]) -> list[Effect]:
    what = m["what"]
    n = 1
    if m["n"]:
        n = {"one": 1, "two": 2, "three": 3}[m["n"]]
        what = what.split(" ", 3)[3]
    else:
        what = what.split(" ", 1)[1]
    named = re.fullmatch(r"(?:a |an )?card named ~", what.strip())
    if named:
        from content.oracle.text import current_card_name

        if not current_card_name():
            raise NoParse("named ~")
        f = PermanentFilter(names=(current_card_name(),))
    else:
        noun, rest = noun_phrase(what)
        if rest or noun.head != "card":
            raise NoParse("search for what")
        f = noun.filter()
    # what a card in a library has: card types, subtypes, supertypes, colours, mana value, name (701.19)
    refused = {"controller", "exclude_source", "token", "attached", "self_only", "tapped", "combat", "paired"}
    if set(_set_fields(f)) & refused:
        raise NoParse("search filter")
    if m["top"]:
        return [SearchLibrary(f, "library_top", False, 1, True)]
    to = {"onto": "battlefield", "into your hand": "hand", "into your graveyard": "graveyard"}[
        "onto" if m["to"].startswith("onto") else m["to"]]
    if to == "battlefield" and (f.types_any or f.types_all) & ~(TYPE_WORDS["land"] | TYPE_WORDS["creature"]
                                                                | TYPE_WORDS["artifact"] | TYPE_WORDS["enchantment"]):
        raise NoParse("nonpermanent onto the battlefield")
    return [SearchLibrary(f, to, bool(m["tapped"]), n, bool(m["reveal"]))]


# ------------------------------------------------------------------ tokens

_TOKEN = re.compile(
    rf"create (?P<n>{NUMBER_RE}) (?P<tapped>tapped )?(?P<p>\d+)/(?P<t>\d+) (?P<colors>(?:white|blue|black|red|green|"
    r"colorless)(?:(?:, | and )(?:white|blue|black|red|green))*) (?P<subs>[a-z' -]+?) "
    r"(?P<types>(?:artifact |enchantment )?creature) tokens?(?: with (?P<kw>[a-z ,]+?))?")


@rule(_TOKEN.pattern.replace(rf"create (?P<n>{NUMBER_RE}) ", "create a number of ") + r" equal to (?P<count>.+)")
def _r_token_equal(ctx: Ctx, m: re.Match[str]) -> list[Effect]:
    from content.oracle.tokens import creature_token

    token, description = creature_token(int(m["p"]), int(m["t"]), m["colors"], m["subs"], m["types"], m["kw"])
    ctx.it = Ref()
    return [CreateToken(token, 0, bool(m["tapped"]), YOU, ctx.count(m["count"]), description)]


@rule(_TOKEN.pattern)
def _r_token(ctx: Ctx, m: re.Match[str]) -> list[Effect]:
    from content.oracle.tokens import creature_token

    token, description = creature_token(int(m["p"]), int(m["t"]), m["colors"], m["subs"], m["types"], m["kw"])
    amount = ctx.amount(m["n"])
    ctx.it = Ref()  # "it" / "they" would now mean the new tokens: not a reference the effects can hold
    return [CreateToken(token, amount[0], bool(m["tapped"]), YOU, amount[1], description)]


@rule(r"investigate(?: (?P<n>twice))?")
def _r_investigate(ctx: Ctx, m: re.Match[str]) -> list[Effect]:
    """CR 701.36a: "Investigate" means "Create a Clue token." """
    from content.oracle.tokens import named_token

    return [CreateToken(named_token("clue"), 2 if m["n"] else 1, False, YOU, None, "Clue token")]


@rule(rf"create (?P<n>{NUMBER_RE}) (?P<tapped>tapped )?(?P<name>food|clue|blood|treasure|powerstone) tokens?")
def _r_named_token(ctx: Ctx, m: re.Match[str]) -> list[Effect]:
    from content.oracle.tokens import named_token

    token = named_token(m["name"])
    amount = ctx.amount(m["n"])
    ctx.it = Ref()
    return [CreateToken(token, amount[0], bool(m["tapped"]), YOU, amount[1], m["name"].capitalize() + " token")]


# ------------------------------------------------------------------ conditions and payments


@rule(r"if (?P<cond>[^,]+), (?P<rest>.+)")
def _r_if(ctx: Ctx, m: re.Match[str]) -> list[Effect]:
    from content.oracle.conditions import condition

    cond = condition(m["cond"])
    return [Conditional(cond, tuple(sentence(ctx, m["rest"])))]


@rule(r"(?P<rest>.+) if (?P<cond>[^,]+)")
def _r_if_after(ctx: Ctx, m: re.Match[str]) -> list[Effect]:
    from content.oracle.conditions import condition

    cond = condition(m["cond"])
    return [Conditional(cond, tuple(clause(ctx, m["rest"])))]


_PAYER = r"(?P<payer>you|its controller|that player|that spell's controller|target player|target opponent)"


@rule(rf"(?P<rest>.+) unless {_PAYER} pays? (?P<cost>(?:\{{[0-9WUBRGCX]+\}})+)")
def _r_unless(ctx: Ctx, m: re.Match[str]) -> list[Effect]:
    from content.mana import parse_mana_cost

    inner = clause(ctx, m["rest"])
    payer = ctx.player(m["payer"])
    cost = parse_mana_cost(m["cost"])
    if getattr(cost, "has_x", False):
        if ctx.x_is is not None:
            raise NoParse("pays {X} where X is ...")
        ctx.uses_x = True  # "unless its controller pays {X}": the X of this spell (107.3)
    return [PayOrNot(cost, tuple(inner), payer, True)]


# ------------------------------------------------------------------ sentences


class Unsupported(Exception):
    pass


def clause(ctx: Ctx, text: str) -> list[Effect]:
    """One clause: the first rule that reads all of it."""
    text = text.strip().rstrip(".")
    for rules in (RULES, MECHANIC_RULES):  # the core readers first, then the mechanics' (content/oracle/mechanic_rules.py)
        for rx, builder in rules:
            m = rx.fullmatch(text)
            if not m:
                continue
            snap = ctx.snapshot()
            try:
                return builder(ctx, m)
            except NoParse:
                ctx.restore(snap)
                continue
    raise NoParse(text)


_SPLITS = (", then ", " and then ", ". then ", ", and ", " and ", ", ")


_DELAYED = re.compile(r"at the beginning of (?P<w1>the next end step|the next turn's upkeep), (?P<b1>.+)|"
                      r"(?P<b2>.+) at the beginning of (?P<w2>the next end step|the next turn's upkeep)")
_DELAYED_OK = (DrawCards, Discard, Destroy, MoveObject, Sacrifice, LoseLife, GainLife)


def _delayed(ctx: Ctx, m: re.Match[str]) -> Delayed:
    """'<effects> at the beginning of the next end step' (CR 603.7a): a delayed triggered ability. Only
    effects on the controller or on one object already named (this object, a target, the event's object)
    are read: the delayed ability doesn't target (its objects are fixed as it is created, 603.7c)."""
    from components.objects import Step

    body = m["b1"] or m["b2"]
    when = m["w1"] or m["w2"]
    before = len(ctx.targets)
    back = re.fullmatch(r"return (?P<obj>it|that card|the exiled card|~) to the battlefield under its owner's control",
                        body)
    if back:
        # the card an earlier instruction exiled (checked by _check_delayed_refs, which marks it ``follow``)
        obj = "it" if back["obj"] == "the exiled card" else back["obj"]
        ref_ = ctx.obj(obj, plural_ok=False)
        if len(ref_.indices) != 1:
            raise NoParse("return what")
        inner: list[Effect] = [MoveObject(ref_.indices[0], "battlefield")]
    else:
        inner = sentence(ctx, body)
    if len(ctx.targets) != before:
        raise NoParse("a delayed ability with targets")
    refs: set[int] = set()
    for e in inner:
        if not isinstance(e, _DELAYED_OK):
            raise NoParse("delayed effect")
        if getattr(e, "group", None) is not None or getattr(e, "dynamic", None) is not None:
            raise NoParse("delayed effect on a group")
        player = getattr(e, "player", None)
        if player is not None and player != YOU:
            raise NoParse("delayed effect on another player")
        if isinstance(e, MoveObject) and e.until_source_leaves:
            raise NoParse("delayed exile until")
        if hasattr(e, "target"):
            refs.add(e.target)
    if len(refs) > 1 or refs & {ATTACHED, GROUP}:
        raise NoParse("delayed effect on several objects")
    ref = refs.pop() if refs else -3
    if ref >= 0 and ctx.targets[ref].kind not in (TargetKind.CREATURE, TargetKind.PERMANENT,
                                                   TargetKind.CREATURE_OR_PLANESWALKER):
        raise NoParse("delayed effect on a card that moves")  # a card put onto the battlefield is new (400.7)
    step = Step.UPKEEP if when == "the next turn's upkeep" else Step.END
    return Delayed(tuple(inner), int(step), step == Step.UPKEEP, ref, front=bool(m["w1"]))


def sentence(ctx: Ctx, text: str) -> list[Effect]:
    text = text.strip().rstrip(".").strip()
    m = re.fullmatch(r"(?P<rest>.+), where x is (?P<count>.+)", text)
    if m and ctx.x_is is None:
        # CR 107.3c: "where X is ..." defines X as that number (content/oracle/instructions.py where_x).
        from content.oracle.instructions import where_x

        return where_x(ctx, m["rest"], m["count"])
    m = _DELAYED.fullmatch(text)
    if m:
        return [_delayed(ctx, m)]
    m = re.fullmatch(r"(?P<may>you may )?have (?P<obj>.+?) (?P<verb>deal|get|lose|gain|draw|discard|mill|sacrifice|"
                     r"fight|return|become|create|put) (?P<rest>.+)", text)
    if m:
        # "you may have ~ deal 3 damage to ..." is "~ deals 3 damage to ..." (the subject does it).
        verb = {"deal": "deals", "get": "gets", "lose": "loses", "gain": "gains", "draw": "draws",
                "discard": "discards", "mill": "mills", "sacrifice": "sacrifices", "fight": "fights",
                "return": "returns", "become": "becomes", "create": "creates", "put": "puts"}[m["verb"]]
        inner = sentence(ctx, f"{m['obj']} {verb} {m['rest']}")
        return [MayEffect(tuple(inner))] if m["may"] else inner
    if text.startswith("you may "):
        inner = sentence(ctx, text[len("you may "):])
        return [MayEffect(tuple(inner))]
    try:
        return clause(ctx, text)
    except NoParse:
        pass
    for sep in _SPLITS:
        start = 0
        while True:
            k = text.find(sep, start)
            if k < 0:
                break
            left, right = text[:k], text[k + len(sep):]
            snap = ctx.snapshot()
            try:
                first = clause(ctx, left)
                if _THIRD_PERSON.match(right):
                    # "Target opponent discards a card and loses 2 life": the second verb has the
                    # first one's subject.
                    subject = _subject_of(left)
                    if subject is None:
                        raise NoParse("verb without subject")
                    right = f"{subject} {right}"
                return first + sentence(ctx, right)
            except NoParse:
                ctx.restore(snap)
            start = k + 1
    raise NoParse(text)


_THIRD_PERSON = re.compile(r"(?:loses|gains|draws|discards|mills|sacrifices|creates|puts|returns|shuffles|reveals|"
                           r"exiles|searches|scries|surveils|deals|gets|fights|becomes|can't|has|is|doesn't untap)\b")
_SUBJECT = re.compile(r"(target player|target opponent|each player|each opponent|that player|its controller|"
                      r"its owner|that creature's controller|~|it|target creature(?: [a-z' ]+?)?|enchanted creature|"
                      r"equipped creature) (?=(?:loses|gains|draws|discards|mills|sacrifices|creates|puts|returns|"
                      r"deals|gets|fights|becomes|can't|has)\b)")


def _subject_of(clause_text: str) -> str | None:
    """The subject of a clause whose verb is in the third person ("target opponent discards ...")."""
    m = _SUBJECT.match(clause_text)
    if m is None:
        return None
    subject = m.group(1)
    if subject.startswith("target "):
        return "that player" if subject in ("target player", "target opponent") else "that creature"
    return subject


_NO_REGEN = re.compile(r"(?:it|they) can't be regenerated")


# Readers of one instruction written over several sentences ("Look at the top four cards of your library. You
# may reveal ... . Put the rest ..."): fn(ctx, sentences, i) -> (effects, sentences read) or None.
SENTENCE_GROUPS: list[Callable[[Ctx, list[str], int], tuple[list[Effect], int] | None]] = []


@rule(r"(?P<who>you|target opponent|target player) gets? an emblem with (?P<kw>.+)")
def _r_emblem(ctx: Ctx, m: re.Match[str]) -> list[Effect]:
    """'You get an emblem with "..."' (CR 114; content/oracle/grants.py)."""
    from content.oracle.grants import emblem_effect

    return [emblem_effect(ctx, m["who"], m["kw"])]  # type: ignore[list-item]


def _token_then_has(ctx: Ctx, sentences: list[str], i: int) -> tuple[list[Effect], int] | None:
    """'Create ... token. It has "..."' (content/oracle/grants.py, CR 111.3)."""
    from content.oracle.grants import token_then_has

    return token_then_has(ctx, sentences, i)  # type: ignore[return-value]


SENTENCE_GROUPS.append(_token_then_has)


def _sentence_group(ctx: Ctx, sentences: list[str], i: int) -> tuple[list[Effect], int] | None:
    for read in SENTENCE_GROUPS:
        got = read(ctx, sentences, i)
        if got is not None:
            return got
    return None


def effects(ctx: Ctx, text: str) -> list[Effect]:
    """All sentences of an instruction text, in order (CR 608.2c)."""
    text = text.strip()
    if '"' in text:
        # Abilities granted in quotes (113.1b): read as placeholders by _grant (content/oracle/grants.py).
        from content.oracle.grants import check_used, protect_quotes

        granted = effects(ctx, protect_quotes(text))
        check_used()
        return granted
    sentences = [s for s in re.split(r"(?<=\.)\s+", text) if s]
    out: list[Effect] = []
    i = 0
    while i < len(sentences):
        s = sentences[i].strip()
        group = _sentence_group(ctx, sentences, i)
        if group is not None:  # an instruction written over several sentences (SENTENCE_GROUPS)
            out.extend(group[0])
            i += group[1]
            continue
        if _NO_REGEN.fullmatch(s.rstrip(".")) and out and isinstance(out[-1], Destroy):
            # "Destroy ... . It can't be regenerated." (CR 701.15b)
            k = len(out) - 1
            while k >= 0 and isinstance(d := out[k], Destroy):
                out[k] = Destroy(d.target, d.group, no_regenerate=True)
                k -= 1
            i += 1
            continue
        if s.rstrip(".") == "look at the top card of your library" and i + 1 < len(sentences):
            nxt = sentences[i + 1].rstrip(".")
            if nxt in ("you may put it into your graveyard", "you may put that card into your graveyard"):
                out.append(Surveil(1, action=False))
                i += 2
                continue
            if nxt in ("you may put that card on the bottom", "you may put it on the bottom",
                       "you may put that card on the bottom of your library",
                       "you may put it on the bottom of your library"):
                out.append(Scry(1, action=False))
                i += 2
                continue
        if s.startswith("copy target ") and i + 1 < len(sentences) \
                and sentences[i + 1].rstrip(".") == "you may choose new targets for the copy":
            from content.oracle.instructions import copy_spell  # 707.10c

            out.append(copy_spell(ctx, s))  # type: ignore[arg-type]
            i += 2
            continue
        if s.startswith("you may ") and i + 1 < len(sentences) and sentences[i + 1].startswith("when you do, "):
            from content.oracle.instructions import when_you_do  # a reflexive triggered ability (603.12)

            out.append(when_you_do(ctx, s, sentences[i + 1]))  # type: ignore[arg-type]
            i += 2
            continue
        pm = re.fullmatch(r"you may pay (?P<cost>(?:\{[0-9WUBRGC]+\})+)", s.rstrip("."))
        if pm and i + 1 < len(sentences) and sentences[i + 1].startswith("if you do, "):
            # "You may pay {2}. If you do, <effect>."
            from content.mana import parse_mana_cost

            then = sentence(ctx, sentences[i + 1][len("if you do, "):])
            out.append(PayOrNot(parse_mana_cost(pm["cost"]), tuple(then), YOU, False))
            i += 2
            continue
        if s.startswith("you may ") and i + 1 < len(sentences) and sentences[i + 1].startswith("if you do, "):
            # "You may sacrifice a creature. If you do, draw two cards." (608.2c)
            first = sentence(ctx, s[len("you may "):])
            then = sentence(ctx, sentences[i + 1][len("if you do, "):])
            out.append(MayEffect(tuple(first), tuple(then)))
            i += 2
            continue
        out.extend(sentence(ctx, s))
        i += 1
    _check_delayed_refs(out)
    return out


def _check_delayed_refs(out: list[Effect]) -> None:
    """A delayed ability's "it" is fixed as it is created (603.7c). If an earlier instruction exiled that
    object, "that card" is the exiled card (the delayed ability follows it: ``follow``) and the only thing
    read is returning it to the battlefield; any other earlier move, or returning an object that wasn't
    exiled first (it would be a new object, 400.7), is not read."""
    exiled: set[int] = set()
    moved: set[int] = set()
    for k, e in enumerate(out):
        if isinstance(e, Delayed):
            back = len(e.effects) == 1 and isinstance(e.effects[0], MoveObject) and e.effects[0].to == "battlefield"
            if e.ref in exiled and back and e.ref not in moved:
                out[k] = Delayed(e.effects, e.step, e.next_turn, e.ref, e.front, follow=True)
            elif e.ref in exiled or e.ref in moved or any(isinstance(x, MoveObject) and x.to == "battlefield"
                                                         for x in e.effects):
                raise NoParse("a delayed ability on an object moved before")
        if isinstance(e, MoveObject):
            if e.to == "exile" and e.group is None and not e.until_source_leaves and e.target not in exiled:
                exiled.add(e.target)
            else:
                moved.add(e.target)


__all__ = ["ATTACHED", "EVENT_OBJECT", "Ctx", "NoParse", "Ref", "Unsupported", "effects", "sentence",
           "COLOR_WORDS"]

# Tokens created tapped and attacking (508.4), mobilize (content/oracle/attacking_tokens.py).
from content.oracle import attacking_tokens as _attacking_tokens  # noqa: E402,F401

# Choices: "Choose target ...", "Choose a color/creature type. ..." (608.2d, 115.1; content/oracle/choices.py).
from content.oracle import choices as _choices  # noqa: E402,F401

# Bolster, support, amass: keyword actions that put +1/+1 counters (content/oracle/counter_actions.py).
from content.oracle import counter_actions as _counter_actions  # noqa: E402,F401

# Transforming double-faced cards, face-down permanents: "transform ~", "manifest ..." (content/oracle/double_faced.py).
from content.oracle import double_faced as _double_faced  # noqa: E402,F401

# Looking at and revealing libraries and hands (CR 400.2, 701.16): registers its rules and SENTENCE_GROUPS.
from content.oracle import hidden_zones as _hidden_zones  # noqa: E402,F401

# Prevention, graveyard exile, P/T switch, dice, extra turns, proliferate (content/oracle/instructions.py).
from content.oracle import instructions as _instructions  # noqa: E402,F401

# "sacrifice it unless {G} was spent to cast it" (601.2h; content/oracle/mana_spent.py).
from content.oracle import mana_spent as _mana_spent  # noqa: E402

_mana_spent._register_rules()

# "If that creature would die this turn, exile it instead." (614.1a; content/oracle/exile_instead.py).
from content.oracle import exile_instead as _exile_instead  # noqa: E402,F401

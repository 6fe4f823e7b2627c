"""Effect phrases: prevention (CR 615, 609.7a), graveyard exile, flicker (400.7), copying spells (707.10), switching power
and toughness (613.4d), die rolls (706), extra turns (500.7), the monarch (724), life totals becoming N (119.5),
"can't be regenerated" (701.15c), proliferate / explore / connive (701.34, 701.40, 701.47), "where X is"
(107.3c, 107.3m), reflexive "when you do" (603.12), payments (118.12), choices made on resolution (608.2d)
and the mana forms of 106.1a / 602.5b.

The rules register with content/oracle/effects.py's ``rule`` (they are tried after its own); the effects
are components/instructions.py, carried out by systems/instructions.py; :func:`render_instruction` writes
them back for the round trip (content/oracle/render.py asks it).
"""

from __future__ import annotations

import dataclasses
import re

from components.abilities import (
    ATTACHED,
    EVENT_OBJECT,
    SELF,
    Count,
    Effect,
    PermanentFilter,
    TargetKind,
    TargetSpec,
)
from components.instructions import (
    BecomeMonarch,
    CantBeRegenerated,
    Connive,
    CopySpell,
    DiscardUnless,
    ExileGraveyard,
    ExileThisSpell,
    Explore,
    ExtraTurn,
    Flicker,
    IfRolled,
    LookX,
    Prevent,
    PreventNextFromSource,
    Proliferate,
    ProtectionOfChoice,
    ReturnChosen,
    RollDie,
    SetLife,
    SwitchPowerToughness,
    TapOrUntap,
    TargetPlayersPermanents,
    TheyPay,
    TokensForEach,
    UnlessPaysPer,
    WhenYouDo,
    WhereX,
)
from content.oracle.effects import Ctx, Ref, rule
from content.oracle.phrases import NoParse

# ------------------------------------------------------------------ prevention (CR 615)


def _one_or_more(ctx: Ctx, text: str) -> list[int]:
    """The objects (or players) a prevention names: 'any target', 'target creature', '~', 'it',
    'enchanted creature', 'up to two target creatures'. Groups are not read."""
    text = text.strip()
    if text == "any target":
        return [ctx.add_target(TargetSpec(TargetKind.ANY))]
    kinds = {"target player": TargetKind.PLAYER, "target opponent": TargetKind.OPPONENT,
             "target player or planeswalker": TargetKind.PLAYER_OR_PLANESWALKER}
    if text in kinds:
        index = ctx.add_target(TargetSpec(kinds[text]))
        ctx.it = Ref((index,))
        return [index]
    ref = ctx.obj(text)
    if ref.group is not None or not ref.indices:
        raise NoParse("prevention for a group")
    return list(ref.indices)


def _written(text: str) -> str:
    return "it" if text.strip() == "it" else ""


@rule(r"prevent all (?P<combat>combat )?damage that would be dealt this turn")
def _r_prevent_all(ctx: Ctx, m: re.Match[str]) -> list[object]:
    return [Prevent(None, None, bool(m["combat"]))]


@rule(r"prevent all (?P<combat>combat )?damage that would be dealt to players this turn")
def _r_prevent_players(ctx: Ctx, m: re.Match[str]) -> list[object]:
    return [Prevent(None, None, bool(m["combat"]), to_players=True)]


@rule(r"prevent all (?P<combat>combat )?damage that would be dealt to and dealt by (?P<obj>.+?) this turn")
def _r_prevent_to_and_by(ctx: Ctx, m: re.Match[str]) -> list[object]:
    return [Prevent(i, None, bool(m["combat"]), to_and_by=True, written=_written(m["obj"]))
            for i in _one_or_more(ctx, m["obj"])]


@rule(r"prevent all (?P<combat>combat )?damage that would be dealt (?P<by>to|by) (?P<obj>.+?) this turn")
def _r_prevent_to(ctx: Ctx, m: re.Match[str]) -> list[object]:
    by = m["by"] == "by"
    return [Prevent(i, None, bool(m["combat"]), by=by, written_by=by, written=_written(m["obj"]))
            for i in _one_or_more(ctx, m["obj"])]


@rule(r"prevent all (?P<combat>combat )?damage that would be dealt this turn to (?P<obj>.+)")
def _r_prevent_to_after(ctx: Ctx, m: re.Match[str]) -> list[object]:
    return [Prevent(i, None, bool(m["combat"]), after_turn=True) for i in _one_or_more(ctx, m["obj"])]


@rule(r"prevent all (?P<combat>combat )?damage (?P<obj>.+?) would deal this turn")
def _r_prevent_by(ctx: Ctx, m: re.Match[str]) -> list[object]:
    return [Prevent(i, None, bool(m["combat"]), by=True, written=_written(m["obj"])) for i in _one_or_more(ctx, m["obj"])]


@rule(r"prevent the next (?P<n>\d+|x) damage that would be dealt to (?P<obj>.+?) this turn")
def _r_prevent_next(ctx: Ctx, m: re.Match[str]) -> list[object]:
    dynamic: Count | None
    if m["n"] == "x" and ctx.x_is is not None:
        ctx.x_wrap = True  # type: ignore[attr-defined]  # "..., where X is ...": a WhereX gives X (107.3c)
        n, dynamic = 0, Count("x")
    else:
        n, dynamic = ctx.amount(m["n"])
    return [Prevent(i, n, dynamic=dynamic, written=_written(m["obj"])) for i in _one_or_more(ctx, m["obj"])]


_SOURCE_COLORS = {"white": 1, "blue": 2, "black": 4, "red": 8, "green": 16}  # PermanentFilter.colors_any bits


@rule(r"the next time (?:a|an) (?:(?P<word>white|blue|black|red|green|artifact|land|creature) )?source of your choice "
      r"would deal damage (?:to (?P<to>you|any target) )?this turn, prevent that damage")
def _r_prevent_next_from_source(ctx: Ctx, m: re.Match[str]) -> list[object]:
    """Circle of Protection (CR 615.7, 609.7a)."""
    from content.oracle.words import TYPE_WORDS

    quality = None
    if m["word"] in _SOURCE_COLORS:
        quality = PermanentFilter(colors_any=_SOURCE_COLORS[m["word"]])
    elif m["word"]:
        quality = PermanentFilter(types_any=TYPE_WORDS[m["word"]])
    to = "you" if m["to"] == "you" else ""
    if m["to"] == "any target":
        to = str(ctx.add_target(TargetSpec(TargetKind.ANY)))
    return [PreventNextFromSource(quality, to)]


# ------------------------------------------------------------------ payments (118.12)


@rule(r"(?P<rest>.+) unless (?P<payer>its controller|that player|that spell's controller) pays \{(?P<n>\d+)\} "
      r"for each (?P<count>.+)")
def _r_unless_pays_per(ctx: Ctx, m: re.Match[str]) -> list[object]:
    from content.oracle.effects import clause

    inner = clause(ctx, m["rest"])
    payer = ctx.player(m["payer"])
    count = ctx.count(m["count"])
    if count.kind not in ("permanents", "graveyard", "hand"):
        raise NoParse("pays for each what")
    return [UnlessPaysPer(int(m["n"]), count, tuple(inner), payer)]


# ------------------------------------------------------------------ zones


@rule(r"exile ~")
def _r_exile_this_spell(ctx: Ctx, m: re.Match[str]) -> list[object]:
    if ctx.is_permanent or ctx.kind != "spell":
        raise NoParse("exile ~")
    return [ExileThisSpell()]


@rule(r"exile (?P<obj>.+?), then return (?P<word>it|that card) to the battlefield(?P<tapped> tapped)? under its "
      r"owner's control")
def _r_flicker(ctx: Ctx, m: re.Match[str]) -> list[object]:
    ref = ctx.obj(m["obj"], plural_ok=False)
    if len(ref.indices) != 1 or ref.indices[0] == ATTACHED:
        raise NoParse("flicker what")
    return [Flicker(ref.indices[0], bool(m["tapped"]), m["word"])]


# ------------------------------------------------------------------ permanents a target player controls


@rule(r"(?P<a>.*?)(?P<grp>(?:all |each )?[a-z][a-z ,-]*?) target (?P<who>player|opponent) controls(?P<b>(?: .+)?)")
def _r_target_players_permanents(ctx: Ctx, m: re.Match[str]) -> list[object]:
    """'Creatures target player controls get -2/-2 until end of turn.', 'Tap all creatures target opponent
    controls.': read as "... you control" and followed for that player (TargetPlayersPermanents)."""
    from components.abilities import GROUP, ApplyContinuous, Destroy, ModifyPowerToughness, Tap
    from content.oracle.effects import clause

    player = ctx.player(f"target {m['who']}")
    inner_ctx = Ctx(ctx.kind, is_permanent=ctx.is_permanent)
    inner = clause(inner_ctx, f"{m['a']}{m['grp']} you control{m['b']}")
    if inner_ctx.targets or inner_ctx.uses_x or not inner:
        raise NoParse("target player's permanents")
    for e in inner:
        group = getattr(e, "group", None)
        if not isinstance(e, ModifyPowerToughness | ApplyContinuous | Tap | Destroy) or getattr(e, "target", None) != GROUP \
                or group is None or group.players or group.filter is None or group.filter.controller != "you" \
                or getattr(e, "dynamic", None) is not None:
            raise NoParse("target player's permanents: effect")
        if isinstance(e, ApplyContinuous) and any(p.layer != 60 or p.new_controller_is_you for p in e.parts):
            raise NoParse("target player's permanents: effect")
    return [TargetPlayersPermanents(player, tuple(inner))]


# ------------------------------------------------------------------ tokens


@rule(r"(?P<create>create (?:a|an) (?:tapped )?\d+/\d+ .+? creature token(?: with [a-z ,]+?)?) for each (?P<count>.+)")
def _r_tokens_for_each(ctx: Ctx, m: re.Match[str]) -> list[object]:
    from components.abilities import CreateToken
    from content.oracle.effects import clause

    count = ctx.count(m["count"])
    (create,) = clause(ctx, m["create"]) or (None,)
    if not isinstance(create, CreateToken) or create.amount != 1 or create.dynamic is not None:
        raise NoParse("tokens for each")
    return [TokensForEach(dataclasses.replace(create, amount=0, dynamic=count))]


# ------------------------------------------------------------------ copies (707.10)


def copy_spell(ctx: Ctx, first: str) -> object:
    """'Copy target instant or sorcery spell. You may choose new targets for the copy.' (content/oracle/effects.py
    ``effects`` reads the two sentences together)."""
    m = re.fullmatch(r"copy (?P<obj>target .*spell.*?)\.?", first.strip())
    if not m:
        raise NoParse("copy what")
    ref = ctx.obj(m["obj"], plural_ok=False)
    if len(ref.indices) != 1 or ctx.targets[ref.indices[0]].kind != TargetKind.SPELL:
        raise NoParse("copy what")
    return CopySpell(ref.indices[0])


# ------------------------------------------------------------------ hands


@rule(r"(?:then )?discard (?P<n>two|three) cards unless you discard (?:a|an) (?P<what>.+? card)")
def _r_discard_unless(ctx: Ctx, m: re.Match[str]) -> list[object]:
    from content.oracle.phrases import noun_phrase, number

    noun, rest = noun_phrase(m["what"])
    if rest or noun.head != "card" or noun.zone or noun.plural:
        raise NoParse("discard unless what")
    f = noun.filter()
    if f.controller != "any" or f.tapped is not None or f.combat:
        raise NoParse("discard unless filter")
    n = number(m["n"])
    assert isinstance(n, int)
    return [DiscardUnless(n, f)]


@rule(r"(?P<rest>.+) unless they pay (?P<cost>(?:\{[0-9WUBRGC]+\})+)")
def _r_unless_they_pay(ctx: Ctx, m: re.Match[str]) -> list[object]:
    """'That player loses 2 life unless they pay {2}.' / 'Counter target spell an opponent controls unless they
    pay {1}.': "they" is the player named before, or the controller of the one object named before."""
    from components.abilities import PayOrNot, PlayerRef
    from content.mana import parse_mana_cost
    from content.oracle.effects import clause

    inner = clause(ctx, m["rest"])
    if ctx.it_player is not None:
        payer = ctx.it_player
    elif ctx.it is not None and len(ctx.it.indices) == 1 and ctx.it.indices[0] >= 0:
        payer = PlayerRef("controller_of", ctx.it.indices[0])
    else:
        raise NoParse("'they' without antecedent")
    return [TheyPay(PayOrNot(parse_mana_cost(m["cost"]), tuple(inner), payer, True))]


# ------------------------------------------------------------------ graveyards


@rule(r"exile (?P<player>target player|target opponent|each opponent|each player)'s graveyard")
def _r_exile_graveyard(ctx: Ctx, m: re.Match[str]) -> list[object]:
    return [ExileGraveyard(ctx.player(m["player"]))]


@rule(r"exile your graveyard")
def _r_exile_your_graveyard(ctx: Ctx, m: re.Match[str]) -> list[object]:
    return [ExileGraveyard(ctx.player("you"))]


# ------------------------------------------------------------------ power and toughness (613.4d)


@rule(r"switch (?P<obj>.+?)'s power and toughness until end of turn")
def _r_switch(ctx: Ctx, m: re.Match[str]) -> list[object]:
    ref = ctx.obj(m["obj"])
    return [SwitchPowerToughness(i, g) for i, g in ref.each()]


@rule(r"switch its power and toughness until end of turn")
def _r_switch_its(ctx: Ctx, m: re.Match[str]) -> list[object]:
    ref = ctx.obj("it", plural_ok=False)
    if len(ref.indices) != 1:
        raise NoParse("'its' without one antecedent")
    return [SwitchPowerToughness(ref.indices[0], None, "its")]


# ------------------------------------------------------------------ dice (706)

_SIDES = {"four": 4, "six": 6, "eight": 8, "ten": 10, "twelve": 12, "twenty": 20}


@rule(r"roll an? (?P<sides>four|six|eight|ten|twelve|twenty)-sided die")
def _r_roll(ctx: Ctx, m: re.Match[str]) -> list[object]:
    ctx.die = True  # type: ignore[attr-defined]  # "the result" now means this roll's result
    return [RollDie(_SIDES[m["sides"]])]


@rule(r"if (?:you roll an? (?P<n>\d+)|the result is (?P<m>\d+) or (?P<dir>less|greater)), (?P<rest>.+)")
def _r_if_rolled(ctx: Ctx, m: re.Match[str]) -> list[object]:
    from content.oracle.effects import sentence

    if not getattr(ctx, "die", False):
        raise NoParse("the result without a die roll")
    if m["n"]:
        low = high = int(m["n"])
        written = "roll"
    else:
        k = int(m["m"])
        low, high = (1, k) if m["dir"] == "less" else (k, 1000)
        written = m["dir"]
    return [IfRolled(low, high, tuple(sentence(ctx, m["rest"])), written)]


@rule(r"put a number of (?P<kind>[+-]1/[+-]1|[a-z]+) counters on (?P<obj>.+?) equal to (?P<count>.+)")
def _r_counters_equal(ctx: Ctx, m: re.Match[str]) -> list[object]:
    """'Put a number of +1/+1 counters on ~ equal to the result.'"""
    from components.abilities import PutCounters

    ref = ctx.obj(m["obj"])
    count = ctx.count(m["count"])
    if count.kind != "die_result":
        raise NoParse("a number of counters equal to what")  # rendered as "for each" otherwise
    return [IfRolled(1, 1000, tuple(PutCounters(m["kind"], 0, i, g, count) for i, g in ref.each()), "counters")]


# ------------------------------------------------------------------ life totals (119.5)

_LIFE_OF = {"your": "you", "target player's": "target player", "target opponent's": "target opponent",
            "each player's": "each player", "that player's": "that player"}


@rule(r"(?P<who>your|target player's|target opponent's|each player's|that player's) life total becomes "
      r"(?:(?P<n>\d+)|the number of (?P<noun>.+?) (?P<ctl>you|they) control)")
def _r_set_life(ctx: Ctx, m: re.Match[str]) -> list[object]:
    from components.abilities import Count
    from content.oracle.phrases import noun_phrase

    player = ctx.player(_LIFE_OF[m["who"]])
    if m["n"]:
        return [SetLife(player, int(m["n"]))]
    if (m["ctl"] == "they") != (m["who"] == "each player's"):
        raise NoParse("whose count")
    noun, rest = noun_phrase(m["noun"] + " you control")
    if rest or not noun.plural or noun.zone or noun.head != "permanent":
        raise NoParse("life total becomes what")
    return [SetLife(player, 0, Count("permanents", noun.filter()))]


@rule(r"(?P<kind>scry|surveil) x")
def _r_scry_x(ctx: Ctx, m: re.Match[str]) -> list[object]:
    """'Scry X, where X is the number of planeswalkers you control.' (X from the text: a WhereX)."""
    if ctx.x_is is None:
        ctx.uses_x = True  # the X paid for the spell or ability (107.3a)
    else:
        ctx.x_wrap = True  # type: ignore[attr-defined]
    return [LookX(m["kind"])]


@rule(r"(?P<obj>.+?) (?P<verb>explores|connives)")
def _r_explore_connive(ctx: Ctx, m: re.Match[str]) -> list[object]:
    """'It explores.' (701.40), 'Target creature you control connives.' (701.47)."""
    text = m["obj"]
    written = text if text in ("it", "he", "she") else ""
    ref = ctx.obj("it" if written else text, plural_ok=False)
    if len(ref.indices) != 1 or ref.indices[0] == ATTACHED:
        raise NoParse("explore what")
    kind = Explore if m["verb"] == "explores" else Connive
    return [kind(ref.indices[0], written)]


# ------------------------------------------------------------------ the monarch (724)


@rule(r"(?P<player>you|target player|target opponent|that player) becomes? the monarch")
def _r_monarch(ctx: Ctx, m: re.Match[str]) -> list[object]:
    return [BecomeMonarch(ctx.player(m["player"]))]


# ------------------------------------------------------------------ turns (500.7)


@rule(r"take an extra turn after this one")
def _r_extra_turn(ctx: Ctx, m: re.Match[str]) -> list[object]:
    return [ExtraTurn(ctx.player("you"))]


@rule(r"(?P<player>target player|target opponent) takes an extra turn after this one")
def _r_extra_turn_player(ctx: Ctx, m: re.Match[str]) -> list[object]:
    return [ExtraTurn(ctx.player(m["player"]))]


# ------------------------------------------------------------------ regeneration (701.15c)


@rule(r"(?P<obj>.+?) can't be regenerated this turn")
def _r_cant_regenerate(ctx: Ctx, m: re.Match[str]) -> list[object]:
    ref = ctx.obj(m["obj"])
    return [CantBeRegenerated(i, g) for i, g in ref.each()]


# ------------------------------------------------------------------ counters (701.34)


@rule(r"proliferate(?P<again>, then proliferate again)?")
def _r_proliferate(ctx: Ctx, m: re.Match[str]) -> list[object]:
    return [Proliferate(2 if m["again"] else 1)]


# ------------------------------------------------------------------ chosen as it resolves (608.2d)


@rule(r"(?P<obj>.+?) gains? protection from the color of your choice until end of turn")
def _r_protection_of_choice(ctx: Ctx, m: re.Match[str]) -> list[object]:
    return [ProtectionOfChoice(i, g) for i, g in ctx.obj(m["obj"]).each()]


@rule(r"tap or untap (?P<obj>.+)")
def _r_tap_or_untap(ctx: Ctx, m: re.Match[str]) -> list[object]:
    ref = ctx.obj(m["obj"], plural_ok=False)
    return [TapOrUntap(i) for i in ref.indices]


def _chosen_permanent(text: str) -> PermanentFilter:
    """'a land you control', 'another permanent you control', 'an untapped Forest you control': one permanent
    the player controls (not a target), as a filter."""
    from content.oracle.phrases import noun_phrase

    noun, rest = noun_phrase(text)
    if rest or noun.det not in ("a", "an", "another") or noun.head != "permanent" or noun.plural or noun.zone:
        raise NoParse("return what")
    f = noun.filter()
    if f.controller != "you":
        raise NoParse("return whose")
    return f


@rule(r"return (?P<what>(?:a|an|another) .+? you control) to its owner's hand")
def _r_return_chosen(ctx: Ctx, m: re.Match[str]) -> list[object]:
    return [ReturnChosen(_chosen_permanent(m["what"]), ctx.player("you"))]


@rule(r"sacrifice (?P<it>it|~) unless you return (?P<what>(?:a|an|another) .+? you control) to its owner's hand")
def _r_sacrifice_unless_return(ctx: Ctx, m: re.Match[str]) -> list[object]:
    from components.abilities import Sacrifice

    if not ctx.is_permanent or ctx.self_gone or (m["it"] == "it" and ctx.it != Ref((SELF,))):
        raise NoParse("sacrifice what")
    return [ReturnChosen(_chosen_permanent(m["what"]), ctx.player("you"), (Sacrifice(SELF),), m["it"] == "it")]


# ------------------------------------------------------------------ rendering


def render_instruction(e: object, ctx: object) -> str | None:
    """The Oracle-style clause of one of these effects (content/oracle/render.py ``_one``), or None."""
    obj = getattr(ctx, "obj")  # noqa: B009 - render._Ctx.obj
    if isinstance(e, Prevent):
        combat = "combat " if e.combat_only else ""
        if e.target is None:
            return f"prevent all {combat}damage that would be dealt {'to players ' if e.to_players else ''}this turn"
        what = "it" if e.written == "it" else _target_words(e.target, ctx, obj)
        if e.amount is not None or e.dynamic is not None:
            n = "x" if e.dynamic is not None else str(e.amount)
            return f"prevent the next {n} damage that would be dealt to {what} this turn"
        if e.to_and_by:
            return f"prevent all {combat}damage that would be dealt to and dealt by {what} this turn"
        if e.by and e.written_by:
            return f"prevent all {combat}damage that would be dealt by {what} this turn"
        if e.by:
            return f"prevent all {combat}damage {what} would deal this turn"
        if e.after_turn:
            return f"prevent all {combat}damage that would be dealt this turn to {what}"
        return f"prevent all {combat}damage that would be dealt to {what} this turn"
    if isinstance(e, ExileGraveyard):
        who = ctx.player(e.player)  # type: ignore[attr-defined]
        return "exile your graveyard" if who == "you" else f"exile {who}'s graveyard"
    if isinstance(e, SwitchPowerToughness):
        if e.written == "its":
            return "switch its power and toughness until end of turn"
        if e.group is not None:
            from content.oracle.render import noun

            return f"switch each {noun(e.group.filter)}'s power and toughness until end of turn"
        return f"switch {obj(e.target)}'s power and toughness until end of turn"
    if isinstance(e, RollDie):
        words = {v: k for k, v in _SIDES.items()}
        return f"roll a{'n' if e.sides == 8 else ''} {words[e.sides]}-sided die"
    if isinstance(e, ExtraTurn):
        who = ctx.player(e.player)  # type: ignore[attr-defined]
        return "take an extra turn after this one" if who == "you" else f"{who} takes an extra turn after this one"
    if isinstance(e, CantBeRegenerated):
        if e.group is not None:
            from content.oracle.render import group_plural

            return f"{group_plural(e.group)} can't be regenerated this turn"
        return f"{obj(e.target)} can't be regenerated this turn"
    if isinstance(e, Proliferate):
        return "proliferate" + (", then proliferate again" if e.times == 2 else "")
    if isinstance(e, TapOrUntap):
        return f"tap or untap {obj(e.target)}"
    if isinstance(e, Explore | Connive):
        who = e.written or obj(e.target)
        return f"{who} {'explores' if isinstance(e, Explore) else 'connives'}"
    if isinstance(e, LookX):
        return f"{e.kind} x"
    if isinstance(e, BecomeMonarch):
        who = ctx.player(e.player)  # type: ignore[attr-defined]
        return f"{who} {'become' if who == 'you' else 'becomes'} the monarch"
    if isinstance(e, ExileThisSpell):
        return "exile ~"
    if isinstance(e, CopySpell):
        return f"copy {obj(e.target)}. You may choose new targets for the copy"
    if isinstance(e, SetLife):
        who = ctx.player(e.player)  # type: ignore[attr-defined]
        whose = "your" if who == "you" else who + "'s"
        if e.dynamic is None:
            return f"{whose} life total becomes {e.amount}"
        from content.oracle.render import count_phrase

        number = count_phrase(e.dynamic, ctx)  # type: ignore[arg-type]
        return f"{whose} life total becomes {number.replace(' you control', ' they control' if who == 'each player' else ' you control')}"
    if isinstance(e, IfRolled):
        from content.oracle.render import effect_text

        if e.written == "counters":
            k = e.effects[0]
            return f"put a number of {k.kind} counters on {obj(k.target, k.group)} equal to the result"  # type: ignore[attr-defined]
        inner = effect_text(e.effects, ctx, together=True).rstrip(".")  # type: ignore[arg-type]
        inner = inner if inner.startswith("~") else inner[:1].lower() + inner[1:]
        if e.written == "roll":
            return f"if you roll a{'n' if e.low in (8, 11, 18) else ''} {e.low}, {inner}"
        return f"if the result is {e.high if e.written == 'less' else e.low} or {e.written}, {inner}"
    if isinstance(e, TheyPay):
        from content.oracle.render import _mana_cost, effect_text

        pay = e.pay
        inner = effect_text(pay.effects, ctx).rstrip(".")  # type: ignore[arg-type]
        inner = inner if inner.startswith("~") else inner[:1].lower() + inner[1:]
        return f"{inner} unless they pay {_mana_cost(pay.cost)}"
    if isinstance(e, TokensForEach):
        from content.oracle.render import _for_each, effect_text

        one = effect_text((dataclasses.replace(e.create, amount=1, dynamic=None),), ctx).rstrip(".")  # type: ignore[arg-type]
        return one[:1].lower() + one[1:] + " " + _for_each(e.create.dynamic)  # type: ignore[arg-type]  # "for each": set
    if isinstance(e, DiscardUnless):
        from content.oracle.render import noun

        what = noun(e.filter, base="card", head="card")
        art = "an" if what[:1] in "aeiou" else "a"
        return f"then discard {_words(e.amount)} cards unless you discard {art} {what}"
    if isinstance(e, TargetPlayersPermanents):
        from content.oracle.render import effect_text

        who = ctx.player(e.player)  # type: ignore[attr-defined]
        inner = effect_text(e.effects, ctx).rstrip(".")  # type: ignore[arg-type]
        inner = inner if inner.startswith("~") else inner[:1].lower() + inner[1:]
        return inner.replace(" you control", f" {who} controls", 1)
    if isinstance(e, Flicker):
        what = obj(e.target)
        tapped = " tapped" if e.tapped else ""
        return f"exile {what}, then return {e.word} to the battlefield{tapped} under its owner's control"
    if isinstance(e, UnlessPaysPer):
        from content.oracle.render import _for_each, effect_text

        inner = effect_text(e.effects, ctx).rstrip(".")  # type: ignore[arg-type]
        inner = inner if inner.startswith("~") else inner[:1].lower() + inner[1:]
        each = _for_each(e.count)
        if e.count.kind == "permanents" and e.count.filter is not None and e.count.filter.controller == "any" \
                and not each.endswith(" on the battlefield"):  # (render.py writes it now)
            each += " on the battlefield"
        return f"{inner} unless {ctx.player(e.payer)} pays {{{e.per}}} {each}"  # type: ignore[attr-defined]
    if isinstance(e, ProtectionOfChoice):
        if e.group is not None:
            from content.oracle.render import group_plural

            return f"{group_plural(e.group)} gain protection from the color of your choice until end of turn"
        return f"{obj(e.target)} gains protection from the color of your choice until end of turn"
    if isinstance(e, PreventNextFromSource):
        word = ""
        f = e.quality
        if f is not None:
            from content.oracle.render import noun

            word = noun(f).removesuffix(" permanent").removesuffix("permanent").strip() + " "
        art = "an" if (word or "source")[:1] in "aeiou" else "a"
        to = {"you": "to you ", "": ""}.get(e.to, "to any target ")
        if e.to.isdigit():
            ctx.mentioned.add(int(e.to))  # type: ignore[attr-defined]
        return f"the next time {art} {word}source of your choice would deal damage {to}this turn, prevent that damage"
    if isinstance(e, WhenYouDo):
        return _render_when_you_do(e, ctx)
    if isinstance(e, ReturnChosen):
        from content.oracle.render import noun

        f = e.filter
        what = noun(dataclasses.replace(f, controller="you", exclude_source=False))
        art = "another" if f.exclude_source else ("an" if what[:1] in "aeiouAEIOU" else "a")
        text = f"return {art} {what} to its owner's hand"
        if e.unless:
            return f"sacrifice {'it' if e.written_it else '~'} unless you {text}"
        return text
    if isinstance(e, WhereX) and e.possessive == "cast":
        from content.oracle.render import effect_text

        inner = effect_text(e.effects, ctx).rstrip(".")  # type: ignore[arg-type]
        return inner if inner.startswith("~") else inner[:1].lower() + inner[1:]  # X: the spell's X (107.3m)
    if isinstance(e, WhereX):
        from content.oracle.render import count_phrase, effect_text

        inner = effect_text(e.effects, ctx).rstrip(".")  # type: ignore[arg-type]
        number = count_phrase(e.count, ctx)  # type: ignore[arg-type]
        f = e.count.filter
        if e.count.kind == "permanents" and f is not None and f.controller == "any" and not f.exclude_source \
                and not number.endswith(" on the battlefield"):  # (render.py writes it now)
            number += " on the battlefield"  # "the number of Zombies on the battlefield"
        if e.possessive:
            number = re.sub(r"^(?:its|~'s|[a-z ]+'s) ", e.possessive + " ", number)
        return (inner if inner.startswith("~") else inner[:1].lower() + inner[1:]) + ", where x is " + number
    return None


def _words(n: int) -> str:
    return {2: "two", 3: "three"}[n]


def _target_words(index: int, ctx: object, obj: object) -> str:
    if index >= 0:
        spec = ctx.targets[index]  # type: ignore[attr-defined]
        if spec.kind == TargetKind.ANY and spec.filter is None and not spec.optional:
            ctx.mentioned.add(index)  # type: ignore[attr-defined]
            return "any target"
    if index == ATTACHED:
        return "enchanted creature"
    if index == SELF:
        return "~"
    if index == EVENT_OBJECT:
        return "it"
    return obj(index)  # type: ignore[operator]


__all__ = ["render_instruction"]


# ------------------------------------------------------------------ mana (CR 106.1, 605)

_SYM = r"\{[WUBRGC]\}"
_BIT = {"W": 1, "U": 2, "B": 4, "R": 8, "G": 16, "C": 32}
_LETTER = {v: k for k, v in _BIT.items()}
_MANY = {"two": 2, "three": 3, "four": 4, "five": 5}


def _or_mask(text: str) -> int:
    mask = 0
    for s in re.findall(r"\{([WUBRGC])\}", text):
        mask |= _BIT[s]
    return mask


def mana_units(what: str) -> tuple[int, ...] | None:
    """The mana an "Add ..." phrase makes, one type mask per mana, or None when not one of these forms:
    "{B} or {G}" / "{G}, {U}, or {R}" (one mana of one of those types), "{B}{B}, {B}{R}, or {R}{R}" (two mana,
    each of either type: every pair is listed), "two mana in any combination of colors" / "... of {U}, {B},
    and/or {R}" (CR 106.1a: the player chooses each mana's type)."""
    if re.fullmatch(rf"{_SYM}(?:, {_SYM})*,? or {_SYM}", what):
        return (_or_mask(what),)
    if m := re.fullmatch(r"(?P<n>two|three) mana of any one color", what):
        from components.mana_spending import ONE_COLOR

        return (31 | ONE_COLOR,) * _MANY[m["n"]]  # 106.1a: one color chosen for all of them
    m = re.fullmatch(rf"(?P<n>two|three|four|five) mana in any combination of (?:colors|(?P<list>{_SYM}(?:, {_SYM})*,? and/or "
                     rf"{_SYM}))", what)
    if m:
        mask = _or_mask(m["list"]) if m["list"] else 31
        return (mask,) * _MANY[m["n"]]
    if re.fullmatch(rf"{_SYM}{_SYM}(?:, {_SYM}{_SYM})*,? or {_SYM}{_SYM}", what):
        pairs = [tuple(sorted(re.findall(r"\{([WUBRGC])\}", p), key="WUBRGC".index))
                 for p in re.split(r",? or |, ", what)]
        letters = sorted({c for p in pairs for c in p}, key="WUBRGC".index)
        from itertools import combinations_with_replacement

        if sorted(pairs) != sorted(combinations_with_replacement(letters, 2)):
            return None  # not every pair of those types: not "each of either type"
        return (_or_mask(what),) * 2
    return None


def mana_text(produces: tuple[int, ...], dynamic: object, ctx: object) -> str:
    """What follows "Add " for these mana units (the inverse of :func:`mana_units` and of the plain forms)."""
    syms = [f"{{{c}}}" for c in "WUBRGC"]

    def one_of(mask: int) -> list[str]:
        return [syms[i] for i in range(6) if mask & (1 << i)]

    if dynamic is not None:
        from content.oracle.render import _for_each

        return "".join(f"{{{_LETTER[m]}}}" for m in produces) + " " + _for_each(dynamic)  # type: ignore[arg-type]
    if produces == (31,):
        return "one mana of any color"
    if len(produces) in (2, 3) and all(m == 31 | 256 for m in produces):  # components.mana_spending.ONE_COLOR
        return {2: "two", 3: "three"}[len(produces)] + " mana of any one color"
    if all(not m & (m - 1) for m in produces):
        return "".join(f"{{{_LETTER[m]}}}" for m in produces)
    if len(produces) == 1:
        options = one_of(produces[0])
        return " or ".join(options) if len(options) == 2 else ", ".join(options[:-1]) + ", or " + options[-1]
    n = {2: "two", 3: "three", 4: "four", 5: "five"}[len(produces)]
    mask = produces[0]
    if mask == 31:
        return f"{n} mana in any combination of colors"
    options = one_of(mask)
    if len(produces) == 2 and len(options) == 2:
        from content.oracle.render import pair_order

        a, b = pair_order(options)  # "{R}{R}, {R}{W}, or {W}{W}" (the colour pair's printed order)
        return f"{a}{a}, {a}{b}, or {b}{b}"
    return f"{n} mana in any combination of " + ", ".join(options[:-1]) + ", and/or " + options[-1]


@rule(r"add (?P<what>.+)")
def _r_add_mana_forms(ctx: Ctx, m: re.Match[str]) -> list[object]:
    from components.abilities import AddMana

    units = mana_units(m["what"])
    if units is None:
        raise NoParse("add what")
    return [AddMana(units)]


@rule(rf"add (?P<mana>(?:{_SYM})+) for each (?P<count>.+)")
def _r_add_mana_each(ctx: Ctx, m: re.Match[str]) -> list[object]:
    """'Add {U} for each artifact you control.' (the number is found as it resolves, 608.2h)."""
    from components.abilities import AddMana

    units = tuple(_BIT[s] for s in re.findall(r"\{([WUBRGC])\}", m["mana"]))
    count = ctx.count(m["count"])
    if count.kind != "permanents":
        raise NoParse("mana count")
    return [AddMana(units, count)]


def mana_ability_line(what: str, text: str) -> object | None:
    """'{T}: Add <what>' that content/oracle/lines.py mana_line doesn't read itself: the forms of
    :func:`mana_units`, with "Activate only if <condition>." (602.5b) after one. None: not a mana-ability
    line this reads (the activated-ability reader tries it next)."""
    from components.abilities import ManaAbility
    from content.oracle.conditions import condition

    cond = None
    m = re.fullmatch(r"(?P<what>.+?)\. activate only if (?P<cond>.+?)\.?", what)
    if m:
        try:
            cond = condition(m["cond"])
        except NoParse:
            return None
        what = m["what"]
    what = what.rstrip(".")
    if re.fullmatch(r"(?:\{[WUBRGC]\})+", what):
        units: tuple[int, ...] | None = tuple(_BIT[s] for s in re.findall(r"\{([WUBRGC])\}", what))
    elif what == "one mana of any color":
        units = (31,)
    else:
        units = mana_units(what)
    if units is None or (cond is None and len(units) == 1 and units[0] & (units[0] - 1) == 0):
        return None
    return ManaAbility(text, units, condition=cond)


# ------------------------------------------------------------------ "where X is ..." (CR 107.3c)


def where_x(ctx: Ctx, rest: str, count_text: str) -> list[Effect]:
    """'<instructions>, where X is <number>' (content/oracle/effects.py ``sentence``). Read first as the number
    standing for X wherever the instructions use it (``ctx.x_is``); "+X/+X" is then wrapped in
    :class:`WhereX` (X found as it resolves). When the number names an object the instructions name first
    ("Target creature gets +X/+0 until end of turn, where X is its power"), the instructions are read first
    with X, and the number after them."""
    from components.instructions import WhereX
    from content.oracle.effects import sentence

    possessive = m.group(1) if (m := re.match(r"(its|that creature's) ", count_text)) else ""
    try:
        count = ctx.count(count_text)
    except NoParse:
        count = None
    if count is not None:
        wrap_before = getattr(ctx, "x_wrap", False)
        ctx.x_is, ctx.x_wrap = count, False  # type: ignore[attr-defined]
        try:
            effs = sentence(ctx, rest)
            wrapped = ctx.x_wrap  # type: ignore[attr-defined]
        finally:
            ctx.x_is, ctx.x_wrap = None, wrap_before  # type: ignore[attr-defined]
        return [WhereX(count, tuple(effs), possessive)] if wrapped else effs
    uses_x = ctx.uses_x
    effs = sentence(ctx, rest)  # X: Count "x", defined below rather than paid (107.3c)
    count = ctx.count(count_text)
    ctx.uses_x = uses_x
    return [WhereX(count, tuple(effs), possessive)]


# ------------------------------------------------------------------ reflexive triggers (CR 603.12)


def when_you_do(ctx: Ctx, first: str, reflexive: str) -> object:
    """'You may pay {1}. When you do, ...' / 'You may exile ~. When you do, ...' (content/oracle/effects.py
    ``effects``): the "when you do" part is a reflexive triggered ability with its own targets (603.12)."""
    from components.abilities import TriggerCondition, TriggeredAbility, TriggerKind
    from content.mana import parse_mana_cost
    from content.oracle.effects import effects, sentence

    body = reflexive.strip()
    assert body.startswith("when you do, ")
    inner_ctx = Ctx("triggered", is_permanent=ctx.is_permanent)
    inner_ctx.it = Ref((SELF,)) if ctx.is_permanent and not ctx.self_gone else None
    inner_ctx.self_gone = ctx.self_gone
    inner = effects(inner_ctx, body[len("when you do, "):])
    if inner_ctx.uses_x:
        raise NoParse("X in a reflexive ability")
    ability = TriggeredAbility("when you do, " + body[len("when you do, "):].rstrip("."),
                               TriggerCondition(TriggerKind.BEGINNING_OF_STEP), tuple(inner_ctx.targets), tuple(inner))
    what = first.strip().rstrip(".")[len("you may "):]
    m = re.fullmatch(r"pay (?P<cost>(?:\{[0-9WUBRGC]+\})+)", what)
    if m:
        return WhenYouDo(ability, parse_mana_cost(m["cost"]))
    done = sentence(ctx, what)
    return WhenYouDo(ability, None, tuple(done))


def _render_when_you_do(e: WhenYouDo, ctx: object) -> str:
    from content.oracle.render import _Ctx, _mana_cost, effect_text

    ability = e.ability
    inner = effect_text(ability.effects, _Ctx(ability.targets), together=True).rstrip(".")
    inner = inner if inner.startswith("~") else inner[:1].lower() + inner[1:]
    if e.cost is not None:
        first = f"you may pay {_mana_cost(e.cost)}"
    else:
        done = effect_text(e.first, ctx).rstrip(".")  # type: ignore[arg-type]
        first = "you may " + (done if done.startswith("~") else done[:1].lower() + done[1:])
    return f"{first}. When you do, {inner}"


# ------------------------------------------------------------------ numbers: "the greatest power among ..." (208, 202.3)

_GREATEST = {"power": "greatest_power", "toughness": "greatest_toughness", "mana value": "greatest_mana_value"}


def more_counts(ctx: Ctx, text: str, multiplier: int) -> Count | None:
    """Numbers content/oracle/effects.py ``Ctx.count`` doesn't read itself: 'the greatest power / toughness / mana
    value among <permanents>' (0 when there are none). None: not one of these."""
    from content.oracle.effects import group_of
    from content.oracle.phrases import noun_phrase

    m = re.fullmatch(r"the greatest (power|toughness|mana value) among (.+)", text)
    if not m:
        return None
    noun, rest = noun_phrase(m.group(2))
    if rest or not noun.plural or noun.zone:
        raise NoParse("greatest among what")
    group = group_of(noun)
    if group.filter is None:
        raise NoParse("greatest among players")
    return Count(_GREATEST[m.group(1)], group.filter, multiplier=multiplier)


def more_count_text(c: object) -> str:
    from content.oracle.render import group_plural

    what = {v: k for k, v in _GREATEST.items()}[c.kind]  # type: ignore[attr-defined]
    from components.abilities import Group

    among = group_plural(Group(c.filter))  # type: ignore[attr-defined]
    return f"the greatest {what} among {among.removeprefix('all ')}"


def x_of_the_spell(trig: object, it: str, effs: list[Effect]) -> list[Effect]:
    """CR 107.3m: X in the enters-the-battlefield triggered ability of the permanent itself ("When ~ enters,
    create X 2/2 ... tokens") is the X chosen for the spell it was (0 if it wasn't cast with one)."""
    from components.abilities import TriggerKind
    from components.instructions import WhereX

    if getattr(trig, "kind", None) != TriggerKind.ENTERS or it != "self":
        raise NoParse("X in a triggered ability")
    return [WhereX(Count("cast_x", ref=SELF), tuple(effs), "cast")]

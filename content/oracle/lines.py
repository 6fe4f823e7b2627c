"""Whole ability lines: keywords, 'Enchant X', mana abilities, activated, triggered and static abilities,
and the instructions of instants and sorceries (CR 113.3, 602, 603, 604, 605, 702)."""

from __future__ import annotations

import dataclasses
import re

from components.abilities import (
    EVENT_OBJECT,
    SELF,
    Ability,
    ActivatedAbility,
    Attach,
    ColorDefining,
    ContinuousPart,
    CostModifier,
    DealDamage,
    DrawCards,
    EnchantAbility,
    GainLife,
    KeywordAbility,
    Layer,
    LoseLife,
    ManaAbility,
    Mode,
    ModifyPowerToughness,
    PermanentFilter,
    PlayerRule,
    ReplacementSpec,
    SearchLibrary,
    SpellAbility,
    SpellRule,
    StaticEffect,
    StaticReplacement,
    TargetKind,
    TargetSpec,
    TriggerCondition,
    TriggeredAbility,
    TriggerKind,
    UntapRule,
)
from components.characteristics import CardType
from components.keywords import COMBAT_LINES, KEYWORD_NAMES, Keyword
from components.mana_spending import TappedForManaExtra
from components.objects import Step
from content.mana import parse_mana_cost
from content.oracle.conditions import HISTORY_TEXT, condition
from content.oracle.effects import ATTACHED, Ctx, Ref, effects, sentence
from content.oracle.phrases import PT_RE, NoParse, keyword_list, noun_phrase, number, pt_change
from content.oracle.words import ANY_COLOR, MANA_BITS, NUMBER_WORDS, TYPE_WORDS

CREATURE = int(CardType.CREATURE)
SPELL_TYPES = int(CardType.INSTANT | CardType.SORCERY)

# ------------------------------------------------------------------ keywords


def keyword_line(low: str, text: str) -> list[Ability] | None:
    """A line of keywords: 'Flying, vigilance', 'Protection from black', 'Prowess', 'Equip {2}'."""
    parts = [p.strip() for p in re.split(r",\s*|;\s*", low) if p.strip()]
    mask = 0
    order: list[int] = []
    extra: list[Ability] = []
    for part in parts:
        bit: int | None = KEYWORD_NAMES.get(part)
        if bit is None:
            bit = _quality_list(part)
        if bit is not None:
            mask |= int(bit)
            order.append(int(bit))
            continue
        ability = _param_keyword(part)
        if ability is None:
            return None
        extra.append(ability)
    out: list[Ability] = []
    if mask:
        out.append(KeywordAbility(text if not extra else ", ".join(
            p for p in text.split(", ") if p.strip().lower() in KEYWORD_NAMES), mask, tuple(order)))
    return out + extra


def _quality_list(part: str) -> int | None:
    """'protection from black and from red' (702.16g), 'hexproof from X and from Y' (702.11f)."""
    for lead in ("protection from ", "hexproof from "):
        if part.startswith(lead) and " and from " in part:
            mask = 0
            for quality in part[len(lead):].split(" and from "):
                bit = KEYWORD_NAMES.get(lead + quality.strip())
                if bit is None:
                    return None
                mask |= int(bit)
            return mask
    return None


PROWESS = TriggeredAbility(
    "Prowess", TriggerCondition(TriggerKind.CAST, "self", None, whose="your", spell_types_none=CREATURE), (),
    (ModifyPowerToughness(1, 1, SELF),))


def _param_keyword(part: str) -> Ability | None:
    if part == "prowess":
        return PROWESS  # CR 702.108a
    m = re.fullmatch(r"equip ((?:\{[^}]+\})+)", part)
    if m:
        # CR 702.6a: "[Cost]: Attach this permanent to target creature you control. Activate only as a sorcery."
        return ActivatedAbility(
            f"Equip {m.group(1)}", parse_mana_cost(m.group(1)), False,
            (TargetSpec(TargetKind.CREATURE, PermanentFilter(controller="you")),), (Attach(0),), True)
    m = re.fullmatch(r"(?P<kind>basic land|plains|island|swamp|mountain|forest|)cycling ((?:\{[^}]+\})+)", part)
    if m:
        # CR 702.29a: "[Cost], Discard this card: Draw a card." / 702.29e typecycling: "[Cost], Discard this
        # card: Search your library for a [type] card, reveal it, put it into your hand, then shuffle."
        kind = m.group("kind")
        if not kind:
            effects: tuple = (DrawCards(1),)
        elif kind == "basic land":
            effects = (SearchLibrary(PermanentFilter(types_any=TYPE_WORDS["land"], supertypes_any=1), "hand",
                                     reveal=True),)
        else:
            effects = (SearchLibrary(PermanentFilter(subtypes_any=(kind.capitalize(),)), "hand", reveal=True),)
        return ActivatedAbility(f"{kind.capitalize() + 'c' if kind else 'C'}ycling {m.group(2)}",
                                parse_mana_cost(m.group(2)), False, (), effects, discard_self=True, from_hand=True)
    if part == "devoid":
        return ColorDefining("Devoid", colorless=True)  # CR 702.114a
    if part == "changeling":
        return ColorDefining("Changeling", all_creature_types=True)  # CR 702.73a
    return None


def combat_line(low: str, text: str) -> KeywordAbility | None:
    bit = COMBAT_LINES.get(low)
    return None if bit is None else KeywordAbility(text, int(bit), (int(bit),))


# ------------------------------------------------------------------ enchant


def enchant_line(low: str, text: str) -> EnchantAbility | None:
    m = re.fullmatch(r"enchant (.+)", low)
    if not m:
        return None
    noun, rest = noun_phrase(m.group(1))
    if rest or noun.det or noun.head != "permanent" or noun.plural:
        raise NoParse("enchant what")
    f = noun.filter()
    if f.tapped is not None or f.combat or f.mana_value_at_most is not None or f.power_at_most is not None \
            or f.power_at_least is not None:
        raise NoParse("enchant state")
    return EnchantAbility(text, f)


# ------------------------------------------------------------------ mana abilities

_MANA = re.compile(r"\{T\}(?P<sac>, sacrifice ~)?: add (?P<what>.+)")


def mana_line(low: str, text: str) -> ManaAbility | ActivatedAbility | TappedForManaExtra | None:
    """A mana ability line (605.1a; with a restriction on its mana, 106.6, it may have other costs and is then an
    ActivatedAbility that adds mana), or a triggered mana ability (605.1b); None: not a mana ability line."""
    if low.startswith("whenever enchanted land is tapped for mana, "):
        from content.oracle.mana_triggers import tapped_for_mana_line

        return tapped_for_mana_line(low, text)  # 605.1b: a triggered mana ability
    if ". spend this mana only " in low or ". this mana can't be spent " in low:
        from content.oracle.mana_spending import restricted_mana_line

        return restricted_mana_line(low, text)  # CR 106.6: "Spend this mana only to cast a creature spell."
    m = _MANA.fullmatch(low.rstrip("."))
    if not m:
        return None
    what = m.group("what")
    sac = bool(m.group("sac"))
    if what.startswith("x mana of any one color, where x is "):
        from content.oracle.mana_spending import x_mana_line

        return x_mana_line(what, text, sac)  # 106.1a, 107.3a
    if what in ("two mana of any one color", "three mana of any one color"):
        from components.mana_spending import ONE_COLOR

        return ManaAbility(text, (31 | ONE_COLOR,) * (2 if what[0] == "t" and what[1] == "w" else 3), sac)  # 106.1a
    if what == "one mana of any color":
        return ManaAbility(text, (ANY_COLOR,), sac)
    if sac and not re.fullmatch(r"(?:\{[WUBRGC]\})+", what):
        raise NoParse("sacrifice mana ability")
    if re.fullmatch(r"(?:\{[WUBRGC]\})+", what):  # "{T}, Sacrifice ~: Add {U}{U}." too (605.3a: sacrificed as it pays)
        return ManaAbility(text, tuple(MANA_BITS[s] for s in re.findall(r"\{([WUBRGC])\}", what)), sac)
    m2 = re.fullmatch(r"(\{[WUBRGC]\})(?:, (\{[WUBRGC]\}))*,? or (\{[WUBRGC]\})", what)
    if m2:
        mask = 0
        for s in re.findall(r"\{([WUBRGC])\}", what):
            mask |= MANA_BITS[s]
        return ManaAbility(text, (mask,))
    from content.oracle.instructions import mana_ability_line

    # two mana of either type, "Activate only if ..." (602.5b); otherwise the activated-ability reader tries it
    return mana_ability_line(what, text)  # type: ignore[return-value]


# ------------------------------------------------------------------ costs

_COST_PART = [
    (re.compile(r"(?:\{[0-9WUBRGCXSP/]+\})+"), "mana"),
    (re.compile(r"\{T\}"), "tap"),
    (re.compile(r"\{Q\}"), "untap"),
    (re.compile(r"sacrifice ~"), "sac_self"),
    (re.compile(r"sacrifice (?P<what>an? .+|another .+)"), "sac"),
    (re.compile(r"sacrifice (?P<n>two|three|four|five) (?P<what>.+)"), "sac_n"),
    (re.compile(r"discard ~"), "discard_self"),
    (re.compile(r"exile ~ from your graveyard"), "exile_self"),
    (re.compile(r"exile (?P<n>a|an|two|three) (?P<what>(?:[a-z ,]+ )?cards?) from your graveyard"), "exile_graveyard"),
    (re.compile(r"exile ~"), "exile_permanent"),
    (re.compile(r"exert ~"), "exert_self"),
    (re.compile(r"discard (?P<n>a|two|three) cards?"), "discard"),
    (re.compile(r"discard a card at random"), "discard_random"),
    (re.compile(r"discard (?P<what>an? [a-z ,]+ card)"), "discard_typed"),
    (re.compile(r"pay (?P<n>\d+) life"), "life"),
    (re.compile(r"tap (?P<n>an|another|two|three|four|five)(?P<other> other)? untapped (?P<what>.+) you control"),
     "tap_others"),
    (re.compile(r"pay (?P<e>(?:\{E\})+|(?:five|six|seven|eight|nine|ten) \{E\})"), "energy"),
    (re.compile(r"remove (?P<n>a|an|one|two|three|\d+) (?P<kind>[+-]1/[+-]1|[a-z]+) counters? from ~"), "counters"),
]


def energy_amount(text: str) -> int:
    """'{E}{E}' -> 2, 'eight {E}' -> 8 (Oracle text writes five or more energy symbols as a word)."""
    if text.startswith("{"):
        return text.count("{E}")
    n = NUMBER_WORDS[text.split()[0]]
    return n


def parse_costs(text: str) -> dict[str, object]:
    """'{2}{G}, {T}, Sacrifice a creature' -> ActivatedAbility cost fields (CR 602.1a, 118)."""
    out: dict[str, object] = {"mana_cost": None, "tap": False}
    mana = text.split(", ")
    # "{2}{G}{T}" never happens in Oracle text: costs are comma separated.
    for part in mana:
        part = part.strip()
        for rx, kind in _COST_PART:
            m = rx.fullmatch(part)
            if not m:
                continue
            if kind == "mana":
                if out["mana_cost"] is not None:
                    raise NoParse("two mana costs")
                cost = parse_mana_cost(part)
                out["mana_cost"] = cost
            elif kind == "tap":
                out["tap"] = True
            elif kind == "untap":
                out["untap"] = True
            elif kind == "sac_self":
                out["sacrifice_self"] = True
            elif kind == "sac":
                noun, rest = noun_phrase(m.group("what"))
                if rest or noun.head != "permanent" or noun.f.get("controller"):
                    raise NoParse("sacrifice cost")
                f = noun.filter()
                if f.tapped is not None or f.combat or f.mana_value_at_most is not None or f.power_at_most \
                        is not None:
                    raise NoParse("sacrifice cost state")
                out["sacrifice"] = f
            elif kind == "sac_n":  # "Sacrifice two lands", "Sacrifice three other creatures" (118.3)
                noun, rest = noun_phrase(m.group("what"))
                if rest or noun.head != "permanent" or noun.f.get("controller") or noun.det or not noun.plural:
                    raise NoParse("sacrifice cost")
                f = noun.filter()
                if _fields(f).keys() - {"types_any", "types_all", "subtypes_any", "colors_any", "types_none",
                                        "exclude_source", "token", "supertypes_any", "supertypes_none"}:
                    raise NoParse("sacrifice cost filter")
                out["sacrifice"] = f
                out["sacrifice_count"] = NUMBER_WORDS[m.group("n")]
            elif kind == "discard_self":
                out["discard_self"] = True
            elif kind == "exile_self":
                out["exile_self"] = True
                out["from_graveyard"] = True
            elif kind == "exile_graveyard":  # "Exile a creature card from your graveyard" (602.2b, 118.3)
                from content.oracle.hidden_zones import card_filter

                n = NUMBER_WORDS[m.group("n")]
                what = m.group("what")
                out["exile_graveyard"] = card_filter(f"a {what}" if n == 1 else what, plural=n > 1)
                out["exile_graveyard_count"] = n
            elif kind == "exile_permanent":
                out["exile_permanent"] = True  # the permanent itself, from the battlefield (118.3)
            elif kind == "exert_self":
                out["exert_self"] = True  # 701.39a
            elif kind == "discard":
                out["discard"] = NUMBER_WORDS[m.group("n")]
            elif kind == "discard_random":  # 701.8c: the player doesn't choose the card
                if out.get("discard"):
                    raise NoParse("two discard costs")
                out["discard_random"] = True
            elif kind == "discard_typed":  # "Discard a creature card" (602.2b, 118.3): a card of that kind
                from content.oracle.hidden_zones import card_filter

                typed = card_filter(m.group("what"), plural=False)
                if typed is None or out.get("discard"):
                    raise NoParse("typed discard cost")
                out["discard"] = 1
                out["discard_filter"] = typed
            elif kind == "life":
                out["life"] = int(m.group("n"))
            elif kind == "tap_others":
                # CR 602.2b, 118.3: untapped permanents you control, chosen as it is activated (302.6: a
                # creature's summoning sickness doesn't matter for a cost that isn't its own {T})
                other = m.group("n") == "another" or bool(m.group("other"))  # not the source itself
                if m.group("other") and m.group("n") in ("an", "another"):
                    raise NoParse("tap cost")
                n = 1 if m.group("n") == "another" else NUMBER_WORDS[m.group("n")]
                noun, rest = noun_phrase(m.group("what"))
                if rest or noun.head != "permanent" or noun.f.get("controller") or noun.plural != (n > 1):
                    raise NoParse("tap cost")
                f = noun.filter()
                if f.tapped is not None or f.combat or f.exclude_source or _fields(f).keys() - {
                        "types_any", "types_all", "subtypes_any", "colors_any", "colors_none", "types_none"}:
                    raise NoParse("tap cost filter")
                if other:
                    f = dataclasses.replace(f, exclude_source=True)
                out["tap_others"] = f
                out["tap_others_count"] = n
            elif kind == "energy":
                out["energy"] = energy_amount(m.group("e"))  # CR 107.14
            elif kind == "counters":
                removed = number(m.group("n"))
                assert isinstance(removed, int)
                out["remove_counters"] = m.group("kind")
                out["remove_count"] = removed
            break
        else:
            raise NoParse(f"cost {part!r}")
    return out


_RESTRICTIONS: dict[str, dict[str, int]] = {  # flags, and max_per_turn's number (602.5b)
    "activate only as a sorcery": {"sorcery_speed": True},
    "activate only once each turn": {"once_per_turn": True},
    "activate only as a sorcery and only once each turn": {"sorcery_speed": True, "once_per_turn": True},
    "activate no more than twice each turn": {"max_per_turn": 2},  # 602.5b
    "activate no more than three times each turn": {"max_per_turn": 3},
}


def activated_line(low: str, text: str, is_permanent: bool) -> ActivatedAbility | None:
    m = re.fullmatch(r"(?P<cost>[^:\"]+?): (?P<effect>.+)", low)
    if not m and "\n" in low:  # "{1}, Sacrifice ~: Choose one —\n• ..." (700.2a, content/oracle/choices.py)
        m = re.fullmatch(r"(?P<cost>[^:\"\n]+?): (?P<effect>choose [^\n]*\n•.+)", low, re.S)
    if not m:
        return None
    cost_text = m.group("cost")
    loyalty = None
    lm = re.fullmatch(r"\[?([+-]?)(\d+)\]?", cost_text)
    if lm:
        loyalty = int(lm.group(2)) * (-1 if lm.group(1) == "-" else 1)
        fields: dict[str, object] = {"mana_cost": None, "tap": False, "loyalty": loyalty, "sorcery_speed": True}
    else:
        fields = parse_costs(cost_text)
    body = m.group("effect")
    sentences = re.split(r"(?<=\.)\s+", body)
    restrictions: dict[str, int] = {}  # flags, and max_per_turn's number
    while sentences and sentences[-1].rstrip(".") in _RESTRICTIONS:
        restrictions.update(_RESTRICTIONS[sentences.pop().rstrip(".")])
    if len(sentences) > 1:
        from content.oracle.statics import activation_condition

        if (only_if := activation_condition(sentences[-1])) is not None:  # "Activate only if ..." (602.5b)
            sentences.pop()
            condition, more = only_if
            fields["condition"] = condition
            restrictions.update(more)
    if not sentences:
        raise NoParse("no effect")
    from_hand = bool(fields.get("discard_self"))
    if re.match(r"return ~ from your graveyard to ", body):
        fields["from_graveyard"] = True
    if fields.get("from_graveyard") and (from_hand or not is_permanent or fields.get("tap") or fields.get("untap")
                                         or fields.get("sacrifice_self") or fields.get("remove_counters")):
        raise NoParse("graveyard ability with battlefield costs")
    if body.startswith("choose ") and "\n" in body and fields.get("exile_graveyard_count"):
        raise NoParse("a modal ability with a graveyard exile cost")
    if body.startswith("choose ") and "\n" in body:  # a modal activated ability (700.2a, choices.py)
        from content.oracle.choices import modal_activated

        return modal_activated(text, body, fields, restrictions, is_permanent and not from_hand)
    ctx = Ctx("activated", is_permanent=is_permanent and not from_hand)
    if ctx.is_permanent:
        ctx.it = Ref((SELF,))  # "Sacrifice ~: It deals 2 damage to any target."
    effs = effects(ctx, " ".join(sentences))
    from components.abilities import AddMana

    if fields.get("exile_permanent") and (from_hand or fields.get("from_graveyard") or not is_permanent
                                          or fields.get("sacrifice_self")):
        raise NoParse("exile ~ as a cost")
    if fields.get("tap_others") is not None and (from_hand or fields.get("from_graveyard")):
        raise NoParse("tapping permanents to activate from a hand or graveyard")
    if fields.get("energy") and any(isinstance(e, AddMana) for e in effs):
        raise NoParse("a mana ability with an energy cost")
    if (fields.get("exile_graveyard_count") or fields.get("discard_filter") or fields.get("discard_random")
            or restrictions.get("max_per_turn")) and any(isinstance(e, AddMana) for e in effs):
        raise NoParse("a mana ability with a card cost")  # mana payment (systems/mana.py) chooses no cards
    if any(isinstance(e, AddMana) for e in effs) and not all(
            isinstance(e, AddMana | GainLife | LoseLife | DealDamage | DrawCards) for e in effs):
        raise NoParse("a mana ability that asks questions")  # mana abilities resolve at once (605.3a)
    cost = fields.get("mana_cost")
    if ctx.uses_x and not (cost is not None and getattr(cost, "has_x", False)):
        raise NoParse("X without {X} in the cost")
    if cost is not None and getattr(cost, "has_x", False):
        raise NoParse("{X} activation costs")  # the engine announces X only for spells
    fields.update(restrictions)
    if from_hand:
        fields["from_hand"] = True
    return ActivatedAbility(text, targets=tuple(ctx.targets), effects=tuple(effs), **fields)  # type: ignore[arg-type]


# ------------------------------------------------------------------ triggered abilities

_STEPS = {
    "your upkeep": (Step.UPKEEP, "your"), "each upkeep": (Step.UPKEEP, "each"),
    "each player's upkeep": (Step.UPKEEP, "each"), "each opponent's upkeep": (Step.UPKEEP, "opponent"),
    "your end step": (Step.END, "your"), "each end step": (Step.END, "each"), "the end step": (Step.END, "each"),
    "each opponent's end step": (Step.END, "opponent"),
    "your draw step": (Step.DRAW, "your"), "each player's draw step": (Step.DRAW, "each"),
    "each player's end step": (Step.END, "each"),
    "combat on your turn": (Step.BEGINNING_OF_COMBAT, "your"), "each combat": (Step.BEGINNING_OF_COMBAT, "each"),
    "your precombat main phase": (Step.PRECOMBAT_MAIN, "your"),
    "your first main phase": (Step.PRECOMBAT_MAIN, "your"),
    "your postcombat main phase": (Step.POSTCOMBAT_MAIN, "your"),
    "your second main phase": (Step.POSTCOMBAT_MAIN, "your"),
}

_SELF_EVENTS = {
    "enters": TriggerKind.ENTERS, "dies": TriggerKind.DIES, "leaves the battlefield": TriggerKind.LEAVES,
    "attacks": TriggerKind.ATTACKS, "blocks": TriggerKind.BLOCKS, "attacks or blocks": TriggerKind.ATTACKS_OR_BLOCKS,
    "deals combat damage to a player": TriggerKind.DEALS_COMBAT_DAMAGE_TO_PLAYER,
    "is put into a graveyard from the battlefield": TriggerKind.PUT_INTO_GRAVEYARD,
    "becomes blocked": TriggerKind.BECOMES_BLOCKED,
    "is turned face up": TriggerKind.TURNED_FACE_UP,  # 708.8 (morph, disguise: systems/mechanics/face_down.py)
    "transforms into ~": TriggerKind.TRANSFORMS_INTO,  # 701.28e: into this face (systems/mechanics/double_faced.py)
    # "deals damage" / "deals combat damage" trigger once per damage event, with its total (603.2c):
    # damage events reach the trigger system per recipient, so they are not compiled.
}


# Damage events with the recipient they ask for (603.2c): "" triggers once per damage event with the
# source's total (510.2); a recipient triggers once per recipient dealt damage.
_DAMAGE_EVENTS = {
    "deals damage": (TriggerKind.DEALS_DAMAGE, ""),
    "deals combat damage": (TriggerKind.DEALS_COMBAT_DAMAGE, ""),
    "deals damage to a player": (TriggerKind.DEALS_DAMAGE, "player"),
    "deals damage to an opponent": (TriggerKind.DEALS_DAMAGE, "opponent"),
    "deals damage to a creature": (TriggerKind.DEALS_DAMAGE, "creature"),
    "deals combat damage to a creature": (TriggerKind.DEALS_COMBAT_DAMAGE, "creature"),
    "deals combat damage to an opponent": (TriggerKind.DEALS_COMBAT_DAMAGE, "opponent"),
    "is dealt damage": (TriggerKind.IS_DEALT_DAMAGE, ""),
    "attacks and isn't blocked": (TriggerKind.ATTACKS_UNBLOCKED, ""),
    "becomes tapped": (TriggerKind.BECOMES_TAPPED, ""),
    "becomes untapped": (TriggerKind.BECOMES_UNTAPPED, ""),
}
_NTH = {"second": 2, "third": 3}
_PLAYER_EVENTS = {"draw a card": TriggerKind.DRAWS, "draws a card": TriggerKind.DRAWS,
                  "discard a card": TriggerKind.DISCARDS, "discards a card": TriggerKind.DISCARDS}


def _event_trigger(text: str) -> tuple[TriggerCondition, str] | None:
    """Damage, unblocked-attacker, draw and discard events (120.3, 509.3g, 121.1, 701.8a)."""
    m = re.fullmatch(r"(you|an opponent|a player) (draws? a card|discards? a card)", text)
    if m:
        verb_ok = m.group(2).split()[0] in (("draw", "discard") if m.group(1) == "you" else ("draws", "discards"))
        if not verb_ok:
            raise NoParse("player event verb")
        whose = {"you": "your", "an opponent": "opponent", "a player": "each"}[m.group(1)]
        return TriggerCondition(_PLAYER_EVENTS[m.group(2)], "filter", None, whose=whose), "none"
    m = re.fullmatch(r"(you|an opponent|a player) draws? (?:your|their) (second|third) card each turn", text)
    if m:
        whose = {"you": "your", "an opponent": "opponent", "a player": "each"}[m.group(1)]
        return TriggerCondition(TriggerKind.DRAWS, "filter", None, whose=whose, nth=_NTH[m.group(2)]), "none"
    m = re.fullmatch(r"(you|an opponent|a player) casts? (?:your|their) (first|second|third) spell each turn", text)
    if m:  # 601.2i, counted by systems/history.py (spells cast this turn, that spell included)
        if (m.group(1) == "you") != (m.group(0).split()[1] == "cast"):
            raise NoParse("cast verb")
        whose = {"you": "your", "an opponent": "opponent", "a player": "each"}[m.group(1)]
        nth = {"first": 1, "second": 2, "third": 3}[m.group(2)]
        return TriggerCondition(TriggerKind.CAST, "filter", None, whose=whose, nth=nth), "event"
    m = re.fullmatch(r"you attack with (two|three) or more creatures", text)
    if m:
        n = {"two": 2, "three": 3}[m.group(1)]
        return TriggerCondition(TriggerKind.YOU_ATTACK, "filter", None, whose="your", min_attackers=n), "none"
    m = re.fullmatch(r"~ and at least (two|three) other creatures attack", text)
    if m:  # battalion and the like: ~ is one of at least N+1 creatures declared as attackers (508.1)
        return TriggerCondition(TriggerKind.ATTACKS, min_attackers={"two": 3, "three": 4}[m.group(1)]), "self"
    m = re.fullmatch(r"(.+) attacks alone", text)
    if m:  # 506.5
        trig, it = trigger_condition(f"{m.group(1)} attacks")
        if trig.kind != TriggerKind.ATTACKS or trig.defender:
            raise NoParse("attacks alone")
        return dataclasses.replace(trig, alone=True), it
    m = re.fullmatch(r"(~|equipped creature|enchanted creature) (blocks or becomes blocked by|blocks|becomes blocked by) "
                     r"(an? .+)", text)
    if m:
        noun, rest = noun_phrase(m.group(3))
        if rest or noun.det != "a" or noun.plural or noun.head != "permanent":
            raise NoParse("block trigger creature")
        other = noun.filter()
        if not (other.types_any == CREATURE or other.types_all & CREATURE or other.subtypes_any):
            raise NoParse("blocks a creature")
        kind = {"blocks": TriggerKind.BLOCKS_CREATURE, "becomes blocked by": TriggerKind.BECOMES_BLOCKED_BY,
                "blocks or becomes blocked by": TriggerKind.BLOCKS_OR_BLOCKED_BY}[m.group(2)]
        other_filter = None if other == PermanentFilter(types_any=CREATURE) else other
        subject = "self" if m.group(1) == "~" else "attached"
        return TriggerCondition(kind, subject, other=other_filter), "other"
    for event in sorted(_DAMAGE_EVENTS, key=len, reverse=True):
        if text == f"~ {event}":
            kind, recipient = _DAMAGE_EVENTS[event]
            return TriggerCondition(kind, "self", recipient=recipient), "self"
        m = re.fullmatch(rf"(?:equipped creature|enchanted (creature|land|artifact)) {event}", text)
        if m:
            kind, recipient = _DAMAGE_EVENTS[event]
            # the filter only names what the aura is attached to, for the renderer ("enchanted land")
            what = {"land": PermanentFilter(types_any=int(CardType.LAND)),
                    "artifact": PermanentFilter(types_any=int(CardType.ARTIFACT))}.get(m.group(1) or "")
            return TriggerCondition(kind, "attached", what, recipient=recipient,
                                    detail="equipped" if text.startswith("equipped") else ""), "event"
        if text.endswith(" " + event):
            subject = text[: -len(event) - 1]
            if subject.startswith(("one or more ", "~ ")):
                raise NoParse("batched trigger")
            noun, rest = noun_phrase(subject)
            if rest or noun.det not in ("a", "") or noun.head != "permanent" or noun.plural:
                raise NoParse("trigger subject")
            kind, recipient = _DAMAGE_EVENTS[event]
            return TriggerCondition(kind, "filter", noun.filter(), recipient=recipient), "event"
    return None


def trigger_condition(text: str) -> tuple[TriggerCondition, str]:
    """The event part of 'When/Whenever X, ...'; returns it and what 'it' refers to ("self"/"event")."""
    text = text.replace("enters the battlefield", "enters")
    from content.oracle.trigger_events import event_trigger

    special = event_trigger(text) or _event_trigger(text)  # content/oracle/trigger_events.py first
    if special is not None:
        return special
    m = re.fullmatch(r"~ (.+)", text)
    if m and m.group(1) in _SELF_EVENTS:
        return TriggerCondition(_SELF_EVENTS[m.group(1)]), "self"
    if text == "you cast ~":
        return TriggerCondition(TriggerKind.CAST, "cast_self", None, whose="your"), "none"
    m = re.fullmatch(r"a permanent (you control )?transforms into an? ([a-z]+)", text)
    if m:  # 701.28e: "whenever a permanent you control transforms into a Phyrexian"
        subtype, rest = noun_phrase(f"{m.group(2)} permanent {m.group(1) or ''}".strip())
        f = subtype.filter()
        if rest or len(f.subtypes_any) != 1:
            raise NoParse("transforms into what")
        return TriggerCondition(TriggerKind.TRANSFORMS_INTO, "filter", f), "event"
    if text == "you turn a permanent face up":  # 708.8: the player who turns it (systems/mechanics/face_down.py)
        return TriggerCondition(TriggerKind.TURNED_FACE_UP, "filter", None, whose="you_turn"), "event"
    if text == "day becomes night or night becomes day":  # 728.1a (systems/mechanics/day_night.py)
        return TriggerCondition(TriggerKind.DAY_NIGHT, "game", None, whose="each"), "none"
    m = re.fullmatch(r"(?:equipped|enchanted) creature (attacks|blocks|deals combat damage to a player|becomes blocked)",
                     text)
    if m:
        return TriggerCondition(_SELF_EVENTS[m.group(1)], "attached",
                                detail="equipped" if text.startswith("equipped") else ""), "event"
    m = re.fullmatch(r"(you|an opponent|a player) casts? (.+)", text)
    if m:
        from content.oracle.trigger_events import cast_trigger

        return cast_trigger(m.group(1), m.group(2))  # 601.2i: what the spell has to be
    if text == "you attack":
        return TriggerCondition(TriggerKind.YOU_ATTACK, "filter", None, whose="your"), "none"
    if text in ("you gain life", "an opponent gains life", "a player gains life"):
        whose = {"you": "your", "an opponent": "opponent", "a player": "each"}[text.split()[0] if
                                                                                 text.startswith("you") else
                                                                                 " ".join(text.split()[:2])]
        return TriggerCondition(TriggerKind.GAIN_LIFE, "filter", None, whose=whose), "none"
    for event, kind in _SELF_EVENTS.items():
        if text.endswith(" " + event):
            subject = text[: -len(event) - 1]
            if subject.startswith("one or more "):
                raise NoParse("batched trigger")
            noun, rest = noun_phrase(subject)
            if rest or noun.det not in ("a", "") or noun.head != "permanent" or noun.plural:
                raise NoParse("trigger subject")
            f = noun.filter()
            if kind in (TriggerKind.DIES,) and not (f.types_any == CREATURE or f.types_all & CREATURE
                                                    or f.subtypes_any):
                raise NoParse("dies needs a creature")
            if kind in (TriggerKind.DIES, TriggerKind.LEAVES, TriggerKind.PUT_INTO_GRAVEYARD) and (
                    f.tapped is not None or f.supertypes_any or f.supertypes_none
                    or f.mana_value_at_most is not None or f.mana_value_at_least is not None
                    or f.mana_value_is is not None or f.names or f.paired or f.power_less_than_source):
                raise NoParse("look-back filter")  # 603.10a: only what last known information keeps
            if kind in (TriggerKind.DIES, TriggerKind.LEAVES, TriggerKind.PUT_INTO_GRAVEYARD) and not {
                    f.with_counter, f.without_counter} <= {"", "+1/+1", "-1/-1"}:
                raise NoParse("look-back filter: a counter kind last known information doesn't keep")
            return TriggerCondition(kind, "filter", f), "event"
    raise NoParse(f"trigger {text!r}")


def _fields(f: PermanentFilter) -> dict[str, object]:
    default = PermanentFilter()
    return {k: getattr(f, k) for k in f.__dataclass_fields__ if getattr(f, k) != getattr(default, k)}


def triggered_line(low: str, text: str, is_permanent: bool) -> list[TriggeredAbility] | None:
    if not is_permanent:
        return None
    m = re.match(r"(when|whenever|at) ", low)
    if not m:
        return None
    if m.group(1) == "at":
        sm = re.fullmatch(r"at the beginning of (?P<step>[^,]+), (?P<rest>.+)", low, re.S)
        if sm and sm.group("step") not in _STEPS:
            from content.oracle.trigger_events import step_and_event, step_trigger

            other = step_trigger(sm.group("step"))  # "the upkeep of enchanted creature's controller"
            if other is not None:
                return [_triggered_body(text, other[0], other[1], sm.group("rest"))]
            both = step_and_event(sm.group("step"))  # "your upkeep and whenever you cast a blue spell"
            if both is not None:
                return [_triggered_body(text, trig, it, sm.group("rest")) for trig, it in both]
        if not sm or sm.group("step") not in _STEPS:
            raise NoParse("step")
        step, whose = _STEPS[sm.group("step")]
        from content.oracle.trigger_events import STEP_ALIASES

        trig = TriggerCondition(TriggerKind.BEGINNING_OF_STEP, "self", None, step=int(step), whose=whose,
                                detail=("step:" + sm.group("step")) if sm.group("step") in STEP_ALIASES else "")
        return [_triggered_body(text, trig, "none", sm.group("rest"))]
    body = low[m.end():]
    from content.oracle.trigger_events import ONCE_EACH_TURN

    once = body.endswith(ONCE_EACH_TURN)
    if once:
        body = body[: -len(ONCE_EACH_TURN)].rstrip()  # the rider is the ability's, not an effect (603.2)
    # The trigger event ends at the first comma after which the rest reads as effects.
    error: NoParse | None = None
    body_error: NoParse | None = None
    for k in [i for i, ch in enumerate(body) if ch == ","]:
        try:
            events = trigger_conditions(body[:k])
        except NoParse as exc:
            error = error or exc
            continue
        from content.oracle.trigger_events import printed_lead

        events = [(printed_lead(trig, m.group(1)), it) for trig, it in events]
        if once:
            events = [(dataclasses.replace(trig, once_each_turn=True), it) for trig, it in events]
        elif any(trig.detail == "batch" and trig.kind != TriggerKind.DIES for trig, _ in events):
            # "one or more" without the once-each-turn rider: only deaths are matched per batch (603.2c,
            # systems/trigger_events.py simultaneously); creatures entering together are not batched
            error = error or NoParse("batched trigger")
            continue
        try:
            return [_triggered_body(text, trig, it, body[k + 1:].strip()) for trig, it in events]
        except NoParse as exc:
            body_error = body_error or exc  # the event was read: report why its effect wasn't
    raise body_error or error or NoParse("trigger")


def trigger_conditions(text: str) -> list[tuple[TriggerCondition, str]]:
    """One trigger event, or two joined by "or": "~ enters or dies" and "~ or another creature you
    control dies" are two triggered abilities with the same effect (each triggers on its own events)."""
    text = text.replace("enters the battlefield", "enters")
    from content.oracle.trigger_events import event_triggers

    if (several := event_triggers(text)) is not None:
        return several  # content/oracle/trigger_events.py: two events on one ability
    m = re.fullmatch(r"~ (enters|dies|attacks|blocks|leaves the battlefield) or (enters|dies|attacks|blocks|"
                     r"leaves the battlefield|is put into a graveyard from the battlefield|is turned face up|"
                     r"transforms into ~)", text)
    if m and {m.group(1), m.group(2)} != {"attacks", "blocks"}:
        return [trigger_condition(f"~ {m.group(1)}"), trigger_condition(f"~ {m.group(2)}")]
    m = re.fullmatch(r"~ or (another .+) (enters|dies|attacks)", text)
    if m:
        other, other_it = trigger_condition(f"{m.group(1)} {m.group(2)}")
        if other.filter is None or not other.filter.exclude_source:
            raise NoParse("or another")
        return [trigger_condition(f"~ {m.group(2)}"), (other, other_it)]
    return [trigger_condition(text)]


def _bare_it(rest: str) -> bool:
    """Is there an "it"/"its" that could mean either creature? Not once "that creature" has been named:
    from then on "it" is that creature ("destroy that creature. It can't be regenerated.")."""
    first_it = re.search(r"\b(?:it|its)\b", rest)
    if first_it is None:
        return False
    named = rest.find("that creature")
    return named < 0 or named > first_it.start()


def _triggered_body(text: str, trig: TriggerCondition, it: str, rest: str) -> TriggeredAbility:
    ctx = Ctx("triggered")
    if it == "self" and trig.kind in (TriggerKind.DIES, TriggerKind.LEAVES, TriggerKind.PUT_INTO_GRAVEYARD):
        ctx.self_gone = True  # "When ~ dies, return it to its owner's hand": the card in the graveyard
        ctx.it = Ref((EVENT_OBJECT,))
    elif it == "self":
        ctx.it = Ref((SELF,))
    elif it == "event":
        ctx.it = Ref((EVENT_OBJECT,))
    elif it == "attached":
        ctx.it = Ref((ATTACHED,))  # "that creature": the permanent the source is attached to
    if trig.kind == TriggerKind.DEALS_COMBAT_DAMAGE_TO_PLAYER:
        from components.abilities import PlayerRef

        ctx.it_player = PlayerRef("event_player")
        if it == "event":
            ctx.it = None  # the event's object is the player dealt damage, not the creature
    if trig.kind == TriggerKind.BEGINNING_OF_STEP and trig.whose != "your":
        from components.abilities import PlayerRef

        ctx.it_player = PlayerRef("active")  # "that player": the player whose upkeep / end step it is (603.2b)
    if trig.kind == TriggerKind.CAST:
        ctx.it = None
        if trig.subject != "cast_self" and trig.whose != "your":
            from components.abilities import PlayerRef

            ctx.it_player = PlayerRef("controller_of", EVENT_OBJECT)  # "that player": who cast the spell (601.2)
    if trig.kind in (TriggerKind.DRAWS, TriggerKind.DISCARDS) or trig.recipient in ("player", "opponent"):
        from components.abilities import PlayerRef

        ctx.it_player = PlayerRef("event_player")  # "that player": the one who drew / discarded / was dealt damage
        if it == "event":
            ctx.it = None
    if it == "other":
        # "that creature": the other creature of the block (509.3b, 509.3d); a bare "it" could mean either one
        if _bare_it(rest):
            raise NoParse("'it' after a block trigger")
        ctx.it = Ref((EVENT_OBJECT,))
    if trig.recipient == "creature":
        # "destroy that creature": the creature dealt damage; a bare "it" could mean either creature
        if _bare_it(rest):
            raise NoParse("'it' after a damage-to-a-creature trigger")
        ctx.it = Ref((EVENT_OBJECT,))
    cond = None
    cm = re.match(r"if (?P<cond>[^,]+), (?P<rest>.+)", rest, re.S)
    if cm:
        cond = condition(cm.group("cond"))
        rest = cm.group("rest")
        from content.oracle.trigger_events import check_intervening

        check_intervening(cond, trig, ctx.it_player is not None)  # "that player", "you cast it" (603.4)
    modes: tuple[Mode, ...] = ()
    lo = hi = 1
    if rest.startswith("choose ") and "\n" in rest:  # (one line: a choice, content/oracle/choices.py)
        mode_ctx, modes, lo, hi = _modes(rest, is_permanent=True)
        if mode_ctx.uses_x:
            raise NoParse("X in a triggered ability")
        return TriggeredAbility(text, trig, (), (), False, cond, modes, lo, hi)
    optional = False
    sentences = re.split(r"(?<=\.)\s+", rest.strip())
    if rest.startswith("you may ") and len(sentences) == 1:
        optional = True
        rest = rest[len("you may "):]
    effs = effects(ctx, rest)
    if ctx.uses_x:
        from content.oracle.instructions import x_of_the_spell

        effs = x_of_the_spell(trig, it, effs)  # 107.3m: an ETB ability's X is its spell's X; others: NoParse
    if ctx.in_graveyard:
        from content.oracle.trigger_events import graveyard_trigger

        trig = graveyard_trigger(trig)  # 113.6k: it works only from its owner's graveyard
    return TriggeredAbility(text, trig, tuple(ctx.targets), tuple(effs), optional, cond)


# ------------------------------------------------------------------ modes

_CHOOSE = {"choose one": (1, 1), "choose two": (2, 2), "choose one or both": (1, 2), "choose three": (3, 3),
           "choose one or more": (1, 99)}


def _modes(low: str, is_permanent: bool) -> tuple[Ctx, tuple[Mode, ...], int, int]:
    head, _, bullets = low.partition("\n")
    key = head.rstrip(" —-").strip()
    if key not in _CHOOSE or not bullets:
        raise NoParse("modes")
    lo, hi = _CHOOSE[key]
    modes: list[Mode] = []
    ctx = Ctx("spell", is_permanent=is_permanent)
    for bullet in bullets.split("\n"):
        body = bullet.lstrip("•").strip()
        body = re.sub(r"^[a-z][a-z' ,!-]* — ", "", body)  # a mode's flavour name ("Distract the Guard — ")
        mctx = Ctx("spell", is_permanent=is_permanent)
        effs = effects(mctx, body)
        if mctx.uses_x:
            ctx.uses_x = True
        modes.append(Mode(bullet.lstrip("•").strip(), tuple(mctx.targets), tuple(effs)))
    if hi == 99:
        hi = len(modes)
    return ctx, tuple(modes), lo, hi


# ------------------------------------------------------------------ static abilities

_PLAYER_RULES = {"you may play an additional land on each of your turns": "extra_land",
                 "you have no maximum hand size": "no_max_hand_size"}

_COST_CHANGE = re.compile(r"(?P<spells>.+?) cost (?:\{(?P<n>\d+)\}) (?P<dir>less|more) to cast")


def _subject(text: str) -> PermanentFilter:
    """The permanents a static ability affects: '~', 'enchanted creature', 'creatures you control'..."""
    text = text.strip()
    if text == "~":
        return PermanentFilter(self_only=True)
    if text in ("enchanted creature", "equipped creature", "enchanted permanent", "enchanted land",
                "enchanted artifact"):
        return PermanentFilter(attached=True)
    noun, rest = noun_phrase(text)
    if rest or noun.head != "permanent" or noun.zone or noun.det not in ("", "all", "each"):
        raise NoParse("static subject")
    if noun.det == "" and not noun.plural:
        raise NoParse("static subject")
    f = noun.filter()
    if (f.tapped is not None or f.combat or f.power_at_most is not None or f.power_at_least is not None
            or f.toughness_at_most is not None or f.toughness_at_least is not None
            or f.mana_value_at_most is not None or f.mana_value_at_least is not None or f.mana_value_is is not None):
        raise NoParse("static subject state")
    return f


_STATIC_PT = re.compile(rf"(?P<subj>.+?) (?:gets?|get) (?P<pt>{PT_RE})(?: and (?:has|have) (?P<kw>[a-z ,]+))?")
_STATIC_KW = re.compile(r"(?P<subj>.+?) (?:has|have) (?P<kw>[a-z ,]+)")
_STATIC_EACH = re.compile(rf"(?P<subj>.+?) gets? (?P<pt>{PT_RE}) for each (?P<count>.+)")
_STATIC_COMBAT = re.compile(r"(?P<subj>.+?) (?P<what>can't attack or block|can't attack|can't block|"
                            r"can't be blocked|attacks? each combat if able)")
_COMBAT_BITS = {"can't attack": Keyword.CANT_ATTACK, "can't block": Keyword.CANT_BLOCK,
                "can't attack or block": Keyword.CANT_ATTACK | Keyword.CANT_BLOCK,
                "can't be blocked": Keyword.CANT_BE_BLOCKED, "attacks each combat if able": Keyword.ATTACKS_EACH_COMBAT,
                "attack each combat if able": Keyword.ATTACKS_EACH_COMBAT}
_CDA = re.compile(r"~'s power and toughness are each equal to (?P<count>.+)")


def _static_count_ok(count: object) -> None:
    """The layer system counts characteristics only (power is being worked out as it counts)."""
    f = getattr(count, "filter", None)
    if f is not None and (f.power_at_most is not None or f.power_at_least is not None
                          or f.toughness_at_most is not None or f.toughness_at_least is not None
                          or f.tapped is not None or f.combat or f.names):
        raise NoParse("a static count of a state")


def _static_effect(low: str, text: str) -> StaticEffect:
    from content.oracle.grants import static_characteristics

    try:
        compound = static_characteristics(low, text)
    except NoParse:
        compound = None  # the other templates first; static_grant (below) gives its reason at the end
    if compound is not None:
        return compound  # "loses all abilities and is a Bird ...", 'has "{T}: ..."' (613.1, 113.1b)
    if m := _CDA.fullmatch(low):
        # CR 604.3, 613.4a: a characteristic-defining ability sets P/T in layer 7a, in every zone; on the
        # battlefield the layer system evaluates the number.
        ctx = Ctx("static")
        count = ctx.count(m.group("count"))
        from content.oracle.statics import STATIC_COUNTS

        if count.kind not in ("permanents", "hand", "graveyard", "life") and count.kind not in STATIC_COUNTS:
            raise NoParse("cda count")
        _static_count_ok(count)
        part = ContinuousPart(Layer.PT_CDA, power=1, toughness=1, dynamic=count)
        return StaticEffect(text, PermanentFilter(self_only=True), (part,))
    if m := _STATIC_EACH.fullmatch(low):
        f = _subject(m.group("subj"))
        ctx = Ctx("static")
        count = ctx.count(m.group("count"))
        if count.kind not in ("permanents", "hand", "graveyard", "own_colors") and not count.kind.startswith(
                "counters_on_source:"):
            raise NoParse("static count")
        _static_count_ok(count)
        p, t, is_x = pt_change(m.group("pt"))
        if is_x:
            raise NoParse("x")
        eff = StaticEffect(text, f, (ContinuousPart(Layer.PT_MODIFY, power=p, toughness=t, dynamic=count),))
        from content.oracle.statics import each_subject

        return each_subject(eff, m.group("subj"))  # "Each creature you control gets ...": kept for the renderer
    if m := _STATIC_PT.fullmatch(low):
        f = _subject(m.group("subj"))
        p, t, is_x = pt_change(m.group("pt"))
        if is_x:
            raise NoParse("x")
        parts = [ContinuousPart(Layer.PT_MODIFY, power=p, toughness=t)]
        if m.group("kw"):
            mask, _ = keyword_list(m.group("kw"))
            parts.insert(0, ContinuousPart(Layer.ABILITY, keywords_add=mask))
        return StaticEffect(text, f, tuple(parts))
    if m := _STATIC_COMBAT.fullmatch(low):
        f = _subject(m.group("subj"))
        bit = _COMBAT_BITS[m.group("what")]
        return StaticEffect(text, f, (ContinuousPart(Layer.ABILITY, keywords_add=int(bit)),))
    if m := _STATIC_KW.fullmatch(low):
        f = _subject(m.group("subj"))
        mask, _ = keyword_list(m.group("kw"))
        return StaticEffect(text, f, (ContinuousPart(Layer.ABILITY, keywords_add=mask),))
    from content.oracle.grants import static_grant

    return static_grant(low, text)  # '... has "{T}: ..."' / 'has lifelink and ward {2}' (113.1b, 613.1f)


def static_line(low: str, text: str) -> Ability:
    if m := re.fullmatch(r"as long as (?P<cond>[^,]+), (?P<rest>.+)", low):
        inner = _static_effect(m.group("rest").rstrip("."), text)
        from content.oracle.statics import as_long_as  # keeps the printed order for the renderer

        return as_long_as(text, inner, condition(m.group("cond")), first=True)
    if m := re.fullmatch(r"(?P<rest>.+) as long as (?P<cond>.+)", low.rstrip(".")):
        inner = _static_effect(m.group("rest"), text)
        from content.oracle.statics import as_long_as

        return as_long_as(text, inner, condition(m.group("cond")), first=False)
    low = low.rstrip(".")
    if low == "~ can't be countered":
        return SpellRule(text, "uncounterable")  # a permanent spell's (CR 101.2)
    if m := _UNTAP_RULE.fullmatch(low):  # CR 502.3
        if low.startswith("you may "):
            return UntapRule(text, "self", optional=True)
        if m.group("att"):
            return UntapRule(text, "attached", attached_noun=m.group("att"))
        return UntapRule(text, "self")
    if low in _PLAYER_RULES:
        return PlayerRule(text, _PLAYER_RULES[low])
    if m := re.fullmatch(r"~ costs \{(?P<n>\d+)\} (?P<dir>less|more) to cast(?: if (?P<cond>.+)| for each "
                         r"(?P<each>.+))?", low):
        # CR 601.2f: the spell's own cost change, while it is cast
        n = int(m.group("n")) * (-1 if m.group("dir") == "less" else 1)
        cond = condition(m.group("cond")) if m.group("cond") else None
        dyn = Ctx("static").count(m.group("each")) if m.group("each") else None
        if dyn is not None and dyn.kind not in ("permanents", "hand", "graveyard", "permanents_in_state"):
            raise NoParse("cost count")
        return CostModifier(text, n, "you", self_only=True, condition=cond, dynamic=dyn)
    if m := _COST_CHANGE.fullmatch(low):
        return _cost_modifier(m, text)
    replacement = replacement_line(low, text)
    if replacement is not None:
        return replacement
    return _static_effect(low, text)


_UNTAP_RULE = re.compile(r"you may choose not to untap ~ during your untap step(?P<may>)|"
                         r"~ doesn't untap during your untap step|"
                         r"(?P<att>(?:enchanted|equipped) (?:creature|permanent|land|artifact)) doesn't untap during "
                         r"its controller's untap step")
_ENTERS_WITH = re.compile(r"~ enters with (?P<n>a|an|one|two|three|four|five|six|seven|\d+|x) "
                          r"(?P<kind>[+-]1/[+-]1|[a-z]+) counters? on (?:it|him|her|them)")
_OTHERS_ENTER_TAPPED = re.compile(r"(?P<what>creatures|artifacts|lands|permanents) your opponents control "
                                  r"enter tapped")
_DIE_INSTEAD = re.compile(r"if a (?P<nontoken>nontoken )?creature(?P<opp> an opponent controls)? would die, "
                          r"(?P<to>exile it|return it to its owner's hand|put it on the bottom of its owner's library) "
                          r"instead")
_DIE_TO = {"exile it": "exile", "return it to its owner's hand": "hand",
           "put it on the bottom of its owner's library": "library"}
_SKIP_STEP = re.compile(r"skip your (?P<step>untap|upkeep|draw) step")
_SKIP_STEPS = {"untap": int(Step.UNTAP), "upkeep": int(Step.UPKEEP), "draw": int(Step.DRAW)}
_PLURAL_TYPES = {"creatures": CREATURE, "artifacts": TYPE_WORDS["artifact"], "lands": TYPE_WORDS["land"],
                 "permanents": 0}


def replacement_line(low: str, text: str) -> StaticReplacement | None:
    """Replacement effects (CR 614.1), executed by systems/replacement.py: "~ enters tapped", "~ enters
    with N +1/+1 counters on it", "Creatures your opponents control enter tapped", "If a creature would
    die, exile it instead", "Skip your draw step"."""
    if low == "~ enters tapped":
        return StaticReplacement(text, ReplacementSpec("enter", "tapped"), self_only=True)
    if "mana spent to cast it" in low or "was spent to cast ~, ~ enters with" in low:
        from content.oracle.mana_spent import replacement_line as spent_replacement

        if (r := spent_replacement(low, text)) is not None:  # converge, adamant (601.2h, 614.1c)
            return r  # type: ignore[return-value]
    if (m := re.fullmatch(r"(?P<rest>~ enters with .+?) if (?P<cond>.+)", low)) and _ENTERS_WITH.fullmatch(m["rest"]):
        cond = condition(m["cond"])
        if cond.kind not in HISTORY_TEXT:
            raise NoParse("enters with counters if ...")
        inner = replacement_line(m["rest"], text)
        assert inner is not None
        return dataclasses.replace(inner, condition=cond)  # revolt, morbid: checked as it enters (614.1c)
    if m := _ENTERS_WITH.fullmatch(low):
        if m.group("n") == "x":  # 107.3m: the X chosen as its spell was cast (0 if it wasn't cast)
            return StaticReplacement(text, ReplacementSpec("enter", "counters", counter_kind=m.group("kind"), x=True),
                                     self_only=True)
        n = number(m.group("n"))
        assert isinstance(n, int)
        return StaticReplacement(text, ReplacementSpec("enter", "counters", amount=n, counter_kind=m.group("kind")),
                                 self_only=True)
    if m := _OTHERS_ENTER_TAPPED.fullmatch(low):
        f = PermanentFilter(types_any=_PLURAL_TYPES[m.group("what")], controller="opponent")
        return StaticReplacement(text, ReplacementSpec("enter", "tapped", affected=f))
    if m := _DIE_INSTEAD.fullmatch(low):
        f = PermanentFilter(types_any=CREATURE, token=False if m.group("nontoken") else None,
                            controller="opponent" if m.group("opp") else "any")
        return StaticReplacement(text, ReplacementSpec("die", _DIE_TO[m.group("to")], affected=f))
    if m := _SKIP_STEP.fullmatch(low):
        return StaticReplacement(text, ReplacementSpec("step", "skip", player="you",
                                                       step=_SKIP_STEPS[m.group("step")]))
    return None


def _cost_modifier(m: re.Match[str], text: str) -> CostModifier:
    spells = m.group("spells")
    whose = "each"
    for suffix, who in ((" you cast", "you"), (" your opponents cast", "opponents")):
        if spells.endswith(suffix):
            spells = spells[: -len(suffix)]
            whose = who
            break
    noun, rest = noun_phrase(spells)
    if rest or noun.head != "spell" or noun.det not in ("",):
        raise NoParse("cost change spells")
    f = noun.filter()
    extra = set(_fields(f)) - {"types_any", "types_none", "colors_any"}
    if extra - {"subtypes_any", "subtypes_none", "colors_none", "keywords_any", "supertypes_any", "color_count"}:
        raise NoParse("cost change filter")
    n = int(m.group("n"))
    return CostModifier(text, -n if m.group("dir") == "less" else n, whose, f.types_any, f.types_none, f.colors_any,
                        spells=f if extra else None)  # "Giant spells you cast" (the spell's subtypes, 205.3)


# ------------------------------------------------------------------ spells


def spell_line(low: str, text: str) -> Ability:
    if low.rstrip(".") == "~ can't be countered":
        return SpellRule(text, "uncounterable")
    if low.startswith("~ costs "):
        return static_line(low, text)  # "This spell costs {1} less to cast if ..." (601.2f)
    if low.startswith("choose ") and "\n" in low:  # (one line: a choice, content/oracle/choices.py)
        from content.oracle.choices import REPEAT

        repeat = REPEAT in low.partition("\n")[0]  # 700.2d
        ctx, modes, lo, hi = _modes(low.replace(REPEAT, "", 1) if repeat else low, is_permanent=False)
        return SpellAbility(text, (), (), modes, lo, hi, modes_repeat=repeat)
    ctx = Ctx("spell", is_permanent=False)
    effs = effects(ctx, low)
    return SpellAbility(text, tuple(ctx.targets), tuple(effs))


__all__ = ["ATTACHED", "TYPE_WORDS", "activated_line", "combat_line", "enchant_line", "keyword_line",
           "mana_line", "spell_line", "static_line", "triggered_line", "sentence"]

"""Card coverage: how much of a card file the engine supports (``mtg-ecs cards check FILE``).

A card is supported when it loads: every ability line of every face compiled into something the
engine executes (content/card_pool.py refuses it otherwise, naming the reason). Ability statistics
count ability lines; the most common unsupported lines are listed with numbers written N and the
card's own name written ~. ``--roundtrip`` renders each compiled line back (content/oracle/render.py)
and counts the supported cards whose every line comes back as printed, after normalisation.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from components.characteristics import CardType
from content.card_pool import card_from_json, card_groups, check_field_types
from content.oracle import compile_lines
from content.oracle.text import statistic_key
from ecs.errors import CardDataError


@dataclass
class CardReport:
    cards: int = 0
    supported: int = 0
    abilities: int = 0
    abilities_supported: int = 0
    unsupported: list[dict[str, str]] = field(default_factory=list)
    unsupported_lines: Counter[str] = field(default_factory=Counter)
    roundtrip_checked: int = 0
    roundtrip_exact: int = 0
    roundtrip_failures: list[dict[str, str]] = field(default_factory=list)

    def to_json(self, roundtrip: bool = False) -> dict[str, Any]:
        out: dict[str, Any] = {"cards": self.cards, "supported": self.supported, "abilities": self.abilities,
                               "abilities_supported": self.abilities_supported, "unsupported": self.unsupported}
        if roundtrip:
            out["roundtrip"] = {"checked": self.roundtrip_checked, "exact": self.roundtrip_exact,
                                "failures": self.roundtrip_failures}
        return out

    def summary(self, top: int = 30, roundtrip: bool = False) -> str:
        pct = 100.0 * self.supported / self.cards if self.cards else 0.0
        apct = 100.0 * self.abilities_supported / self.abilities if self.abilities else 0.0
        lines = [f"cards: {self.cards}, fully supported: {self.supported} ({pct:.1f}%)",
                 f"abilities: {self.abilities}, compiled: {self.abilities_supported} ({apct:.1f}%)"]
        if roundtrip:
            rpct = 100.0 * self.roundtrip_exact / self.roundtrip_checked if self.roundtrip_checked else 0.0
            lines.append(f"round trip: {self.roundtrip_exact} of {self.roundtrip_checked} supported cards render "
                         f"back exactly ({rpct:.1f}%)")
            for f in self.roundtrip_failures[:10]:
                lines.append(f"  {f['name']}: {f['printed']!r} -> {f['rendered']!r}")
        lines.append(f"the {top} most common unsupported ability texts:")
        for text, n in self.unsupported_lines.most_common(top):
            lines.append(f"{n:6d}  {text}")
        return "\n".join(lines)


def _types_of(obj: Mapping[str, Any]) -> int:
    from content.typeline import parse_type_line

    try:
        return int(parse_type_line(str(obj.get("type") or "")).types)
    except ValueError:
        return 0


def check(data: Any, *, roundtrip: bool = False, where: str = "<cards>") -> CardReport:
    """Coverage of card data in any shape content/card_files.py reads (already parsed)."""
    return check_groups(card_groups(data, where), roundtrip=roundtrip, where=where)


def check_groups(groups: Iterable[tuple[Mapping[str, Any], list[Mapping[str, Any]]]], *, roundtrip: bool = False,
                 where: str = "<cards>") -> CardReport:
    """Coverage of cards given as (front face, other faces)."""
    report = CardReport()
    for i, (obj, faces) in enumerate(groups):
        if not isinstance(obj, Mapping):
            raise CardDataError(f"{where}[{i}]: a card must be an object")
        name = str(obj.get("name"))
        report.cards += 1
        try:
            for face in (obj, *faces):
                check_field_types(face, f"{where}[{i}]: card {name!r}")
        except CardDataError as exc:  # a field of the wrong JSON type: that card is refused, not the file
            report.unsupported.append({"name": name, "reason": str(exc)})
            continue
        all_faces = [obj, *faces]
        face_lines = []
        for face in all_faces:
            face_name = str(face.get("faceName") or face.get("name") or "")
            results = compile_lines(face_name, face.get("text"), _types_of(face))
            face_lines.append(results)
            for r in results:
                report.abilities += 1
                if r.ok:
                    report.abilities_supported += 1
                else:
                    report.unsupported_lines[statistic_key(r.text)] += 1
        try:
            card_from_json(obj, f"{where}[{i}]", faces)
        except CardDataError as exc:
            report.unsupported.append({"name": name, "reason": str(exc)})
            continue
        report.supported += 1
        if roundtrip:
            _roundtrip(report, name, face_lines)
    return report


_WS = re.compile(r"\s+")


def roundtrip_normal(text: str) -> str:
    """The normalisation both sides of the round trip go through: case, spacing, the final period,
    and the spelling of 'this creature' / the card's name (both are ~ already)."""
    text = text.replace("\n", " ").replace("—", "-").replace("−", "-")
    text = _WS.sub(" ", text).strip().rstrip(".").lower()
    for a, b in _PRONOUNS:  # (before _SAME, which spells "it deals" as "~ deals")
        text = text.replace(a, b)
    for a, b in _SAME:
        text = text.replace(a, b)
    text = _IT_DOES.sub(r"\1~ \2 ", text)
    # Lists of colours and of mana symbols are written in a fixed order by the renderer (WUBRG).
    text = _COLOR_LIST.sub(lambda m: " or ".join(sorted(m.group(0).split(" or "), key=_ORDER.index)), text)
    text = _MANA_LIST.sub(lambda m: _sort_mana(m.group(0)), text)
    # Keywords granted together and card types offered together are sets: their order is not a rule (702.1,
    # 205.2a); the renderer writes them in a fixed order.
    text = _KEYWORD_LIST.sub(lambda m: _sorted_list(m.group(0), " and "), text)
    text = _TYPE_LIST.sub(lambda m: _sorted_list(m.group(0), " or "), text)
    # "instant and sorcery cards" are the cards that are instants or sorceries (as "instant and/or sorcery cards")
    text = _TYPES_AND.sub(lambda m: _sorted_list(m.group(1), " or ") + " " + m.group(2), text)
    # Flavor words naming the modes of a modal spell ("• Rouse the Party — ...") have no rules meaning
    # (207.2c), like the ability words the printed side already drops; keyword lists separated by ";" or ","
    # are the same keywords (702.1).
    text = _MODE_NAME.sub("• ", text).replace("; ", ", ")
    # Square brackets are typography: without cleave the words in them are part of the text (702.148a), and a
    # loyalty cost is the same with or without them (606.2).
    text = text.replace("[", "").replace("]", "")
    for pattern, repl in (*_AMOUNT_WORDINGS, *_WORD_ORDER):
        text = pattern.sub(repl, text)
    text = _ONE_FOR_EACH.sub(_number_of, text)
    text = _EACH.sub(_all_of, text).replace(" to their owners' hands", " to its owner's hand")
    from content.oracle.clause_joins import clause_form

    return clause_form(text)  # instructions joined by "and" / ", then" or in sentences alike (608.2c)


def _sorted_list(text: str, word: str) -> str:
    items = sorted(x.strip() for x in re.split(r",? (?:and|or|and/or) |, ", text))
    return items[0] + word + items[1] if len(items) == 2 else ", ".join(items[:-1]) + "," + word + items[-1]


_KW = (r"(?:deathtouch|defender|double strike|first strike|flash|flying|haste|hexproof|indestructible|intimidate|"
       r"lifelink|reach|shroud|trample|vigilance|menace|fear|shadow|horsemanship|infect|wither|"
       r"(?:plains|island|swamp|mountain|forest)walk)")
_KEYWORD_LIST = re.compile(rf"\b{_KW}(?:, {_KW})*,? and {_KW}\b")
_TY = r"(?:artifact|battle|creature|enchantment|instant|land|planeswalker|sorcery)"
_TYPE_LIST = re.compile(rf"\b{_TY}(?:, {_TY})*,? (?:or|and/or) {_TY}\b")
_TYPES_AND = re.compile(rf"\b({_TY}(?:, {_TY})*,? and {_TY}) (cards|spells)\b")
# A number the text defines is the same number however it is worded (107.3c): "deals X damage to T, where X
# is N", "deals damage to T equal to N" and "deals damage equal to N to T"; "create X tokens, where X is N" and
# "create a number of tokens equal to N"; "draw X cards, where X is N" and "draw cards equal to N".
_AMOUNT_WORDINGS: tuple[tuple[re.Pattern[str], str | Callable[[re.Match[str]], str]], ...] = (
    (re.compile(r"\bcreate x ([^.\"]+?), where x is ([^.\"]+)"), r"create a number of \1 equal to \2"),
    (re.compile(r"([^.\"]*?), where x is ([^.\"]+)"), lambda m: _x_is(m.group(1), m.group(2)) or m.group(0)),
    (re.compile(r"\bdeal(s?) damage to ([^.\"]+?) equal to ([^.\"]+)"), r"deal\1 damage equal to \3 to \2"),
)
_X_AMOUNTS = ((re.compile(r"\bdeal(s?) x damage to "), r"deal\1 damage equal to {n} to "),
              (re.compile(r"\b(draws?|mills?) x cards\b"), r"\1 cards equal to {n}"),
              (re.compile(r"\b(gains?|loses?) x life\b"), r"\1 life equal to {n}"))


def _x_is(text: str, number: str) -> str | None:
    """'each opponent loses x life and you gain x life' with X = number: every X written as "... equal to N";
    None when an X is left (a +X/+X stays as printed on both sides)."""
    for pattern, repl in _X_AMOUNTS:
        def amount(m: re.Match[str], r: str = repl) -> str:
            return m.expand(r).replace("{n}", number)

        text = pattern.sub(amount, text)
    return None if re.search(r"\bx\b", text) else text
# The same description in another word order: "creatures with flying your opponents control" / "creatures your
# opponents control with flying" (one set of permanents, whatever order its qualities are written in),
# "target creature other than ~" / "another target creature" (both exclude the source itself).
_WORD_ORDER = (
    (re.compile(r"\b(creatures?|permanents?) (with [a-z]+(?: [a-z]+)?|with power \d+ or (?:less|greater)) "
                r"(you control|an opponent controls)\b"), r"\1 \3 \2"),
    (re.compile(r"\btarget ([a-z]+) other than ~"), r"another target \1"),
    (re.compile(r"\b([a-z]+) you control other than ~"), r"other \1 you control"),
)
# "You gain 1 life for each creature you control" / "you gain life equal to the number of creatures you control",
# "draw a card for each Island you control" / "draw cards equal to the number of Islands you control": the same
# number (107.3c).
_ONE_FOR_EACH = re.compile(r"\b(gains?|loses?) 1 life for each ([^.,\"]+)|\b(draws?) a card for each ([^.,\"]+)")
_STOP = {"you", "an", "your", "with", "without", "on", "in", "that", "among", "target", "defending"}


def _number_of(m: re.Match[str]) -> str:
    from content.oracle.render import _plural_subtype

    words = (m.group(2) or m.group(4)).split(" ")
    cut = next((i for i, w in enumerate(words) if w in _STOP), len(words))
    if cut:
        words[cut - 1] = _plural_subtype(words[cut - 1].capitalize()).lower()
    what = "the number of " + " ".join(words)
    return f"{m.group(1)} life equal to {what}" if m.group(1) else f"{m.group(3)} cards equal to {what}"


# "Destroy each nonland artifact ..." / "Destroy all nonland artifacts ...", "untap each other creature you control"
# / "untap other creatures you control", "return each creature ... to its owner's hand" / "return all creatures
# ... to their owners' hands": the same set of permanents, each dealt with (each goes to its owner's hand, 400.3).
_EACH = re.compile(r"(?<!\bfor )\beach (?!of\b|player\b|opponent\b|other player\b)((?:other )?[a-z~'/+-]+(?: [a-z~'/+-]+)*?)"
                   r"(?= (?:you|an|your|with|without|on|in|that|among|blocking|attacking|to|and|or|gets?|gains?|deals?|"
                   r"has|have|can't|doesn't)\b|[.,]|$)")


def _all_of(m: re.Match[str]) -> str:
    from content.oracle.clause_joins import _VERB  # "each get +2/+2": an adverb, not a set
    from content.oracle.render import _plural_subtype

    words = m.group(1).split(" ")
    if words[0] in _VERB:
        return m.group(0)
    words[-1] = _plural_subtype(words[-1].capitalize()).lower()
    return " ".join(words)


_MODE_NAME = re.compile(r"• [a-z' ,!.]{1,40}? - ")
# "that creature" and "it" name the same object: the one the ability mentioned last (the renderer says "it").
_PRONOUNS = (("that creature's", "its"), ("that creature", "it"), ("that land", "it"), ("that permanent", "it"),
             ("the exiled card", "it"), ("those creatures", "they"), (" them", " they"))


_ORDER = ["white", "blue", "black", "red", "green", "{w}", "{u}", "{b}", "{r}", "{g}", "{c}"]
_COLOR_LIST = re.compile(r"\b(?:white|blue|black|red|green)(?: or (?:white|blue|black|red|green))+\b")
_MANA_LIST = re.compile(r"\{[wubrgc]\}(?:,? (?:or )?\{[wubrgc]\})+")


def _sort_mana(text: str) -> str:
    symbols = sorted(re.findall(r"\{[wubrgc]\}", text), key=_ORDER.index)
    if len(symbols) == 2:
        return f"{symbols[0]} or {symbols[1]}"
    return ", ".join(symbols[:-1]) + ", or " + symbols[-1]


# ("enchanted permanent" / "enchanted creature" / "equipped creature": the object the source is attached to,
# 301.5, 303.4; what it may be is the Enchant ability's business, compiled on its own line.)
# Spellings that mean the same to the engine: "When"/"Whenever" (603.1), "you don't control" / "your
# opponents control" / "an opponent controls" (every other player is an opponent, 102.2), the old
# "enters the battlefield".
_SAME = (("whenever ", "when "), (" you don't control", " an opponent controls"),
         (" your opponents control", " an opponent controls"), (" enters the battlefield", " enters"),
         ("equipped creature", "enchanted creature"), ("enchanted permanent", "enchanted creature"), (" of their choice", ""), ("all ", ""), ("that card", "it"),
         ("sacrifice it.", "sacrifice ~."), ("sacrifice it ", "sacrifice ~ "),
         ("that creature's controller", "its controller"), (", you draw a card", ", draw a card"), ("investigate", "create a clue token"))


# "it deals" / "~ deals", "it gets" / "~ gets" where the clause starts (the renderer names ~ again where Oracle
# text often says "it"); "creatures blocking it get" keeps its "it".
_IT_DOES = re.compile(r"(^|[.,:] |\band |\bthen |\bhave |\bif you do, |\bwhen you do, )it (deals|gets) ")


def _roundtrip(report: CardReport, name: str, face_lines: list[list[Any]]) -> None:
    from content.oracle.render import render_line

    report.roundtrip_checked += 1
    for results in face_lines:
        for r in results:
            try:
                rendered = render_line(r.abilities)
            except Exception as exc:  # noqa: BLE001 - a renderer gap is reported, not raised
                rendered = f"<cannot render: {type(exc).__name__}: {exc}>"
            printed = r.text
            from content.oracle.text import strip_ability_word

            printed = strip_ability_word(printed)
            rendered = strip_ability_word(rendered)  # both sides alike: "Forecast — ..." is read as a leading word
            if roundtrip_normal(rendered) != roundtrip_normal(printed):
                if len(report.roundtrip_failures) < 200:
                    report.roundtrip_failures.append({"name": name, "printed": printed, "rendered": rendered})
                return
    report.roundtrip_exact += 1


def check_file(path: str | Path, *, roundtrip: bool = False) -> CardReport:
    """Coverage of a card file in any MTGJSON shape, read with bounded memory (content/card_files.py)."""
    from content.card_files import read_card_entries

    return check_groups(((e.front, e.faces) for e in read_card_entries(path)), roundtrip=roundtrip, where=str(path))


__all__ = ["CardReport", "CardType", "check", "check_file", "roundtrip_normal"]

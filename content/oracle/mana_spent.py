"""Oracle text about the mana spent to cast a spell (CR 601.2h): converge ("for each color of mana spent to cast
it", "the number of colors of mana spent to cast ~"), adamant ("If at least three blue mana was spent to cast
~, ..."), "if {R}{R} was spent to cast it". Executed by systems/mechanics/mana_spent.py."""

from __future__ import annotations

import dataclasses
import re

from components.abilities import Condition, Count, PermanentFilter
from content.oracle.phrases import NUMBER_RE, NoParse, number

_COLOR_WORDS = {"white": 1, "blue": 2, "black": 4, "red": 8, "green": 16}
_SYMBOL_BITS = {"W": 1, "U": 2, "B": 4, "R": 8, "G": 16}
_WORD_OF = {v: k for k, v in _COLOR_WORDS.items()}
_SYMBOL_OF = {v: k for k, v in _SYMBOL_BITS.items()}
_NUMBER_WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five"}


def condition(text: str) -> Condition | None:
    """'at least three blue mana was spent to cast ~' / '{R}{R} was spent to cast it', or None."""
    if m := re.fullmatch(rf"at least ({NUMBER_RE}) (white|blue|black|red|green) mana was spent to cast ~", text):
        n = number(m[1])
        if not isinstance(n, int):
            raise NoParse("mana spent amount")
        return Condition("mana_spent_at_least", n, PermanentFilter(colors_any=_COLOR_WORDS[m[2]]))
    if m := re.fullmatch(r"((?:\{[WUBRG]\})+) was spent to cast (~|it)", text):
        symbols = set(re.findall(r"\{([WUBRG])\}", m[1]))
        if len(symbols) != 1:
            raise NoParse("mana of two colors spent")  # "{R}{G} was spent": two questions at once
        kind = "mana_spent_symbols" if m[2] == "~" else "mana_spent_symbols_it"
        return Condition(kind, m[1].count("{"), PermanentFilter(colors_any=_SYMBOL_BITS[symbols.pop()]))
    return None


def condition_words(c: Condition) -> str | None:
    if c.kind == "mana_spent_at_least" and c.filter is not None:
        return f"at least {_NUMBER_WORDS.get(c.n, c.n)} {_WORD_OF[c.filter.colors_any]} mana was spent to cast ~"
    if c.kind in ("mana_spent_symbols", "mana_spent_symbols_it") and c.filter is not None:
        who = "~" if c.kind == "mana_spent_symbols" else "it"
        return ("{" + _SYMBOL_OF[c.filter.colors_any] + "}") * c.n + f" was spent to cast {who}"
    return None


def count(text: str, multiplier: int = 1) -> Count | None:
    """'colors of mana spent to cast ~' ("the number of" already cut) / 'color of mana spent to cast it' (after
    "for each"): converge. ``ref`` keeps the wording: 0 "~", 1 "it"."""
    if m := re.fullmatch(r"colors? of mana spent to cast (~|it)", text):
        return Count("colors_spent", ref=0 if m[1] == "~" else 1, multiplier=multiplier)
    return None


def count_words(c: Count, *, for_each: bool = False) -> str | None:
    if c.kind != "colors_spent":
        return None
    who = "~" if c.ref == 0 else "it"
    if for_each:
        return f"for each color of mana spent to cast {who}"
    return f"the number of colors of mana spent to cast {who}"


_ENTERS = re.compile(r"~ enters with (?P<n>a|an|one|two) (?P<kind>[+-]1/[+-]1|[a-z]+) counters? on it for each color "
                     r"of mana spent to cast it")


def replacement_line(low: str, text: str) -> object | None:
    """'~ enters with a +1/+1 counter on it for each color of mana spent to cast it' (converge, 614.1c) and
    'If at least three blue mana was spent to cast ~, ~ enters with a +1/+1 counter on it' (adamant)."""
    from components.abilities import ReplacementSpec, StaticReplacement

    if m := _ENTERS.fullmatch(low):
        n = number(m["n"])
        assert isinstance(n, int)
        return StaticReplacement(text, ReplacementSpec("enter", "counters", amount=n, counter_kind=m["kind"],
                                                       colors_spent=True), self_only=True)
    if (m := re.fullmatch(r"if (?P<cond>.+?), (?P<rest>~ enters with .+)", low)) and m["cond"].endswith(
            "was spent to cast ~"):
        cond = condition(m["cond"])
        if cond is None:
            return None
        from content.oracle.lines import replacement_line as plain

        inner = plain(m["rest"], text)
        if inner is None or inner.condition is not None or inner.spec.event != "enter":
            return None
        return dataclasses.replace(inner, condition=cond)  # checked as it enters (614.1c)
    return None


def replacement_words(a: object) -> str | None:
    """The text of the replacements above, or None."""
    spec = a.spec  # type: ignore[attr-defined]
    cond = a.condition  # type: ignore[attr-defined]
    if spec.event != "enter" or spec.modification != "counters":
        return None
    n = {1: "a", 2: "two"}.get(spec.amount, str(spec.amount))
    if spec.colors_spent:
        if spec.amount == 1:
            n = "an" if spec.counter_kind[:1] in "aeiou" else "a"
        s = "" if spec.amount == 1 else "s"
        return f"~ enters with {n} {spec.counter_kind} counter{s} on it for each color of mana spent to cast it."
    if cond is not None and (words := condition_words(cond)) is not None:
        from components.abilities import StaticReplacement
        from content.oracle.render import _replacement

        plain = _replacement(StaticReplacement(a.text, spec, a.self_only))  # type: ignore[attr-defined]
        return f"If {words}, {plain}"
    return None


def _register_rules() -> None:
    from components.abilities import Conditional
    from content.oracle.effects import Ctx, clause, rule

    @rule(r"(?P<rest>.+) unless (?P<cond>(?:\{[WUBRG]\})+ was spent to cast (?:it|~))")
    def _r_unless_spent(ctx: Ctx, m: re.Match[str]) -> list[object]:
        """'sacrifice it unless {G} was spent to cast it' (608.2c: the condition is checked as it resolves)."""
        cond = condition(m["cond"])
        assert cond is not None
        return [Conditional(dataclasses.replace(cond, negate=True), tuple(clause(ctx, m["rest"])))]


def unless_text(e: object, inner: str) -> str | None:
    """'<inner> unless {G} was spent to cast it' for a negated mana-spent Conditional, or None."""
    cond = e.condition  # type: ignore[attr-defined]
    if not cond.negate or not cond.kind.startswith("mana_spent"):
        return None
    words = condition_words(dataclasses.replace(cond, negate=False))
    return f"{inner} unless {words}" if words is not None else None

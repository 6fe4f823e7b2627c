"""Casting a card from its owner's graveyard: jump-start (CR 702.133), retrace (702.81) and escape (702.138).

* "Jump-start" on an instant or sorcery (702.133a): "You may cast this card from your graveyard if the
  resulting spell is an instant or sorcery spell by discarding a card as an additional cost to cast it" and
  "If this spell was cast using its jump-start ability, exile this card instead of putting it anywhere else
  any time it would leave the stack."
* "Retrace" (702.81a): "You may cast this card from your graveyard by discarding a land card as an additional
  cost to cast it."
* "Escape—[cost], Exile N other cards from your graveyard." (702.138a): "You may cast this card from your
  graveyard by paying [cost] rather than paying its mana cost." Only a mana cost plus exiling other cards from
  the graveyard is read ("Exile a land you control" and other parts are not). "~ escapes with [counters]"
  (702.138c): it enters with them if it escaped (condition kind "cost_paid_escape").

* "Flashback—[costs]." / "Flashback [mana cost], [costs]." (702.34a) with a cost that isn't only mana (the mana
  form is content/keywords/flashback.py): mana, "Pay N life", "Tap N untapped [permanents] you control",
  "Discard N cards", "Sacrifice a [permanent]" (read like the costs of an activated ability, 602.1a).

* "Harmonize [cost]" (newer than the Comprehensive Rules used here; its reminder text: "You may cast this card
  from your graveyard for its harmonize cost. You may tap a creature you control to reduce that cost by {X}, where
  X is its power. Then exile this spell."; its cost may have {X}) and "Mayhem [cost]" ("You may cast this card from
  your graveyard for [cost] if you discarded it this turn. Timing rules still apply."); only mana costs are read.

The rules are systems/keywords/graveyard_casting.py.
"""

from __future__ import annotations

import dataclasses
import re

from components.abilities import Ability, ActivatedAbility, Condition, StaticReplacement
from components.casting_keywords import GraveyardCast
from components.characteristics import CardType
from content.keywords import READERS, RENDERERS
from content.mana import parse_mana_cost
from content.oracle.words import NUMBER_NAMES, NUMBER_WORDS

SPELL_TYPES = int(CardType.INSTANT | CardType.SORCERY)
_ESCAPE = re.compile(r"escape\s*[—-]\s*((?:\{[^}]+\})+), (?:exile (?P<perm>an? [a-z ]+?) you control, )?"
                     r"exile (\w+) other cards? from your graveyard\.?", re.I)


_FLASHBACK = re.compile(r"flashback(?:\s*[—-]\s*| (?=\{))(?P<costs>.+?)\.?", re.I)
_ALLOWED = {"mana_cost", "tap", "life", "tap_others", "tap_others_count", "discard", "sacrifice"}


def _flashback(line: str, types: CardType) -> Ability | None:
    """Flashback with costs that aren't only mana (702.34a)."""
    m = _FLASHBACK.fullmatch(line.strip())
    if not m or not int(types) & SPELL_TYPES:
        return None
    from content.oracle.lines import parse_costs
    from content.oracle.phrases import NoParse

    raw_costs = m.group("costs")
    low = re.sub(r"(\{[^}]+\})|[^{]+", lambda x: x.group(1) or x.group(0).lower(), raw_costs)
    try:
        fields = parse_costs(low)
    except (NoParse, ValueError, KeyError):
        return None
    if set(fields) - _ALLOWED or fields.get("tap") or set(fields) <= {"mana_cost", "tap"}:
        return None  # only costs a spell can have, and not mana alone (content/keywords/flashback.py)
    if "X" in str(fields.get("mana_cost") or ""):
        return None
    costs = ActivatedAbility("", fields.pop("mana_cost"), False, (), (),  # type: ignore[arg-type]
                             **{k: v for k, v in fields.items() if k != "tap"})  # type: ignore[arg-type]
    return GraveyardCast(line.strip(), "flashback", exile_after=True, spells_only=True, costs=costs)


_ESCAPES_WITH = re.compile(r"~ escapes with (?P<what>.+ counters? on it)\.?", re.I)
ESCAPED = Condition("cost_paid_escape")  # 702.138b (systems/keywords/this_turn_costs.py)


def _escapes_with(line: str) -> Ability | None:
    """702.138c: "[This permanent] escapes with [counters]" means "If this permanent escaped, it enters with
    [those counters]" (a replacement effect, 614.1c, that applies only if it escaped)."""
    m = _ESCAPES_WITH.fullmatch(line.strip())
    if not m:
        return None
    from content.oracle import compile_line
    from content.oracle.phrases import NoParse

    try:
        inner = compile_line(f"~ enters with {m.group('what')}.", is_spell=False)
    except (NoParse, ValueError, KeyError):
        return None
    if len(inner) != 1 or not isinstance(inner[0], StaticReplacement) or not inner[0].self_only \
            or inner[0].condition is not None:
        return None
    return dataclasses.replace(inner[0], text=line.strip(), condition=ESCAPED)


_GRAVE_COST = re.compile(r"(harmonize|mayhem) ((?:\{[^}]+\})+)", re.I)


def read(line: str, raw: str, name: str, types: CardType) -> Ability | None:
    if line.lower().startswith("~ escapes with "):
        return _escapes_with(line)
    m = _GRAVE_COST.fullmatch(line.strip().rstrip("."))
    if m and (m.group(1).lower() == "harmonize" or "X" not in m.group(2).upper()) \
            and not int(types) & int(CardType.LAND):
        keyword, cost = m.group(1).lower(), m.group(2).upper()
        if keyword == "harmonize":
            return GraveyardCast(f"Harmonize {cost}", "harmonize", parse_mana_cost(cost), exile_after=True,
                                 tap_reduce=True)
        return GraveyardCast(f"Mayhem {cost}", "mayhem", parse_mana_cost(cost))
    text = line.strip().rstrip(".")
    low = text.lower()
    if low.startswith("flashback"):
        return _flashback(line, types)
    if low == "jump-start" and int(types) & SPELL_TYPES:
        return GraveyardCast("Jump-start", "jump-start", discard="card", exile_after=True, spells_only=True)
    if low == "retrace":
        return GraveyardCast("Retrace", "retrace", discard="land")
    m = _ESCAPE.fullmatch(line.strip())
    if m:
        word = m.group(3).lower()
        n = NUMBER_WORDS.get(word, int(word) if word.isdigit() else 0)
        if n <= 0:
            return None
        cost = m.group(1).upper()
        perm = None
        if m.group("perm"):
            from content.oracle.phrases import NoParse, noun_phrase

            try:
                noun, rest = noun_phrase(m.group("perm").lower())
            except NoParse:
                return None
            if rest or noun.head != "permanent" or noun.plural or set(noun.f) - {"types_any", "subtypes_any"}:
                return None
            perm = noun.filter()
        return GraveyardCast(line.strip(), "escape", parse_mana_cost(cost), exile_others=n, exile_permanent=perm)
    return None


def render(abilities: list[object]) -> str | None:
    a = abilities[0] if len(abilities) == 1 else None
    if isinstance(a, StaticReplacement) and a.condition == ESCAPED:
        from content.oracle.render import render_line

        inner = render_line([dataclasses.replace(a, condition=None)])
        return "~ escapes with " + inner[len("~ enters with "):] if inner.startswith("~ enters with ") else None
    if not isinstance(a, GraveyardCast):
        return None
    if a.keyword in ("harmonize", "mayhem"):
        return f"{a.keyword.capitalize()} {a.cost}"
    if a.keyword == "jump-start":
        return "Jump-start"
    if a.keyword == "retrace":
        return "Retrace"
    if a.keyword == "flashback" and isinstance(a.costs, ActivatedAbility):
        from content.oracle.render import _costs

        text = _costs(a.costs)
        return f"Flashback {text}." if a.costs.mana_cost is not None else f"Flashback—{text}."
    if a.keyword == "escape":
        n = a.exile_others
        perm = ""
        if a.exile_permanent is not None:
            from content.oracle.render import noun

            thing = noun(a.exile_permanent)  # type: ignore[arg-type]
            perm = f"Exile {'an' if thing[:1] in 'aeiou' else 'a'} {thing} you control, "
        return (f"Escape—{a.cost}, {perm}Exile {NUMBER_NAMES.get(n, str(n))} other card{'s' if n != 1 else ''} from "
                "your graveyard.")
    return None


READERS.append(read)
RENDERERS.append(render)

"""Ward with costs that aren't mana (CR 702.21a): "Ward—Pay N life.", "Ward—Discard a card.",
"Ward—Sacrifice a creature." (content/keywords/ward.py reads mana costs).

The same triggered ability as ward with a mana cost ("Whenever this permanent becomes the target of a spell or
ability an opponent controls, counter that spell or ability unless that player pays [cost]"), with the
:class:`WardOtherCost` effect (systems/keywords/ward_costs.py).
"""

from __future__ import annotations

import dataclasses
import re

from components.abilities import Ability, PermanentFilter, TriggerCondition, TriggeredAbility, TriggerKind
from components.characteristics import CardType
from components.combat_keywords import WardOtherCost
from content.keywords import READERS, RENDERERS

_LINE = re.compile(r"ward\s*[—-]\s*(?:pay (?P<life>\d+) life|(?P<discard>discard a card)|sacrifice (?P<what>an? .+))",
                   re.I)


def sacrificed(what: str) -> PermanentFilter | None:
    """The permanent a cost "Sacrifice a/an <what>" asks for, among those its payer controls (701.21a: a player
    sacrifices only a permanent they control); None for words this doesn't read."""
    from content.oracle.phrases import NoParse, noun_phrase

    try:
        noun, rest = noun_phrase(what.lower())
    except NoParse:
        return None
    if rest or noun.det not in ("a", "an") or noun.zone:
        return None
    f = noun.filter()
    if f.controller not in ("any", "you") or f.exclude_source:
        return None
    return dataclasses.replace(f, controller="you")


def _ability(text: str, effect: WardOtherCost) -> TriggeredAbility:
    return TriggeredAbility(text, TriggerCondition(TriggerKind.BECOMES_TARGET, whose="opponent"), (),
                            (effect,))  # type: ignore[arg-type]


def read(line: str, raw: str, name: str, types: CardType) -> Ability | None:
    m = _LINE.fullmatch(line.strip().rstrip("."))
    if not m:
        return None
    if m["life"]:
        return _ability(f"Ward—Pay {m['life']} life.", WardOtherCost("life", int(m["life"])))
    if m["discard"]:
        return _ability("Ward—Discard a card.", WardOtherCost("discard"))
    f = sacrificed(m["what"])
    if f is None:
        return None
    return _ability(f"Ward—Sacrifice {m['what']}.", WardOtherCost("sacrifice", 1, f, m["what"]))


def render(abilities: list[object]) -> str | None:
    a = abilities[0] if len(abilities) == 1 else None
    if not isinstance(a, TriggeredAbility) or a.trigger.kind != TriggerKind.BECOMES_TARGET:
        return None
    e = a.effects[0] if len(a.effects) == 1 else None
    if not isinstance(e, WardOtherCost) or a.trigger.whose != "opponent":
        return None
    if e.kind == "life":
        return f"Ward—Pay {e.amount} life"
    if e.kind == "discard":
        return "Ward—Discard a card"
    return f"Ward—Sacrifice {e.noun}"


READERS.append(read)
RENDERERS.append(render)

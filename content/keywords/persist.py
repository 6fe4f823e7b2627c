"""Persist (CR 702.79) and undying (CR 702.93), each on its own line.

702.79a: "When this permanent is put into a graveyard from the battlefield, if it had no -1/-1 counters on it,
return it to the battlefield under its owner's control with a -1/-1 counter on it."
702.93a: the same with +1/+1 counters.
One triggered ability (a leaves-the-battlefield ability that looks back in time, 603.10a) with an intervening
"if" (603.4) about the counters the permanent had as it left (its last known information, systems/zones.py);
the effect is systems/keywords/persist.py.
"""

from __future__ import annotations

from components.abilities import Ability, Condition, TriggerCondition, TriggeredAbility, TriggerKind
from components.characteristics import CardType
from components.combat_keywords import ReturnWithCounter
from content.keywords import READERS, RENDERERS

# keyword -> the counter kind it looks at and returns the permanent with
KINDS = {"persist": "-1/-1", "undying": "+1/+1"}
NAMES = {kind: word.capitalize() for word, kind in KINDS.items()}
HAD_NO = {"-1/-1": "had_no_minus1_counters", "+1/+1": "had_no_plus1_counters"}  # systems/keywords/persist.py


def dies_return(word: str) -> TriggeredAbility:
    kind = KINDS[word]
    return TriggeredAbility(NAMES[kind], TriggerCondition(TriggerKind.PUT_INTO_GRAVEYARD, "self"), (),
                            (ReturnWithCounter(kind),), condition=Condition(HAD_NO[kind]))  # type: ignore[arg-type]


def read(line: str, raw: str, name: str, types: CardType) -> Ability | None:
    word = line.strip().rstrip(".").lower()
    if word not in KINDS or not int(types) & (CardType.CREATURE | CardType.ARTIFACT | CardType.ENCHANTMENT
                                              | CardType.LAND | CardType.PLANESWALKER):
        return None
    return dies_return(word)


def render(abilities: list[object]) -> str | None:
    a = abilities[0] if len(abilities) == 1 else None
    if not isinstance(a, TriggeredAbility) or len(a.effects) != 1 or not isinstance(a.effects[0], ReturnWithCounter):
        return None
    kind = a.effects[0].kind
    if a.trigger.kind == TriggerKind.PUT_INTO_GRAVEYARD and a.condition == Condition(HAD_NO[kind]):
        return NAMES[kind]
    return None


READERS.append(read)
RENDERERS.append(render)

"""Cumulative upkeep (CR 702.24): "Cumulative upkeep [cost]" with a mana cost.

702.24a: "At the beginning of your upkeep, if this permanent is on the battlefield, put an age counter on this
permanent. Then you may pay [cost] for each age counter on it. If you don't, sacrifice it." A triggered ability
(it triggers only from the battlefield) with the :class:`CumulativeUpkeepPayment` effect
(systems/mechanics/cumulative_upkeep.py). 702.24b: each instance triggers separately and counts all the age
counters. Costs that aren't only mana ("Cumulative upkeep—Pay 2 life.", "—Pay {B} and 1 life.", "—Discard a
card.", "—Sacrifice a creature.") have the :class:`CumulativeUpkeepOtherCost` effect
(systems/mechanics/cumulative_upkeep_costs.py); other costs ("—Have an opponent create ...") are not read.
"""

from __future__ import annotations

import re

from components.abilities import Ability, TriggerCondition, TriggeredAbility, TriggerKind
from components.characteristics import CardType
from components.keyword_abilities import CumulativeUpkeepPayment
from components.objects import Step
from components.upkeep_costs import CumulativeUpkeepOtherCost
from content import registry
from content.mana import parse_mana_cost

_LINE = re.compile(r"cumulative upkeep ((?:\{[0-9WUBRGC/]+\})+)", re.I)


def cumulative_upkeep(cost: str) -> TriggeredAbility:
    trigger = TriggerCondition(TriggerKind.BEGINNING_OF_STEP, step=int(Step.UPKEEP), whose="your")
    return TriggeredAbility(f"Cumulative upkeep {cost}", trigger, (),
                            (CumulativeUpkeepPayment(parse_mana_cost(cost)),))


_OTHER = re.compile(r"cumulative upkeep\s*[—-]\s*(?:pay (?:(?P<mana>(?:\{[0-9WUBRGC/]+\})+) and )?(?P<life>\d+) life"
                    r"|(?P<discard>discard a card)|sacrifice (?P<what>an? .+))", re.I)


def _upkeep_trigger(text: str, effect: CumulativeUpkeepOtherCost) -> TriggeredAbility:
    trigger = TriggerCondition(TriggerKind.BEGINNING_OF_STEP, step=int(Step.UPKEEP), whose="your")
    return TriggeredAbility(text, trigger, (), (effect,))


def other_cost_text(e: CumulativeUpkeepOtherCost) -> str:
    if e.life:
        return f"Pay {e.mana} and {e.life} life" if e.mana is not None else f"Pay {e.life} life"
    return "Discard a card" if e.discard else f"Sacrifice {e.noun}"


def _read_other(line: str) -> Ability | None:
    m = _OTHER.fullmatch(line.strip().rstrip("."))
    if not m:
        return None
    if m["life"]:
        effect = CumulativeUpkeepOtherCost(mana=parse_mana_cost(m["mana"]) if m["mana"] else None, life=int(m["life"]))
    elif m["discard"]:
        effect = CumulativeUpkeepOtherCost(discard=True)
    else:
        # imported here, not at the top: loading that module registers its reader (systems/mechanics MODULES order)
        from systems.mechanics.ward_costs import sacrificed

        f = sacrificed(m["what"])
        if f is None:
            return None
        effect = CumulativeUpkeepOtherCost(sacrifice=f, noun=m["what"].lower())
    return _upkeep_trigger(f"Cumulative upkeep—{other_cost_text(effect)}.", effect)


def read(line: str, raw: str, name: str, types: CardType) -> Ability | None:
    m = _LINE.fullmatch(line.strip())
    return cumulative_upkeep(m.group(1)) if m else _read_other(line)


def render(abilities: list[object]) -> str | None:
    a = abilities[0] if len(abilities) == 1 else None
    if isinstance(a, TriggeredAbility) and len(a.effects) == 1 and isinstance(a.effects[0], CumulativeUpkeepPayment):
        return f"Cumulative upkeep {a.effects[0].cost}"
    if isinstance(a, TriggeredAbility) and len(a.effects) == 1 and isinstance(a.effects[0], CumulativeUpkeepOtherCost):
        return f"Cumulative upkeep—{other_cost_text(a.effects[0])}"
    return None


registry.reader(read, priority=320)
registry.renderer(render, priority=280)

"""Triggered keyword abilities of attacking and blocked creatures, and soulshift, each on its own line:

* afflict N (CR 702.130a): "Whenever this creature becomes blocked, defending player loses N life."
* annihilator N (702.86a): "Whenever this creature attacks, defending player sacrifices N permanents."
* rampage N (702.23a): "Whenever this creature becomes blocked, it gets +N/+N until end of turn for each creature
  blocking it beyond the first." (702.23b: counted once, as it resolves.)
* battle cry (702.91a): "Whenever this creature attacks, each other attacking creature gets +1/+0 until end of turn."
* ingest (702.115a): "Whenever this creature deals combat damage to a player, that player exiles the top card of
  their library."
* renown N (702.112a): "When this creature deals combat damage to a player, if it isn't renowned, put N +1/+1
  counters on it and it becomes renowned."
* melee (702.121a): "Whenever this creature attacks, it gets +1/+1 until end of turn for each opponent you attacked
  with a creature this combat."
* living weapon (702.92a): "When this Equipment enters, create a 0/0 black Phyrexian Germ creature token, then
  attach this Equipment to it."
* mentor (702.134a): "Whenever this creature attacks, put a +1/+1 counter on target attacking creature with power
  less than this creature's power."
* soulshift N (702.46a): "When this permanent is put into a graveyard from the battlefield, you may return target Spirit card with mana value N or less from
  your graveyard to your hand."

Each instance triggers separately (702.130b, 702.86b, 702.23c, 702.91b, 702.46b): one ability per line. "Defending
player" is PlayerRef("defending") (506.2, systems/keywords/combat_triggers.py).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from components.abilities import (
    GROUP,
    Ability,
    ActivatedAbility,
    Condition,
    Count,
    Group,
    LoseLife,
    ModifyPowerToughness,
    MoveObject,
    PermanentFilter,
    PlayerRef,
    PutCounters,
    Sacrifice,
    SpellAbility,
    TargetKind,
    TargetSpec,
    TriggerCondition,
    TriggeredAbility,
    TriggerKind,
)
from components.characteristics import CardType
from components.combat_keywords import ExileTopOfLibrary, LivingWeapon, MeleeBonus, RampageBonus, Renown
from content.keywords import READERS, RENDERERS

DEFENDING = PlayerRef("defending")
CREATURE = int(CardType.CREATURE)


def afflict(n: int) -> TriggeredAbility:
    return TriggeredAbility(f"Afflict {n}", TriggerCondition(TriggerKind.BECOMES_BLOCKED), (),
                            (LoseLife(n, DEFENDING),))


def annihilator(n: int) -> TriggeredAbility:
    return TriggeredAbility(f"Annihilator {n}", TriggerCondition(TriggerKind.ATTACKS), (),
                            (Sacrifice(player=DEFENDING, filter=PermanentFilter(), amount=n),))


def rampage(n: int) -> TriggeredAbility:
    return TriggeredAbility(f"Rampage {n}", TriggerCondition(TriggerKind.BECOMES_BLOCKED), (),
                            (RampageBonus(n),))  # type: ignore[arg-type]


def soulshift(n: int) -> TriggeredAbility:
    spirit = PermanentFilter(subtypes_any=("Spirit",), controller="you", mana_value_at_most=n)
    return TriggeredAbility(f"Soulshift {n}", TriggerCondition(TriggerKind.PUT_INTO_GRAVEYARD), (
        TargetSpec(TargetKind.CARD_IN_GRAVEYARD, spirit),), (MoveObject(0, "hand"),), optional=True)


def renown(n: int) -> TriggeredAbility:
    return TriggeredAbility(f"Renown {n}", TriggerCondition(TriggerKind.DEALS_COMBAT_DAMAGE_TO_PLAYER), (),
                            (Renown(n),), condition=Condition("source_renowned", negate=True))  # type: ignore[arg-type]


BATTLE_CRY = TriggeredAbility("Battle cry", TriggerCondition(TriggerKind.ATTACKS), (), (ModifyPowerToughness(
    1, 0, GROUP, Group(PermanentFilter(types_any=CREATURE, combat="attacking", exclude_source=True))),))
INGEST = TriggeredAbility("Ingest", TriggerCondition(TriggerKind.DEALS_COMBAT_DAMAGE_TO_PLAYER), (),
                          (ExileTopOfLibrary(),))  # type: ignore[arg-type]

MELEE = TriggeredAbility("Melee", TriggerCondition(TriggerKind.ATTACKS), (), (MeleeBonus(),))  # type: ignore[arg-type]


def _germ() -> object:
    from content.oracle.tokens import creature_token

    return creature_token(0, 0, "black", "phyrexian germ", "creature", None)[0]


def living_weapon() -> TriggeredAbility:
    return TriggeredAbility("Living weapon", TriggerCondition(TriggerKind.ENTERS), (),
                            (LivingWeapon(_germ()),))  # type: ignore[arg-type]


MENTOR = TriggeredAbility("Mentor", TriggerCondition(TriggerKind.ATTACKS), (TargetSpec(TargetKind.CREATURE, PermanentFilter(
    types_any=CREATURE, combat="attacking", power_less_than_source=True)),), (PutCounters("+1/+1", 1, 0),))


# keyword -> builder taking N
NUMBERED: dict[str, Callable[[int], TriggeredAbility]] = {
    "afflict": afflict, "annihilator": annihilator, "rampage": rampage, "soulshift": soulshift, "renown": renown}
PLAIN: dict[str, TriggeredAbility] = {"battle cry": BATTLE_CRY, "ingest": INGEST, "melee": MELEE, "mentor": MENTOR}

_LINE = re.compile(r"(?P<kw>afflict|annihilator|rampage|soulshift|renown) (?P<n>\d+)")


def read(line: str, raw: str, name: str, types: CardType) -> Ability | None:
    low = line.strip().rstrip(".").lower()
    if low == "living weapon" and int(types) & CardType.ARTIFACT:
        return living_weapon()  # an Equipment's ability (702.92a)
    if not int(types) & CREATURE:
        return None
    if low in PLAIN:
        return PLAIN[low]
    m = _LINE.fullmatch(low)
    if not m:
        return None
    return NUMBERED[m["kw"]](int(m["n"]))


def _n_of(a: TriggeredAbility) -> int | None:
    """The N a numbered keyword's ability was built with, read from its data."""
    e = a.effects[0] if len(a.effects) == 1 else None
    if isinstance(e, LoseLife | Sacrifice | RampageBonus | Renown):
        return e.amount
    if isinstance(e, MoveObject) and len(a.targets) == 1 and a.targets[0].filter is not None:
        return a.targets[0].filter.mana_value_at_most
    return None


def render(abilities: list[object]) -> str | None:
    a = abilities[0] if len(abilities) == 1 else None
    if not isinstance(a, TriggeredAbility):
        return None
    for word, ability in PLAIN.items():
        if a == ability:
            return word.capitalize()
    if a == living_weapon():
        return "Living weapon"
    n = _n_of(a)
    if n is None:
        return None
    for word, build in NUMBERED.items():
        if build(n) == a:
            return f"{word.capitalize()} {n}"
    return None


READERS.append(read)
RENDERERS.append(render)


_ATTACKING_KINDS = (TriggerKind.ATTACKS, TriggerKind.ATTACKS_UNBLOCKED, TriggerKind.BECOMES_BLOCKED)


def _defending_filters(obj: object, parent: object = None) -> list[tuple[object, object]]:
    """(holder, filter) for every filter naming "defending player controls" inside an ability's data."""
    import dataclasses

    if isinstance(obj, PermanentFilter):
        return [(parent, obj)] if obj.controller == "defending" else []
    if isinstance(obj, tuple | list):
        return [x for item in obj for x in _defending_filters(item, parent)]
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return [x for f in dataclasses.fields(obj) for x in _defending_filters(getattr(obj, f.name), obj)]
    return []


# Trigger kinds whose filters systems/triggers.py checks on the permanent as it is (``_object_matches``, with its
# state); a leaves-the-battlefield trigger looks back at the object instead (603.10a), without counters.
_LOOK_BACK_KINDS = frozenset({TriggerKind.DIES, TriggerKind.LEAVES, TriggerKind.PUT_INTO_GRAVEYARD})
_STATE_CHECKED_KINDS = frozenset({
    TriggerKind.ENTERS, TriggerKind.ATTACKS, TriggerKind.BLOCKS, TriggerKind.ATTACKS_OR_BLOCKS,
    TriggerKind.DEALS_COMBAT_DAMAGE_TO_PLAYER, TriggerKind.DEALS_DAMAGE, TriggerKind.DEALS_COMBAT_DAMAGE,
    TriggerKind.BECOMES_BLOCKED, TriggerKind.IS_DEALT_DAMAGE, TriggerKind.ATTACKS_UNBLOCKED,
    TriggerKind.BECOMES_TAPPED, TriggerKind.BECOMES_UNTAPPED, TriggerKind.BLOCKS_CREATURE,
    TriggerKind.BECOMES_BLOCKED_BY, TriggerKind.BLOCKS_OR_BLOCKED_BY})


def _holders(obj: object, parent: object, test: Callable[[PermanentFilter], bool]) -> list[object]:
    """The objects directly holding a filter that ``test`` accepts, anywhere inside an ability's data."""
    import dataclasses

    if isinstance(obj, PermanentFilter):
        return [parent] if test(obj) else []
    if isinstance(obj, tuple | list):
        return [x for item in obj for x in _holders(item, parent, test)]
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return [x for f in dataclasses.fields(obj) for x in _holders(getattr(obj, f.name), obj, test)]
    return []


def filter_problem(abilities: tuple[object, ...] | list[object]) -> str | None:
    """Why the abilities of one line can't be executed as written, or None. Two descriptions are game state that
    only some places look at (content/oracle/__init__.py refuses the line otherwise):

    * "... defending player controls" (506.2): the defending player is known for a target of an ability that
      triggers on its own permanent attacking, or the creature it is attached to ("Whenever equipped creature
      attacks"; systems/targeting.py), and for a group in the effects of an ability that triggers on a creature
      attacking (the trigger's creature; systems/oracle_effects.py ``members``); not in a static ability, a count
      or a condition.
    * "with a +1/+1 counter on it" (122.1): checked where objects are chosen (targets, groups, counts, conditions,
      the objects a trigger watches: systems/oracle_effects.py ``state_mask``); not by static abilities (layers),
      costs, or an object that has left the battlefield (a "dies" trigger's filter looks back at it, 603.10a).
    """
    for a in abilities:
        if _creates_attacking_tokens(a) and not (isinstance(a, TriggeredAbility) and a.trigger.kind in (
                TriggerKind.ATTACKS, TriggerKind.YOU_ATTACK)):
            return "tokens created attacking outside an ability that triggers as attackers are declared"
        for holder in _holders(a, None, lambda f: f.controller == "defending"):
            attack = isinstance(a, TriggeredAbility) and a.trigger.kind in _ATTACKING_KINDS
            if isinstance(holder, TargetSpec) and attack and a.trigger.subject in ("self", "attached"):  # type: ignore[union-attr]
                continue
            if isinstance(holder, Group) and attack:
                continue
            return "'defending player controls' where the defending player isn't known"
        for holder in _holders(a, None, lambda f: bool(f.with_counter or f.without_counter)):
            if isinstance(holder, TargetSpec | Group | Condition):
                continue
            if isinstance(holder, Count) and isinstance(a, TriggeredAbility | ActivatedAbility | SpellAbility):
                continue  # counted as the effect resolves (systems/oracle_effects.py), not by the layer system
            if isinstance(holder, TriggerCondition) and holder.kind in _STATE_CHECKED_KINDS:
                continue
            if isinstance(holder, TriggerCondition) and holder.kind in _LOOK_BACK_KINDS and holder.filter is not None \
                    and {holder.filter.with_counter, holder.filter.without_counter} <= {"", "+1/+1", "-1/-1"}:
                continue  # the +1/+1 and -1/-1 counters it had as it left (systems/trigger_events.py, 603.10a)
            return "'with a counter on it' where counters aren't checked"
        for holder in _holders(a, None, lambda f: bool(f.blocking_source)):
            # "blocking ~" / "blocking it": the ability's own source (its creature or the "it" of "Whenever ~ ...")
            own = (isinstance(a, TriggeredAbility) and a.trigger.subject == "self") or isinstance(a, ActivatedAbility)
            if own and isinstance(holder, TargetSpec | Group | Count):
                continue
            return "'blocking it' where the blocked creature isn't the ability's source"
    return None


def _creates_attacking_tokens(obj: object) -> bool:
    """Does an ability's data hold a "create ... tokens that are tapped and attacking" effect (508.4)?"""
    import dataclasses

    from components.combat_keywords import CreateAttackingTokens

    if isinstance(obj, CreateAttackingTokens):
        return True
    if isinstance(obj, tuple | list):
        return any(_creates_attacking_tokens(x) for x in obj)
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type) and not isinstance(obj, PermanentFilter):
        return any(_creates_attacking_tokens(getattr(obj, f.name)) for f in dataclasses.fields(obj))
    return False

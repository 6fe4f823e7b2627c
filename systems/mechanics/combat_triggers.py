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
player" is PlayerRef("defending") (506.2, systems/mechanics/combat_triggers.py).

Rules: Effects of the combat keyword triggers (systems/mechanics/combat_triggers.py) and "defending player" (CR 506.2).

* :func:`defending_player`: the player an attacking creature is attacking, or the controller of the planeswalker or
  battle it is attacking (506.2, 508.1b); in a two-player game, during combat, the nonactive player (506.2).
* rampage (702.23a-b): +N/+N until end of turn for each creature blocking it beyond the first, counted as the
  ability resolves;
* ingest (702.115a): the damaged player exiles the top card of their library.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Final

import numpy as np

from components.abilities import (
    GROUP,
    SELF,
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
from components.combat_keywords import (
    BackupCounters,
    CreateAttackingTokens,
    ExileTopOfLibrary,
    LivingWeapon,
    MeleeBonus,
    RampageBonus,
    Renown,
)
from components.designations import Renowned
from components.objects import Step, Zone
from content import registry

if TYPE_CHECKING:
    from components.card import CardDef
    from ecs.game import Game
    from systems.effects import EffectContext


DEFENDING = PlayerRef("defending")
CREATURE = int(CardType.CREATURE)


def afflict(n: int) -> TriggeredAbility:
    return TriggeredAbility(f"Afflict {n}", TriggerCondition(TriggerKind.BECOMES_BLOCKED), (),
                            (LoseLife(n, DEFENDING),))


def annihilator(n: int) -> TriggeredAbility:
    return TriggeredAbility(f"Annihilator {n}", TriggerCondition(TriggerKind.ATTACKS), (),
                            (Sacrifice(player=DEFENDING, filter=PermanentFilter(), amount=n),))


def rampage_ability(n: int) -> TriggeredAbility:
    return TriggeredAbility(f"Rampage {n}", TriggerCondition(TriggerKind.BECOMES_BLOCKED), (),
                            (RampageBonus(n),))


def soulshift(n: int) -> TriggeredAbility:
    spirit = PermanentFilter(subtypes_any=("Spirit",), controller="you", mana_value_at_most=n)
    return TriggeredAbility(f"Soulshift {n}", TriggerCondition(TriggerKind.PUT_INTO_GRAVEYARD), (
        TargetSpec(TargetKind.CARD_IN_GRAVEYARD, spirit),), (MoveObject(0, "hand"),), optional=True)


def renown_ability(n: int) -> TriggeredAbility:
    return TriggeredAbility(f"Renown {n}", TriggerCondition(TriggerKind.DEALS_COMBAT_DAMAGE_TO_PLAYER), (),
                            (Renown(n),), condition=Condition("source_renowned", negate=True))


BATTLE_CRY = TriggeredAbility("Battle cry", TriggerCondition(TriggerKind.ATTACKS), (), (ModifyPowerToughness(
    1, 0, GROUP, Group(PermanentFilter(types_any=CREATURE, combat="attacking", exclude_source=True))),))
INGEST = TriggeredAbility("Ingest", TriggerCondition(TriggerKind.DEALS_COMBAT_DAMAGE_TO_PLAYER), (),
                          (ExileTopOfLibrary(),))

MELEE = TriggeredAbility("Melee", TriggerCondition(TriggerKind.ATTACKS), (), (MeleeBonus(),))


def _germ() -> CardDef:
    from content.oracle.tokens import creature_token

    return creature_token(0, 0, "black", "phyrexian germ", "creature", None)[0]


def living_weapon_ability() -> TriggeredAbility:
    return TriggeredAbility("Living weapon", TriggerCondition(TriggerKind.ENTERS), (),
                            (LivingWeapon(_germ()),))


MENTOR = TriggeredAbility("Mentor", TriggerCondition(TriggerKind.ATTACKS), (TargetSpec(TargetKind.CREATURE, PermanentFilter(
    types_any=CREATURE, combat="attacking", power_less_than_source=True)),), (PutCounters("+1/+1", 1, 0),))


# keyword -> builder taking N
NUMBERED: dict[str, Callable[[int], TriggeredAbility]] = {
    "afflict": afflict, "annihilator": annihilator, "rampage": rampage_ability, "soulshift": soulshift, "renown": renown_ability}
PLAIN: dict[str, TriggeredAbility] = {"battle cry": BATTLE_CRY, "ingest": INGEST, "melee": MELEE, "mentor": MENTOR}

_LINE = re.compile(r"(?P<kw>afflict|annihilator|rampage|soulshift|renown) (?P<n>\d+)")


def read(line: str, raw: str, name: str, types: CardType) -> Ability | None:
    low = line.strip().rstrip(".").lower()
    if low == "living weapon" and int(types) & CardType.ARTIFACT:
        return living_weapon_ability()  # an Equipment's ability (702.92a)
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
    if a == living_weapon_ability():
        return "Living weapon"
    n = _n_of(a)
    if n is None:
        return None
    for word, build in NUMBERED.items():
        if build(n) == a:
            return f"{word.capitalize()} {n}"
    return None


registry.reader(read, priority=410)
registry.renderer(render, priority=370)


_ATTACKING_KINDS = (TriggerKind.ATTACKS, TriggerKind.ATTACKS_UNBLOCKED, TriggerKind.BECOMES_BLOCKED)


# The field names of each class met in an ability's data (none: not a dataclass), for the walks below: asked of
# every object of every line compiled, where ``dataclasses.is_dataclass`` and ``fields`` are Python calls each time.
_FIELD_NAMES: Final[dict[type, tuple[str, ...]]] = {}


def _field_names(obj: object) -> tuple[str, ...]:
    """The names of the fields of a dataclass instance, in order; () for anything else (a class among them)."""
    cls = type(obj)
    names = _FIELD_NAMES.get(cls)
    if names is None:
        names = _FIELD_NAMES[cls] = (tuple(f.name for f in dataclasses.fields(cls))
                                     if dataclasses.is_dataclass(cls) else ())
    return names


def _defending_filters(obj: object, parent: object = None) -> list[tuple[object, object]]:
    """(holder, filter) for every filter naming "defending player controls" inside an ability's data."""
    if isinstance(obj, PermanentFilter):
        return [(parent, obj)] if obj.controller == "defending" else []
    if isinstance(obj, tuple | list):
        return [x for item in obj for x in _defending_filters(item, parent)]
    return [x for name in _field_names(obj) for x in _defending_filters(getattr(obj, name), obj)]


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
    if isinstance(obj, PermanentFilter):
        return [parent] if test(obj) else []
    if isinstance(obj, tuple | list):
        return [x for item in obj for x in _holders(item, parent, test)]
    return [x for name in _field_names(obj) for x in _holders(getattr(obj, name), obj, test)]


@registry.hook("compile.line_problem")
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
            if isinstance(holder, TargetSpec) and attack and isinstance(a, TriggeredAbility) \
                    and a.trigger.subject in ("self", "attached"):
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
    from components.combat_keywords import CreateAttackingTokens

    if isinstance(obj, CreateAttackingTokens):
        return True
    if isinstance(obj, tuple | list):
        return any(_creates_attacking_tokens(x) for x in obj)
    if isinstance(obj, PermanentFilter):
        return False
    return any(_creates_attacking_tokens(getattr(obj, name)) for name in _field_names(obj))


# ---------------------------------------------------------------- rules


COMBAT_STEPS = frozenset({Step.BEGINNING_OF_COMBAT, Step.DECLARE_ATTACKERS, Step.DECLARE_BLOCKERS,
                          Step.COMBAT_DAMAGE, Step.END_OF_COMBAT})


def _defending_of(game: Game, objects: list[int]) -> int | None:
    """The player the first of ``objects`` that is (or was, this combat) an attacking creature is attacking;
    in a two-player game, during combat, the nonactive player (506.2); otherwise None."""
    from systems.combat import _defending_player_of

    combat = game.combat
    for obj in objects:
        if obj < 0:
            continue
        if obj in combat.attackers:
            p = _defending_player_of(game, obj)
            return p if p >= 0 else None
        if combat.att is not None and combat.att_player is not None:
            hits = (combat.att == obj).nonzero()[0]
            if len(hits):
                return int(combat.att_player[hits[0]])  # removed from combat since: who it was attacking
    alive = [p for p in range(game.num_players) if not game.player_states[p].lost]
    if game.step in COMBAT_STEPS and len(alive) == 2 and game.active in alive:
        return next(p for p in alive if p != game.active)  # 506.2: two players: the nonactive one
    return None


def _with_host(game: Game, obj: int) -> list[int]:
    """The object, then the creature it is attached to ("Whenever equipped creature attacks")."""
    row = game.table.row_of.get(obj)
    host = int(game.table.attached_to[row]) if row is not None else -1
    return [obj, host] if host >= 0 else [obj]


def defending_player(game: Game, ctx: EffectContext) -> int | None:
    """The defending player for an ability of (or about) an attacking creature (CR 506.2)."""
    return _defending_of(game, [*_with_host(game, ctx.self_object), ctx.event_object])


def defending_player_of_source(game: Game, source: int) -> int:
    """For "target creature defending player controls": the defending player for the attacking creature the
    ability's source is, or is attached to (systems/mechanics/combat_triggers.py allows no other sources); -1 if
    there is none (no permanent matches then)."""
    p = _defending_of(game, _with_host(game, source))
    return -1 if p is None else p


@registry.executor(RampageBonus)
def rampage(game: Game, e: RampageBonus, ctx: EffectContext) -> None:
    from systems.effects import run_effect

    source = ctx.self_object
    beyond = len(game.combat.blocked.get(source, ())) - 1
    if beyond > 0 and source in game.table.row_of:
        run_effect(game, ModifyPowerToughness(e.amount * beyond, e.amount * beyond, SELF), ctx)


@registry.executor(ExileTopOfLibrary)
def ingest(game: Game, e: ExileTopOfLibrary, ctx: EffectContext) -> None:
    from systems.zones import move

    player = game.player_of_entity.get(ctx.event_object)
    if player is None or game.player_states[player].lost:
        return
    library = game.zones[player][Zone.LIBRARY]
    if library:
        card = library[0]
        game.say(f"{game.player_states[player].name} exiles {game.name(card)} from the top of their library")
        move(game, card, Zone.EXILE)


@registry.executor(BackupCounters)
def backup(game: Game, e: BackupCounters, ctx: EffectContext) -> None:
    """702.165a: the counters, then the abilities printed below backup until end of turn if it's another creature."""
    from components.abilities import ContinuousPart, Layer
    from systems.counters import add_counters
    from systems.layers import add_effect, effect_from_part

    target = ctx.target(0)
    if target is None or target not in game.table.row_of:
        return
    add_counters(game, target, "+1/+1", e.amount)
    game.say(f"{game.name(target)} gets {e.amount} +1/+1 counter{'s' if e.amount != 1 else ''}")
    if target == ctx.self_object or not e.grants:
        return
    game.effect_groups += 1
    add_effect(game, effect_from_part(
        ContinuousPart(Layer.ABILITY, abilities_add=e.grants), timestamp=game.new_timestamp(), source=ctx.source,
        controller=ctx.controller, until_end_of_turn=True, from_static=False, fixed=(target,),
        group=game.effect_groups))


@registry.condition("source_renowned")
def renowned(game: Game, cond: Condition, controller: int, source: int, event_object: int) -> bool:
    """702.112b: renowned until it leaves the battlefield (a new object after a zone change, 400.7)."""
    return source in game.table.row_of and game.world.has(source, Renowned)


@registry.executor(Renown)
def renown(game: Game, e: Renown, ctx: EffectContext) -> None:
    from systems.counters import add_counters

    source = ctx.self_object
    if source < 0 or source not in game.table.row_of:
        return
    add_counters(game, source, "+1/+1", e.amount)
    game.world.add(source, Renowned())  # 702.112b: a designation of this object (400.7)
    game.say(f"{game.name(source)} gets {e.amount} +1/+1 counter{'s' if e.amount != 1 else ''} and becomes renowned")


@registry.executor(MeleeBonus)
def melee(game: Game, e: MeleeBonus, ctx: EffectContext) -> None:
    """702.121a: the opponents attacked this combat were recorded as attackers were declared (systems/combat.py)."""
    from systems.effects import run_effect

    attacked = game.turn_log.this.get("attacked_players") or set()
    n = sum(1 for p in attacked if p != ctx.controller)
    if n and ctx.self_object in game.table.row_of:
        run_effect(game, ModifyPowerToughness(n, n, SELF), ctx)


@registry.executor(LivingWeapon)
def living_weapon(game: Game, e: LivingWeapon, ctx: EffectContext) -> None:
    """702.92a: the Germ is created even if the Equipment has left; it is attached only if still there (701.3)."""
    from systems.effects import run_effect
    from systems.zones import create_token

    token = e.token
    assert token is not None  # (living weapon's and For Mirrodin!'s ability is made with its token)
    germ = create_token(game, token, ctx.controller)
    equipment = ctx.self_object
    if equipment in game.table.row_of and germ in game.table.row_of:
        from components.abilities import Attach
        from systems.effects import EffectContext

        attach_ctx = EffectContext(ctx.source, ctx.source_name, ctx.source_keywords, ctx.controller, equipment,
                                   (germ,), (True,))
        run_effect(game, Attach(0), attach_ctx)


def source_power(game: Game, source: int) -> int:
    """The power of an ability's source now, or as it last existed on the battlefield (608.2h); with no source,
    one no creature's power is less than."""
    if source in game.table.row_of:
        game.refresh_layers()
        return int(game.table.get(source, "power"))
    lki = game.lki.get(source)
    return int(lki["power"]) if lki is not None and "power" in lki else -(1 << 30)


@registry.executor(CreateAttackingTokens)
def attacking_tokens(game: Game, e: CreateAttackingTokens, ctx: EffectContext) -> None:
    """508.4: each token enters attacking a defending player, or a planeswalker a defending player controls, that
    its controller chooses (asked before anything is created). Only read in abilities that resolve as attackers have
    been declared and before blockers are (content/oracle/attacking_tokens.py), so the declaration is still open."""
    import dataclasses

    from components.abilities import EVENT_OBJECT, Delayed, Sacrifice
    from components.card import CardDef
    from components.characteristics import CardType
    from ecs.actions import ChoosePlayer, DecisionKind
    from systems.delayed import create as create_delayed
    from systems.resolution import ask
    from systems.zones import create_token

    player = ctx.controller
    combat = game.combat
    defenders: list[int] = []
    if game.step in COMBAT_STEPS and combat.att is None and combat.attackers:
        t = game.table
        players = sorted({game.player_of_entity[d] if d in game.player_of_entity else int(t.get(d, "controller"))
                          for d in combat.attackers.values() if d in game.player_of_entity or d in t.row_of})
        players = [p for p in players if p != player and not game.player_states[p].lost]
        pws = [int(x) for x in t.entity[: t.n][((t.types[: t.n] & int(CardType.PLANESWALKER)) != 0)
                                                & np.isin(t.controller[: t.n], players)].tolist()]
        defenders = [game.players[p] for p in players] + pws
    from systems.oracle_effects import amount

    n = amount(game, ctx, e.amount, e.dynamic)
    choices: list[int] = []
    for _ in range(n):
        if len(defenders) > 1:
            pick = ask(game, player, DecisionKind.CHOOSE_PLAYER, [ChoosePlayer(d) for d in defenders])
            assert isinstance(pick, ChoosePlayer)
            choices.append(pick.player)
        else:
            choices.append(defenders[0] if defenders else -1)
    assert isinstance(e.token, CardDef)
    for defender in choices:
        token = create_token(game, e.token, player, tapped=True)
        if defender >= 0 and token in game.table.row_of:
            combat.attackers[token] = defender  # 508.4: attacking, but never declared as an attacker
            game.say(f"{game.name(token)} enters attacking {game.name(defender)}")
        if e.sacrifice_at_end:
            # mobilize: "Sacrifice them at the beginning of the next end step" (603.7a: one delayed ability each)
            create_delayed(game, Delayed((Sacrifice(EVENT_OBJECT),), int(Step.END), ref=EVENT_OBJECT),
                           dataclasses.replace(ctx, event_object=token))
    game.table.mark_changed(sba=False)

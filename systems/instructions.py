"""Executors of components/instructions.py: prevention (CR 615, 609.7a), graveyard exile, flicker (400.7), copying spells (707.10), switching power
and toughness (613.4d), die rolls (706), extra turns (500.7), the monarch (724), life totals becoming N (119.5),
"can't be regenerated" (701.15c), proliferate / explore / connive (701.34, 701.40, 701.47), "where X is"
(107.3c, 107.3m), reflexive "when you do" (603.12), payments (118.12), choices made on resolution (608.2d)
and the mana forms of 106.1a / 602.5b.

Registered in systems/oracle_effects.py (``EXECUTORS``). Choices go through systems/resolution.py ``ask``:
every executor asks all its questions before it changes anything (a step is replayed once answered).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from components.abilities import ApplyContinuous, ContinuousPart, Effect, Layer
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
    FireReflexive,
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
from components.objects import Zone

if TYPE_CHECKING:
    from components.card import CardDef
    from ecs.game import Game
    from systems.effects import EffectContext


def _prevent(game: Game, e: Prevent, ctx: EffectContext) -> None:
    """CR 615.1a: a prevention effect made by a resolving spell or ability, lasting this turn (514.2);
    615.7: "the next N damage" is a shield used up as it prevents."""
    from systems.oracle_effects import amount, obj
    from systems.prevention import PreventionEffect, add_prevention

    target: int | None = None
    if e.target is not None:
        target = obj(game, ctx, e.target)
        if target is None:
            return  # an illegal target (608.2b) or an object gone: nothing to prevent for
    remaining = None
    if e.amount is not None or e.dynamic is not None:
        remaining = amount(game, ctx, e.amount or 0, e.dynamic)
        if remaining <= 0:
            return
    name = game.name(target) if target is not None and target in game.table.row_of else "anything"
    if e.to_and_by:
        for by in (False, True):
            add_prevention(game, PreventionEffect(
                text=ctx.source_name, combat_only=e.combat_only, to=None if by else target, by=target if by else None,
                turn=game.turn))
        game.say(f"{'combat ' if e.combat_only else ''}damage to and by {name} this turn will be prevented")
        return
    add_prevention(game, PreventionEffect(
        text=ctx.source_name, combat_only=e.combat_only, to=None if e.by else target, by=target if e.by else None,
        to_players=e.to_players, remaining=remaining, turn=game.turn))
    what = "all" if remaining is None else f"the next {remaining}"
    game.say(f"{what} {'combat ' if e.combat_only else ''}damage {'dealt by' if e.by else 'dealt to'} "
             f"{'players' if e.to_players else name} this turn will be prevented")


def _exile_graveyard(game: Game, e: ExileGraveyard, ctx: EffectContext) -> None:
    """Each card in the player's graveyard is exiled (CR 406.3); each becomes a new object (400.7)."""
    from systems.oracle_effects import players
    from systems.zones import move

    for p in players(game, ctx, e.player):
        cards = list(game.zones[p][Zone.GRAVEYARD])
        for card in cards:
            move(game, card, Zone.EXILE)
        game.say(f"{game.player_states[p].name}'s graveyard is exiled ({len(cards)} cards)")


def _switch(game: Game, e: SwitchPowerToughness, ctx: EffectContext) -> None:
    """CR 613.4d: layer 7d, applied after all other P/T effects; locked in as it resolves (611.2c)."""
    from systems.oracle_effects import run

    run(game, ApplyContinuous(e.target, (ContinuousPart(Layer.PT_SWITCH),), True, e.group), ctx)


def _roll(game: Game, e: RollDie, ctx: EffectContext) -> None:
    """CR 706.1-2: a random result from 1 to the number of sides, from the game's seeded generator; it is
    what "the result" means for the rest of this resolution."""
    result = int(game.rng.integers(1, e.sides + 1))
    if game.resolution is not None:
        game.resolution.die_result = result
    game.say(f"{game.player_states[ctx.controller].name} rolls a {e.sides}-sided die: {result}")


def _extra_turn(game: Game, e: ExtraTurn, ctx: EffectContext) -> None:
    """CR 500.7: the player takes an extra turn after this one; several extra turns created during a turn are
    taken in the reverse order of their creation (the last one created comes first)."""
    from systems.oracle_effects import players

    for p in players(game, ctx, e.player):
        game.extra_turns.append(p)
        game.say(f"{game.player_states[p].name} will take an extra turn after this one")


def next_turn_player(game: Game) -> int:
    """Who takes the next turn (systems/turn.py): the latest extra turn created (500.7), else the next player
    in turn order (500.1)."""
    if game.extra_turns:
        return game.extra_turns.pop()
    return (game.active + 1) % game.num_players


def _cant_regenerate(game: Game, e: CantBeRegenerated, ctx: EffectContext) -> None:
    """CR 701.15c: regeneration shields can't replace the permanent's destruction this turn (the set lives
    in ``game.turn_log.this``, which starts over with each turn)."""
    from systems.oracle_effects import objects

    for ent in objects(game, ctx, e.target, e.group):
        if ent in game.table.row_of:
            game.turn_log.this.setdefault("cant_regenerate", set()).add(ent)
            game.say(f"{game.name(ent)} can't be regenerated this turn")


def cant_regenerate(game: Game) -> set[int]:
    """The permanents that can't be regenerated this turn (701.15c); empty almost always."""
    return game.turn_log.this.get("cant_regenerate") or set()


def _proliferate(game: Game, e: Proliferate, ctx: EffectContext) -> None:
    """CR 701.34a: the controller chooses any number of permanents and/or players that have a counter (one
    at a time, ``ChooseCard`` of the object or player entity; -1 ends the choice), then each chosen one gets
    one more counter of each kind it already has."""
    from components.objects import Counter
    from ecs.actions import ChooseCard, DecisionKind
    from systems.counters import add_counters
    from systems.resolution import ask

    kinds: dict[int, list[str]] = {}
    for (ent, kind), cent in list(game.counters.items()):
        if ent in game.table.row_of and game.world.exists(cent) and game.world.get(cent, Counter).count > 0:
            kinds.setdefault(ent, []).append(kind)
    for p, state in enumerate(game.player_states):
        if state.lost:
            continue
        player_kinds = [k for k, n in (("poison", state.poison), ("energy", state.energy)) if n > 0]
        if player_kinds:
            kinds[game.players[p]] = player_kinds
    chosen: list[int] = []
    left = sorted(kinds)
    while left:
        answer = ask(game, ctx.controller, DecisionKind.PICK_CARD,
                     [ChooseCard(x) for x in left] + [ChooseCard(-1)])
        assert isinstance(answer, ChooseCard)
        if answer.card < 0:
            break
        chosen.append(answer.card)
        left.remove(answer.card)
    for x in chosen:
        player = game.player_of_entity.get(x)  # None: a permanent
        for kind in sorted(kinds[x]):
            if player is not None:
                state = game.player_states[player]
                setattr(state, kind, getattr(state, kind) + 1)
                if kind == "poison":
                    game.table.mark_players_changed()  # 704.5c (systems/state_based._quiet_rows reads it)
            else:
                add_counters(game, x, kind, 1)
        game.say(f"{game.name(x) if player is None else game.player_states[player].name} proliferates")
    if e.times > 1:
        from systems.oracle_effects import then

        then(game, (Proliferate(e.times - 1),), ctx)  # "then proliferate again": its own step, its own choices


def _where_x(game: Game, e: WhereX, ctx: EffectContext) -> None:
    """CR 107.3c, 608.2h: X is the number the text defines, found now; the instructions follow with it."""
    from dataclasses import replace

    from systems.oracle_effects import amount, then

    then(game, e.effects, replace(ctx, x=amount(game, ctx, 0, e.count)))


def _tap_or_untap(game: Game, e: TapOrUntap, ctx: EffectContext) -> None:
    """The ability's controller chooses tap (yes) or untap (no) as it resolves (608.2d)."""
    from ecs.actions import Choose, DecisionKind
    from systems.oracle_effects import obj, run
    from systems.resolution import ask

    if obj(game, ctx, e.target) is None:
        return  # an illegal target (608.2b)
    answer = ask(game, ctx.controller, DecisionKind.MAY, [Choose(True), Choose(False)])
    assert isinstance(answer, Choose)
    from components.abilities import Tap

    run(game, Tap(e.target, untap=not answer.yes), ctx)


def _return_chosen(game: Game, e: ReturnChosen, ctx: EffectContext) -> None:
    """The player chooses a permanent they control that fits (608.2d) and returns it to its owner's hand; with
    ``unless``, they may decline (or have none), and then the ``unless`` instructions happen instead."""
    from ecs.actions import Choose, ChooseCard, DecisionKind
    from systems.oracle_effects import permanents, players, then
    from systems.resolution import ask
    from systems.zones import move

    for p in players(game, ctx, e.player):
        own = [x for x in permanents(game, e.filter, p, ctx.self_object)
               if int(game.table.get(x, "controller")) == p]
        if e.unless:
            if own:
                answer = ask(game, p, DecisionKind.MAY, [Choose(True), Choose(False)])
                assert isinstance(answer, Choose)
                if not answer.yes:
                    own = []
            if not own:
                then(game, e.unless, ctx)  # 608.2c: "unless": they didn't return one
                return
        if not own:
            continue
        pick = ask(game, p, DecisionKind.PICK_CARD, [ChooseCard(x) for x in own])
        assert isinstance(pick, ChooseCard)
        game.say(f"{game.name(pick.card)} returns to its owner's hand")
        move(game, pick.card, Zone.HAND)


def _when_you_do(game: Game, e: WhenYouDo, ctx: EffectContext) -> None:
    """CR 603.12: pay (or do) first; only if it was done, the reflexive ability triggers (the next step)."""
    from components.abilities import YOU, MayEffect, PayOrNot
    from systems.oracle_effects import run

    fire = (FireReflexive(e.ability),)
    if e.cost is not None:
        run(game, PayOrNot(e.cost, fire, YOU, False), ctx)  # "you may pay {1}": paid -> fire
    elif _can_do_all(game, e.first, ctx):
        run(game, MayEffect(e.first, fire), ctx)  # "you may exile ~": done -> fire (608.2c "if you do")


def _can_do_all(game: Game, effects: tuple[object, ...], ctx: EffectContext) -> bool:
    """Could the player do all of these now? If not, they can't choose to (and nothing triggers, 603.12)."""
    from components.abilities import MoveObject
    from components.objects import InZone
    from systems.oracle_effects import _can_do, obj, permanents, players

    for effect in effects:
        if isinstance(effect, ReturnChosen):
            for p in players(game, ctx, effect.player):
                if not any(int(game.table.get(x, "controller")) == p
                           for x in permanents(game, effect.filter, p, ctx.self_object)):
                    return False
        elif isinstance(effect, MoveObject) and effect.group is None:
            ent = obj(game, ctx, effect.target)
            if ent is None or not game.world.exists(ent) or game.world.try_get(ent, InZone) is None:
                return False
        elif not _can_do(game, effect, ctx):
            return False
    return True


def _fire_reflexive(game: Game, e: FireReflexive, ctx: EffectContext) -> None:
    """The reflexive ability waits like any triggered ability until a player would receive priority, and its
    targets are chosen as it is put on the stack (603.3, 603.12)."""
    import dataclasses

    from components.objects import PendingTrigger
    from systems.delayed import _source_card

    card = _source_card(game, ctx)
    if card is None:
        return
    game.trigger_uid += 1
    source = ctx.self_object if ctx.self_object >= 0 else ctx.source
    game.waiting_triggers.append(PendingTrigger(game.trigger_uid, source, dataclasses.replace(card, abilities=(e.ability,)),
                                                0, ctx.controller, ctx.event_object, ctx.event_amount))
    game.say(f"{card.name}'s reflexive ability triggers")


_PROTECTION = {"W": 1 << 24, "U": 1 << 25, "B": 1 << 26, "R": 1 << 27, "G": 1 << 28}  # components.keywords


def _protection_of_choice(game: Game, e: ProtectionOfChoice, ctx: EffectContext) -> None:
    """The color is chosen as it resolves (608.2d), then protection from it until end of turn (702.16a)."""
    from ecs.actions import ChooseColor, DecisionKind
    from systems.oracle_effects import objects, run
    from systems.resolution import ask

    if not objects(game, ctx, e.target, e.group):
        return  # an illegal target (608.2b): no choice to make
    answer = ask(game, ctx.controller, DecisionKind.CHOOSE_COLOR, [ChooseColor(c) for c in "WUBRG"])
    assert isinstance(answer, ChooseColor)
    part = ContinuousPart(Layer.ABILITY, keywords_add=_PROTECTION[answer.color])
    run(game, ApplyContinuous(e.target, (part,), True, e.group), ctx)


def _prevent_next_from_source(game: Game, e: PreventNextFromSource, ctx: EffectContext) -> None:
    """CR 609.7a: the source is chosen as it resolves (a permanent, or a spell on the stack, with the quality);
    615.7: the next time it would deal damage to the recipient this turn, that damage is prevented."""
    from components.abilities import PermanentFilter
    from components.objects import CardObject
    from ecs.actions import ChooseCard, DecisionKind
    from systems.oracle_effects import card_matches, obj, permanents
    from systems.prevention import PreventionEffect, add_prevention
    from systems.resolution import ask

    to: int | None = None
    if e.to == "you":
        to = game.players[ctx.controller]
    elif e.to.isdigit():
        to = obj(game, ctx, int(e.to))
        if to is None:
            return  # an illegal target (608.2b)
    f = e.quality if isinstance(e.quality, PermanentFilter) else PermanentFilter()
    options = list(permanents(game, f, ctx.controller))
    for ent in game.stack:
        co = game.world.try_get(ent, CardObject)
        if co is not None and card_matches(co.card, f):
            options.append(ent)  # a spell is a source too (609.7a)
    if not options:
        return
    answer = ask(game, ctx.controller, DecisionKind.PICK_CARD, [ChooseCard(x) for x in options])
    assert isinstance(answer, ChooseCard)
    add_prevention(game, PreventionEffect(text=ctx.source_name, to=to, by=answer.card, turn=game.turn, once=True))
    game.say(f"the next damage {game.name(answer.card)} would deal this turn"
             f"{' to ' + game.name(to) if to is not None else ''} will be prevented")


def _unless_pays_per(game: Game, e: UnlessPaysPer, ctx: EffectContext) -> None:
    """CR 118.12: the cost is {N} times the number as it resolves; then as "unless [a player] pays {N}"."""
    from components.abilities import PayOrNot
    from content.mana import parse_mana_cost
    from systems.oracle_effects import amount, run

    n = e.per * amount(game, ctx, 0, e.count)
    run(game, PayOrNot(parse_mana_cost(f"{{{n}}}"), e.effects, e.payer, True), ctx)


def _flicker(game: Game, e: Flicker, ctx: EffectContext) -> None:
    """Exile it, then return that card to the battlefield under its owner's control (a new object, 400.7; a
    token stays in exile, 111.8); later parts of the effect find the new permanent (400.7j)."""
    from components.objects import CardObject, InZone
    from systems.oracle_effects import obj
    from systems.zones import move

    ent = obj(game, ctx, e.target)
    if ent is None or ent not in game.table.row_of:
        return
    owner = game.world.get(ent, CardObject).owner
    name = game.name(ent)
    exiled = move(game, ent, Zone.EXILE)
    where = game.world.try_get(exiled, InZone) if game.world.exists(exiled) else None
    co = game.world.try_get(exiled, CardObject) if where is not None else None
    if where is None or where.zone != Zone.EXILE or co is None or co.is_token:
        game.say(f"{name} is exiled")
        return
    back = move(game, exiled, Zone.BATTLEFIELD, controller=owner)
    game.entered_as[ent] = back
    if e.tapped and back in game.table.row_of:
        game.table.tap(back)
    game.say(f"{name} is exiled and returns to the battlefield")


def _target_players_permanents(game: Game, e: TargetPlayersPermanents, ctx: EffectContext) -> None:
    """The effects, written for "... you control", followed for the permanents the target player controls (the
    only "you" they read is their groups' controller, 608.2c); nothing if that player is an illegal target."""
    from dataclasses import replace

    from systems.oracle_effects import players, then

    for p in players(game, ctx, e.player):
        then(game, e.effects, replace(ctx, controller=p))


def _discard_unless(game: Game, e: DiscardUnless, ctx: EffectContext) -> None:
    """CR 608.2c: the player chooses: discard one card that fits (if they have one), or else ``amount`` cards
    (701.9b: the one discarding chooses which)."""
    from components.abilities import Discard
    from ecs.actions import Choose, DecisionKind
    from ecs.actions import Discard as DiscardAction
    from systems.oracle_effects import card_matches, run
    from systems.resolution import ask
    from systems.zones import discard

    p = ctx.controller
    fits = [c for c in game.zones[p][Zone.HAND] if card_matches(game.card(c), e.filter)]
    if fits:
        answer = ask(game, p, DecisionKind.MAY, [Choose(True), Choose(False)])  # yes: discard one that fits
        assert isinstance(answer, Choose)
        if answer.yes:
            pick = ask(game, p, DecisionKind.DISCARD, [DiscardAction(c) for c in fits])
            assert isinstance(pick, DiscardAction)
            discard(game, p, pick.card)
            return
    run(game, Discard(e.amount), ctx)


def _tokens_for_each(game: Game, e: TokensForEach, ctx: EffectContext) -> None:
    from systems.oracle_effects import run

    run(game, e.create, ctx)  # CreateToken with the number as its dynamic amount (608.2h)


def _they_pay(game: Game, e: TheyPay, ctx: EffectContext) -> None:
    from systems.oracle_effects import run

    run(game, e.pay, ctx)  # "unless [that player] pays" (118.12)


def _set_life(game: Game, e: SetLife, ctx: EffectContext) -> None:
    """CR 119.5: the player gains or loses the amount needed for their life total to become the number (for
    "each player's ... the number of creatures they control", each player's own number)."""
    from dataclasses import replace

    from components.abilities import YOU, LoseLife
    from systems.effects import gain_life
    from systems.oracle_effects import count_value, players, run

    for p in players(game, ctx, e.player):
        target = e.amount if e.dynamic is None else count_value(game, e.dynamic, p, ctx) * e.dynamic.multiplier
        delta = target - game.player_states[p].life
        if delta > 0:
            gain_life(game, p, delta)
        elif delta < 0:
            run(game, LoseLife(-delta, YOU), replace(ctx, controller=p))


def _if_rolled(game: Game, e: IfRolled, ctx: EffectContext) -> None:
    """CR 706.2: the result of the die rolled earlier in this resolution decides."""
    from systems.oracle_effects import then

    result = game.resolution.die_result if game.resolution is not None else 0
    if e.low <= result <= e.high:
        then(game, e.effects, ctx)


def _copy_spell(game: Game, e: CopySpell, ctx: EffectContext) -> None:
    """CR 707.10: a copy of the target spell goes on the stack, controlled by this effect's controller, with the
    spell's modes, X and costs; 707.10c: its controller may choose new targets (asked before it is made)."""
    from components.objects import CardObject, InZone, StackItem
    from ecs.actions import ChooseTargets, DecisionKind
    from systems.casting import spell_ability, spell_targets
    from systems.mechanics.storm import _copy_targets
    from systems.resolution import ask

    spell = ctx.target(e.target)
    if spell is None or spell not in game.stack:
        return  # an illegal target (608.2b)
    item = game.world.get(spell, StackItem)
    card = game.card(spell)
    player = ctx.controller
    ability = spell_ability(card)
    if ability is not None and ability.modes:
        specs = tuple(s for m in item.modes for s in ability.modes[m].targets)
    else:
        specs = spell_targets(card)
    targets = item.targets
    if specs and e.new_targets:
        options = [ChooseTargets(c) for c in _copy_targets(game, specs, player, spell, item.targets)]
        answer = ask(game, player, DecisionKind.COPY_TARGETS, options)
        assert isinstance(answer, ChooseTargets)
        targets = answer.targets
    printed = game.obj(spell).printed if game.world.has(spell, CardObject) else None
    copy = game.world.create(CardObject(card, player, False, True, printed), InZone(Zone.STACK, player),
                             StackItem(player, targets, item.x, item.modes, item.cost))
    game.stack.append(copy)
    on = f" targeting {', '.join(game.name(t) for t in targets)}" if targets else ""
    game.say(f"{game.player_states[player].name} puts a copy of {card.name} on the stack{on}")


def _exile_this_spell(game: Game, e: ExileThisSpell, ctx: EffectContext) -> None:
    """The resolving spell's card is exiled now; off the stack, it isn't put into a graveyard after (608.2n)."""
    from systems.zones import move

    res = game.resolution
    if res is None or res.ent not in game.stack:
        return
    name = game.name(res.ent)
    move(game, res.ent, Zone.EXILE)
    game.say(f"{name} is exiled")


def _become_monarch(game: Game, e: BecomeMonarch, ctx: EffectContext) -> None:
    from systems.oracle_effects import players

    for p in players(game, ctx, e.player)[:1]:
        become_monarch(game, p)


def become_monarch(game: Game, player: int) -> None:
    """CR 724.3: only one player can be the monarch; becoming it takes it from the one who was."""
    if game.monarch != player:
        game.monarch = player
        game.say(f"{game.player_states[player].name} becomes the monarch")


_MONARCH_CARDS: dict[str, CardDef] = {}


def _monarch_card(kind: str) -> CardDef:
    """A card-like source for the monarch's inherent triggered abilities (724.2: they have no source)."""
    if kind not in _MONARCH_CARDS:
        from components.abilities import (
            EVENT_OBJECT,
            DrawCards,
            PlayerRef,
            TriggerCondition,
            TriggeredAbility,
        )
        from components.abilities import TriggerKind as TK
        from components.card import CardDef
        from components.characteristics import Color, ManaCost, TypeLine

        if kind == "draw":
            ability = TriggeredAbility("At the beginning of the monarch's end step, that player draws a card.",
                                       TriggerCondition(TK.BEGINNING_OF_STEP), (), (DrawCards(1),))
        else:
            ability = TriggeredAbility("Whenever a creature deals combat damage to the monarch, its controller "
                                       "becomes the monarch.", TriggerCondition(TK.BEGINNING_OF_STEP), (),
                                       (BecomeMonarch(PlayerRef("controller_of", EVENT_OBJECT)),))
        _MONARCH_CARDS[kind] = CardDef("The Monarch", ManaCost((), False), Color(0), TypeLine(), None, None, None, "",
                                       (ability,), 0)
    return _MONARCH_CARDS[kind]


def monarch_end_step(game: Game) -> None:
    """CR 724.2a: at the beginning of the monarch's end step, that player draws a card (a triggered ability
    controlled by the monarch)."""
    from components.objects import PendingTrigger

    if game.monarch < 0 or game.monarch != game.active:
        return
    game.trigger_uid += 1
    game.waiting_triggers.append(PendingTrigger(game.trigger_uid, game.players[game.monarch],
                                                _monarch_card("draw"), 0, game.monarch))


def monarch_combat_damage(game: Game, sources: list[int]) -> None:
    """CR 724.2b: whenever a creature deals combat damage to the monarch, its controller becomes the monarch (one
    trigger per creature, controlled by the monarch)."""
    from components.objects import PendingTrigger

    for src in sources:
        game.trigger_uid += 1
        game.waiting_triggers.append(PendingTrigger(game.trigger_uid, game.players[game.monarch],
                                                    _monarch_card("steal"), 0, game.monarch, src))


def _look_x(game: Game, e: LookX, ctx: EffectContext) -> None:
    """Scry X / surveil X with the X its WhereX found (701.22a, 701.25a; 0: nothing happens)."""
    from components.abilities import Scry, Surveil
    from systems.oracle_effects import run

    if ctx.x > 0:
        run(game, (Scry if e.kind == "scry" else Surveil)(ctx.x), ctx)


def _actor(game: Game, ctx: EffectContext, index: int) -> tuple[int | None, int]:
    """The permanent told to explore / connive (None if it has left the battlefield) and its controller, from
    last known information if it left (701.40c, 701.47c)."""
    from systems.oracle_effects import obj

    ent = obj(game, ctx, index)
    if ent is not None and ent in game.table.row_of:
        game.refresh_layers()
        return ent, int(game.table.get(ent, "controller"))
    if ent is not None and ent in game.lki and "controller" in game.lki[ent]:
        return None, int(game.lki[ent]["controller"])
    return None, ctx.controller


def _explore(game: Game, e: Explore, ctx: EffectContext) -> None:
    """CR 701.40a: reveal the top card; a land goes to hand; otherwise a +1/+1 counter on the explorer, and its
    controller may put the card into their graveyard (asked before anything changes)."""
    from components.characteristics import CardType
    from ecs.actions import Choose, DecisionKind
    from systems.counters import add_counters
    from systems.resolution import ask
    from systems.zones import move

    ent, player = _actor(game, ctx, e.target)
    library = game.zones[player][Zone.LIBRARY]
    top = library[0] if library else None
    is_land = top is not None and bool(game.card(top).type_bits & int(CardType.LAND))
    to_graveyard = False
    if top is not None and not is_land:
        answer = ask(game, player, DecisionKind.MAY, [Choose(True), Choose(False)])  # yes: into the graveyard
        assert isinstance(answer, Choose)
        to_graveyard = answer.yes
    if top is not None:
        game.say(f"{game.player_states[player].name} reveals {game.name(top)} (explore)")
    if top is not None and is_land:
        move(game, top, Zone.HAND)
        return
    if ent is not None:
        add_counters(game, ent, "+1/+1", 1)
        game.table.mark_changed(sba=False)
    if top is not None and to_graveyard:
        move(game, top, Zone.GRAVEYARD)


def _connive(game: Game, e: Connive, ctx: EffectContext) -> None:
    """CR 701.47a: its controller draws a card (this step), then discards a card (the next step, so that the
    choice is asked with the drawn card in hand); a nonland card discarded puts a +1/+1 counter on it."""
    from dataclasses import replace

    from components.characteristics import CardType
    from ecs.actions import DecisionKind
    from ecs.actions import Discard as DiscardAction
    from systems.counters import add_counters
    from systems.oracle_effects import then
    from systems.resolution import ask
    from systems.zones import discard, draw

    ent, player = _actor(game, ctx, e.target)
    if not e.discard:
        draw(game, player, 1)
        then(game, (replace(e, discard=True),), ctx)
        return
    hand = list(game.zones[player][Zone.HAND])
    if not hand:
        return
    answer = ask(game, player, DecisionKind.DISCARD, [DiscardAction(c) for c in hand])
    assert isinstance(answer, DiscardAction)
    nonland = not game.card(answer.card).type_bits & int(CardType.LAND)
    discard(game, player, answer.card)
    if nonland and ent is not None and ent in game.table.row_of:
        add_counters(game, ent, "+1/+1", 1)
        game.table.mark_changed(sba=False)
    game.say(f"{game.name(ent) if ent is not None else 'it'} connives")


EXECUTORS: dict[type[Effect], Callable[..., None]] = {WhereX: _where_x, Explore: _explore, Connive: _connive, LookX: _look_x, BecomeMonarch: _become_monarch, ExileThisSpell: _exile_this_spell, CopySpell: _copy_spell, SetLife: _set_life, IfRolled: _if_rolled, TheyPay: _they_pay, TokensForEach: _tokens_for_each, DiscardUnless: _discard_unless, TargetPlayersPermanents: _target_players_permanents, Flicker: _flicker, UnlessPaysPer: _unless_pays_per, ProtectionOfChoice: _protection_of_choice,
             PreventNextFromSource: _prevent_next_from_source, WhenYouDo: _when_you_do, FireReflexive: _fire_reflexive, TapOrUntap: _tap_or_untap, ReturnChosen: _return_chosen, Prevent: _prevent, ExileGraveyard: _exile_graveyard, SwitchPowerToughness: _switch, RollDie: _roll,
             ExtraTurn: _extra_turn, CantBeRegenerated: _cant_regenerate, Proliferate: _proliferate}


def mana_combinations(units: list[int]) -> list[str]:
    """The choices of a mana ability that makes several mana, each of one of several types ("Add {B}{B},
    {B}{R}, or {R}{R}": units B|R, B|R): one letter per unit, as sorted multisets when the units are alike
    (CR 106.1a: the player chooses the types as the ability resolves; 605.3a: with its activation)."""
    from itertools import combinations_with_replacement, product

    letters = [[c for c, b in zip("WUBRGC", (1, 2, 4, 8, 16, 32), strict=True) if b & u] for u in units]
    if all(u == units[0] for u in units):
        return ["".join(combo) for combo in combinations_with_replacement(letters[0], len(units))]
    return sorted({"".join(combo) for combo in product(*letters)})


def greatest(game: Game, c: object, you: int, ctx: EffectContext | None) -> int:
    """'The greatest power / toughness / mana value among <permanents>' (0 for none), as the layers have it now."""
    from systems.oracle_effects import permanent_mana_value, permanents

    ents = permanents(game, c.filter, you, ctx.self_object if ctx is not None else -1)  # type: ignore[attr-defined]
    if not ents:
        return 0
    game.refresh_layers()
    if c.kind == "greatest_mana_value":  # type: ignore[attr-defined]
        return max(permanent_mana_value(game, e) for e in ents)  # 202.3
    column = "power" if c.kind == "greatest_power" else "toughness"  # type: ignore[attr-defined]
    return max(int(game.table.get(e, column)) for e in ents)

from content import registry  # noqa: E402

for _type, _fn in EXECUTORS.items():
    registry.add_executor(_type, _fn)

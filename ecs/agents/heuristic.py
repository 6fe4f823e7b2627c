"""A rule-based agent: sensible mulligans, a land each turn, mana spent on the curve, removal on the best
threat, burn to the face when it is lethal or no creature is worth it, combat by simple arithmetic.

It reads only its :class:`~ecs.agents.base.PlayerView` (its own hand, public board state, the card
definitions of objects its player can see), so it never uses hidden information. Every choice is a
deterministic function of the view; ties go to the earlier option (the seed is accepted for the uniform
agent interface and is not needed).

Scores are in "points": a creature is worth about ``2*power + toughness`` plus keyword bonuses; passing
priority is worth 0, so anything scored above 0 is done now, best first.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from components.abilities import (
    ActivatedAbility,
    ApplyContinuous,
    CounterSpell,
    CreateToken,
    DealDamage,
    Destroy,
    DrawCards,
    GainLife,
    LoseLife,
    ManaAbility,
    ModifyPowerToughness,
    MoveObject,
    PutCounters,
    Sacrifice,
    SpellAbility,
    StaticEffect,
    Tap,
    TriggeredAbility,
)
from components.abilities import (
    Discard as DiscardEffect,
)
from components.characteristics import CardType
from components.keywords import Keyword
from components.static_rules import WrittenStatic
from ecs.actions import (
    Action,
    ActivateAbility,
    AssignDamage,
    CastSpell,
    Choose,
    ChooseCard,
    ChoosePlayer,
    DecisionKind,
    DeclareAttacker,
    DeclareBlocker,
    Discard,
    FinishAttackers,
    FinishBlockers,
    Keep,
    Mulligan,
    PassPriority,
    PlaceCard,
    PlayLand,
    PutOnBottom,
    PutTrigger,
)
from ecs.agents.base import PlayerView

LAND = int(CardType.LAND)
AFTER_BLOCKS = ("declare_blockers", "first_strike_damage", "combat_damage")  # blocks are known (509)
CREATURE = int(CardType.CREATURE)
INSTANT = int(CardType.INSTANT)
SORCERY = int(CardType.SORCERY)
K = Keyword
EVASION = int(K.FLYING | K.INTIMIDATE | K.FEAR | K.CANT_BE_BLOCKED)
HARMFUL_BITS = int(K.CANT_ATTACK | K.CANT_BLOCK)
# keyword bits as plain ints, computed once (IntFlag arithmetic is slow in the per-creature loops)
FIRST = int(K.FIRST_STRIKE)
STRIKES_FIRST = int(K.FIRST_STRIKE | K.DOUBLE_STRIKE)
INDESTRUCTIBLE = int(K.INDESTRUCTIBLE)
DEATHTOUCH = int(K.DEATHTOUCH)
CANT_BLOCK = int(K.CANT_BLOCK)
CANT_BE_BLOCKED = int(K.CANT_BE_BLOCKED)
FLYING = int(K.FLYING)
FLYING_OR_REACH = int(K.FLYING | K.REACH)
VIGILANCE = int(K.VIGILANCE)
DOUBLE_STRIKE = int(K.DOUBLE_STRIKE)
MENACE = int(K.MENACE)
KEYWORD_VALUE = {int(K.FLYING): 2, int(K.DEATHTOUCH): 2, int(K.DOUBLE_STRIKE): 3, int(K.FIRST_STRIKE): 1,
                 int(K.LIFELINK): 1, int(K.TRAMPLE): 1, int(K.VIGILANCE): 1, int(K.MENACE): 1,
                 int(K.HEXPROOF): 1, int(K.INDESTRUCTIBLE): 3, int(K.CANT_BE_BLOCKED): 3}


@dataclass(slots=True)
class Creature:
    """A creature on the battlefield as the combat arithmetic needs it (public values after layers)."""

    entity: int
    controller: int
    power: int
    toughness: int  # remaining: toughness minus damage marked (CR 704.5g)
    keywords: int
    tapped: bool

    def has(self, bits: int) -> bool:
        return bool(self.keywords & bits)

    @property
    def value(self) -> float:
        v = 2.0 * max(0, self.power) + self.toughness
        for bit, bonus in KEYWORD_VALUE.items():
            if self.keywords & bit:
                v += bonus
        return v

    def kills(self, other: Creature) -> bool:
        if self.power <= 0 or other.keywords & INDESTRUCTIBLE:
            return False
        return self.power >= other.toughness or bool(self.keywords & DEATHTOUCH)

    def can_block(self, attacker: Creature) -> bool:
        if self.tapped or self.keywords & CANT_BLOCK or attacker.keywords & CANT_BE_BLOCKED:
            return False
        return not (attacker.keywords & FLYING and not self.keywords & FLYING_OR_REACH)

    def fight_result(self, blocker: Creature) -> tuple[bool, bool]:
        """(attacker dies, blocker dies) when ``blocker`` blocks this creature alone (first strike, 702.7)."""
        mine_first = self.keywords & STRIKES_FIRST and not blocker.keywords & FIRST
        theirs_first = blocker.keywords & STRIKES_FIRST and not self.keywords & FIRST
        blocker_dies = self.kills(blocker)
        attacker_dies = blocker.kills(self)
        if mine_first and blocker_dies:
            attacker_dies = False
        if theirs_first and attacker_dies:
            blocker_dies = False
        return attacker_dies, blocker_dies


class Board:
    """The public battlefield from one player's seat, read once per decision."""

    def __init__(self, view: PlayerView) -> None:
        self.view = view
        self.me = view.player
        t = view.table
        n = t.n
        ents = t.entity[:n].tolist()
        ctrl = t.controller[:n].tolist()
        types = t.types[:n].tolist()
        power = t.power[:n].tolist()
        tough = t.toughness[:n].tolist()
        dmg = t.damage[:n].tolist()
        kw = t.keywords[:n].tolist()
        tapped = t.tapped[:n].tolist()
        self.creatures: dict[int, Creature] = {}
        self.lands = [0] * view.num_players
        self.controller_of: dict[int, int] = {}
        for i in range(n):
            self.controller_of[ents[i]] = ctrl[i]
            if types[i] & CREATURE:
                self.creatures[ents[i]] = Creature(ents[i], ctrl[i], power[i], tough[i] - dmg[i], kw[i], tapped[i])
            if types[i] & LAND:
                self.lands[ctrl[i]] += 1
        self.mine = [c for c in self.creatures.values() if c.controller == self.me]
        self.theirs = [c for c in self.creatures.values() if c.controller != self.me]
        self.opponent = next((p for p in range(view.num_players) if p != self.me), 1 - self.me)

    def side_value(self, mine: bool) -> float:
        return sum(c.value for c in (self.mine if mine else self.theirs))


def _ability_parts(card: Any, action: Action) -> tuple[list[Any], list[Any], Any]:
    """(effects, target specs, the ability) of what a cast / activation / trigger would do."""
    ability: Any = None
    if isinstance(action, CastSpell):
        if action.face >= 0 and action.face < len(card.faces):
            card = card.faces[action.face]
        ability = next((a for a in card.abilities if isinstance(a, SpellAbility)), None)
        if ability is None:  # a permanent spell; an Aura's "enchant" target and its static effects
            statics = [a for a in card.abilities if isinstance(a, StaticEffect | WrittenStatic)]
            return statics, [None] if action.targets else [], None
    elif isinstance(action, ActivateAbility):
        if 0 <= action.index < len(card.abilities):
            ability = card.abilities[action.index]
    if ability is None:
        return [], [], None
    if getattr(ability, "modes", ()) and getattr(action, "modes", ()):
        effects: list[Any] = []
        specs: list[Any] = []
        for m in getattr(action, "modes", ()):
            if 0 <= m < len(ability.modes):
                mode = ability.modes[m]
                offset = len(specs)
                specs.extend(mode.targets)
                effects.extend(_shift(e, offset) for e in mode.effects)
        return effects, specs, ability
    return list(getattr(ability, "effects", ())), list(getattr(ability, "targets", ())), ability


@dataclass(slots=True)
class _Shifted:
    effect: Any
    offset: int


def _shift(effect: Any, offset: int) -> Any:
    return effect if offset == 0 else _Shifted(effect, offset)


def _slot(effect: Any) -> tuple[Any, int]:
    """(the effect, the target slot it acts on, or -1)."""
    offset = 0
    if isinstance(effect, _Shifted):
        effect, offset = effect.effect, effect.offset
    target = getattr(effect, "target", -1)
    if isinstance(target, int) and target >= 0:
        return effect, target + offset
    player = getattr(effect, "player", None)
    if player is not None and getattr(player, "kind", "") == "target":
        return effect, int(player.index) + offset
    return effect, -1


def _number(value: object, default: int) -> int:
    """An effect's amount or count, or ``default`` when it is not a plain number (the agent scores effects it did not
    build: a malformed or future effect is scored as a guess rather than stopping the game)."""
    return value if isinstance(value, int) else default


def _polarity(effect: Any) -> float:
    """+1 for an effect good for what it targets, -1 for a harmful one (CR: none; a heuristic)."""
    if isinstance(effect, ModifyPowerToughness):
        return 1.0 if effect.power + effect.toughness >= 0 else -1.0
    if isinstance(effect, PutCounters):
        return -1.0 if "-" in effect.kind.split("/")[0] else 1.0
    if isinstance(effect, GainLife | DrawCards):
        return 1.0
    if isinstance(effect, Tap):
        return 1.0 if effect.untap else -1.0
    if isinstance(effect, WrittenStatic):
        return -1.0 if "can't" in effect.text else 1.0
    if isinstance(effect, ApplyContinuous | StaticEffect):
        score = 0.0
        for part in effect.parts:
            score += part.power + part.toughness
            if part.keywords_add & HARMFUL_BITS:
                score -= 4
            elif part.keywords_add:
                score += 1
            if part.lose_all_abilities or part.new_controller_is_you:
                score -= 4
        return 1.0 if score >= 0 else -1.0
    if isinstance(effect, MoveObject):
        return 1.0 if effect.to == "battlefield" else -1.0
    return -1.0  # damage, destroy, exile, sacrifice, discard, counter, and whatever is unknown: harmful


class HeuristicAgent:
    """Rule-based play from the player's view only (see the module doc)."""

    def __init__(self, seed: int = 0, aggression: float = 1.0) -> None:
        if aggression < 0:
            raise ValueError("aggression must be >= 0")
        self.seed = seed
        self.aggression = aggression

    # ---------------------------------------------------------------- entry point
    def act(self, view: PlayerView) -> Action:
        options = view.options
        if len(options) == 1:
            return options[0]
        kind = view.kind
        if kind == DecisionKind.MULLIGAN:
            return self._mulligan(view)
        if kind == DecisionKind.BOTTOM:
            return self._bottom(view)
        if kind == DecisionKind.ATTACKERS:
            return self._attack(view, Board(view))
        if kind == DecisionKind.BLOCKERS:
            return self._block(view, Board(view))
        board = Board(view)
        if kind == DecisionKind.PRIORITY:
            options = tuple(view.plays())  # whole plays (CR 601.2: the game answers their small decisions)
        scored = [(self._score(view, board, o), -i, o) for i, o in enumerate(options)]
        return max(scored, key=lambda s: (s[0], s[1]))[2]

    # ---------------------------------------------------------------- mulligans (CR 103.5)
    def _hand_lands(self, view: PlayerView) -> tuple[list[int], list[int]]:
        lands: list[int] = []
        spells: list[int] = []
        for c in view.hand():
            (lands if view.card(c).type_bits & LAND else spells).append(c)
        return lands, spells

    def _mulligan(self, view: PlayerView) -> Action:
        lands, _ = self._hand_lands(view)
        taken = view.mulligans(view.player)
        keep = 2 <= len(lands) <= 5 or taken >= 2  # keep 2-5 lands in 7; never go below five cards
        wanted = Keep() if keep else Mulligan()
        return wanted if wanted in view.options else view.options[0]

    def _bottom(self, view: PlayerView) -> Action:
        lands, spells = self._hand_lands(view)
        size = len(lands) + len(spells)
        target_lands = max(2, round(size * 0.42))
        if len(lands) > target_lands and lands:
            pick = lands[-1]
        elif spells:
            pick = max(spells, key=lambda c: (view.card(c).mana_cost.mana_value(), -spells.index(c)))
        else:
            pick = lands[-1]
        return PutOnBottom(pick) if PutOnBottom(pick) in view.options else view.options[0]

    # ---------------------------------------------------------------- priority and the rest
    def _score(self, view: PlayerView, board: Board, option: Action) -> float:
        if isinstance(option, PassPriority):
            return 0.0
        if isinstance(option, PlayLand):
            untapped_bonus = 0.5 if option.choice in ("", "pay") and view.life(view.player) > 8 else 0.0
            return 100.0 + untapped_bonus + (0.1 if option.face < 0 else 0.0)
        if isinstance(option, CastSpell):
            return self._score_cast(view, board, option)
        if isinstance(option, ActivateAbility):
            return self._score_activation(view, board, option)
        if isinstance(option, PutTrigger):
            return self._score_trigger(view, board, option)
        if isinstance(option, Discard):
            return self._keep_value(view, board, option.card) * -1.0
        if isinstance(option, PlaceCard):
            return self._score_place(view, board, option)
        if isinstance(option, AssignDamage):
            return self._score_assignment(board, option)
        if isinstance(option, Choose):
            return 1.0 if option.yes else 0.0
        if isinstance(option, ChoosePlayer):
            return 1.0 if view.player_of_entity(option.player) != view.player else 0.0
        if isinstance(option, ChooseCard):
            return self._score_chosen_card(view, board, option)
        return 0.0

    def _keep_value(self, view: PlayerView, board: Board, card: int) -> float:
        """How much the player wants to keep a card in hand (for discards)."""
        cd = view.card(card)
        if cd.type_bits & LAND:
            return 6.0 if board.lands[view.player] < 5 else 1.0
        return 3.0 + min(cd.mana_cost.mana_value(), 6) * (0.5 if board.lands[view.player] >= 4 else -0.3)

    def _score_cast(self, view: PlayerView, board: Board, option: CastSpell) -> float:
        card = view.card(option.card)
        mv = card.mana_cost.mana_value(option.x) if option.face < 0 else 0
        cost_penalty = 3.0 * len(option.discard) + sum(
            board.creatures[s].value if s in board.creatures else 2.0 for s in option.sacrifice)
        effects, specs, ability = _ability_parts(card, option)
        if ability is None and not option.targets:  # a permanent spell without targets: develop the board
            base = 10.0 + 2.0 * mv
            if card.type_bits & CREATURE:
                base += 1.0
            return base - cost_penalty + 0.1 * option.x
        score = self._score_targets(view, board, effects, option.targets)
        if ability is None:  # an Aura: its static effects act on the enchanted object
            return (4.0 + mv + score) - cost_penalty if score > 0 else -1.0
        if not option.targets:
            score = self._score_untargeted(view, board, effects)
        return score - cost_penalty + (0.05 * option.x if score > 0 else 0.0)

    def _score_activation(self, view: PlayerView, board: Board, option: ActivateAbility) -> float:
        card = view.card_or_none(option.source)
        if card is None:
            return 0.0
        if 0 <= option.index < len(card.abilities) and isinstance(card.abilities[option.index], ManaAbility):
            return -1.0  # mana is paid for automatically; a floating mana ability is wasted
        effects, _, ability = _ability_parts(card, option)
        if not isinstance(ability, ActivatedAbility):
            return 0.0
        penalty = sum(board.creatures[s].value if s in board.creatures else 2.0 for s in option.sacrifice)
        penalty += 3.0 * len(option.discard) + (3.0 if ability.sacrifice_self else 0.0)
        if option.targets:
            score = self._score_targets(view, board, effects, option.targets)
        else:
            score = self._score_untargeted(view, board, effects) * 0.5
            if not ability.tap and ability.mana_cost is None:
                score = min(score, 0.0)  # a free repeatable ability: never loop on it
        return score - penalty - 0.5

    def _score_trigger(self, view: PlayerView, board: Board, option: PutTrigger) -> float:
        ability = view.trigger_ability(option.uid)
        if not isinstance(ability, TriggeredAbility) or not option.targets:
            return 0.0
        effects = list(ability.effects)
        if ability.modes and option.modes:
            effects = []
            for m in option.modes:
                if 0 <= m < len(ability.modes):
                    effects.extend(ability.modes[m].effects)
        return self._score_targets(view, board, effects, option.targets)

    def _score_targets(self, view: PlayerView, board: Board, effects: Sequence[Any], targets: Sequence[int]) -> float:
        """Sum over targeted effects: good effects on what is ours, harmful ones on what is theirs."""
        total = 0.0
        slots: dict[int, list[Any]] = {}
        for e in effects:
            effect, slot = _slot(e)
            if slot < 0 and isinstance(effect, StaticEffect | WrittenStatic):
                slot = 0  # an Aura's effect acts on what it enchants: its one target (303.4a)
            if 0 <= slot < len(targets):
                slots.setdefault(slot, []).append(effect)
        for slot, target in enumerate(targets):
            for effect in slots.get(slot, []):
                total += self._score_one(view, board, effect, target)
        return total

    def _score_one(self, view: PlayerView, board: Board, effect: Any, target: int) -> float:
        me = view.player
        polarity = _polarity(effect)
        player = view.player_of_entity(target)
        if player is not None:
            ours = player == me
            if isinstance(effect, DealDamage | LoseLife):
                amount = _number(effect.amount, 0)
                if ours:
                    return -20.0
                if amount >= view.life(player):
                    return 1000.0  # lethal (704.5a)
                return 2.0 + 1.5 * amount * self.aggression
            if isinstance(effect, DiscardEffect):
                return -5.0 if ours else 2.0 + view.zone_size(player, _hand_zone()) * 0.2
            return (3.0 if ours else -3.0) * polarity
        creature = board.creatures.get(target)
        controller = board.controller_of.get(target)
        if controller is None:  # on the stack: counter an opponent's spell worth it
            if isinstance(effect, CounterSpell):
                spell = view.card_or_none(target)
                mv = 0 if spell is None else spell.mana_cost.mana_value()
                owner_is_me = view.stack_controller(target) == me
                return -20.0 if owner_is_me else (2.0 + 2.0 * mv if mv >= 2 else -1.0)
            return 1.0 * (1 if polarity > 0 else -1)  # a card elsewhere (a graveyard): small either way
        ours = controller == me
        value = creature.value if creature is not None else 4.0
        if polarity < 0:
            if ours:
                return -30.0  # never aim a harmful effect at its own permanent
            if isinstance(effect, DealDamage):
                amount = _number(effect.amount, 0)
                if creature is None or amount < creature.toughness or creature.has(INDESTRUCTIBLE):
                    return -2.0  # damage that doesn't kill is wasted
                return 1.5 * value - 2.0
            if isinstance(effect, Destroy) and creature is not None and creature.has(INDESTRUCTIBLE):
                return -2.0
            if isinstance(effect, ModifyPowerToughness) and creature is not None:
                return 1.5 * value - 2.0 if creature.toughness + effect.toughness <= 0 else 0.5 * value - 2.0
            if isinstance(effect, Tap):
                return 1.0 if creature is not None and not creature.tapped else -1.0
            return 1.5 * value - 2.0
        if not ours:
            return -10.0  # a good effect on the opponent's permanent
        if isinstance(effect, ModifyPowerToughness | ApplyContinuous) and creature is not None:
            combat = view.combat
            if getattr(effect, "until_end_of_turn", True):
                in_combat = target in combat.blocked or target in combat.blocking or (
                    target in combat.attackers and view.step_label() in AFTER_BLOCKS)
                return 4.0 + 0.5 * value if in_combat else -1.0  # a trick is for combat
        return 3.0 + 0.5 * value

    def _score_untargeted(self, view: PlayerView, board: Board, effects: Sequence[Any]) -> float:
        score = 0.0
        for e in effects:
            effect, _ = _slot(e)
            if isinstance(effect, Destroy | MoveObject) and getattr(effect, "group", None) is not None:
                score += board.side_value(False) - board.side_value(True) - 4.0  # a sweeper: only when behind
            elif isinstance(effect, DealDamage) and getattr(effect, "group", None) is not None:
                amount = _number(effect.amount, 0)
                theirs = sum(c.value for c in board.theirs if c.toughness <= amount)
                mine = sum(c.value for c in board.mine if c.toughness <= amount)
                score += theirs - mine - 2.0
            elif isinstance(effect, DrawCards):
                score += 3.0 + 1.5 * _number(effect.count, 1)
            elif isinstance(effect, CreateToken):
                score += 5.0 + 2.0 * _number(effect.amount, 1)
            elif isinstance(effect, GainLife):
                score += 1.0
            elif isinstance(effect, DealDamage | LoseLife):  # "each opponent" and similar
                score += 2.0
            elif isinstance(effect, ModifyPowerToughness | ApplyContinuous):
                score += 2.0 if view.step_label() in ("declare_blockers",) else -1.0
            elif isinstance(effect, Sacrifice):
                score += 2.0 if getattr(effect.player, "kind", "") in ("opponents", "each") else -2.0
            else:
                score += 1.0
        return score

    def _score_place(self, view: PlayerView, board: Board, option: PlaceCard) -> float:
        card = view.card_or_none(option.card)
        if card is None:
            return 0.0
        if card.type_bits & LAND:
            wanted = board.lands[view.player] + sum(
                1 for c in view.hand() if view.card(c).type_bits & LAND) < 5
        else:
            wanted = card.mana_cost.mana_value() <= board.lands[view.player] + 2
        return (1.0 if option.where == "top" else 0.0) if wanted else (1.0 if option.where != "top" else 0.0)

    def _score_chosen_card(self, view: PlayerView, board: Board, option: ChooseCard) -> float:
        if option.card < 0:
            return 0.0
        if view.kind == DecisionKind.SACRIFICE:
            c = board.creatures.get(option.card)
            return -(c.value if c is not None else 3.0)  # sacrifice the least valuable
        card = view.card_or_none(option.card)
        if card is None:
            return 0.5
        return 1.0 + 0.1 * card.mana_cost.mana_value()

    def _score_assignment(self, board: Board, option: AssignDamage) -> float:
        score = 0.0
        for recipient, amount in option.assignment:
            c = board.creatures.get(recipient)
            if c is None:
                score += 0.5 * amount  # trample over to the player or planeswalker
            elif amount >= c.toughness or (amount > 0 and board.creatures.get(option.attacker) is not None
                                           and board.creatures[option.attacker].has(DEATHTOUCH)):
                score += c.value
        return score

    # ---------------------------------------------------------------- combat (CR 508, 509)
    def _attack_plan(self, view: PlayerView, board: Board) -> list[int]:
        me, opp = view.player, board.opponent
        declared = set(view.combat.attackers)
        candidates = {o.creature for o in view.options if isinstance(o, DeclareAttacker)} | declared
        attackers = [board.creatures[c] for c in candidates if c in board.creatures]
        blockers = [c for c in board.theirs if not c.tapped and not c.has(CANT_BLOCK)]
        opp_life = view.life(opp)
        total = sum(max(0, a.power) for a in attackers)
        # All in when enough damage gets through even if every blocker stops the biggest attackers.
        biggest = sorted((max(0, a.power) for a in attackers), reverse=True)
        if total - sum(biggest[:len(blockers)]) >= opp_life:
            return [a.entity for a in attackers]
        threat = sum(max(0, c.power) for c in board.theirs)  # what could hit back next turn
        behind = threat >= view.life(me) - 2
        ahead = board.side_value(True) >= board.side_value(False) * 1.2
        plan = []
        kept_back = 0.0
        for a in sorted(attackers, key=lambda c: -c.value):
            able = [b for b in blockers if b.can_block(a)]
            results = [a.fight_result(b) for b in able]
            bad = any(dies and not kills for dies, kills in results)
            trade = any(dies and kills for dies, kills in results)
            if a.power <= 0:
                continue
            if bad:
                continue
            if behind and not a.has(VIGILANCE) and kept_back < threat and (able or not blockers):
                # hold back blockers when behind (unless it can't be blocked profitably and is evasive)
                if not a.has(EVASION):
                    kept_back += a.toughness
                    continue
            if trade and not (ahead or self.aggression > 1.0):
                continue
            plan.append(a.entity)
        return plan

    def _attack(self, view: PlayerView, board: Board) -> Action:
        declared = set(view.combat.attackers)
        opp_entity = view.player_entity(board.opponent)
        for creature in self._attack_plan(view, board):
            if creature in declared:
                continue
            choices = [o for o in view.options if isinstance(o, DeclareAttacker) and o.creature == creature
                       and not o.exert and o.enlist < 0]
            if choices:
                at_player = [o for o in choices if o.defender == opp_entity]
                return (at_player or choices)[0]
        return FinishAttackers() if FinishAttackers() in view.options else view.options[0]

    def _block(self, view: PlayerView, board: Board) -> Action:
        me = view.player
        combat = view.combat
        attackers = [board.creatures[a] for a, d in combat.attackers.items() if a in board.creatures
                     and (d == view.player_entity(me) or board.controller_of.get(d) == me)]
        used = set(combat.blocking)
        blocked = {a for a, bs in combat.blocked.items() if bs}
        for atts in combat.blocking.values():
            blocked.update(atts)
        legal = {(o.blocker, o.attacker) for o in view.options if isinstance(o, DeclareBlocker)}
        free = [c for c in board.mine if c.entity not in used]
        unblocked = [a for a in attackers if a.entity not in blocked]
        incoming = sum(max(0, a.power) * (2 if a.has(DOUBLE_STRIKE) else 1) for a in unblocked)
        life = view.life(me)
        for a in sorted(unblocked, key=lambda c: -c.value):
            if a.has(MENACE):
                continue  # needs two blockers (702.111b): not planned here
            options = [b for b in free if (b.entity, a.entity) in legal]
            best: tuple[float, int] | None = None
            for b in options:
                attacker_dies, blocker_dies = a.fight_result(b)
                if not blocker_dies:
                    gain = 10.0 + (a.value if attacker_dies else 0.0)  # a safe block (and maybe a kill)
                elif attacker_dies and a.value >= b.value:
                    gain = 5.0 + a.value - b.value  # a trade up
                elif incoming >= life:
                    gain = 1.0 - b.value * 0.1  # chump to survive
                else:
                    continue
                if best is None or gain > best[0]:
                    best = (gain, b.entity)
            if best is not None:
                return DeclareBlocker(best[1], a.entity)
        return FinishBlockers() if FinishBlockers() in view.options else view.options[0]


def _hand_zone() -> Any:
    from components.objects import Zone

    return Zone.HAND

"""The Game: one object that owns all state of one game of Magic.

A Game owns its esper world (entities and components), its numpy permanent table and its seeded
random generator. It advances on its own until a player must decide something, then stops at a
:class:`~ecs.actions.Decision`. ``legal_actions()`` lists the options and ``apply()`` takes one.
"""

from __future__ import annotations

import copyreg
from collections.abc import Callable, Sequence
from typing import Any, Final, SupportsIndex

import numpy as np

from components.card import CardDef
from components.objects import CardObject, InZone, PlayerState, Step, Zone
from content.registry import hooks_named
from ecs.actions import Action, ActivateAbility, ActivateMana, CastSpell, Decision, DecisionKind
from ecs.errors import IllegalActionError
from ecs.last_known import LastKnown
from ecs.records import Combat as Combat  # re-exported: ecs.game is where users look for them
from ecs.records import GameResult as GameResult
from ecs.records import MulliganState, StepProgress, TurnLog, UntapState
from ecs.state_copy import ATOMIC, DISPATCH, copier_for, copy_dict, copy_list
from ecs.table import PermanentTable
from ecs.world import World
from systems import priority as priority_system  # (its functions read at each call: tests replace them)
from systems.layers import ClassTable, apply_layers


def _builtin_card(name: str) -> CardDef:
    from content.card_pool import builtin_pool

    return builtin_pool().get(name)


def _reduce_card(card: CardDef) -> Any:
    """Pickle a built-in card by name, so an unpickled Game shares the pool's objects (as a clone does)."""
    from content.card_pool import builtin_pool

    # (a look-up of the one name: ``builtin_pool().cards`` would build the whole pool's dict for every card)
    if builtin_pool.cache_info().currsize and builtin_pool().holds(card):
        return _builtin_card, (card.name,)
    from ecs.pickling import reduce_record

    return reduce_record(card) or card.__reduce_ex__(4)  # (compiled: a call of CardDef, ecs/pickling.py)


copyreg.pickle(CardDef, _reduce_card)

# Game attributes that only cache answers, each keyed on the versions it read, and how a copy starts them (empty:
# every look-up misses and is computed afresh). ``hook_cache`` is copied shallowly by __deepcopy__.
CACHES: dict[str, Callable[[], Any]] = {
    "hook_cache": dict, "hand_filter_cache": dict, "hand_facts_cache": dict, "instant_speed_cache": dict,
    "mana_units_cache": dict, "hand_ability_cache": dict, "cost_modifier_cache": lambda: None, "player_rule_cache": lambda: None,
    "target_cache": lambda: (-1, {}),
    "subtype_rows_cache": lambda: None,
    "land_rows_cache": dict,
}
# (Not caches in this sense, copied: ``layer_rows_cache``, ``sba_layer_facts`` and ``sba_attachments``, keyed on the
# table's versions, which a copy keeps: without them a playout, a clone, began with a whole layer pass and a whole
# state check. systems/layers.RowValues copies itself.)
# Game attributes whose values are never changed in place once built, only replaced: copies share them.
# ``origin``: how the game was built, written while it is set up (ecs/setup.py). ``announce_groups``: the pending
# priority decision's announcements, built whole by systems/announcing.group and then only read.
SHARED = ("origin", "announce_groups")
# The actions announced in steps (601.2; systems/announcing.head_of): the only ones a whole play can be.
_ANNOUNCED = (CastSpell, ActivateAbility, ActivateMana)


class Game:
    """One game of Magic between two or more players (CR 100-104).

    Build one with :func:`ecs.setup.new_game` (a normal game from decks) or the scenario loader.
    """

    def __init__(
        self,
        player_names: Sequence[str] | None = None,
        seed: int = 0,
        *,
        auto_pass: bool = True,
        small_decisions: bool = True,
        mana_at_priority: bool = False,
        max_turns: int = 100,
        max_decisions: int = 50_000,
        log: bool = True,
        max_objects: int = 20_000_000,
        max_auto_steps: int = 100_000,
    ) -> None:
        if player_names is None:
            return  # a blank Game for __deepcopy__ to fill (compiled by mypyc, Game.__new__ runs __init__ too)
        if len(player_names) < 2:
            raise ValueError("a game needs at least two players (CR 103.1)")
        self.seed = seed
        self.rng = np.random.default_rng(seed)
        self.world = World()
        self.table = PermanentTable()
        self.auto_pass = auto_pass
        # CR 601.2: a spell or ability with choices is announced one small decision at a time (systems/announcing.py)
        self.small_decisions = small_decisions
        self.announcing: Any = None  # systems.announcing.Announcement while one is being announced
        self.announce_groups: dict[Any, list[Any]] = {}  # the pending priority decision's announcements
        self.paged: Any = None  # ecs.decision_pages.Paged while a long decision is shown in pages
        # CR 605.3a: mana abilities may be activated whenever the player has priority (systems/mana_at_priority.py)
        self.mana_at_priority = mana_at_priority
        self.max_turns = max_turns
        # A legal loop (a free ability activated again and again) can keep a game of random agents in
        # one turn forever; like the turn cap, this cap ends a simulated game as a draw with its reason.
        self.max_decisions = max_decisions
        # Resource limits (issue 15.4): a game whose objects pass ``max_objects`` (a runaway token
        # loop), or that runs ``max_auto_steps`` steps of the priority loop without anyone deciding
        # anything (a loop of mandatory actions, CR 104.4b, 729.4), ends as a draw with its reason
        # instead of exhausting memory or time. The default fits large-board benchmarks of 10^7.
        self.max_objects = max_objects
        self.max_auto_steps = max_auto_steps
        self.log_enabled = log
        self.log: list[str] = []
        self.player_states: list[PlayerState] = []
        self.players: list[int] = []  # player index -> player entity
        self.player_of_entity: dict[int, int] = {}
        for i, name in enumerate(player_names):
            state = PlayerState(index=i, name=name)
            ent = self.world.create(state)
            self.players.append(ent)
            self.player_states.append(state)
            self.player_of_entity[ent] = i
        n = len(player_names)
        # Per-player ordered zone lists; index 0 of a library is its top (CR 401.1).
        self.zones: list[dict[Zone, list[int]]] = [
            {z: [] for z in (Zone.LIBRARY, Zone.HAND, Zone.GRAVEYARD, Zone.EXILE, Zone.COMMAND)}
            for _ in range(n)
        ]
        self.stack: list[int] = []  # top of the stack is the last element (CR 405.2)
        self.effects: list[int] = []  # continuous-effect entities, kept in layer/timestamp order
        self.classes = ClassTable()
        self.effect_groups = 0  # ids for multi-layer effects (CR 613.6)
        self.copy_effects = 0  # how many layer-1 copy effects exist
        self.copy_of: dict[int, CardDef] = {}  # permanents that are copies of another card (CR 707.2)  # characteristic classes of permanents (systems/layers.py)
        self.subtypes_override: dict[int, frozenset[str]] = {}
        self.class_subtypes: list[frozenset[str]] = []
        self.counters: dict[tuple[int, str], int] = {}  # (object, kind) -> counter entity
        self.static_effects: dict[int, list[int]] = {}
        self.activatable: dict[int, CardDef] = {}  # permanents with activated abilities (602)
        from systems.granted import GrantState

        self.grants = GrantState()  # abilities granted in quotes (113.1b, 613.1f): systems/granted.py
        self.control_changed = False  # a layer-2 effect applied in the last layer pass (302.6, systems/layers.py)
        # Cards in graveyards with abilities activated from there (scavenge, 702.97a), kept only once a
        # card with such an ability has been created in this game (systems/zones.py).
        self.graveyard_abilities_seen = False
        self.graveyard_activatable: dict[int, CardDef] = {}
        self.enter_choices: dict[str, Any] | None = None  # as-enters choices for the card entering now (702.98a, 702.104a)
        self.mana_choice = ""  # the color chosen for a mana ability's "one mana of any color" (605.3a)
        self.chosen_type: dict[int, str] = {}  # permanent -> the creature type chosen as it entered (607.2d)
        self.chosen_color: dict[int, int] = {}  # permanent -> the color (a mana bit) chosen as it entered (607.2d)
        self.cast_x: dict[int, int] = {}  # permanent -> the X its spell was cast with (107.3m)
        self.cast_spent: dict[int, tuple[int, ...]] = {}  # permanent -> the mana spent on its spell (systems/mana_spent.py)
        self.cast_costs: dict[int, str] = {}  # permanent -> the costs its spell was cast with ('kicker', 702.33d)
        self.combat_types_watched = False  # record combat damage sources' types (prowl 702.76a, freerunning 702.173a)
        # exiled card -> (player, until, turn): "you may play that card this turn" (systems/hidden_zones.py)
        self.play_permissions: dict[int, tuple[int, str, int]] = {}
        self.linked_exile_hand: set[int] = set()  # exiled "until ~ leaves" from a hand: back to the hand (610.3)
        self.top_rules_seen = False  # a card reads "play with the top card of your library revealed" and the like
        self.damaged_turn: dict[int, int] = {}  # player -> the last turn they were dealt damage (702.54a)
        self.spells_cast: tuple[int, int] = (0, 0)  # (turn, spells cast that turn) for storm (702.40a)
        self.entered_as: dict[int, int] = {}  # card -> the permanent an effect made of it this resolution (400.7j)
        self.moved_to: dict[int, int] = {}  # object -> the card an exile instruction made of it (systems/delayed.py)  # "doesn't untap during its controller's next untap step"
        self.transformed_with: dict[int, frozenset[int]] = {}  # permanent -> stack when it last transformed (701.28f)
        self.face_down_seen = False
        # a card was foretold or plotted (systems/mechanics/exile_casting.py): only then may a Foretold or Plotted card exist
        self.exile_designated = False
        self.aura_became: dict[int, int] = {}  # Aura put into a graveyard after what it enchanted left -> that card (400.7f)  # a Saga has entered the battlefield (CR 714): lore counters, 704.5s  # a face-down spell was cast (morph, 702.37): look for face-down permanents
        # Delayed triggered abilities (CR 603.7, systems/delayed.py), each fires once (603.7c).
        self.delayed: list[Any] = []
        self.upkeeps: dict[int, tuple[int, int]] = {}  # player -> timestamps of their last two upkeeps (702.30a)
        self.legend_choices: dict[tuple[int, str], int] = {}  # (controller, name) -> kept (704.5j)
        from systems.trigger_index import TriggerSources

        self.trigger_sources: dict[int, CardDef] = TriggerSources()  # permanents with triggered abilities (603),
        #                                                               indexed by trigger kind
        self.cast_from: dict[int, tuple[int, int]] = {}  # permanent -> (zone its spell was cast from, caster)
        #                                                   ("if you cast it from your hand", 601.2)
        self.batch_fired: set | None = None  # batched triggers that fired for the batch being matched (603.2c)
        self.zone_batch: list | None = None  # zone changes of permanents leaving together (603.10a), or None
        self.last_mana_spent = 0  # mana spent by the last payment (systems/mana.py pay; expend, 700.14)
        self.last_mana_masks: tuple[int, ...] = ()  # per mana spent by the last payment: the types it could be
        self.last_payment_pips: list[int] = []  # the pips of the last payment found (systems/mana.py)
        self.last_crime: dict[tuple[int, int], int] = {}  # (source, ability) -> the last spell or ability that
        #                                                  made it trigger ("whenever you commit a crime", 700.13)
        self.triggered_this_turn: dict[tuple[int, str], int] = {}  # (source, ability text) -> the turn it last
        #                                               triggered ("This ability triggers only once each turn.")
        self.waiting_triggers: list[Any] = []  # PendingTrigger: triggered, not yet on the stack (603.3)
        self.trigger_uid = 0
        self.replacements: list[int] = []  # replacement-effect entities (CR 614)
        self.replacement_answers: dict[tuple[object, ...], int] = {}  # 616.1 choices made before the event
        self.replacement_key: tuple[object, ...] | None = None  # the event a REPLACEMENT decision is about
        self.loyalty_used: set[int] = set()  # permanents whose loyalty ability was activated this turn (606.3)
        self.mana_ability_sources: set[int] = set()  # permanents with '{T}: Add ...' abilities (605)
        self.mana_trigger_sources: set[int] = set()  # Auras with triggered mana abilities (605.1b, systems/mana_triggers.py)
        self.activations: dict[tuple[int, int], int] = {}  # (permanent, ability) -> turn last activated (602.5b)
        self.cost_modifier_cache: Any = None  # systems/costs.py: cost-changing statics on the battlefield
        self.conditional_statics: set[int] = set()  # permanents with "as long as" static abilities (611.3a)
        # what the last layer pass read outside the table while there were such permanents (systems/layers.py)
        self.layer_inputs: tuple[int, ...] | None = None
        # the last whole layer pass's values per class, while rows may be recomputed alone (systems/layers.RowValues)
        self.layer_rows_cache: Any = None
        self.static_rule_sources: dict[int, Any] = {}  # permanents with combat/untap rules (systems/static_rules.py)
        self.linked_exile: dict[int, list[int]] = {}  # permanent -> cards exiled "until it leaves" (610.3)
        self.player_rule_cache: Any = None  # systems/costs.py player_rules: rule-changing statics
        # systems/state_based.py _is_subtype_row: (class_subtypes, {subtype: per-class mask}); the list is replaced,
        # never changed in place, when the layers rebuild it, so its identity keys the answers
        self.subtype_rows_cache: Any = None
        # (table.layers_version, facts of the derived columns the state check screens on): systems/state_based.py
        self.sba_layer_facts: tuple[int, tuple[bool, bool, bool, bool]] | None = None
        # (table.layers_version, the Auras 704.5m puts into graveyards and the permanents 704.5n-p unattaches): the same
        self.sba_attachments: tuple[int, tuple[list[int], list[int]]] | None = None
        # (table.layers_version, player) -> (the player's mana-making land rows, or None): systems/mana.py
        self.land_rows_cache: dict[tuple[int, int], tuple[Any]] = {}
        # Mechanics as plug-ins (content/registry.py): the mechanics this game's cards can use (enabled as cards are
        # created, systems/zones.py), their hooks by name (looked up once), each mechanic's own per-game record,
        # and the mechanic that answers the pending decision when it asked outside a resolution.
        self.mechanics: frozenset[str] = frozenset()
        self.hook_cache: dict[str, tuple[Callable[..., Any], ...]] = {}
        self.mechanic_state: dict[str, Any] = {}
        self.answer_hook: Callable[..., None] | None = None
        self.command_cards: dict[int, Any] = {}  # conspiracies and vanguards: systems.command_zone.CommandCard
        self.card_names: tuple[str, ...] = ()  # the card pool's names, for "choose a card name" (201.4)
        self.naming: list[Any] = []  # [object, player, names chosen] still to name before the game (702.106a)
        self.resolution: Any = None  # systems.resolution.Resolution of a spell paused at a choice
        self.has_auras = False  # an Aura has been on the battlefield: check 704.5m  # permanent -> effects its static abilities create
        self.lki: LastKnown = LastKnown()  # last known information of left objects (608.2h)
        self.tokens_adrift = False
        self.next_timestamp = 1
        self.turn = 0
        self.active = 0
        self.starting_player = 0
        self.step = Step.UNTAP
        self.priority = 0
        # Each core system's own state, one typed record each (ecs/records.py).
        self.combat = Combat.empty()  # CR 506-511: systems/combat.py
        self.progress = StepProgress()  # where the current step is: systems/priority.py, systems/turn.py
        self.untap = UntapState()  # CR 502.3: systems/turn.py
        self.turn_log = TurnLog()  # what happened this turn and last turn: systems/history.py
        self.mulligans = MulliganState()  # CR 103.5: systems/mulligan.py
        # Events for the trigger system to read (e.g. ("attacks", creature, defender), CR 508.1m;
        # ("blocks", blocker, attacker), 509.1i; ("combat_damage", sources, recipients, amounts), 510.2).
        # Prevention effects in force (CR 615), systems.prevention.PreventionEffect values.
        self.prevention: list[Any] = []
        self.extra_turns: list[int] = []  # players to take extra turns after this one, last created last (500.7)
        self.monarch = -1  # the player who is the monarch (CR 724), or -1
        self.pending: Decision | None = None
        self.result: GameResult | None = None
        self.hand_versions = [0] * n  # per player: bumped whenever a card enters or leaves their hand (option caches)
        self.instant_speed_cache: dict[int, tuple[int, bool]] = {}
        # per player: (table version, tapped column and pool; mana units, given out to be read only; mana.payable's slot
        # for their masks and memo) of systems/mana.py's mana_sources
        self.mana_units_cache: dict[int, tuple[int, int, list[int], list[tuple[int, int]], list[Any]]] = {}
        self.hand_ability_cache: dict[int, tuple[int, list[Any]]] = {}
        # (what, player) -> (hand version, what the asking function keeps: a list of plays, a tuple of kinds ...)
        self.hand_filter_cache: dict[tuple[str, int], tuple[int, Any]] = {}
        # player -> (hand version, systems/casting.HandFacts of their hand, the scan it was made from): read at every
        # priority stop (a key of its own: no tuple key built and hashed per stop)
        self.hand_facts_cache: dict[int, tuple[int, Any, Any]] = {}
        # (table.layers_version, {(slot, controller, source, ...): permanents}): systems/targeting.py
        self.target_cache: tuple[int, dict[tuple[Any, ...], tuple[Any, ...]]] = (-1, {})
        self.history: list[int] = []  # the index of the option chosen at each decision (for replays)
        self.concessions: list[tuple[int, int]] = []  # (decisions taken before it, player) per concession (104.3a)
        self.origin: dict[str, Any] | None = None  # how the game was built (ecs.saves), if replayable
        self.exile_instead_classes: Any = None  # systems/static_rules.py: per class, whose card says so (or None)

    # ------------------------------------------------------------------ basic queries

    @property
    def num_players(self) -> int:
        return len(self.players)

    @property
    def is_over(self) -> bool:
        return self.result is not None

    @property
    def current_player(self) -> int | None:
        """Index of the player who must decide now, or None when the game is over."""
        return None if self.pending is None else self.pending.player

    def enable_mechanics(self, names: frozenset[str]) -> None:
        """From now on this game runs the hooks of these mechanics too (a card using them was created)."""
        self.mechanics = self.mechanics | names
        self.hook_cache.clear()

    def hooks(self, name: str) -> tuple[Callable[..., Any], ...]:
        """The hooks ``name`` of the mechanics this game's cards use (none in a game of vanilla cards)."""
        found = self.hook_cache.get(name)
        if found is None:
            found = self.hook_cache[name] = hooks_named(name, self.mechanics)
        return found

    def card(self, obj: int) -> CardDef:
        """The object's card definition: its copiable values (CR 707.2), so a copy's is the original's."""
        copied = self.copy_of.get(obj)
        if copied is not None:
            return copied
        # (World.get inlined: the world's own entity table, read without that frame; ~300 calls a game. Typed: the
        # table holds Any, whose field a compiled read looks up generically)
        held: CardObject = self.world._entities[obj][CardObject]
        return held.card

    def obj(self, obj: int) -> CardObject:
        return self.world._entities[obj][CardObject]  # type: ignore[no-any-return]  # (World.get inlined, as card)

    def set_card(self, obj: int, card: CardDef, printed: CardDef | None) -> CardObject:
        """Give an object other characteristics (a face, a half, a bestowed or face-down card) and the card as
        printed while they last (``CardObject.printed``); returns the new component."""
        co = self.world.get(obj, CardObject)
        new = CardObject(card, co.owner, co.is_token, co.is_copy, printed)
        self.world.add(obj, new)
        return new

    def where(self, obj: int) -> InZone:
        return self.world.get(obj, InZone)

    def name(self, entity: int) -> str:
        """A readable name for a player or object entity (for logs and action strings)."""
        if entity in self.player_of_entity:
            return self.player_states[self.player_of_entity[entity]].name
        co = self.world.try_get(entity, CardObject)
        if co is None:
            return f"#{entity}"
        name = self.card(entity).name or f"face-down creature #{entity}"  # no name (708.2a)
        return name + (" token" if co.is_token else "")

    def opponents(self, player: int) -> list[int]:
        return [p for p in range(self.num_players) if p != player and not self.player_states[p].lost]

    def controller(self, permanent: int) -> int:
        self.refresh_layers()
        return self.table.get(permanent, "controller")

    def battlefield(self) -> list[int]:
        """Entities of all permanents (table order)."""
        entities: list[int] = self.table.view("entity").tolist()
        return entities

    def new_timestamp(self) -> int:
        ts = self.next_timestamp
        self.next_timestamp += 1
        return ts

    def say(self, text: str) -> None:
        if self.log_enabled:
            self.log.append(text)

    def refresh_layers(self) -> None:
        if self.table.layers_dirty:
            apply_layers(self)
            for after in self.hooks("layers.after"):
                after(self)  # e.g. soulbond: a pair broke, its effects end (702.95e)

    # The dirty flags live on the permanent table (ecs/table.py), whose named operations raise them; setting
    # one here is marking a change made outside the table (a continuous effect began, ...): it moves the
    # table's state version too.
    @property
    def layers_dirty(self) -> bool:
        return self.table.layers_dirty

    @layers_dirty.setter
    def layers_dirty(self, dirty: bool) -> None:
        if dirty:
            self.table.mark_changed(sba=False)
        else:
            self.table.layers_dirty = False

    @property
    def sba_dirty(self) -> bool:
        return self.table.sba_dirty

    @sba_dirty.setter
    def sba_dirty(self, dirty: bool) -> None:
        if dirty:
            self.table.mark_changed(layers=False)
        else:
            self.table.sba_dirty = False
            self.table.sba_clean_passes = -1  # (not a state check's answer: the next one looks at every row)

    # ------------------------------------------------------------------ the public decision API

    def legal_actions(self) -> list[Action]:
        """The options of the pending decision (empty when the game is over)."""
        return [] if self.pending is None else list(self.pending.options)

    def whole_actions(self) -> list[Action]:
        """The legal actions with each announcement unfolded into the whole plays it leads to (every legal
        ``CastSpell`` / ``ActivateAbility`` with all its choices made). ``apply`` takes these too: it answers
        the small decisions that lead to the play (CR 601.2)."""
        if self.pending is None:
            return []
        from systems.announcing import whole_plays

        return whole_plays(self, self.pending if self.paged is None else self.paged.decision)

    def _whole_head(self, action: object, real: Decision) -> Action | None:
        """The announcement (601.2) that ``action``, a whole play, completes, if it is one offered now."""
        if not self.announce_groups or real.kind != DecisionKind.PRIORITY or not isinstance(action, _ANNOUNCED):
            return None  # (``action`` comes from the caller: anything at all)
        from systems.announcing import head_of, offers

        head = head_of(action)
        if head is None or not offers(self, real.player, self.announce_groups.get(head, []), action):
            return None
        return head

    def accepts(self, action: object) -> bool:
        """Whether :meth:`apply` takes ``action`` now: a pending option, an option on another page of a long
        decision, or a whole play completing an offered announcement (601.2; ``whole_actions``)."""
        pending = self.pending
        if pending is None:
            return False
        if action in pending.options:
            return True
        real = pending if self.paged is None else self.paged.decision
        return self._whole_head(action, real) is not None or (self.paged is not None and action in real.options)

    def apply(self, action: object) -> None:
        """Take one legal action and advance to the next decision.

        Raises IllegalActionError (a ValueError) for anything not among the pending options;
        nothing in the game changes in that case.
        """
        pending = self.pending
        if pending is None:
            raise IllegalActionError("the game is over; no action can be taken")
        # The first option that is the action or equals it (one scan: identity or equality, as `in` would test).
        # Compiled, the same first index comparing only options of the action's class: an action dataclass equals
        # only its own class's instances, and its __eq__ is a Python call even compiled (a dataclass's own methods
        # stay interpreted), while the options before the one chosen are mostly of other classes (PassPriority
        # first). Plain Python keeps options.index, whose scan in C is cheaper there than a loop.
        index = -1
        if _NATIVE_ATTRS is not None:
            cls = type(action)
            for i, option in enumerate(pending.options):
                if option is action or (type(option) is cls and option == action):
                    index = i
                    break
        if index < 0:  # (plain Python; compiled: not an option of the game's making, which an agent may hand over)
            try:
                index = pending.options.index(action)
            except ValueError:
                index = -1
        if index < 0:
            if not isinstance(action, Action):  # (an agent may hand over anything: refused like any illegal action)
                raise IllegalActionError(f"{action!r} is not a legal {pending.kind.value} action for "
                                         f"{self.player_states[pending.player].name} now")
            real = pending if self.paged is None else self.paged.decision
            head = self._whole_head(action, real)
            if self.paged is not None and (head or action) in real.options:
                self._apply_paged(head or action)  # a long decision shown in pages: go to the option's page
                if head is not None:
                    self._finish_whole(action)
                return
            if head is not None:
                self._apply_whole(head, action)
                return
            try:
                label = self.action_to_string(action)
            except (LookupError, AttributeError, TypeError, ValueError):
                label = repr(action)  # it names an object, face or ability that does not exist
            raise IllegalActionError(
                f"{label} is not a legal {pending.kind.value} action for "
                f"{self.player_states[pending.player].name} now"
            )
        self.history.append(index)
        action = pending.options[index]  # (the option itself: the same action, typed)
        if self.paged is not None:
            from ecs.decision_pages import answer

            real = answer(self, action)
            if real is None:
                # Another page of a long decision is shown. Turning pages counts toward the decision limit: an agent
                # that pages back and forth forever ends the game like any other (found by the fuzz: game 6587 of
                # seed 0 turned pages over a million times).
                self._end_at_decision_limit()
                return
            pending = real
        self.pending = None
        priority_system.handle_action(self, pending, action)
        # (advance, inlined: once a decision.) The decision is read through another name than ``self``: mypy narrowed
        # ``self.pending`` to None by the assignment above and keeps that through the calls, which may ask one; a
        # compiled build (mypyc) trusts the narrowing and would raise TypeError reading a decision. (A name is free.)
        game = self
        if game.pending is None:
            self.paged = None
        priority_system.run_until_decision(self)
        if game.pending is not None and len(game.pending.options) > 64:
            from ecs.decision_pages import paginate

            paginate(self)  # a long list is asked in pages of at most 32 (ecs/decision_pages.py)
        if self.result is None:
            # (_end_at_decision_limit and check_limits(0) asked only when their tests would end the game)
            if len(self.history) >= self.max_decisions:
                self._end_at_decision_limit()
            elif self.max_auto_steps <= 0 or len(self.world._entities) > self.max_objects:  # (World.count, inlined)
                self.check_limits(0)

    def _end_at_decision_limit(self) -> bool:
        """End the game as a draw once it has taken ``max_decisions`` decisions (issue 15's resource limits)."""
        if self.result is None and len(self.history) >= self.max_decisions:
            self.result = GameResult(None, f"decision limit of {self.max_decisions} reached", self.turn)
            self.pending = None
            self.paged = None
            self.say(f"game over: draw (decision limit of {self.max_decisions})")
            return True
        return False

    def _apply_paged(self, option: Action) -> None:
        """Answer the pages of a long decision that lead to ``option``, then ``option`` itself."""
        from ecs.decision_pages import path_to

        while getattr(self, "paged") is not None:  # noqa: B009 - (read afresh: apply may end the pages)
            step = path_to(self, option)
            assert step is not None, f"{option} was offered but cannot be reached"
            self.apply(step)
            if step == option:
                return

    def _apply_whole(self, head: Action, play: Action) -> None:
        """Apply a whole play as the small decisions that lead to it (announce, then each pick)."""

        self.apply(head)
        self._finish_whole(play)

    def _finish_whole(self, play: Action) -> None:
        from systems.announcing import steps_to

        while getattr(self, "announcing") is not None:  # noqa: B009 - (read afresh: apply may end it)
            step = steps_to(self, play)
            assert step is not None, f"{play} was offered but cannot be reached"
            self.apply(step)

    def advance(self) -> None:
        """Run turn-based actions, state checks and automatic passes until someone must decide."""
        if self.pending is None:
            self.paged = None
        priority_system.run_until_decision(self)
        if self.pending is not None and len(self.pending.options) > 64:
            from ecs.decision_pages import paginate

            paginate(self)  # a long list is asked in pages of at most 32 (ecs/decision_pages.py)

    def check_limits(self, auto_steps: int) -> bool:
        """End the game as a draw if it passed a resource limit; True if it did (``auto_steps``: steps
        of the priority loop since the last decision)."""
        if auto_steps >= self.max_auto_steps:
            # 104.4b: a loop of mandatory actions, repeating with no way to stop, is a draw; a loop with
            # an optional action would have stopped at a decision.
            reason = (f"no decision in {self.max_auto_steps} steps: a loop of mandatory actions "
                      "(CR 104.4b, 729.4)")
        elif self.world.count() > self.max_objects:
            reason = f"object limit of {self.max_objects} passed ({self.world.count()} objects)"
        else:
            return False
        self.result = GameResult(None, reason, self.turn)
        self.pending = None
        self.say(f"game over: draw ({reason})")
        return True

    def in_game_from(self, player: int) -> int:
        """``player`` if still in the game, else the next player in turn order who is (CR 800.4j: the active player
        who left receives no priority; the next player in turn order does)."""
        n = len(self.players)  # (num_players, read once: at every step and every resolution)
        states = self.player_states
        for _ in range(n):
            if not states[player].lost:
                return player
            player = (player + 1) % n
        return player

    def concede(self, player: int) -> None:
        """A player concedes (CR 104.3a); allowed at any time."""
        if self.is_over:
            raise IllegalActionError("the game is over")
        from systems.state_based import player_loses, settle_game_end

        self.concessions.append((len(self.history), player))  # saves replay it at the same point
        if self.announcing is not None:
            # A spell or ability being announced is rewound (730.1: nothing was paid yet): the decision it started
            # from is recomputed below, for a game that may have lost a player and their objects (800.4a).
            self.announcing = None
            self.announce_groups = {}
        # The pending decision is recomputed below: a mechanic's answer to it (a miracle reveal) must not answer the
        # next one (found by the fuzz). A mechanic whose decision still stands offers it again, with its hook.
        self.answer_hook = None
        resolving = self.resolution is not None and self.resolution.pending_key is not None
        if resolving:
            self.resolution.pending_key = None
        player_loses(self, player, "conceded")
        settle_game_end(self)
        if not self.is_over:
            self.pending = None
            if resolving:
                from systems.resolution import resume_after_leaving

                resume_after_leaving(self)  # the choice asked mid-resolution is asked again, of the game as it is now
            game = self  # (read through another name: mypy keeps ``self.pending`` narrowed to None past the call, as apply)
            if game.pending is None:
                self.advance()

    def action_to_string(self, action: Action) -> str:
        from ecs.notation import action_to_string

        return action_to_string(self, action)

    def clone(self) -> Game:
        """A deep, independent copy: applying actions to one never changes the other."""
        return self.__deepcopy__({})

    def __reduce_ex__(self, protocol: SupportsIndex) -> str | tuple[Any, ...]:
        if _NATIVE_ATTRS is None:
            return object.__reduce_ex__(self, protocol)  # plain Python: the standard pickle of its __dict__
        # compiled: its records are frozen native classes, which the standard pickle cannot load (ecs/pickling.py)
        from ecs.pickling import dumps

        return _load_compiled, (dumps({name: getattr(self, name) for name in _NATIVE_ATTRS}),)

    def __deepcopy__(self, memo: dict[int, Any]) -> Game:
        # One pass with one memo (ecs/state_copy.py), so an object reached from two attributes (a PlayerState
        # is in ``player_states`` and in the world) is one object in the copy too; card definitions and
        # compiled abilities are immutable and shared. The World copies esper's entities itself: the generic
        # deepcopy would copy the handle's name only, and the copy would share the original's world.
        other = Game.__new__(Game)
        memo[id(self)] = other
        # Caches of answers keyed on versions start empty in the copy (always a correct cache) rather than being
        # copied entry by entry: they were a fifth of a clone's time (issue 11). Hooks by name are shared tuples.
        for name in SHARED:  # (in the memo: a reference to one from anywhere else in the game is shared too)
            value = getattr(self, name)
            memo[id(value)] = value
        # Attribute by attribute in one loop: most are numbers, flags or None (shared), and this skips the generic
        # dict copy's checks, which cost more than the ~120 attributes themselves.
        atomic = ATOMIC
        copying: Any = _COPIED_ATTRS
        if copying is None:  # plain Python: the attributes are the instance's dict
            state = self.__dict__
            copied = state.copy()
            for name, value in state.items():
                if type(value) not in atomic and name not in CACHES:
                    copied[name] = _copy_attribute(value, memo)
            for name, empty in CACHES.items():
                copied[name] = empty()
            copied["hook_cache"] = dict(self.hook_cache)
            other.__dict__ = copied
            return other
        # Compiled by mypyc, a Game has no __dict__: each attribute is read and written by name (one generic access
        # each way; a dict of them, mypyc's __getstate__ and __setstate__, cost ~40% more)
        for name in copying:
            value = getattr(self, name)
            setattr(other, name, value if type(value) in atomic else _copy_attribute(value, memo))
        for name, empty in CACHES.items():
            setattr(other, name, empty())
        other.hook_cache = dict(self.hook_cache)
        return other

    def to_json(self) -> dict[str, Any]:
        """The game as JSON-ready data: how it was built plus every decision taken (a replay)."""
        from ecs.saves import game_to_json

        return game_to_json(self)

    @staticmethod
    def from_json(data: Any, source: str = "<save>") -> Game:
        """Rebuild a game from :meth:`to_json` data by replaying it; errors name the field."""
        from ecs.saves import game_from_json

        return game_from_json(data, source)

    def observation(self, player: int) -> dict[str, Any]:
        """What ``player`` may see (CR 400.2): hidden zones of others are reduced to counts."""
        from ecs.notation import observation

        return observation(self, player)

    def determinize(self, viewer: int, rng: np.random.Generator) -> Game:
        """A copy in which everything hidden from ``viewer`` is resampled from ``rng`` consistently with what
        they know, with a fresh generator (for search agents; ecs/hidden_information.py)."""
        from ecs.hidden_information import determinize

        return determinize(self, viewer, rng)

    def information_state(self, player: int) -> str:
        """A deterministic key of what ``player`` knows now (for information-set trees)."""
        from ecs.hidden_information import information_state

        return information_state(self, player)

    def require_decision(self, kind: DecisionKind) -> Decision:
        if self.pending is None or self.pending.kind != kind:
            got = "none" if self.pending is None else self.pending.kind.value
            raise IllegalActionError(f"expected a {kind.value} decision, the game is at {got}")
        return self.pending


# The attributes of a Game compiled by mypyc (a native class, without __dict__), or None in plain Python. (Final:
# compiled, a C static read, not a look-up in the module's dict at each Game.apply)
_NATIVE_ATTRS: Final[tuple[str, ...] | None] = vars(Game).get("__mypyc_attrs__")
# Compiled: the attributes a copy copies (the caches start empty instead), else None.
_COPIED_ATTRS: Final[tuple[str, ...] | None] = (
    None if _NATIVE_ATTRS is None else tuple(name for name in _NATIVE_ATTRS if name not in CACHES))


def _copy_attribute(value: Any, memo: dict[int, Any]) -> Any:
    """``copy_state`` of a Game attribute that is not immutable: dicts and lists are most (compiled, their copiers are
    native calls; the others' are generic calls through the table)."""
    kind = type(value)
    if kind is dict:
        return copy_dict(value, memo)
    if kind is list:
        return copy_list(value, memo)
    return (DISPATCH.get(kind) or copier_for(kind))(value, memo)


def _load_compiled(data: bytes) -> Game:
    """A compiled Game from its pickled attributes (``Game.__reduce_ex__``)."""
    import pickle

    game = Game()
    for name, value in pickle.loads(data).items():  # noqa: S301 - the caller unpickles a Game: this is its data
        setattr(game, name, value)
    return game

"""Trigger events beyond the basic ones of content/oracle/lines.py (CR 603.2): what a cast spell has
to be ("a historic spell", "a Spirit or Arcane spell", "a spell with mana value 3 or less", "a spell
that targets ~"). The game side is systems/trigger_events.py; the renderer is render.py trigger_text.
"""

from __future__ import annotations

import dataclasses
import re

from components.abilities import Condition, PermanentFilter, TriggerCondition, TriggerKind
from components.characteristics import CardType
from components.objects import Step
from content.oracle.phrases import NoParse, noun_phrase

CREATURE = int(CardType.CREATURE)
_WHOSE = {"you": "your", "an opponent": "opponent", "a player": "each"}

# Words that describe a spell but not a permanent filter (CR 700.6 historic, 105.2c multicolored,
# 702.33d kicked): stripped before the rest is read as a description of objects.
QUALITIES = ("historic", "multicolored", "kicked")

# What a spell filter can say that systems/trigger_events.py checks on a spell on the stack.
_SPELL_FIELDS = {"types_any", "types_all", "types_none", "subtypes_any", "supertypes_any", "supertypes_none",
                 "colors_any", "colors_none", "keywords_any", "keywords_none", "power_at_most", "power_at_least",
                 "toughness_at_most", "toughness_at_least", "mana_value_at_most", "mana_value_at_least",
                 "mana_value_is"}


def _set_fields(f: PermanentFilter) -> set[str]:
    default = PermanentFilter()
    return {k for k in f.__dataclass_fields__ if getattr(f, k) != getattr(default, k)}


# What else a cast trigger can say about the spell or the moment (systems/trigger_events.py cast_matches).
_CAST_DETAILS = {
    "that targets ~": "targets_self",  # heroic: one of the spell's targets is this permanent (115.1)
    "from your hand": "from_hand",  # the zone it was cast from (601.2a)
    "from a graveyard": "from_graveyard",
    "during an opponent's turn": "opponents_turn",
    "during your turn": "your_turn",
}


def cast_trigger(who: str, what: str) -> tuple[TriggerCondition, str]:
    """'you cast a creature spell', 'an opponent casts a multicolored spell', 'a player casts a spell with
    mana value 3 or less', 'you cast a spell that targets ~' (heroic): CR 601.2i, the spell is cast once it
    is on the stack with its targets chosen and its costs paid."""
    if who not in _WHOSE:
        raise NoParse("who casts")
    whose = _WHOSE[who]
    detail = ""
    for words, name in _CAST_DETAILS.items():
        if what.endswith(" " + words):
            detail = name
            what = what[: -len(words) - 1]
            break
    quality = ""
    m = re.fullmatch(r"(?:a|an) (historic|multicolored|kicked) (.+)", what)
    if m:
        quality = m.group(1)
        what = "a " + m.group(2)
    noun, rest = noun_phrase(what)
    if rest or noun.head != "spell" or noun.det != "a" or noun.zone:
        raise NoParse("cast what")
    f = noun.filter()
    fields = _set_fields(f)
    if fields - _SPELL_FIELDS:
        raise NoParse("cast filter")
    if not quality and not detail and not fields - {"types_any", "types_none", "colors_any"}:
        # the plain form (prowess reads the same fields)
        return TriggerCondition(TriggerKind.CAST, "filter", None, whose=whose, spell_types_any=f.types_any,
                                spell_types_none=f.types_none, spell_colors_any=f.colors_any), "event"
    return TriggerCondition(TriggerKind.CAST, "filter", None, whose=whose, spell=f if fields else None,
                            spell_quality=quality, detail=detail), "event"


# ------------------------------------------------------------------ becoming the target (115.1, 603.2)

_TARGET_EVENT = re.compile(r"(?P<subj>.+?) becomes the target of (?P<what>a spell or ability|a spell|an ability|"
                           r"an? [a-z ]+? spell)(?: (?P<who>you control|an opponent controls))?")
_TARGET_WHAT = {"a spell or ability": "", "a spell": "spell", "an ability": "ability"}
_TARGET_WHO = {None: "each", "you control": "your", "an opponent controls": "opponent"}


def _subject(text: str) -> tuple[str, PermanentFilter | None, str]:
    """The object of a trigger event: '~', 'enchanted creature' (what the source is attached to), or a
    description ('another creature you control'); returns (subject, filter, what 'it' refers to)."""
    if text == "~":
        return "self", None, "self"
    if text == "enchanted creature":
        return "attached", None, "event"
    noun, rest = noun_phrase(text)
    if rest or noun.det not in ("a", "") or noun.head != "permanent" or noun.plural or noun.zone:
        raise NoParse("trigger subject")
    return "filter", noun.filter(), "event"


def _becomes_target(text: str) -> tuple[TriggerCondition, str] | None:
    """'~ becomes the target of a spell or ability [an opponent controls]', '... of a spell', '... of an Aura
    spell', 'enchanted creature becomes the target of ...' (115.1: once per spell or ability, 702.21a)."""
    m = _TARGET_EVENT.fullmatch(text)
    if not m:
        return None
    subject, f, it = _subject(m.group("subj"))
    what = m.group("what")
    spell = None
    if what in _TARGET_WHAT:
        detail = _TARGET_WHAT[what]
    else:
        noun, rest = noun_phrase(what)
        if rest or noun.head != "spell" or noun.det != "a":
            raise NoParse("becomes the target of what")
        spell = noun.filter()
        if _set_fields(spell) - _SPELL_FIELDS:
            raise NoParse("becomes the target of what")
        detail = "spell"
    return TriggerCondition(TriggerKind.BECOMES_TARGET, subject, f, whose=_TARGET_WHO[m.group("who")],
                            spell=spell, detail=detail), it


# ------------------------------------------------------------------ intervening "if" clauses (603.4)

_NUMBER_WORDS = {"no": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7}
_CAST_CONDITIONS = {"you cast it": "you_cast_it", "you cast it from your hand": "you_cast_it_from_hand"}


def intervening_condition(text: str) -> Condition | None:
    """Conditions that name the trigger's player or object: 'that player has two or fewer cards in hand'
    (the player of the event, or whose step it is), 'you cast it [from your hand]' (601.2, the object the
    event is about). None for other texts."""
    m = re.fullmatch(r"that player has (no|one|two|three|four|five|six|seven)(?: or (fewer|more))? cards in hand",
                     text)
    if m:
        n = _NUMBER_WORDS[m[1]]
        if n == 0 and m[2]:
            raise NoParse("no or fewer")
        if not m[2] and n:
            raise NoParse("exactly n cards")
        kind = "that_player_hand_at_least" if m[2] == "more" else "that_player_hand_at_most"
        return Condition(kind, n)
    m = re.fullmatch(r"you (didn't )?cast it( from your hand)?", text)
    if m:
        return Condition(_CAST_CONDITIONS["you cast it" + (m[2] or "")], negate=bool(m[1]))
    return None


def intervening_words(c: Condition) -> str | None:
    """The renderer's side of :func:`intervening_condition`."""
    if c.kind in ("that_player_hand_at_most", "that_player_hand_at_least"):
        if c.n == 0:
            return "that player has no cards in hand"
        word = {v: k for k, v in _NUMBER_WORDS.items()}[c.n]
        return f"that player has {word} or {'fewer' if c.kind.endswith('most') else 'more'} cards in hand"
    for words, kind in _CAST_CONDITIONS.items():
        if c.kind == kind:
            return words.replace("you cast", "you didn't cast") if c.negate else words
    return None


def check_intervening(cond: Condition, trig: TriggerCondition, has_player: bool) -> None:
    """Refuse a condition of this module whose antecedent the trigger doesn't give: "that player" needs a
    player event or another player's step; "you cast it" needs an object that entered."""
    if cond.kind.startswith("that_player_") and not has_player:
        raise NoParse("'that player' without antecedent")
    if cond.kind in _CAST_CONDITIONS.values() and trig.kind != TriggerKind.ENTERS:
        raise NoParse("'you cast it' without an object that entered")


# ------------------------------------------------------------------ steps of another player (603.2b)

# Other names Oracle text uses for a step the renderer writes one way (kept for the round trip only).
STEP_ALIASES = frozenset({"the end step", "your first main phase", "your second main phase", "each player's upkeep",
                          "each player's end step", "each player's draw step"})

_ATTACHED_STEP = re.compile(r"the (?P<step>upkeep|end step) of enchanted (?P<what>creature|permanent|land|artifact|"
                            r"enchantment)'s controller")
_STEP_WORDS = {"upkeep": Step.UPKEEP, "end step": Step.END}
_WHAT_TYPES = {"creature": int(CardType.CREATURE), "land": int(CardType.LAND), "artifact": int(CardType.ARTIFACT),
               "enchantment": int(CardType.ENCHANTMENT), "permanent": 0}


def step_and_event(step_text: str) -> list[tuple[TriggerCondition, str]] | None:
    """'your upkeep and whenever you cast a blue spell' (after "At the beginning of"): the step and another
    event, two triggered abilities with one effect (603.2)."""
    from content.oracle.lines import _STEPS, trigger_condition

    m = re.fullmatch(r"(?P<step>.+?) and whenever (?P<ev>.+)", step_text)
    if not m or m["step"] not in _STEPS:
        return None
    st, whose = _STEPS[m["step"]]
    first = TriggerCondition(TriggerKind.BEGINNING_OF_STEP, "self", None, step=int(st), whose=whose)
    second, _ = trigger_condition(m["ev"])
    return [(first, "none"), (second, "none")]


def step_trigger(text: str) -> tuple[TriggerCondition, str] | None:
    """'at the beginning of the upkeep of enchanted creature's controller': that player's step (603.2b);
    "that player" is the player whose step it is, "that creature" the enchanted permanent."""
    m = _ATTACHED_STEP.fullmatch(text)
    if not m:
        return None
    types = _WHAT_TYPES[m["what"]]
    return TriggerCondition(TriggerKind.BEGINNING_OF_STEP, "self", PermanentFilter(types_any=types) if types else None,
                            step=int(_STEP_WORDS[m["step"]]), whose="attached_controller"), "attached"


# ------------------------------------------------------------------ abilities that work from the graveyard (113.6k)

# The events systems/triggers.py matches for a card in a graveyard (its main loop and ``_observers``).
# (Not "dies": a card going to the graveyard with the event must not see it from there, 603.10a.)
_GRAVEYARD_KINDS = frozenset({TriggerKind.CAST, TriggerKind.YOU_ATTACK, TriggerKind.ENTERS,
                              TriggerKind.BEGINNING_OF_STEP, TriggerKind.DRAWS, TriggerKind.DISCARDS,
                              TriggerKind.GAIN_LIFE})


def graveyard_trigger(trig: TriggerCondition) -> TriggerCondition:
    """"Whenever you cast a multicolored spell, you may return ~ from your graveyard to your hand": an ability
    whose effect moves its card out of the graveyard works only there (113.6k); it watches other objects."""
    if trig.kind not in _GRAVEYARD_KINDS or trig.subject != "filter" and trig.kind != TriggerKind.BEGINNING_OF_STEP:
        raise NoParse("a graveyard trigger of this event")
    return dataclasses.replace(trig, zone="graveyard")


# ------------------------------------------------------------------ the hooks of lines.py


_ATTACHED_LEAVES = re.compile(r"(?P<how>enchanted|equipped) (?P<what>creature|permanent|land|artifact) "
                              r"(?P<event>dies|leaves the battlefield|is put into a graveyard from the battlefield)")
_LEAVE_KINDS = {"dies": TriggerKind.DIES, "leaves the battlefield": TriggerKind.LEAVES,
                "is put into a graveyard from the battlefield": TriggerKind.PUT_INTO_GRAVEYARD}
_ATTACHED_TYPES = {"creature": int(CardType.CREATURE), "land": int(CardType.LAND),
                   "artifact": int(CardType.ARTIFACT), "permanent": 0}


def _attached_leaves(text: str) -> tuple[TriggerCondition, str] | None:
    """'When enchanted creature dies', 'Whenever equipped creature dies', 'When enchanted land is put into a
    graveyard from the battlefield': the permanent the source was attached to as it left (603.10a);
    "it"/"that card" is the card in its new zone (400.7)."""
    m = _ATTACHED_LEAVES.fullmatch(text)
    if not m:
        return None
    if m["event"] == "dies" and m["what"] != "creature":
        raise NoParse("dies needs a creature")
    types = _ATTACHED_TYPES[m["what"]]
    f = PermanentFilter(types_any=types) if types else None
    return TriggerCondition(_LEAVE_KINDS[m["event"]], "attached", f,
                            detail="equipped" if m["how"] == "equipped" else ""), "event"


# ------------------------------------------------------------------ sacrificing (701.21a)

# What systems/triggers.py _lki_matches reads of an object that has left the battlefield (603.10a).
_LOOK_BACK_FIELDS = {"types_any", "types_none", "token", "colors_any", "colors_none", "subtypes_any",
                     "exclude_source"}


def _sacrifices(text: str) -> tuple[TriggerCondition, str] | None:
    """'you sacrifice a creature', 'you sacrifice another permanent', 'a player sacrifices a Food':
    the permanent as it last existed on the battlefield (603.10a); "it" is the card it became (400.7)."""
    m = re.fullmatch(r"(?P<who>you|an opponent|a player) (?P<verb>sacrifices?) (?P<what>.+)", text)
    if not m:
        return None
    if (m["who"] == "you") != (m["verb"] == "sacrifice"):
        raise NoParse("sacrifice verb")
    noun, rest = noun_phrase(m["what"])
    if rest or noun.det != "a" or noun.head != "permanent" or noun.plural or noun.zone:
        raise NoParse("sacrifice what")
    f = noun.filter()
    if _set_fields(f) - _LOOK_BACK_FIELDS:
        raise NoParse("sacrifice filter")
    return TriggerCondition(TriggerKind.SACRIFICED, "filter", f, whose=_WHOSE[m["who"]]), "event"


# ------------------------------------------------------------------ "one or more" (603.2c)

ONCE_EACH_TURN = "this ability triggers only once each turn."
_BATCH_EVENTS = {"die": TriggerKind.DIES, "enter": TriggerKind.ENTERS}


def _one_or_more_filter(what: str) -> PermanentFilter:
    """The permanents of 'one or more [permanents]' (603.2c: one trigger for all of them in one event): a plain
    plural description of permanents on the battlefield, or the line isn't read."""
    noun, rest = noun_phrase(what)
    if rest or noun.det != "" or noun.head != "permanent" or noun.zone:
        raise NoParse("one or more what")
    return noun.filter()


def _one_or_more(text: str) -> tuple[TriggerCondition, str] | None:
    """'one or more nontoken creatures you control die', 'one or more tokens you control enter': one trigger
    for all the objects of one event (603.2c). Read only with "This ability triggers only once each turn."
    (lines.py refuses it otherwise): then the first object to die or enter in a turn triggers it and no
    other does, which is the same whether or not others died or entered with it."""
    m = re.fullmatch(r"one or more (?P<what>.+) (?P<event>die|enter)", text)
    if not m:
        return None
    f = _one_or_more_filter(m["what"])
    kind = _BATCH_EVENTS[m["event"]]
    if kind == TriggerKind.DIES:
        if not (f.types_any == CREATURE or f.types_all & CREATURE or f.subtypes_any):
            raise NoParse("dies needs a creature")
        if _set_fields(f) - _LOOK_BACK_FIELDS - {"controller", "types_all"}:
            raise NoParse("look-back filter")  # 603.10a: what last known information keeps
    return TriggerCondition(kind, "filter", f, detail="batch"), "none"


def _attack_you(text: str) -> tuple[TriggerCondition, str] | None:
    """'one or more creatures attack you', 'an opponent attacks you': once as an opponent declares attackers
    (508.1m), if at least one attacks you (the player, 506.3)."""
    if text == "an opponent attacks you":
        return TriggerCondition(TriggerKind.YOU_ATTACK, "filter", None, whose="opponent",
                                detail="opponent_attacks_you"), "none"
    if text == "one or more creatures attack you":
        return TriggerCondition(TriggerKind.YOU_ATTACK, "filter", None, whose="opponent", detail="attack_you"), "none"
    return None


def _attack_with(text: str) -> tuple[TriggerCondition, str] | None:
    """'you attack with one or more Birds', 'one or more Vehicles you control attack': once as attackers
    are declared (508.1m), if at least one of them is one."""
    m = re.fullmatch(r"you attack with one or more (?P<what>.+)", text) or re.fullmatch(
        r"one or more (?P<what>.+?) you control attack", text)
    if not m:
        return None
    noun, rest = noun_phrase(m["what"])
    if rest or noun.det != "" or noun.head != "permanent" or noun.zone or noun.f.get("controller"):
        raise NoParse("attack with what")  # (a subtype like "Treefolk" is the same word in both numbers)
    f = noun.filter()
    if f.exclude_source or f.combat:
        raise NoParse("attack with what")
    return TriggerCondition(TriggerKind.YOU_ATTACK, "filter", f, whose="your",
                            detail="with" if text.startswith("you ") else "control"), "none"


def _batch_combat_damage(text: str) -> tuple[TriggerCondition, str] | None:
    """'one or more creatures you control deal combat damage to a player': once per combat damage step for
    each player dealt damage (510.2, 603.2c); "that player" is that player."""
    m = re.fullmatch(r"one or more (?P<what>.+) deal combat damage to (?P<to>a player|an opponent)", text)
    if not m:
        return None
    f = _one_or_more_filter(m["what"])
    if f.exclude_source:
        raise NoParse("one or more other")
    return TriggerCondition(TriggerKind.BATCH_COMBAT_DAMAGE, "filter", f,
                            recipient="player" if m["to"] == "a player" else "opponent"), "none"


def event_trigger(text: str) -> tuple[TriggerCondition, str] | None:
    """One trigger event of this module's family, or None when the text isn't one of them."""
    m = re.fullmatch(r"(?P<what>an? .+|another .+) enters under (?P<who>your|an opponent's) control", text)
    if m:
        # the older wording of "a land you control enters" (the controller as it enters, 603.6a)
        from content.oracle.lines import trigger_condition

        who = "you control" if m["who"] == "your" else "an opponent controls"
        trig, it = trigger_condition(f"{m['what']} {who} enters")
        return dataclasses.replace(trig, detail="under"), it
    if text == "a creature dealt damage by ~ this turn dies":  # 603.10a: the creature as it died
        return TriggerCondition(TriggerKind.DIES, "filter", PermanentFilter(types_any=CREATURE),
                                detail="damaged_by_self"), "event"
    m = re.fullmatch(r"you expend (\d+)", text)
    if m:  # 700.14
        return TriggerCondition(TriggerKind.EXPENDS, "filter", None, whose="your", nth=int(m[1])), "none"
    if text == "you gain life for the first time each turn":  # the player's first life gain this turn (119.9)
        return TriggerCondition(TriggerKind.GAIN_LIFE, "filter", None, whose="your", nth=1), "none"
    if text == "you cycle ~":  # 702.29c: from whatever zone the card wound up in
        return TriggerCondition(TriggerKind.CYCLED, "self"), "none"
    m = re.fullmatch(r"(you cycle|a player cycles|an opponent cycles) a card", text)
    if m:
        return TriggerCondition(TriggerKind.CYCLED, "filter", None, whose=_WHOSE[m[1].rsplit(" ", 1)[0]]), "none"
    if text == "you cycle or discard a card":
        # 702.29d: a cycled card is discarded too, and the ability triggers once: it is a discard trigger
        return TriggerCondition(TriggerKind.DISCARDS, "filter", None, whose="your", detail="cycle or"), "none"
    if text in ("you commit a crime", "an opponent commits a crime", "a player commits a crime"):
        who = text.split(" commit")[0]
        return TriggerCondition(TriggerKind.COMMITS_CRIME, "filter", None, whose=_WHOSE[who]), "none"  # 700.13
    if (batch_damage := _batch_combat_damage(text)) is not None:
        return batch_damage
    if (attack := _attack_with(text) or _attack_you(text)) is not None:
        return attack
    if (batch := _one_or_more(text)) is not None:
        return batch
    if (sacrificed := _sacrifices(text)) is not None:
        return sacrificed
    if (attached := _attached_leaves(text)) is not None:
        return attached
    if text == "~ blocks or becomes blocked":
        return TriggerCondition(TriggerKind.BLOCKS_OR_BECOMES_BLOCKED), "self"  # 509.3a, 509.3c: once each
    return _becomes_target(text)


def event_triggers(text: str) -> list[tuple[TriggerCondition, str]] | None:
    """Two trigger events on one ability ("~ enters or becomes the target of ..."): two triggered
    abilities with the same effect, each triggering on its own events (603.2)."""
    from content.oracle.lines import trigger_condition

    m = re.fullmatch(r"~ (enters|dies|attacks) or (becomes the target of .+)", text)
    if m:
        return [trigger_condition(f"~ {m.group(1)}"), trigger_condition(f"~ {m.group(2)}")]
    m = re.fullmatch(r"~ or (?P<att>enchanted|equipped) creature (?P<ev>attacks|blocks|dies)", text)
    if m:
        # "Whenever ~ or equipped creature attacks": ~ itself, or the creature it's attached to
        kind = {"attacks": TriggerKind.ATTACKS, "blocks": TriggerKind.BLOCKS, "dies": TriggerKind.DIES}[m["ev"]]
        if kind == TriggerKind.DIES:
            second = _attached_leaves(f"{m['att']} creature dies")
            assert second is not None
        else:
            second = (TriggerCondition(kind, "attached", detail="equipped" if m["att"] == "equipped" else ""),
                      "event")
        return [trigger_condition(f"~ {m['ev']}"), second]
    m = re.fullmatch(r"~ or (?P<what>an? .+) (?P<ev>enters|dies|attacks)", text)
    if m and not m["what"].startswith("another"):
        # "~ or a legendary creature you control enters": ~ once, and any other one (it would otherwise
        # trigger twice for ~ itself)
        other, other_it = trigger_condition(f"{m['what']} {m['ev']}")
        if other.subject != "filter" or other.filter is None or other.kind == TriggerKind.CAST:
            raise NoParse("~ or a what")
        other = dataclasses.replace(other, filter=dataclasses.replace(other.filter, exclude_source=True),
                                    detail="or a")
        return [trigger_condition(f"~ {m['ev']}"), (other, other_it)]
    m = re.fullmatch(r"(?P<first>~ (?:enters|dies|attacks)) and (?:(?P<at>at the beginning of .+)|whenever (?P<ev>.+))",
                     text)
    if m:
        # "When ~ enters and at the beginning of your upkeep, ...": each event triggers it (603.2); "it" is ~
        first = trigger_condition(m["first"])
        if m["at"]:
            from content.oracle.lines import _STEPS

            step = m["at"][len("at the beginning of "):]
            if step not in _STEPS:
                raise NoParse("step")
            st, whose = _STEPS[step]
            second_event = TriggerCondition(TriggerKind.BEGINNING_OF_STEP, "self", None, step=int(st), whose=whose)
        else:
            second_event, _ = trigger_condition(m["ev"])
        return [first, (second_event, first[1])]
    return None


def join_events(first: tuple[str, str], second: tuple[str, str]) -> str | None:
    """The renderer's "~ enters and at the beginning of your upkeep" / "~ enters and whenever you ...": two
    events of one ability that :func:`event_triggers` reads (None for the other pairs)."""
    (_, event1), (lead2, event2) = first, second
    if event1.startswith("the beginning of ") and lead2 == "Whenever":
        return f"{event1} and whenever {event2}"  # "At the beginning of your upkeep and whenever you cast ..."
    m = re.fullmatch(r"(?P<how>enchanted|equipped) creature (?P<ev>attacks|blocks|dies)", event2)
    if m and event1 == f"~ {m['ev']}":
        return f"~ or {event2}"
    if event2.startswith("a ~ or "):
        return event2[2:]  # "~ or a legendary creature you control enters" (render_trigger)
    if not re.fullmatch(r"~ (?:enters|dies|attacks)", event1) or event2.startswith(("~ ", "another ")):
        return None
    return f"{event1} and {lead2.lower()} {event2}"


def printed_lead(trig: TriggerCondition, word: str) -> TriggerCondition:
    """Keep "When" where the renderer would write "Whenever" (the round trip; 603.2 reads both the same)."""
    if word != "when":
        return trig
    from content.oracle.render import trigger_text

    if trigger_text(trig)[0] == "Whenever":
        return dataclasses.replace(trig, lead="when")
    return trig


def render_trigger(t: TriggerCondition) -> tuple[str, str] | None:
    """The renderer's side of this module: ('When'/'Whenever', event), or None for other events."""
    if t.kind == TriggerKind.CAST:
        text = cast_text(t)
        return None if text is None else ("Whenever", text)
    if t.detail == "under" and t.kind == TriggerKind.ENTERS and t.filter is not None:
        from content.oracle.render import _without_other, noun

        who = {"you": "your", "opponent": "an opponent's"}[t.filter.controller]
        f = dataclasses.replace(t.filter, controller="any")
        thing = noun(_without_other(f))
        art = "another" if f.exclude_source else ("an" if thing[:1].lower() in "aeiou" else "a")
        return "Whenever", f"{art} {thing} enters under {who} control"
    if t.detail == "or a" and t.filter is not None:
        from content.oracle.render import _EVENTS, noun

        thing = noun(dataclasses.replace(t.filter, exclude_source=False))
        return "Whenever", f"a ~ or {'an' if thing[:1].lower() in 'aeiou' else 'a'} {thing} {_EVENTS[t.kind]}"
    if t.detail == "batch" and t.kind in (TriggerKind.DIES, TriggerKind.ENTERS):
        from content.oracle.render import noun

        verb = "die" if t.kind == TriggerKind.DIES else "enter"
        f = t.filter or PermanentFilter()
        other = "other " if f.exclude_source else ""
        f = dataclasses.replace(f, exclude_source=False)
        return "Whenever", f"one or more {other}{noun(f, plural=True)} {verb}"
    if t.kind == TriggerKind.YOU_ATTACK and t.detail == "attack_you":
        return "Whenever", "one or more creatures attack you"
    if t.kind == TriggerKind.YOU_ATTACK and t.detail == "opponent_attacks_you":
        return "Whenever", "an opponent attacks you"
    if t.kind == TriggerKind.YOU_ATTACK and t.filter is not None and t.detail in ("with", "control"):
        from content.oracle.render import noun

        things = noun(t.filter, plural=True)
        if t.detail == "with":
            return "Whenever", f"you attack with one or more {things}"
        return "Whenever", f"one or more {things} you control attack"
    if t.kind == TriggerKind.BATCH_COMBAT_DAMAGE:
        from content.oracle.render import noun

        to = "a player" if t.recipient == "player" else "an opponent"
        return "Whenever", f"one or more {noun(t.filter, plural=True)} deal combat damage to {to}"
    if t.kind == TriggerKind.BEGINNING_OF_STEP and t.detail.startswith("step:"):
        return "At", "the beginning of " + t.detail[len("step:"):]  # the printed name of the step
    if t.subject == "attached" and t.detail == "equipped" and t.kind not in _LEAVE_TEXT:
        from content.oracle.render import _event_text

        return "Whenever", f"equipped creature {_event_text(t)}"
    if t.kind == TriggerKind.BEGINNING_OF_STEP and t.whose == "attached_controller":
        what = {v: k for k, v in _WHAT_TYPES.items()}[t.filter.types_any if t.filter is not None else 0]
        step = {int(v): k for k, v in _STEP_WORDS.items()}[t.step]
        return "At", f"the beginning of the {step} of enchanted {what}'s controller"
    if t.detail == "damaged_by_self" and t.kind == TriggerKind.DIES:
        return "Whenever", "a creature dealt damage by ~ this turn dies"
    if t.kind == TriggerKind.GAIN_LIFE and t.nth == 1 and t.whose == "your":
        return "Whenever", "you gain life for the first time each turn"
    if t.kind == TriggerKind.EXPENDS:
        return "Whenever", f"you expend {t.nth}"
    if t.kind == TriggerKind.CYCLED:
        if t.subject == "self":
            return "When", "you cycle ~"
        return "Whenever", {"your": "you cycle", "opponent": "an opponent cycles",
                            "each": "a player cycles"}[t.whose] + " a card"
    if t.kind == TriggerKind.DISCARDS and t.detail == "cycle or":
        return "Whenever", "you cycle or discard a card"
    if t.kind == TriggerKind.COMMITS_CRIME:
        return "Whenever", {"your": "you commit", "opponent": "an opponent commits",
                            "each": "a player commits"}[t.whose] + " a crime"
    if t.kind == TriggerKind.SACRIFICED:
        who = {"your": "you sacrifice", "opponent": "an opponent sacrifices", "each": "a player sacrifices"}[t.whose]
        return "Whenever", f"{who} {_subject_text(t)}"
    if t.kind in _LEAVE_TEXT and t.subject == "attached":
        what = {int(CardType.CREATURE): "creature", int(CardType.LAND): "land", int(CardType.ARTIFACT): "artifact"
                }.get(t.filter.types_any if t.filter is not None else 0, "permanent")
        how = "equipped" if t.detail == "equipped" else "enchanted"
        return "Whenever", f"{how} {what} {_LEAVE_TEXT[t.kind]}"
    if t.kind == TriggerKind.BLOCKS_OR_BECOMES_BLOCKED and t.subject == "self":
        return "Whenever", "~ blocks or becomes blocked"
    if t.kind == TriggerKind.BECOMES_TARGET:
        from content.oracle.render import noun

        what = {"": "a spell or ability", "spell": "a spell", "ability": "an ability"}[t.detail]
        if t.spell is not None:
            spell = noun(t.spell, base="spell", head="spell")
            what = f"{'an' if spell[:1].lower() in 'aeiou' else 'a'} {spell}"
        who = {"each": "", "your": " you control", "opponent": " an opponent controls"}[t.whose]
        return "Whenever", f"{_subject_text(t)} becomes the target of {what}{who}"
    return None


_LEAVE_TEXT = {v: k for k, v in _LEAVE_KINDS.items()}


def _subject_text(t: TriggerCondition) -> str:
    if t.subject == "self":
        return "~"
    if t.subject == "attached":
        return "enchanted creature"
    from content.oracle.render import _without_other, noun

    f = t.filter or PermanentFilter()
    if f.exclude_source:
        return f"another {noun(_without_other(f))}"
    thing = noun(f)
    return f"{'an' if thing[:1].lower() in 'aeiou' else 'a'} {thing}"


def cast_text(t: TriggerCondition) -> str | None:
    """The renderer's side of :func:`cast_trigger` for the forms only it makes; None for the plain form."""
    if t.spell is None and not t.spell_quality and not t.detail:
        return None
    from content.oracle.render import noun

    who = {"your": "you cast", "opponent": "an opponent casts", "each": "a player casts"}[t.whose]
    spell = noun(t.spell, base="spell", head="spell")
    if t.spell_quality:
        spell = f"{t.spell_quality} {spell}"
    text = f"{who} {'an' if spell[:1].lower() in 'aeiou' else 'a'} {spell}"
    for words, name in _CAST_DETAILS.items():
        if t.detail == name:
            text += " " + words
    return text


__all__ = ["QUALITIES", "STEP_ALIASES", "cast_text", "cast_trigger", "check_intervening", "event_trigger", "event_triggers", "graveyard_trigger",
           "intervening_condition", "intervening_words", "join_events", "printed_lead", "render_trigger",
           "step_and_event", "step_trigger"]

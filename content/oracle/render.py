"""Rendering compiled abilities back to Oracle-style text (the other direction of content/oracle).

Written from the dataclasses of components/abilities.py alone, without the parser's tables or
templates, so a round trip (text -> abilities -> text) checks that the compiled data says what the
card says. The card refers to itself as ``~``; reminder text is not produced.
"""

from __future__ import annotations

from components.abilities import (
    ATTACHED,
    EVENT_OBJECT,
    GROUP,
    SELF,
    AddMana,
    ApplyContinuous,
    Attach,
    ColorDefining,
    Condition,
    Conditional,
    ContinuousPart,
    CostModifier,
    Count,
    CounterSpell,
    CreateToken,
    DealDamage,
    Delayed,
    Destroy,
    Discard,
    DrawCards,
    Effect,
    EnchantAbility,
    Fight,
    GainControl,
    GainLife,
    GetEnergy,
    Group,
    KeywordAbility,
    Layer,
    LoseLife,
    ManaAbility,
    MayEffect,
    Mill,
    ModifyPowerToughness,
    MoveObject,
    PayEnergy,
    PayOrNot,
    PermanentFilter,
    PlayerRef,
    PlayerRule,
    PutCounters,
    Regenerate,
    Sacrifice,
    Scry,
    SearchLibrary,
    SkipNextUntap,
    SpellAbility,
    SpellRule,
    StaticEffect,
    StaticReplacement,
    Surveil,
    Tap,
    TargetKind,
    TargetSpec,
    TriggerCondition,
    TriggeredAbility,
    TriggerKind,
    UntapRule,
)
from components.abilities import (
    ActivatedAbility as Activated,
)
from components.characteristics import CardType, Supertype
from components.keywords import Keyword
from components.objects import Step
from content.oracle.trigger_events import join_events, render_trigger

_WORDS = {1: "a", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine",
          10: "ten"}
_NUMBER = {1: "one", **{k: v for k, v in _WORDS.items() if k > 1}}
_TYPE_ORDER = [(CardType.ARTIFACT, "artifact"), (CardType.CREATURE, "creature"), (CardType.ENCHANTMENT, "enchantment"),
               (CardType.LAND, "land"), (CardType.PLANESWALKER, "planeswalker"), (CardType.BATTLE, "battle"),
               (CardType.INSTANT, "instant"), (CardType.SORCERY, "sorcery"), (CardType.KINDRED, "kindred")]
_TYPE_PLURAL = {"sorcery": "sorceries"}
_COLORS = [(1, "white"), (2, "blue"), (4, "black"), (8, "red"), (16, "green")]
_MANA = {1: "{W}", 2: "{U}", 4: "{B}", 8: "{R}", 16: "{G}", 32: "{C}"}
_INVARIANT = {"Merfolk", "Sheep", "Fish", "Djinn", "Kithkin", "Moonfolk", "Aurochs", "Myr", "Slith", "Kor",
              "Thalakos", "Efreet", "Gith", "Equipment", "Atog"}
_IRREGULAR = {"Elf": "Elves", "Dwarf": "Dwarves", "Wolf": "Wolves", "Werewolf": "Werewolves", "Mouse": "Mice",
              "Ox": "Oxen", "Fungus": "Fungi", "Faerie": "Faeries"}


# ------------------------------------------------------------------ words


def pair_order(items: list[str]) -> list[str]:
    """Two colours (or their mana symbols), given in WUBRG order, in the order Oracle text writes them: from
    the one whose clockwise neighbour on the colour wheel (WUBRG, 105.1) comes first, e.g. "red and white",
    "green and blue", "{R}{W}"; other numbers of items keep WUBRG order."""
    if len(items) != 2:
        return items
    first, second = (_WHEEL.index(x.lower()) % 5 for x in items)
    return items if (second - first) % 5 <= 2 else [items[1], items[0]]


_WHEEL = ["white", "blue", "black", "red", "green", "{w}", "{u}", "{b}", "{r}", "{g}"]


def _keyword_name(bit: int) -> str:
    """The spelling of one keyword (or one multi-bit protection such as 'from all colors')."""
    if bit == int(Keyword(0b11111 << 24)):
        return "protection from all colors"
    names = {1 << 0: "deathtouch", 1 << 1: "defender", 1 << 2: "double strike", 1 << 3: "first strike",
             1 << 4: "flash", 1 << 5: "flying", 1 << 6: "haste", 1 << 7: "hexproof", 1 << 8: "indestructible",
             1 << 9: "intimidate", 1 << 10: "lifelink", 1 << 11: "reach", 1 << 12: "shroud", 1 << 13: "trample",
             1 << 14: "vigilance", 1 << 15: "menace", 1 << 16: "fear", 1 << 17: "trample over planeswalkers"}
    if bit in names:
        return names[bit]
    qualities = ["white", "blue", "black", "red", "green", "multicolored", "monocolored", "everything",
                 "artifacts", "creatures", "enchantments", "instants", "sorceries", "planeswalkers", "lands"]
    for shift, lead in ((24, "protection from "), (39, "hexproof from ")):
        for i, q in enumerate(qualities):
            if bit == 1 << (shift + i) and (shift, i) != (39, 7):  # bit 46 is wither (components/keywords.py)
                return lead + q
    from components.keywords import KEYWORD_NAMES  # keywords added to the engine's table since (landwalk ...)

    for name, value in KEYWORD_NAMES.items():
        if int(value) == bit:
            return name
    raise ValueError(f"no keyword name for bit {bit}")


def _keywords_text(mask: int, order: tuple[int, ...] = ()) -> list[str]:
    bits = list(order) if order else [1 << i for i in range(64) if mask >> i & 1]
    out: list[str] = []
    prot: list[str] = []
    for b in bits:
        name = _keyword_name(b)
        if name.startswith("protection from ") and name != "protection from all colors" and not order:
            prot.append(name[len("protection from "):])
            continue
        out.append(name)
    if prot:
        out.append("protection from " + " and from ".join(prot))
    return out


def _and_list(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    if len(items) == 2:
        return f"{items[0]} and {items[1]}"
    return ", ".join(items[:-1]) + ", and " + items[-1]


def _or_list(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    if len(items) == 2:
        return f"{items[0]} or {items[1]}"
    return ", ".join(items[:-1]) + ", or " + items[-1]


def _plural_subtype(name: str) -> str:
    if name in _INVARIANT:
        return name
    if name in _IRREGULAR:
        return _IRREGULAR[name]
    if name.endswith("y") and name[-2:-1] not in "aeiou":
        return name[:-1] + "ies"
    if name.endswith(("s", "x", "ch", "sh")):
        return name + "es"
    return name + "s"


def _mana_cost(cost: object) -> str:
    return str(getattr(cost, "text", cost))


def _count_word(n: int) -> str:
    return _WORDS.get(n, str(n))


# ------------------------------------------------------------------ descriptions of objects


def noun(f: PermanentFilter | None, *, plural: bool = False, base: str = "permanent", head: str = "") -> str:
    """'nonblack creature an opponent controls', 'other Elves you control', 'artifact or enchantment'."""
    f = f or PermanentFilter()
    pre: list[str] = []
    if f.tapped is True:
        pre.append("tapped")
    elif f.tapped is False:
        pre.append("untapped")
    if f.combat:
        pre.append({"attacking": "attacking", "blocking": "blocking",
                    "attacking_or_blocking": "attacking or blocking"}[f.combat])
    if f.token is False:
        pre.append("nontoken")
    if f.supertypes_none & int(Supertype.LEGENDARY):
        pre.append("nonlegendary")
    if f.supertypes_none & int(Supertype.BASIC):
        pre.append("nonbasic")
    if f.supertypes_any & int(Supertype.LEGENDARY):
        pre.append("legendary")
    if f.supertypes_any & int(Supertype.BASIC):
        pre.append("basic")
    if f.supertypes_any & int(Supertype.SNOW):
        pre.append("snow")
    if f.colors_none == 31:
        pre.append("colorless")
    else:
        for bit, name in _COLORS:
            if f.colors_none & bit:
                pre.append("non" + name)
    if f.colors_any:
        pre.append(_or_list([name for bit, name in _COLORS if f.colors_any & bit]))
    if f.color_count:
        pre.append(f.color_count)
    for bit, name in _TYPE_ORDER:
        if f.types_none & int(bit):
            pre.append("non" + name)
    pre.extend("non-" + s for s in f.subtypes_none)
    # the head: subtypes, card types, or the base noun
    words: str
    from content.oracle.words import PERMANENT_TYPES

    if f.types_any == PERMANENT_TYPES and head and not f.subtypes_any:
        f = PermanentFilter(**{**{k: getattr(f, k) for k in f.__dataclass_fields__}, "types_any": 0})
        base = "permanent"  # "permanent cards" (110.4b)
        head_words = ("permanent " + (_plural(head) if plural else head))
    else:
        head_words = ""
    types = [name for bit, name in _TYPE_ORDER if f.types_any & int(bit)]
    all_types = [name for bit, name in _TYPE_ORDER if f.types_all & int(bit)]
    if f.subtypes_any:
        if types:  # "Zombie creatures": the card type carries the plural
            words = _or_list(list(f.subtypes_any)) + " " + (_plural(types[0]) if plural else types[0])
        else:
            subs = [(_plural_subtype(s) if plural else s) for s in f.subtypes_any]
            words = _and_list(subs) if plural else _or_list(subs)
    elif all_types:
        words = " ".join(all_types[:-1] + [_plural(all_types[-1]) if plural and not head else all_types[-1]])
    elif types:
        if plural and not head:
            words = _and_list([_plural(t) for t in types]) if len(types) > 1 else _plural(types[0])
        else:
            words = _or_list(types) if not plural else _and_list(types)
    else:
        words = _plural(base) if plural else base
    if head and f.subtypes_any and not types and plural:
        words = _or_list(list(f.subtypes_any))
    if head and (types or all_types or f.subtypes_any):
        words += " " + (_plural(head) if plural else head)
    elif head and not (types or all_types or f.subtypes_any):
        words = _plural(head) if plural else head
    if head_words:
        words = head_words
    if f.token is True:
        if plural:  # "creature tokens", "Zombie tokens": "tokens" carries the plural
            words = noun(PermanentFilter(types_any=f.types_any, types_all=f.types_all, subtypes_any=f.subtypes_any))
        if words in ("permanent", "permanents"):
            words = ""
        words = (words + " " + ("tokens" if plural else "token")).strip()
    non_types = {"non" + name for _bit, name in _TYPE_ORDER}
    first_non = next((k for k, w in enumerate(pre) if w.startswith("non")), None)
    if first_non is not None:  # Oracle lists a card type's non- first: "nonartifact, nonblack", "nonland, nontoken"
        rest = pre[first_non:]
        pre = pre[:first_non] + [w for w in rest if w in non_types] + [w for w in rest if w not in non_types]
    for k in range(len(pre) - 1, 0, -1):  # "nonartifact, nonblack creature": non- adjectives are listed with commas
        if pre[k].startswith("non") and pre[k - 1].startswith("non"):
            pre[k - 1] += ","
    text = " ".join(pre + [words])
    post: list[str] = []
    if f.controller == "you":
        post.append("you control")
    elif f.controller == "opponent":
        post.append("your opponents control" if plural else "an opponent controls")
    elif f.controller == "defending":
        post.append("defending player controls")  # 506.2
    if f.blocking_source:
        post.append(f"blocking {f.blocking_source}")  # 509.1g
    if f.with_counter:
        post.append("with a counter on it" if f.with_counter == "any" else f"with a {f.with_counter} counter on it")
    if f.without_counter:
        post.append("without a counter on it" if f.without_counter == "any"
                    else f"without a {f.without_counter} counter on it")
    if f.keywords_any:
        post.append("with " + _or_list(_keywords_text(f.keywords_any)))
    if f.keywords_none:
        post.append("without " + _or_list(_keywords_text(f.keywords_none)))
    if f.power_at_most is not None:
        post.append(f"with power {f.power_at_most} or less")
    if f.power_at_least is not None:
        post.append(f"with power {f.power_at_least} or greater")
    if f.toughness_at_most is not None:
        post.append(f"with toughness {f.toughness_at_most} or less")
    if f.toughness_at_least is not None:
        post.append(f"with toughness {f.toughness_at_least} or greater")
    if f.mana_value_at_most is not None:
        post.append(f"with mana value {f.mana_value_at_most} or less")
    if f.mana_value_at_least is not None:
        post.append(f"with mana value {f.mana_value_at_least} or greater")
    if f.mana_value_is is not None:
        post.append(f"with mana value {f.mana_value_is}")
    if post:
        text += " " + " ".join(post)
    return text


def _plural(word: str) -> str:
    return _TYPE_PLURAL.get(word, word + "s")


def _other(f: PermanentFilter | None) -> bool:
    return bool(f and f.exclude_source)


def _without_other(f: PermanentFilter | None) -> PermanentFilter | None:
    if f is None or not f.exclude_source:
        return f
    import dataclasses

    return dataclasses.replace(f, exclude_source=False)


def _zone_card_filter(f: PermanentFilter) -> tuple[PermanentFilter, str]:
    import dataclasses

    where = "from your graveyard" if f.controller == "you" else "from a graveyard"
    return dataclasses.replace(f, controller="any"), where


def target_phrase(spec: TargetSpec) -> str:
    """'target creature', 'any target', 'target spell', 'up to one target artifact'."""
    k = spec.kind
    f = spec.filter
    lead = "up to one target" if spec.optional else "target"
    if spec.optional and _other(f):
        lead = "up to one other target"  # "exile up to one other target non-Fox creature"
    other = "another " if _other(f) and not spec.optional else ""
    if other:
        lead = "target"
    f = _without_other(f)
    if k == TargetKind.ANY:
        return "any other target" if other else "any target"
    if k == TargetKind.PLAYER:
        return f"{lead} player"
    if k == TargetKind.OPPONENT:
        return f"{lead} opponent"
    if k == TargetKind.PLAYER_OR_PLANESWALKER:
        return f"{lead} player or planeswalker"
    if k == TargetKind.SPELL:
        return f"{other}{lead} " + noun(f, base="spell", head="spell")
    if k == TargetKind.CARD_IN_GRAVEYARD:
        ff, where = _zone_card_filter(f or PermanentFilter())
        return f"{other}{lead} " + noun(ff, base="card", head="card") + " " + where
    if k == TargetKind.CREATURE:
        import dataclasses

        f = dataclasses.replace(f or PermanentFilter(), types_any=int(CardType.CREATURE))
    elif k == TargetKind.CREATURE_OR_PLANESWALKER:
        import dataclasses

        f = dataclasses.replace(f or PermanentFilter(), types_any=int(CardType.CREATURE | CardType.PLANESWALKER))
    return f"{other}{lead} " + noun(f)


def group_phrase(g: Group) -> str:
    """'each creature you control', 'each opponent', 'each creature and each player'."""
    parts: list[str] = []
    if g.filter is not None:
        other = "other " if g.filter.exclude_source else ""
        parts.append(f"each {other}" + noun(_without_other(g.filter)))
    if g.players:
        parts.append({"each": "each player", "opponents": "each opponent", "you": "you"}[g.players])
    return " and ".join(parts)


def group_plural(g: Group) -> str:
    """'creatures you control', 'all other creatures' (the plural subject form)."""
    f = g.filter
    assert f is not None
    other = "other " if f.exclude_source else ""
    text = noun(_without_other(f), plural=True)
    if f.controller == "any" and not other:
        return "all " + text
    return f"{'all ' if f.controller == 'any' else ''}{other}{text}"


# ------------------------------------------------------------------ effects


class _Ctx:
    """What the renderer knows while writing one ability: its target slots, and what was mentioned."""

    def __init__(self, targets: tuple[TargetSpec, ...], self_word: str = "~") -> None:
        self.targets = targets
        self.mentioned: set[int] = set()
        self.self_word = self_word
        self.multi: dict[int, int] = {}  # first slot -> how many identical slots one phrase names
        self.event_word = "it"  # the trigger event's object: "that creature" after block / damage-to triggers
        self.event_controller_word = "its controller"  # "that player" after "whenever a player casts ..."
        self.active_word = "the active player"  # "that player" after "at the beginning of each opponent's upkeep"
        self.last: int | None = None  # the object named last: ~ named again right after itself is "it"
        self.named = 0  # how many objects were named so far
        self.last_group: Group | None = None  # the set of objects named last
        self.self_in_graveyard = False  # an ability activated from the graveyard: ~ is a card there

    def obj(self, index: int, group: Group | None = None, *, plural_group: bool = False) -> str:
        last, self.last = self.last, index
        self.named += 1
        if index == GROUP and group is not None:
            if last == GROUP and group == self.last_group and group.filter is not None:
                # the set the instruction before named: "Untap all creatures you control. They gain flying ..."
                return "those creatures" if group.filter.types_any == int(CardType.CREATURE) else "they"
            self.last_group = group
            return group_plural(group) if plural_group else group_phrase(group)
        if index == SELF:
            return "it" if last == SELF else "~"  # "When ~ enters, attach it to ...", "Sacrifice ~: It deals ..."
        if index == EVENT_OBJECT:
            return self.event_word
        if index == ATTACHED:
            return "it" if last == ATTACHED else "enchanted creature"  # "... enchanted creature. Untap it."
        if index in self.mentioned:
            if self.many(index):  # "Those creatures can't block this turn."
                return "those creatures" if self.targets[index].kind == TargetKind.CREATURE else "they"
            return "it"
        self.mentioned.add(index)
        n = self.multi.get(index, 1)
        if n > 1:
            spec = self.targets[index]
            one = target_phrase(spec)
            lead = "up to one target " if spec.optional else "target "
            rest = one[len(lead):] if one.startswith(lead) else one
            words = rest.split(" ")
            # pluralise the head noun (the word before "you control" / "from your graveyard" ...)
            cut = next((i for i, w in enumerate(words) if w in ("you", "an", "your", "from", "with", "without")),
                       len(words))
            if cut:
                words[cut - 1] = _plural(words[cut - 1]) if words[cut - 1] not in ("sorcery",) else "sorceries"
            count = _NUMBER.get(n, str(n))
            return (f"up to {count} target " if spec.optional else f"{count} target ") + " ".join(words)
        return target_phrase(self.targets[index])

    def many(self, index: int) -> bool:
        """Whether the slot stands for several identical target slots ("up to two target creatures")."""
        return self.multi.get(index, 1) > 1

    def subject(self, index: int, group: Group | None = None, each: bool = True) -> tuple[str, bool]:
        """(subject, plural) of a clause: "up to two target creatures each get +2/+2" (each target gets it)."""
        first = index not in self.mentioned
        text = self.obj(index, group, plural_group=True)
        if self.many(index):
            return (text + " each" if first and each else text), True
        return text, group is not None

    def each_of(self, index: int, group: Group | None = None) -> str:
        """An object of several target slots: "put a +1/+1 counter on each of up to two target creatures"."""
        first = index not in self.mentioned
        text = self.obj(index, group)
        return "each of " + text if first and self.many(index) else text

    def same_slots(self, index: int) -> int:
        """How many slots from ``index`` on are the same "up to N target" / "N target" description."""
        spec = self.targets[index]
        n = 1
        while index + n < len(self.targets) and self.targets[index + n] == spec:
            n += 1
        return n

    def objs(self, indices: list[int]) -> str:
        return _and_list([self.obj(i) for i in indices])

    def player(self, ref: PlayerRef | None, subject: bool = True) -> str:
        if ref is None or ref.kind == "you":
            return "you"
        if ref.kind == "target":
            if ref.index in self.mentioned:
                return "that player"
            self.mentioned.add(ref.index)
            return target_phrase(self.targets[ref.index])
        if ref.kind == "each":
            return "each player"
        if ref.kind == "opponents":
            return "each opponent"
        if ref.kind == "event_player":
            return "that player"
        if ref.kind == "active":
            return self.active_word
        if ref.kind == "controller_of":
            if ref.index == EVENT_OBJECT:
                return self.event_controller_word
            return "~'s controller" if ref.index == SELF else "its controller"
        if ref.kind == "owner_of":
            return "its owner"
        if ref.kind == "defending":
            return "defending player"  # 506.2
        return ref.kind


def _verb(subject: str, base: str) -> str:
    """'you draw' / 'each opponent draws' / 'target player draws'."""
    if subject == "you":
        return f"you {base}"
    third = base + ("es" if base.endswith(("s", "sh", "ch", "x")) else "s")
    if base == "have":
        third = "has"
    return f"{subject} {third}"


def count_phrase(c: Count, ctx: _Ctx) -> str:
    if c.kind == "x":
        return "x"
    if c.kind == "event_amount":
        return "that much"
    if c.kind == "hand":
        return "the number of cards in your hand"
    if c.kind == "life":
        return "your life total"
    if c.kind == "die_result":
        return "the result"  # CR 706.2
    if c.kind.startswith("greatest_"):
        from content.oracle.instructions import more_count_text

        return more_count_text(c)
    if c.kind in ("power_of", "toughness_of"):
        what = "power" if c.kind == "power_of" else "toughness"
        if c.ref == EVENT_OBJECT and ctx.event_word != "it":
            return f"{ctx.event_word}'s {what}"
        if c.ref == SELF:
            return f"its {what}" if ctx.last == SELF else f"~'s {what}"
        return f"its {what}"
    if c.kind == "graveyard":
        f = c.filter or PermanentFilter()
        import dataclasses

        return "the number of " + noun(dataclasses.replace(f, controller="any"), plural=True, base="card",
                                       head="card") + " in your graveyard"
    from content.oracle.statics import count_words

    words = count_words(c)  # the counts of content/oracle/statics.py
    if words is not None:
        return words
    if c.kind == "colors_spent":
        from content.oracle.mana_spent import count_words as spent_count_words

        return spent_count_words(c) or ""  # converge (601.2h)
    f = c.filter or PermanentFilter()
    other = "other " if f.exclude_source else ""
    where = " on the battlefield" if c.kind == "permanents" and f.controller == "any" else ""  # anyone's
    return f"the number of {other}" + noun(_without_other(f), plural=True) + where


def _for_each(c: Count) -> str:
    """'for each creature you control' (the singular count noun)."""
    if c.kind == "permanents":
        f = c.filter or PermanentFilter()
        other = "other " if f.exclude_source else ""
        where = " on the battlefield" if f.controller == "any" and not f.blocking_source else ""  # "for each other
        #                                                             Sliver on the battlefield"; "for each creature blocking it"
        return f"for each {other}" + noun(_without_other(f)) + where
    if c.kind == "graveyard":
        import dataclasses

        f = dataclasses.replace(c.filter or PermanentFilter(), controller="any")
        return "for each " + noun(f, base="card", head="card") + " in your graveyard"
    if c.kind == "hand":
        return "for each card in your hand"
    if c.kind == "own_colors":
        return "for each of its colors"  # content/oracle/statics.py
    if c.kind == "permanents_in_state":
        return "for each " + noun(c.filter)  # "for each attacking creature you control" (content/oracle/statics.py)
    if c.kind.startswith("counters_on_source:"):
        return f"for each {c.kind.split(':', 1)[1]} counter on ~"  # content/oracle/statics.py
    if c.kind == "colors_spent":
        from content.oracle.mana_spent import count_words as spent_count_words

        return spent_count_words(c, for_each=True) or ""  # converge (601.2h)
    raise ValueError(c.kind)


def _amount(n: int, c: Count | None, ctx: _Ctx, *, words: bool = False) -> str:
    if c is None:
        return _count_word(n) if words else str(n)
    if c.kind == "x":
        return "x"
    if c.kind == "event_amount":
        return "that many"
    raise ValueError("dynamic amount")


def _pt(p: int, t: int, dynamic: Count | None) -> str:
    if dynamic is not None and dynamic.kind == "x":
        def one(v: int, other: int) -> str:  # "-X/-0": a zero takes the other number's sign
            return ("-0" if other < 0 else "+0") if v == 0 else ("+x" if v > 0 else "-x")
        return f"{one(p, t)}/{one(t, p)}"
    return _signed(p, t)


def _signed(p: int, t: int) -> str:
    """'+2/+0', '-2/-0' (Oracle writes a zero with the other number's sign when it is negative)."""
    ps = f"{p:+d}" if p else ("-0" if t < 0 else "+0")
    ts = f"{t:+d}" if t else ("-0" if p < 0 else "+0")
    return f"{ps}/{ts}"


def _parts_text(parts: tuple[ContinuousPart, ...]) -> tuple[str, str]:
    """(gets ..., has ...) of a static ability's parts."""
    gets = ""
    has = ""
    for part in parts:
        if part.layer == Layer.PT_MODIFY:
            gets = _signed(part.power, part.toughness)
        elif part.layer == Layer.ABILITY and part.abilities_add:
            from content.oracle.grants import granted_list

            has = _and_list(granted_list(part))  # quoted abilities (113.1b)
        elif part.layer == Layer.ABILITY and part.keywords_add:
            has = _and_list(_keywords_text(part.keywords_add))
    return gets, has


_COMBAT_BITS = {int(Keyword.CANT_ATTACK): "can't attack", int(Keyword.CANT_BLOCK): "can't block",
                int(Keyword.CANT_ATTACK | Keyword.CANT_BLOCK): "can't attack or block",
                int(Keyword.CANT_BE_BLOCKED): "can't be blocked",
                int(Keyword.ATTACKS_EACH_COMBAT): "attacks each combat if able"}


def effect_text(effects: tuple[Effect, ...], ctx: _Ctx, together: bool = False) -> str:
    """The sentences of a list of effects, e.g. 'Draw two cards, then discard a card.' ``together``: the
    instructions of one "if you do" / "you may" / "if ..." are one sentence, 'A and B' / 'A, B, and C' (a
    second sentence would not depend on it)."""
    clauses: list[str] = []
    joins: list[str] = []
    self_led: set[int] = set()  # clauses whose subject is ~ again right after a clause about ~
    effects = _collapse_slots(effects, ctx)
    i = 0
    while i < len(effects):
        e = effects[i]
        nxt = effects[i + 1] if i + 1 < len(effects) else None
        if (isinstance(e, ModifyPowerToughness) and isinstance(nxt, ApplyContinuous) and nxt.target == e.target
                and nxt.group == e.group and len(nxt.parts) == 1 and nxt.parts[0].abilities_add
                and e.dynamic is None):
            # "Until end of turn, target creature gets +1/+0 and gains lifelink and "..."" (113.1b)
            from content.oracle.grants import granted_list

            subj, plural = ctx.subject(e.target, e.group)
            verb_get, verb_gain = ("get", "gain") if plural else ("gets", "gains")
            clauses.append(f"until end of turn, {subj} {verb_get} "
                           f"{_pt(e.power, e.toughness, None)} and {verb_gain} {_and_list(granted_list(nxt.parts[0]))}")
            i += 2
            continue
        # "gets +N/+N and gains K until end of turn" (one sentence for one object)
        if (isinstance(e, ModifyPowerToughness) and isinstance(nxt, ApplyContinuous) and nxt.target == e.target
                and nxt.group == e.group and len(nxt.parts) == 1 and nxt.parts[0].keywords_add
                and not nxt.parts[0].keywords_add & 0xFC0000):
            subj, plural = ctx.subject(e.target, e.group)
            kw = _and_list(_keywords_text(nxt.parts[0].keywords_add))
            verb_get, verb_gain = ("get", "gain") if plural else ("gets", "gains")
            text = f"{subj} {verb_get} {_pt(e.power, e.toughness, e.dynamic)} and {verb_gain} {kw} until end of turn"
            if e.dynamic is not None and e.dynamic.kind != "x":
                text += " " + _for_each(e.dynamic)
            clauses.append(text)
            i += 2
            continue
        run = _same_instruction_run(effects, i, ctx)
        if run > 1:  # "Destroy target artifact, target creature, and target land." (one instruction, 608.2c)
            clauses.append(_one_on_several(effects[i:i + run], ctx))
            i += run
            continue
        named, before = ctx.named, ctx.last
        clauses.append(_one(e, ctx))
        if before == SELF and clauses[-1].startswith("it ") and len(clauses) > 1 and clauses[-2].startswith("~ "):
            self_led.add(len(clauses) - 1)  # "~ gets +1/+1 until end of turn and can't be blocked this turn"
        if ctx.named == named and not isinstance(e, (GainLife, LoseLife, DrawCards)):
            ctx.last = None  # a clause about something else ("sacrifice a creature"): ~ is named again after it
        i += 1
    # Join: "Draw N cards, then discard ..."; "A and B" for two player clauses; sentences otherwise.
    out = ""
    for k, c in enumerate(clauses):
        if k == 0:
            out = c
            continue
        prev = effects_kind(effects, k)
        joins.append(prev)
        if prev == "then":
            out += ", then " + c
        elif prev == "and":
            last = max(out.rfind(". "), out.rfind(", then "))
            head, tail = (out[: last + 2], out[last + 2:]) if last >= 0 else ("", out)
            if c.startswith("you ") and tail.startswith(("draw ", "discard ", "mill ", "Draw ", "Discard ", "Mill ")):
                tail = "you " + tail[:1].lower() + tail[1:]  # "you draw a card and you lose 1 life"
            if c.startswith("you get {E}") or c.startswith("you get ") and c.endswith("{E}"):
                c = c[len("you "):]  # "you gain 3 life and get {E}{E}{E}"
            out = head + tail + " and " + c
        elif together:
            out += (", and " if len(clauses) > 2 else " and ") + c if k == len(clauses) - 1 else ", " + c
        elif k in self_led:
            out += " and " + c[len("it "):]
        else:
            out += ". " + _cap(c)
    return _cap(out) + ("" if out.endswith('"') else ".")  # a quoted ability ends with its own period (113.1b)


def _same_instruction_run(effects: tuple[Effect, ...], i: int, ctx: _Ctx) -> int:
    """How many effects from i on are one destroy / return-to-hand instruction on different target slots."""
    import dataclasses

    e = effects[i]
    if not isinstance(e, (Destroy, MoveObject)) or e.group is not None or not 0 <= e.target < len(ctx.targets):
        return 1
    if isinstance(e, MoveObject) and (e.to != "hand" or ctx.targets[e.target].kind == TargetKind.CARD_IN_GRAVEYARD):
        return 1
    n = 1
    while i + n < len(effects):
        nxt = effects[i + n]
        t = getattr(nxt, "target", None)
        if (type(nxt) is not type(e) or not isinstance(t, int) or not 0 <= t < len(ctx.targets) or t in ctx.multi
                or ctx.targets[t].kind == TargetKind.CARD_IN_GRAVEYARD
                or dataclasses.replace(nxt, target=e.target) != e):
            break
        n += 1
    return 1 if e.target in ctx.multi else n


def _one_on_several(effects: tuple[Effect, ...], ctx: _Ctx) -> str:
    what = ctx.objs([e.target for e in effects])  # type: ignore[attr-defined]
    first = effects[0]
    if isinstance(first, Destroy):
        return f"destroy {what}" + (". They can't be regenerated" if first.no_regenerate else "")  # 701.15
    return f"return {what} to their owners' hands"


def _collapse_slots(effects: tuple[Effect, ...], ctx: _Ctx) -> tuple[Effect, ...]:
    """'Tap up to three target lands' compiled to three effects on three identical slots: one clause."""
    import dataclasses

    out: list[Effect] = []
    i = 0
    while i < len(effects):
        e = effects[i]
        t = getattr(e, "target", None)
        n = 1
        if isinstance(t, int) and 0 <= t < len(ctx.targets):
            while i + n < len(effects):
                nxt = effects[i + n]
                nt = getattr(nxt, "target", None)
                if (type(nxt) is type(e) and nt == t + n and nt < len(ctx.targets)
                        and ctx.targets[nt] == ctx.targets[t] and dataclasses.replace(nxt, target=t) == e):
                    n += 1
                else:
                    break
        if n > 1:
            ctx.multi[t] = n  # type: ignore[index]
        out.append(e)
        i += n
    return tuple(out)


def effects_kind(effects: tuple[Effect, ...], k: int) -> str:
    """How clause k joins the one before it (the common Oracle patterns)."""
    grouped: list[object] = []
    i = 0
    while i < len(effects):
        e = effects[i]
        nxt = effects[i + 1] if i + 1 < len(effects) else None
        grouped.append(e)
        if isinstance(e, ModifyPowerToughness) and isinstance(nxt, ApplyContinuous) and nxt.target == e.target \
                and nxt.group == e.group and len(nxt.parts) == 1 and nxt.parts[0].keywords_add \
                and not nxt.parts[0].keywords_add & 0xFC0000:
            i += 2
        else:
            i += 1
    a, b = grouped[k - 1], grouped[k]
    if isinstance(a, DrawCards) and isinstance(b, Discard) and b.player.kind == "you":
        return "then"
    if getattr(b, "after_then", False) or (isinstance(b, MayEffect) and getattr(b.effects[0], "after_then", False)):
        return "then"  # "draw a card, then you may put a land card from your hand onto the battlefield"
    players = (GainLife, LoseLife, DrawCards, Discard, Mill)
    if isinstance(a, players) and isinstance(b, (GainLife, LoseLife)):
        return "and"
    if isinstance(a, GainLife) and a.player is None and type(b).__name__ == "GetEnergy":
        return "and"  # "you gain 3 life and get {E}{E}{E}" (107.14)
    return "sentence"


def _cap(s: str) -> str:
    return s[:1].upper() + s[1:] if s and s[0] != "~" else s


def _one(e: object, ctx: _Ctx) -> str:
    if isinstance(e, DealDamage):
        src = ctx.obj(SELF if e.source is None else e.source)
        if e.dynamic is not None and e.dynamic.kind not in ("x", "event_amount") and e.dynamic.multiplier == 1:
            amount = count_phrase(e.dynamic, ctx)  # "~ deals damage equal to its power" (before the recipient)
        if e.player is not None:
            to = ctx.player(e.player)
        elif e.group is not None:
            to = group_phrase(e.group)
        else:
            to = ctx.each_of(e.target)  # "deals 1 damage to each of up to three target creatures"
        if e.dynamic is not None and e.dynamic.kind == "x":
            return f"{src} deals x damage to {to}"
        if e.dynamic is not None and e.dynamic.kind == "event_amount" and e.dynamic.multiplier == 1:
            return f"{src} deals that much damage to {to}"
        if e.dynamic is not None and e.dynamic.kind not in ("x",) and e.dynamic.multiplier != 1:
            return f"{src} deals {e.dynamic.multiplier} damage to {to} {_for_each(e.dynamic)}"
        if e.dynamic is not None:
            return f"{src} deals damage equal to {amount} to {to}"
        return f"{src} deals {e.amount} damage to {to}"
    if isinstance(e, ModifyPowerToughness):
        subj, plural = ctx.subject(e.target, e.group)
        verb = "get" if plural else "gets"
        text = f"{subj} {verb} {_pt(e.power, e.toughness, e.dynamic)} until end of turn"
        if e.dynamic is not None and e.dynamic.kind != "x":
            text += " " + _for_each(e.dynamic)
        return text
    if isinstance(e, ApplyContinuous):
        return _apply_continuous(e, ctx)
    if isinstance(e, Destroy):
        what = ctx.obj(e.target, e.group, plural_group=True)
        text = f"destroy {what}"
        if e.no_regenerate:
            text += ". " + ("They" if e.group is not None else "It") + " can't be regenerated"
        return text
    if isinstance(e, Regenerate):
        return f"regenerate {ctx.obj(e.target)}"
    if isinstance(e, GainLife):
        who = ctx.player(e.player)
        if e.dynamic is not None and e.dynamic.kind not in ("x", "event_amount"):
            if e.dynamic.multiplier != 1:
                return f"{_verb(who, 'gain')} {e.dynamic.multiplier} life {_for_each(e.dynamic)}"
            return f"{_verb(who, 'gain')} life equal to {count_phrase(e.dynamic, ctx)}"
        if e.dynamic is not None and e.dynamic.kind == "event_amount":
            return f"{_verb(who, 'gain')} that much life"
        return f"{_verb(who, 'gain')} {_amount(e.amount, e.dynamic, ctx)} life"
    if isinstance(e, LoseLife):
        who = ctx.player(e.player)
        if e.dynamic is not None and e.dynamic.kind not in ("x", "event_amount"):
            return f"{_verb(who, 'lose')} life equal to {count_phrase(e.dynamic, ctx)}"
        return f"{_verb(who, 'lose')} {_amount(e.amount, e.dynamic, ctx)} life"
    if isinstance(e, DrawCards):
        n = _amount(e.count, e.dynamic, ctx, words=True) if (e.dynamic is None or e.dynamic.kind == "x") else ""
        if e.dynamic is not None and e.dynamic.kind == "event_amount" and e.dynamic.multiplier == 1:
            return _player_do(ctx, e.player, "draw") + " that many cards"  # "draw that many cards"
        if e.dynamic is not None and e.dynamic.kind not in ("x",):
            return _player_do(ctx, e.player, "draw") + f" cards equal to {count_phrase(e.dynamic, ctx)}"
        noun_ = "card" if e.count == 1 and e.dynamic is None else "cards"
        return _player_do(ctx, e.player, "draw") + f" {n} {noun_}"
    if isinstance(e, Discard):
        if e.whole_hand:
            who = ctx.player(e.player)
            return f"{_verb(who, 'discard')} {'your' if who == 'you' else 'their'} hand"
        n = _amount(e.amount, e.dynamic, ctx, words=True)
        return _player_do(ctx, e.player, "discard") + f" {n} card{'s' if e.amount != 1 or e.dynamic else ''}"
    if isinstance(e, Mill):
        if e.dynamic is not None and e.dynamic.kind not in ("x", "event_amount") and e.dynamic.multiplier == 1:
            # "target player mills X cards, where X is the number of lands you control" (107.3c)
            return _player_do(ctx, e.player, "mill") + f" x cards, where x is {count_phrase(e.dynamic, ctx)}"
        n = _amount(e.amount, e.dynamic, ctx, words=True)
        return _player_do(ctx, e.player, "mill") + f" {n} card{'s' if e.amount != 1 or e.dynamic else ''}"
    if isinstance(e, Scry):
        if not e.action:
            if e.amount == 1:
                return "look at the top card of your library. You may put that card on the bottom"
            return f"look at the top {_NUMBER[e.amount]} cards of your library, then put any number of them on the " \
                   "bottom and the rest on top in any order"
        return f"scry {e.amount}"
    if isinstance(e, Surveil):
        if not e.action:
            if e.amount == 1:
                return "look at the top card of your library. You may put it into your graveyard"
            return f"look at the top {_NUMBER[e.amount]} cards of your library, then put any number of them into your " \
                   "graveyard and the rest on top of your library in any order"
        return f"surveil {e.amount}"
    if isinstance(e, PutCounters):
        where = ctx.each_of(e.target, e.group)
        if e.dynamic is not None and e.dynamic.kind not in ("x", "event_amount"):
            n = _count_word(e.dynamic.multiplier)
            return f"put {n} {e.kind} counter{'s' if e.dynamic.multiplier != 1 else ''} on {where} " \
                   f"{_for_each(e.dynamic)}"
        n = _amount(e.amount, e.dynamic, ctx, words=True)
        if n == "a" and e.kind[:1] in "aeiou":
            n = "an"
        return f"put {n} {e.kind} counter{'s' if e.amount != 1 or e.dynamic else ''} on {where}"
    if isinstance(e, CreateToken):
        return _token(e, ctx)
    if isinstance(e, MoveObject):
        return _move(e, ctx)
    if isinstance(e, Tap):
        return f"{'untap' if e.untap else 'tap'} {ctx.obj(e.target, e.group, plural_group=True)}"
    if isinstance(e, CounterSpell):
        return f"counter {ctx.obj(e.target)}"
    if isinstance(e, Sacrifice):
        if e.player is None:
            return f"sacrifice {ctx.obj(e.target)}"
        what = (_count_word(e.amount) + " " + noun(e.filter, plural=e.amount > 1)) if e.amount > 1 else \
            ("an " if noun(e.filter)[:1] in "aeiou" else "a ") + noun(e.filter)
        if _other(e.filter):
            what = "another " + noun(_without_other(e.filter))
        return _player_do(ctx, e.player, "sacrifice") + " " + what
    if isinstance(e, GainControl):
        return f"gain control of {ctx.obj(e.target)}" + (" until end of turn" if e.until_end_of_turn else "")
    if isinstance(e, SearchLibrary):
        f = e.filter
        art = "an" if noun(f, base="card", head="card")[:1].lower() in "aeiou" else "a"
        card = noun(f, base="card", head="card")
        from content.oracle.hidden_zones import card_noun  # "creature and/or land cards" (plural of a search)

        what = f"{art} {card}" if e.amount == 1 else f"up to {_NUMBER[e.amount]} {card_noun(f, plural=True)}"
        it = "it" if e.amount == 1 else "them"
        reveal = f"reveal {it}, " if e.reveal else ""
        if f.names:
            what = "a card named ~"
        if e.to == "library_top":
            return f"search your library for {what}, reveal it, then shuffle and put that card on top"
        dest = {"battlefield": "onto the battlefield" + (" tapped" if e.tapped else ""), "hand": "into your hand",
                "graveyard": "into your graveyard"}[e.to]
        return f"search your library for {what}, {reveal}put {it} {dest}, then shuffle"
    if isinstance(e, Fight):
        return f"{ctx.obj(e.a)} fights {ctx.obj(e.b)}"
    if isinstance(e, Attach):
        return f"attach {ctx.obj(SELF)} to {ctx.obj(e.target)}"
    if isinstance(e, AddMana):
        from content.oracle.instructions import mana_text

        if e.restriction is not None:  # 106.6: "Add {B}. Spend this mana only to cast ..."
            from content.oracle.mana_spending import restriction_text

            return "add " + mana_text(e.produces, e.dynamic, ctx) + ". " + restriction_text(e.restriction)[:-1]
        return "add " + mana_text(e.produces, e.dynamic, ctx)
    if isinstance(e, GetEnergy | PayEnergy):  # CR 107.14
        dyn = getattr(e, "dynamic", None)  # (PayEnergy has none)
        energy = e.amount if dyn is None else dyn.multiplier
        verb = "you get" if isinstance(e, GetEnergy) else "pay"
        text = f"{verb} {energy_text(energy)}"
        if dyn is not None:
            text += " " + _for_each(dyn)
        return text
    if isinstance(e, MayEffect):
        text = _may_text(effect_text(e.effects, ctx, together=True).rstrip("."))
        if e.then:
            then = effect_text(e.then, ctx, together=True).rstrip(".")
            text += ". If you do, " + then[:1].lower() + then[1:]
        return text
    if isinstance(e, PayOrNot):
        inner = effect_text(e.effects, ctx, together=True).rstrip(".")
        inner = inner[:1].lower() + inner[1:] if not inner.startswith("~") else inner
        if e.unless:
            payer = ctx.player(e.payer)
            return f"{inner} unless {payer} {'pay' if payer == 'you' else 'pays'} {_mana_cost(e.cost)}"
        return f"you may pay {_mana_cost(e.cost)}. If you do, {inner}"
    if isinstance(e, Conditional):
        inner = effect_text(e.effects, ctx, together=True).rstrip(".")
        inner = inner[:1].lower() + inner[1:] if not inner.startswith("~") else inner
        from content.oracle.mana_spent import unless_text

        if (unless := unless_text(e, inner)) is not None:  # "sacrifice it unless {G} was spent to cast it"
            return unless
        return f"if {condition_text(e.condition)}, {inner}"
    if isinstance(e, SkipNextUntap):  # CR 502.3
        if ctx.multi.get(e.target, 1) > 1 and e.target in ctx.mentioned:
            return "those creatures don't untap during their controller's next untap step"
        whose = "your" if e.yours else "its controller's"
        return f"{ctx.obj(e.target)} doesn't untap during {whose} next untap step"
    if isinstance(e, Delayed):  # CR 603.7a
        if e.follow:  # the card an earlier instruction exiled
            inner = f"return {'~' if e.ref == SELF else 'that card'} to the battlefield under its owner's control"
        else:
            inner = effect_text(e.effects, ctx).rstrip(".")
        when = "the next turn's upkeep" if e.next_turn else "the next end step"
        if e.front:
            inner = inner[:1].lower() + inner[1:] if not inner.startswith("~") else inner
            return f"at the beginning of {when}, {inner}"
        return f"{inner} at the beginning of {when}"
    from content.oracle.hidden_zones import render_effect  # libraries and hands (CR 400.2, 701.16)

    hidden = render_effect(e, ctx)
    if hidden is not None:
        return hidden
    from content.oracle.double_faced import render_effect as render_face_change

    written = render_face_change(e, ctx)  # "transform ~" (701.28a), "... return it ... transformed" (712.14a)
    if written is not None:
        return written
    from content.oracle.instructions import render_instruction

    written = render_instruction(e, ctx)  # prevention, dice, extra turns, proliferate ... (their own module)
    if written is not None:
        return written
    from content.oracle.counter_actions import render_effect as render_counter_action

    written = render_counter_action(e, ctx)  # bolster, support, amass (701.33, 701.35, 701.44)
    if written is not None:
        return written
    from content.oracle.attacking_tokens import render_effect as render_attacking_tokens

    written = render_attacking_tokens(e, ctx)  # tokens created tapped and attacking (508.4)
    if written is not None:
        return written
    from content.oracle.exile_instead import render_effect as render_exile_instead

    written = render_exile_instead(e, ctx)  # "if that creature would die this turn, exile it instead" (614.1a)
    if written is not None:
        return written
    from content.oracle.choices import render_effect as render_choice

    written = render_choice(e, ctx)  # "choose target ...", "choose a color. ..." (608.2d)
    if written is not None:
        return written
    from content.registry import all_hooks

    for render_mechanic_effect in all_hooks("render.effect"):  # adapt, monstrosity (701.43, 701.31), phasing
        written = render_mechanic_effect(e, ctx)
        if written is not None:
            return written
    from content.oracle.grants import render_effect as render_emblem

    written = render_emblem(e, ctx)  # "you get an emblem with "..."" (114.1)
    if written is not None:
        return written
    raise ValueError(f"cannot render {type(e).__name__}")


def _may_text(inner: str) -> str:
    """'you may draw a card' / 'you may have ~ deal 1 damage to any target' (the subject does it)."""
    for third, base in ((" deals ", " deal "), (" fights ", " fight "), (" gets ", " get "), (" loses ", " lose "),
                        (" gains ", " gain "), (" draws ", " draw "), (" discards ", " discard ")):
        k = inner.find(third)
        if k > 0 and " " not in inner[:k].lower().replace("target ", "").replace(" an opponent controls", "") \
                and not inner.lower().startswith("you "):
            inner = "have " + ("it" if inner[:k] == "It" else inner[:k]) + base + inner[k + len(third):]
            break
    if inner.startswith(("You ", "you ")):
        inner = inner[4:]
    return "you may " + (inner[:1].lower() + inner[1:] if not inner.startswith("~") else inner)


def _player_do(ctx: _Ctx, ref: PlayerRef | None, base: str) -> str:
    """Imperative for "you" ("Draw two cards"), a subject otherwise ("Target player draws")."""
    who = ctx.player(ref)
    return base if who == "you" else _verb(who, base)


def _apply_continuous(e: ApplyContinuous, ctx: _Ctx) -> str:
    parts = e.parts
    subj, plural = ctx.subject(e.target, e.group, each=False)  # "up to two target creatures can't block"
    if len(parts) == 1 and parts[0].layer == Layer.ABILITY and parts[0].keywords_remove and not parts[0].keywords_add:
        return f"{subj} {'lose' if plural else 'loses'} {_and_list(_keywords_text(parts[0].keywords_remove))} " \
               "until end of turn"
    if len(parts) == 1 and parts[0].layer == Layer.ABILITY and parts[0].abilities_add:
        from content.oracle.grants import granted_list  # "Until end of turn, ~ gains "..."" (113.1b)

        items = granted_list(parts[0])
        if not any('"' in item for item in items):  # keyword abilities: "gains persist until end of turn" (702.79a)
            return f"{subj} {'gain' if plural else 'gains'} {_and_list(items)} until end of turn"
        return f"until end of turn, {subj} {'gain' if plural else 'gains'} {_and_list(items)}"
    if len(parts) == 1 and parts[0].layer == Layer.ABILITY and parts[0].keywords_add:
        bits = parts[0].keywords_add
        this_turn = {int(Keyword.ATTACKS_EACH_COMBAT): ("attack" if plural else "attacks") + " this turn if able",
                     int(Keyword.BLOCKS_ANY_NUMBER): "can block any number of creatures this turn",
                     int(Keyword.BLOCKS_ADDITIONAL): "can block an additional creature this turn"}
        if bits in this_turn:
            return f"{subj} {this_turn[bits]}"
        if bits in _COMBAT_BITS:
            return f"{subj} {_COMBAT_BITS[bits]} this turn"
        return f"{subj} {'gain' if plural else 'gains'} {_and_list(_keywords_text(bits))} until end of turn"
    if len(parts) == 1 and parts[0].layer == Layer.ABILITY and parts[0].lose_all_abilities:
        return f"{subj} {'lose' if plural else 'loses'} all abilities until end of turn"
    if len(parts) == 1 and parts[0].layer == Layer.PT_SET:
        return f"{subj} {'have' if plural else 'has'} base power and toughness {parts[0].power}/{parts[0].toughness} " \
               "until end of turn"
    # "Until end of turn, target creature loses all abilities and becomes a blue Frog with base power and
    # toughness 1/1."
    color = next((p.colors_set for p in parts if p.layer == Layer.COLOR), -1)
    subs = next((p.subtypes_add for p in parts if p.layer == Layer.TYPE), ())
    lose = any(p.lose_all_abilities for p in parts)
    pt = next((p for p in parts if p.layer == Layer.PT_SET), None)
    if subs and pt is not None:
        desc = " ".join(([name for bit, name in _COLORS if bit == color] if color >= 0 else []) + list(subs))
        art = "an" if desc[:1].lower() in "aeiou" else "a"
        lose_text = "loses all abilities and " if lose else ""
        return f"until end of turn, {subj} {lose_text}becomes {art} {desc} with base power and toughness " \
               f"{pt.power}/{pt.toughness}"
    raise ValueError("continuous effect")


def _token(e: CreateToken, ctx: _Ctx) -> str:
    card = e.token
    n = e.amount
    tapped = "tapped " if e.tapped else ""
    name = card.name
    power = card.power
    if power is None:  # a predefined token (Food, Clue, Blood)
        many = n != 1 or e.dynamic is not None
        count = _amount(n, e.dynamic, ctx, words=True)
        return f"create {count} {tapped}{name} token{'s' if many else ''}"
    types = card.type_bits
    colors = pair_order([nm for bit, nm in _COLORS if int(card.colors) & bit]) or ["colorless"]
    color_text = colors[0] if len(colors) == 1 else ", ".join(colors[:-1]) + " and " + colors[-1]
    kind = "creature"
    if types & int(CardType.ARTIFACT):
        kind = "artifact creature"
    elif types & int(CardType.ENCHANTMENT):
        kind = "enchantment creature"
    subtypes = " ".join(card.type_line.subtypes)
    pt = f"{power.base}/{card.toughness.base}"  # type: ignore[union-attr]  # a creature token: it has both
    quoted_bits = 0  # keyword bits that abilities in quotes stand for ('"~ can't block."')
    for a in card.abilities:
        if isinstance(a, KeywordAbility) and "~" in a.text:
            quoted_bits |= a.mask
    kws = _keywords_text(card.keywords & ~quoted_bits)
    many = n != 1 or e.dynamic is not None
    tail = ""
    if e.dynamic is not None and e.dynamic.kind not in ("x", "event_amount"):
        count, tail = "a number of", f" equal to {count_phrase(e.dynamic, ctx)}"
    else:
        count = _amount(n, e.dynamic, ctx, words=True)
    if count == "a" and pt[0] == "8":
        count = "an"
    text = f"create {count} {tapped}{pt} {color_text} {subtypes} {kind} token{'s' if many else ''}"
    if any(isinstance(a, TriggeredAbility) and _is_prowess(a) for a in card.abilities):
        kws = [*kws, "prowess"]
    quoted = [a for a in card.abilities
              if not (isinstance(a, KeywordAbility) and "~" not in a.text)
              and not (isinstance(a, TriggeredAbility) and _is_prowess(a))]  # abilities in quotes (111.3)
    quoted_text = [f'"{render_line([a])}"' for a in quoted]
    if not e.quoted_after:
        kws, quoted_text = [*kws, *quoted_text], []
    if kws:
        text += " with " + _and_list(kws)
    if quoted_text:  # 'Create a ... token. It has "..."' (111.3)
        text += f"{tail}. {'They have' if many else 'It has'} {_and_list(quoted_text)}"
        tail = ""
    return text + tail


def _move(e: MoveObject, ctx: _Ctx) -> str:
    what = ctx.obj(e.target, e.group, plural_group=True)
    plural = e.group is not None or ctx.multi.get(e.target, 1) > 1  # "return up to two target creatures to their ..."
    if e.target == SELF and e.to == "hand" and ctx.self_in_graveyard:
        return f"return {what} from your graveyard to your hand"  # its effect moves it out of the graveyard (113.6m)
    if e.to == "exile":
        return f"exile {what}" + (" until ~ leaves the battlefield" if e.until_source_leaves else "")
    from_gy = e.target >= 0 and e.target < len(ctx.targets) and ctx.targets[e.target].kind == TargetKind.CARD_IN_GRAVEYARD
    if e.to == "hand":
        if from_gy and (ctx.targets[e.target].filter or PermanentFilter()).controller == "any":
            return f"return {what} to its owner's hand"  # a card from any graveyard goes to its owner's hand (400.3)
        if from_gy:
            return f"return {what} to your hand"
        return f"return {what} to {'their owners' if plural else 'its owner'}'{'' if plural else 's'} hand" + \
               ("s" if plural else "")
    if e.target == SELF and e.to in ("hand", "battlefield"):
        where = "your hand" if e.to == "hand" else "the battlefield" + (" tapped" if e.tapped else "")
        return f"return ~ from your graveyard to {where}"
    if e.to == "battlefield":
        return f"return {what} to the battlefield" + (" tapped" if e.tapped else "") + \
               (" under your control" if e.under_your_control else "")
    if e.to in ("library_top", "library_bottom"):
        where = "top" if e.to == "library_top" else "the bottom"
        if from_gy and (ctx.targets[e.target].filter or PermanentFilter()).controller == "you":
            return f"put {what} on {where} of your library"  # a card from your graveyard (404.2)
        return f"put {what} on {where} of its owner's library"
    return f"put {what} into its owner's graveyard"


# ------------------------------------------------------------------ conditions and triggers


def condition_text(c: Condition) -> str:
    from content.oracle.statics import condition_words

    words = condition_words(c)  # the conditions of content/oracle/statics.py
    if words is not None:
        return words
    from content.oracle.trigger_events import intervening_words

    words = intervening_words(c)  # the conditions of content/oracle/trigger_events.py
    if words is not None:
        return words
    from content.registry import all_hooks

    for mechanic_words in all_hooks("render.condition"):  # "you have the city's blessing" (702.131c)
        if (words := mechanic_words(c)) is not None:
            return words
    from content.oracle.mana_spent import condition_words as spent_words

    if (words := spent_words(c)) is not None:  # adamant: "at least three blue mana was spent to cast ~" (601.2h)
        return words
    k = c.kind
    neg = c.negate
    if k == "your_turn":
        return "it's not your turn" if neg else "it's your turn"
    if k == "life_at_least":
        return f"you have {c.n} or more life"
    if k == "life_at_most":
        return f"you have {c.n} or less life"
    if k == "hand_at_most" and c.n == 0:
        return "you have no cards in hand"
    if k == "hand_at_least":
        return f"you have {_NUMBER.get(c.n, c.n)} or more cards in hand"
    if k == "hand_at_most":
        return f"you have {_NUMBER.get(c.n, c.n)} or fewer cards in hand"
    if k == "graveyard_at_least":
        return f"there are {_NUMBER.get(c.n, c.n)} or more cards in your graveyard"
    if k.startswith("source_"):
        return f"~ is {k[len('source_'):]}"
    from content.oracle.conditions import HISTORY_TEXT

    if k == "you_cast_spells_this_turn":
        return f"you've cast {_NUMBER.get(c.n, c.n)} or more spells this turn"
    if k == "you_gained_life_this_turn" and c.n > 1:
        return f"you gained {c.n} or more life this turn"
    if k in HISTORY_TEXT:
        return HISTORY_TEXT[k]
    if k in ("you_control", "opponent_controls"):
        f = c.filter or PermanentFilter()
        who = "you control" if k == "you_control" else "an opponent controls"
        if neg:
            if k == "opponent_controls":
                return "your opponents control no " + noun(f, plural=True)
            return "you control no " + noun(f, plural=True)
        if c.n > 1:
            other = "other " if f.exclude_source else ""  # "if you control two or more other creatures"
            return f"{who} {_NUMBER.get(c.n, c.n)} or more {other}" + noun(_without_other(f), plural=True)
        thing = noun(_without_other(f))
        art = "another" if f.exclude_source else ("an" if thing[:1].lower() in "aeiou" else "a")
        return f"{who} {art} {thing}"
    raise ValueError(k)


_STEP_TEXT = {
    (int(Step.UPKEEP), "your"): "your upkeep", (int(Step.UPKEEP), "each"): "each upkeep",
    (int(Step.UPKEEP), "opponent"): "each opponent's upkeep", (int(Step.END), "your"): "your end step",
    (int(Step.END), "each"): "each end step", (int(Step.END), "opponent"): "each opponent's end step",
    (int(Step.DRAW), "your"): "your draw step", (int(Step.DRAW), "each"): "each player's draw step",
    (int(Step.BEGINNING_OF_COMBAT), "your"): "combat on your turn",
    (int(Step.BEGINNING_OF_COMBAT), "each"): "each combat",
    (int(Step.PRECOMBAT_MAIN), "your"): "your precombat main phase",
    (int(Step.POSTCOMBAT_MAIN), "your"): "your postcombat main phase",
}
_EVENTS = {TriggerKind.ENTERS: "enters", TriggerKind.DIES: "dies", TriggerKind.LEAVES: "leaves the battlefield",
           TriggerKind.ATTACKS: "attacks", TriggerKind.BLOCKS: "blocks", TriggerKind.ATTACKS_OR_BLOCKS: "attacks or blocks",
           TriggerKind.DEALS_COMBAT_DAMAGE_TO_PLAYER: "deals combat damage to a player",
           TriggerKind.PUT_INTO_GRAVEYARD: "is put into a graveyard from the battlefield",
           TriggerKind.BECOMES_BLOCKED: "becomes blocked", TriggerKind.TURNED_FACE_UP: "is turned face up",
           TriggerKind.TRANSFORMS_INTO: "transforms into ~"}


_DAMAGE_EVENT_TEXT = {
    (TriggerKind.DEALS_DAMAGE, ""): "deals damage", (TriggerKind.DEALS_COMBAT_DAMAGE, ""): "deals combat damage",
    (TriggerKind.DEALS_DAMAGE, "player"): "deals damage to a player",
    (TriggerKind.DEALS_DAMAGE, "opponent"): "deals damage to an opponent",
    (TriggerKind.DEALS_DAMAGE, "creature"): "deals damage to a creature",
    (TriggerKind.DEALS_COMBAT_DAMAGE, "creature"): "deals combat damage to a creature",
    (TriggerKind.DEALS_COMBAT_DAMAGE, "opponent"): "deals combat damage to an opponent",
    (TriggerKind.IS_DEALT_DAMAGE, ""): "is dealt damage",
    (TriggerKind.ATTACKS_UNBLOCKED, ""): "attacks and isn't blocked",
    (TriggerKind.BECOMES_TAPPED, ""): "becomes tapped",
    (TriggerKind.BECOMES_UNTAPPED, ""): "becomes untapped",
}


def _event_text(t: TriggerCondition) -> str:
    if t.kind == TriggerKind.ATTACKS and t.alone:
        return "attacks alone"  # 506.5
    return _DAMAGE_EVENT_TEXT.get((t.kind, t.recipient)) or _EVENTS[t.kind]


def trigger_text(t: TriggerCondition) -> tuple[str, str]:
    """('When'/'Whenever'/'At', the event)."""
    if t.lead:
        from dataclasses import replace

        return t.lead.capitalize(), trigger_text(replace(t, lead=""))[1]
    if (family := render_trigger(t)) is not None:
        return family  # the events of content/oracle/trigger_events.py
    if t.kind in (TriggerKind.BLOCKS_CREATURE, TriggerKind.BECOMES_BLOCKED_BY, TriggerKind.BLOCKS_OR_BLOCKED_BY):
        verb = {TriggerKind.BLOCKS_CREATURE: "blocks", TriggerKind.BECOMES_BLOCKED_BY: "becomes blocked by",
                TriggerKind.BLOCKS_OR_BLOCKED_BY: "blocks or becomes blocked by"}[t.kind]
        thing = noun(t.other) if t.other is not None else "creature"
        who = "~" if t.subject == "self" else "enchanted creature"
        return "Whenever", f"{who} {verb} {'an' if thing[:1].lower() in 'aeiou' else 'a'} {thing}"
    if t.kind in (TriggerKind.DRAWS, TriggerKind.DISCARDS):
        verb = "draw" if t.kind == TriggerKind.DRAWS else "discard"
        who = {"your": f"you {verb}", "opponent": f"an opponent {verb}s", "each": f"a player {verb}s"}[t.whose]
        if t.nth:
            nth = {2: "second", 3: "third"}[t.nth]
            return "Whenever", f"{who} {'your' if t.whose == 'your' else 'their'} {nth} card each turn"
        return "Whenever", f"{who} a card"
    if t.kind == TriggerKind.BEGINNING_OF_STEP:
        return "At", "the beginning of " + _STEP_TEXT[(t.step, t.whose)]
    if t.kind == TriggerKind.TRANSFORMS_INTO and t.subject == "filter" and t.filter is not None:
        who = " you control" if t.filter.controller == "you" else ""
        kind = t.filter.subtypes_any[0]
        return "Whenever", f"a permanent{who} transforms into {'an' if kind[:1] in 'AEIOU' else 'a'} {kind}"
    if t.kind == TriggerKind.TURNED_FACE_UP and t.whose == "you_turn":
        return "Whenever", "you turn a permanent face up"
    if t.kind == TriggerKind.DAY_NIGHT:
        return "Whenever", "day becomes night or night becomes day"  # 728.1a
    if t.kind == TriggerKind.CAST and t.subject == "cast_self":
        return "When", "you cast ~"
    if t.subject == "attached":
        what = {int(CardType.LAND): "land", int(CardType.ARTIFACT): "artifact"}.get(
            t.filter.types_any if t.filter is not None else 0, "creature")
        return "Whenever", f"enchanted {what} {_event_text(t)}"
    if t.kind == TriggerKind.CAST and t.nth:
        who = {"your": "you cast your", "opponent": "an opponent casts their", "each": "a player casts their"}[t.whose]
        return "Whenever", f"{who} {({1: 'first', 2: 'second', 3: 'third'})[t.nth]} spell each turn"
    if t.kind == TriggerKind.CAST:
        who = {"your": "you cast", "opponent": "an opponent casts", "each": "a player casts"}[t.whose]
        f = PermanentFilter(types_any=t.spell_types_any, types_none=t.spell_types_none,
                            colors_any=t.spell_colors_any)
        spell = noun(f, base="spell", head="spell")
        return "Whenever", f"{who} {'an' if spell[:1] in 'aeiou' else 'a'} {spell}"
    if t.kind == TriggerKind.YOU_ATTACK:
        if t.min_attackers:
            return "Whenever", f"you attack with {_WORDS[t.min_attackers]} or more creatures"
        return "Whenever", "you attack"
    if t.kind == TriggerKind.ATTACKS and t.min_attackers and t.subject == "self":
        return "Whenever", f"~ and at least {_WORDS[t.min_attackers - 1]} other creatures attack"
    if t.kind == TriggerKind.GAIN_LIFE:
        return "Whenever", {"your": "you gain life", "opponent": "an opponent gains life",
                            "each": "a player gains life"}[t.whose]
    event = _event_text(t)
    if t.subject == "self":
        lead = "When" if t.kind in (TriggerKind.ENTERS, TriggerKind.DIES, TriggerKind.LEAVES,
                                    TriggerKind.PUT_INTO_GRAVEYARD) else "Whenever"
        return lead, f"~ {event}"
    f = t.filter or PermanentFilter()
    if f.exclude_source:
        return "Whenever", f"another {noun(_without_other(f))} {event}"
    thing = noun(f)
    return "Whenever", f"{'an' if thing[:1] in 'aeiou' else 'a'} {thing} {event}"


def _triggered(abilities: list[TriggeredAbility]) -> str:
    first = abilities[0]
    lead, event = trigger_text(first.trigger)
    if len(abilities) == 2:
        second = abilities[1]
        lead2, event2 = trigger_text(second.trigger)
        if (joined := join_events((lead, event), (lead2, event2))) is not None:
            event = joined  # "~ enters and at the beginning of your upkeep" (content/oracle/trigger_events.py)
        elif event.startswith("~ ") and event2.startswith("~ "):
            event = f"{event} or {event2[2:]}"
        elif event.startswith("~ ") and event2.startswith("another "):
            parts = event2.split(" ")
            event = f"~ or {' '.join(parts[:-1])} {parts[-1]}"
        if joined is None:  # a joined pair keeps its first word ("At the beginning of ... and whenever ...")
            lead = "Whenever" if "Whenever" in (lead, lead2) or event2.startswith("another") else lead
    ctx = _Ctx(first.targets)
    if first.trigger.recipient == "creature" or first.trigger.kind in (
            TriggerKind.BLOCKS_CREATURE, TriggerKind.BECOMES_BLOCKED_BY, TriggerKind.BLOCKS_OR_BLOCKED_BY):
        ctx.event_word = "that creature"  # the compiler refuses a bare "it" after these triggers
    if first.trigger.kind == TriggerKind.CAST and first.trigger.subject != "cast_self":
        ctx.event_controller_word = "that player"  # the one who cast the spell (lines.py _triggered_body)
    if first.trigger.kind == TriggerKind.BEGINNING_OF_STEP and first.trigger.whose != "your":
        ctx.active_word = "that player"  # the player whose step it is (lines.py _triggered_body)
    head = f"{lead} {event}, "
    ctx.self_in_graveyard = getattr(first.trigger, "zone", "") == "graveyard"  # it triggers there (113.6m)
    if event.startswith("~ ") and not event.startswith(("~ or ", "~ and ")):
        ctx.last = SELF  # the event named ~ alone: the effect calls it "it"
    if first.condition is not None:
        cond = condition_text(first.condition)
        head += f"if {cond}, "
        if not cond.startswith(("it ", "its ", "~ ", "you have ", "it's ")):
            ctx.last = None  # the condition named something else since
    once = " This ability triggers only once each turn." if first.trigger.once_each_turn else ""
    if first.modes:
        return head + _modes_text(first.modes, first.choose_min, first.choose_max) + once
    body = effect_text(first.effects, ctx, together=first.optional)  # "you may A and B": both are optional
    if len(first.effects) == 1 and isinstance(first.effects[0], Conditional) and first.condition is None:
        # An "if" right after the trigger condition would be an intervening "if" (603.4); a condition checked
        # only as the ability resolves follows its instruction: "you lose 2 life if you don't control an Ogre".
        c = first.effects[0].condition
        cond = condition_text(c)
        if c.kind == "you_control" and c.negate and c.n <= 1 and c.filter is not None:
            thing = noun(c.filter)
            cond = f"you don't control {'an' if thing[:1].lower() in 'aeiou' else 'a'} {thing}"
        body = effect_text(first.effects[0].effects, ctx).rstrip(".") + f" if {cond}."
        from content.oracle.mana_spent import unless_text

        if (unless := unless_text(first.effects[0], body.rsplit(" if ", 1)[0])) is not None:
            body = unless + "."  # "sacrifice it unless {G} was spent to cast it" (601.2h)
    if first.optional:
        body = _may_text(body.rstrip(".")) + "."
    else:
        body = body[:1].lower() + body[1:] if not body.startswith("~") else body
    return head + body + (once if not once or body.endswith(".") else "." + once)


def _modes_text(modes: tuple[object, ...], lo: int, hi: int) -> str:
    head = {(1, 1): "Choose one —", (2, 2): "Choose two —", (1, 2): "Choose one or both —",
            (3, 3): "Choose three —"}.get((lo, hi), "Choose one or more —")
    lines = [head]
    for m in modes:
        lines.append("• " + effect_text(m.effects, _Ctx(m.targets)))  # type: ignore[attr-defined]
    return "\n".join(lines)


# ------------------------------------------------------------------ abilities


def energy_text(n: int) -> str:
    """{E} symbols, up to four; from five on Oracle text writes the number ("eight {E}")."""
    return "{E}" * n if n <= 4 else f"{_WORDS[n]} {{E}}"


def _costs(a: Activated) -> str:
    if a.loyalty is not None:  # the loyalty symbol of the cost is printed as "[+1]", "[−3]", "[0]" (606.2)
        return f"[{a.loyalty:+d}]" if a.loyalty else "[0]"
    parts: list[str] = []
    if a.mana_cost is not None:
        parts.append(_mana_cost(a.mana_cost))
    if a.tap:
        parts.append("{T}")
    if a.untap:
        parts.append("{Q}")
    if a.life:
        parts.append(f"Pay {a.life} life")
    if a.energy:
        parts.append(f"Pay {energy_text(a.energy)}")
    if a.tap_others is not None:
        n = a.tap_others_count
        thing = noun(_without_other(a.tap_others), plural=n > 1)
        other = a.tap_others.exclude_source  # "Tap another untapped Rogue", "Tap two other untapped artifacts"
        art = ("another" if other else "an") if n == 1 else _WORDS[n] + (" other" if other else "")
        parts.append(f"Tap {art} untapped {thing} you control")
    if a.discard and a.discard_filter is not None:  # "Discard a creature card"
        from content.oracle.hidden_zones import card_noun

        thing = card_noun(a.discard_filter, plural=False)
        parts.append(f"Discard {'an' if thing[:1] in 'aeiou' else 'a'} {thing}")
    elif a.discard:
        parts.append(f"Discard {_WORDS[a.discard]} card{'s' if a.discard > 1 else ''}")
    if a.discard_random:
        parts.append("Discard a card at random")  # 701.8c
    if a.discard_self:
        parts.append("Discard ~")
    if a.exile_self:
        parts.append("Exile ~ from your graveyard")
    if a.exile_permanent:
        parts.append("Exile ~")
    if a.exile_graveyard_count:  # "Exile a creature card from your graveyard" (118.3)
        from content.oracle.hidden_zones import card_noun

        n = a.exile_graveyard_count
        thing = card_noun(a.exile_graveyard, plural=n > 1)
        art = ("an" if thing[:1] in "aeiou" else "a") if n == 1 else _WORDS[n]
        parts.append(f"Exile {art} {thing} from your graveyard")
    if a.exert_self:
        parts.append("Exert ~")  # 701.39a
    if a.sacrifice_self:
        parts.append("Sacrifice ~")
    if a.sacrifice is not None and a.sacrifice_count > 1:  # "Sacrifice two other creatures"
        others = "other " if a.sacrifice.exclude_source else ""
        parts.append(f"Sacrifice {_WORDS[a.sacrifice_count]} {others}{noun(_without_other(a.sacrifice), plural=True)}")
    elif a.sacrifice is not None:
        thing = noun(_without_other(a.sacrifice))
        art = "another" if a.sacrifice.exclude_source else ("an" if thing[:1] in "aeiou" else "a")
        parts.append(f"Sacrifice {art} {thing}")
    if a.remove_counters:
        n = a.remove_count
        art = ("an" if a.remove_counters[:1] in "aeiou" else "a") if n == 1 else _WORDS.get(n, str(n))
        parts.append(f"Remove {art} {a.remove_counters} counter{'s' if n > 1 else ''} from ~")
    return ", ".join(parts)


def _keyword_activated(a: Activated) -> str | None:
    """Equip and cycling are written as their keywords."""
    if len(a.effects) == 1 and isinstance(a.effects[0], Attach) and a.sorcery_speed and not a.tap and \
            a.targets and a.targets[0].kind == TargetKind.CREATURE:
        return f"Equip {_mana_cost(a.mana_cost)}"
    if a.from_hand and a.discard_self and len(a.effects) == 1:
        e = a.effects[0]
        if isinstance(e, DrawCards) and e.count == 1:
            return f"Cycling {_mana_cost(a.mana_cost)}"
        if isinstance(e, SearchLibrary):
            if e.filter.subtypes_any:
                return f"{e.filter.subtypes_any[0]}cycling {_mana_cost(a.mana_cost)}"
            return f"Basic landcycling {_mana_cost(a.mana_cost)}"
    return None


def _activated(a: Activated) -> str:
    kw = _keyword_activated(a)
    if kw is not None:
        return kw
    ctx = _Ctx(a.targets)
    costs = _costs(a)
    if costs.endswith("~"):
        ctx.last = SELF  # "{R}, Sacrifice ~: It deals damage equal to its power ..."
    ctx.self_in_graveyard = a.from_graveyard
    text = f"{costs}: {effect_text(a.effects, ctx)}"
    if a.modes:  # "{1}, Sacrifice ~: Choose one —" (700.2a)
        text = f"{costs}: {_modes_text(a.modes, a.choose_min, a.choose_max)}"
    if a.condition is not None:  # "Activate only if ..." (content/oracle/statics.py)
        from content.oracle.statics import activation_condition_text

        return text + activation_condition_text(a)
    if a.sorcery_speed and a.loyalty is None and a.once_per_turn:
        text += " Activate only as a sorcery and only once each turn."
    elif a.sorcery_speed and a.loyalty is None:
        text += " Activate only as a sorcery."
    elif a.once_per_turn:
        text += " Activate only once each turn."
    elif a.max_per_turn:  # 602.5b
        text += f" Activate no more than {'twice' if a.max_per_turn == 2 else 'three times'} each turn."
    return text


def _subject(f: PermanentFilter) -> tuple[str, bool]:
    """(subject, plural) of a static ability's affected set."""
    if f.self_only:
        return "~", False
    if f.attached:
        return ("enchanted land" if f.types_any == int(CardType.LAND) else "enchanted creature"), False
    other = "other " if f.exclude_source else ""
    text = noun(_without_other(f), plural=True)
    if f.controller == "any" and not other:
        return "all " + text, True
    return other + text, True


def _static(a: StaticEffect) -> str:
    if a.keeps_source:
        import dataclasses

        return _static(dataclasses.replace(a, keeps_source=False)) + " This effect doesn't remove ~."
    subj, plural = _subject(a.affected)
    parts = a.parts
    if len(parts) == 1 and parts[0].layer == Layer.PT_CDA and parts[0].dynamic is not None:
        return f"~'s power and toughness are each equal to {count_phrase(parts[0].dynamic, _Ctx(()))}."
    if any(p.layer in (Layer.CONTROL, Layer.TYPE, Layer.COLOR, Layer.PT_SET) or p.lose_all_abilities
           or p.keywords_remove or (p.dynamic is not None and len(parts) > 1) for p in parts):
        from content.oracle.grants import compound_text  # layers 2, 4, 5, 6, 7b in printed order

        body = compound_text(subj, plural, parts)
    elif len(parts) == 1 and parts[0].layer == Layer.PT_MODIFY and (dyn := parts[0].dynamic) is not None:
        p = parts[0]
        body = f"{subj} {'get' if plural else 'gets'} {p.power:+d}/{p.toughness:+d} {_for_each(dyn)}"
    elif len(parts) == 1 and parts[0].layer == Layer.ABILITY and parts[0].keywords_add in _COMBAT_BITS:
        words = _COMBAT_BITS[parts[0].keywords_add]
        if plural and words.startswith("attacks"):
            words = "attack each combat if able"
        body = f"{subj} {words}"
    else:
        gets, has = _parts_text(parts)
        verb_get = "get" if plural else "gets"
        verb_have = "have" if plural else "has"
        if gets and has:
            body = f"{subj} {verb_get} {gets} and {verb_have} {has}"
        elif gets:
            body = f"{subj} {verb_get} {gets}"
        else:
            body = f"{subj} {verb_have} {has}"
    if a.condition is not None:
        cond = condition_text(a.condition)
        if subj == "~" and not body.endswith('"'):  # (a quoted ability ends the line: the condition goes first)
            if cond.startswith("~ is "):
                cond = "it's " + cond[len("~ is "):]  # "~ has hexproof as long as it's untapped"
            return f"{body} as long as {cond}."
        return f"As long as {cond}, {body}" + ("" if body.endswith('"') else ".")
    return _cap(body) + ("" if body.endswith('"') else ".")  # a quoted ability ends the line with its own period


def _cost_modifier(a: CostModifier) -> str:
    if a.self_only:
        word = "less" if a.amount < 0 else "more"
        text = f"~ costs {{{abs(a.amount)}}} {word} to cast"
        if a.condition is not None:
            text += f" if {condition_text(a.condition)}"
        if a.dynamic is not None:
            text += " " + _for_each(a.dynamic)
        return text + "."
    f = a.spells or PermanentFilter(types_any=a.types_any, types_none=a.types_none, colors_any=a.colors_any)
    spells = noun(f, plural=True, base="spell", head="spell")
    who = {"you": " you cast", "opponents": " your opponents cast", "each": ""}[a.whose]
    word = "less" if a.amount < 0 else "more"
    return _cap(f"{spells}{who} cost {{{abs(a.amount)}}} {word} to cast.")


def _replacement(a: StaticReplacement) -> str:
    s = a.spec
    if s.event == "enter" and a.self_only:
        if s.modification == "tapped":
            return "~ enters tapped."
        if s.x:
            return f"~ enters with X {s.counter_kind} counters on it."
        n = _WORDS.get(s.amount, s.amount)
        return f"~ enters with {n} {s.counter_kind} counter{'s' if s.amount != 1 else ''} on it."
    if s.event == "enter":
        what = noun(_without_other(s.affected), plural=True)
        return _cap(what.replace(" your opponents control", "") + " your opponents control enter tapped.")
    if s.event == "die":
        f = s.affected or PermanentFilter()
        nontoken = "nontoken " if f.token is False else ""
        opp = " an opponent controls" if f.controller == "opponent" else ""
        to = {"exile": "exile it", "hand": "return it to its owner's hand",
              "library": "put it on the bottom of its owner's library"}[s.modification]
        return f"If a {nontoken}creature{opp} would die, {to} instead."
    if s.event == "step":
        step = {0: "untap", 1: "upkeep", 2: "draw"}[s.step]
        return f"Skip your {step} step."
    raise ValueError("replacement")


def _enchant(a: EnchantAbility) -> str:
    return "Enchant " + noun(a.affected)


def _mana(a: ManaAbility) -> str:
    if a.dynamic is not None:
        from content.oracle.mana_spending import x_mana_text

        return x_mana_text(a)  # "Add X mana of any one color, where X is ~'s power" (106.1a)
    if a.restriction is None and a.condition is None and any(m & 256 for m in a.produces):  # "of any one color"
        from content.oracle.instructions import mana_text

        return "{T}" + (", Sacrifice ~" if a.sacrifice_self else "") + ": Add " + mana_text(a.produces, None, None) + "."
    if a.restriction is not None:
        from dataclasses import replace

        from content.oracle.mana_spending import restriction_text

        return _mana(replace(a, restriction=None)) + " " + restriction_text(a.restriction)  # 106.6
    if a.condition is not None or len(a.produces) > 1 and any(m & (m - 1) for m in a.produces):
        from content.oracle.instructions import mana_text

        text = "{T}: Add " + mana_text(a.produces, None, None) + "."
        return text + (f" Activate only if {condition_text(a.condition)}." if a.condition is not None else "")
    if a.sacrifice_self and a.produces != (31,):
        return "{T}, Sacrifice ~: Add " + "".join(_MANA[m] for m in a.produces) + "."
    if a.sacrifice_self:
        return "{T}, Sacrifice ~: Add one mana of any color."
    if len(a.produces) == 1 and a.produces[0] == 31:
        return "{T}: Add one mana of any color."
    if len(a.produces) == 1 and bin(a.produces[0]).count("1") > 1:
        options = [_MANA[b] for b in (1, 2, 4, 8, 16, 32) if a.produces[0] & b]
        return "{T}: Add " + _or_list(options) + "."
    return "{T}: Add " + "".join(_MANA[m] for m in a.produces) + "."


def _keywords_line(abilities: list[object]) -> str | None:
    """A line of keywords, possibly with prowess / equip / cycling / devoid among them."""
    parts: list[str] = []
    for a in abilities:
        if isinstance(a, KeywordAbility):
            if a.mask in _COMBAT_BITS and len(a.order) == 1:
                words = _COMBAT_BITS[a.mask]
                return f"~ {words}."
            parts.extend(_keywords_text(a.mask, a.order))
        elif isinstance(a, TriggeredAbility) and _is_prowess(a):
            parts.append("prowess")
        elif isinstance(a, Activated) and _keyword_activated(a) is not None:
            parts.append(_keyword_activated(a) or "")
        elif isinstance(a, ColorDefining):
            parts.append("devoid" if a.colorless else "changeling")
        else:
            return None
    return _cap(", ".join(parts))


def _is_prowess(a: TriggeredAbility) -> bool:
    t = a.trigger
    return (t.kind == TriggerKind.CAST and t.whose == "your" and t.spell_types_none == int(CardType.CREATURE)
            and not t.spell_types_any and len(a.effects) == 1 and isinstance(a.effects[0], ModifyPowerToughness)
            and a.effects[0].target == SELF and (a.effects[0].power, a.effects[0].toughness) == (1, 1)
            and t.subject == "self")


def render_line(abilities: tuple[object, ...] | list[object]) -> str:
    """The Oracle-style text of the abilities one line compiled to."""
    abilities = list(abilities)
    if not abilities:
        raise ValueError("nothing to render")
    from content.registry import render_keyword_ability

    own = render_keyword_ability(abilities)  # lines read by the keyword modules of systems/mechanics
    if own is not None:
        return own
    kw = _keywords_line(abilities)
    if kw is not None:
        return kw
    a = abilities[0]
    from components.mana_spending import TappedForManaExtra

    if isinstance(a, TappedForManaExtra):
        from content.oracle.mana_triggers import tapped_for_mana_text

        return tapped_for_mana_text(a)  # a triggered mana ability (605.1b)
    if all(isinstance(x, TriggeredAbility) for x in abilities):
        return _triggered(abilities)  # type: ignore[arg-type]
    if len(abilities) != 1:
        raise ValueError("several abilities on one line")
    if isinstance(a, SpellAbility):
        if a.modes and a.modes_repeat:  # "Choose three. You may choose the same mode more than once." (700.2d)
            return _modes_text(a.modes, a.choose_min, a.choose_max).replace(
                " —\n", ". You may choose the same mode more than once.\n", 1)
        if a.modes:
            return _modes_text(a.modes, a.choose_min, a.choose_max)
        return effect_text(a.effects, _Ctx(a.targets))
    if isinstance(a, Activated):
        return _activated(a)
    if isinstance(a, StaticEffect):
        return _static(a)
    if isinstance(a, EnchantAbility):
        return _enchant(a)
    if isinstance(a, ManaAbility):
        return _mana(a)
    if isinstance(a, CostModifier):
        return _cost_modifier(a)
    if isinstance(a, StaticReplacement):
        from content.oracle.conditions import HISTORY_TEXT
        from content.oracle.mana_spent import replacement_words

        if (words := replacement_words(a)) is not None:  # converge, adamant (601.2h)
            return words

        if a.condition is not None and a.condition.kind in HISTORY_TEXT:  # "... if a creature died this turn."
            plain = _replacement(StaticReplacement(a.text, a.spec, a.self_only))
            return f"{plain.rstrip('.')} if {condition_text(a.condition)}."
        return _replacement(a)
    if isinstance(a, SpellRule):
        return "~ can't be countered."
    if isinstance(a, UntapRule):
        if a.optional:
            return "You may choose not to untap ~ during your untap step."
        if a.who == "attached":
            return f"{_cap(a.attached_noun)} doesn't untap during its controller's untap step."
        return "~ doesn't untap during your untap step."
    if isinstance(a, PlayerRule):
        return {"extra_land": "You may play an additional land on each of your turns.",
                "no_max_hand_size": "You have no maximum hand size."}[a.kind]
    raise ValueError(f"cannot render {type(a).__name__}")


def render_card(abilities: tuple[object, ...]) -> str:
    """All abilities of a compiled card, one per line (a merged spell ability is one line per part)."""
    return "\n".join(render_line([a]) for a in abilities)


__all__ = ["render_card", "render_line", "target_phrase", "noun"]

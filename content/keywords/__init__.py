"""Readers for keyword abilities with their own rules (CR 702), one module per keyword.

Each module has ``read(line, raw, name, types) -> Ability | None``: ``line`` is the normalised
ability line (reminder text gone, the card's own name as "~"), ``raw`` the printed line. The Oracle
compiler asks every reader listed in ``READERS`` before it gives up on a line.
"""

from __future__ import annotations

from collections.abc import Callable

from components.abilities import Ability, TriggerCondition, TriggeredAbility, TriggerKind
from components.characteristics import CardType

Reader = Callable[[str, str, str, CardType], "Ability | None"]

# Modules register their reader here (content/keywords/<keyword>.py).
READERS: list[Reader] = []

# The reader modules, imported the first time a line is read (each appends its reader to READERS).
MODULES: list[str] = ["loyalty", "soulbond", "hidden_agenda", "overload", "bestow", "fuse", "miracle", "cipher",
                      "unleash", "evolve", "extort", "dethrone", "tribute", "scavenge",
                      # issue 5
                      "kicker", "flashback", "buyback", "rebound", "split_second", "convoke", "bushido", "ward", "crew",
                      "affinity", "bloodthirst", "fabricate", "echo", "cumulative_upkeep", "storm", "prevention",
                      "additional_sacrifice", "as_enters", "frenzy", "exalted"]
# Keywords about combat, counters, dying and entering (persist 702.79, undying 702.93, toxic 702.164, ...).
MODULES += ["toxic", "persist", "combat_triggers", "backup", "ward_costs", "attack_costs", "cascade",
            "enters_with_counters", "exploit", "riot", "skulk", "vanishing"]
# Casting keywords (CR 702): unearth, jump-start, retrace, escape, suspend, plot, forecast, casualty, ...
MODULES += ["unearth", "graveyard_casting", "exile_casting", "forecast", "copy_on_cast", "entering_costs",
            "madness", "delve", "card_as_cost", "this_turn_costs", "ripple", "awaken",
            "splice", "prototype", "cast_conditions", "recover", "entwine",
            "gift", "escalate", "cleave", "bargain"]
# Face-down permanents: morph, megamorph, disguise (702.37, 702.168); double-faced cards (712).
MODULES += ["morph", "double_faced", "saga"]
MODULES += ["ascend", "speed", "phasing", "for_mirrodin", "class_levels", "saddle"]  # ascend and the city's blessing (702.131), start your engines! (702.179)
MODULES += ["flash_permission"]  # "You may cast spells as though they had flash" (601.3a)
MODULES += ["counter_replacement"]  # "that many plus one +1/+1 counters are put on it instead" (614.1a)
MODULES += ["uncounterable"]  # "Creature spells can't be countered." (101.2)
MODULES += ["chosen_links"]  # triggers linked to the creature type chosen as the permanent entered (607.2d)
_loaded = False


def load() -> None:
    global _loaded
    if not _loaded:
        _loaded = True
        import importlib

        for module in MODULES:
            importlib.import_module(f"content.keywords.{module}")
        from content.oracle import statics  # static abilities of the statics family, asked after the keywords

        READERS.append(statics.read)
        RENDERERS.append(statics.render)


# Modules may also register a renderer: ``render(abilities) -> str | None`` writes the Oracle-style text of
# the abilities one line compiled to, from the data alone, when they are that module's (content/oracle/render.py
# asks before its own templates; the round trip of ``mtg-ecs cards check --roundtrip`` uses it).
Renderer = Callable[[list[object]], "str | None"]
RENDERERS: list[Renderer] = []


def render_keyword_ability(abilities: list[object] | tuple[object, ...]) -> str | None:
    """The text of a line read by a keyword module, or None when no module renders these abilities."""
    load()
    for render in RENDERERS:
        text = render(list(abilities))
        if text is not None:
            return text
    return None


def read_keyword_ability(line: str, raw: str, name: str, types: CardType) -> Ability | None:
    load()
    for reader in READERS:
        ability = reader(line, raw, name, types)
        if ability is not None:
            return ability
    return None


def linked_trigger(text: str, condition: TriggerCondition, effects_text: str,
                   it: tuple[int, ...] | None = None) -> TriggeredAbility | None:
    """The triggered ability printed as ``text`` whose instructions are ``effects_text`` (603.1: "When ...,
    <effects>"; 603.12: a reflexive "When you do, <effects>"), with "it" meaning the objects ``it`` names; None
    when the instructions don't compile or use X."""
    from content.oracle.effects import Ctx, Ref, effects
    from content.oracle.phrases import NoParse

    ctx = Ctx("triggered")
    if it is not None:
        ctx.it = Ref(it)
    try:
        body = tuple(effects(ctx, effects_text.lower()))
    except NoParse:
        return None
    if ctx.uses_x:
        return None
    return TriggeredAbility(text, condition, tuple(ctx.targets), body)  # type: ignore[arg-type]


def linked_trigger_text(a: TriggeredAbility, lead: str) -> str | None:
    """The text of a triggered ability read by ``linked_trigger``: ``lead`` (its trigger words, "When ~ exploits a
    creature, ") and its effects as a "Whenever ~ attacks, ..." ability would be written after its trigger words;
    None when they don't render so."""
    from dataclasses import replace

    from content.oracle.render import render_line

    written = render_line([replace(a, trigger=TriggerCondition(TriggerKind.ATTACKS), text="")])
    head = "Whenever ~ attacks, "
    if not written.startswith(head):
        return None
    body = written[len(head):]
    return lead + (body[:1].lower() + body[1:] if not body.startswith("~") else body)

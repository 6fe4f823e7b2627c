"""Triggered abilities linked to a keyword's own trigger words (603.1, 603.12), read and written back.

Mechanic readers use these to compile "When ~ exploits a creature, <effects>" and similar abilities whose
trigger is the keyword's and whose instructions are ordinary Oracle effects.
"""

from __future__ import annotations

from components.abilities import TriggerCondition, TriggeredAbility, TriggerKind


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
    return TriggeredAbility(text, condition, tuple(ctx.targets), body)


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

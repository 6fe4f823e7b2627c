"""Conditions: intervening "if" clauses (CR 603.4), "as long as" (611.3a) and "if" inside effects.

Conditions on the game as it is (life, cards in hand or graveyard, permanents controlled, whose turn,
the source's state) and on what happened earlier this turn (a creature died, you attacked, life gained
or lost, spells cast: the per-turn counters of systems/history.py).
"""

from __future__ import annotations

import re

from components.abilities import Condition
from content.oracle.phrases import NUMBER_RE, NoParse, noun_phrase, number


def _n(word: str) -> int:
    value = number(word)
    if not isinstance(value, int):
        raise NoParse("condition number")
    return value


def condition(text: str) -> Condition:
    """'you control an artifact', 'you have 30 or more life', 'it's your turn' (CR 603.4, 611.3a)."""
    text = text.strip()
    if text in ("it's your turn", "it is your turn"):
        return Condition("your_turn")
    if text in ("it's not your turn", "it isn't your turn"):
        return Condition("your_turn", negate=True)
    m = re.fullmatch(rf"you have ({NUMBER_RE}) or (more|less) life", text)
    if m:
        return Condition("life_at_least" if m.group(2) == "more" else "life_at_most", _n(m.group(1)))
    m = re.fullmatch(rf"you have at least ({NUMBER_RE}) life", text)
    if m:
        return Condition("life_at_least", _n(m.group(1)))
    m = re.fullmatch(rf"you have (no|({NUMBER_RE}) or (more|fewer)) cards in (?:your )?hand", text)
    if m:
        if m.group(1) == "no":
            return Condition("hand_at_most", 0)
        return Condition("hand_at_least" if m.group(3) == "more" else "hand_at_most", _n(m.group(2)))
    m = re.fullmatch(rf"(?:there are ({NUMBER_RE}) or more cards in your graveyard|({NUMBER_RE}) or more cards are "
                     r"in your graveyard)", text)
    if m:
        return Condition("graveyard_at_least", _n(m.group(1) or m.group(2)))
    m = re.fullmatch(r"(?:~ is|it's|it is) (tapped|untapped|attacking)", text)
    if m:
        return Condition("source_" + m.group(1))
    m = re.fullmatch(r"~ (is|isn't) renowned", text)
    if m:
        return Condition("source_renowned", negate=m.group(1) == "isn't")  # 702.112b
    hist = _HISTORY.get(text)
    if hist is not None:  # what happened this turn (systems/history.py)
        return Condition(hist)
    m = re.fullmatch(rf"you(?:'ve| have) cast ({NUMBER_RE}) or more spells this turn", text)
    if m:
        return Condition("you_cast_spells_this_turn", _n(m.group(1)))
    m = re.fullmatch(rf"you gained ({NUMBER_RE}) or more life this turn", text)
    if m:
        return Condition("you_gained_life_this_turn", _n(m.group(1)))
    m = re.fullmatch(r"(you control|you don't control|an opponent controls|your opponents control|"
                     r"no opponent controls) (.+)", text)
    from content.oracle.statics import extra_condition

    if m:
        try:
            return _controls(m.group(1), m.group(2))
        except NoParse:
            if (extra := extra_condition(text)) is None:
                raise
            return extra
    extra = extra_condition(text)  # conditions of the statics family (content/oracle/statics.py)
    if extra is not None:
        return extra
    from content.oracle.trigger_events import intervening_condition

    extra = intervening_condition(text)  # "if that player has ...", "if you cast it" (trigger_events.py)
    if extra is not None:
        return extra
    from content.registry import all_hooks

    for mechanic_condition in all_hooks("compile.condition"):  # "you have the city's blessing" (702.131c)
        if (extra := mechanic_condition(text)) is not None:
            return extra
    if text == "~ is monstrous":
        return Condition("source_monstrous")  # 701.31b (systems/mechanics/keyword_actions.py)
    if text == "~ is saddled":
        return Condition("source_saddled")  # 702.171b (systems/mechanics/saddle.py)
    from content.oracle.mana_spent import condition as spent_condition

    if (extra := spent_condition(text)) is not None:  # "at least three blue mana was spent to cast ~" (601.2h)
        return extra
    raise NoParse(f"condition {text!r}")


# Conditions on this turn's history (systems/history.py CONDITIONS), as Oracle text writes them.
HISTORY_TEXT: dict[str, str] = {
    "creature_died_this_turn": "a creature died this turn",
    "you_attacked_this_turn": "you attacked this turn",
    "you_dealt_combat_damage_to_player_this_turn": "you dealt combat damage to a player this turn",
    "permanent_left_under_your_control_this_turn": "a permanent left the battlefield under your control this turn",
    "nonland_permanent_left_this_turn": "a nonland permanent left the battlefield this turn",
    "you_gained_life_this_turn": "you gained life this turn",
    "you_lost_life_this_turn": "you lost life this turn",
    "opponent_lost_life_this_turn": "an opponent lost life this turn",
    "you_gained_or_lost_life_this_turn": "you gained or lost life this turn",
    "no_spells_cast_last_turn": "no spells were cast last turn",  # the werewolves' transform (701.28)
    "a_player_cast_two_spells_last_turn": "a player cast two or more spells last turn",
}
_HISTORY = {v: k for k, v in HISTORY_TEXT.items()}


def _controls(who: str, what: str) -> Condition:
    kind = "you_control" if who in ("you control", "you don't control") else "opponent_controls"
    negate = who in ("you don't control", "no opponent controls")
    n = 0 if who == "no opponent controls" else 1  # 0 counts as 1; it keeps the wording for the renderer
    if what.startswith("no "):
        if negate:
            raise NoParse("double negation")
        negate = True
        what = what[3:]
    else:
        mm = re.fullmatch(rf"({NUMBER_RE}) or more (.+)", what)
        if mm:
            n = _n(mm.group(1))
            what = mm.group(2)
        elif who == "your opponents control":
            raise NoParse("your opponents control a ...")
    noun, rest = noun_phrase(what)
    if rest or noun.head != "permanent":
        raise NoParse("condition")
    if n == 1 and noun.det not in ("a",) and not (negate and noun.det == ""):
        raise NoParse("condition det")
    if n > 1 and noun.det != "":
        raise NoParse("condition det")
    f = noun.filter()
    if (f.controller != "any" or f.tapped is not None or f.combat or f.mana_value_at_most is not None
            or f.mana_value_at_least is not None or f.mana_value_is is not None):
        raise NoParse("condition filter")
    return Condition(kind, n, f, negate)

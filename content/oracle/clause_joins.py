"""How the round trip compares instructions joined in one sentence with instructions in separate sentences.

CR 608.2c: a spell or ability's instructions are followed in the order written. "You gain 1 life and draw a
card", "You gain 1 life. Draw a card." and "Each player draws a card, then discards a card" / "Each player
draws a card. Each player discards a card." are the same instructions in the same order; the printed text
joins them with "and", ", then" or commas, the renderer (content/oracle/render.py) writes the joins its own
way. :func:`clause_form` writes a normalised line (content/oracle/report.py ``roundtrip_normal``) as its
list of instructions, each with its performer and the sentence's lead written out, so that only the join
differs between equal forms:

- the line's head (a trigger condition "when ... ," with its intervening "if", or a cost "...: ") is kept
  apart from the instructions;
- a sentence's lead ("if you do, ", "when you do, ", "if ~ was kicked, ") belongs to every instruction of
  that sentence and to no other: "If you do, untap it and it gains haste" is not "If you do, untap it. It
  gains haste." (the second instruction would not depend on the payment);
- an instruction without a performer ("... and loses 2 life") has the one before it in the same sentence;
  "that player" right after "target player"/"target opponent" is that player; an imperative instruction
  that starts a sentence is performed by "you" (the controller, 608.2c), so "you may" is kept as a whole:
  "you may discard your hand and draw three cards" is not "You may discard your hand. Draw three cards.";
- verbs are compared in their base form ("draws" / "draw").

A sentence is split only where the next words are an instruction (a verb of this table, possibly after a
performer), so lists of objects ("destroy target artifact and target land") and of damage recipients stay
whole, and lines whose instructions differ in any other way still differ.
"""

from __future__ import annotations

import re

_THIRD = {"draws": "draw", "discards": "discard", "loses": "lose", "gains": "gain", "mills": "mill",
          "sacrifices": "sacrifice", "reveals": "reveal", "gets": "get", "creates": "create", "puts": "put",
          "returns": "return", "exiles": "exile", "destroys": "destroy", "taps": "tap", "untaps": "untap",
          "searches": "search", "shuffles": "shuffle", "deals": "deal", "adds": "add", "attaches": "attach",
          "fights": "fight", "scries": "scry", "surveils": "surveil", "has": "have", "regenerates": "regenerate",
          "counters": "counter", "proliferates": "proliferate", "investigates": "investigate", "pays": "pay",
          "can't": "can't", "doesn't": "doesn't", "attacks": "attack", "blocks": "block"}
_BASE = {v: v for v in _THIRD.values()}
_VERB = {**_THIRD, **_BASE}
_VERBS = "|".join(sorted((re.escape(v) for v in _VERB), key=len, reverse=True))
_PERFORMER = (r"(?:you|it|they|~|that player|target player|target opponent|each player|each opponent|"
              r"its controller|its owner|that creature|defending player)")
# Where a sentence splits: a join followed by an instruction (a verb, possibly after its performer).
_NOUN_PHRASE = r"(?:[a-z~'/+-]+ ){1,6}?"  # "target creature you control ", "creatures without shadow "
_SPLIT = re.compile(rf"(?:,? and then |, then |,? and |, )(?=(?:{_PERFORMER} |{_NOUN_PHRASE})?(?:may )?(?:{_VERBS})\b)")
_FIRST_VERB = re.compile(rf"\b(?:{_VERBS})\b")
_LEAD = re.compile(r"^((?:if|when you do|otherwise|until end of turn)[^,]*, )")
_HEAD = re.compile(r"^((?:when|whenever|at) [^,]*, )")


def clause_form(text: str) -> str:
    """The normalised line as ``head || lead#performer#instruction | ...`` (the module's docstring)."""
    head = ""
    m = _HEAD.match(text)
    if m:
        head, text = m.group(1), text[m.end():]
        if (cond := re.match(r"if [^,]*, ", text)) is not None:  # an intervening "if" is the whole ability's (603.4)
            head, text = head + cond.group(0), text[cond.end():]
    elif ": " in text and '"' not in text.split(": ", 1)[0]:
        cost, text = text.split(": ", 1)
        head = cost + ": "
    out: list[str] = []
    for segment in text.split(" • "):  # the modes of a modal spell or ability (700.2)
        named = [""]  # the player a later "that player" names: the target player of an earlier sentence
        for sentence in re.split(r"\. (?=[^\"]*(?:\"[^\"]*\"[^\"]*)*$)", segment):
            out.append(_sentence(sentence, named))
        out.append("•")
    return head + "|| " + " | ".join(out[:-1])


def _sentence(sentence: str, named: list[str]) -> str:
    lead = ""
    m = _LEAD.match(sentence)
    if m:
        lead, sentence = m.group(1), sentence[m.end():]
    if lead == "until end of turn, ":  # the duration written first or last: the same effect (611.2a)
        lead, sentence = "", sentence + " until end of turn"
    clauses = _SPLIT.split(sentence)
    out: list[str] = []
    performer = "you"  # an imperative sentence is the controller's (608.2c)
    for clause in clauses:
        v = _FIRST_VERB.search(clause)
        if v is None:
            return lead + sentence  # not a list of instructions after all: compared as written
        who = clause[: v.start()].strip()
        if who in ("", "may") and out:
            who = performer + (" may" if who == "may" and not performer.endswith(" may") else "")
        elif who == "":
            who = "you"
        elif who == "that player" and named[0]:
            who = named[0]
        if who in ("target player", "target opponent"):
            named[0] = who
        performer = who
        out.append(f"{lead}#{who}#{_VERB[v.group(0)]}{clause[v.end():]}")
    return " | ".join(out)


__all__ = ["clause_form"]

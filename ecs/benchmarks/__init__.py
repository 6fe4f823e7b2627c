"""Benchmarks behind `mtg-ecs bench ...` (measurements, not tests)."""

from __future__ import annotations

from components.card import CardDef


def synthetic_cards(specs: list[tuple[str, str, str, str, str, str]]) -> list[CardDef]:
    """Well-formed test cards from (name, mana cost, type line, power, toughness, text) rows."""
    from content.card_pool import card_from_json

    return [card_from_json({"name": a, "manaCost": b, "type": c, "power": p, "toughness": q, "text": txt})
            for a, b, c, p, q, txt in specs]

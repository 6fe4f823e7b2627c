"""The words of Oracle text: numbers, card types, colours, subtypes (with plurals), keywords."""

from __future__ import annotations

from components import subtypes as st
from components.characteristics import CardType, Color, Supertype

NUMBER_WORDS: dict[str, int] = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fifteen": 15, "twenty": 20,
}
NUMBER_NAMES: dict[int, str] = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven",
                                8: "eight", 9: "nine", 10: "ten"}

TYPE_WORDS: dict[str, int] = {
    "artifact": int(CardType.ARTIFACT), "creature": int(CardType.CREATURE),
    "enchantment": int(CardType.ENCHANTMENT), "land": int(CardType.LAND),
    "planeswalker": int(CardType.PLANESWALKER), "battle": int(CardType.BATTLE),
    "instant": int(CardType.INSTANT), "sorcery": int(CardType.SORCERY), "kindred": int(CardType.KINDRED),
}
TYPE_PLURALS: dict[str, str] = {
    "artifacts": "artifact", "creatures": "creature", "enchantments": "enchantment", "lands": "land",
    "planeswalkers": "planeswalker", "battles": "battle", "instants": "instant", "sorceries": "sorcery",
}
PERMANENT_TYPES = int(CardType.ARTIFACT | CardType.CREATURE | CardType.ENCHANTMENT | CardType.LAND
                      | CardType.PLANESWALKER | CardType.BATTLE)

SUPERTYPE_WORDS: dict[str, int] = {"legendary": int(Supertype.LEGENDARY), "basic": int(Supertype.BASIC),
                                   "snow": int(Supertype.SNOW)}

COLOR_WORDS: dict[str, int] = {"white": int(Color.W), "blue": int(Color.U), "black": int(Color.B),
                               "red": int(Color.R), "green": int(Color.G)}
COLOR_NAMES: dict[int, str] = {v: k for k, v in COLOR_WORDS.items()}

# Mana symbol -> the mana-type bit of systems/mana.py (W U B R G = colour bits, C = 32).
MANA_BITS: dict[str, int] = {"W": 1, "U": 2, "B": 4, "R": 8, "G": 16, "C": 32}
MANA_LETTERS: dict[int, str] = {v: k for k, v in MANA_BITS.items()}
ANY_COLOR = 31

_SUBTYPE_TABLES = (st.CREATURE_TYPES, st.LAND_TYPES, st.ARTIFACT_TYPES, st.ENCHANTMENT_TYPES,
                   st.SPELL_TYPES)  # spell types: "a Spirit or Arcane spell" (205.3k)
SUBTYPES: dict[str, str] = {}
for _table in _SUBTYPE_TABLES:
    for _name in _table:
        SUBTYPES[_name.lower()] = _name
# Irregular plurals that the simple rules below don't produce.
_IRREGULAR = {"elves": "Elf", "dwarves": "Dwarf", "wolves": "Wolf", "werewolves": "Werewolf",
              "mice": "Mouse", "oxen": "Ox", "fungi": "Fungus", "octopi": "Octopus", "homunculi": "Homunculus",
              "djinn": "Djinn", "merfolk": "Merfolk", "kithkin": "Kithkin", "moonfolk": "Moonfolk",
              "sheep": "Sheep", "fish": "Fish", "aurochs": "Aurochs", "plains": "Plains", "myr": "Myr",
              "slith": "Slith", "kor": "Kor", "thalakos": "Thalakos", "atog": "Atog", "gith": "Gith",
              "efreet": "Efreet", "sphinxes": "Sphinx", "foxes": "Fox", "lynxes": "Lynx", "allies": "Ally",
              "mercenaries": "Mercenary", "fairies": "Faerie", "faeries": "Faerie", "harpies": "Harpy",
              "zombies": "Zombie", "equipment": "Equipment", "auras": "Aura"}


def subtype(word: str) -> tuple[str, bool] | None:
    """The subtype a word names, and whether the word is plural ("elves" -> ("Elf", True))."""
    w = word.lower()
    if w in _IRREGULAR:
        name = _IRREGULAR[w]
        return name, w != name.lower() or w in ("sheep", "fish", "djinn", "merfolk", "kithkin", "moonfolk",
                                                  "aurochs", "myr", "slith", "kor", "thalakos", "efreet",
                                                  "gith", "equipment")
    if w in SUBTYPES:
        return SUBTYPES[w], False
    for suffix, repl in (("ies", "y"), ("ves", "f"), ("es", ""), ("s", "")):
        if w.endswith(suffix) and w[: -len(suffix)] + repl in SUBTYPES:
            return SUBTYPES[w[: -len(suffix)] + repl], True
    return None


def plural_of(name: str) -> str:
    """The plural Oracle text uses for a subtype ("Elf" -> "Elves")."""
    if _IRREGULAR.get(name.lower()) == name:
        return name  # invariant plurals: Merfolk, Sheep, Equipment
    for plural, single in _IRREGULAR.items():
        if single == name and plural != name.lower():
            return plural.capitalize() if plural not in ("equipment",) else name
    if name.endswith("y") and name[-2:-1] not in "aeiou":
        return name[:-1] + "ies"
    if name.endswith(("s", "x", "ch", "sh")):
        return name + "es"
    return name + "s"

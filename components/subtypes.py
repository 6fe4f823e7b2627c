"""Subtype tables, transcribed from CR 205.3g-205.3q (Comprehensive Rules of 2025-02-07).

Plain data with no imports from the rest of the package (components/characteristics.py reads it for
205.3c-d; the compiler for type lines). Apostrophes are ASCII ("Urza's"), as in Oracle data; the parser folds the
CR's typographic apostrophe into this form. New sets add subtypes, so a word missing here is not an
error anywhere in the engine: these tables only say which card type a known subtype belongs to.
"""

from __future__ import annotations

# The tables keep the CR's dense listing rather than one name per line.
# fmt: off
#: Artifact types (CR 205.3g).
ARTIFACT_TYPES: frozenset[str] = frozenset(
    {
        "Attraction", "Blood", "Bobblehead", "Clue", "Contraption", "Equipment", "Food", "Fortification",
        "Gold", "Incubator", "Junk", "Map", "Powerstone", "Treasure", "Vehicle",
    }
)

#: Enchantment types (CR 205.3h).
ENCHANTMENT_TYPES: frozenset[str] = frozenset(
    {
        "Aura", "Background", "Cartouche", "Case", "Class", "Curse", "Role", "Room", "Rune", "Saga",
        "Shard", "Shrine",
    }
)

#: Land types (CR 205.3i).
LAND_TYPES: frozenset[str] = frozenset(
    {
        "Cave", "Desert", "Forest", "Gate", "Island", "Lair", "Locus", "Mine", "Mountain", "Plains",
        "Power-Plant", "Sphere", "Swamp", "Tower", "Urza's",
    }
)

#: Planeswalker types (CR 205.3j).
PLANESWALKER_TYPES: frozenset[str] = frozenset(
    {
        "Ajani", "Aminatou", "Angrath", "Arlinn", "Ashiok", "Bahamut", "Basri", "Bolas", "Calix", "Chandra",
        "Comet", "Dack", "Dakkon", "Daretti", "Davriel", "Dihada", "Domri", "Dovin", "Ellywick",
        "Elminster", "Elspeth", "Estrid", "Freyalise", "Garruk", "Gideon", "Grist", "Guff", "Huatli",
        "Jace", "Jared", "Jaya", "Jeska", "Kaito", "Karn", "Kasmina", "Kaya", "Kiora", "Koth", "Liliana",
        "Lolth", "Lukka", "Minsc", "Mordenkainen", "Nahiri", "Narset", "Niko", "Nissa", "Nixilis", "Oko",
        "Quintorius", "Ral", "Rowan", "Saheeli", "Samut", "Sarkhan", "Serra", "Sivitri", "Sorin", "Szat",
        "Tamiyo", "Tasha", "Teferi", "Teyo", "Tezzeret", "Tibalt", "Tyvar", "Ugin", "Urza", "Venser",
        "Vivien", "Vraska", "Vronos", "Will", "Windgrace", "Wrenn", "Xenagos", "Yanggu", "Yanling",
        "Zariel",
    }
)

#: Spell types, shared by instants and sorceries (CR 205.3k).
SPELL_TYPES: frozenset[str] = frozenset(
    {
        "Adventure", "Arcane", "Lesson", "Trap",
    }
)

#: Creature types, shared by creatures and kindreds (CR 205.3m); "Time Lord" is the one two-word type.
CREATURE_TYPES: frozenset[str] = frozenset(
    {
        "Advisor", "Aetherborn", "Alien", "Ally", "Angel", "Antelope", "Ape", "Archer", "Archon",
        "Armadillo", "Army", "Artificer", "Assassin", "Assembly-Worker", "Astartes", "Atog", "Aurochs",
        "Avatar", "Azra", "Badger", "Balloon", "Barbarian", "Bard", "Basilisk", "Bat", "Bear", "Beast",
        "Beaver", "Beeble", "Beholder", "Berserker", "Bird", "Blinkmoth", "Boar", "Bringer", "Brushwagg",
        "C'tan", "Camarid", "Camel", "Capybara", "Caribou", "Carrier", "Cat", "Centaur", "Child", "Chimera",
        "Citizen", "Cleric", "Clown", "Cockatrice", "Construct", "Coward", "Coyote", "Crab", "Crocodile",
        "Custodes", "Cyberman", "Cyclops", "Dalek", "Dauthi", "Demigod", "Demon", "Deserter", "Detective",
        "Devil", "Dinosaur", "Djinn", "Doctor", "Dog", "Dragon", "Drake", "Dreadnought", "Drone", "Druid",
        "Dryad", "Dwarf", "Efreet", "Egg", "Elder", "Eldrazi", "Elemental", "Elephant", "Elf", "Elk",
        "Employee", "Eye", "Faerie", "Ferret", "Fish", "Flagbearer", "Fox", "Fractal", "Frog", "Fungus",
        "Gamer", "Gargoyle", "Germ", "Giant", "Gith", "Glimmer", "Gnoll", "Gnome", "Goat", "Goblin", "God",
        "Golem", "Gorgon", "Graveborn", "Gremlin", "Griffin", "Guest", "Hag", "Halfling", "Hamster",
        "Harpy", "Hellion", "Hippo", "Hippogriff", "Homarid", "Homunculus", "Horror", "Horse", "Human",
        "Hydra", "Hyena", "Illusion", "Imp", "Incarnation", "Inkling", "Inquisitor", "Insect", "Jackal",
        "Jellyfish", "Juggernaut", "Kavu", "Kirin", "Kithkin", "Knight", "Kobold", "Kor", "Kraken", "Lamia",
        "Lammasu", "Leech", "Leviathan", "Lhurgoyf", "Licid", "Lizard", "Llama", "Manticore", "Masticore",
        "Mercenary", "Merfolk", "Metathran", "Minion", "Minotaur", "Mite", "Mole", "Monger", "Mongoose",
        "Monk", "Monkey", "Moonfolk", "Mount", "Mouse", "Mutant", "Myr", "Mystic", "Nautilus", "Necron",
        "Nephilim", "Nightmare", "Nightstalker", "Ninja", "Noble", "Noggle", "Nomad", "Nymph", "Octopus",
        "Ogre", "Ooze", "Orb", "Orc", "Orgg", "Otter", "Ouphe", "Ox", "Oyster", "Pangolin", "Peasant",
        "Pegasus", "Pentavite", "Performer", "Pest", "Phelddagrif", "Phoenix", "Phyrexian", "Pilot",
        "Pincher", "Pirate", "Plant", "Porcupine", "Possum", "Praetor", "Primarch", "Prism", "Processor",
        "Rabbit", "Raccoon", "Ranger", "Rat", "Rebel", "Reflection", "Rhino", "Rigger", "Robot", "Rogue",
        "Sable", "Salamander", "Samurai", "Sand", "Saproling", "Satyr", "Scarecrow", "Scientist", "Scion",
        "Scorpion", "Scout", "Sculpture", "Seal", "Serf", "Serpent", "Servo", "Shade", "Shaman",
        "Shapeshifter", "Shark", "Sheep", "Siren", "Skeleton", "Skunk", "Slith", "Sliver", "Sloth", "Slug",
        "Snail", "Snake", "Soldier", "Soltari", "Spawn", "Specter", "Spellshaper", "Sphinx", "Spider",
        "Spike", "Spirit", "Splinter", "Sponge", "Squid", "Squirrel", "Starfish", "Surrakar", "Survivor",
        "Synth", "Tentacle", "Tetravite", "Thalakos", "Thopter", "Thrull", "Tiefling", "Time Lord", "Toy",
        "Treefolk", "Trilobite", "Triskelavite", "Troll", "Turtle", "Tyranid", "Unicorn", "Vampire",
        "Varmint", "Vedalken", "Volver", "Wall", "Walrus", "Warlock", "Warrior", "Weasel", "Weird",
        "Werewolf", "Whale", "Wizard", "Wolf", "Wolverine", "Wombat", "Worm", "Wraith", "Wurm", "Yeti",
        "Zombie", "Zubera",
    }
)

#: Creature types printed on cards newer than these Rules (Oracle type lines; later editions of 205.3m list them).
CREATURE_TYPES = CREATURE_TYPES | frozenset({"Hero", "Villain", "Sorcerer", "Spy"})

#: Planar types (CR 205.3n); each is one subtype however many words it has (CR 205.3b).
PLANAR_TYPES: frozenset[str] = frozenset(
    {
        "Alara", "Alfava Metraxis", "Amonkhet", "Androzani Minor", "Antausia", "Apalapucia", "Arcavios",
        "Arkhos", "Avishkar", "Azgol", "Belenon", "Bolas's Meditation Realm", "Capenna", "Cridhe",
        "Darillium", "Dominaria", "Earth", "Echoir", "Eldraine", "Equilor", "Ergamon", "Fabacin", "Fiora",
        "Gallifrey", "Gargantikar", "Gobakhan", "Horsehead Nebula", "Ikoria", "Innistrad", "Iquatana", "Ir",
        "Ixalan", "Kaldheim", "Kamigawa", "Kandoka", "Karsus", "Kephalai", "Kinshala", "Kolbahan", "Kylem",
        "Kyneth", "Lorwyn", "Luvion", "Mars", "Mercadia", "Mirrodin", "Moag", "Mongseng", "Moon",
        "Muraganda", "Necros", "New Earth", "New Phyrexia", "Outside Mutter's Spiral", "Phyrexia",
        "Pyrulea", "Rabiah", "Rath", "Ravnica", "Regatha", "Segovia", "Serra's Realm", "Shadowmoor",
        "Shandalar", "Shenmeng", "Skaro", "Spacecraft", "Tarkir", "The Abyss", "The Dalek Asylum",
        "The Library", "Theros", "Time", "Trenzalore", "Ulgrotha", "Unknown Planet", "Valla", "Vryn",
        "Wildfire", "Xerex", "Zendikar", "Zhalfir",
    }
)
# fmt: on

#: The basic land types (CR 205.3i, 305.6).
BASIC_LAND_TYPES: frozenset[str] = frozenset({"Forest", "Island", "Mountain", "Plains", "Swamp"})

#: Dungeon types (CR 205.3p).
DUNGEON_TYPES: frozenset[str] = frozenset({"Undercity"})

#: Battle types (CR 205.3q).
BATTLE_TYPES: frozenset[str] = frozenset({"Siege"})

#: The subtype table of each card type, keyed by ``CardType`` member name. Phenomenon, scheme,
#: vanguard and conspiracy have no subtypes (CR 205.3r), so they map to the empty set.
SUBTYPES_BY_CARD_TYPE: dict[str, frozenset[str]] = {
    "ARTIFACT": ARTIFACT_TYPES,
    "BATTLE": BATTLE_TYPES,
    "CONSPIRACY": frozenset(),
    "CREATURE": CREATURE_TYPES,
    "DUNGEON": DUNGEON_TYPES,
    "ENCHANTMENT": ENCHANTMENT_TYPES,
    "INSTANT": SPELL_TYPES,
    "KINDRED": CREATURE_TYPES,
    "LAND": LAND_TYPES,
    "PHENOMENON": frozenset(),
    "PLANE": PLANAR_TYPES,
    "PLANESWALKER": PLANESWALKER_TYPES,
    "SCHEME": frozenset(),
    "SORCERY": SPELL_TYPES,
    "VANGUARD": frozenset(),
}

#: Subtypes that are more than one word long; the type-line parser matches these before
#: splitting on spaces (CR 205.3b, 205.3m). Planar types are handled whole and are not listed.
_WORD_TABLES = (
    ARTIFACT_TYPES,
    ENCHANTMENT_TYPES,
    LAND_TYPES,
    PLANESWALKER_TYPES,
    SPELL_TYPES,
    CREATURE_TYPES,
)
MULTI_WORD_SUBTYPES: frozenset[str] = frozenset(
    name for table in _WORD_TABLES for name in table if " " in name
)

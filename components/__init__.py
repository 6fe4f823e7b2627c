"""Plain-data component types for mtg-ecs entities."""

from components import dataclass_code as _dataclass_code

# Before any of the engine's dataclasses is defined: their generated methods' code comes from the cache.
_dataclass_code.install()

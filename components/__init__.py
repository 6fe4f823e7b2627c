"""Plain-data component types for mtg-ecs entities."""

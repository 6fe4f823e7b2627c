"""Benchmarks behind `mtg-ecs bench ...` (measurements, not tests)."""

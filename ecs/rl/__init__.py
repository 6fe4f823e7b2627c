"""Self-play interfaces: the observation encoder, PettingZoo and Gymnasium environments, an OpenSpiel game.

``ecs.rl.env()`` is the PettingZoo AEC environment (PettingZoo's convention for a module's ``env()``);
``import ecs.rl`` registers the Gymnasium single-agent environment ``mtg_ecs/Duel-v0``. The environments
need the ``[rl]`` extra (gymnasium, pettingzoo); the encoder needs only numpy. docs/selfplay.md shows all three.
"""

from __future__ import annotations

from typing import Any

from ecs.rl.observation import ObservationEncoder, ObservationSizes, TooManyOptionsError
from ecs.rl.vocabulary import card_id

__all__ = ["ObservationEncoder", "ObservationSizes", "TooManyOptionsError", "card_id", "env", "raw_env"]

DUEL_ID = "mtg_ecs/Duel-v0"


def env(**kwargs: Any) -> Any:
    """The PettingZoo AEC environment, wrapped (see ecs.rl.aec)."""
    from ecs.rl.aec import env as make

    return make(**kwargs)


def raw_env(**kwargs: Any) -> Any:
    """The PettingZoo AEC environment without wrappers."""
    from ecs.rl.aec import raw_env as make

    return make(**kwargs)


def _register() -> None:
    try:
        import gymnasium
    except ImportError:  # the [rl] extra is not installed: the encoder still works
        return
    if DUEL_ID not in gymnasium.registry:
        gymnasium.register(id=DUEL_ID, entry_point="ecs.rl.duel:DuelEnv")


_register()

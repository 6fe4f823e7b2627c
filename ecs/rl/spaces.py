"""Gymnasium spaces for the encoder's arrays, and the action slots of a decision."""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces

from ecs.rl.observation import ObservationEncoder

INT32 = np.iinfo(np.int32)


def observation_space(encoder: ObservationEncoder, flat: bool = False) -> spaces.Dict | spaces.Box:
    """The encoder's arrays except ``action_mask`` (given beside the observation), as a Dict of Boxes; with
    ``flat``, one float32 Box of all of them in ``shapes()`` order (for libraries that want one tensor)."""
    if flat:
        size = sum(int(np.prod(shape)) for key, (shape, _) in encoder.shapes().items() if key != "action_mask")
        return spaces.Box(float(INT32.min), float(INT32.max), (size,), np.float32)
    boxes: dict[str, spaces.Space[Any]] = {}
    for key, (shape, dtype) in encoder.shapes().items():
        if key == "action_mask":
            continue
        if dtype == np.int8:
            boxes[key] = spaces.Box(0, 1, shape, np.int8)
        else:
            boxes[key] = spaces.Box(INT32.min, INT32.max, shape, np.int32)
    return spaces.Dict(boxes)


def action_mask_space(encoder: ObservationEncoder) -> spaces.Box:
    return spaces.Box(0, 1, (encoder.sizes.options,), np.int8)


def split(obs: dict[str, np.ndarray], flat: bool = False) -> tuple[dict[str, np.ndarray] | np.ndarray, np.ndarray]:
    """(the observation without its mask, flattened to one float32 vector with ``flat``; the mask)."""
    mask = obs["action_mask"]
    if flat:
        return np.concatenate([v.ravel() for k, v in obs.items() if k != "action_mask"]).astype(np.float32), mask
    return {k: v for k, v in obs.items() if k != "action_mask"}, mask

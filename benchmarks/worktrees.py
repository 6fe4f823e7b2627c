"""Temporary git worktrees of given commits, for the before/after scripts of this folder (ab_games.py,
results_ab.py): each commit is checked out detached into a scratch directory, and removed afterwards."""

from __future__ import annotations

import subprocess
import tempfile
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path


class CheckoutError(Exception):
    """A commit could not be checked out (the message is git's)."""


@contextmanager
def checked_out(revs: Sequence[str]) -> Iterator[dict[str, Path]]:
    """{rev: path of its worktree} for each of ``revs`` (the same rev twice is one worktree), removed on exit; raises CheckoutError."""
    with tempfile.TemporaryDirectory(prefix="mtg-ecs-ab-") as scratch:
        trees: dict[str, Path] = {}
        try:
            for n, rev in enumerate(revs):
                tree = Path(scratch) / f"{n}-{rev.replace('/', '_')}"
                done = subprocess.run(["git", "worktree", "add", "--detach", str(tree), rev], capture_output=True,
                                      text=True)
                if done.returncode:
                    raise CheckoutError(f"cannot check out {rev!r}: {done.stderr.strip()}")
                trees[rev] = tree
            yield trees
        finally:
            for tree in trees.values():
                subprocess.run(["git", "worktree", "remove", "--force", str(tree)], capture_output=True)


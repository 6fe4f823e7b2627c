"""Card ids for embedding tables: a stable hash of the normalised card name.

Why a hash and not a vocabulary file: the id of a card must not depend on which cards a run loaded (the
built-in pool, a ``--cards`` file, a deck file) nor on the order they were loaded in, and a policy trained
with one card file must read the same ids with another. A keyed list would need one shared, versioned file
covering every card ever printed; a hash of the name needs nothing and is the same in every process
(``hashlib.blake2b``, never Python's salted ``hash()``).

At the default width of 31 bits the ~30,000 distinct Magic card names collide with probability about 0.1
(birthday bound n^2 / 2^32); :func:`collisions` lists any pair for a given pool, and a test checks the
built-in pool has none. A policy maps the id into its own embedding table (``card_id % rows`` for the
hashing trick, or a lookup built with :func:`card_id` over the cards it trains on). Id 0 means "no card" or
"a card the viewer may not know" (a face-down permanent, a hidden card): hashes are shifted to 1..2^bits-1.
"""

from __future__ import annotations

import hashlib
import unicodedata
from collections.abc import Iterable

DEFAULT_BITS = 31
UNKNOWN = 0


def normalise_name(name: str) -> str:
    """The card name as hashed: Unicode NFKD with accents dropped, case-folded, whitespace collapsed
    ("Lim-Dûl's Vault" and "lim-dul's  vault" give the same id)."""
    decomposed = unicodedata.normalize("NFKD", name)
    plain = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return " ".join(plain.casefold().split())


def card_id(name: str, bits: int = DEFAULT_BITS) -> int:
    """The stable id of a card name in ``1 .. 2**bits - 1`` (0 is kept for "unknown")."""
    if not 1 <= bits <= 31:
        raise ValueError(f"card id bits must be between 1 and 31 (int32 observations), got {bits}")
    digest = hashlib.blake2b(normalise_name(name).encode("utf-8"), digest_size=8).digest()
    return 1 + int.from_bytes(digest, "little") % ((1 << bits) - 1)


def collisions(names: Iterable[str], bits: int = DEFAULT_BITS) -> list[tuple[str, str]]:
    """Pairs of distinct normalised names that share an id at this width."""
    seen: dict[int, str] = {}
    out: list[tuple[str, str]] = []
    for name in sorted({normalise_name(n) for n in names}):
        cid = card_id(name, bits)
        if cid in seen:
            out.append((seen[cid], name))
        else:
            seen[cid] = name
    return out

"""608.2h last known information: bulk moves store it as columns; readers see the same dict as before."""

from __future__ import annotations

import copy
import pickle

from ecs.last_known import LastKnown


def _filled() -> LastKnown:
    lki = LastKnown()
    lki[1] = {"controller": 0, "power": 2}
    lki.add_batch([7, 8, 9], {"controller": [0, 1, 1], "power": [3, 4, 5]})
    return lki


def test_608_2h_batched_rows_read_like_plain_entries() -> None:
    lki = _filled()
    assert lki.get(8) == {"controller": 1, "power": 4}
    assert lki[9]["power"] == 5
    assert 7 in lki and 2 not in lki
    assert lki.get(2, {}) == {}
    assert lki.setdefault(10, lki[7]) is lki[7]  # a new object sharing the old one's information (triggers.py)
    assert dict(lki.items()) == {1: {"controller": 0, "power": 2}, 7: {"controller": 0, "power": 3},
                                 8: {"controller": 1, "power": 4}, 9: {"controller": 1, "power": 5},
                                 10: {"controller": 0, "power": 3}}
    assert len(lki) == 5


def test_608_2h_copies_and_pickles_keep_batched_rows() -> None:
    for other in (copy.deepcopy(_filled()), pickle.loads(pickle.dumps(_filled()))):
        assert isinstance(other, LastKnown)
        assert other[8] == {"controller": 1, "power": 4} and other[1]["power"] == 2
        assert other == _filled()


def test_608_2h_a_later_entry_for_the_same_object_wins() -> None:
    lki = LastKnown()
    lki.add_batch([4], {"power": [1]})
    lki.add_batch([4], {"power": [6]})
    assert lki[4] == {"power": 6}

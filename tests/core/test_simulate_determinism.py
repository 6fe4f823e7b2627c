"""Batch simulation is deterministic: each game's seed depends only on the base seed and its index,
never on how many worker processes play the games."""

from ecs.simulate import simulate


def test_simulate_results_do_not_depend_on_the_number_of_workers():
    decks = ["red_green_aggro", "white_blue_skies"]
    one = simulate(decks, 6, workers=1, seed=9, progress=False).to_json()
    two = simulate(decks, 6, workers=2, seed=9, progress=False).to_json()
    for key in ("games", "wins", "draws", "mean_turns"):
        assert one[key] == two[key]

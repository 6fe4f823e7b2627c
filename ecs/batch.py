"""Batch runs of many seeded games, shared by ``simulate`` and ``tournament``.

A run is a list of :class:`GameJob` (game index, seed, which entrant sits in which seat) played in
small chunks by one of three backends: in this process (``workers=1``), a pool of local processes, or
Ray tasks (``backend="ray"``, on a local Ray or an existing cluster). Every finished game becomes a
JSON record, appended to a JSON Lines file whose first line holds the run's settings, so that

* a run interrupted with Ctrl-C (or killed) continues with ``resume`` from its records, and a resumed
  run with other settings is refused, naming the setting;
* a game in which the engine (or an agent) raises is recorded with its seed, the error and a replayable
  save, and the batch goes on;
* any game is replayed from its record (:func:`replay_record`).

A game's seed depends only on the base seed and its index (``game_seed``), and each agent's seed only
on the game's seed and its seat, so results never depend on the backend, the worker count or the chunking.
"""

from __future__ import annotations

import functools
import json
import multiprocessing
import os
import signal
import sys
import time
import traceback
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ecs.errors import MtgError
from ecs.input_files import check_output_path

RECORDS_FORMAT = "mtg-ecs-batch/1"
BACKENDS = ("local", "ray")
# Local processes take one game per task so the progress bar moves per game; a Ray task should run
# about 100 ms or more to amortise its scheduling cost, and a random-agent game takes about 50 ms.
LOCAL_CHUNK_GAMES = 1
RAY_CHUNK_GAMES = 4

EXIT_ENGINE_ERRORS = 3
EXIT_INTERRUPTED = 130  # 128 + SIGINT, as shells report a process ended by Ctrl-C


class BatchError(MtgError):
    """Bad batch input: an unwritable output path, a records file that does not match the run, an unknown agent."""


def game_seed(base: int, index: int) -> int:
    """Each game's seed depends only on the base seed and its index, never on the worker count."""
    return base * 1_000_003 + index


def agent_seed(seed: int, seat: int) -> int:
    """The seed of the agent in ``seat`` of the game with ``seed`` (independent of backend and workers)."""
    return seed * 7 + seat + 1


def make_agent(spec: str, *, seed: int) -> Any:
    """An agent from its spec (``random``, ``heuristic``, ``ismcts:iterations=400``, ``pkg.mod:Class``);
    a bad spec raises AgentSpecError (exit 2). Imported on use so the command line starts quickly."""
    from ecs.agents import make_agent as build

    return build(spec, seed=seed)


@dataclass(frozen=True, slots=True)
class Entrant:
    """A deck with the agent that plays it; ``label`` names it in reports and records."""

    label: str
    deck: str  # the deck's name
    source: str  # the deck as given: a built-in name or a file path
    agent: str  # the agent spec
    cards: tuple[str, ...]  # the deck's card names in list order (what a replay rebuilds it from)

    def to_json(self) -> dict[str, Any]:
        return {"label": self.label, "deck": self.deck, "source": self.source, "agent": self.agent,
                "cards": list(self.cards)}


def load_entrants(deck_refs: Sequence[str], agent_specs: Sequence[str], *, pool: Any = None,
                  decks: Sequence[Any] | None = None) -> list[Entrant]:
    """Entrants from deck references and agent specs: one spec for every deck, or one per deck.

    ``pool``: the card pool the decks may use (content.card_files.load_card_files for ``--cards``);
    ``decks``: the decks already read (content.decks.Deck, checked for a format), else read here.
    """
    from content.decks import read_decks

    if not agent_specs:
        agent_specs = ["random"]
    if len(agent_specs) not in (1, len(deck_refs)):
        raise BatchError(f"--agents: give one agent for every deck or one per deck ({len(deck_refs)}), "
                         f"got {len(agent_specs)}")
    specs = list(agent_specs) * len(deck_refs) if len(agent_specs) == 1 else list(agent_specs)
    for spec in dict.fromkeys(specs):
        make_agent(spec, seed=0)  # a bad spec fails now, not in a worker
    if decks is None:
        decks = read_decks(deck_refs, pool)
    names = [Path(d.source).stem for d in decks]
    if len(set(specs)) > 1:
        names = [f"{name} ({spec})" for name, spec in zip(names, specs, strict=True)]
    if len(set(names)) < len(names):  # a mirror match: tell the entrants apart
        names = [f"{name}#{i + 1}" for i, name in enumerate(names)]
    return [Entrant(label, Path(d.source).stem, ref, spec, tuple(card.name for card in d.cards))
            for label, d, ref, spec in zip(names, decks, deck_refs, specs, strict=True)]


def card_objects(pool: Any, decks: Sequence[Any]) -> list[dict[str, Any]]:
    """The MTGJSON objects of the decks' cards that came from ``--cards`` files (none for built-in cards):
    sent to workers and kept in the records header, so games replay without the files."""
    if pool is None:
        return []
    return [dict(obj) for obj in pool.external_objects(c for d in decks for c in d.cards)]


@dataclass(frozen=True)
class RunDecks:
    """The entrants of a run and the card data they need beyond the built-in cards."""

    entrants: list[Entrant]
    card_files: list[str]
    objects: list[dict[str, Any]]

    @property
    def cards_json(self) -> str:
        return json.dumps(self.objects, sort_keys=True) if self.objects else ""

    def settings(self) -> dict[str, Any]:
        """What a records header keeps of them (names the --cards files and embeds the cards, so it replays)."""
        return {"entrants": [e.to_json() for e in self.entrants], "card_files": self.card_files,
                "card_objects": self.objects}

    def context(self, max_turns: int) -> WorkerContext:
        return WorkerContext(tuple(self.entrants), max_turns, self.cards_json)


def run_decks(deck_refs: Sequence[str], agent_specs: Sequence[str], *, card_files: Sequence[str] = (),
              deck_format: str | None = None, pool: Any = None, decks: Sequence[Any] | None = None) -> RunDecks:
    """Read the decks (with the cards of ``card_files``, checked for ``deck_format``) into entrants;
    the command line passes the ``pool`` and ``decks`` that ecs.deck_options read from its options."""
    if decks is None:
        from content.card_files import load_card_files
        from content.decks import read_decks

        pool = load_card_files(card_files)
        decks = read_decks(deck_refs, pool, format=deck_format)
    entrants = load_entrants(deck_refs, agent_specs, pool=pool, decks=decks)
    return RunDecks(entrants, [str(p) for p in card_files], card_objects(pool, decks))


@dataclass(frozen=True, slots=True)
class GameJob:
    game: int  # the game's index in the run
    seed: int
    seats: tuple[int, ...]  # entrant index per seat


@dataclass(frozen=True)
class WorkerContext:
    """What a worker needs to play any job of the run (sent once per worker or Ray task)."""

    entrants: tuple[Entrant, ...]
    max_turns: int
    cards_json: str = ""  # card objects from --cards files (JSON), "" when the decks use built-in cards only


@functools.lru_cache(maxsize=4)
def card_pool(cards_json: str) -> Any:
    """The built-in pool plus the card objects of a run (compiled once per worker process)."""
    from content.card_files import pool_with_objects

    return pool_with_objects(json.loads(cards_json) if cards_json else [], "records: card_objects")


_DECKS: dict[tuple[str, tuple[str, ...]], list[Any]] = {}


def _deck(cards_json: str, cards: tuple[str, ...]) -> list[Any]:
    """CardDefs of a deck by card names, cached per worker process."""
    deck = _DECKS.get((cards_json, cards))
    if deck is None:
        pool = card_pool(cards_json)
        deck = _DECKS[(cards_json, cards)] = [pool.get(name) for name in cards]
    return deck


def play_game(ctx: WorkerContext, job: GameJob) -> dict[str, Any]:
    """Play one job to its end and return its record; an exception is recorded, not raised."""
    from ecs.agents import play_out
    from ecs.setup import new_game

    start = time.perf_counter()
    entrants = [ctx.entrants[i] for i in job.seats]
    record: dict[str, Any] = {
        "game": job.game, "seed": job.seed, "seats": [e.label for e in entrants],
        "decks": [e.deck for e in entrants], "agents": [e.agent for e in entrants],
        "agent_seeds": [agent_seed(job.seed, seat) for seat in range(len(entrants))],
        "max_turns": ctx.max_turns,
    }
    game = None
    try:
        game = new_game([_deck(ctx.cards_json, e.cards) for e in entrants], job.seed, names=record["seats"],
                        max_turns=ctx.max_turns, log=False, pool=card_pool(ctx.cards_json))
        agents = [make_agent(e.agent, seed=s) for e, s in zip(entrants, record["agent_seeds"], strict=True)]
        result = play_out(game, agents)
    except Exception as exc:  # noqa: BLE001 - isolate the failing game; the batch goes on
        record.update(starting_seat=None if game is None else game.starting_player, winner=None, winner_label=None,
                      turns=0 if game is None else game.turn, reason="engine error",
                      decisions=0 if game is None else len(game.history),
                      error=f"{type(exc).__name__}: {exc}", traceback=traceback.format_exc(limit=-8),
                      save=None if game is None or game.origin is None else game.to_json())
    else:
        record.update(starting_seat=game.starting_player, winner=result.winner,
                      winner_label=None if result.winner is None else record["seats"][result.winner],
                      turns=result.turns, reason=result.reason, decisions=len(game.history), error=None)
    record["seconds"] = round(time.perf_counter() - start, 4)
    return record


def play_chunk(ctx: WorkerContext, jobs: Sequence[GameJob]) -> list[dict[str, Any]]:
    return [play_game(ctx, job) for job in jobs]


# ---------------------------------------------------------------------------------------------- backends

_WORKER_CONTEXT: WorkerContext | None = None


def _init_local_worker(ctx: WorkerContext) -> None:
    # Ctrl-C reaches the whole process group; only the parent handles it (and ends the workers).
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    global _WORKER_CONTEXT
    _WORKER_CONTEXT = ctx


def _play_chunk_in_worker(jobs: Sequence[GameJob]) -> list[dict[str, Any]]:
    assert _WORKER_CONTEXT is not None
    return play_chunk(_WORKER_CONTEXT, jobs)


def _chunks(jobs: Sequence[GameJob], size: int) -> Iterator[list[GameJob]]:
    for i in range(0, len(jobs), size):
        yield list(jobs[i:i + size])


OnRecords = Callable[[list[dict[str, Any]]], None]


def run_jobs(ctx: WorkerContext, jobs: Sequence[GameJob], on_records: OnRecords, *, workers: int = 1,
             backend: str = "local", address: str | None = None, chunk_games: int | None = None) -> bool:
    """Play ``jobs``, handing each finished chunk's records to ``on_records`` as it arrives.

    Returns True when the run was interrupted by Ctrl-C; by then every worker has been ended.
    """
    try:
        if backend == "ray":
            return _run_ray(ctx, jobs, on_records, workers, address, chunk_games or RAY_CHUNK_GAMES)
        if workers <= 1:
            for job in jobs:
                on_records([play_game(ctx, job)])
            return False
        return _run_processes(ctx, jobs, on_records, workers, chunk_games or LOCAL_CHUNK_GAMES)
    except KeyboardInterrupt:
        return True


def _run_processes(ctx: WorkerContext, jobs: Sequence[GameJob], on_records: OnRecords, workers: int,
                   chunk_games: int) -> bool:
    pool = multiprocessing.get_context().Pool(workers, initializer=_init_local_worker, initargs=(ctx,))
    try:
        for records in pool.imap_unordered(_play_chunk_in_worker, _chunks(jobs, chunk_games)):
            on_records(records)
    except KeyboardInterrupt:
        pool.terminate()  # SIGTERM to every worker, then reap them: none survives the run
        pool.join()
        return True
    except BaseException:
        pool.terminate()
        pool.join()
        raise
    pool.close()
    pool.join()
    return False


def _ray_runtime_env(address: str | None) -> dict[str, Any] | None:
    """On a local Ray, workers import this very checkout; a cluster's nodes must have mtg-ecs installed."""
    if address:
        return None
    root = str(Path(__file__).resolve().parents[1])
    path = os.pathsep.join(p for p in (root, os.environ.get("PYTHONPATH", "")) if p)
    return {"env_vars": {"PYTHONPATH": path}}


def _run_ray(ctx: WorkerContext, jobs: Sequence[GameJob], on_records: OnRecords, workers: int,
             address: str | None, chunk_games: int) -> bool:
    try:
        import ray
    except ImportError:
        raise BatchError("--backend ray needs Ray: pip install 'mtg-ecs[ray]'") from None
    import logging

    started_here = not ray.is_initialized()
    if started_here:
        kwargs: dict[str, Any] = {"include_dashboard": False, "logging_level": logging.WARNING,
                                  "runtime_env": _ray_runtime_env(address)}
        if address:
            kwargs["address"] = address
        else:
            kwargs["num_cpus"] = workers
        ray.init(**kwargs)
    remote = ray.remote(max_retries=0)(play_chunk)
    ctx_ref = ray.put(ctx)
    chunks: Iterator[list[GameJob]] = _chunks(jobs, chunk_games)
    in_flight = max(2, 2 * int(ray.cluster_resources().get("CPU", workers)))
    pending: list[Any] = []
    try:
        for chunk in chunks:
            pending.append(remote.remote(ctx_ref, chunk))
            if len(pending) >= in_flight:
                break
        while pending:
            done, pending = ray.wait(pending, num_returns=1, timeout=0.5)
            for ref in done:
                on_records(ray.get(ref))
                more = next(chunks, [])
                if more:
                    pending.append(remote.remote(ctx_ref, more))
    except KeyboardInterrupt:
        for ref in pending:
            ray.cancel(ref, force=True)
        return True
    finally:
        if started_here:
            ray.shutdown()
    return False


# ---------------------------------------------------------------------------------------------- records


def records_header(command: str, settings: dict[str, Any]) -> dict[str, Any]:
    return {"format": RECORDS_FORMAT, "command": command, "settings": settings}


def read_records(path: str | os.PathLike[str]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The header and the game records of a JSON Lines records file (a torn last line is ignored)."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise BatchError(f"{path}: cannot read records: {exc}") from None
    lines = text.split("\n")
    if not lines or not lines[0].strip():
        raise BatchError(f"{path}: empty records file")
    try:
        header = json.loads(lines[0])
    except json.JSONDecodeError as exc:
        raise BatchError(f"{path}, line 1: not JSON: {exc}") from None
    if not isinstance(header, dict) or header.get("format") != RECORDS_FORMAT:
        raise BatchError(f"{path}, line 1: not an mtg-ecs records file (expected format {RECORDS_FORMAT!r})")
    records = []
    last = len(lines) - 1
    for number, line in enumerate(lines[1:], start=2):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError as exc:
            if number - 1 == last:  # the run was killed while writing this line
                break
            raise BatchError(f"{path}, line {number}: not JSON: {exc}") from None
        if not isinstance(record, dict) or not isinstance(record.get("game"), int):
            raise BatchError(f"{path}, line {number}: a game record needs an integer 'game'")
        records.append(record)
    return header, records


def settings_difference(old: dict[str, Any], new: dict[str, Any]) -> str | None:
    """The first setting that differs between a records file and this run, described; None if equal."""
    for key in sorted(set(old) | set(new)):
        if old.get(key) != new.get(key):
            if key == "entrants":
                return f"entrants (decks, cards or agents): {_entrants_brief(old.get(key))} -> " \
                       f"{_entrants_brief(new.get(key))}"
            return f"{key}: {old.get(key)!r} -> {new.get(key)!r}"
    return None


def _entrants_brief(entrants: Any) -> str:
    if not isinstance(entrants, list):
        return repr(entrants)
    return "[" + ", ".join(f"{e.get('label')}={e.get('agent')}" if isinstance(e, dict) else repr(e)
                           for e in entrants) + "]"


@dataclass
class BatchRun:
    """What a batch produced: every record (earlier ones from a resumed file included), sorted by game."""

    records: list[dict[str, Any]]
    interrupted: bool
    seconds: float
    resumed: int = 0  # records that came from the file being resumed

    @property
    def errors(self) -> list[dict[str, Any]]:
        return [r for r in self.records if r.get("error")]


def run_batch(command: str, settings: dict[str, Any], ctx: WorkerContext, jobs: Sequence[GameJob], *,
              records_path: str | None = None, resume: str | None = None, workers: int = 1,
              backend: str = "local", address: str | None = None, chunk_games: int | None = None,
              progress: bool = True) -> BatchRun:
    """Play the jobs not already in the records file being resumed, writing each record as it arrives."""
    from tqdm import tqdm

    earlier: list[dict[str, Any]] = []
    if resume is not None:
        header, earlier = read_records(resume)
        if header.get("command") != command:
            raise BatchError(f"--resume {resume}: records of a {header.get('command')!r} run, not {command!r}")
        diff = settings_difference(header.get("settings", {}), settings)
        if diff is not None:
            raise BatchError(f"--resume {resume}: the settings changed ({diff}); "
                             "resume with the same settings or start a new records file")
        wanted = {job.game for job in jobs}
        earlier = [r for r in {r["game"]: r for r in earlier if r["game"] in wanted}.values()]
        records_path = resume
        check_output_path(resume, "--resume")
    done = {r["game"] for r in earlier}
    todo = [job for job in jobs if job.game not in done]
    records: list[dict[str, Any]] = list(earlier)
    out = None
    if records_path is not None:
        if resume is not None:
            _drop_torn_last_line(records_path)
            out = open(records_path, "a", encoding="utf-8")  # noqa: SIM115 - closed in finally
        else:
            out = open(records_path, "w", encoding="utf-8")  # noqa: SIM115
            out.write(json.dumps(records_header(command, settings)) + "\n")
            out.flush()
    class ProgressBar(tqdm):
        monitor_interval = 0  # no monitor thread: worker processes are forked after the bar starts

    bar = ProgressBar(total=len(jobs), initial=len(earlier), disable=not progress, unit="game", smoothing=0.05,
               dynamic_ncols=True)

    def on_records(new: list[dict[str, Any]]) -> None:
        records.extend(new)
        if out is not None:
            out.write("".join(json.dumps(r) + "\n" for r in new))
            out.flush()
        bar.update(len(new))

    start = time.perf_counter()
    try:
        interrupted = run_jobs(ctx, todo, on_records, workers=workers, backend=backend, address=address,
                               chunk_games=chunk_games)
    finally:
        bar.close()
        if out is not None:
            out.close()
    records.sort(key=lambda r: r["game"])
    return BatchRun(records, interrupted, time.perf_counter() - start, resumed=len(earlier))


def _drop_torn_last_line(path: str) -> None:
    """A run killed while writing leaves a partial last line; cut it so appended records start cleanly."""
    with open(path, "rb+") as fh:
        data = fh.read()
        if data and not data.endswith(b"\n"):
            fh.truncate(data.rfind(b"\n") + 1)


def exit_status(run: BatchRun) -> int:
    if run.interrupted:
        return EXIT_INTERRUPTED
    return EXIT_ENGINE_ERRORS if run.errors else 0


def interrupted_message(run: BatchRun, total: int, records_path: str | None) -> str:
    where = f"; resume with --resume {records_path}" if records_path else ""
    return f"mtg-ecs: interrupted after {len(run.records)} of {total} games (partial report written){where}"


# ---------------------------------------------------------------------------------------------- command line


def add_run_options(parser: Any) -> None:
    """The options every batch command shares (``--games`` is the command's own); numbers are checked
    when parsed (ecs/options.py), so a bad one is an argparse error, exit 2."""
    from ecs.options import positive_int, seed_number

    parser.add_argument("--agents", nargs="+", default=["random"], metavar="SPEC",
                        help="agent spec for every deck, or one per deck (default: random)")
    parser.add_argument("--workers", type=positive_int, default=1, help="local worker processes, or CPUs of a local Ray")
    parser.add_argument("--seed", type=seed_number, default=0, help="base seed: game i gets seed*1000003+i")
    parser.add_argument("--max-turns", type=positive_int, default=100)
    parser.add_argument("--records", metavar="FILE.jsonl", help="write one JSON record per game (replayable)")
    parser.add_argument("--resume", metavar="FILE.jsonl",
                        help="continue the run recorded in FILE (same settings), appending to it")
    parser.add_argument("--backend", choices=BACKENDS, default="local",
                        help="local processes (default) or Ray tasks")
    parser.add_argument("--address", metavar="ADDR", help="with --backend ray: an existing Ray cluster "
                        "(e.g. auto or ray://head:10001); default: start a local Ray")
    parser.add_argument("--chunk-games", type=positive_int, metavar="N",
                        help=f"games per task (default {LOCAL_CHUNK_GAMES} locally, {RAY_CHUNK_GAMES} on Ray)")
    parser.add_argument("--no-progress", action="store_true", help="hide the progress bar")


def check_run_options(args: Any) -> None:
    if args.address and args.backend != "ray":
        raise BatchError("--address is for --backend ray")
    if args.chunk_games is not None and args.chunk_games < 1:
        raise BatchError("--chunk-games must be at least 1")
    if args.max_turns < 1:
        raise BatchError("--max-turns must be at least 1")
    if args.resume and args.records and Path(args.resume).resolve() != Path(args.records).resolve():
        raise BatchError("--resume appends to its own file; leave out --records or give the same file")
    if args.backend == "ray":
        import importlib.util

        if importlib.util.find_spec("ray") is None:  # say so before any deck is read or game is played
            raise BatchError("--backend ray needs Ray: pip install 'mtg-ecs[ray]'")


# ---------------------------------------------------------------------------------------------- replay


def find_record(path: str, game: int) -> tuple[dict[str, Any], dict[str, Any]]:
    header, records = read_records(path)
    for record in records:
        if record["game"] == game:
            return header, record
    games = sorted(r["game"] for r in records)
    span = f"{games[0]}..{games[-1]}" if games else "none"
    raise BatchError(f"{path}: no record of game {game} (games recorded: {span})")


def replay_record(header: dict[str, Any], record: dict[str, Any], source: str) -> tuple[Any, list[str]]:
    """Replay a recorded game with its log on; return the game and the record fields it does not match.

    A game that ended by an engine error is rebuilt from its save (its last action is the one that
    raised, so the error is raised again); others are played again by the same agents and seeds.
    """
    from ecs.agents import play_out
    from ecs.game import Game
    from ecs.setup import new_game

    if record.get("error"):
        if not isinstance(record.get("save"), dict):
            raise BatchError(f"{source}: game {record['game']} failed before it started; it has no save")
        return Game.from_json(record["save"], f"{source} game {record['game']}"), []
    entrants = {e["label"]: e for e in header.get("settings", {}).get("entrants", [])}
    try:
        seats = [entrants[label] for label in record["seats"]]
    except KeyError as exc:
        raise BatchError(f"{source}: game {record['game']}: seat {exc} is not an entrant of the header") from None
    objects = header.get("settings", {}).get("card_objects") or []
    pool = card_pool(json.dumps(objects, sort_keys=True) if objects else "")
    decks = [[pool.get(name) for name in e["cards"]] for e in seats]
    game = new_game(decks, record["seed"], names=record["seats"], max_turns=record["max_turns"], log=True,
                    pool=pool)
    agents = [make_agent(spec, seed=s) for spec, s in zip(record["agents"], record["agent_seeds"], strict=True)]
    result = play_out(game, agents)
    replayed = {"winner": result.winner, "turns": result.turns, "reason": result.reason,
                "starting_seat": game.starting_player, "decisions": len(game.history)}
    mismatches = [f"{k}: recorded {record.get(k)!r}, replayed {v!r}" for k, v in replayed.items()
                  if record.get(k) != v]
    return game, mismatches


def replay_command(path: str, game: int | None) -> int:
    """``mtg-ecs replay RECORDS.jsonl --game N``: print the game's log and check it against its record.

    Exit 0 when the replay gives the recorded result, 1 when it differs, 3 when the recorded engine error
    happens again.
    """
    if game is None:
        raise BatchError(f"{path}: a records file holds many games; choose one with --game N")
    header, record = find_record(path, game)
    try:
        replayed, mismatches = replay_record(header, record, path)
    except MtgError:
        raise
    except Exception as exc:  # noqa: BLE001 - the recorded engine error, raised again by the replay
        print(f"game {game}: the engine raised again: {type(exc).__name__}: {exc}")
        print(f"recorded: {record.get('error')}")
        return EXIT_ENGINE_ERRORS
    for line in replayed.log:
        print(line)
    result = replayed.result
    if record.get("error"):
        print(f"game {game}: replayed the {len(record['save']['actions'])} recorded decisions; recorded error: "
              f"{record['error']}")
        return EXIT_ENGINE_ERRORS
    winner = "draw" if result.winner is None else replayed.player_states[result.winner].name
    print(f"result: {winner} after {result.turns} turns: {result.reason}")
    if mismatches:
        print(f"game {game}: the replay differs from its record: {'; '.join(mismatches)}", file=sys.stderr)
        return 1
    print(f"game {game}: matches its record (seed {record['seed']})")
    return 0


def settings_json(run: RunDecks, **settings: Any) -> dict[str, Any]:
    """A run's settings as plain JSON values, as stored in a records header and compared on resume."""
    return settings | run.settings()


__all__ = ["BatchError", "BatchRun", "Entrant", "GameJob", "WorkerContext", "agent_seed",
           "check_output_path", "game_seed", "load_entrants", "make_agent", "read_records", "replay_record",
           "run_batch"]

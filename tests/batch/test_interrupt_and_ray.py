"""Long runs: Ctrl-C ends every worker and exits 130 with a partial report; Ray gives the local results."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from ecs.batch import read_records
from ecs.cli import main

ROOT = Path(__file__).resolve().parents[2]


def _children(pid: int) -> list[int]:
    kids = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                kids.append(int(entry.name))
    return kids


def _alive(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads worker processes from /proc (Linux)")
def test_ctrl_c_ends_every_worker_writes_the_partial_report_and_exits_130(tmp_path):
    records, report = tmp_path / "r.jsonl", tmp_path / "r.json"
    argv = [sys.executable, "-m", "ecs", "simulate", "--games", "400", "--workers", "2", "--no-progress",
            "--records", str(records), "--json", str(report)]
    # A shell starts background jobs with SIGINT ignored; give the run the default disposition, as in a terminal.
    proc = subprocess.Popen(argv, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline and proc.poll() is None:
        if records.exists() and records.read_text().count("\n") >= 3:  # the header and two games
            break
        time.sleep(0.1)
    workers = _children(proc.pid)
    assert len(workers) >= 2, "the pool's workers are running"
    sent = time.monotonic()
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=30)
    took = time.monotonic() - sent
    assert proc.returncode == 130
    assert took < 2.0
    lines = err.decode().strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("mtg-ecs: interrupted after") and "--resume" in lines[0]
    assert b"Traceback" not in err + out
    assert not [pid for pid in workers if _alive(pid)]
    partial = json.loads(report.read_text())
    assert partial["interrupted"] is True and 2 <= partial["games"] < 400
    assert partial["games"] == len(read_records(records)[1])


def test_ray_backend_gives_the_same_games_as_local_workers(tmp_path):
    pytest.importorskip("ray")
    outs = {}
    for backend in ("local", "ray"):
        records = tmp_path / f"{backend}.jsonl"
        argv = ["tournament", "--decks", "red_green_aggro", "white_blue_skies", "mono_red_burn", "--games", "2",
                "--seed", "11", "--workers", "2", "--backend", backend, "--records", str(records), "--no-progress"]
        assert main(argv) == 0
        outs[backend] = sorted(({k: v for k, v in r.items() if k != "seconds"} for r in read_records(records)[1]),
                               key=lambda r: r["game"])
    assert len(outs["ray"]) == 6
    assert outs["ray"] == outs["local"]


def test_ray_backend_without_ray_or_with_address_on_local_is_refused(capsys):
    assert main(["simulate", "--games", "1", "--address", "auto", "--no-progress"]) == 2
    assert "--address is for --backend ray" in capsys.readouterr().err


if os.name != "posix":  # pragma: no cover - SIGINT to a child process group is POSIX
    pytestmark = pytest.mark.skip(reason="POSIX signals")

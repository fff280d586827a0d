"""bench.py runs against a server and prints its one JSON line."""

from __future__ import annotations

import json
import subprocess
import sys

from conftest import HERE


def test_bench_prints_pairs_per_second(redis_server: str) -> None:
    done = subprocess.run([sys.executable, str(HERE.parent / "bench.py"), redis_server, "--seconds", "0.3"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.strip().splitlines()
    assert len(lines) == 1
    result = json.loads(lines[0])
    assert result["client"] == "python" and result["pairs_per_s"] > 50 and result["depth"] == 3

#!/usr/bin/env python3
"""Depth-3 pairs per second of the Python client: acquire X on a depth-3 path
(/t0/w0/m, as treelock-bench's tl-d3), then release it, in a loop on one
connection for N seconds. Prints one JSON line:

    {"client": "python", "pairs_per_s": 1234.5, ...}

Usage: bench.py URL [--seconds N] [--project P]
       (run from clients/python, or with the package installed)
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
import uuid

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import treelock  # noqa: E402


def main(argv: list) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("url", help="redis://host:port, unix:///path.sock, redis+sentinel://... or redis+cluster://...")
    parser.add_argument("--seconds", type=float, default=5.0, help="how long to measure (default 5)")
    parser.add_argument("--project", default=None, help="project id (default: a fresh bench-<hex>)")
    parser.add_argument("--path", default="/t0/w0/m", help="the depth-3 path (default /t0/w0/m)")
    args = parser.parse_args(argv)

    project = args.project or f"bench-{uuid.uuid4().hex[:12]}"
    requests = [("X", args.path)]
    with treelock.Client.from_url(args.url, project, owner="bench") as client:
        client.release(client.acquire(requests))  # loads the library, warms the connection
        pairs = 0
        started = time.perf_counter()
        deadline = started + args.seconds
        now = started
        while now < deadline:
            lease = client.acquire(requests, ttl_ms=30000)
            client.release(lease)
            pairs += 1
            now = time.perf_counter()
        elapsed = now - started
    print(json.dumps({"client": "python", "pairs_per_s": round(pairs / elapsed, 1), "pairs": pairs,
                      "seconds": round(elapsed, 3), "depth": args.path.count("/"), "project": project}))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""The package installs with pip into a virtual environment and works from there: the
library and the policies travel with it as package data, not from the checkout."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

from conftest import REPO

import treelock

PACKAGE = REPO / "clients" / "python"


def test_pip_installs_a_working_package_into_a_venv(tmp_path: Path, redis_server: str) -> None:
    venv = tmp_path / "venv"
    # Debian's redis-py comes from the system site; pip brings nothing from a registry.
    subprocess.run([sys.executable, "-m", "venv", "--system-site-packages", str(venv)], check=True)
    python = venv / "bin" / "python"
    # Built from a copy of the checkout's parts it needs (setuptools leaves build/ and
    # *.egg-info beside the sources it builds): the package, and lua/ to compose from.
    source = tmp_path / "clients" / "python"
    shutil.copytree(PACKAGE, source, ignore=shutil.ignore_patterns("__pycache__", "build", "*.egg-info"))
    shutil.copytree(REPO / "lua", tmp_path / "lua")
    installed = subprocess.run(
        [str(python), "-m", "pip", "install", "--no-build-isolation", "--no-deps", "--no-index", "--quiet",
         str(source)],
        capture_output=True, text=True, cwd=tmp_path)
    assert installed.returncode == 0, installed.stderr

    program = textwrap.dedent(f"""
        import treelock
        from treelock.library import embedded_library
        print(treelock.__file__)
        print(embedded_library().name)
        with treelock.Client.from_url({redis_server!r}, project="installed", owner="venv") as client:
            lease = client.acquire_operation("move-folder", "/A/C", "/B")
            print(sorted(mode + " " + path for mode, path in lease.requests))
            print(client.release(lease).status)
        """)
    env = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}
    ran = subprocess.run([str(python), "-c", program], capture_output=True, text=True, cwd=tmp_path, env=env)
    assert ran.returncode == 0, ran.stderr
    module, name, requests, status = ran.stdout.splitlines()
    assert module.startswith(str(venv)), module  # the installed copy, not the checkout
    assert name == treelock.library.embedded_library().name  # the checkout's, composed the same way
    assert requests == "['X /A/C', 'X /B/C']", requests  # the fine policy (the default profile)
    assert status == "ok"

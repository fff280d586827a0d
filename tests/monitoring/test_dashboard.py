"""The Grafana dashboard of resources/monitoring/grafana-dashboard.json is one Grafana
imports as is, and every query on it is one Prometheus can run against the exporter:

- it has what Grafana's "export for sharing" writes (__inputs with the DS_PROMETHEUS
  datasource input, __requires), a stable uid, a title, a schemaVersion and the
  `project` variable;
- every panel has a gridPos inside the 24 columns, a description, a unit and at least
  one query, and no two panels overlap;
- every treelock_* metric its queries name is one app/exporter/exportermetrics.cpp
  serves;
- every query, with the dashboard's variables filled in, is valid PromQL: they are
  written as recording rules and `promtool check rules` must accept the file.

Run by ctest (tst_monitoring_dashboard); by hand:
/usr/bin/python3 -m pytest tests/monitoring
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
DASHBOARD = Path(os.environ.get("TREELOCK_DASHBOARD", ROOT / "resources" / "monitoring" / "grafana-dashboard.json"))
METRICS_SOURCE = ROOT / "app" / "exporter" / "exportermetrics.cpp"
METRIC_NAME = re.compile(r"treelock_[a-z_]+")

# What Grafana puts for the variables when the dashboard shows every project over an hour.
SUBSTITUTIONS = {
    "project": ".*",
    "__rate_interval": "1m",
    "__interval": "15s",
    "__range": "1h",
}
VARIABLE = re.compile(r"\$\{(\w+)(?::[^}]*)?\}|\[\[(\w+)\]\]|\$(\w+)")


def filled(expr: str) -> str:
    def one(m: re.Match[str]) -> str:
        name = m.group(1) or m.group(2) or m.group(3)
        assert name in SUBSTITUTIONS, f"the expression {expr!r} uses ${name}, which the dashboard does not define"
        return SUBSTITUTIONS[name]

    return VARIABLE.sub(one, expr)


@pytest.fixture(scope="module")
def dashboard() -> dict[str, Any]:
    with open(DASHBOARD, encoding="utf-8") as f:
        loaded = json.load(f)
    assert isinstance(loaded, dict), f"{DASHBOARD} holds a {type(loaded).__name__}, not a dashboard object"
    return loaded


def panels(dashboard: dict[str, Any]) -> list[dict[str, Any]]:
    """Every panel but the rows, with those inside collapsed rows."""
    out = []
    for p in dashboard["panels"]:
        if p.get("type") == "row":
            out.extend(p.get("panels", []))
        else:
            out.append(p)
    return out


def exprs(dashboard: dict[str, Any]) -> list[tuple[str, str]]:
    """(where, expr) of every query: where is "panel 'Title' target A"."""
    return [
        (f"panel {p.get('title')!r} target {t.get('refId')}", t["expr"])
        for p in panels(dashboard)
        for t in p.get("targets", [])
        if t.get("expr")
    ]


def exporter_metrics() -> set[str]:
    names = set(re.findall(r'"(treelock_[a-z_]+)"', METRICS_SOURCE.read_text(encoding="utf-8")))
    assert len(names) > 10, f"found only {sorted(names)} in {METRICS_SOURCE}: has the way it names metrics changed?"
    return names


def test_is_an_export_for_sharing(dashboard: dict[str, Any]) -> None:
    inputs = {i.get("name"): i for i in dashboard.get("__inputs", [])}
    assert "DS_PROMETHEUS" in inputs, f"__inputs has no DS_PROMETHEUS: {list(inputs)}"
    assert inputs["DS_PROMETHEUS"].get("type") == "datasource"
    assert inputs["DS_PROMETHEUS"].get("pluginId") == "prometheus"
    requires = {(r.get("type"), r.get("id")) for r in dashboard.get("__requires", [])}
    assert ("grafana", "grafana") in requires and ("datasource", "prometheus") in requires, requires
    for p in panels(dashboard):
        assert ("panel", p["type"]) in requires, f"panel type {p['type']!r} is missing from __requires"
        assert p.get("datasource", {}).get("uid") == "${DS_PROMETHEUS}", f"panel {p.get('title')!r} datasource"
        for t in p.get("targets", []):
            assert t.get("datasource", {}).get("uid") == "${DS_PROMETHEUS}", f"panel {p.get('title')!r} target datasource"


def test_has_uid_title_and_schema_version(dashboard: dict[str, Any]) -> None:
    assert dashboard.get("uid") == "treelock"
    assert isinstance(dashboard.get("title"), str) and dashboard["title"].strip()
    assert isinstance(dashboard.get("schemaVersion"), int) and 36 <= dashboard["schemaVersion"] <= 39, dashboard.get(
        "schemaVersion"
    )
    assert dashboard.get("id") is None, "an export for sharing has no id: Grafana gives one on import"


def test_has_the_project_variable(dashboard: dict[str, Any]) -> None:
    variables = {v.get("name"): v for v in dashboard.get("templating", {}).get("list", [])}
    assert "project" in variables, f"variables: {list(variables)}"
    project = variables["project"]
    query = project.get("query")
    query = query.get("query") if isinstance(query, dict) else query
    assert query == "label_values(treelock_leases, project)", query
    assert project.get("multi") is True and project.get("includeAll") is True
    assert project.get("datasource", {}).get("uid") == "${DS_PROMETHEUS}"


def test_rows_are_the_documented_ones(dashboard: dict[str, Any]) -> None:
    rows = [p.get("title") for p in dashboard["panels"] if p.get("type") == "row"]
    assert rows == ["Overview", "Leases", "Waiting and contention", "Exporter and Redis"], rows


def test_every_panel_has_a_place_a_query_a_description_and_a_unit(dashboard: dict[str, Any]) -> None:
    seen_ids: set[int] = set()
    cells: dict[tuple[int, int], str] = {}
    for p in dashboard["panels"] + [n for r in dashboard["panels"] for n in r.get("panels", [])]:
        title = p.get("title")
        assert p.get("id") not in seen_ids, f"panel {title!r}: id {p.get('id')} is used twice"
        seen_ids.add(p.get("id"))
        grid = p.get("gridPos")
        assert isinstance(grid, dict), f"panel {title!r} has no gridPos"
        x, y, w, h = (grid.get(k) for k in "xywh")
        assert all(isinstance(v, int) for v in (x, y, w, h)), f"panel {title!r}: gridPos {grid}"
        assert w >= 1 and h >= 1 and x >= 0 and y >= 0 and x + w <= 24, f"panel {title!r}: gridPos {grid}"
        for cx in range(x, x + w):
            for cy in range(y, y + h):
                assert (cx, cy) not in cells, f"panel {title!r} overlaps panel {cells[(cx, cy)]!r} at {cx},{cy}"
                cells[(cx, cy)] = title
        if p.get("type") == "row":
            continue
        targets = [t for t in p.get("targets", []) if t.get("expr", "").strip()]
        assert targets, f"panel {title!r} has no query"
        assert p.get("description", "").strip(), f"panel {title!r} has no description"
        assert p.get("fieldConfig", {}).get("defaults", {}).get("unit"), f"panel {title!r} has no unit"


def test_every_metric_is_one_the_exporter_serves(dashboard: dict[str, Any]) -> None:
    served = exporter_metrics()
    unknown = [
        (where, name) for where, expr in exprs(dashboard) for name in METRIC_NAME.findall(expr) if name not in served
    ]
    variable_query = next(v for v in dashboard["templating"]["list"] if v["name"] == "project")["definition"]
    unknown += [("the project variable", n) for n in METRIC_NAME.findall(variable_query) if n not in served]
    assert not unknown, f"metrics the exporter does not serve ({METRICS_SOURCE.name}): {unknown}"


def test_every_query_is_valid_promql(dashboard: dict[str, Any]) -> None:
    promtool = os.environ.get("PROMTOOL") or shutil.which("promtool") or "/usr/bin/promtool"
    assert Path(promtool).exists(), "promtool is missing: scripts/setup installs it (Debian's prometheus)"
    queries = exprs(dashboard)
    assert queries
    rules = [
        {"record": f"dashboard:query_{i}", "expr": filled(expr), "labels": {"where": where}}
        for i, (where, expr) in enumerate(queries)
    ]
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "dashboard-rules.yml"
        # JSON is YAML: promtool reads the rule file as it is.
        path.write_text(json.dumps({"groups": [{"name": "dashboard", "rules": rules}]}, indent=1), encoding="utf-8")
        done = subprocess.run([promtool, "check", "rules", str(path)], capture_output=True, text=True, timeout=60)
    listing = "\n".join(f"  dashboard:query_{i}: {where}: {filled(e)}" for i, (where, e) in enumerate(queries))
    assert done.returncode == 0, f"promtool rejects a query:\n{done.stdout}{done.stderr}\nqueries:\n{listing}"
    assert f"SUCCESS: {len(rules)} rules found" in done.stdout, done.stdout

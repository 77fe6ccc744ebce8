"""Hand-written scenarios for ``scenarios_own.jsonl`` (assembled by ``own_scenarios.py --build``).

The text of every scenario is a literal in ``own_data_*.py``; this module only holds the
small helpers they use (turn timestamps from a session start plus minutes, expected dates
for the relative-date scenarios computed from the turn's UTC date) and the assembly.
The world is fictional: every person, company, host and account is invented.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

# Repositories (several organisations, ssh / https / scp-like remotes)
DISPATCH = "git@github.com:tidewater-logistics/dispatch-api.git"  # Go, truck dispatch
LEDGER = "https://gitlab.com/quillfeather/ledgerline.git"  # TypeScript bookkeeping
ORCHARD = "git@github.com:brambleworks/orchard-mobile.git"  # React Native grocery app
TFLIVE = "ssh://git@code.vantafield.net:2222/infra/terraform-live.git"  # Terraform
CLINIC = "git@bitbucket.org:morrowlane/clinic-portal.git"  # Django clinic portal
EMBER = "https://git.lumenforge.dev/games/ember-engine.git"  # C++ game engine
HARBOR = "git@git.saltmarsh.io:platform/harbor-gateway.git"  # Rust API gateway
PIPES = "https://github.com/kestrel-analytics/pipeline-jobs"  # Python / Airflow
DOCS = "git@github.com:fernhollow/docs-site.git"  # Astro docs site
PIKELET = "https://github.com/pikelet-io/pikelet-cli.git"  # Rust CLI
ORDER = "git@gitee.com:yunque-tech/order-center.git"  # Java Spring (Chinese team)
XIAOYU = "https://e.coding.net/qingmu/xiaoyu-app.git"  # Flutter app (Chinese team)
SHANHAI = "git@github.com:shanhai-labs/ml-serving.git"  # Python model serving (Chinese team)
SETTLE = "git@gitlab.ashgrove-fin.net:payments/settlement-svc.git"  # Kotlin settlement
INTAKE = "https://github.com/marigold-health/intake-forms.git"  # Vue forms
WAREHOUSE = "git@github.com:nettlebright/warehouse-sim.git"  # Elixir simulation

_WD = {"mon": 0, "tue": 1, "wed": 2, "thu": 3, "fri": 4, "sat": 5, "sun": 6}


def _day(at: str) -> dt.date:
    return dt.datetime.fromisoformat(at).date()


def coming(at: str, wd: str) -> str:
    """The next ``wd`` strictly after the day of ``at`` ("next Thursday" said on a Monday)."""
    d = _day(at)
    n = (_WD[wd] - d.weekday()) % 7 or 7
    return (d + dt.timedelta(days=n)).isoformat()


def next_week(at: str, wd: str, weeks: int = 1) -> str:
    """``wd`` of the calendar week after the one holding ``at`` (下周三); weeks=2 for 下下周."""
    d = _day(at)
    monday = d - dt.timedelta(days=d.weekday()) + dt.timedelta(weeks=weeks)
    return (monday + dt.timedelta(days=_WD[wd])).isoformat()


def plus(at: str, days: int) -> str:
    return (_day(at) + dt.timedelta(days=days)).isoformat()


def month_end(at: str) -> str:
    d = _day(at)
    first_next = (d.replace(day=1) + dt.timedelta(days=32)).replace(day=1)
    return (first_next - dt.timedelta(days=1)).isoformat()


def next_month_first(at: str) -> str:
    d = _day(at)
    return (d.replace(day=1) + dt.timedelta(days=32)).replace(day=1).isoformat()


def _stamp(start: str, minutes: int) -> str:
    t = dt.datetime.fromisoformat(start) + dt.timedelta(minutes=minutes)
    return t.strftime("%Y-%m-%dT%H:%M:%SZ")


def S(sid: str, start: str, turns: list[tuple]) -> dict[str, Any]:
    """A session; ``turns`` are (minutes after ``start``, user, assistant)."""
    out = []
    for minutes, user, assistant in turns:
        out.append({"at": _stamp(start, minutes), "user": user, "assistant": assistant})
    return {"id": sid, "turns": out}


def P(at: str, message: str, any: tuple | list = (), none: tuple | list = ()) -> dict[str, Any]:
    return {
        "at": _stamp(at, 0),
        "message": message,
        "expect_any": list(any),
        "expect_none": list(none),
    }


def sc(
    sid: str,
    kind: str,
    origin: str,
    sessions: list[dict[str, Any]],
    probes: list[dict[str, Any]],
    never: tuple | list = (),
) -> dict[str, Any]:
    return {
        "id": sid,
        "kind": kind,
        "origin": origin,
        "sessions": sessions,
        "probes": probes,
        "never_stored": list(never),
    }


def all_scenarios() -> list[dict[str, Any]]:
    from own_data_a import SCENARIOS as a  # noqa: PLC0415
    from own_data_b import SCENARIOS as b  # noqa: PLC0415
    from own_data_c import SCENARIOS as c  # noqa: PLC0415

    out = a + b + c
    return sorted(out, key=lambda s: s["id"])

"""Scenario harness (SPEC R35): extraction then recall, end to end, on a scenario file.

A scenario file has the format of the ``eval/scenarios.jsonl`` data set: each line is
``{"id", "kind", "origin", "sessions": [{"id", "turns": [{"at", "user", "assistant"}]}],
"probes": [{"at", "message", "expect_any", "expect_none"}], "never_stored": [...]}``.

Each scenario runs in a fresh temporary memory home. The project scope comes from the
``origin`` URL exactly as R2 maps a real clone (:func:`parse_remote_url`). Sessions are
replayed in order: per-turn extraction with the clock at each turn's ``at`` (the extractor
sees the previous exchange and the current one), then the session-end autosave. Each
probe's message then goes through ``recall_text(store, scope, message, now) -> str``; a
probe passes when that text contains (case-insensitively) one of ``expect_any`` (or
``expect_any`` is empty) and none of ``expect_none``. After all probes, every file under
the home is searched byte for byte (case-insensitively) for each ``never_stored`` string;
a hit fails the scenario outright. ``trivial`` scenarios also fail when any note, inbox or
session file exists.

``recall_text`` is a parameter because recall is its own module:
:func:`recaller_text` runs the real per-turn recall (:class:`memlsp.core.recall.Recaller`,
first turn of a fresh session); :func:`stored_text_proxy` (the default, needing no
embedder) returns the text of every stored note, so a probe passes when some note holds an
expected string and no note holds a forbidden one — it measures what was written, not
what recall would select. The result names the one used (``recall`` key).

Must not import pygls, lsprotocol or the CLI.
"""

from __future__ import annotations

import datetime as dt
import json
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..extract import Message
from ..identity import ProjectId, parse_remote_url
from ..models import Provider
from ..notes import parse_time
from ..replay import replay_session
from ..store import Scope, Store

RecallText = Callable[[Store, Scope, str, dt.datetime], str]
PROXY_NAME = "stored-text proxy"


def stored_text_proxy(store: Store, scope: Scope, message: str, now: dt.datetime) -> str:
    """Every stored note's text (frontmatter and body), sessions included."""
    parts = []
    for entry in store.scan_all().entries:
        data, _ = store.read(entry.path)
        parts.append(data.decode("utf-8", "replace"))
    return "\n".join(parts)


stored_text_proxy.label = PROXY_NAME  # type: ignore[attr-defined]


def recaller_text(
    store: Store, scope: Scope, message: str, now: dt.datetime, *, params=None
) -> str:
    """The real per-turn recall (R15): a fresh session's first turn through the same
    :class:`~memlsp.core.recall.Recaller` a chat turn uses, with ``params`` (the
    ``recall.*`` settings; the defaults when None); the injected reminder text."""
    import uuid

    from ..recall import Recaller

    recaller = Recaller(store, scope, params=params)
    result = recaller.recall(
        f"probe-{uuid.uuid4().hex[:8]}", message, first_turn=True, now=now, record=False
    )
    return result.reminder


recaller_text.label = "per-turn recall"  # type: ignore[attr-defined]


def recall_with(params) -> RecallText:
    """:func:`recaller_text` with these ``recall.*`` settings (a RecallParams)."""

    def text(store: Store, scope: Scope, message: str, now: dt.datetime) -> str:
        return recaller_text(store, scope, message, now, params=params)

    text.label = recaller_text.label  # type: ignore[attr-defined]
    return text


def load_scenarios(path: Path | str) -> list[dict[str, Any]]:
    out = []
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            if line.strip():
                out.append(json.loads(line))
    return out


def scope_for_origin(store: Store, origin: str) -> Scope:
    rel = parse_remote_url(origin)
    if rel is None:
        raise ValueError(f"origin {origin!r} is not a remote URL")
    return store.project_scope(project=ProjectId(rel=rel, kind="remote", origin=origin))


def _probe_passes(text: str, probe: dict[str, Any]) -> bool:
    low = text.casefold()
    expect_any = [s.casefold() for s in probe.get("expect_any") or []]
    expect_none = [s.casefold() for s in probe.get("expect_none") or []]
    if expect_any and not any(s in low for s in expect_any):
        return False
    return not any(s in low for s in expect_none)


def _files_holding(home: Path, needles: list[str]) -> list[tuple[str, str]]:
    hits = []
    lowered = [(n, n.casefold().encode("utf-8")) for n in needles if n]
    for file in sorted(home.rglob("*")):
        if not file.is_file():
            continue
        data = file.read_bytes().decode("utf-8", "replace").casefold().encode("utf-8")
        for needle, low in lowered:
            if low in data:
                hits.append((needle, file.relative_to(home).as_posix()))
    return hits


def _note_files(home: Path) -> list[str]:
    return [
        p.relative_to(home).as_posix()
        for p in home.rglob("*.md")
        if p.name != "MEMORY.md" and ".memlsp" not in p.parts
    ]


def run_scenario(
    scenario: dict[str, Any],
    recall_text: RecallText,
    *,
    provider: Provider | None = None,
    home: Path,
) -> dict[str, Any]:
    store = Store(home)
    scope = scope_for_origin(store, scenario["origin"])
    for session in scenario.get("sessions", []):
        turns = session["turns"] if isinstance(session, dict) else session
        session_id = session.get("id", "session") if isinstance(session, dict) else "session"
        replay_session(
            store,
            scope,
            [_turn_messages(turn) for turn in turns],
            session_id=session_id,
            provider=provider,
        )
    probes = []
    for probe in scenario.get("probes", []):
        now = parse_time(probe.get("at")) or dt.datetime.now(dt.UTC)
        text = recall_text(store, scope, probe["message"], now)
        probes.append({"message": probe["message"], "passed": _probe_passes(text, probe)})
    hits = _files_holding(home, list(scenario.get("never_stored") or []))
    leftovers = _note_files(home) if scenario.get("kind") == "trivial" else []
    passed = all(p["passed"] for p in probes) and not hits and not leftovers
    return {
        "id": scenario["id"],
        "kind": scenario.get("kind", ""),
        "passed": passed,
        "probes": probes,
        "never_stored_hits": [{"string_index": i, "file": f} for i, (_, f) in enumerate(hits)],
        "trivial_leftovers": leftovers,
    }


def _turn_messages(turn: dict) -> list[Message]:
    at = parse_time(turn.get("at"))
    current = [Message("user", turn.get("user", ""), at)]
    if turn.get("assistant"):
        current.append(Message("assistant", turn["assistant"], at))
    return current


def run_scenarios(
    path: Path | str,
    recall_text: RecallText | None = None,
    *,
    provider: Provider | None = None,
    ids: list[str] | None = None,
    details: bool = False,
) -> dict[str, Any]:
    """Replay every scenario of ``path`` and score it (keys documented in the module doc
    and docs/explanation/extraction.md). ``recall_text`` defaults to the stored-text proxy."""
    recall_text = recall_text or stored_text_proxy
    label = getattr(recall_text, "label", getattr(recall_text, "__name__", "recall"))
    scenarios = load_scenarios(path)
    if ids:
        wanted = {str(i) for i in ids}  # an id may be a number in the file, text on a command line
        scenarios = [s for s in scenarios if str(s["id"]) in wanted]
    results = []
    for scenario in scenarios:
        with tempfile.TemporaryDirectory(prefix="memlsp-scenario-") as tmp:
            results.append(
                run_scenario(scenario, recall_text, provider=provider, home=Path(tmp) / "home")
            )
    by_kind: dict[str, dict[str, Any]] = {}
    for r in results:
        k = by_kind.setdefault(
            r["kind"],
            {"scenarios": 0, "scenarios_passed": 0, "probes_total": 0, "probes_passed": 0},
        )
        k["scenarios"] += 1
        k["scenarios_passed"] += int(r["passed"])
        k["probes_total"] += len(r["probes"])
        k["probes_passed"] += sum(p["passed"] for p in r["probes"])
    for k in by_kind.values():
        k["pass_rate"] = (
            round(k["probes_passed"] / k["probes_total"], 4) if k["probes_total"] else 0.0
        )
    total = sum(len(r["probes"]) for r in results)
    passed = sum(sum(p["passed"] for p in r["probes"]) for r in results)
    out: dict[str, Any] = {
        "recall": label,
        "provider": getattr(provider, "name", "offline"),
        "scenarios_total": len(results),
        "scenarios_passed": sum(r["passed"] for r in results),
        "probes_total": total,
        "probes_passed": passed,
        "pass_rate": round(passed / total, 4) if total else 0.0,
        "never_stored_violations": sum(len(r["never_stored_hits"]) for r in results),
        "trivial_leftovers": sum(len(r["trivial_leftovers"]) for r in results),
        "failed": [r["id"] for r in results if not r["passed"]],
        "by_kind": dict(sorted(by_kind.items())),
    }
    if details:
        out["scenarios"] = results
    return out

"""The history use cases (issue 15): what automatic steps changed (``memlsp log``), bringing
a version back (``memlsp restore --version``), and the dream runs a person can undo
(``memlsp dream --list``, ``memlsp restore RUN``).

Reading the history needs no permission (like ``list``); writing a version back is a
person's command, refused only under managed ``off``. Must not import pygls, lsprotocol,
argparse or an adapter.
"""

from __future__ import annotations

from pathlib import PurePosixPath

from .. import history, undo
from ..errors import NotFoundError
from ..notes import parse_time, utcnow
from ..rollout import EntryPoint
from ..state import read_state
from ..store import Scope
from .base import ServiceBase
from .results import Change, DreamRun


class HistoryUseCases(ServiceBase):
    def history_days(self) -> int:
        return self._settings.retention.history_days

    def log(
        self,
        note: str | None = None,
        *,
        scope: str | None = None,
        workspace: str | None = None,
    ) -> list[Change]:
        """The changes automatic steps made, newest first: every change in the named
        scopes (default: this project's and the global one), or those of one ``note`` — a
        name, a file name, a scope-relative or a home-relative path, live or gone."""
        scopes = self._log_scopes(scope, workspace)
        wanted = None
        if note:
            for s in self.store.scopes():
                if note.startswith(s.rel + "/"):
                    scopes, note = [s], note[len(s.rel) + 1 :]
                    break
            wanted = note.strip("/")
        now, days = utcnow(), self.history_days()
        out: list[Change] = []
        for s in scopes:
            for v in history.versions(s):
                if wanted is None or _names(v.path, wanted):
                    out.append(_change(s, v, history.within(v, now, days)))
        out.sort(key=lambda c: (c.at, c.id), reverse=True)
        return out

    def _log_scopes(self, scope: str | None, workspace: str | None) -> list[Scope]:
        if scope in (None, ""):
            return [s for s in self.session_scopes(workspace) if s.root.is_dir()]
        return [s for s in self.scopes_named(scope, workspace) if s.root.is_dir()]

    def restore_version(
        self, version_id: str, *, scope: str | None = None, workspace: str | None = None
    ) -> undo.VersionRestored:
        """Put one version from the history back at its path, byte for byte."""
        self.require(EntryPoint.REMEMBER)
        store = self.store
        target, _ = undo.locate(store, self._log_scopes(scope, workspace), version_id)
        result = undo.restore_version(store, target, version_id, days=self.history_days())
        if result.action == "restored":
            self._written([target])
        return result

    def dream_runs(self, *, scope: str | None = None, workspace: str | None = None):
        """The dream runs recorded in a scope (default: this project's), newest first."""
        if scope in (None, "", "project"):
            target = self.project_scope(workspace)
        else:
            found = self.scopes_named(scope, workspace)
            if len(found) != 1:
                raise NotFoundError("name one scope: project, global or a scope folder")
            target = found[0]
        ops = _audited_ops(target)
        now, days = utcnow(), self._settings.retention.soft_delete_days
        runs = []
        for run in reversed(read_state(target).get("runs") or []):
            run_id = str(run.get("run_id") or "")
            at = parse_time(run.get("at"))
            counted = run.get("ops") or ops.get(run_id) or {}
            moved = [m for m in run.get("moved") or [] if isinstance(m, str)]
            runs.append(
                DreamRun(
                    run_id=run_id,
                    at=str(run.get("at") or ""),
                    scope=target.rel,
                    planner=str(run.get("planner") or ""),
                    operations=sum(int(n) for n in counted.values()),
                    ops={str(k): int(n) for k, n in counted.items()},
                    archived=len(moved),
                    deleted=len(run.get("deleted") or []),
                    restorable=bool(
                        not run.get("purged") and at is not None and (now - at).days < days
                    ),
                )
            )
        return target, runs


def _names(path: str, wanted: str) -> bool:
    p = PurePosixPath(path)
    return wanted in (path, p.name, p.stem)


def _change(scope: Scope, v: history.Version, restorable: bool) -> Change:
    return Change(
        id=v.id,
        at=v.at,
        scope=scope.rel,
        path=f"{scope.rel}/{v.path}",
        step=v.step,
        why=v.why,
        sha256=v.sha256,
        bytes=v.bytes,
        after=v.after,
        run=v.run,
        restorable=restorable,
    )


def _audited_ops(scope: Scope) -> dict[str, dict[str, int]]:
    """Operation counts of runs recorded before the run record carried them."""
    from ..dream import audit_events  # the package, never a submodule: see import_for_threads

    out: dict[str, dict[str, int]] = {}
    for rec in audit_events(scope, "dream-apply"):
        try:
            out[str(rec["run_id"])] = {str(k): int(n) for k, n in rec["ops"].items()}
        except (ValueError, KeyError, TypeError, AttributeError):
            continue
    return out

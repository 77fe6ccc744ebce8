"""The note use cases (SPEC §10, R8, R23, R24, R31): remember, list, read, find, forget
(verified and best-effort), regenerate MEMORY.md, status and the health report.

Everything a person asks for on purpose goes through ``require`` — refused only when an
administrator's managed settings say ``off`` (forget excepted: removing data never loosens
a policy). Must not import pygls, lsprotocol, argparse or an adapter.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import os
from pathlib import Path
from typing import TYPE_CHECKING

from .. import listing, memory_md, sessions
from ..errors import InvalidRequestError, MemlspError, NotFoundError, RefusedError
from ..notes import parse_note, utcnow
from ..rollout import EntryPoint
from ..store import SECTIONS, Entry, Problem, Scope
from .base import ServiceBase, agent_name
from .results import (
    HealthFinding,
    Listing,
    NoteFacts,
    NoteRecord,
    NoteText,
    ProblemRecord,
    Remembered,
    ScopeCount,
    ScopeNotes,
    Status,
)

if TYPE_CHECKING:  # imported where used: forgetting and importing are not start-up work
    from .. import forget as forget_mod
    from ..folder_import import FolderImport


class NoteUseCases(ServiceBase):
    def _write_target(self, scope: str | None, workspace: str | None) -> Scope:
        """The scope a person's write goes to (project or global), once the rollout allows
        it (refused only under managed off)."""
        if scope not in (None, "project", "global"):
            raise InvalidRequestError(
                f"scope must be project or global, not {scope!r}", reason="unknown-scope"
            )
        self.require(EntryPoint.REMEMBER)
        return self.store.global_scope() if scope == "global" else self.project_scope(workspace)

    def remember(
        self,
        text: str,
        *,
        type_: str | None = None,
        scope: str | None = None,
        workspace: str | None = None,
        refs: list[str] | None = None,
        agent: str | None = None,
    ) -> Remembered:
        """A person's "remember this" (R8: a refusal is an answer with a reason).
        ``refs``: files the note cites, each ``PATH`` or ``PATH:SYMBOL`` relative to the
        repository (a note may cite files; one that only says where something is may not).
        ``agent`` names the surface or agent that asked (R4 provenance)."""
        from ..remember import remember

        store, target = self.store, self._write_target(scope, workspace)
        try:
            result = remember(
                store,
                target,
                text,
                type_=type_,
                repo_root=self.project(workspace).root,
                refs=parse_refs(refs or []),
                agent=agent_name(agent),
            )
        except RefusedError as exc:
            return Remembered(refused=exc.reason, category=exc.category, message=str(exc))
        self._written([target])
        return Remembered(path=result.path, action=result.action, warning=result.warning)

    def import_folder(
        self, folder: str | Path, *, scope: str | None = None, workspace: str | None = None
    ) -> FolderImport:
        """Copy another agent's memory folder into the project's (or global) inbox, each
        note through the write policy; a second import of the same folder adds nothing."""
        from ..folder_import import import_folder

        store, target = self.store, self._write_target(scope, workspace)
        report = import_folder(store, target, folder)
        if report.written or report.updated:
            self._written([target])
        return report

    def list_notes(
        self, scope: str | None = None, *, workspace: str | None = None, stale_count=None
    ) -> Listing:
        """Every note of the named scopes (default: all) with type, size, age; ``stale`` is
        filled by ``stale_count(path)`` when a surface has checked citations."""
        now = utcnow()
        out = Listing(home=str(self.store.home))
        for s in self.scopes_named(scope, workspace):
            res = self.store.scan(s)
            for entry in res.entries:
                stale = stale_count(entry.path) if stale_count is not None else None
                out.entries.append(note_record(entry, now, stale))
            out.problems.extend(problem_record(p) for p in res.problems)
        return out

    def overview(
        self,
        scope: str | None = None,
        *,
        workspace: str | None = None,
        stale_count=None,
        pending: bool = False,
    ) -> list[ScopeNotes]:
        """The named scopes (default: all), each with its notes ordered topic notes, inbox,
        session records, then type and name — what ``memlsp ls`` and the terminal browser
        show. ``pending``: only the inbox, the notes a dream has not consolidated yet.
        ``stale`` as in :meth:`list_notes`."""
        order = {section: i for i, section in enumerate(SECTIONS)}
        now = utcnow()
        out = []
        for s in self.scopes_named(scope, workspace):
            res = self.store.scan(s)
            entries = [e for e in res.entries if not pending or e.section == "inbox"]
            entries.sort(key=lambda e: (order.get(e.section, 9), e.note.type, e.note.name))
            notes = [
                note_record(e, now, stale_count(e.path) if stale_count else None) for e in entries
            ]
            out.append(ScopeNotes(s.rel, s.kind, notes, [problem_record(p) for p in res.problems]))
        return out

    def scans(self, scope: str | None = None, *, workspace: str | None = None):
        """(scope, scan result) of each named scope, for views that group by scope."""
        return [(s, self.store.scan(s)) for s in self.scopes_named(scope, workspace)]

    def read(self, path: str) -> NoteText:
        """The whole file and the SHA-256 of its exact bytes (what verified forget needs)."""
        data, digest = self.store.read(path)
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise MemlspError(f"{path} is not UTF-8 text", reason="invalid-utf8") from exc
        return NoteText(path=path, text=text, sha256=digest)

    def note_facts(self, rel: str, *, also: Scope | None = None) -> NoteFacts | None:
        """Facts about one note for a hover; None when it cannot be read as a note (it has
        its own diagnostic then). ``also``: another scope whose sessions may have injected
        it (the workspace's project)."""
        store = self.store
        try:
            data, _ = store.read(rel)
            note = parse_note(data, stem=Path(rel).stem)
        except Exception:  # noqa: BLE001 - an unparsable note is reported elsewhere
            return None
        scope = store.scope_of(rel)
        file = store.path_of(rel)
        section = "" if file.parent == scope.root else file.parent.name
        item = store.load(scope, section, file)
        entry = item if isinstance(item, Entry) else None
        scopes = {scope.rel: scope}
        for other in (also, sessions.home_state(store)):  # ADR 0009: no memory folder
            if other is not None:
                scopes.setdefault(other.rel, other)
        try:
            for s in self.session_scopes(None):
                scopes.setdefault(s.rel, s)
        except Exception:  # noqa: BLE001 - no workspace: the note's own scope is enough
            pass
        return NoteFacts(
            name=note.name,
            type=note.type,
            scope_kind=scope.kind,
            scope_rel=scope.rel,
            bytes=entry.bytes if entry else None,
            age_days=entry.age_days(utcnow()) if entry else None,
            recalled=sessions.times_recalled(list(scopes.values()), rel),
            source=note.source,
            agent=note.agent,
        )

    def find_note(self, name: str, *, workspace: str | None = None) -> Entry:
        """One note by name or home-relative path, this project's and global first."""
        store = self.store
        hits = store.find(name, self.session_scopes(workspace)) or store.find(name)
        if not hits:
            raise NotFoundError(f"no note named {name!r} (see `memlsp ls`)")
        if len(hits) > 1:
            paths = ", ".join(h.path for h in hits)
            raise MemlspError(
                f"{name!r} matches several notes: {paths}; give the path", reason="ambiguous"
            )
        return hits[0]

    def forget(self, path: str, sha256: str) -> forget_mod.ForgetResult:
        """R24: verified forget of one note, given the hash of the bytes the caller read.
        ``path`` may also be a note name or scope-relative path (as ``show`` takes). The
        fact is also removed from the session records that quote it (``redacted``). A
        ``sha256`` that is not 64 hex digits is refused first (``bad-hash``, bad params: a
        mistake in the request, not evidence that the note changed, which is ``stale-hash``)."""
        from .. import forget as forget_mod

        self.require(EntryPoint.FORGET)
        if not forget_mod.is_sha256(sha256):
            raise InvalidRequestError(
                f"sha256 {str(sha256)[:80]!r} is not a SHA-256 (64 hex digits, as reading the"
                " note returns it)",
                reason="bad-hash",
            )
        store = self.store
        path = self._note_path(path, sha256)
        note = None
        try:
            data, digest = store.read(path)
            if digest == sha256.strip().lower():
                note = parse_note(data, stem=Path(path).stem)
        except (MemlspError, OSError):
            note = None
        result = forget_mod.forget(store, path, sha256)
        scopes = self._scopes_of([path])
        if note is not None and result.status == "forgotten" and "/sessions/" not in path:
            facts = [note.description, note.body.split("\n\n", 1)[0]]
            redacted = forget_mod.redact_copies(
                store, store.scopes(), forget_mod.fact_matcher(facts)
            )
            result = dataclasses.replace(result, redacted=tuple(redacted))
            scopes += self._scopes_of(redacted)
        self._written(scopes, warm=False)
        return result

    def _note_path(self, ref: str, sha256: str = "") -> str:
        """A home-relative path, or the path of the one note ``ref`` names — or, when no
        note has that name any more, of the one this ``sha256`` already forgot under it (a
        retry by name answers "already forgotten", as a retry by path does)."""
        if ref.endswith(".md") and (self.store.home / ref).is_file():
            return ref
        try:
            return self.find_note(ref).path
        except NotFoundError:
            return self._forgotten_path(ref, sha256) or ref  # forget reports not-found itself

    def _forgotten_path(self, ref: str, sha256: str) -> str | None:
        """The home-relative path a tombstone of ``sha256`` names for ``ref`` (a note name,
        or a path inside a scope such as ``inbox/x.md``), in this project's scopes."""
        from .. import forget as forget_mod  # the package, as forget() imports it

        digest = sha256.strip().lower()
        rel = ref if ref.endswith(".md") else f"{ref}.md"
        candidates = [rel] if "/" in rel else [rel, f"inbox/{rel}"]
        for scope in self.session_scopes(None):
            for candidate in candidates:
                if forget_mod.path_tombstone(scope, candidate, digest) is not None:
                    return f"{scope.rel}/{candidate}"
        return None

    def forget_matching(
        self,
        text: str,
        *,
        scope: str | None = None,
        workspace: str | None = None,
        confirm: bool = False,
        expect: int | None = None,
    ) -> forget_mod.MatchReport:
        """R23: find the notes containing ``text``; with ``confirm`` forget each through the
        verified path (more than a few only when ``expect`` is how many were listed)."""
        from .. import forget as forget_mod

        self.require(EntryPoint.FORGET)
        scopes = [s for s in self.scopes_named(scope, workspace) if s.root.is_dir()]
        report = forget_mod.forget_matching(
            self.store, text, scopes, confirm=confirm, expect=expect
        )
        if confirm and report.forgotten:
            report.redacted = forget_mod.redact_copies(
                self.store, scopes, forget_mod.fact_matcher([text]), keep_history=True
            )
        if report.forgotten or report.redacted:
            self._written(scopes, warm=False)
        return report

    def _scopes_of(self, paths: list[str]) -> list[Scope]:
        rels = {s.rel: s for s in self.store.scopes()}
        return [s for p in paths for rel, s in rels.items() if p.startswith(rel + "/")]

    def rebuild_indexes(self, *, every_scope: bool = False, workspace: str | None = None):
        """Regenerate MEMORY.md: (scope rel, changed) for each scope that exists."""
        self.require(EntryPoint.INDEX)
        store = self.store
        scopes = store.scopes() if every_scope else self.session_scopes(workspace)
        return [(s.rel, store.rebuild_index(s)) for s in scopes if s.root.is_dir()]

    def status(self, *, workspace: str | None = None) -> Status:
        store = self.store
        counts = [ScopeCount(scope=rel, **c) for rel, c in listing.scope_counts(store).items()]
        from ..dream import should_dream

        scope = self.project_scope(workspace)
        gate = should_dream(scope)
        return Status(
            rollout=self._settings.rollout,
            counts=counts,
            last_dream=gate.last_dream,
            sessions_since_dream=gate.sessions_since,
            home=str(store.home),
            home_exists=store.home.is_dir(),
            provider=self._settings.model.provider,
            sync=sync_status(scope),
        )

    def doctor(self) -> list[HealthFinding]:
        """Everything worth telling a person about the home. It writes nothing but removes
        the temporary files of interrupted writes (under each scope's lock)."""
        from ..retrieval import minilm_model

        store = self.store
        findings: list[HealthFinding] = []
        trouble = minilm_model.problem()
        if trouble is not None:
            findings.append(
                HealthFinding(
                    "(installation)",
                    "recall-model-unavailable",
                    f"MiniLM cannot run ({trouble}): recall uses USE alone, weaker on"
                    " English paraphrase; reinstall memlsp",
                    "warning",
                )
            )
        if not store.home.exists():
            return findings
        findings.extend(home_findings(store.home))
        try:
            swept = self.sweep_leftovers()  # under each scope's lock
        except (OSError, MemlspError):
            swept = []
        findings.extend(
            HealthFinding(
                rel,
                "leftover-temp-file",
                "removed a temporary file of an interrupted write (it could hold note text)",
                "warning",
            )
            for rel in swept
        )
        for scope in store.scopes():
            res = store.scan(scope)
            findings.extend(HealthFinding(**problem_record(p).__dict__) for p in res.problems)
            live = [e for e in res.entries if e.section in ("", "inbox")]
            findings.extend(_index_findings(scope, live))
            findings.extend(quarantine_findings(scope))
        return findings


def sync_status(scope: Scope):
    """The project's team sync as of the last fetch (no network: a status must be quick)."""
    from ..sync import status

    try:
        return status(scope, fetch=False)
    except (MemlspError, OSError):
        return None


def quarantine_findings(scope: Scope) -> list[HealthFinding]:
    """What team sync refused to load (R40): one finding per quarantined entry."""
    from ..sync import quarantined

    return [
        HealthFinding(
            f"{scope.rel}/.memlsp/quarantine/{rec['folder']}",
            "sync-quarantined",
            f"a note pulled by `memlsp sync` was refused ({rec.get('reason')}) and is not"
            f" loaded: {str(rec.get('path'))!r}",
            "warning",
        )
        for rec in quarantined(scope)
    ]


def home_findings(home: Path) -> list[HealthFinding]:
    """Symbolic links inside the home (memlsp refuses to write through them) and a home
    that cannot be written (read-only, or its files are not ours)."""
    found: list[HealthFinding] = []
    if not os.access(home, os.W_OK):
        found.append(
            HealthFinding(
                ".",
                "home-not-writable",
                f"the memory home {home} is not writable: nothing can be remembered;"
                " check its permissions and whether its file system is mounted read-only",
                "error",
            )
        )
    for folder, dirs, files in os.walk(home, followlinks=False):
        for name in dirs + files:
            path = Path(folder) / name
            if name == "lock" and path.parent.name == ".memlsp" and path.is_dir():
                found.append(
                    HealthFinding(
                        path.relative_to(home).as_posix(),
                        "lock-unusable",
                        "the lock file is a folder: no write can take the lock; remove it",
                        "error",
                    )
                )
            if path.is_symlink():
                found.append(
                    HealthFinding(
                        path.relative_to(home).as_posix(),
                        "symlink-in-home",
                        f"a symbolic link (to {os.readlink(path)}): memlsp does not read,"
                        " write, move or delete through links inside the home; replace it"
                        " with a real folder or file",
                        "error",
                    )
                )
    return found


def _index_findings(scope: Scope, live: list[Entry]) -> list[HealthFinding]:
    expected = memory_md.render_index(live)
    try:
        current = scope.index_path.read_text("utf-8")
    except (OSError, UnicodeDecodeError):
        current = None
    if current == expected:
        return []
    return [
        HealthFinding(
            f"{scope.rel}/MEMORY.md",
            "index-out-of-date" if current is not None else "index-missing",
            "MEMORY.md does not match the notes; run `memlsp index --all`",
            "warning",
        )
    ]


def note_record(entry: Entry, now: dt.datetime, stale: int | None = None) -> NoteRecord:
    modified = dt.datetime.fromtimestamp(entry.mtime, dt.UTC).replace(microsecond=0)
    return NoteRecord(
        path=entry.path,
        scope=entry.scope_label,
        type=entry.note.type,
        name=entry.note.name,
        description=entry.note.description,
        bytes=entry.bytes,
        modified=modified.isoformat().replace("+00:00", "Z"),
        age_days=entry.age_days(now),
        stale=stale,
        source=entry.note.source,
        agent=entry.note.agent,
    )


def problem_record(problem: Problem) -> ProblemRecord:
    return ProblemRecord(problem.path, problem.reason, problem.message, problem.severity)


def parse_refs(items: list[str]) -> list[dict[str, str]]:
    """``PATH[:SYMBOL]`` citations as frontmatter ``refs`` entries; a path that is absolute,
    escapes the repository or is empty is refused."""
    out: list[dict[str, str]] = []
    for item in items:
        path, _, symbol = str(item).strip().partition(":")
        path = path.strip().replace("\\", "/")
        if (
            not path
            or "\x00" in item
            or path.startswith("/")
            or ".." in path.split("/")
            or (len(path) > 1 and path[1] == ":")
        ):
            raise InvalidRequestError(
                f"--ref {item!r}: give a path inside the repository, PATH or PATH:SYMBOL",
                reason="bad-ref",
            )
        ref = {"path": path}
        if symbol.strip():
            ref["symbol"] = symbol.strip()
        out.append(ref)
    return out

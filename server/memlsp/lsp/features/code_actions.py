"""Quick fixes on stale-citation diagnostics (SPEC R29, R36), and the commands they run.

For a ``stale-file`` / ``moved-file`` / ``stale-symbol`` / ``moved-symbol`` diagnostic on a
note, ``textDocument/codeAction`` offers:

* **Update the citation** to the new path (a moved file, or the file a moved symbol now
  lives in) — only when the checker has a suggestion;
* **Remove the citation** (a ``refs`` item, a code span, a link becomes its text);
* **Forget the note** — verified forget (R24) through ``memlsp.forgetNote``.

Each action carries a command with the note's home-relative path and the SHA-256 of the
bytes the diagnostic was computed from, so a fix never lands on a note that changed since.
``memlsp.fixCitation`` computes the new text in the core and sends it to the client as a
``workspace/applyEdit`` (undo works in the editor); when the client cannot apply edits, or
declines, the core writes it atomically on disk under the scope lock (``apply_note_text``).
Either way the note is re-checked and its diagnostics republished.
"""

from __future__ import annotations

import logging
from typing import Any

import attrs
from lsprotocol import types
from pygls.uris import to_fs_path

from ...core.citations import FINDING_CODES, apply_note_text
from ...core.errors import MemlspError
from .. import errors

logger = logging.getLogger(__name__)

FIX_COMMAND = "memlsp.fixCitation"
FORGET_COMMAND = "memlsp.forgetNote"


@attrs.define
class FixArgs:
    note: str
    sha256: str
    code: str
    line: int
    character: int
    action: str  # "rename" | "remove"


def _arg(args: tuple, names: tuple[str, ...]) -> dict[str, Any]:
    """executeCommand arguments arrive spread: one object, or positional values."""
    if len(args) == 1 and not isinstance(args[0], str | int):
        obj = args[0]
        if isinstance(obj, dict):
            return obj
        return {n: getattr(obj, n, None) for n in names}
    return dict(zip(names, args, strict=False))


def _decode_fix(args: tuple) -> FixArgs:
    names = ("note", "sha256", "code", "line", "character", "action")
    raw = _arg(args, names)
    try:
        fix = FixArgs(
            note=str(raw["note"]),
            sha256=str(raw["sha256"]),
            code=str(raw["code"]),
            line=int(raw["line"]),
            character=int(raw["character"]),
            action=str(raw["action"]),
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise errors.invalid_params(
            f"{FIX_COMMAND} takes {{note, sha256, code, line, character, action}}: {exc}",
            reason="invalid-params",
        ) from exc
    if fix.action not in ("rename", "remove"):
        raise errors.invalid_params(
            f"unknown fix {fix.action!r}: use rename or remove", reason="invalid-fix"
        )
    return fix


def minimal_edit(old: str, new: str) -> types.TextEdit:
    """One TextEdit turning ``old`` into ``new``: the changed whole lines only."""
    a, b = old.split("\n"), new.split("\n")
    p = 0
    while p < min(len(a), len(b)) and a[p] == b[p]:
        p += 1
    s = 0
    while s < min(len(a), len(b)) - p and a[-1 - s] == b[-1 - s]:
        s += 1
    mid_new = b[p : len(b) - s]
    if s > 0:
        end = types.Position(line=len(a) - s, character=0)
        text = "".join(line + "\n" for line in mid_new)
    else:
        last = a[-1]
        units = len(last.encode("utf-16-le")) // 2
        end = types.Position(line=len(a) - 1, character=units)
        text = "\n".join(mid_new)
    return types.TextEdit(
        range=types.Range(start=types.Position(line=p, character=0), end=end), new_text=text
    )


def _client_applies_edits(ls) -> bool:
    caps = ls.client_capabilities_or_none()
    return bool(getattr(getattr(caps, "workspace", None), "apply_edit", False))


def _client_document_changes(ls) -> bool:
    caps = ls.client_capabilities_or_none()
    we = getattr(getattr(caps, "workspace", None), "workspace_edit", None)
    return bool(getattr(we, "document_changes", False))


def _open_version(ls, uri: str) -> tuple[int | None, str | None]:
    """The editor's version and text of a note open in the editor (None when closed)."""
    try:
        docs = ls.workspace.text_documents
    except Exception:  # noqa: BLE001
        return None, None
    doc = docs.get(uri)
    if doc is None:
        return None, None
    return doc.version, doc.source


def code_actions(ls, params: types.CodeActionParams) -> list[types.CodeAction]:
    """Blocking: reads the note to hash it."""
    uri = params.text_document.uri
    path = to_fs_path(uri) if uri.startswith("file:") else None
    rel = ls.citations.note_rel(path) if path else None
    if rel is None:
        return []
    checker = ls.citations.checker_for_note(rel)
    if checker is None:
        return []
    wanted = [
        d
        for d in params.context.diagnostics
        if d.source == "memlsp" and isinstance(d.code, str) and d.code in FINDING_CODES
    ]
    if not wanted:
        return []
    try:
        _, digest = ls.store.read(rel)
    except MemlspError:
        return []
    out: list[types.CodeAction] = []
    forget_offered = False
    for diag in wanted:
        start = diag.range.start
        finding = checker.finding_at(rel, diag.code, start.line, start.character)
        if finding is None:
            continue
        base = {
            "note": rel,
            "sha256": digest,
            "code": finding.code,
            "line": finding.range.line,
            "character": finding.range.start,
        }
        label = finding.citation.label
        if finding.suggestion and finding.citation.path_range is not None:
            out.append(
                _quick_fix(
                    f"Update citation to `{finding.suggestion}`",
                    diag,
                    FIX_COMMAND,
                    {**base, "action": "rename"},
                    preferred=True,
                )
            )
        out.append(
            _quick_fix(
                f"Remove citation `{label}` from the note",
                diag,
                FIX_COMMAND,
                {**base, "action": "remove"},
            )
        )
        if not forget_offered:
            forget_offered = True
            out.append(
                _quick_fix(
                    f"Forget the note `{rel.rsplit('/', 1)[-1]}` (verified forget)",
                    diag,
                    FORGET_COMMAND,
                    {"path": rel, "sha256": digest},
                )
            )
    return out


def _quick_fix(
    title: str, diag: types.Diagnostic, command: str, argument: dict, *, preferred: bool = False
) -> types.CodeAction:
    return types.CodeAction(
        title=title,
        kind=types.CodeActionKind.QuickFix,
        diagnostics=[diag],
        is_preferred=preferred or None,
        command=types.Command(title=title, command=command, arguments=[argument]),
    )


REQUIRES = ("lifecycle", "diagnostics")


def register(server) -> None:
    @server.feature(
        types.TEXT_DOCUMENT_CODE_ACTION,
        types.CodeActionOptions(code_action_kinds=[types.CodeActionKind.QuickFix]),
    )
    async def on_code_action(ls, params: types.CodeActionParams):
        return await ls.run_blocking(code_actions, ls, params)

    @server.command(FIX_COMMAND)
    async def fix_citation(ls, *args) -> dict:
        try:
            ls.service.require_fix()  # before anything else: no write under managed off
        except MemlspError as exc:
            raise errors.from_core(exc) from exc
        fix = _decode_fix(args)
        service = ls.citations
        checker = service.checker_for_note(fix.note)
        if checker is None:
            raise errors.rpc_error("not-ready", "the citation check has not finished yet")
        uri = service.note_uri(fix.note)
        version, buffer = _open_version(ls, uri)

        def compute() -> tuple[str, str]:
            data, digest = ls.store.read(fix.note)
            if digest != fix.sha256:
                raise MemlspError(
                    f"{fix.note} changed since the diagnostic was computed; nothing was changed",
                    reason="note-changed",
                )
            old = data.decode("utf-8")
            if buffer is not None and buffer != old:
                raise MemlspError(
                    f"{fix.note} has unsaved changes in the editor: save it, then fix",
                    reason="note-unsaved",
                )
            finding = checker.finding_at(fix.note, fix.code, fix.line, fix.character)
            if finding is None:
                raise MemlspError(
                    "this citation is no longer stale, or the note changed; check again",
                    reason="stale-finding",
                )
            new = (
                checker.fix_rename(fix.note, finding)
                if fix.action == "rename"
                else checker.fix_remove(fix.note, finding)
            )
            return old, new

        old, new = await ls.run_blocking(compute)
        if _client_applies_edits(ls):
            edit = minimal_edit(old, new)
            if _client_document_changes(ls):
                workspace_edit = types.WorkspaceEdit(
                    document_changes=[
                        types.TextDocumentEdit(
                            text_document=types.OptionalVersionedTextDocumentIdentifier(
                                uri=uri, version=version
                            ),
                            edits=[edit],
                        )
                    ]
                )
            else:
                workspace_edit = types.WorkspaceEdit(changes={uri: [edit]})
            try:
                result = await ls.workspace_apply_edit_async(
                    types.ApplyWorkspaceEditParams(
                        edit=workspace_edit,
                        label=f"memlsp: {fix.action} citation",
                        metadata=types.WorkspaceEditMetadata(is_refactoring=True),
                    )
                )
            except Exception as exc:  # noqa: BLE001 - fall back to writing it ourselves
                logger.info("workspace/applyEdit failed (%s): writing the note on disk", exc)
                result = None
            if result is not None and result.applied:
                # The note changes on disk when the editor saves it; the watcher (or
                # didSave) then re-checks it.
                return {"applied": True, "via": "editor"}
        done = await ls.run_blocking(
            apply_note_text, ls.store, fix.note, new, expected_sha256=fix.sha256
        )
        await service.note_paths_changed([fix.note])
        return {"applied": True, "via": "disk", "sha256": done.sha256} | (
            {"warning": done.warning} if done.warning else {}
        )

    @server.command(FORGET_COMMAND)
    async def forget_note(ls, *args) -> dict:
        raw = _arg(args, ("path", "sha256"))
        path, sha256 = raw.get("path"), raw.get("sha256")
        if not isinstance(path, str) or not isinstance(sha256, str):
            raise errors.invalid_params(
                f"{FORGET_COMMAND} takes {{path, sha256}}", reason="invalid-params"
            )
        res = await ls.run_blocking(ls.service.forget, path, sha256)
        await ls.citations.note_paths_changed([path])
        tomb = res.tombstone or {}
        return {
            "status": res.status,
            "tombstone": f"{tomb.get('pathDigest', '')}@{tomb.get('at', '')}",
        } | ({"warning": res.warning} if res.warning else {})

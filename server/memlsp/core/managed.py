"""Managed settings (SPEC R26): an administrator's file that can only tighten.

Where: ``/etc/memlsp/managed.json`` (:data:`SYSTEM_PATH`), always read when present, plus
the file named by ``$MEMLSP_MANAGED_SETTINGS`` when set. The variable *adds* a file, it
never replaces the system one: since every managed file can only tighten, a user who sets
the variable cannot escape the administrator's policy, and tests can still apply their own.

Merge (:func:`tighten`), field by field, so the result is never looser than the user's
settings nor than any managed file:

* ``rollout``: the most conservative wins, in the order off < dry-run < shadow < on.
  ``dry-run`` ranks below ``shadow`` because it writes nothing to disk, while ``shadow``
  persists what it extracts; both inject nothing; ``on`` writes and injects.
* ``telemetry.enabled``: any false (off) wins.
* ``retention.sessionDays`` / ``retention.softDeleteDays`` / ``retention.historyDays``: the
  shorter wins.
* ``review``: ``required`` wins (a person sees what extraction writes before it is trusted).
* ``model.provider``: the most local wins, offline < editor < anthropic (``offline`` sends
  nothing anywhere; ``editor`` uses the model the editor already talks to; ``anthropic``
  calls a network API directly). Managed ``offline`` forbids every network provider.

A managed file that is malformed (not JSON, not an object, an unknown key, a bad value, a
key given twice, over 64 KB, nested deeper than 4 levels), unreadable, or not trusted makes memlsp **fail closed**: rollout ``off``, managed off (so
even commands a person runs are refused, except forget), telemetry off, provider offline,
with a diagnostic naming the file and the problem. Retention is *not* shortened when
failing closed: deleting data because a policy file has a typo would be irreversible.

Trust: the file (after resolving symlinks) and every folder above it — and, for a symlink,
every folder above the link too — must be owned by a trusted uid (root by default) and
must not be writable by group or others (a folder with the sticky bit, like ``/tmp``, may
be). Otherwise another local user could have written or swapped it, and its contents are
not honoured as a policy; failing closed keeps that from loosening anything.

This module must not import pygls, lsprotocol or anything from ``memlsp.lsp``/``memlsp.cli``.
"""

from __future__ import annotations

import json
import os
import stat as stat_mod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import attrs

from .settings import ManagedInfo, Settings, coerce, flatten

SYSTEM_PATH = Path("/etc/memlsp/managed.json")
ENV_VAR = "MEMLSP_MANAGED_SETTINGS"

MAX_BYTES = 64 * 1024  # a policy file is a few lines; anything larger is not one
MAX_DEPTH = 4  # {"telemetry": {"enabled": false}} is 2 levels deep
ROLLOUT_RANK = {"off": 0, "dry-run": 1, "shadow": 2, "on": 3}
PROVIDER_RANK = {"offline": 0, "editor": 1, "anthropic": 2}
MANAGED_KEYS = (
    "rollout",
    "model.provider",
    "telemetry.enabled",
    "retention.sessionDays",
    "retention.softDeleteDays",
    "retention.historyDays",
    "review",
)


@dataclass(frozen=True)
class ManagedLayer:
    """The merged managed files: tightening values, or ``fail_closed`` with diagnostics."""

    values: Mapping[str, Any] = field(default_factory=dict)
    sources: tuple[str, ...] = ()
    diagnostics: tuple[str, ...] = ()
    fail_closed: bool = False

    @property
    def present(self) -> bool:
        return bool(self.sources) or self.fail_closed


def managed_paths(env: Mapping[str, str] | None = None) -> list[Path]:
    env = os.environ if env is None else env
    paths = [SYSTEM_PATH]
    if env.get(ENV_VAR):
        paths.append(Path(env[ENV_VAR]))
    return paths


def _chain(path: Path) -> list[Path]:
    return [path, *path.parents]


def trust_problem(path: Path, trusted_uids: Sequence[int] = (0,)) -> str | None:
    """Why ``path`` cannot be trusted as an administrator's file; None when it can."""
    path = Path(os.path.abspath(path))
    real = Path(os.path.realpath(path))
    checks = _chain(real)
    if real != path:
        checks += list(path.parents)
    for item in checks:
        try:
            st = os.lstat(item)
        except OSError as exc:
            return f"cannot check {item}: {exc.strerror}"
        if st.st_uid not in trusted_uids:
            return f"{item} is owned by uid {st.st_uid}, not by an administrator"
        writable = st.st_mode & (stat_mod.S_IWGRP | stat_mod.S_IWOTH)
        if item == real and writable:
            return f"{item} is writable by group or others"
        if item != real and writable and not st.st_mode & stat_mod.S_ISVTX:
            return f"folder {item} is writable by group or others"
    return None


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    seen: dict[str, Any] = {}
    for key, value in pairs:
        if key in seen:
            raise ValueError(f"the key {key!r} appears twice (which one was meant?)")
        seen[key] = value
    return seen


def _depth(value: Any) -> int:
    depth, level = 0, [value]
    while level:
        depth += 1
        level = [v for item in level if isinstance(item, dict | list) for v in _children(item)]
        if depth > MAX_DEPTH:
            break
    return depth


def _children(item: dict | list) -> list:
    return list(item.values()) if isinstance(item, dict) else list(item)


def _parse(data: bytes, source: str) -> dict[str, Any]:
    """Validate one managed file; raise ValueError with a message for the administrator."""
    if len(data) > MAX_BYTES:
        raise ValueError(f"{source}: {len(data)} bytes, over the limit of {MAX_BYTES}")
    if data.count(b"[") + data.count(b"{") > MAX_BYTES // 8:
        raise ValueError(f"{source}: nested too deeply")
    try:
        raw = json.loads(data.decode("utf-8"), object_pairs_hook=_no_duplicates)
    except RecursionError as exc:
        raise ValueError(f"{source}: nested too deeply") from exc
    except (UnicodeDecodeError, ValueError) as exc:
        raise ValueError(f"{source}: not valid JSON ({exc})") from exc
    if not isinstance(raw, dict):
        raise ValueError(f"{source}: the top level must be a JSON object")
    if _depth(raw) > MAX_DEPTH:
        raise ValueError(f"{source}: nested deeper than {MAX_DEPTH} levels")
    values: dict[str, Any] = {}
    for key, value in flatten(raw).items():
        if key not in MANAGED_KEYS:
            raise ValueError(
                f"{source}: unknown key {key!r} (managed keys: {', '.join(MANAGED_KEYS)})"
            )
        if key == "telemetry.enabled" and not isinstance(value, bool):
            raise ValueError(f"{source}: telemetry.enabled must be true or false")
        try:
            values[key] = coerce(key, value)
        except ValueError as exc:
            raise ValueError(f"{source}: {key} {exc}") from exc
    return values


def _tighter(key: str, a: Any, b: Any) -> Any:
    if key == "rollout":
        return min(a, b, key=ROLLOUT_RANK.__getitem__)
    if key == "model.provider":
        return min(a, b, key=PROVIDER_RANK.__getitem__)
    if key == "telemetry.enabled":
        return a and b
    if key == "review":
        return "required" if "required" in (a, b) else a
    return min(a, b)  # retention days


def load_managed(paths: Sequence[Path], *, trusted_uids: Sequence[int] = (0,)) -> ManagedLayer:
    """Read every managed file that exists; any bad one makes the whole layer fail closed.

    A missing system file means no managed settings. A file named explicitly by
    ``$MEMLSP_MANAGED_SETTINGS`` that is missing is treated as unreadable (fail closed).
    """
    from . import telemetry

    values: dict[str, Any] = {}
    sources: list[str] = []
    problems: list[str] = []
    for path in map(Path, paths):
        exists = os.path.lexists(path)
        if not exists and path == SYSTEM_PATH:
            continue
        problem_kind = "unreadable"
        try:
            if not exists:
                raise ValueError(f"{path}: named by ${ENV_VAR} but does not exist")
            why = trust_problem(path, trusted_uids)
            if why is not None:
                problem_kind = "untrusted"
                raise ValueError(f"{path}: not trusted as managed settings: {why}")
            try:
                with path.open("rb") as handle:
                    data = handle.read(MAX_BYTES + 1)
            except OSError as exc:
                raise ValueError(f"{path}: cannot be read ({exc.strerror or exc})") from exc
            problem_kind = "malformed"
            for key, value in _parse(data, str(path)).items():
                values[key] = _tighter(key, values[key], value) if key in values else value
            sources.append(str(path))
        except ValueError as exc:
            problems.append(str(exc))
            telemetry.emit("settings.rejected", layer="managed", problem=problem_kind)
    if problems:
        return ManagedLayer({}, tuple(sources), tuple(problems), fail_closed=True)
    return ManagedLayer(values, tuple(sources))


def tighten(local: Settings, layer: ManagedLayer) -> Settings:
    """The effective settings: ``local`` tightened by ``layer`` (never looser than either)."""
    if layer.fail_closed:
        return attrs.evolve(
            local,
            rollout="off",
            model=attrs.evolve(local.model, provider="offline"),
            telemetry=attrs.evolve(local.telemetry, enabled=False),
            managed=ManagedInfo("fail-closed", layer.sources, layer.diagnostics, off=True),
        )
    if not layer.present:
        return local
    v = layer.values
    get = lambda key, cur: _tighter(key, cur, v[key]) if key in v else cur  # noqa: E731
    return attrs.evolve(
        local,
        rollout=get("rollout", local.rollout),
        model=attrs.evolve(local.model, provider=get("model.provider", local.model.provider)),
        telemetry=attrs.evolve(
            local.telemetry, enabled=get("telemetry.enabled", local.telemetry.enabled)
        ),
        retention=attrs.evolve(
            local.retention,
            session_days=get("retention.sessionDays", local.retention.session_days),
            soft_delete_days=get("retention.softDeleteDays", local.retention.soft_delete_days),
            history_days=get("retention.historyDays", local.retention.history_days),
        ),
        review=get("review", local.review),
        managed=ManagedInfo(
            "applied", layer.sources, layer.diagnostics, off=v.get("rollout") == "off"
        ),
    )


__all__ = [
    "ENV_VAR",
    "MANAGED_KEYS",
    "PROVIDER_RANK",
    "ROLLOUT_RANK",
    "SYSTEM_PATH",
    "ManagedLayer",
    "load_managed",
    "managed_paths",
    "tighten",
    "trust_problem",
]

"""The data sets ``memlsp eval`` reads (SPEC R35), checked before anything runs.

A data set is input like any other: a folder, a file that is not UTF-8 JSON Lines, a row
that is not an object or lacks what the evaluation reads, or a corpus note whose ``name`` is
a path (the note is written as ``<name>.md``) is refused with :class:`ValueError` naming the file
and the row — never a traceback halfway through, never a file outside the temporary home.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ..identity import parse_remote_url


def read_rows(path: Path | str) -> list[Any]:
    """The JSON values of a JSON Lines file, blank lines skipped."""
    if Path(path).is_dir():
        raise ValueError(f"{path}: is a folder; a JSON Lines file is expected")
    rows = []
    try:
        with open(path, encoding="utf-8") as fh:
            for n, line in enumerate(fh, 1):
                if not line.strip():
                    continue
                try:
                    rows.append(json.loads(line))
                except json.JSONDecodeError as exc:
                    raise ValueError(f"{path}:{n}: not valid JSON ({exc.msg})") from exc
    except UnicodeDecodeError as exc:
        raise ValueError(f"{path}: not UTF-8 text (byte {exc.start})") from exc
    return rows


def corpus_rows(path: Path | str) -> list[dict]:
    """A recall corpus: objects with ``id``, ``name`` (a file stem), ``description``, ``type``."""
    rows = _objects(path, read_rows(path))
    for n, row in rows:
        _need(path, n, row, "id", (str, int))
        for key in ("name", "description", "type"):
            _need(path, n, row, key, str)
        name = row["name"]
        if not name.strip() or "/" in name or "\\" in name or name.startswith(".") or "\0" in name:
            raise ValueError(f"{path}: row {n}: name {name!r} is not a plain file name")
    return [row for _, row in rows]


def query_rows(path: Path | str) -> list[dict]:
    """Recall queries: objects with a ``message``."""
    rows = _objects(path, read_rows(path))
    for n, row in rows:
        _need(path, n, row, "message", str)
    return [row for _, row in rows]


def scenario_rows(path: Path | str) -> list[dict]:
    """Scenarios: objects with an ``id``, an ``origin`` remote URL, ``sessions`` (each a list
    of turns, or an object with ``turns``) and ``probes`` (objects with a ``message``)."""
    rows = _objects(path, read_rows(path))
    for n, row in rows:
        _need(path, n, row, "id", (str, int))
        _need(path, n, row, "origin", str)
        if parse_remote_url(row["origin"]) is None:
            raise ValueError(f"{path}: row {n}: origin {row['origin']!r} is not a remote URL")
        for session in _list(path, n, row, "sessions"):
            turns = session.get("turns") if isinstance(session, dict) else session
            if not isinstance(turns, list) or not all(isinstance(t, dict) for t in turns):
                raise ValueError(f"{path}: row {n}: a session is not a list of turn objects")
        for probe in _list(path, n, row, "probes"):
            if not isinstance(probe, dict) or not isinstance(probe.get("message"), str):
                raise ValueError(f"{path}: row {n}: a probe has no message")
    return [row for _, row in rows]


def _objects(path: Path | str, rows: list[Any]) -> list[tuple[int, dict]]:
    for n, row in enumerate(rows, 1):
        if not isinstance(row, dict):
            raise ValueError(f"{path}: row {n}: not a JSON object")
    return list(enumerate(rows, 1))


def _need(path: Path | str, n: int, row: dict, key: str, kind: type | tuple[type, ...]) -> None:
    if not isinstance(row.get(key), kind) or isinstance(row.get(key), bool):
        raise ValueError(f"{path}: row {n}: no {key!r}")


def _list(path: Path | str, n: int, row: dict, key: str) -> list:
    value = row.get(key, [])
    if not isinstance(value, list):
        raise ValueError(f"{path}: row {n}: {key!r} is not a list")
    return value

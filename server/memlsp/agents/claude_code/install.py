"""``memlsp install claude-code`` / ``memlsp uninstall claude-code``: memlsp's hook entries in
a Claude Code settings file, added and removed without touching anything else.

The file is read as JSON, memlsp's handlers (a command ending in ``memlsp hook``) are added
to or removed from ``hooks.<Event>``, and it is written back atomically (temporary file in
the same folder, fsync, rename) in the file's own indentation, only when something changed.
Every other key, event and handler keeps its place and its bytes; an install twice is one
install; an uninstall removes only memlsp's handlers (and the lists they leave empty).
Must not import pygls, lsprotocol, the CLI or another adapter.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from ...core.errors import MemlspError

# event -> timeout in seconds (SessionEnd's own default budget is 1.5 s; the hook only
# starts a worker there, but a slow disk should not cut it off).
EVENTS = {
    "SessionStart": 30,
    "UserPromptSubmit": 30,
    "PreCompact": 10,
    "Stop": 10,
    "SessionEnd": 5,
}
OURS = re.compile(r"(^|[\s/'\"])memlsp\s+hook\s*$")


@dataclass
class Change:
    path: Path
    changed: bool
    events: list[str] = field(default_factory=list)


ROLLOUTS = ("off", "shadow", "dry-run", "on")


def hook_command(rollout: str | None = None) -> str:
    """The command each hook runs: this interpreter, so the hook finds this installation
    whatever PATH Claude Code was started with; ``rollout`` sets the level for the hooks
    alone (else the environment Claude Code runs in decides)."""
    command = f"{shlex.quote(sys.executable)} -m memlsp hook"
    if rollout is not None:
        if rollout not in ROLLOUTS:
            raise MemlspError(
                f"rollout must be one of {', '.join(ROLLOUTS)}", reason="invalid-setting"
            )
        command = f"MEMLSP_ROLLOUT={rollout} {command}"
    return command


def settings_path(where: str, folder: Path | None = None) -> Path:
    """``user``: ``~/.claude/settings.json`` (``$CLAUDE_CONFIG_DIR`` when set); ``project``:
    ``.claude/settings.json`` of the folder (the team's shared file)."""
    if where == "user":
        base = os.environ.get("CLAUDE_CONFIG_DIR")
        return (Path(base) if base else Path.home() / ".claude") / "settings.json"
    return (folder or Path.cwd()) / ".claude" / "settings.json"


def is_ours(handler: object) -> bool:
    return (
        isinstance(handler, dict)
        and handler.get("type") == "command"
        and isinstance(handler.get("command"), str)
        and bool(OURS.search(handler["command"]))
    )


def install(path: Path, command: str | None = None) -> Change:
    command = command or hook_command()
    data, text = _load(path)
    hooks = data.setdefault("hooks", {})
    if not isinstance(hooks, dict):
        raise MemlspError(f"{path}: 'hooks' is not an object; not changed", reason="bad-settings")
    added = []
    for event, timeout in EVENTS.items():
        wanted = {"type": "command", "command": command, "timeout": timeout}
        groups = hooks.setdefault(event, [])
        if not isinstance(groups, list):
            raise MemlspError(
                f"{path}: hooks.{event} is not a list; not changed", reason="bad-settings"
            )
        if any(wanted in _handlers(g) for g in groups):
            continue
        _remove_ours(groups)
        groups.append({"hooks": [wanted]})
        added.append(event)
    return _save(path, data, text, added)


def uninstall(path: Path) -> Change:
    if not path.exists():
        return Change(path, False)
    data, text = _load(path)
    hooks = data.get("hooks")
    removed = []
    if isinstance(hooks, dict):
        for event in list(hooks):
            groups = hooks[event]
            if isinstance(groups, list) and _remove_ours(groups):
                removed.append(event)
                if not groups:
                    del hooks[event]
        if not hooks and removed:
            del data["hooks"]
    return _save(path, data, text, removed)


def _handlers(group: object) -> list:
    if isinstance(group, dict) and isinstance(group.get("hooks"), list):
        return group["hooks"]
    return []


def _remove_ours(groups: list) -> bool:
    """Drop memlsp's handlers from each matcher group, and the groups left empty."""
    found = False
    for group in list(groups):
        handlers = _handlers(group)
        keep = [h for h in handlers if not is_ours(h)]
        if len(keep) != len(handlers):
            found = True
            if keep:
                group["hooks"] = keep
            else:
                groups.remove(group)
    return found


def _load(path: Path) -> tuple[dict, str | None]:
    try:
        text = path.read_text("utf-8")
    except FileNotFoundError:
        return {}, None
    except (OSError, UnicodeDecodeError) as exc:
        raise MemlspError(f"cannot read {path}: {exc}", reason="bad-settings") from exc
    if not text.strip():
        return {}, text
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise MemlspError(
            f"{path} is not valid JSON ({exc}); fix it first, nothing was changed",
            reason="bad-settings",
        ) from exc
    if not isinstance(data, dict):
        raise MemlspError(f"{path} is not a JSON object; not changed", reason="bad-settings")
    return data, text


def _save(path: Path, data: dict, old: str | None, events: list[str]) -> Change:
    new = _dump(data, old)
    if new == old or (old is None and not events):
        return Change(path, False, events)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(new)
            f.flush()
            os.fsync(f.fileno())
        if path.exists():
            os.chmod(tmp, path.stat().st_mode & 0o777)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    dir_fd = os.open(path.parent, os.O_RDONLY)
    try:
        os.fsync(dir_fd)
    finally:
        os.close(dir_fd)
    return Change(path, True, events)


def _dump(data: dict, old: str | None) -> str:
    """JSON in the old file's layout: its indentation (two spaces, Claude Code's own, when
    new), one line when it was one line, and its final newline."""
    if old is not None and old.strip() and "\n" not in old.strip():
        body = json.dumps(data, ensure_ascii=False)
    else:
        match = re.search(r"^\{\s*?\n([ \t]+)\S", old or "", re.M)
        indent = match.group(1) if match else "  "
        body = json.dumps(data, ensure_ascii=False, indent=indent)
    ends = old is None or old.endswith("\n")
    return body + ("\n" if ends else "")

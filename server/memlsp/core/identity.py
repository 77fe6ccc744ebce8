"""Project identity (SPEC R2): which scope folder a working directory belongs to.

The id comes from the ``origin`` remote URL: https, ssh, git and scp-like forms all map to
``<host>/<owner>/<repo>`` (host lower-cased, port and user dropped, ``.git`` stripped,
owner and repo keep their case). Every clone and every ``git worktree`` of one origin
therefore shares one memory. With no origin the id is the main worktree's root (found
through the git common dir, so linked worktrees agree); outside git it is the folder.
Both fall back to ``local/<sanitized-path>``.

git is asked through :mod:`.git` (the command line). Pure core: never imports pygls,
lsprotocol or the CLI.
"""

from __future__ import annotations

import hashlib
import os
import re
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote, urlsplit

from . import git

_SCP_LIKE = re.compile(r"^(?:(?P<user>[^@/]+)@)?(?P<host>[^:/]+):(?P<path>(?!//).+)$")
_SAFE = re.compile(r"[^A-Za-z0-9._-]+")


@dataclass(frozen=True)
class ProjectId:
    """``rel`` is the scope folder relative to ``<home>/projects``."""

    rel: str
    kind: str  # "remote" | "local-git" | "folder"
    origin: str | None = None
    root: Path | None = None

    def __str__(self) -> str:
        return self.rel


def _clean_segment(seg: str) -> str:
    seg = unquote(seg).strip()
    return _SAFE.sub("-", seg).strip("-.") or "_"


def parse_remote_url(url: str) -> str | None:
    """Map a remote URL to ``host/owner/repo``; None when it is a local path or unusable."""
    url = url.strip()
    if not url:
        return None
    if "://" in url:
        parts = urlsplit(url)
        if parts.scheme == "file":
            return None
        host = (parts.hostname or "").lower()
        path = parts.path
    else:
        if url.startswith(("/", "./", "../", "~")) or re.match(r"^[A-Za-z]:[\\/]", url):
            return None
        m = _SCP_LIKE.match(url)
        if not m:
            return None
        host = m.group("host").lower()
        path = m.group("path")
    if not host:
        return None
    segments = [s for s in path.replace("\\", "/").split("/") if s and s != "."]
    if segments and segments[-1].endswith(".git"):
        segments[-1] = segments[-1][: -len(".git")]
    segments = [_clean_segment(s) for s in segments if s]
    segments = [s for s in segments if s not in ("", "..")]
    if len(segments) < 1:
        return None
    if len(segments) == 1:
        owner, repo = "_", segments[0]
    else:
        owner, repo = "/".join(segments[:-1]), segments[-1]
    return f"{_clean_segment(host)}/{owner}/{repo}"


def sanitize_path(path: Path) -> str:
    """``/home/me/src/app`` → ``home-me-src-app-<8 hex>`` (hash keeps distinct paths apart)."""
    text = str(path.resolve())
    readable = _SAFE.sub("-", text).strip("-.")[-80:].strip("-.") or "root"
    digest = hashlib.sha256(text.encode("utf-8", "surrogateescape")).hexdigest()[:8]
    return f"{readable}-{digest}"


def _git_info(folder: Path) -> tuple[str | None, Path] | None:
    """(origin url, main worktree root) or None when ``folder`` is not in a git repo.

    Both answers only read the repository's files, so a repository another user owns is
    read too (``any_owner``): its identity must not depend on who runs memlsp. The origin
    is the configured URL as written (``config``, not ``remote get-url``, which would apply
    ``insteadOf`` rewrites).
    """
    common_out = git.output(folder, "rev-parse", "--git-common-dir", timeout=10, any_owner=True)
    text = git.decode(common_out).strip() if common_out else ""
    if not text:
        return None
    common = (folder / text).resolve()  # a relative answer is relative to ``folder``
    main_root = common.parent if common.name == ".git" else common
    url_out = git.output(folder, "config", "--get", "remote.origin.url", timeout=10, any_owner=True)
    url = git.decode(url_out).strip() if url_out else ""
    return url or None, main_root


def resolve_project(folder: Path | str | None = None) -> ProjectId:
    folder = Path(folder or os.getcwd()).resolve()
    info = _git_info(folder)
    if info is None:
        return ProjectId(rel=f"local/{sanitize_path(folder)}", kind="folder", root=folder)
    url, root = info
    if url:
        rel = parse_remote_url(url)
        if rel:
            return ProjectId(rel=rel, kind="remote", origin=url, root=root)
        # A local-path origin (e.g. a bare repo on disk): clones of it share the origin path.
        origin_path = Path(url[len("file://") :] if url.startswith("file://") else url)
        if not origin_path.is_absolute():
            origin_path = root / origin_path
        return ProjectId(
            rel=f"local/{sanitize_path(origin_path)}", kind="remote", origin=url, root=root
        )
    return ProjectId(rel=f"local/{sanitize_path(root)}", kind="local-git", root=root)

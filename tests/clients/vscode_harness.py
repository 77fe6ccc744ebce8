"""A real VS Code (code-server 4.100.3) in headless Chromium, for the extension's end-to-end
test and the activation benchmark.

:func:`ensure_deps` runs ``scripts/vscode-deps.sh`` (Chromium, code-server, playwright-core
in a cache folder); :func:`build_vsix` packages the extension with the memlsp wheel inside
(``npm run package``); :class:`CodeServer` installs the .vsix into a fresh profile under a
run folder and serves a workspace on a free loopback port, with ``XDG_*`` and ``TMPDIR``
pointed into the run folder; :func:`drive` runs ``vscode_e2e.mjs`` (Playwright) against it. :func:`propose_pending`
makes the memory server hold an extracted note for review (a real ``memlsp serve`` driven
over stdio with ``review: required`` and a ``memory/turnCompleted``).
"""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import socket
import subprocess
import time
import urllib.request
from pathlib import Path

from lsprotocol import types
from pytest_lsp.client import make_test_lsp_client

ROOT = Path(__file__).resolve().parents[2]
CLIENT = ROOT / "client-vscode"
DRIVER = Path(__file__).with_name("vscode_e2e.mjs")
CACHE = Path(os.environ.get("MEMLSP_E2E_CACHE") or Path.home() / ".cache" / "memlsp-e2e")
CODE_SERVER = CACHE / "node_modules" / ".bin" / "code-server"
PLAYWRIGHT = CACHE / "node_modules" / "playwright-core"
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"


class HarnessError(RuntimeError):
    """The harness could not set up VS Code (a missing tool, a failed build)."""


def _run(cmd: list[str], cwd: Path, env: dict | None = None, timeout: float = 600) -> str:
    proc = subprocess.run(
        cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout, check=False
    )
    if proc.returncode != 0:
        raise HarnessError(
            f"{' '.join(cmd)} failed ({proc.returncode}):\n{proc.stdout[-3000:]}\n{proc.stderr[-3000:]}"
        )
    return proc.stdout


def ensure_deps() -> str | None:
    """Install what the e2e needs; returns why it cannot run, or None."""
    if shutil.which("node") is None or shutil.which("npm") is None:
        return "node and npm are not installed"
    try:
        _run(["bash", str(ROOT / "scripts" / "vscode-deps.sh")], ROOT, timeout=900)
    except (HarnessError, subprocess.TimeoutExpired) as exc:
        return f"scripts/vscode-deps.sh failed: {exc}"
    missing = [str(p) for p in (CODE_SERVER, PLAYWRIGHT, Path(CHROMIUM)) if not p.exists()]
    return f"missing after scripts/vscode-deps.sh: {', '.join(missing)}" if missing else None


def build_vsix(out_dir: Path) -> Path:
    """``npm ci`` (when needed) and ``npm run package``; the .vsix is copied to out_dir."""
    if not (CLIENT / "node_modules" / ".bin" / "vsce").exists():
        _run(["npm", "ci", "--no-audit", "--no-fund"], CLIENT)
    _run(["npm", "run", "package"], CLIENT)
    out_dir.mkdir(parents=True, exist_ok=True)
    target = out_dir / "memlsp.vsix"
    shutil.copy2(CLIENT / "memlsp.vsix", target)
    return target


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def run_env(run: Path, extra: dict[str, str] | None = None) -> dict[str, str]:
    """The environment of everything the run starts: XDG_* and TMPDIR inside the run folder."""
    # Nothing of this process's Python set-up leaks into VS Code: the extension must find
    # its interpreter itself (PYTHONPATH only when the caller names it).
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith("MEMLSP_") and k not in ("PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME")
    }
    for name in ("CONFIG", "DATA", "STATE", "CACHE"):
        path = run / "xdg" / name.lower()
        path.mkdir(parents=True, exist_ok=True)
        env[f"XDG_{name}_HOME"] = str(path)
    tmp = run / "tmp"
    tmp.mkdir(parents=True, exist_ok=True)
    env["TMPDIR"] = str(tmp)
    env.update(extra or {})
    return env


class CodeServer:
    """code-server with the extension installed into a fresh profile under ``run``."""

    def __init__(self, run: Path, vsix: Path, settings: dict, env: dict[str, str]):
        self.run = run
        self.profile = run / "profile"
        self.ext_dir = run / "extensions"
        self.env = env
        self.port = free_port()
        self.proc: subprocess.Popen | None = None
        self.log = run / "code-server.log"
        self.ext_dir.mkdir(parents=True, exist_ok=True)
        user = self.profile / "User"
        user.mkdir(parents=True, exist_ok=True)
        base = {
            "workbench.startupEditor": "none",
            "workbench.tips.enabled": False,
            "workbench.welcomePage.walkthroughs.openOnInstall": False,
            "security.workspace.trust.enabled": False,
            "telemetry.telemetryLevel": "off",
            "extensions.ignoreRecommendations": True,
            "update.mode": "none",
            "editor.hover.delay": 150,
            "window.restoreWindows": "none",
            "git.openRepositoryInParentFolders": "never",
        }
        (user / "settings.json").write_text(json.dumps({**base, **settings}, indent=2))
        self.install(vsix)

    def _base_args(self) -> list[str]:
        return [
            str(CODE_SERVER),
            "--user-data-dir",
            str(self.profile),
            "--extensions-dir",
            str(self.ext_dir),
        ]

    def install(self, vsix: Path) -> None:
        _run(
            [*self._base_args(), "--install-extension", str(vsix), "--force"],
            self.run,
            self.env,
            120,
        )

    def start(self, folder: Path) -> str:
        config = self.run / "config.yaml"
        config.write_text(f"bind-addr: 127.0.0.1:{self.port}\nauth: none\ncert: false\n")
        args = [
            *self._base_args(),
            "--config",
            str(config),
            "--bind-addr",
            f"127.0.0.1:{self.port}",
            "--auth",
            "none",
            "--disable-telemetry",
            "--disable-update-check",
            "--disable-workspace-trust",
            "--disable-getting-started-override",
            str(folder),
        ]
        with self.log.open("w") as log:
            self.proc = subprocess.Popen(
                args, cwd=self.run, env=self.env, stdout=log, stderr=subprocess.STDOUT
            )
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise HarnessError(f"code-server exited: {self.log.read_text()[-3000:]}")
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{self.port}/healthz", timeout=2):
                    return f"http://127.0.0.1:{self.port}/?folder={folder}"
            except OSError:
                time.sleep(0.3)
        raise HarnessError("code-server did not answer /healthz within 60 s")

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)


def drive(config: dict, run: Path, env: dict[str, str], timeout: float = 150) -> dict:
    """Runs vscode_e2e.mjs with ``config``; returns the results it wrote."""
    cfg = run / "driver-config.json"
    out = run / "driver-results.json"
    cfg.write_text(
        json.dumps(
            {
                **config,
                "results": str(out),
                "chromium": CHROMIUM,
                "playwright": str(PLAYWRIGHT),
                "profile": str(run / "chromium"),
            }
        )
    )
    proc = subprocess.run(
        ["node", str(DRIVER), str(cfg)],
        cwd=run,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )
    (run / "driver.log").write_text(proc.stdout + "\n--- stderr ---\n" + proc.stderr)
    if not out.exists():
        raise HarnessError(
            f"the driver wrote no results ({proc.returncode}):\n{proc.stderr[-3000:]}"
        )
    return json.loads(out.read_text())


def propose_pending(python: str, home: Path, folder: Path, text: str, env: dict[str, str]) -> list:
    """Start ``memlsp serve --stdio`` on ``home`` with ``review: required``, report one chat
    turn saying ``text`` (``memory/turnCompleted``), wait for its extraction, and return
    ``memory/review``'s items: the pending item the VS Code view is to accept."""
    return asyncio.run(_propose(python, home, folder, text, env))


async def _propose(python: str, home: Path, folder: Path, text: str, env: dict) -> list:
    client = make_test_lsp_client()
    finished: dict[str, object] = {}

    @client.feature("memory/jobStatus")
    def on_status(ls, params):
        if params.state in ("done", "failed", "cancelled"):
            finished[params.jobId] = params

    @client.feature("memory/notesChanged")
    def on_changed(ls, params):
        return None

    await client.start_io(python, "-m", "memlsp", "serve", "--stdio", env=env, cwd=str(folder))
    try:
        await client.initialize_session(
            types.InitializeParams(
                capabilities=types.ClientCapabilities(),
                root_uri=folder.as_uri(),
                workspace_folders=[types.WorkspaceFolder(uri=folder.as_uri(), name=folder.name)],
                initialization_options={"rollout": "on", "review": "required"},
            )
        )
        send = client.protocol.send_request_async
        turn = {"sessionId": "e2e", "turn": 1, "messages": [{"role": "user", "content": text}]}
        job = (await send("memory/turnCompleted", turn)).jobId
        deadline = time.monotonic() + 60
        while job not in finished and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        status = finished.get(job)
        if status is None or status.state != "done" or "held 1" not in (status.message or ""):
            raise HarnessError(f"no pending item from the turn: {status}")
        return list((await send("memory/review", {})).items)
    finally:
        await asyncio.wait_for(client.shutdown_session(), 60)
        await client.stop()

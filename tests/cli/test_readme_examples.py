"""The README's examples do what the README says (issue 18, acceptance 3).

The fenced shell blocks of README.md's set-up and "Everyday use" sections are parsed; every
``memlsp …`` line is run, in README order, against a temporary home and a real git
repository: optional ``[…]`` parts are run both ways, ``a | b`` alternatives each, and the
placeholders (NAME, PATH, HEX, RUN-ID, data files) are filled from the earlier steps. Each
command's output is checked against the README's comment for it. A README line this test
does not know fails it, so the examples cannot drift from what is tested.
"""

from __future__ import annotations

import json
import re
import shlex
import subprocess
from collections.abc import Callable
from pathlib import Path

from ..agents.test_memory_folders import claude_folder
from ..core.test_scenarios_harness import scenario_file
from .clikit import run_memlsp
from .test_store_cli import ORIGIN

README = Path(__file__).resolve().parents[2] / "README.md"
SECTIONS = ("Set-up on a fresh machine", "Everyday use")
NOT_RUN = {"browse", "serve"}  # a terminal UI and a server: only their --help is run here


def section_lines(title: str) -> list[str]:
    text = README.read_text("utf-8")
    body = text.split(f"\n## {title}\n", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```(?:sh|bash|shell)\n(.*?)```", body, flags=re.S)
    return [line for block in blocks for line in block.splitlines() if line.strip()]


def memlsp_commands(line: str) -> list[list[str]]:
    """The ``memlsp`` commands of one README line (``a && b`` split, comments dropped)."""
    out = []
    for part in line.split("&&"):
        words = shlex.split(part, comments=True)
        if words and Path(words[0]).name == "memlsp":
            out.append(words[1:])
    return out


def variants(words: list[str]) -> list[list[str]]:
    """``where | index | doctor`` → each; ``ls [--pending] [--json]`` → ``ls``, ``ls
    --pending``, ``ls --json``; ``[--stdio | --tcp PORT]`` → each alternative."""
    if "|" in words and not any(w.startswith("[") for w in words):
        return [[w] for w in words if w != "|"]
    base: list[str] = []
    groups: list[list[list[str]]] = []
    group: list[str] | None = None
    for word in words:
        if word.startswith("[") and group is None:
            group, word = [], word[1:]
        if group is None:
            base.append(word)
            continue
        closing = word.endswith("]")
        group.append(word.rstrip("]"))
        if closing:
            alts, cur = [], []
            for w in group:
                if w == "|":
                    alts.append(cur)
                    cur = []
                else:
                    cur.append(w)
            groups.append([*alts, cur])
            group = None
    out = [base]
    for alts in groups:
        out += [base + alt for alt in alts]
    return out


class Walk:
    """One README walk-through: the repo, the values later commands need, the outputs."""

    def __init__(self, repo: Path, tmp: Path) -> None:
        self.repo, self.tmp = repo, tmp
        self.values: dict[str, str] = {
            "text": "Deploys stop",
            "DAYS": "7",
        }  # chat.jsonl teaches the first
        self.ran: list[str] = []

    def fill(self, words: list[str]) -> list[str]:
        out = []
        for w in words:
            if w.endswith(".jsonl"):
                out.append(str(self.data_file(w)))
            elif w.startswith("~/.claude/"):
                out.append(str(claude_folder(self.tmp / "claude")))
            else:
                out.append(self.values.get(w, w))
        return out

    def data_file(self, name: str) -> Path:
        path = self.tmp / name
        if name == "chat.jsonl":
            rows = [
                {"role": "user", "content": "Deploys stop at 15:00 on Fridays in this repo."},
                {"role": "assistant", "content": "Noted."},
            ]
            path.write_text("".join(json.dumps(r) + "\n" for r in rows), "utf-8")
        elif name == "C.jsonl":
            notes = [
                ("n1", "Use pnpm, not npm", "feedback"),
                ("n2", "The staging database is refreshed every Sunday night", "project"),
            ]
            rows = [
                {"id": i, "name": i, "description": d, "type": t, "body": d} for i, d, t in notes
            ]
            path.write_text("".join(json.dumps(r) + "\n" for r in rows), "utf-8")
        elif name == "Q.jsonl":
            rows = [
                {
                    "id": "q1",
                    "message": "Which package manager do we use, pnpm or npm?",
                    "relevant": ["n1"],
                },
                {"id": "q2", "message": "What rhymes with orange?", "relevant": []},
            ]
            path.write_text("".join(json.dumps(r) + "\n" for r in rows), "utf-8")
        elif name == "S.jsonl":
            return scenario_file(self.tmp)
        return path

    def memlsp(self, words: list[str], ok: tuple[int, ...] = (0,)) -> subprocess.CompletedProcess:
        self.ran.append(" ".join(words))
        return run_memlsp(self.repo, *words, ok=ok)


def _remember(w: Walk, words, proc) -> None:
    # "# into inbox/"
    assert proc.stdout.startswith("created: ") and "/inbox/" in proc.stdout
    path = proc.stdout.split(": ", 1)[1].strip()
    w.values.update(PATH=path, NAME=Path(path).stem)


def _recall(w: Walk, words, proc) -> None:
    # "# what a chat turn would inject": the notes and the reminder (whether the bun note
    # is found is test_the_readme_recall_finds_the_bun_note's business)
    out = json.loads(proc.stdout)
    assert set(out) >= {"memories", "reminder", "silence"}
    assert bool(out["memories"]) == (out["silence"] is None)


def _extract(w: Walk, words, proc) -> None:
    assert "turn 1: written " in proc.stdout  # "learn from a transcript"


def _ls(w: Walk, words, proc) -> None:
    if "--json" in words:
        names = {e["name"] for e in json.loads(proc.stdout)["entries"]}
        assert w.values["NAME"] in names
    elif "--pending" not in words:
        assert w.values["NAME"] in proc.stdout and "feedback" in proc.stdout


def _import(w: Walk, words, proc) -> None:
    assert "written: " in proc.stdout  # "copy another agent's notes in"


def _show(w: Walk, words, proc) -> None:
    if "--hash" in words:
        digest, path = proc.stdout.split()
        assert re.fullmatch(r"[0-9a-f]{64}", digest) and path == w.values["PATH"]
        w.values["HEX"] = digest
    else:
        assert "Use bun, not npm, in this repo" in proc.stdout


def _forget(w: Walk, words, proc) -> None:
    if "--matching" in words:
        # best effort: shows the matches, removes them only with --yes
        if "--yes" in words:
            assert "forgotten" in proc.stdout
        else:
            assert "1 note(s) match" in proc.stdout and "run again with --yes" in proc.stdout
    else:
        assert proc.stdout.startswith("forgotten: ")  # verified forget
        assert not (w.tmp / "memhome" / w.values["PATH"]).exists()


def _dream(w: Walk, words, proc) -> None:
    if "--dry-run" in words:
        assert proc.stdout.startswith("# dry run ")  # "a diff with --dry-run"
    else:
        run_id = re.match(r"dream (\S+): \d+ operations? applied", proc.stdout)
        assert run_id, proc.stdout
        w.values["RUN-ID"] = run_id.group(1)
        archived = w.tmp / "memhome" / "projects/github.com/Example-Org/Shop/archive"
        inbox = archived / run_id.group(1) / "inbox"
        w.values["PATH"] = f"inbox/{sorted(p.name for p in inbox.iterdir())[0]}"


def _restore(w: Walk, words, proc) -> None:
    assert "restored " in proc.stdout or "nothing to restore" in proc.stdout


def _check(w: Walk, words, proc) -> None:
    # "stale citations in notes (exit 1 when any)": the imported Claude Code note cites a
    # file this repository does not have
    assert proc.returncode == 1
    if "--json" in words:
        assert "billing/export.py" in json.dumps(json.loads(proc.stdout))
    else:
        assert "stale-file: `billing/export.py`" in proc.stdout
        assert "stale citation(s)" in proc.stderr


def _where(w: Walk, words, proc) -> None:
    assert proc.stdout.strip().endswith("projects/github.com/Example-Org/Shop")


def _index(w: Walk, words, proc) -> None:
    assert "MEMORY.md" in proc.stdout


def _doctor(w: Walk, words, proc) -> None:
    assert "no problems found" in proc.stdout


def _eval(w: Walk, words, proc) -> None:
    if words[1] == "recall":
        assert re.search(r"recall_at_5: 1\.0", proc.stdout), proc.stdout
    else:
        assert "probes_passed" in proc.stdout and "pass_rate" in proc.stdout


def _stats(w: Walk, words, proc) -> None:
    # telemetry is off in this walk: an empty summary, and it says why
    if "--json" in words:
        report = json.loads(proc.stdout)
        assert report["enabled"] is False and report["recall"]["injection"]["turns"] == 0
    else:
        assert "telemetry is off" in proc.stdout and "chat turns: 0 turn(s)" in proc.stdout


def _demo(w: Walk, words, proc) -> None:
    assert "the next chat turn asks:" in proc.stdout and "Next, in a repository" in proc.stdout


Check = Callable[[Walk, list[str], subprocess.CompletedProcess], None]
CHECKS: dict[str, tuple[Check, tuple[int, ...]]] = {
    "remember": (_remember, (0,)),
    "recall": (_recall, (0,)),
    "extract": (_extract, (0,)),
    "ls": (_ls, (0,)),
    "import": (_import, (0,)),
    "show": (_show, (0,)),
    "forget": (_forget, (0,)),
    "dream": (_dream, (0,)),
    "restore": (_restore, (0,)),
    "check": (_check, (0, 1)),  # exit 1 when a citation is stale
    "where": (_where, (0,)),
    "index": (_index, (0,)),
    "doctor": (_doctor, (0,)),
    "eval": (_eval, (0,)),
    "stats": (_stats, (0,)),
    "demo": (_demo, (0,)),
}


def test_the_readme_examples_do_what_it_says(make_repo, tmp_path: Path) -> None:
    walk = Walk(make_repo(origin=ORIGIN), tmp_path)
    commands = [
        c for title in SECTIONS for line in section_lines(title) for c in memlsp_commands(line)
    ]
    assert len(commands) >= 15, "the README's examples were not found"
    for words in commands:
        # one archived file back first, then the rest of the run
        order = reversed if words[0] == "restore" else list
        for variant in order(variants(words)):
            name = variant[0]
            if name in NOT_RUN:
                if name not in walk.ran:
                    walk.memlsp([name, "--help"])
                continue
            assert name in CHECKS, (
                f"README example without a check here: memlsp {' '.join(variant)}"
            )
            check, ok = CHECKS[name]
            filled = walk.fill(variant)
            check(walk, filled, walk.memlsp(filled, ok=ok))
    assert {r.split()[0] for r in walk.ran} >= set(CHECKS) | NOT_RUN


def test_the_readme_recall_finds_the_bun_note(make_repo) -> None:
    """The README's own pair: remember the bun rule, then ask how to add a package — a
    message that names neither bun nor npm (issue 18, acceptance 3)."""
    lines = section_lines("Everyday use")
    remember = next(c for line in lines for c in memlsp_commands(line) if c[0] == "remember")
    recall = next(c for line in lines for c in memlsp_commands(line) if c[0] == "recall")
    repo = make_repo(origin=ORIGIN)
    run_memlsp(repo, *remember)
    out = json.loads(run_memlsp(repo, *recall).stdout)
    assert [m["name"] for m in out["memories"]][:1] == ["use-bun-not-npm-in-this-repo"], out[
        "silence"
    ]

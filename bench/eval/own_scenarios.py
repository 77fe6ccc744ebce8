"""Blind end-to-end scenario set for memlsp (``scenarios_own.jsonl``): build, validate, expand, run.

The scenarios themselves are hand-written literals in ``own_scenarios_data.py``; this tool
turns them into ``scenarios_own.jsonl`` (``--build``), checks the file (``--validate``),
expands the ``{{FAKE:kind}}`` placeholders into format-valid, obviously fake credentials
(``--expand OUT``) and runs ``python -m memlsp eval scenarios <tmp> --json`` on the expanded
file (``--run``, extra arguments after ``--`` are passed on, e.g. ``-- --proxy``).

Placeholders: ``{{FAKE:kind}}`` with kind one of KINDS below; ``{{FAKE:kind.core}}`` is the
secret-bearing part of the same value (for ``db_url_password`` the password alone, for
``pem_private_key`` the first base64 body line; for the others the whole value). The same
placeholder expands to the same value everywhere inside one scenario; values differ between
scenarios (seeded by the scenario id). No credential literal is ever written to a file in
the repository: every prefix is assembled from pieces at run time.

Usage (from the repository root)::

    .venv/bin/python bench/eval/own_scenarios.py --build      # regenerate the JSONL
    .venv/bin/python bench/eval/own_scenarios.py --validate
    .venv/bin/python bench/eval/own_scenarios.py --expand /tmp/own.jsonl
    .venv/bin/python bench/eval/own_scenarios.py --run [-- --proxy]
"""

from __future__ import annotations

import argparse
import base64
import datetime as dt
import hashlib
import json
import os
import random
import re
import string
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
DATA = HERE / "scenarios_own.jsonl"

KINDS = (
    "aws_access_key",
    "github_token",
    "anthropic_key",
    "openai_key",
    "slack_token",
    "stripe_key",
    "db_url_password",
    "jwt",
    "pem_private_key",
    "generic_password",
)
PLACEHOLDER = re.compile(r"\{\{FAKE:([a-z_]+)(\.core)?\}\}")

EXPECTED_COUNTS = {
    "correction": 8,
    "approval": 8,
    "relative-date": 8,
    "role": 6,
    "reference": 8,
    "exclusion": 8,
    "secret": 8,
    "trivial": 6,
    "forget": 6,
    "supersede": 8,
    "chinese": 8,
}

# --------------------------------------------------------------------------- fake secrets

_ALNUM = string.ascii_letters + string.digits
_UPPER = string.ascii_uppercase + string.digits


def _pick(rng: random.Random, alphabet: str, n: int) -> str:
    return "".join(rng.choice(alphabet) for _ in range(n))


def _b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def fake_secret(kind: str, seed: str) -> tuple[str, str]:
    """(full value, secret-bearing core) for ``kind``; deterministic in ``seed``."""
    rng = random.Random(hashlib.sha256(f"{seed}/{kind}".encode()).hexdigest())
    if kind == "aws_access_key":
        v = "AK" + "IA" + "FAKE" + _pick(rng, _UPPER, 12)
        return v, v
    if kind == "github_token":
        v = "gh" + "p_" + "FAKE" + _pick(rng, _ALNUM, 32)
        return v, v
    if kind == "anthropic_key":
        v = "sk" + "-ant-" + "api03-" + "FAKE" + _pick(rng, _ALNUM + "-_", 87) + "AA"
        return v, v
    if kind == "openai_key":
        v = (
            "sk"
            + "-proj-"
            + "FAKE"
            + _pick(rng, _ALNUM, 44)
            + "T3Blbk"
            + "FJ"
            + _pick(rng, _ALNUM, 20)
        )
        return v, v
    if kind == "slack_token":
        v = "xo" + "xb-" + _pick(rng, string.digits, 11) + "-" + _pick(rng, string.digits, 13)
        v += "-FAKE" + _pick(rng, _ALNUM, 20)
        return v, v
    if kind == "stripe_key":
        v = "sk" + "_live_" + "51FAKE" + _pick(rng, _ALNUM, 93)
        return v, v
    if kind == "db_url_password":
        pw = "fake" + _pick(rng, _ALNUM, 18)
        host = rng.choice(["pg-primary.internal", "db-main.corp.invalid", "10.40.2.17"])
        user = rng.choice(["app_rw", "svc_ledger", "migrator"])
        return f"postgres://{user}:{pw}@{host}:5432/app", pw
    if kind == "jwt":
        header = _b64url(json.dumps({"alg": "HS256", "typ": "JWT"}, separators=(",", ":")).encode())
        payload = _b64url(
            json.dumps(
                {"sub": "fake-" + _pick(rng, string.digits, 6), "role": "admin", "iat": 1767225600},
                separators=(",", ":"),
            ).encode()
        )
        sig = _b64url(rng.randbytes(32))
        v = f"{header}.{payload}.{sig}"
        return v, v
    if kind == "pem_private_key":
        label = "RSA " + "PRIVATE" + " KEY"
        lines = [base64.b64encode(rng.randbytes(48)).decode("ascii") for _ in range(8)]
        lines[0] = "MIIEFAKE" + lines[0][8:]
        body = "\n".join(lines)
        v = "-----BEGIN " + label + "-----\n" + body + "\n-----END " + label + "-----"
        return v, lines[1]
    if kind == "generic_password":
        v = "Fake!" + _pick(rng, _ALNUM, 14) + "#" + _pick(rng, string.digits, 2)
        return v, v
    raise ValueError(f"unknown fake secret kind {kind!r}")


def _expand_str(text: str, seed: str) -> str:
    def sub(m: re.Match[str]) -> str:
        full, core = fake_secret(m.group(1), seed)
        return core if m.group(2) else full

    return PLACEHOLDER.sub(sub, text)


def _expand(obj: Any, seed: str) -> Any:
    if isinstance(obj, str):
        return _expand_str(obj, seed)
    if isinstance(obj, list):
        return [_expand(x, seed) for x in obj]
    if isinstance(obj, dict):
        return {k: _expand(v, seed) for k, v in obj.items()}
    return obj


def expand_scenario(scenario: dict[str, Any]) -> dict[str, Any]:
    return _expand(scenario, scenario["id"])


# --------------------------------------------------------------------------- load / build


def load(path: Path = DATA) -> list[dict[str, Any]]:
    with open(path, encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def build(path: Path = DATA) -> int:
    sys.path.insert(0, str(HERE))
    from own_scenarios_data import all_scenarios  # noqa: PLC0415

    scenarios = all_scenarios()
    with open(path, "w", encoding="utf-8") as fh:
        for s in scenarios:
            fh.write(json.dumps(s, ensure_ascii=False) + "\n")
    print(f"wrote {len(scenarios)} scenarios to {path}")
    return 0


def write_expanded(out: Path, scenarios: list[dict[str, Any]]) -> None:
    with open(out, "w", encoding="utf-8") as fh:
        for s in scenarios:
            fh.write(json.dumps(expand_scenario(s), ensure_ascii=False) + "\n")


# --------------------------------------------------------------------------- validation

_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


def _parse_at(text: str) -> dt.datetime:
    return dt.datetime.fromisoformat(text.replace("Z", "+00:00"))


def _conversation(s: dict[str, Any]) -> str:
    parts = []
    for sess in s["sessions"]:
        for t in sess["turns"]:
            parts.append(t["user"])
            parts.append(t.get("assistant", ""))
    return "\n".join(parts)


def validate(scenarios: list[dict[str, Any]]) -> list[str]:
    errors: list[str] = []
    seen: set[str] = set()
    counts: dict[str, int] = {}
    cjk_turns = total_turns = 0
    for raw in scenarios:
        sid = raw.get("id", "?")
        where = f"{sid}:"
        for key in ("id", "kind", "origin", "sessions", "probes", "never_stored"):
            if key not in raw:
                errors.append(f"{where} missing {key}")
        if sid in seen:
            errors.append(f"{where} duplicate id")
        seen.add(sid)
        counts[raw.get("kind", "?")] = counts.get(raw.get("kind", "?"), 0) + 1
        for m in PLACEHOLDER.finditer(json.dumps(raw)):
            if m.group(1) not in KINDS:
                errors.append(f"{where} unknown placeholder kind {m.group(1)}")
        s = expand_scenario(raw)
        if "{{FAKE" in json.dumps(s):
            errors.append(f"{where} unexpanded placeholder")
        if not (1 <= len(s["sessions"]) <= 3):
            errors.append(f"{where} {len(s['sessions'])} sessions (want 1-3)")
        last = None
        sess_ids = set()
        for sess in s["sessions"]:
            if sess.get("id") in sess_ids:
                errors.append(f"{where} duplicate session id {sess.get('id')}")
            sess_ids.add(sess.get("id"))
            n = len(sess["turns"])
            if s["kind"] != "trivial" and not (2 <= n <= 8):
                errors.append(f"{where} session {sess.get('id')} has {n} turns (want 2-8)")
            if s["kind"] == "trivial" and not (1 <= n <= 8):
                errors.append(f"{where} trivial session with {n} turns")
            for t in sess["turns"]:
                total_turns += 1
                if re.search(r"[\u4e00-\u9fff]", t["user"]):
                    cjk_turns += 1
                if not t.get("user", "").strip():
                    errors.append(f"{where} empty user turn")
                at = _parse_at(t["at"])
                if last is not None and at <= last:
                    errors.append(f"{where} turn at {t['at']} not after {last.isoformat()}")
                last = at
        if s["kind"] != "trivial" and not s["probes"]:
            errors.append(f"{where} no probes")
        for p in s["probes"]:
            at = _parse_at(p["at"])
            if last is not None and at <= last:
                errors.append(f"{where} probe at {p['at']} not after the sessions")
            if at - (last or at) < dt.timedelta(days=1) and last is not None:
                errors.append(f"{where} probe at {p['at']} less than a day after the sessions")
            last = at
            if not p.get("message", "").strip():
                errors.append(f"{where} empty probe message")
            for v in list(p.get("expect_any") or []) + list(p.get("expect_none") or []):
                if not isinstance(v, str) or not v.strip():
                    errors.append(f"{where} empty expectation")
            low_any = {v.casefold() for v in p.get("expect_any") or []}
            low_none = {v.casefold() for v in p.get("expect_none") or []}
            for a in low_any:
                if any(n in a for n in low_none):
                    errors.append(f"{where} expect_any {a!r} contains a forbidden string")
        convo = _conversation(s).casefold()
        for needle in s["never_stored"]:
            if needle.casefold() not in convo:
                errors.append(f"{where} never_stored {needle[:40]!r} not in the conversation")
        if s["kind"] in ("exclusion", "secret") and not s["never_stored"]:
            errors.append(f"{where} {s['kind']} without never_stored")
        if s["kind"] in ("exclusion", "secret", "forget", "supersede"):
            if not any(p.get("expect_none") for p in s["probes"]):
                errors.append(f"{where} {s['kind']} without expect_none")
        if s["kind"] == "supersede":
            if not all(p.get("expect_any") and p.get("expect_none") for p in s["probes"][:1]):
                errors.append(f"{where} supersede probe needs expect_any and expect_none")
        if s["kind"] == "relative-date":
            dates = [
                v for p in s["probes"] for v in p.get("expect_any") or [] if _DATE.fullmatch(v)
            ]
            if not dates:
                errors.append(f"{where} relative-date without an expected YYYY-MM-DD")
            for d in dates:
                if d in _conversation(s):
                    errors.append(f"{where} expected date {d} appears in the conversation")
                for p in s["probes"]:
                    if d in (p.get("expect_any") or []) and _parse_at(
                        p["at"]
                    ).date() > dt.date.fromisoformat(d):
                        errors.append(f"{where} probe at {p['at']} after the date {d}")
    for kind, want in EXPECTED_COUNTS.items():
        if counts.get(kind, 0) != want:
            errors.append(f"kind {kind}: {counts.get(kind, 0)} scenarios (want {want})")
    for kind in counts:
        if kind not in EXPECTED_COUNTS:
            errors.append(f"unknown kind {kind}")
    if len(scenarios) < 82:
        errors.append(f"{len(scenarios)} scenarios (want >= 82)")
    share = cjk_turns / max(total_turns, 1)
    print(
        f"{len(scenarios)} scenarios, {total_turns} turns, {cjk_turns} with Chinese user text "
        f"({share:.0%}), {sum(len(s['probes']) for s in scenarios)} probes; "
        + ", ".join(f"{k}={v}" for k, v in sorted(counts.items()))
    )
    return errors


# --------------------------------------------------------------------------- main


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    extra: list[str] = []
    if "--" in argv:
        i = argv.index("--")
        argv, extra = argv[:i], argv[i + 1 :]
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--file", type=Path, default=DATA)
    ap.add_argument(
        "--build", action="store_true", help="regenerate the JSONL from the data module"
    )
    ap.add_argument("--validate", action="store_true")
    ap.add_argument("--expand", type=Path, metavar="OUT")
    ap.add_argument("--run", action="store_true")
    args = ap.parse_args(argv)
    if args.build:
        build(args.file)
    if not (args.validate or args.expand or args.run):
        if not args.build:
            ap.print_help()
        return 0
    scenarios = load(args.file)
    rc = 0
    if args.validate:
        errors = validate(scenarios)
        for e in errors:
            print("ERROR", e)
        print("valid" if not errors else f"{len(errors)} problem(s)")
        rc = 1 if errors else 0
    if args.expand:
        write_expanded(args.expand, scenarios)
        print(f"expanded {len(scenarios)} scenarios to {args.expand}")
    if args.run:
        with tempfile.TemporaryDirectory(prefix="memlsp-own-scen-") as tmp:
            out = Path(tmp) / "scenarios_own.expanded.jsonl"
            write_expanded(out, scenarios)
            env = dict(os.environ)
            env["PYTHONPATH"] = str(REPO / "server") + os.pathsep + env.get("PYTHONPATH", "")
            cmd = [sys.executable, "-m", "memlsp", "eval", "scenarios", str(out), "--json", *extra]
            proc = subprocess.run(cmd, env=env, capture_output=True, text=True)
            sys.stderr.write(proc.stderr)
            print(proc.stdout)
            rc = rc or proc.returncode
    return rc


if __name__ == "__main__":
    sys.exit(main())

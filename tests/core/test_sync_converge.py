"""Team sync converges (issue 20, acceptance 1; SPEC R40): a bare remote and three memory
homes run 300 random operations — remember, edit, forget, dream, sync — with a fixed seed;
after a final sync round all three hold identical topic notes, nothing is lost that was
not forgotten, nothing forgotten is back, and no note holds a conflict marker."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from memlsp.core.notes import Note

from tests.core.synckit import Team, markers

SYLLABLES = [c + v for c in "bdfgklmnprstvz" for v in "aeiou"]
TOKEN = re.compile(r"\b[qe]\d{4}\b")


@pytest.fixture(autouse=True)
def own_homes(monkeypatch):
    monkeypatch.delenv("MEMLSP_HOME", raising=False)  # each member has its own home


def word(rng: random.Random) -> str:
    """A made-up word: two facts share words by chance only rarely, so a dream never
    takes them for near-duplicates (its merges are its own business, not the sync's)."""
    return "".join(rng.choice(SYLLABLES) for _ in range(3))


def fact(rng: random.Random, n: int) -> str:
    return f"q{n:04d} {' '.join(word(rng) for _ in range(6))}."


def test_three_homes_converge_after_300_random_operations(tmp_path: Path):
    rng = random.Random(20)
    team = Team(tmp_path)
    placed: dict[str, str] = {}  # token -> name of the note it was written into
    forgotten_names: set[str] = set()
    forgotten_tokens: set[str] = set()
    counts = dict.fromkeys(("remember", "edit", "forget", "dream", "sync"), 0)
    n = 0
    for _ in range(300):
        member = rng.choice(team.members)
        topics = [
            name
            for name in member.topic_notes()
            if "-conflict-" not in name  # both versions wait for a person
        ]
        op = rng.choices(
            ("remember", "edit", "forget", "dream", "sync"), weights=(30, 27, 9, 9, 25)
        )[0]
        if op in ("edit", "forget") and not topics:
            op = "remember"
        counts[op] += 1
        n += 1
        if op == "remember":
            got = member.service.remember(fact(rng, n))
            assert got.refused is None, got
            placed[f"q{n:04d}"] = Path(got.path).name
        elif op == "edit":
            name = rng.choice(topics)
            token = f"e{n:04d}"

            def change(note: Note, token=token) -> Note:
                at = rng.randrange(len(note.body.splitlines()) + 1)
                lines = note.body.splitlines()
                lines.insert(at, f"{token} {word(rng)} {word(rng)}.")
                note.body = "\n".join(lines) + "\n"
                return note

            member.store.update_note(member.rel(name), change)
            placed[token] = name
        elif op == "forget":
            name = rng.choice(topics)
            text = member.service.read(member.rel(name))
            member.service.forget(member.rel(name), text.sha256)
            forgotten_names.add(name)
            forgotten_tokens.update(TOKEN.findall(text.text))
        elif op == "dream":
            member.dream()
        else:
            member.sync()
    for member in team.members:  # what is still in an inbox travels once dreamed
        member.dream()
    team.settle()

    notes = [m.topic_notes() for m in team.members]
    assert notes[0] == notes[1] == notes[2], "the three homes did not converge"
    final = notes[0]
    text = "\n".join(data.decode() for data in final.values())
    assert not any(markers(data.decode()) for data in final.values())
    present = set(TOKEN.findall(text))
    # tokens that reached a topic note (the inbox ones that a dream promoted)
    lost_ok = forgotten_tokens | {t for t, name in placed.items() if name in forgotten_names}
    missing = set(placed) - present - lost_ok
    assert not missing, f"lost without a forget: {sorted(missing)[:10]}"
    back = forgotten_tokens & present
    assert not back, f"forgotten and back: {sorted(back)[:10]}"
    assert not {name for name in forgotten_names if name in final}
    for data in final.values():
        if "conflictOf:" in data.decode():
            origin = re.search(r"^conflictOf: (.+)$", data.decode(), re.M).group(1)
            assert f"{origin}.md" not in forgotten_names
    assert all(counts[k] > 10 for k in counts), counts
    assert len(final) > 20

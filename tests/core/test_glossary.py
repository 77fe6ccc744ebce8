"""The note-representation glossary (docs/explanation/recall.md, "Glosses"): which terms
match, how glossed text is built and stored, and that changing the glossary rebuilds the
index cache (its vectors were built from other text)."""

from __future__ import annotations

from pathlib import Path

import pytest
from memlsp.core.retrieval.doc import embed_texts
from memlsp.core.retrieval.embedders import HashingEmbedder, load_embedder
from memlsp.core.retrieval.glossary import (
    MAX_GLOSSES,
    Glossary,
    builtin_entries,
    common_words,
    default_glossary,
)
from memlsp.core.retrieval.index import Doc, RetrievalIndex

SMALL_ENTRIES = (
    "Linear\tissue tracker\n"
    "GitHub\tcode hosting\n"
    "GitHub Actions\tCI workflows\n"
    "lodash-es\tJavaScript utility library\n"
    "Next.js\tReact web framework\n"
    "read replica\tread-only database copy\n"
    "broken line without a tab\n"
    "\tno term\n"
)
SMALL = Glossary(SMALL_ENTRIES)


def test_capitalised_terms_match_as_written_lower_case_terms_in_any_case() -> None:
    assert SMALL.find("Track it in Linear.") == [("Linear", "issue tracker")]
    assert SMALL.find("a linear scan of the table") == []
    assert SMALL.find("Query the Read Replica") == [("read replica", "read-only database copy")]


def test_capitalised_names_that_are_not_common_words_match_in_any_case() -> None:
    """People write "postgres" and "AWS" in any case; "linear" or "stripe" in lower case is
    usually the English word, so those match only as written."""
    g = Glossary(
        "Postgres\tSQL database\nLinear\tissue tracker\nGitHub Actions\tCI workflows",
        common_words={"linear", "actions"},
    )
    assert [t for t, _ in g.find("postgres, POSTGRES and Postgres")] == ["Postgres"]
    assert g.find("a linear scan; github actions") == []
    assert [t for t, _ in g.find("Linear and GitHub Actions")] == ["Linear", "GitHub Actions"]
    exact_only = Glossary("Postgres\tSQL database")  # no common-word list: as written only
    assert exact_only.find("postgres") == [] and exact_only.find("Postgres")
    assert Glossary("Postgres\tSQL database", common_words={"x"}).digest != exact_only.digest


def test_the_built_in_common_words_come_from_the_pinned_vocabulary() -> None:
    words = common_words()
    assert len(words) > 15_000 and {"linear", "stripe", "black"} <= words
    assert not {"postgres", "kubernetes", "terraform"} & words
    assert default_glossary().find("we host postgres on kubernetes")


def test_whole_words_longest_first_in_order_once() -> None:
    text = "Use lodash-es in Next.js; GitHub Actions runs it, GitHub hosts it, lodash-es again."
    assert [term for term, _ in SMALL.find(text)] == [
        "lodash-es",
        "Next.js",
        "GitHub Actions",
        "GitHub",
    ]
    assert SMALL.find("lodash-esque and NextAjs and GitHubs") == []
    assert SMALL.find(text, limit=1) == [("lodash-es", "JavaScript utility library")]


def test_malformed_lines_are_skipped_and_the_digest_follows_the_entries() -> None:
    assert len(SMALL) == 6
    assert Glossary("A\tb").digest != Glossary("A\tc").digest
    assert len(Glossary("")) == 0 and Glossary("").find("anything at all") == []


def test_the_built_in_entries_are_well_formed() -> None:
    lines = builtin_entries().splitlines()
    terms = [line.split("\t")[0] for line in lines]
    assert all(line.count("\t") == 1 for line in lines)
    assert len(set(terms)) == len(terms)  # no term twice
    assert all(2 <= len(line.split("\t")[1].split()) <= 8 for line in lines)
    assert len(default_glossary()) == len(lines) >= 300


def test_huge_text_is_cheap_and_bounded() -> None:
    text = "GitHub Linear " * 200_000  # 2.8 MB
    assert SMALL.find(text) == [("GitHub", "code hosting"), ("Linear", "issue tracker")]
    assert len(SMALL.find(" ".join(["GitHub", "Linear", "Next.js"] * 10), limit=2)) == 2
    assert MAX_GLOSSES >= 4


def note(body: str, desc: str = "Flaky end-to-end tests go through the quarantine tag") -> Doc:
    return Doc("n.md", "1", body, {"name": "e2e-quarantine", "description": desc})


def test_glosses_sit_between_the_head_and_the_body() -> None:
    first, full = embed_texts(note("Run them in GitHub Actions. " + "x " * 2000), SMALL)
    assert first == "Flaky end-to-end tests go through the quarantine tag"
    head, glosses, body = full.split("\n", 2)
    assert head == "e2e quarantine: Flaky end-to-end tests go through the quarantine tag"
    assert glosses == "(GitHub Actions: CI workflows)"  # before the body: never cut off
    assert body.startswith("Run them in GitHub Actions.")
    _, plain = embed_texts(note("No known terms here."), SMALL)
    assert "(" not in plain


def test_a_changed_glossary_rebuilds_the_cache(tmp_path: Path) -> None:
    path = tmp_path / "r.sqlite"
    first = RetrievalIndex(path, HashingEmbedder(), glossary=SMALL)
    first.sync([note("Tracked in Linear.")])
    assert first.rebuilds == 1 and len(first) == 1
    first.close()
    same = RetrievalIndex(path, HashingEmbedder(), glossary=Glossary(SMALL_ENTRIES))
    same.sync([note("Tracked in Linear.")])
    assert same.rebuilds == 0  # same entries: the file is reused
    same.close()
    other = RetrievalIndex(path, HashingEmbedder(), glossary=Glossary("Linear\tproject tracker"))
    other.sync([note("Tracked in Linear.")])
    assert other.rebuilds == 1  # built from other text: rebuilt, not trusted
    assert [h.key for h in other.search("quarantine tag", 5, select=False)] == ["n.md"]


@pytest.mark.parametrize("term", ["Playwright", "Cypress", "AWS", "Postgres", "FX", "Kubernetes"])
def test_common_terms_are_in_the_built_in_glossary(term: str) -> None:
    assert default_glossary().lookup(term) is not None


# ------------------------------------------------------------------ effect on recall
def test_gloss_words_reach_the_keyword_side(tmp_path: Path) -> None:
    """A message that describes a tool instead of naming it matches the note's keyword row."""
    glossary = Glossary("Playwright\tbrowser end-to-end testing framework")
    flaky = Doc(
        "f.md", "1", "", {"name": "flaky", "description": "Quarantine flaky Playwright specs"}
    )
    other = Doc(
        "o.md", "1", "", {"name": "other", "description": "Invoices are numbered per entity"}
    )
    for g, expect in ((glossary, True), (Glossary(""), False)):
        idx = RetrievalIndex(tmp_path / f"{len(g)}.sqlite", HashingEmbedder(), glossary=g)
        idx.sync([flaky, other])
        hits = {h.key: h for h in idx.search("which browser testing setup?", 5, select=False)}
        assert (hits["f.md"].keyword_score > 0) is expect


def test_a_described_tool_finds_the_note_that_names_it(tmp_path: Path) -> None:
    """The real model and the built-in glossary: "browser tests" finds a Cypress note that
    the same pipeline without glosses ranks third and does not inject."""
    notes = [
        doc_(
            "cypress-quarantine",
            "Flaky Cypress specs get a quarantine tag and are reviewed every Monday",
        ),
        doc_("release-notes", "Release notes are written in the #releases channel every Friday"),
        doc_("staging-reset", "Staging is reset every Sunday from a production snapshot"),
        doc_("charge-retries", "The billing service retries failed charges three times"),
        doc_("handover", "On-call handover happens Mondays at 10:00"),
    ]
    message = "One of our browser tests fails at random — can I switch it off for now?"
    emb = load_embedder()
    with_glosses = RetrievalIndex(tmp_path / "g.sqlite", emb)
    with_glosses.sync(notes)
    without = RetrievalIndex(tmp_path / "p.sqlite", emb, glossary=Glossary(""))
    without.sync(notes)
    ranked = with_glosses.search(message, 5, select=False)
    plain = {h.key: h for h in without.search(message, 5, select=False)}
    assert ranked[0].key == "cypress-quarantine.md"
    assert ranked[0].score > plain["cypress-quarantine.md"].score + 0.1
    assert "cypress-quarantine.md" in [h.key for h in with_glosses.search(message, 5)]
    assert "cypress-quarantine.md" not in [h.key for h in without.search(message, 5)]


def doc_(name: str, desc: str) -> Doc:
    return Doc(f"{name}.md", "1", "", {"name": name, "description": desc})


def test_the_setting_turns_glosses_off() -> None:
    from memlsp.core.recall import resolve_models
    from memlsp.core.settings import SettingsError, load_local

    assert resolve_models(load_local(env={}).recall) == (None, None)
    _, off = resolve_models(load_local(env={"MEMLSP_RECALL_GLOSSARY": "false"}).recall)
    assert len(off) == 0
    with pytest.raises(SettingsError):
        load_local(env={"MEMLSP_RECALL_GLOSSARY": "sometimes"})

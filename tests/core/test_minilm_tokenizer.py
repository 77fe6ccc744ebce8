"""MiniLM's tokenizer, built from the pinned WordPiece vocabulary (package data): the same ids
as all-MiniLM-L6-v2's own ``tokenizer.json``. The expected ids below were produced by that file
(sha256 be50c362…) before the switch; the switch itself was checked on ~1,600 varied texts
(English, Chinese, code, emoji, accents, control characters, special tokens, inputs past 256
word pieces) with identical ids, attention masks and offsets."""

from __future__ import annotations

import hashlib

import pytest
from memlsp.core.retrieval import minilm_model

CLS, SEP, UNK = 101, 102, 100

EXPECTED = [
    (
        "Deploys are frozen during the month-end close.",
        [21296, 2015, 2024, 7708, 2076, 1996, 3204, 1011, 2203, 2485, 1012],
    ),
    ("Café naïve RÉSUMÉ", [7668, 15743, 13746]),  # lower case, accents kept
    ("部署前先跑 bun test", [1960, UNK, 1776, UNK, UNK, 21122, 3231]),  # one piece a character
    (
        'def f(x): return {"k": x**2}  # why',
        [13366, 1042, 1006, 1060, 1007, 1024, 2709, 1063, 1000, 1047, 1000, 1024, 1060, 1008]
        + [1008, 1016, 1065, 1001, 2339],
    ),
    ("ship it 🚀👍🏽", [2911, 2009, UNK]),
    ("a [SEP] b [sep]", [1037, SEP, 1038, 1031, 19802, 1033]),  # special tokens as written
    ("x" * 101 + " ok", [UNK, 7929]),  # a word past 100 characters is unknown
]


@pytest.fixture(scope="module")
def tokenizer():
    return minilm_model.tokenizer()


def test_the_vocabulary_is_the_pinned_file() -> None:
    data = minilm_model.vocab_file().read_bytes()
    assert hashlib.sha256(data).hexdigest() == minilm_model.VOCAB_SHA256
    vocab = minilm_model.vocabulary()
    assert len(vocab) == 30522 and vocab[CLS] == "[CLS]" and vocab[SEP] == "[SEP]"
    assert vocab[UNK] == "[UNK]" and vocab[7929] == "ok" and vocab[2015] == "##s"


@pytest.mark.parametrize(("text", "pieces"), EXPECTED)
def test_ids_match_the_models_own_tokenizer(tokenizer, text: str, pieces: list[int]) -> None:
    enc = tokenizer.encode(text)
    assert enc.ids == [CLS, *pieces, SEP]
    assert enc.attention_mask == [1] * len(enc.ids) and set(enc.type_ids) == {0}


def test_long_input_is_cut_keeping_the_separator(tokenizer) -> None:
    tokenizer.enable_truncation(max_length=256)
    try:
        enc = tokenizer.encode(" ".join(["quarantine flaky Playwright specs"] * 100))
    finally:
        tokenizer.no_truncation()
    assert len(enc.ids) == 256 and enc.attention_mask == [1] * 256
    assert enc.ids[:6] == [CLS, 24209, 20486, 10196, 13109, 4817]
    assert enc.ids[-3:] == [24209, 20486, SEP]

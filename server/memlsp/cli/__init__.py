"""The ``memlsp`` command line (and ``memlsp serve``): a thin layer over :mod:`memlsp.core`.

Every process memlsp starts comes through here, so this is where it sets process-wide
defaults before numpy loads: one chat message is a small matrix-vector product, where BLAS
thread pools only add wake-up latency — and thrash when the editor keeps the other core busy.
"""

import os

for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

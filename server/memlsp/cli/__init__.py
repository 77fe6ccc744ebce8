"""The ``memlsp`` command line: a thin layer over :mod:`memlsp.core`."""

#!/bin/sh
# System packages the test suite needs beyond `pip install -e '.[dev]'`:
# Neovim 0.7.2 (Debian 12) for tests/clients/test_neovim.py.
set -eu
apt-get update
apt-get install -y neovim

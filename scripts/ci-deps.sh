#!/bin/sh
# System packages the test suite needs beyond `pip install -e '.[dev]'`:
# Neovim 0.7.2 (Debian 12) for tests/clients/ (the second real LSP client).
set -eu
if command -v nvim >/dev/null 2>&1; then
  exit 0
fi
if [ "$(id -u)" -ne 0 ] && ! command -v sudo >/dev/null 2>&1; then
  echo "ci-deps: nvim is missing and this user cannot install it; the Neovim tests will skip" >&2
  exit 0
fi
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq neovim >/dev/null

#!/usr/bin/env bash
# Install everything memlsp's tests need on a fresh machine, then run every test.
# This is the README's test command and the only thing .ci/run calls.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ -f scripts/ci-deps.sh ]; then
  bash scripts/ci-deps.sh          # system packages (e.g. Neovim for the second LSP client)
fi

python3 -m venv .venv
.venv/bin/python -m pip install -q --upgrade pip
.venv/bin/python -m pip install -q -e '.[dev]'

if [ -f client-vscode/package.json ]; then
  (cd client-vscode && npm ci --no-audit --no-fund && npm test)
  # code-server, Chromium and playwright-core for tests/clients/test_vscode_e2e.py; when they
  # cannot be installed that test says why (and fails in CI).
  bash scripts/vscode-deps.sh || echo "scripts/vscode-deps.sh failed: the VS Code e2e test will report it" >&2
fi

set +e
.venv/bin/python -m pytest -n 2 -p no:cacheprovider "$@"
rc=$?
set -e
if [ "$rc" -eq 5 ]; then   # pytest: no tests collected
  echo "pytest collected no tests" >&2
  rc=0
fi
exit "$rc"

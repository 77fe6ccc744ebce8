#!/usr/bin/env bash
# What the VS Code end-to-end test (tests/clients/test_vscode_e2e.py) needs beyond the
# extension's own npm packages: Debian's Chromium, code-server 4.100.3 (VS Code 1.100.3, the
# last release for Node 20) and playwright-core (the driver; it never downloads a browser).
#
# Everything lands in one cache folder, $MEMLSP_E2E_CACHE (default ~/.cache/memlsp-e2e), so a
# second run costs a few file checks. Nothing is fetched but Debian and npm packages:
# code-server's install would download ripgrep from GitHub, so the download cache it looks in
# is seeded with the `rg` binary from the npm package @vscode/ripgrep-linux-x64.
#
# Exit status: 0 when everything is in place; 1 when something could not be installed (the
# e2e test then fails in CI and skips locally, saying why).
set -euo pipefail

CACHE="${MEMLSP_E2E_CACHE:-$HOME/.cache/memlsp-e2e}"
CODE_SERVER_VERSION=4.100.3
PLAYWRIGHT_VERSION=1.55.0
RIPGREP_PACKAGE_VERSION=1.18.0
STAMP="$CACHE/.installed-$CODE_SERVER_VERSION-$PLAYWRIGHT_VERSION"

say() { echo "vscode-deps: $*" >&2; }

need_apt=()
command -v chromium >/dev/null 2>&1 || need_apt+=(chromium)
dpkg -s libkrb5-dev >/dev/null 2>&1 || need_apt+=(libkrb5-dev)
if [ "${#need_apt[@]}" -gt 0 ]; then
  SUDO=""
  if [ "$(id -u)" -ne 0 ]; then
    if ! command -v sudo >/dev/null 2>&1; then
      say "cannot install ${need_apt[*]}: not root and no sudo"
      exit 1
    fi
    SUDO="sudo"
  fi
  say "installing ${need_apt[*]} (Debian packages)"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need_apt[@]}" >/dev/null
fi

if [ -f "$STAMP" ] && [ -x "$CACHE/node_modules/.bin/code-server" ] \
  && [ -d "$CACHE/node_modules/playwright-core" ]; then
  exit 0
fi

mkdir -p "$CACHE"
work="$(mktemp -d "$CACHE/install.XXXXXX")"
trap 'rm -rf "$work"' EXIT

# The ripgrep download cache that @vscode/ripgrep's postinstall consults before GitHub.
(cd "$work" && npm pack --silent "@vscode/ripgrep-linux-x64@$RIPGREP_PACKAGE_VERSION" >/dev/null)
mkdir -p "$work/rg" "$work/tmp/vscode-ripgrep-cache-1.15.11"
tar -xzf "$work"/vscode-ripgrep-linux-x64-*.tgz -C "$work/rg"
tar -czf "$work/tmp/vscode-ripgrep-cache-1.15.11/ripgrep-v13.0.0-10-x86_64-unknown-linux-musl.tar.gz" \
  -C "$work/rg/package/bin" rg

say "installing code-server@$CODE_SERVER_VERSION and playwright-core@$PLAYWRIGHT_VERSION into $CACHE (about a minute)"
[ -f "$CACHE/package.json" ] || echo '{"name": "memlsp-e2e-cache", "private": true}' >"$CACHE/package.json"
(
  cd "$CACHE"
  TMPDIR="$work/tmp" npm_config_unsafe_perm=true npm_config_nodedir=/usr npm_config_yes=true \
    npm install --no-audit --no-fund --loglevel=error \
    "code-server@$CODE_SERVER_VERSION" "playwright-core@$PLAYWRIGHT_VERSION" >&2
)
if [ ! -x "$CACHE/node_modules/.bin/code-server" ]; then
  say "code-server did not install"
  exit 1
fi
touch "$STAMP"
say "ready: $CACHE/node_modules/.bin/code-server"

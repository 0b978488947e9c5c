#!/usr/bin/env bash
# Start a Docker engine for the sandboxes when none is running. Idempotent.
#
# Usage: scripts/docker-engine.sh
#
# Installs docker.io with apt-get when dockerd is missing, starts dockerd in the
# background (log in $SELFDEBUG_DOCKER_LOG) and waits until `docker info` answers.
# The flags suit a machine without iptables or a bridge: containers get no network
# other than "none", which is what the sandboxes use by default.
#
# Environment:
#   SELFDEBUG_DOCKER_DATA_ROOT  engine data directory (default /var/lib/docker-selfdebug)
#   SELFDEBUG_DOCKER_HOST       socket to listen on (default unix:///var/run/docker.sock)
#   SELFDEBUG_DOCKER_LOG        engine log file (default /var/log/dockerd-selfdebug.log)
#   SELFDEBUG_DOCKER_WAIT       seconds to wait for the engine (default 60)
set -euo pipefail

data_root="${SELFDEBUG_DOCKER_DATA_ROOT:-/var/lib/docker-selfdebug}"
host="${SELFDEBUG_DOCKER_HOST:-unix:///var/run/docker.sock}"
log="${SELFDEBUG_DOCKER_LOG:-/var/log/dockerd-selfdebug.log}"
wait_s="${SELFDEBUG_DOCKER_WAIT:-60}"

sudo=""
if [ "$(id -u)" -ne 0 ]; then
    sudo="sudo"
fi

engine_answers() {
    DOCKER_HOST="$host" docker info >/dev/null 2>&1
}

if command -v docker >/dev/null 2>&1 && engine_answers; then
    echo "docker-engine: an engine already answers at $host"
    exit 0
fi

if ! command -v dockerd >/dev/null 2>&1 || ! command -v docker >/dev/null 2>&1; then
    echo "docker-engine: installing docker.io"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq docker.io >/dev/null
fi

$sudo mkdir -p "$data_root" "$(dirname "$log")"
echo "docker-engine: starting dockerd (data root $data_root, log $log)"
# setsid + nohup: the engine outlives this script and the shell that ran it.
$sudo setsid nohup dockerd \
    --iptables=false --ip6tables=false --bridge=none --storage-driver=vfs \
    --data-root="$data_root" --host="$host" \
    >>"$log" 2>&1 </dev/null &

for _ in $(seq 1 "$wait_s"); do
    if engine_answers; then
        echo "docker-engine: engine ready at $host"
        exit 0
    fi
    sleep 1
done

echo "docker-engine: the engine did not answer within ${wait_s}s; last lines of $log:" >&2
tail -n 30 "$log" >&2 || true
exit 1

#!/usr/bin/env bash
# Build the sandbox image from a Debian root filesystem. Idempotent.
#
# Usage: scripts/build-sandbox-image.sh [NAME:TAG]   (default autogen-selfdebug-sandbox:1)
#
# No image can be pulled on our machines, so the image is made with debootstrap and
# `docker import`. It holds python3 (with a `python` link), bash, coreutils
# (`timeout`), nodejs and TypeScript (`tsc`). Skips the build when the image exists.
# Needs a running engine: scripts/docker-engine.sh starts one.
#
# Environment:
#   SELFDEBUG_DEBIAN_MIRROR   Debian mirror (default http://deb.debian.org/debian)
#   SELFDEBUG_DEBIAN_SUITE    Debian suite (default bookworm)
set -euo pipefail

image="${1:-autogen-selfdebug-sandbox:1}"
mirror="${SELFDEBUG_DEBIAN_MIRROR:-http://deb.debian.org/debian}"
suite="${SELFDEBUG_DEBIAN_SUITE:-bookworm}"
packages="python3,nodejs,node-typescript,bash,coreutils"

sudo=""
if [ "$(id -u)" -ne 0 ]; then
    sudo="sudo"
fi

if ! docker info >/dev/null 2>&1; then
    echo "build-sandbox-image: no Docker engine answers; start one with scripts/docker-engine.sh" >&2
    exit 1
fi

if docker image inspect "$image" >/dev/null 2>&1; then
    echo "build-sandbox-image: $image already exists, skipping"
    exit 0
fi

if ! command -v debootstrap >/dev/null 2>&1; then
    echo "build-sandbox-image: installing debootstrap"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq debootstrap >/dev/null
fi

rootfs="$(mktemp -d /tmp/selfdebug-rootfs.XXXXXX)"
cleanup() { $sudo rm -rf "$rootfs"; }
trap cleanup EXIT

echo "build-sandbox-image: debootstrap $suite into $rootfs (about a minute)"
$sudo debootstrap --variant=minbase --include="$packages" "$suite" "$rootfs" "$mirror" >"$rootfs.log" 2>&1 || {
    echo "build-sandbox-image: debootstrap failed; last lines of its log:" >&2
    tail -n 30 "$rootfs.log" >&2
    rm -f "$rootfs.log"
    exit 1
}
rm -f "$rootfs.log"

$sudo ln -sf python3 "$rootfs/usr/bin/python"
$sudo mkdir -p "$rootfs/workspace"
$sudo chmod 1777 "$rootfs/workspace"
# Trim what a sandbox never needs: package caches, docs, man pages.
$sudo rm -rf "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/lib/apt/lists/* \
    "$rootfs"/usr/share/doc/* "$rootfs"/usr/share/man/* "$rootfs"/usr/share/info/*

# Check the tools are really there before importing.
for tool in python python3 bash sh timeout node tsc; do
    $sudo chroot "$rootfs" /usr/bin/env PATH=/usr/local/bin:/usr/bin:/bin sh -c "command -v $tool" >/dev/null || {
        echo "build-sandbox-image: $tool is missing from the root filesystem" >&2
        exit 1
    }
done

echo "build-sandbox-image: importing as $image"
$sudo tar -C "$rootfs" -c . | docker import \
    --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    --change 'ENV LANG=C.UTF-8' \
    --change 'WORKDIR /workspace' \
    --change 'CMD ["sleep", "infinity"]' \
    - "$image" >/dev/null
echo "build-sandbox-image: built $image"

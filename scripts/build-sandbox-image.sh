#!/usr/bin/env bash
# Build the sandbox image from a Debian root filesystem. Idempotent.
#
# Usage: scripts/build-sandbox-image.sh [NAME:TAG] [--packages PKG [PKG...]] [--tag NAME:TAG]
#
#   NAME:TAG             the base image (default autogen-selfdebug-sandbox:2)
#   --packages PKG...    also build a derived image FROM the base with these PyPI packages
#                        (pip requirement syntax: numpy, "pandas==2.2.3"). The wheels are
#                        fetched on this machine at build time; containers still run without
#                        a network. The image is tagged autogen-selfdebug-sandbox-packages:<hash>
#                        (hash of the base image id and the sorted package list), the tag
#                        `DockerSandbox(packages=[...])` looks for, so it is then used as is.
#   --tag NAME:TAG       tag the derived image this way instead (then pass it as `image=`)
#
# No image can be pulled on our machines, so the base image is made with debootstrap and
# `docker import`. It holds python3 (with a `python` link), pytest, pip, bash, coreutils
# (`timeout`), nodejs and TypeScript (`tsc`). Skips a build when its image exists.
# Needs a running engine: scripts/docker-engine.sh starts one.
#
# Environment:
#   SELFDEBUG_DEBIAN_MIRROR   Debian mirror (default http://deb.debian.org/debian)
#   SELFDEBUG_DEBIAN_SUITE    Debian suite (default bookworm)
#   SELFDEBUG_PYTHON          Python with autogen_selfdebug installed, for --packages
#                             (default .venv/bin/python of this repository, else python3)
set -euo pipefail

image="autogen-selfdebug-sandbox:2"
extra_packages=()
derived_tag=""
while [ $# -gt 0 ]; do
    case "$1" in
        --packages)
            shift
            while [ $# -gt 0 ] && [ "${1#--}" = "$1" ]; do
                extra_packages+=("$1")
                shift
            done
            if [ ${#extra_packages[@]} -eq 0 ]; then
                echo "build-sandbox-image: --packages needs at least one package" >&2
                exit 2
            fi
            ;;
        --tag)
            derived_tag="${2:?build-sandbox-image: --tag needs NAME:TAG}"
            shift 2
            ;;
        -h | --help)
            sed -n '2,25p' "$0"
            exit 0
            ;;
        -*)
            echo "build-sandbox-image: unknown option $1 (see --help)" >&2
            exit 2
            ;;
        *)
            image="$1"
            shift
            ;;
    esac
done
if [ -n "$derived_tag" ] && [ ${#extra_packages[@]} -eq 0 ]; then
    echo "build-sandbox-image: --tag names the image built with --packages; give --packages too" >&2
    exit 2
fi
mirror="${SELFDEBUG_DEBIAN_MIRROR:-http://deb.debian.org/debian}"
suite="${SELFDEBUG_DEBIAN_SUITE:-bookworm}"
# python3-pytest: the tests of a task run in the sandbox; python3-pip: for allow_install=True.
packages="python3,python3-pytest,python3-pip,nodejs,node-typescript,bash,coreutils"

build_derived() {
    [ ${#extra_packages[@]} -gt 0 ] || return 0
    local repo python
    repo="$(cd "$(dirname "$0")/.." && pwd)"
    python="${SELFDEBUG_PYTHON:-}"
    if [ -z "$python" ]; then
        if [ -x "$repo/.venv/bin/python" ]; then python="$repo/.venv/bin/python"; else python="python3"; fi
    fi
    # One implementation of the derived build, shared with DockerSandbox(packages=[...]).
    "$python" -c 'import sys; from autogen_selfdebug.sandboxes._packages import main; sys.exit(main())' \
        build --base "$image" ${derived_tag:+--tag "$derived_tag"} -- "${extra_packages[@]}"
}

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
    build_derived
    exit 0
fi

if ! command -v debootstrap >/dev/null 2>&1; then
    echo "build-sandbox-image: installing debootstrap"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq debootstrap >/dev/null
fi

rootfs="$(mktemp -d /tmp/selfdebug-rootfs.XXXXXX)"
# mktemp makes the directory 0700, and it becomes the image's `/`: a non-root user could use nothing.
chmod 755 "$rootfs"
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
for module in pytest pip; do
    $sudo chroot "$rootfs" /usr/bin/python3 -m "$module" --version >/dev/null || {
        echo "build-sandbox-image: python3 -m $module does not run in the root filesystem" >&2
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
build_derived

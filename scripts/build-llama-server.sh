#!/usr/bin/env bash
# Build llama.cpp's own server, `llama-server`, from the llama.cpp tree that the installed
# llama-cpp-python's sdist vendors: no download beyond that sdist (which pip has usually cached
# already, having built llama-cpp-python from it). CPU only, Release, statically linked, no web UI,
# no HTTPS; only the llama-server target. The binary is cached as
#   ${AUTOGEN_SELFDEBUG_CACHE:-${XDG_CACHE_HOME:-~/.cache}/autogen-selfdebug}/llama-server/<version>/llama-server
# where <version> is llama-cpp-python's. Idempotent: a second run only checks that the binary runs.
# LocalServer(engine="llama-server") finds it there. The build takes about 25 CPU-minutes (about
# 15 minutes on 2 idle cores).
set -euo pipefail
cd "$(dirname "$0")/.."

python=.venv/bin/python
die() {
    echo "error: $*" >&2
    exit 1
}

version=$("$python" -c "import importlib.metadata as m; print(m.version('llama_cpp_python'))" 2>/dev/null) ||
    die "llama-cpp-python is not installed in .venv; run scripts/setup.sh first"
cache="${AUTOGEN_SELFDEBUG_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/autogen-selfdebug}/llama-server/$version"
binary="$cache/llama-server"

if [ -x "$binary" ]; then
    "$binary" --version >/dev/null 2>&1 || die "$binary does not run; delete $cache and run this script again"
    echo "==> llama-server for llama-cpp-python $version is built: $binary"
    exit 0
fi

echo "==> building llama-server from llama-cpp-python $version's sdist (about 25 CPU-minutes)"
cmake="$(command -v cmake || true)"
[ -n "$cmake" ] || [ ! -x .venv/bin/cmake ] || cmake=.venv/bin/cmake
[ -n "$cmake" ] ||
    die "cmake is missing: install it with 'apt-get install cmake' or '.venv/bin/python -m pip install cmake'"
compiler="${CXX:-$(command -v c++ || command -v g++ || command -v clang++ || true)}"
[ -n "$compiler" ] ||
    die "no C++ compiler: install one with 'apt-get install build-essential' (llama-cpp-python needs it too)"
echo "==> using $("$cmake" --version | head -1) and $("$compiler" --version | head -1)"

mkdir -p "$cache"
src="$cache/src"
if [ ! -f "$src/vendor/llama.cpp/tools/server/server.cpp" ]; then
    echo "==> fetching the sdist with pip (from pip's cache when it is there)"
    download="$cache/sdist"
    rm -rf "$download" "$src"
    "$python" -m pip download --quiet --no-deps --no-binary :all: --dest "$download" "llama-cpp-python==$version"
    mkdir -p "$src"
    tar -xzf "$download"/llama_cpp_python-*.tar.gz -C "$src" --strip-components=1
    rm -rf "$download"
fi

# GGML_NATIVE stays on, as in llama-cpp-python's own build, so both engines run the same kernels.
# The AMX weight-repacking crash of some virtual machines is handled at start-up, as in process:
# LocalServer passes --no-repack when the CPU has AMX (see models/_llama_server.py).
echo "==> configuring (cmake)"
"$cmake" -S "$src/vendor/llama.cpp" -B "$cache/build" \
    -DCMAKE_BUILD_TYPE=Release \
    -DBUILD_SHARED_LIBS=OFF \
    -DLLAMA_BUILD_SERVER=ON \
    -DLLAMA_BUILD_TOOLS=ON \
    -DLLAMA_BUILD_TESTS=OFF \
    -DLLAMA_BUILD_EXAMPLES=OFF \
    -DLLAMA_BUILD_APP=OFF \
    -DLLAMA_BUILD_UI=OFF \
    -DLLAMA_USE_PREBUILT_UI=OFF \
    -DLLAMA_OPENSSL=OFF \
    -DGGML_CCACHE=OFF \
    -DGGML_CUDA=OFF \
    -DGGML_VULKAN=OFF \
    -DGGML_METAL=OFF \
    >"$cache/configure.log" 2>&1 || {
    tail -n 20 "$cache/configure.log" >&2
    die "cmake could not configure the build; the whole log is $cache/configure.log"
}

echo "==> compiling the llama-server target with $(nproc) jobs"
started=$(date +%s)
"$cmake" --build "$cache/build" --target llama-server --parallel "$(nproc)" >"$cache/build.log" 2>&1 || {
    tail -n 30 "$cache/build.log" >&2
    die "the build failed; the whole log is $cache/build.log"
}
echo "==> compiled in $(($(date +%s) - started)) s"

echo "==> checking that it runs"
"$cache/build/bin/llama-server" --version >/dev/null 2>&1 || die "the built llama-server does not run: $cache/build/bin/llama-server"
cp "$cache/build/bin/llama-server" "$binary.tmp"
mv "$binary.tmp" "$binary"
rm -rf "$cache/build" "$src" "$cache/configure.log" "$cache/build.log"
echo "==> llama-server for llama-cpp-python $version is built: $binary"

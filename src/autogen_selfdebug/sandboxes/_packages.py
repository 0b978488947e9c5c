"""What Python packages a sandbox has: the listing each sandbox runs at start, and images with extra packages.

The listing is a few lines of Python run by the sandbox's own interpreter (a subprocess, a
``docker exec``, or the Jupyter kernel), so it sees exactly what the model's code will see.
The image build installs PyPI wheels on the host, for the image's Python and platform, and
copies them into an image derived from the base: containers never need the network.

``scripts/build-sandbox-image.sh --packages PKG...`` calls :func:`main` (``build --base IMAGE -- PKG...``).
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import json
import logging
import re
import shutil
import subprocess
import sys
import tempfile
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from .._errors import SandboxError

__all__ = [
    "LISTING_EXPRESSION",
    "LISTING_SCRIPT",
    "PACKAGES_REPOSITORY",
    "derived_image_tag",
    "ensure_image_with_packages",
    "parse_listing",
    "validate_packages",
]

logger = logging.getLogger(__name__)

PACKAGES_REPOSITORY = "autogen-selfdebug-sandbox-packages"
"""Repository of the images built with extra packages; the tag is a hash of the base image id and the packages."""

LISTING_TIMEOUT_SECONDS = 20.0
_MARKER = "SELFDEBUG-PACKAGES:"

# Top-level importable names beyond the standard library, from the interpreter's own sys.path.
# Left out: the current directory (the model's files are not packages), the standard library's
# directories (test modules, sitecustomize, ...), names that no import statement can name.
# Namespace packages (directories without __init__.py) in site directories count: pkgutil skips them.
_LISTING_FUNCTION = """\
def _selfdebug_packages():
    import json, os, pkgutil, sys, sysconfig
    real = os.path.realpath
    std = {real(sysconfig.get_paths()[key]) for key in ("stdlib", "platstdlib")}
    site_dirs = ("site-packages", "dist-packages")

    def wanted(path):
        path = real(path)
        if os.path.basename(path) in site_dirs:
            return True
        return path != real(os.getcwd()) and not any(path == d or path.startswith(d + os.sep) for d in std)

    paths = [p for p in sys.path if p and os.path.isdir(p) and wanted(p)]
    names = {m.name for m in pkgutil.iter_modules(paths)}
    for path in paths:
        if os.path.basename(path) in site_dirs:
            names.update(e for e in os.listdir(path) if os.path.isdir(os.path.join(path, e)))
    stdlib = set(sys.stdlib_module_names) | set(sys.builtin_module_names)
    return json.dumps(sorted(n for n in names if n.isidentifier() and n not in stdlib and n != "__pycache__"))
"""

LISTING_SCRIPT = _LISTING_FUNCTION + f"print({_MARKER!r} + _selfdebug_packages())\n"
"""Run with ``python -c``: prints one marked line with the JSON list of names."""

LISTING_EXPRESSION = f"(lambda ns: (exec({_LISTING_FUNCTION!r}, ns), ns['_selfdebug_packages']())[1])({{}})"
"""One expression giving the JSON list, run in a private namespace (for a kernel's ``user_expressions``)."""

# A PyPI requirement, without options: a leading "-" would be a pip option such as --index-url.
_REQUIREMENT = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._\-\[\], <>=!~*;'\"]*$")

_PROBE = """\
import json, platform, site, sys
print(json.dumps({
    "version": "%d%d" % sys.version_info[:2],
    "machine": platform.machine(),
    "libc": platform.libc_ver(),
    "site": [p for p in site.getsitepackages() if p.startswith("/usr/local/")] + site.getsitepackages(),
}))
"""

_build_locks: dict[str, threading.Lock] = {}
_build_locks_guard = threading.Lock()


def parse_listing(text: str) -> tuple[str, ...] | None:
    """The names from the listing's output, or None when the output holds no valid listing.

    Accepts the marked line of :data:`LISTING_SCRIPT` (other lines around it are ignored)
    or the ``repr`` of the JSON string that :data:`LISTING_EXPRESSION` evaluates to.
    """
    payload: str | None = None
    for line in text.splitlines():
        if line.startswith(_MARKER):
            payload = line[len(_MARKER) :]
    if payload is None:
        try:
            literal = ast.literal_eval(text.strip())
        except (ValueError, SyntaxError):
            return None
        if not isinstance(literal, str):
            return None
        payload = literal
    try:
        names = json.loads(payload)
    except json.JSONDecodeError:
        return None
    if not isinstance(names, list) or not all(isinstance(name, str) for name in names):
        return None
    return tuple(sorted(set(names)))


def validate_packages(packages: Sequence[str]) -> tuple[str, ...]:
    """Check that each entry is a PyPI requirement (``numpy``, ``pandas==2.2.3``), not a pip option.

    Raises:
        ValueError: An entry is empty, or starts with ``-``, or has characters a requirement cannot have.
    """
    if isinstance(packages, str):
        raise ValueError("packages must be a list of names, not one string")
    checked: list[str] = []
    for package in packages:
        text = package.strip()
        if not _REQUIREMENT.match(text):
            raise ValueError(f"Not a PyPI requirement: {package!r} (give names such as 'numpy' or 'pandas==2.2.3')")
        checked.append(text)
    return tuple(checked)


def derived_image_tag(base_image_id: str, packages: Sequence[str]) -> str:
    """The tag of the image with ``packages`` on top of the base image with id ``base_image_id``.

    Hashing the id (not the name) means a rebuilt base image gets new derived images.
    """
    key = "\n".join([base_image_id, *sorted(set(packages))])
    return f"{PACKAGES_REPOSITORY}:{hashlib.sha256(key.encode()).hexdigest()[:16]}"


def ensure_image_with_packages(
    client: Any,
    base_image: str,
    packages: Sequence[str],
    *,
    tag: str | None = None,
    progress: Callable[[str], None] | None = None,
) -> str:
    """Build, once, an image FROM ``base_image`` with ``packages`` installed; return its tag.

    The wheels are installed on this machine with ``pip install --target``, for the base
    image's Python version, machine and C library, binary wheels only; then an image layer
    copies them into the image's site directory. Nothing is pulled, and the build runs
    without a network. An image that already exists under the tag is used as is.

    Args:
        client: A ``docker.DockerClient``.
        base_image: Name or id of the local base image.
        packages: PyPI requirements.
        tag: Tag of the new image (default :func:`derived_image_tag`).
        progress: Called with a line on each step (default: the module's logger, at INFO).

    Raises:
        SandboxError: The base image is missing, a package cannot be installed (names it), or the build fails.
    """
    from docker.errors import BuildError, DockerException, ImageNotFound

    report = progress or logger.info
    wanted = validate_packages(packages)
    if not wanted:
        raise ValueError("ensure_image_with_packages needs at least one package")
    try:
        base_id = str(client.images.get(base_image).id)
    except ImageNotFound as error:
        raise SandboxError(
            f"The base image {base_image!r} does not exist on this engine. Build it with "
            "`bash scripts/build-sandbox-image.sh`."
        ) from error
    except (DockerException, OSError) as error:
        raise SandboxError(f"Could not inspect the base image {base_image!r}: {error}") from error
    target = tag or derived_image_tag(base_id, wanted)
    with _lock_for(target):
        if _image_exists(client, target):
            return target
        report(f"Building sandbox image {target} from {base_image} with {', '.join(wanted)} (once; can take a minute)")
        probe = _probe_base(client, base_id, base_image)
        with tempfile.TemporaryDirectory(prefix="selfdebug-image-") as context_text:
            context = Path(context_text)
            site_dir = str(probe["site"][0])
            # One tree copied in one step: with the vfs storage driver each build step copies the whole image.
            root = context / "root"
            _pip_install(wanted, root / site_dir.lstrip("/"), probe, report)
            _fix_scripts(root / site_dir.lstrip("/") / "bin", root / "usr" / "local" / "bin")
            _make_readable(root)
            (context / "Dockerfile").write_text(f"FROM {base_id}\nCOPY root/ /\n", encoding="utf-8")
            report(f"Copying the packages into {site_dir} of the image")
            try:
                client.images.build(
                    path=str(context),
                    tag=target,
                    pull=False,
                    rm=True,
                    forcerm=True,
                    network_mode="none",
                    labels={"autogen-selfdebug.base": base_image, "autogen-selfdebug.packages": " ".join(wanted)},
                )
            except (BuildError, DockerException, OSError) as error:
                raise SandboxError(f"Could not build the sandbox image {target}: {error}") from error
        report(f"Built sandbox image {target}")
        return target


def _lock_for(tag: str) -> threading.Lock:
    # Two sandboxes starting at once with the same packages build the image once.
    with _build_locks_guard:
        return _build_locks.setdefault(tag, threading.Lock())


def _image_exists(client: Any, tag: str) -> bool:
    from docker.errors import DockerException, ImageNotFound

    try:
        client.images.get(tag)
    except ImageNotFound:
        return False
    except (DockerException, OSError) as error:
        raise SandboxError(f"Could not inspect the image {tag!r}: {error}") from error
    return True


def _probe_base(client: Any, base_id: str, base_image: str) -> dict[str, Any]:
    """The base image's Python version, machine, C library and site directories, from a throwaway container."""
    from docker.errors import DockerException

    try:
        output = client.containers.run(
            base_id, ["python3", "-c", _PROBE], remove=True, network_mode="none", stdout=True, stderr=True
        )
        probe = json.loads(output.decode("utf-8", errors="replace").strip().splitlines()[-1])
    except (DockerException, OSError, ValueError, IndexError) as error:
        raise SandboxError(f"Could not run python3 in the base image {base_image!r}: {error}") from error
    if not isinstance(probe, dict) or not probe.get("site"):
        raise SandboxError(f"The base image {base_image!r} has no Python site directory to install packages into.")
    return probe


def _platforms(machine: str, libc: Sequence[str]) -> list[str]:
    # pip needs exact platform tags: every manylinux level up to the image's glibc.
    glibc = libc[1] if len(libc) == 2 and libc[0] == "glibc" else "2.17"
    major, _, minor_text = glibc.partition(".")
    minor = int(minor_text.split(".")[0] or 17) if major == "2" else 17
    tags = [f"manylinux_2_{m}_{machine}" for m in range(minor, 4, -1)]
    tags += [f"manylinux2014_{machine}", f"manylinux2010_{machine}", f"manylinux1_{machine}"]
    return tags


def _pip_install(packages: Sequence[str], target: Path, probe: dict[str, Any], report: Callable[[str], None]) -> None:
    version = str(probe["version"])
    command = [sys.executable, "-m", "pip", "install", "--target", str(target), "--only-binary=:all:"]
    command += ["--python-version", version, "--implementation", "cp", "--abi", f"cp{version}"]
    for platform_tag in _platforms(str(probe["machine"]), probe.get("libc") or ()):
        command += ["--platform", platform_tag]
    command += ["--no-compile", "--no-warn-script-location", "--disable-pip-version-check", "--", *packages]
    report(f"pip: fetching wheels of {', '.join(packages)} for CPython {version[0]}.{version[1:]}, {probe['machine']}")
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=1800, check=False)
    except (OSError, subprocess.TimeoutExpired) as error:
        raise SandboxError(f"Could not run pip to install {', '.join(packages)}: {error}") from error
    if done.returncode != 0:
        raise SandboxError(_pip_failure(packages, done.stderr or done.stdout, version, str(probe["machine"])))


def _pip_failure(packages: Sequence[str], stderr: str, version: str, machine: str) -> str:
    """A short message naming the package pip could not install, with pip's own last lines."""
    culprit = re.search(r"(?:No matching distribution found for|satisfies the requirement) (\S+)", stderr)
    name = culprit.group(1) if culprit else ", ".join(packages)
    tail = "\n".join(line for line in stderr.strip().splitlines()[-4:])
    return (
        f"Could not install {name} into the sandbox image: no such package on PyPI, or no binary wheel for "
        f"CPython {version[0]}.{version[1:]} on Linux {machine} (source-only packages are not built). pip said:\n{tail}"
    )


def _fix_scripts(source: Path, target: Path) -> None:
    """Move pip's console scripts out of the site directory, pointing their shebang at the image's python3."""
    target.mkdir(parents=True, exist_ok=True)
    if not source.is_dir():
        return
    for script in source.iterdir():
        data = script.read_bytes()
        if data.startswith(b"#!") and b"python" in data.split(b"\n", 1)[0]:
            data = b"#!/usr/bin/env python3\n" + data.split(b"\n", 1)[1]
        (target / script.name).write_bytes(data)
        (target / script.name).chmod(0o755)
    shutil.rmtree(source)


def _make_readable(root: Path) -> None:
    # The container runs as the host's user, not root: whatever the host's umask, everyone may read.
    for path in [root, *root.rglob("*")]:
        if path.is_symlink():
            continue
        if path.is_dir() or path.stat().st_mode & 0o111:
            path.chmod(0o755)
        else:
            path.chmod(0o644)


def main(argv: Sequence[str] | None = None) -> int:
    """``build --base IMAGE [--tag TAG] -- PKG...``: build the image with packages and print its tag."""
    import docker
    from docker.errors import DockerException

    parser = argparse.ArgumentParser(prog="python -m autogen_selfdebug.sandboxes._packages")
    commands = parser.add_subparsers(dest="command", required=True)
    build = commands.add_parser("build", help="build an image with extra PyPI packages")
    build.add_argument("--base", required=True, help="the local base image")
    build.add_argument("--tag", default=None, help="tag of the new image (default: derived from base and packages)")
    build.add_argument("packages", nargs="+", help="PyPI requirements")
    args = parser.parse_args(argv)

    def say(line: str) -> None:
        print(f"build-sandbox-image: {line}", file=sys.stderr, flush=True)

    try:
        client = docker.from_env()
        tag = ensure_image_with_packages(client, args.base, args.packages, tag=args.tag, progress=say)
    except (SandboxError, ValueError, DockerException) as error:
        say(str(error))
        return 1
    print(tag)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

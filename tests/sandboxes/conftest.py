"""Fixtures for the sandbox tests: whether a real Docker engine and the sandbox image are there."""

from __future__ import annotations

import functools
import os

import docker
import pytest
from docker.errors import DockerException

from autogen_selfdebug.sandboxes import DEFAULT_IMAGE


@functools.cache
def docker_problem() -> str | None:
    """Why the Docker tests cannot run here, or None when they can."""
    try:
        client = docker.from_env()
        client.ping()
    except (DockerException, OSError) as error:
        return f"no Docker engine answers ({error}); start one with `bash scripts/docker-engine.sh`"
    try:
        client.images.get(DEFAULT_IMAGE)
    except DockerException:
        return f"the image {DEFAULT_IMAGE} is missing; build it with `bash scripts/build-sandbox-image.sh`"
    finally:
        client.close()
    return None


@pytest.fixture
def require_docker() -> None:
    """Skip without an engine and the image, except in CI (env CI set), where that is a failure."""
    problem = docker_problem()
    if problem is None:
        return
    if os.environ.get("CI"):
        pytest.fail(f"Docker tests must run in CI, but {problem}")
    pytest.skip(problem)

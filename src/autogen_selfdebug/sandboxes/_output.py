"""A bounded buffer for a program's output: the head and the tail, with a marker between."""

from __future__ import annotations

import threading

__all__ = ["DEFAULT_MAX_OUTPUT_BYTES", "TIMEOUT_EXIT_CODE", "OutputBuffer", "timeout_marker"]

DEFAULT_MAX_OUTPUT_BYTES = 1_000_000
"""How much output a sandbox keeps per execution by default (1 MB)."""

TIMEOUT_EXIT_CODE = 124
"""The exit code of a run stopped by the timeout (as coreutils' ``timeout`` uses)."""


def timeout_marker(timeout: float) -> str:
    """The line appended to the output of a run stopped by the timeout."""
    return f"\n[timeout: execution stopped after {timeout:g} s]\n"


class OutputBuffer:
    """Keeps at most ``max_bytes`` of a stream: its first half and its last half.

    A program that prints 50 MB costs the host ``max_bytes``, not 50 MB. The bytes in the
    middle are dropped and counted, and :meth:`text` puts a marker where they were.
    ``feed`` may be called from another thread than ``text``.

    Example:
        >>> buf = OutputBuffer(10)
        >>> buf.feed(b"0123456789abcdefghij")
        >>> print(buf.text())
        01234
        [... 10 bytes of output omitted ...]
        fghij
    """

    def __init__(self, max_bytes: int = DEFAULT_MAX_OUTPUT_BYTES) -> None:
        if max_bytes < 2:
            raise ValueError("max_bytes must be at least 2")
        self._head_max = max_bytes // 2
        self._tail_max = max_bytes - self._head_max
        self._head = bytearray()
        self._tail = bytearray()
        self._omitted = 0
        self._lock = threading.Lock()

    @property
    def omitted(self) -> int:
        """How many bytes were dropped from the middle."""
        return self._omitted

    def feed(self, data: bytes) -> None:
        """Add a chunk of output."""
        with self._lock:
            room = self._head_max - len(self._head)
            if room > 0:
                self._head += data[:room]
                data = data[room:]
            if not data:
                return
            self._tail += data
            excess = len(self._tail) - self._tail_max
            # Trim only once the tail is well over its size, so feeding stays linear.
            if excess > self._tail_max:
                del self._tail[:excess]
                self._omitted += excess

    def text(self) -> str:
        """The kept output, decoded as UTF-8, with a marker where bytes were dropped."""
        with self._lock:
            excess = max(0, len(self._tail) - self._tail_max)
            omitted = self._omitted + excess
            head = self._head.decode("utf-8", errors="replace")
            tail = bytes(self._tail[excess:]).decode("utf-8", errors="replace")
        if omitted == 0:
            return head + tail
        return f"{head}\n[... {omitted} bytes of output omitted ...]\n{tail}"

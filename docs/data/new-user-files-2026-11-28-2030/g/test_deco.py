import pytest

from deco import Ring, retry


def test_retry_succeeds_on_last_try():
    calls = []

    @retry(times=3)
    def flaky():
        calls.append(1)
        if len(calls) < 3:
            raise ValueError("not yet")
        return "ok"

    assert flaky() == "ok"
    assert flaky.__name__ == "flaky"


def test_retry_gives_up():
    @retry(times=2)
    def broken():
        raise ValueError("no")

    with pytest.raises(ValueError, match="no"):
        broken()


def test_ring():
    ring = Ring("abc")
    assert ring[0] == "a"
    assert ring[4] == "b"
    assert len(ring) == 3
    assert list(ring) == ["a", "b", "c"]

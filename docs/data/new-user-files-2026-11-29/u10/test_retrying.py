from unittest import mock

import pytest

from retrying import RetryError, backoff_delays, call_with_retry


@pytest.fixture
def sleep():
    with mock.patch("retrying.time.sleep") as fake_sleep:
        yield fake_sleep


def test_backoff_doubles():
    assert backoff_delays(5) == [1, 2, 4, 8, 16]


def test_backoff_with_base():
    assert backoff_delays(3, base=5) == [5, 10, 20]


def test_backoff_is_capped():
    assert backoff_delays(7, base=1, cap=20) == [1, 2, 4, 8, 16, 20, 20]


def test_success_first_time(sleep):
    func = mock.Mock(return_value="ok")
    assert call_with_retry(func, 1, key="a") == "ok"
    func.assert_called_once_with(1, key="a")
    sleep.assert_not_called()


def test_retries_transient_errors_then_succeeds(sleep):
    func = mock.Mock(side_effect=[ConnectionError("reset"), TimeoutError(), "done"])
    assert call_with_retry(func, retries=3) == "done"
    assert func.call_count == 3
    assert sleep.call_args_list == [mock.call(1), mock.call(2)]


def test_gives_up_after_all_retries(sleep):
    func = mock.Mock(side_effect=ConnectionError("down"))
    with pytest.raises(RetryError) as excinfo:
        call_with_retry(func, retries=3, base=2)
    assert excinfo.value.attempts == 4
    assert isinstance(excinfo.value.last_error, ConnectionError)
    assert [c.args[0] for c in sleep.call_args_list] == [2, 4, 8]


def test_non_transient_error_is_not_retried(sleep):
    func = mock.Mock(side_effect=KeyError("missing"))
    with pytest.raises(KeyError):
        call_with_retry(func)
    assert func.call_count == 1
    sleep.assert_not_called()


def test_custom_retry_on(sleep):
    func = mock.Mock(side_effect=[ValueError("bad"), 7])
    assert call_with_retry(func, retry_on=(ValueError,)) == 7
    sleep.assert_called_once_with(1)

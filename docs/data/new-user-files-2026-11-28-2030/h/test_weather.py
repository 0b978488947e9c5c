from unittest.mock import patch

import weather


@patch("weather.fetch")
def test_cold(fetch):
    fetch.return_value = {"temp": 3}
    assert weather.describe("Oslo") == "Oslo: cold (3°C)"
    fetch.assert_called_once_with("Oslo")


def test_hot(monkeypatch):
    monkeypatch.setattr(weather, "fetch", lambda city: {"temp": 30})
    assert weather.describe("Cairo") == "Cairo: hot (30°C)"


def test_mild():
    with patch.object(weather, "fetch", return_value={"temp": 25}):
        assert weather.describe("Rome") == "Rome: mild (25°C)"

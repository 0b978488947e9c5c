import pytest
from timer import Temperature, Timer


def test_timer_uses_clock():
    ticks = iter([10.0, 12.5])
    with Timer(clock=lambda: next(ticks)) as timer:
        pass
    assert timer.elapsed == 2.5


def test_temperature():
    t = Temperature(100)
    assert t.fahrenheit == 212
    with pytest.raises(ValueError):
        t.celsius = -300

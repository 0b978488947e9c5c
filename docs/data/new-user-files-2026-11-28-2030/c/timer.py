import time


class Timer:
    def __init__(self, clock=time.perf_counter):
        self.clock = clock
        self.elapsed = None

    def __enter__(self):
        self.start = self.clock()
        return self

    def __exit__(self, *exc):
        self.elapsed = self.start - self.clock()
        return False


class Temperature:
    def __init__(self, celsius=0.0):
        self.celsius = celsius

    @property
    def celsius(self):
        return self._celsius

    @celsius.setter
    def celsius(self, value):
        if value < -273.15:
            raise ValueError("below absolute zero")
        self._celsius = value

    @property
    def fahrenheit(self):
        return self.celsius * 9 / 5 + 32

import logging

import pytest


@pytest.fixture(autouse=True)
def quiet(caplog):
    caplog.set_level(logging.ERROR)

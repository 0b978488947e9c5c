import pytest
@pytest.fixture
def stocked(:

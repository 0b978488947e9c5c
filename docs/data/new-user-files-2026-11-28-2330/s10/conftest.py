from datetime import date

import pytest

from invoices import Invoice


@pytest.fixture
def invoices():
    return [
        Invoice("INV-001", "acme", 120.00, date(2024, 1, 15), paid=True),
        Invoice("INV-002", "acme", 80.50, date(2024, 2, 1)),
        Invoice("INV-003", "globex", 300.00, date(2024, 1, 20)),
        Invoice("INV-004", "initech", 45.25, date(2024, 3, 30)),
        Invoice("INV-005", "globex", 19.99, date(2024, 2, 10)),
    ]


@pytest.fixture
def today():
    return date(2024, 3, 1)

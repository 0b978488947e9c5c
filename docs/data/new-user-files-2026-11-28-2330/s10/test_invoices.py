from datetime import date

from invoices import Invoice, balances_by_customer, outstanding_total, overdue


def test_outstanding_total_ignores_paid(invoices):
    assert outstanding_total(invoices) == 445.74


def test_overdue_lists_all_late_unpaid_oldest_first(invoices, today):
    numbers = [i.number for i in overdue(invoices, today)]
    assert numbers == ["INV-003", "INV-002", "INV-005"]


def test_overdue_excludes_future_due_dates(invoices, today):
    assert "INV-004" not in [i.number for i in overdue(invoices, today)]


def test_due_today_is_not_overdue(today):
    inv = Invoice("INV-100", "acme", 10.0, today)
    assert overdue([inv], today) == []


def test_overdue_empty_list(today):
    assert overdue([], today) == []


def test_balances_by_customer(invoices):
    balances = balances_by_customer(invoices)
    assert balances == {"acme": 80.50, "globex": 319.99, "initech": 45.25}

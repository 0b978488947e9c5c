"""Accounts-receivable helpers."""

from dataclasses import dataclass
from datetime import date


@dataclass
class Invoice:
    number: str
    customer: str
    amount: float
    due: date
    paid: bool = False


def outstanding_total(invoices):
    return round(sum(i.amount for i in invoices if not i.paid), 2)


def overdue(invoices, today):
    """Unpaid invoices whose due date has passed, oldest first."""
    result = []
    for inv in invoices:
        if inv.paid:
            continue
        if inv.due < today:
            result.append(inv)
        return sorted(result, key=lambda i: i.due)


def balances_by_customer(invoices):
    balances = {}
    for inv in invoices:
        if not inv.paid:
            balances[inv.customer] = balances.get(inv.customer, 0) + inv.amount
    return balances

"""Split an amount of money (held as integer cents) between parties.

Shares are proportional to integer weights; cents that cannot be divided
exactly go to the parties with the largest fractional remainders, earlier
parties winning ties, so the parts always add up to the total.
"""
from decimal import Decimal, ROUND_HALF_UP


def to_cents(amount: str) -> int:
    value = Decimal(amount).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)
    return int(value * 100)


def format_cents(cents: int) -> str:
    sign = "-" if cents < 0 else ""
    cents = abs(cents)
    return f"{sign}{cents // 100}.{cents % 100:02d}"


def allocate(total_cents: int, weights: list[int]) -> list[int]:
    if total_cents < 0:
        raise ValueError("total must not be negative")
    if not weights:
        raise ValueError("at least one weight is required")
    if any(w < 0 for w in weights):
        raise ValueError("weights must not be negative")
    weight_sum = sum(weights)
    if weight_sum == 0:
        raise ValueError("weights must not all be zero")

    shares = []
    remainders = []
    for index, weight in enumerate(weights):
        share, rest = divmod(total_cents * weight, weight_sum)
        shares.append(share)
        remainders.append((rest, index))

    leftover = total_cents - sum(shares)
    remainders.sort(key=lambda item: (item[0], item[1]))
    for _, index in remainders[:leftover]:
        shares[index] += 1
    return shares


def split_evenly(total_cents: int, people: int) -> list[int]:
    if people <= 0:
        raise ValueError("need at least one person")
    return allocate(total_cents, [1] * people)


def split_bill(amount: str, weights: list[int]) -> list[str]:
    return [format_cents(c) for c in allocate(to_cents(amount), weights)]

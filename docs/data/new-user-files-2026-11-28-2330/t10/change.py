"""Minimum number of coins / number of ways to make change."""


def min_coins(amount, coins, memo={}):
    """Fewest coins from `coins` summing to `amount`, or -1 if impossible."""
    if amount == 0:
        return 0
    if amount < 0:
        return -1
    if amount in memo:
        return memo[amount]
    best = -1
    for c in coins:
        sub = min_coins(amount - c, coins, memo)
        if sub >= 0 and (best < 0 or sub + 1 < best):
            best = sub + 1
    memo[amount] = best
    return best


def count_ways(amount, coins):
    """Number of distinct combinations (order doesn't matter)."""
    ways = [1] + [0] * amount
    for c in coins:
        for total in range(c, amount + 1):
            ways[total] += ways[total - c]
    return ways[amount]


def make_change(amount, coins):
    """Return one optimal list of coins (largest first), or None."""
    if min_coins(amount, coins) < 0:
        return None
    result = []
    remaining = amount
    while remaining:
        for c in sorted(coins, reverse=True):
            if min_coins(remaining - c, coins) == min_coins(remaining, coins) - 1:
                result.append(c)
                remaining -= c
                break
        else:
            raise RuntimeError(f"no coin fits for {remaining}")
    return result

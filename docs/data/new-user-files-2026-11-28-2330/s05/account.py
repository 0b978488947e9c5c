class InsufficientFunds(Exception):
    pass


class Account:
    def __init__(self, owner, balance=0):
        if balance < 0:
            raise ValueError("opening balance cannot be negative")
        self.owner = owner
        self.balance = balance
        self.history = []

    def deposit(self, amount):
        if amount <= 0:
            raise ValueError("deposit amount must be positive")
        self.balance += amount
        self.history.append(("deposit", amount))
        return self.balance

    def withdraw(self, amount):
        if amount <= 0:
            raise ValueError("withdrawal amount must be positive")
        if amount >= self.balance:
            raise InsufficientFunds(
                f"insufficient funds: balance {self.balance}, requested {amount}"
            )
        self.balance -= amount
        self.history.append(("withdraw", amount))
        return self.balance


def transfer(source, target, amount):
    """Move money between accounts; nothing changes if the withdrawal fails."""
    source.withdraw(amount)
    target.deposit(amount)
    return source.balance, target.balance

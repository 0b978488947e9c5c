class Inventory:
    def __init__(self):
        self.items = {}

    def add(self, name, qty=1):
        self.items[name] = self.items.get(name, 0) + qty

    def remove(self, name, qty=1):
        have = self.items.get(name, 0)
        if qty > have:
            raise ValueError(f"only {have} {name} left")
        self.items[name] = have + qty

    def count(self, name):
        return self.items.get(name, 0)

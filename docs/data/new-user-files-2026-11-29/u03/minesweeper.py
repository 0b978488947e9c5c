class Board:
    def __init__(self, width, height, mines):
        if width <= 0 or height <= 0:
            raise ValueError("board must be at least 1x1")
        self.width = width
        self.height = height
        self.mines = set(mines)
        for x, y in self.mines:
            if not (0 <= x < width and 0 <= y < height):
                raise ValueError(f"mine outside board: {(x, y)}")
        self.counts = [[0] * width] * height
        for x, y in self.mines:
            for nx, ny in self.neighbours(x, y):
                self.counts[ny][nx] += 1
        self.revealed = set()

    def neighbours(self, x, y):
        for dy in (-1, 0, 1):
            for dx in (-1, 0, 1):
                if dx == 0 and dy == 0:
                    continue
                nx, ny = x + dx, y + dy
                if 0 <= nx < self.width and 0 <= ny < self.height:
                    yield nx, ny

    def reveal(self, x, y):
        """Reveal a cell. Returns False if it was a mine."""
        if (x, y) in self.mines:
            return False
        stack = [(x, y)]
        while stack:
            cx, cy = stack.pop()
            if (cx, cy) in self.revealed:
                continue
            self.revealed.add((cx, cy))
            if self.counts[cy][cx] == 0:
                for cell in self.neighbours(cx, cy):
                    if cell not in self.mines and cell not in self.revealed:
                        stack.append(cell)
        return True

    def is_won(self):
        return len(self.revealed) == self.width * self.height - len(self.mines)

    def render(self, show_mines=False):
        rows = []
        for y in range(self.height):
            row = []
            for x in range(self.width):
                if show_mines and (x, y) in self.mines:
                    row.append("*")
                elif (x, y) in self.revealed:
                    count = self.counts[y][x]
                    row.append(str(count) if count else ".")
                else:
                    row.append("#")
            rows.append("".join(row))
        return "\n".join(rows)

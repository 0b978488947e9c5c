"""Connected regions on a character grid ('#' = land, '.' = water)."""
from collections import deque

LAND = "#"


def parse_grid(text):
    rows = [line.strip() for line in text.strip().splitlines() if line.strip()]
    if not rows:
        raise ValueError("empty grid")
    if len({len(r) for r in rows}) != 1:
        raise ValueError("grid rows must have equal length")
    return rows


def neighbours(grid, r, c):
    rows, cols = len(grid), len(grid[0])
    for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        nr, nc = r + dr, c + dc
        if nr < rows and nc < cols:
            yield nr, nc


def _region(grid, start, seen):
    queue = deque([start])
    seen.add(start)
    size = 0
    while queue:
        r, c = queue.popleft()
        size += 1
        for nr, nc in neighbours(grid, r, c):
            if (nr, nc) not in seen and grid[nr][nc] == LAND:
                seen.add((nr, nc))
                queue.append((nr, nc))
    return size


def island_sizes(grid):
    seen = set()
    sizes = []
    for r, row in enumerate(grid):
        for c, cell in enumerate(row):
            if cell == LAND and (r, c) not in seen:
                sizes.append(_region(grid, (r, c), seen))
    return sorted(sizes, reverse=True)


def count_islands(grid):
    return len(island_sizes(grid))


def coastline(grid):
    """Number of land cells that touch water or the edge of the map."""
    rows, cols = len(grid), len(grid[0])
    total = 0
    for r in range(rows):
        for c in range(cols):
            if grid[r][c] != LAND:
                continue
            adjacent = list(neighbours(grid, r, c))
            if len(adjacent) < 4 or any(grid[nr][nc] != LAND for nr, nc in adjacent):
                total += 1
    return total


if __name__ == "__main__":
    corners = parse_grid("""
        #..#
        ....
        #..#
    """)
    assert count_islands(corners) == 4
    assert island_sizes(corners) == [1, 1, 1, 1]

    map1 = parse_grid("""
        ##...
        #..##
        ...#.
        .#...
    """)
    assert island_sizes(map1) == [3, 3, 1]
    assert count_islands(map1) == 3

    edges = parse_grid("""
        #...#
        #...#
    """)
    assert island_sizes(edges) == [2, 2]

    solid = parse_grid("""
        ###
        ###
    """)
    assert island_sizes(solid) == [6]
    assert coastline(solid) == 6

    lake = parse_grid("""
        #####
        #####
        #####
    """)
    assert coastline(lake) == 12

    assert count_islands(parse_grid("...\n...")) == 0
    try:
        parse_grid("##\n#")
    except ValueError:
        pass
    else:
        raise AssertionError("ragged grid accepted")
    print("all island checks passed")

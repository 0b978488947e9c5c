def transpose(m):
    rows, cols = len(m), len(m[0])
    return [[m[i][j] for i in range(rows)] for j in range(cols)]


def multiply(a, b):
    n, k, p = len(a), len(b), len(b[0])
    return [[sum(a[i][t] * b[j][t] for t in range(k)) for j in range(p)] for i in range(n)]


assert transpose([[1, 2, 3], [4, 5, 6]]) == [[1, 4], [2, 5], [3, 6]]
assert multiply([[1, 2], [3, 4]], [[5, 6], [7, 8]]) == [[19, 22], [43, 50]]
assert multiply([[1, 0], [0, 1]], [[2, 3], [4, 5]]) == [[2, 3], [4, 5]]

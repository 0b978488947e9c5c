def levenshtein(a, b):
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i]
        for j, cb in enumerate(b, 1):
            if ca == cb:
                cur.append(prev[j - 1] + 1)
            else:
                cur.append(1 + min(prev[j], cur[j - 1], prev[j - 1]))
        prev = cur
    return prev[-1]


assert levenshtein("kitten", "sitting") == 3
assert levenshtein("", "abc") == 3
assert levenshtein("same", "same") == 0
assert levenshtein("flaw", "lawn") == 2

def lcs_length(a, b):
    table = [[0] * (len(b) + 1) for _ in range(len(a) + 1)]
    for i in range(1, len(a) + 1):
        for j in range(1, len(b) + 1):
            if a[i - 1] == b[j - 1]:
                table[i][j] = table[i - 1][j] + 1
            else:
                table[i][j] = max(table[i - 1][j], table[i][j - 1])
    return table[-1][-1]


assert lcs_length("abcde", "ace") == 3
assert lcs_length("abc", "def") == 0
assert lcs_length("aaaa", "aa") == 2
assert lcs_length("xaybz", "ab") == 2

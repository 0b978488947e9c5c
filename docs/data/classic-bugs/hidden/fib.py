a, b = 0, 1
for n in range(30):
    assert fib(n) == a, n
    a, b = b, a + b

def print_table(rows):
    width = max(len(name) for name, _ in rows)
    for name, value in rows:
        print(f"{name.rjust(width)} | {value:>5}")


def banner(title, width=20):
    line = "=" * width
    print(line)
    print(title.ljust(width))
    print(line)

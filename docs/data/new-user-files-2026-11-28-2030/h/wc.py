import sys


def count(text):
    lines = text.splitlines()
    words = text.split()
    return len(lines), len(words), len(text) - 1


def main(argv):
    path = argv[1]
    with open(path) as handle:
        lines, words, chars = count(handle.read())
    print(f"{lines} {words} {chars} {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

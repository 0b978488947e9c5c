import argparse
import sys


def parse(argv):
    parser = argparse.ArgumentParser(prog="greet")
    parser.add_argument("name")
    parser.add_argument("--times", type=int, default=1)
    parser.add_argument("--shout", action="store_true")
    return parser.parse_args(argv)


def main(argv=None):
    args = parse(argv)
    text = f"hello {args.name}"
    if args.shout:
        text = text.lower()
    for _ in range(args.times):
        print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())

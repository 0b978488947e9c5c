"""Three broken programs to fix, one per language, after the Daytona/AG2 bug-fixer guide.

Each has one classic bug, and fixed tests that the model cannot edit. The programs exit with
code 0 even when broken (the guide's JavaScript relies on ``console.assert``, which only prints),
so only the tests reveal the bugs: exactly the case a plain exit-code check misses.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["EXAMPLES", "BrokenProgram"]


@dataclass(frozen=True)
class BrokenProgram:
    """A program with a known bug, and the tests it must pass once fixed."""

    name: str
    language: str
    bug: str
    source: str
    tests: str


_POSTFIX = """\
def evaluate(expression):
    \"\"\"Evaluate a postfix (reverse Polish) expression of integers, e.g. "3 4 +" -> 7.\"\"\"
    stack = []
    for token in expression.split():
        if token.lstrip("-").isdigit():
            stack.append(int(token))
            continue
        right = stack.pop()
        left = stack.pop()
        if token == "+":
            stack.append(left + right)
        elif token == "-":
            stack.append(right - left)
        elif token == "*":
            stack.append(left * right)
        elif token == "/":
            stack.append(right // left)
        else:
            raise ValueError(f"unknown operator {token!r}")
    return stack.pop()


print("5 1 2 + 4 * + 3 - =", evaluate("5 1 2 + 4 * + 3 -"))
"""

_POSTFIX_TESTS = """\
assert evaluate("3 4 +") == 7
assert evaluate("10 3 -") == 7, f"10 3 - gave {evaluate('10 3 -')}"
assert evaluate("12 4 /") == 3, f"12 4 / gave {evaluate('12 4 /')}"
assert evaluate("2 3 4 * +") == 14
assert evaluate("5 1 2 + 4 * + 3 -") == 14
print("postfix tests passed")
"""

_RLE = """\
function encode(text) {
  // Run-length encode: "aabccc" -> "2a1b3c".
  if (text.length === 0) return "";
  let out = "";
  let run = 1;
  for (let i = 1; i <= text.length; i++) {
    if (i < text.length && text[i] === text[i - 1]) {
      run++;
    } else {
      out += text[i - 1] + run;
      run = 1;
    }
  }
  return out;
}

console.log("aabccc ->", encode("aabccc"));
"""

_RLE_TESTS = """\
function check(input, expected) {
  const got = encode(input);
  if (got !== expected) throw new Error(`encode(${JSON.stringify(input)}) gave ${got}, expected ${expected}`);
}
check("aabbbcc", "2a3b2c");
check("abcd", "1a1b1c1d");
check("", "");
check("zzzzzzzzzzzz", "12z");
console.log("run-length tests passed");
"""

_KADANE = """\
function maxSubarraySum(values: number[]): number {
  // Kadane's algorithm: the largest sum of a contiguous, non-empty run of values.
  let best = values[0];
  let current = values[0];
  for (let i = 1; i < values.length; i++) {
    current = Math.min(values[i], current + values[i]);
    best = Math.min(best, current);
  }
  return best;
}

console.log("max subarray of [1, -2, 3, 4]:", maxSubarraySum([1, -2, 3, 4]));
"""

_KADANE_TESTS = """\
function expectSum(values: number[], expected: number): void {
  const got = maxSubarraySum(values);
  if (got !== expected) throw new Error(`maxSubarraySum([${values}]) gave ${got}, expected ${expected}`);
}
expectSum([-2, 1, -3, 4, -1, 2, 1, -5, 4], 6);
expectSum([1], 1);
expectSum([5, 4, -1, 7, 8], 23);
expectSum([-3, -1, -2], -1);
console.log("max subarray tests passed");
"""

EXAMPLES: tuple[BrokenProgram, ...] = (
    BrokenProgram("postfix evaluator", "python", "the operands of - and / are swapped", _POSTFIX, _POSTFIX_TESTS),
    BrokenProgram(
        "run-length encoder",
        "javascript",
        "the count and the character are concatenated in the wrong order",
        _RLE,
        _RLE_TESTS,
    ),
    BrokenProgram(
        "maximum subarray (Kadane)", "typescript", "Math.min is used instead of Math.max", _KADANE, _KADANE_TESTS
    ),
)
"""The three example programs: Python, JavaScript and TypeScript."""

"""Repair edits for JavaScript and TypeScript: each template on a small program in both languages; two real bugs."""

from __future__ import annotations

import re

import pytest

from autogen_selfdebug.edits import RepairTemplate, is_assert_statement, is_es_module, needs_es_module, parser_for
from autogen_selfdebug.edits._edit import _occurrence, same_edit_everywhere
from autogen_selfdebug.edits._tree_sitter import tree_sitter_edits, tree_sitter_parses

LANGUAGES = ["javascript", "typescript"]


def typed(source: str, language: str) -> str:
    """The program with its ``/*:T*/`` markers as TypeScript annotations, or dropped for JavaScript."""
    for marker, annotation in ((":num", ": number"), (":nums", ": number[]"), (":str", ": string")):
        source = source.replace(f"/*{marker}*/", annotation if language == "typescript" else "")
    return source


def results(source: str, language: str, template: RepairTemplate, **kwargs: set[int]) -> list[str]:
    """Every program the template makes from ``source``."""
    return [edit.apply(source) for edit in tree_sitter_edits(source, language, templates=[template], **kwargs)]


@pytest.mark.parametrize("language", LANGUAGES)
def test_swap_operands(language: str) -> None:
    source = typed("function gap(left/*:num*/, right/*:num*/) {\n  return right - left;\n}\n", language)
    assert source.replace("right - left", "left - right") in results(source, language, "swap_operands")
    # ``c - a - b`` would regroup; the swapped operand keeps its parentheses.
    assert results("x = a - b - c;\n", language, "swap_operands") == ["x = c - (a - b);\n", "x = b - a - c;\n"]
    # The sides of a comparison swap as its operator mirrored (``n < i``, written as one token); replace_operator
    # leaves that program to this template.
    assert results("ok = i < n;\n", language, "swap_operands") == ["ok = i > n;\n"]
    assert "ok = i > n;\n" not in results("ok = i < n;\n", language, "replace_operator")
    assert results("ok = 0 < n;\n", language, "swap_operands") == ["ok = n < 0;\n"]  # a constant goes right
    # Commutative ``*`` is left alone.
    assert results("x = a * b;\n", language, "swap_operands") == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_star_is_typed_once_too_few_or_too_many(language: str) -> None:
    assert "y = a ** b;\n" in results("y = a * b;\n", language, "replace_operator")
    assert results("y = a ** b;\n", language, "replace_operator") == ["y = a * b;\n"]
    assert "y = -a ** b;\n" not in results("y = -a * b;\n", language, "replace_operator")  # a SyntaxError in node
    assert "y = a ** 1;\n" not in results("y = a * 1;\n", language, "replace_operator")  # `a`, off_by_one's


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_template_literals_substitutions_are_edited_and_its_text_is_not(language: str) -> None:
    source = "function row(name, a, b) {\n  return `${name.padStart(9)} - ${a - b} \\${b - a}`;\n}\n"
    edits = tree_sitter_edits(source, language)
    found = {e.description for e in edits}
    assert {"`name.padStart` changed to `name.padEnd` on line 2", "`a - b` changed to `b - a` on line 2"} <= found
    escaped = source.index("\\${b - a}")  # text, not code
    assert not [e for e in edits if escaped <= e.start < escaped + len("\\${b - a}")]


@pytest.mark.parametrize("language", LANGUAGES)
def test_replace_operator(language: str) -> None:
    assert results("x = a * b;\n", language, "replace_operator") == [
        f"x = a {op} b;\n" for op in ("+", "-", "/", "%", "**")
    ]
    assert "total -= price;\n" in results("total += price;\n", language, "replace_operator")
    steps = results("for (let i = 0; i < n; i--) --k;\n", language, "replace_operator")
    assert "for (let i = 0; i < n; i++) --k;\n" in steps and "for (let i = 0; i < n; i--) ++k;\n" in steps
    assert results("ok = a && b;\n", language, "replace_operator") == ["ok = a || b;\n"]
    # ``a * b * c`` would regroup as ``(a * b) * c``.
    assert "y = a * (b * c);\n" in results("y = a + b * c;\n", language, "replace_operator")


@pytest.mark.parametrize("language", LANGUAGES)
def test_replace_operator_keeps_the_equality_kind(language: str) -> None:
    strict = results("if (a === b) f(a < b);\n", language, "replace_operator")
    assert "if (a !== b) f(a < b);\n" in strict
    assert "if (a === b) f(a === b);\n" in strict
    assert not any("==" in s.replace("===", "").replace("!==", "") for s in strict)
    loose = results("if (a == b) f(a < b);\n", language, "replace_operator")
    assert "if (a == b) f(a != b);\n" in loose
    assert not any("===" in s or "!==" in s for s in loose)


@pytest.mark.parametrize("language", LANGUAGES)
def test_flip_comparison(language: str) -> None:
    source = typed("function last(n/*:num*/) {\n  for (let i = 0; i < n; i++) {}\n  return n === 0;\n}\n", language)
    assert results(source, language, "flip_comparison") == [
        source.replace("i < n", "i <= n"),
        source.replace("n === 0", "n !== 0"),
    ]


@pytest.mark.parametrize("language", LANGUAGES)
def test_swap_min_max(language: str) -> None:
    source = typed("function top(xs/*:nums*/) {\n  return Math.max(...xs);\n}\n", language)
    assert results(source, language, "swap_min_max") == [source.replace("Math.max", "Math.min")]
    source = "const ok = xs.some((x) => x > 0);\n"
    assert results(source, language, "swap_min_max") == ["const ok = xs.every((x) => x > 0);\n"]
    # A called method for its pair: a stack's `shift` for `pop`; `floor` only on Math, and no method uncalled.
    source = "const top = items.shift();\nconst n = Math.floor(x) + o.floor(x);\nconst f = s.startsWith;\n"
    assert results(source, language, "swap_min_max") == [
        source.replace("items.shift", "items.pop"),
        source.replace("Math.floor", "Math.ceil"),
        source.replace("Math.floor", "Math.round"),
        source.replace("Math.floor", "Math.trunc"),
    ]
    # A rounding for each of the others, on one argument only.
    source = "const cents = Math.round(x * 100) + Math.round(x, 2);\n"
    assert results(source, language, "swap_min_max") == [
        source.replace("Math.round(x * 100)", f"Math.{other}(x * 100)") for other in ("floor", "ceil", "trunc")
    ]


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_slice_bound_counted_from_the_other_end(language: str) -> None:
    source = "const last = digits.slice(4);\nconst head = s.slice(0, -2);\nconst t = s.substring(2);\n"
    changed = results(source, language, "off_by_one")
    assert source.replace("slice(4)", "slice(-4)") in changed
    assert source.replace("-2)", "2)") in changed
    assert source.replace("slice(0,", "slice(-0,") not in changed  # 0 has no other end
    assert source.replace("substring(2)", "substring(-2)") not in changed  # a negative is 0 to substring


@pytest.mark.parametrize("language", LANGUAGES)
def test_add_await(language: str) -> None:
    source = (
        "class Health {\n  async isUp(url) { return true; }\n  async first(urls) {\n"
        "    for (const url of urls) if (this.isUp(url)) return url;\n"
        "    return Promise.all(urls.map((u) => this.isUp(u)));\n  }\n"
        "  latest() { return this.isUp('x'); }\n}\n"
        "async function orElse(fn, fallback) {\n  try {\n    return fn();\n  } catch {\n    return fallback;\n  }\n}\n"
        "async function cached(store, key) {\n  try {\n    const value = store.fetch(key);\n"
        "    store.hits = store.count();\n    const a = f(), b = g();\n    return [value, h()];\n"
        "  } catch {\n    return null;\n  }\n}\n"
    )
    # A call of the program's own async method, and a promise that a statement inside `try` returns, assigns or
    # declares; not a promise handed on (an argument, an arrow's value, an array item), one of two declarations, nor
    # one in a plain function.
    assert results(source, language, "add_await") == [
        source.replace("if (this.isUp(url))", "if (await this.isUp(url))"),
        source.replace("return fn();", "return await fn();"),
        source.replace("= store.fetch(key)", "= await store.fetch(key)"),
        source.replace("= store.count()", "= await store.count()"),
    ]


@pytest.mark.parametrize("language", LANGUAGES)
def test_swap_statements(language: str) -> None:
    source = (
        "class Order {\n  moveTo(to) {\n    this.state = to;\n    this.history.push({ from: this.state, to });\n"
        "    this.moves += 1;\n    this.at = Date.now();\n  }\n}\n"
        "function f(xs) {\n  let total = 0;\n  total += 1;\n  const right = xs.pop();\n"
        "  const left = xs.pop();\n  return total + right - left;\n}\n"
    )
    # Only statements that touch something in common: `this.moves` and `this.at` commute, a `let` never goes after
    # a use of the name it declares (`total += ...; let total = 0;` throws), and two names given the same expression
    # are not swapped (that is `right` and `left` swapped where they are used, where the search makes it).
    assert results(source, language, "swap_statements") == [
        source.replace(
            "this.state = to;\n    this.history.push({ from: this.state, to });",
            "this.history.push({ from: this.state, to });\n    this.state = to;",
        )
    ]
    commented = "function f(s) {\n  s = s.trim();\n  // quotes first\n  s = s.replace(/'/g, '');\n  return s;\n}\n"
    assert results(commented, language, "swap_statements") == [
        "function f(s) {\n  // quotes first\n  s = s.replace(/'/g, '');\n  s = s.trim();\n  return s;\n}\n"
    ]
    [edit] = tree_sitter_edits(source, language, templates=["swap_statements"])
    assert edit.description == (
        "`this.state = to; this.history.push({ from: this.state, to });` changed to "
        "`this.history.push({ from: this.state, to }); this.state = to;` on line 3"
    )


@pytest.mark.parametrize("language", LANGUAGES)
def test_known_bugs_get_the_fixes_lints_name(language: str) -> None:
    def fixed(source: str) -> list[str]:
        return [e.description for e in tree_sitter_edits(source, language, templates=["known_bug"])]

    # parseInt as a map callback takes the index as its radix; parseInt called by hand is left alone.
    assert fixed("const ns = parts.map(parseInt);\nconst m = parts.map((p) => parseInt(p));\n") == [
        "`parts.map(parseInt)` changed to `parts.map((s) => parseInt(s, 10))` on line 1"
    ]
    # A function callback reading `this` is an arrow (only its head changes); one that does not read it, a
    # generator, and one reading `arguments` are left alone.
    callbacks = (
        "class List {\n  addAll(xs) {\n    xs.forEach(function (x) {\n      this.add(x);\n    });\n"
        "    xs.forEach(function (x) { log(x); });\n    xs.forEach(function (x) { this.add(arguments[1]); });\n  }\n}\n"
    )
    assert fixed(callbacks) == ["`function (x)` changed to `(x) =>` on line 3"]
    # A stored /g pattern that is tested loses its g, weighed by the line that tests it; one only matched keeps it.
    patterns = (
        "const EMAIL = /^\\S+@\\S+$/gi;\nconst WORD = /\\w+/g;\n"
        "const ok = (s) => EMAIL.test(s);\nconst ws = (s) => s.match(WORD);\n"
    )
    edits = tree_sitter_edits(patterns, language, templates=["known_bug"])
    assert [(e.description, e.line, e.bug_line) for e in edits] == [
        ("`EMAIL = /^\\S+@\\S+$/gi` changed to `EMAIL = /^\\S+@\\S+$/i` on line 1", 1, 3)
    ]
    # A value taken from elsewhere and then changed is copied first, as an object or as an array.
    copies = (
        "function on(prefs) {\n  const channels = DEFAULTS.channels;\n  channels.sms = true;\n  return channels;\n}\n"
    )
    assert fixed(copies) == [
        "`channels = DEFAULTS.channels` changed to `channels = { ...DEFAULTS.channels }` on line 2",
        "`channels = DEFAULTS.channels` changed to `channels = [...DEFAULTS.channels]` on line 2",
    ]
    assert fixed("function f() {\n  const c = DEFAULTS.channels;\n  return c.sms;\n}\n") == []
    # A parameter sorted in place is sorted as a copy (the caller's array kept); a local array is left alone.
    sorts = "function top(items, n = 3) {\n  const mine = [...items];\n  mine.sort();\n"
    sorts += "  return items.sort().slice(0, n);\n}\n"
    assert fixed(sorts) == ["`items.sort` changed to `[...items].sort` on line 4"]
    # Months count from 0: a calendar month given to Date, and getMonth() shown as it is; not one counted on.
    months = (
        "const d = new Date(y, month, 1);\nconst s = pad(d.getMonth());\nconst t = d.getMonth() + k;\n"
        "const u = Date.UTC(y, m, 1);\n"
    )
    assert fixed(months) == [
        "`new Date(y, month, 1)` changed to `new Date(y, month - 1, 1)` on line 1",
        "`pad(d.getMonth())` changed to `pad(d.getMonth() + 1)` on line 2",
        "`Date.UTC(y, m, 1)` changed to `Date.UTC(y, m - 1, 1)` on line 4",
    ]
    # An async callback's promises, dropped by forEach, are awaited (only in an async function, where `await` is).
    each = (
        "async function send(hooks) {\n  hooks.forEach(async (h) => {\n    await post(h);\n  });\n}\n"
        "function later(hooks) {\n  hooks.forEach(async (h) => post(h));\n}\n"
    )
    edits = tree_sitter_edits(each, language, templates=["known_bug"])
    assert [e.description for e in edits] == [
        "`hooks.forEach(async (h) => ...)` changed to `await Promise.all(hooks.map(async (h) => ...))` on line 2"
    ]
    assert (
        edits[0]
        .apply(each)
        .startswith(
            "async function send(hooks) {\n  await Promise.all(hooks.map(async (h) => {\n    await post(h);\n  }));\n}"
        )
    )
    # A return put inside the loop that ends its block goes after the loop's brace; not when the loop is not last.
    loops = (
        "function low(items) {\n  const out = [];\n  for (const it of items) {\n    out.push(it);\n    return out;\n"
        "  }\n}\nfunction sum(xs) {\n  let s = 0;\n  while (xs.length) {\n    s += xs.pop();\n    return s;\n  }\n"
        "  return -1;\n}\n"
    )
    edits = tree_sitter_edits(loops, language, templates=["known_bug"])
    assert [e.description for e in edits] == [
        "`for (const it of items) { ... return out; }` changed to `for (const it of items) { ... }` + `return out;`"
        " on line 5"
    ]
    assert "    out.push(it);\n  }\n  return out;\n}\n" in edits[0].apply(loops)
    # substring and slice take an end: a length there is added to the start (not to a start of 0).
    ends = "const a = line.substring(f.start, f.length);\nconst b = line.slice(0, width);\n"
    assert fixed(ends) == [
        "`line.substring(f.start, f.length)` changed to `line.substring(f.start, f.start + f.length)` on line 1"
    ]
    # A group of one digit or class reads a run; not a negated one, not one quantified, not escaped parentheses.
    runs = "const m = s.matchAll(/(\\d)(\\D)(\\w{2})/g);\nconst hex = /^#([0-9a-f])\\(\\d\\)$/i;\n"
    assert fixed(runs) == [
        "`(\\d)` changed to `(\\d+)` on line 1",
        "`([0-9a-f])` changed to `([0-9a-f]+)` on line 2",
    ]
    assert (
        tree_sitter_edits(runs, language, templates=["known_bug"])[0]
        .apply(runs)
        .startswith("const m = s.matchAll(/(\\d+)(\\D)(\\w{2})/g);")
    )
    # A for...of over an array its body changes, or whose items it calls, iterates over a copy; not a loop that
    # only reads its items, nor one over a call's fresh result.
    loops = (
        "function emit(list, x) {\n  for (const fn of list) fn(x);\n"
        "  for (const it of this.items)\n    this.items.pop();\n"
        "  for (const it of list) log(it);\n  for (const fn of get()) fn(x);\n}\n"
    )
    assert fixed(loops) == [
        "`list` changed to `[...list]` on line 2",
        "`this.items` changed to `[...this.items]` on line 3",
    ]
    # A stored falsy value is there (not an index); merging bounds in a loop keeps the larger or the smaller (not
    # outside a loop, nor between two fields).
    stored = "const gone = !after[key];\nconst none = !rows[0];\n"
    assert fixed(stored) == ["`gone = !after[key]` changed to `gone = !(key in after)` on line 1"]
    bounds = "a.end = b.end;\nfor (const s of spans) {\n  a.end = s.end;\n  a.end = s.start;\n}\n"
    assert fixed(bounds) == [
        "`a.end = s.end` changed to `a.end = Math.max(a.end, s.end)` on line 3",
        "`a.end = s.end` changed to `a.end = Math.min(a.end, s.end)` on line 3",
    ]
    # A pattern replaced without `g` replaces every match; not one with `g`, nor one only matched.
    replaced = "const a = s.replace(/[^a-z]+/, '-');\nconst b = s.replace(/x/gi, '');\nconst c = s.match(/y/);\n"
    assert fixed(replaced) == ["`s.replace(/[^a-z]+/, '-')` changed to `s.replace(/[^a-z]+/g, '-')` on line 1"]
    # Words split on one space are split on runs of whitespace; a split on anything else is left alone.
    words = "const n = text.trim().split(' ').length;\nconst cells = row.split(',');\n"
    assert fixed(words) == ["`text.trim().split(' ')` changed to `text.trim().split(/\\s+/)` on line 1"]
    # An operator that binds tighter than it was read is regrouped; not where parentheses already group it.
    grouped = (
        "const a = m.get(w) ?? 0 + 1;\nconst b = x + 1 || 0;\nconst c = (x & 1) === 0 || x & 1 === 0;\n"
        "const d = !k in o;\nconst e = 'n: ' + x ? 'a' : 'b';\nconst f = x ? 'a' : y + 1;\n"
        "const g = (m.get(w) ?? 0) + 1;\n"
    )
    assert fixed(grouped) == [
        "`a = m.get(w) ?? 0 + 1` changed to `a = (m.get(w) ?? 0) + 1` on line 1",
        "`b = x + 1 || 0` changed to `b = x + (1 || 0)` on line 2",
        "`(x & 1) === 0 || x & 1 === 0` changed to `(x & 1) === 0 || (x & 1) === 0` on line 3",
        "`d = !k in o` changed to `d = !(k in o)` on line 4",
        "`e = 'n: ' + x ? 'a' : 'b'` changed to `e = 'n: ' + (x ? 'a' : 'b')` on line 5",
        "`f = x ? 'a' : y + 1` changed to `f = (x ? 'a' : y) + 1` on line 6",
    ]
    # Positions checked against a size only from above are checked from below too, all of a condition's at once;
    # not one the condition already compares otherwise, a `for` loop's counter, nor one outside a condition.
    checked = (
        "if (r < rows && !(c >= cols)) f();\nwhile (r >= 0 && r < rows && c < grid[0].length) f();\n"
        "for (let j = 0; j < n; j++) f();\nconst inside = r < rows && c < cols;\n"
    )
    assert fixed(checked) == [
        "`(r < rows && !(c >= cols))` changed to `(r >= 0 && r < rows && !(c >= cols))` on line 1",
        "`(r >= 0 && r < rows && c < grid[0].length)` changed to `(r >= 0 && r < rows && c >= 0 && c < grid[0].length)`"
        " on line 2",
    ]


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_bare_sort_gets_a_numeric_comparator(language: str) -> None:
    """A bare sort compares numbers as strings: it gets a comparator, item by item for the arrays a `.map` made; not
    a sort given one."""
    sorts = "const a = xs.map((x) => [x.s, x.e]).filter(ok).sort();\nconst b = ns.toSorted();\nns.sort(by);\n"
    found = tree_sitter_edits(sorts, language, templates=["swap_min_max"])
    assert [e.description for e in found] == [
        "`xs.map((x) => [x.s, x.e]).filter(ok).sort()` changed to "
        "`xs.map((x) => [x.s, x.e]).filter(ok).sort((a, b) => a[0] - b[0] || a[1] - b[1])` on line 1",
        "`ns.toSorted()` changed to `ns.toSorted((a, b) => a - b)` on line 2",
    ]


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_reduce_is_given_the_start_value_it_lacks(language: str) -> None:
    source = "const total = items.reduce((sum, item) => sum + item.price);\nconst m = xs.reduce(f, 1);\n"
    assert results(source, language, "swap_arguments") == [
        source.replace("item.price)", "item.price, 0)"),
        source.replace("(f, 1)", "(1, f)"),
    ]


@pytest.mark.parametrize("language", LANGUAGES)
def test_off_by_one(language: str) -> None:
    source = typed("function f(xs/*:nums*/, n/*:num*/) {\n  for (let i = 0; i < n; i++) xs[i] = 2;\n}\n", language)
    found = results(source, language, "off_by_one")
    for before, after in [("= 0", "= 1"), ("= 0", "= -1"), ("i < n", "i < n - 1"), ("xs[i]", "xs[i + 1]"), ("2", "3")]:
        assert source.replace(before, after) in found
    plain = 'const head = s.slice(0, k) + "é";\n'
    assert plain.replace("k)", "k + 1)") in results(plain, language, "off_by_one")
    # ``k - 1``: ±1 on its 1 alone, not ``k - 1 + 1`` and ``k - 1 - 1`` too (the same programs, written
    # differently, reported as different patches); 1 → 0 is written as the term dropped: ``k``, not ``k - 0``.
    source = 'const head = s.slice(0, k - 1) + "é";\n'
    assert results(source, language, "off_by_one") == [
        'const head = s.slice(1, k - 1) + "é";\n',
        'const head = s.slice(-1, k - 1) + "é";\n',
        'const head = s.slice(0, k - 2) + "é";\n',
        'const head = s.slice(0, k) + "é";\n',
    ]
    # `-1` + 1 is `0`, not `-0`.
    assert results("let i = -1;\n", language, "off_by_one") == ["let i = -2;\n", "let i = 0;\n"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_off_by_one_on_a_name_assigned_as_it_is(language: str) -> None:
    """Binary search's ``lo = mid`` (for ``lo = mid + 1``); not a name inside a larger value, nor an argument."""
    source = "let lo = mid;\nlo = mid;\nlo = mid + k;\nf(mid);\n"
    assert results(source, language, "off_by_one") == [
        "let lo = mid + 1;\nlo = mid;\nlo = mid + k;\nf(mid);\n",
        "let lo = mid - 1;\nlo = mid;\nlo = mid + k;\nf(mid);\n",
        "let lo = mid;\nlo = mid + 1;\nlo = mid + k;\nf(mid);\n",
        "let lo = mid;\nlo = mid - 1;\nlo = mid + k;\nf(mid);\n",
    ]


@pytest.mark.parametrize("language", LANGUAGES)
def test_off_by_one_on_a_name_a_function_passes_to_itself(language: str) -> None:
    """``factorial(n)`` recurses for ever; not another function's argument, nor one outside the function."""
    source = typed("function fact(n/*:num*/)/*:num*/ {\n  return n * fact(n) + g(n);\n}\nfact(k);\n", language)
    found = [e for e in tree_sitter_edits(source, language, templates=["off_by_one"]) if "fact(n" in e.description]
    assert [e.description for e in found] == [
        "`fact(n)` changed to `fact(n + 1)` on line 2",
        "`fact(n)` changed to `fact(n - 1)` on line 2",
    ]
    assert all("g(n " not in r and "fact(k " not in r for r in results(source, language, "off_by_one"))


@pytest.mark.parametrize("language", LANGUAGES)
def test_swap_arguments(language: str) -> None:
    assert results("y = Math.pow(base, exp);\n", language, "swap_arguments") == ["y = Math.pow(exp, base);\n"]
    assert results("y = f(a, b, c);\n", language, "swap_arguments") == ["y = f(b, a, c);\n", "y = f(a, c, b);\n"]
    assert results("y = Math.min(a, b);\n", language, "swap_arguments") == []
    # A matrix read by column for row: `m[i][j]` for `m[j][i]`.
    assert results("m[i + 1][j] = m?.[i]?.[j];\n", language, "swap_arguments") == [
        "m[j][i + 1] = m?.[i]?.[j];\n",
        "m[i + 1][j] = m?.[j]?.[i];\n",
    ]


@pytest.mark.parametrize("language", LANGUAGES)
def test_off_by_one_on_a_length(language: str) -> None:
    # A sample's variance divides by `xs.length - 1`; not a compared length (`<=` makes those), one in a sum
    # (±1 on the bound `xs.length - k` does), nor one written.
    source = "v = s / xs.length;\nok = xs.length > 1 && xs[xs.length - k];\nxs.length = 0;\nxs.length++;\n"
    assert [r for r in results(source, language, "off_by_one") if "xs.length +" in r or "(xs.length" in r] == [
        source.replace("s / xs.length", "s / (xs.length + 1)"),
        source.replace("s / xs.length", "s / (xs.length - 1)"),
    ]


@pytest.mark.parametrize("language", LANGUAGES)
def test_negate_condition(language: str) -> None:
    source = "if (a < b) x = 1;\nwhile (ok) step();\ny = done ? 1 : 2;\nz = !empty;\n"
    assert results(source, language, "negate_condition") == [
        source.replace("(a < b)", "(!(a < b))"),
        source.replace("(ok)", "(!ok)"),
        source.replace("done ?", "!done ?"),
        source.replace("!empty", "empty"),
    ]


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_boolean_literal_is_flipped_where_it_is_written(language: str) -> None:
    source = "let found = true;\nconst o = {ignoreCase: false};\nxs.sort(cmp, false);\n"
    edits = tree_sitter_edits(source, language, templates=["negate_condition"])
    assert [e.description for e in edits] == [
        "`found = true` changed to `found = false` on line 1",
        "`ignoreCase: false` changed to `ignoreCase: true` on line 2",
        "`xs.sort(cmp, false)` changed to `xs.sort(cmp, true)` on line 3",
    ]


@pytest.mark.parametrize("language", LANGUAGES)
def test_an_operator_is_also_replaced_as_typed_binding_by_its_own_precedence(language: str) -> None:
    # `sum + item.price + item.qty` for `sum + item.price * item.qty`: before, only `(sum + item.price) * item.qty`.
    source = "t = s + p + q;\n"
    made = [r for r in results(source, language, "replace_operator") if "*" in r]
    assert made == ["t = s * p + q;\n", "t = s + p * q;\n", "t = (s + p) * q;\n"]
    # Where the operator as typed groups as before, it is one candidate, not two.
    assert results("t = s * p + q;\n", language, "replace_operator").count("t = s * p - q;\n") == 1


@pytest.mark.parametrize("language", LANGUAGES)
def test_replace_name(language: str) -> None:
    source = typed("function area(width/*:num*/, height/*:num*/) {\n  return width * width;\n}\n", language)
    assert source.replace("width * width", "width * height") in results(source, language, "replace_name")
    source = "function norm(p) {\n  return p.x * p.x + p.y;\n}\n"
    found = results(source, language, "replace_name")
    assert "function norm(p) {\n  return p.x * p.x + p.x;\n}\n" in found
    assert "function norm(p) {\n  return p.x * p.y + p.y;\n}\n" in found
    # Declarations and callees are not names to replace; at top level there is no scope to draw from.
    assert all("function norm(p)" in s for s in found)
    assert results("const a = 1;\nconst b = a;\n", language, "replace_name") == []
    # In a named arrow nested in a method, the method's names too (its `wrapper` for the `handler` it wraps).
    source = "class E {\n  once(handler) {\n    const wrapper = (p) => this.off(handler);\n  }\n}\n"
    assert results(source, language, "replace_name") == [
        source.replace("off(handler)", "off(p)"),
        source.replace("off(handler)", "off(wrapper)"),
    ]


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_method_takes_another_s_place_only_with_as_many_arguments_as_the_program_gives_it(language: str) -> None:
    # `shift()` → `push()` returns the new length: it once passed a stack's weak tests as a "fix".
    source = "class Stack {\n  constructor() { this.items = []; }\n  add(x) { this.items.push(x); }\n"
    source += "  take() { return this.items.shift(); }\n  peek() { return this.items.at(0); }\n}\n"
    found = results(source, language, "replace_name")
    assert source.replace("this.items.shift()", "this.items.push()") not in found  # push is called with 1
    assert source.replace("this.items.at(0)", "this.items.shift(0)") not in found  # shift with 0
    assert source.replace("this.items.push(x)", "this.items.at(x)") in found  # at with 1, as push here


@pytest.mark.parametrize("language", LANGUAGES)
def test_remove_call(language: str) -> None:
    source = typed("function d(a/*:num*/, b/*:num*/) {\n  console.log(a);\n  return Math.abs(a - b);\n}\n", language)
    assert results(source, language, "remove_call") == [source.replace("Math.abs(a - b)", "a - b")]
    # ``String(x)`` in a wider expression keeps its grouping with parentheses.
    assert results("s = String(a + b).length;\n", language, "remove_call") == ["s = (a + b).length;\n"]
    # A call that reads input is kept: unwrapping it would dodge the read, not fix a computation.
    reads = 'const fs = require("fs");\nconst t = fs.readFileSync(0);\nconst p = prompt("n?");\nconst n = Number(t);\n'
    assert results(reads, language, "remove_call") == [reads.replace("Number(t)", "t")]


@pytest.mark.parametrize("language", LANGUAGES)
def test_return_local(language: str) -> None:
    source = typed(
        "function sum(xs/*:nums*/) {\n  let total = 0;\n  for (const x of xs) total += x;\n  return xs;\n}\n", language
    )
    assert results(source, language, "return_local") == [
        source.replace("return xs", f"return {name}") for name in ("total", "x")
    ]


@pytest.mark.parametrize("language", LANGUAGES)
def test_scope_names_the_enclosing_function(language: str) -> None:
    source = (
        "const half = (n) => n / 2;\n"
        "class Box {\n  size(w) {\n    return [1].map((k) => w - k);\n  }\n}\n"
        "const third = 9 / 3;\n"
    )
    scopes = {e.line: e.scope for e in tree_sitter_edits(source, language, templates=["swap_operands"])}
    assert scopes == {1: "half", 4: "size", 7: None}


@pytest.mark.parametrize("language", LANGUAGES)
def test_lines_filters(language: str) -> None:
    source = "a = x - y;\nb = x - y;\nc = x - y;\n"
    edits = tree_sitter_edits(source, language, lines={2})
    assert edits
    assert {e.line for e in edits} == {2}
    assert all(e.apply(source).splitlines()[0::2] == ["a = x - y;", "c = x - y;"] for e in edits)


@pytest.mark.parametrize("language", LANGUAGES)
def test_comments_strings_and_formatting_survive(language: str) -> None:
    source = (
        "function f(a, b) {\n"
        "  // a - b is not code\n"
        "  const s = 'a - b' + `${a - b}`;   /* keep  this */\n"
        "  return   a-b ;\n"
        "}\n"
    )
    edits = tree_sitter_edits(source, language)
    assert edits
    for edit in edits:
        mutated = edit.apply(source)
        assert "// a - b is not code\n" in mutated
        # The literals may move (their ``+`` swaps) but are never edited inside (a template literal's
        # substitution is code, and may be).
        assert all(kept in mutated for kept in ("'a - b'", ";   /* keep  this */\n"))
        assert re.search(r"`\$\{[^`]*\}`", mutated)
    assert "  return   b-a ;\n" in {e.apply(source).splitlines(keepends=True)[3] for e in edits}


@pytest.mark.parametrize("language", LANGUAGES)
def test_results_all_parse_and_are_distinct(language: str) -> None:
    source = typed(ENCODE, language)
    mutated = [e.apply(source) for e in tree_sitter_edits(source, language)]
    assert len(mutated) > 50
    assert len(set(mutated)) == len(mutated)
    assert source not in mutated
    assert all(tree_sitter_parses(m, language) for m in mutated)


@pytest.mark.parametrize("language", LANGUAGES)
def test_utf8_before_the_edit(language: str) -> None:
    source = 'const greeting = "héllo, wörld ✓";\nconst d = right - left;\n'
    (edit,) = tree_sitter_edits(source, language, templates=["swap_operands"])
    assert source[edit.start : edit.end] == "right - left"
    assert edit.apply(source) == 'const greeting = "héllo, wörld ✓";\nconst d = left - right;\n'
    assert (edit.line, edit.original, edit.replacement) == (2, "right - left", "left - right")


def test_unparseable_source_and_unknown_template() -> None:
    assert tree_sitter_edits("x = (1 + ;\n", "javascript") == []
    assert tree_sitter_edits("let x: = 1;\n", "typescript") == []
    with pytest.raises(ValueError, match="Unknown repair template"):
        tree_sitter_edits("x = 1;\n", "javascript", templates=["nope"])  # type: ignore[list-item]


ENCODE = """function encode(text/*:str*/) {
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
"""

KADANE = """function maxSubarraySum(values: number[]): number {
  let best = values[0];
  let current = values[0];
  for (let i = 1; i < values.length; i++) {
    current = Math.min(values[i], current + values[i]);
    best = Math.min(best, current);
  }
  return best;
}
"""


@pytest.mark.parametrize("language", LANGUAGES)
def test_run_length_encode_bug_is_found(language: str) -> None:
    source = typed(ENCODE, language)
    edits = tree_sitter_edits(source, language)
    fixed = source.replace("out += text[i - 1] + run;", "out += run + text[i - 1];")
    (fix,) = [e for e in edits if e.apply(source) == fixed]
    assert (fix.template, fix.line, fix.scope) == ("swap_operands", 10, "encode")
    assert fix.description == "`text[i - 1] + run` changed to `run + text[i - 1]` on line 10"


def test_kadane_min_for_max_is_one_patch() -> None:
    edits = tree_sitter_edits(KADANE, "typescript")
    swaps = [e for e in edits if e.template == "swap_min_max"]
    assert [(e.line, e.scope, e.original, e.replacement) for e in swaps] == [
        (5, "maxSubarraySum", "Math.min", "Math.max"),
        (6, "maxSubarraySum", "Math.min", "Math.max"),
    ]
    (patch,) = [p for p in same_edit_everywhere(KADANE, edits) if p.edits[0].template == "swap_min_max"]
    assert patch.apply(KADANE) == KADANE.replace("Math.min", "Math.max")
    assert patch.description == "`Math.min` changed to `Math.max` on lines 5, 6"


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_snippet_twice_on_its_line_is_told_apart(language: str) -> None:
    source = "const mid = (s[n >> 1] + s[n >> 1]) / 2;\nconst k = n + min(n, 12) - 2;\n"
    found = {(e.line, e.template, e.start): e for e in tree_sitter_edits(source, language)}
    swaps = [e for (line, template, _), e in sorted(found.items()) if (line, template) == (1, "swap_operands")]
    swaps = [e for e in swaps if e.original == "n >> 1"]
    assert [e.description for e in swaps] == [
        "`n >> 1` changed to `1 >> n` on line 1 (1st of 2)",
        "`n >> 1` changed to `1 >> n` on line 1 (2nd of 2)",
    ]
    # The same edit at both is one patch, said once; a name counts whole (``n`` is not in ``min``).
    (both,) = [p for p in same_edit_everywhere(source, swaps) if len(p.edits) == 2]
    assert both.description == "`n >> 1` changed to `1 >> n` on line 1 (2 places)"
    second = source.index("const k")
    names = [source.index("n +", second), source.index("(n,", second) + 1]
    assert [_occurrence(source, i, i + 1) for i in names] == [(1, 2), (2, 2)]
    two = source.index("- 2", second) + 2
    assert _occurrence(source, two, two + 1) is None  # the 2 of 12 is no second 2


@pytest.mark.parametrize(
    ("statement", "check"),
    [
        ("assert.strictEqual(f(1), 2);", True),
        ("await assert.rejects(f(null));", True),  # in an async main function: a check, never edited
        ("console.assert(f(1) === 2);", True),
        ("await f(1);", False),
        ("console.log(f(1));", False),
        # Jest's expect, with its modifiers; chai's `.to.equal` and a bare expect(...) are not checks here.
        ("expect(f(1)).toBe(2);", True),
        ("expect(f(1)).not.toEqual([2]);", True),
        ("await expect(f(null)).rejects.toThrow();", True),
        ("expect(f(1)).to.equal(2);", False),
        ("expect(f(1));", False),
    ],
)
def test_what_is_an_assert_statement(statement: str, check: bool) -> None:
    root = parser_for("javascript").parse(f"(async () => {{\n  {statement}\n}})();\n".encode()).root_node
    body = root.named_children[0].named_children[0].child_by_field_name("function").named_children[0]
    assert is_assert_statement(body.child_by_field_name("body").named_children[0]) is check
    edits = tree_sitter_edits(f"async function g() {{\n  {statement}\n}}\n", "javascript")
    assert not check or all(edit.line != 2 for edit in edits)


@pytest.mark.parametrize(
    ("source", "module", "needs_module"),
    [
        ("export function f() {}\n", True, False),
        ('import fs from "fs";\nconsole.log(fs);\n', True, False),
        ("const f = require('fs');\nmodule.exports = { f };\n", False, False),
        ("export const a = 1;\nconst b = await load();\n", True, True),
        ("for await (const line of lines()) {}\n", False, True),
        ("export const here = import.meta.url;\n", True, True),
        ("export async function f() {\n  for await (const x of xs) { await x; }\n}\n", True, False),
    ],
)
def test_which_javascript_is_an_es_module_and_which_must_run_as_one(
    source: str, module: bool, needs_module: bool
) -> None:
    # An ES module runs compiled to CommonJS in the sandboxes, unless it uses what only a module has.
    assert (is_es_module(source), needs_es_module(source)) == (module, needs_module)

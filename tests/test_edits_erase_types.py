"""TypeScript run as JavaScript by blanking its types out: what erases and what does not (that it runs the same as
the transpiled TypeScript: ``tests/repair/test_node_driver.py``)."""

from __future__ import annotations

import pytest

from autogen_selfdebug.edits import erase_types


def blanked_in_place(typed: str, erased: str | None) -> str:
    """What is left of ``typed`` once erased (tokens, one space apart), checking that every character left is
    where it was and every other one is a blank (a line break stays a line break)."""
    assert erased is not None and len(erased) == len(typed)
    for before, after in zip(typed, erased, strict=True):
        assert after == before or (after == " " and before not in "\r\n"), (typed, erased)
    return " ".join(erased.split())


@pytest.mark.parametrize(
    ("typed", "left"),
    [
        ("let n: number = 1;", "let n = 1;"),
        ("function f<T>(a: T, b?: number): T { return a; }", "function f (a , b ) { return a; }"),
        ("const m = new Map<string, number>();", "const m = new Map ();"),
        ("const x = <any>y as unknown as string;", "const x = y ;"),
        ("const e = f(1) satisfies number;", "const e = f(1) ;"),
        ("let d!: number; d = a!.b!;", "let d ; d = a .b ;"),
        ("const h = <T,>(x: T): T => x;", "const h = (x ) => x;"),
        ("let o = {a: 1} as const;", "let o = {a: 1} ;"),
        ("interface P {\n  x: number;\n}\ntype N = number;\nlet a = 1;", "let a = 1;"),
        ("function g(x: number): x is number;\nfunction g(x: any) { return x; }", "function g(x ) { return x; }"),
        ("declare const z: number;\ncatch_(z);", "catch_(z);"),
        ("let k = a ? b : !c; let z = a?.b ?? c;", "let k = a ? b : !c; let z = a?.b ?? c;"),
    ],
)
def test_types_are_blanked_out_in_place(typed: str, left: str) -> None:
    assert blanked_in_place(typed, erase_types(typed)) == left


def test_a_class_keeps_what_runs_and_drops_fields_without_a_value_as_tsc_does() -> None:
    typed = (
        "abstract class A<T> extends B<T> implements P, Q {\n"
        "  private readonly x: number = 1;\n"
        "  y: string;\n"
        "  declare w: number;\n"
        "  static s = 2;\n"
        "  [key: string]: any;\n"
        "  protected abstract m(): void;\n"
        "  m2?(a?: number): void {}\n"
        "  public get v(): number { return this.x!; }\n"
        "  override toString(): string { return 'A'; }\n"
        "}\n"
    )
    assert blanked_in_place(typed, erase_types(typed)) == (
        "class A extends B { x = 1; ; ; static s = 2; ; ; m2 (a ) {} get v() { return this.x ; } "
        "toString() { return 'A'; } }"
    )


@pytest.mark.parametrize(
    "typed",
    [
        "enum Color { Red, Green }",
        "namespace NS { export const a = 1; }",
        "module M { }",
        "class P { constructor(private x: number) {} }",
        "class P { constructor(readonly x: number) {} }",
        "function f(this: Window, a: number) {}",
        "@sealed class D {}",
        "class C { accessor z = 1; }",
        'import { readFileSync } from "fs";',
        "export const a = 1;",
        'import fs = require("fs");',
        "let x: number = ;",  # does not parse
        # The call would join the line before once the interface is blank, and `1(f)()` is not what ran.
        "let a = 1\ninterface I { x: number }\n// a comment between\n(f)();",
        # A return type on its own line: `)` then a newline before `=>` is not JavaScript.
        "const f = (a: number)\n  : number => a;",
    ],
)
def test_what_means_something_at_run_time_does_not_erase(typed: str) -> None:
    assert erase_types(typed) is None


def test_lines_and_columns_stay_where_they_were_with_non_ascii_text() -> None:
    typed = 'type Greeting = "héllo";\nconst g: Greeting = "héllo"; const n: number = g.length;\n'
    assert blanked_in_place(typed, erase_types(typed)) == 'const g = "héllo"; const n = g.length;'

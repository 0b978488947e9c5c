/** Small arithmetic evaluator for spreadsheet-style formulas: + - * / and parentheses. */

export type Token =
  | { kind: 'num'; value: number }
  | { kind: 'op'; value: string }
  | { kind: 'paren'; value: '(' | ')' };

const PRECEDENCE: Record<string, number> = { '+': 1, '-': 1, '*': 2, '/': 2 };

export function tokenize(src: string): Token[] {
  const tokens: Token[] = [];
  const re = /\s*(?:(\d+(?:\.\d+)?)|([-+*/])|([()]))/y;
  let pos = 0;
  while (pos < src.length) {
    re.lastIndex = pos;
    const m = re.exec(src);
    if (!m) {
      if (src.slice(pos).trim() === '') break;
      throw new SyntaxError(`unexpected character at ${pos}: ${src.slice(pos).trim()}`);
    }
    pos = re.lastIndex;
    if (m[1] !== undefined) tokens.push({ kind: 'num', value: parseFloat(m[1]) });
    else if (m[2] !== undefined) tokens.push({ kind: 'op', value: m[2] });
    else tokens.push({ kind: 'paren', value: m[3] as '(' | ')' });
  }
  return tokens;
}

/** Shunting-yard: convert infix tokens to reverse Polish notation. */
export function toRpn(tokens: Token[]): (number | string)[] {
  const out: (number | string)[] = [];
  const ops: string[] = [];
  for (const t of tokens) {
    if (t.kind === 'num') {
      out.push(t.value);
    } else if (t.kind === 'op') {
      while (ops.length && ops[ops.length - 1] !== '(' &&
             PRECEDENCE[ops[ops.length - 1]] > PRECEDENCE[t.value]) {
        out.push(ops.pop()!);
      }
      ops.push(t.value);
    } else if (t.value === '(') {
      ops.push('(');
    } else {
      while (ops.length && ops[ops.length - 1] !== '(') out.push(ops.pop()!);
      if (!ops.length) throw new SyntaxError('unbalanced )');
      ops.pop();
    }
  }
  while (ops.length) {
    const op = ops.pop()!;
    if (op === '(') throw new SyntaxError('unbalanced (');
    out.push(op);
  }
  return out;
}

export function evaluate(src: string): number {
  const stack: number[] = [];
  for (const item of toRpn(tokenize(src))) {
    if (typeof item === 'number') {
      stack.push(item);
      continue;
    }
    const b = stack.pop();
    const a = stack.pop();
    if (a === undefined || b === undefined) throw new SyntaxError('missing operand');
    if (item === '+') stack.push(a + b);
    else if (item === '-') stack.push(a - b);
    else if (item === '*') stack.push(a * b);
    else stack.push(a / b);
  }
  if (stack.length !== 1) throw new SyntaxError('malformed expression');
  return stack[0];
}

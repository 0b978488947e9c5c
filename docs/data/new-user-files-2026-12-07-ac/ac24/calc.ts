type Token = { type: "num"; value: number } | { type: "name"; value: string } | { type: "op"; value: string };

const FUNCTIONS: Record<string, (...args: number[]) => number> = {
  abs: Math.abs,
  min: Math.min,
  max: Math.max,
  round: Math.round,
  sqrt: Math.sqrt,
};

export function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const ch = source[i];
    if (/\s/.test(ch)) {
      i++;
    } else if (/[0-9.]/.test(ch)) {
      const text = /^[0-9]*\.?[0-9]*/.exec(source.slice(i))![0];
      if (text === ".") throw new SyntaxError(`unexpected "." at ${i}`);
      tokens.push({ type: "num", value: Number(text) });
      i += text.length;
    } else if (/[A-Za-z_]/.test(ch)) {
      const name = /^[A-Za-z_][A-Za-z0-9_]*/.exec(source.slice(i))![0];
      tokens.push({ type: "name", value: name });
      i += name.length;
    } else if ("+-*/%^(),".includes(ch)) {
      tokens.push({ type: "op", value: ch });
      i++;
    } else {
      throw new SyntaxError(`unexpected character "${ch}" at ${i}`);
    }
  }
  return tokens;
}

/** Evaluate an arithmetic expression such as "2 * (price + tax) ^ 2" with variables. */
export function evaluate(source: string, variables: Record<string, number> = {}): number {
  const tokens = tokenize(source);
  let pos = 0;
  const isOp = (...ops: string[]) => tokens[pos]?.type === "op" && ops.includes(tokens[pos].value as string);
  const expect = (op: string) => {
    if (!isOp(op)) throw new SyntaxError(`expected "${op}"`);
    pos++;
  };

  const expression = (): number => {
    let value = term();
    while (isOp("+", "-")) {
      const op = tokens[pos++].value;
      const right = term();
      value = op === "+" ? value + right : value - right;
    }
    return value;
  };

  const term = (): number => {
    let value = power();
    while (isOp("*", "/", "%")) {
      const op = tokens[pos++].value;
      const right = power();
      if (op !== "*" && right === 0) throw new RangeError("division by zero");
      value = op === "*" ? value * right : op === "/" ? value / right : value % right;
    }
    return value;
  };

  const power = (): number => {
    const base = unary();
    if (!isOp("^")) return base;
    pos++;
    return base ** power();
  };

  const unary = (): number => {
    if (isOp("-")) {
      pos++;
      return -unary();
    }
    return primary();
  };

  const primary = (): number => {
    const token = tokens[pos];
    if (!token) throw new SyntaxError("unexpected end of expression");
    pos++;
    if (token.type === "num") return token.value;
    if (token.type === "name") {
      if (isOp("(")) {
        const fn = FUNCTIONS[token.value];
        if (!fn) throw new ReferenceError(`unknown function "${token.value}"`);
        pos++;
        const args = [expression()];
        while (isOp(",")) {
          pos++;
          args.push(expression());
        }
        expect(")");
        return fn(...args);
      }
      if (!(token.value in variables)) throw new ReferenceError(`unknown variable "${token.value}"`);
      return variables[token.value];
    }
    if (token.value === "(") {
      const value = expression();
      expect(")");
      return value;
    }
    throw new SyntaxError(`unexpected "${token.value}"`);
  };

  const result = expression();
  return result;
}

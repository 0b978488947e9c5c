export type Matrix = number[][];

export function shape(m: Matrix): [number, number] {
  return [m.length, m.length ? m[0].length : 0];
}

export function zeros(rows: number, cols: number): Matrix {
  return Array.from({ length: rows }, () => new Array<number>(cols).fill(0));
}

export function identity(n: number): Matrix {
  const m = zeros(n, n);
  for (let i = 0; i < n; i++) m[i][i] = 1;
  return m;
}

export function transpose(m: Matrix): Matrix {
  const [rows, cols] = shape(m);
  const out = zeros(cols, rows);
  for (let i = 0; i < rows; i++) {
    for (let j = 0; j < cols; j++) out[j][i] = m[i][j];
  }
  return out;
}

export function multiply(a: Matrix, b: Matrix): Matrix {
  const [aRows, aCols] = shape(a);
  const [bRows, bCols] = shape(b);
  if (aCols !== bRows) {
    throw new Error(`cannot multiply ${aRows}x${aCols} by ${bRows}x${bCols}`);
  }
  const out = zeros(aRows, aCols);
  for (let i = 0; i < aRows; i++) {
    for (let j = 0; j < bCols; j++) {
      let sum = 0;
      for (let k = 0; k < aCols; k++) sum += a[i][k] * b[k][j];
      out[i][j] = sum;
    }
  }
  return out;
}

/** m^n for a square matrix, by repeated squaring. */
export function power(m: Matrix, n: number): Matrix {
  const [rows, cols] = shape(m);
  if (rows !== cols) throw new Error("power needs a square matrix");
  let result = identity(rows);
  let base = m;
  while (n > 0) {
    if (n % 2 === 1) result = multiply(result, base);
    base = multiply(base, base);
    n = Math.floor(n / 2);
  }
  return result;
}

/** Apply a 2D transform given as a 2x2 matrix to a list of [x, y] points. */
export function transformPoints(t: Matrix, points: [number, number][]): [number, number][] {
  const columns = transpose(points);
  const moved = multiply(t, columns);
  return transpose(moved) as [number, number][];
}

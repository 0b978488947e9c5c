// Client-side card number checks for the payment form (never sent anywhere).

export type Brand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'unknown';

export function digitsOnly(input: string): string {
  return input.replace(/[\s-]/g, '');
}

export function luhnValid(input: string): boolean {
  const digits = digitsOnly(input);
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[i]);
    // double every second digit, counting from the right-most (check) digit
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function detectBrand(input: string): Brand {
  const d = digitsOnly(input);
  if (/^4/.test(d)) return 'visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(d)) return 'mastercard';
  if (/^3[47]/.test(d)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(d)) return 'discover';
  return 'unknown';
}

export function maskCard(input: string): string {
  const d = digitsOnly(input);
  const last4 = d.slice(-4);
  if (detectBrand(d) === 'amex') return `•••• •••••• •${last4}`;
  return `•••• •••• •••• ${last4}`;
}

export function validateCard(input: string): { ok: boolean; brand: Brand; error?: string } {
  const brand = detectBrand(input);
  const len = digitsOnly(input).length;
  if (brand === 'unknown') return { ok: false, brand, error: 'unsupported card' };
  if (brand === 'amex' ? len !== 15 : len !== 16) return { ok: false, brand, error: 'wrong length' };
  if (!luhnValid(input)) return { ok: false, brand, error: 'invalid number' };
  return { ok: true, brand };
}

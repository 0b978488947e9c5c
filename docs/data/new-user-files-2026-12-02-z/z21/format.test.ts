import { describe, expect, it } from "vitest";
import { formatCompact, formatCurrency, formatNumber, formatPercent } from "./format";

describe("formatNumber", () => {
  it.each([
    [0, "0"],
    [999, "999"],
    [1000, "1,000"],
    [1234567, "1,234,567"],
    [-1234, "-1,234"],
    [-987654, "-987,654"],
    [-100, "-100"],
  ])("formats %d as %s", (value, expected) => {
    expect(formatNumber(value)).toBe(expected);
  });

  it("rounds to the requested decimals", () => {
    expect(formatNumber(1234567.891, { decimals: 2 })).toBe("1,234,567.89");
    expect(formatNumber(-0.5, { decimals: 1 })).toBe("-0.5");
  });

  it("supports European separators", () => {
    expect(formatNumber(1234.5, { decimals: 2, thousands: ".", decimal: "," })).toBe("1.234,50");
  });

  it("passes through non-finite values", () => {
    expect(formatNumber(Infinity)).toBe("Infinity");
  });
});

describe("other formats", () => {
  it("currency", () => {
    expect(formatCurrency(1999.5)).toBe("$1,999.50");
    expect(formatCurrency(-42)).toBe("-$42.00");
  });

  it("percent of a negative change", () => {
    expect(formatPercent(-0.125)).toBe("-12.5%");
    expect(formatPercent(-1234.5, 0)).toBe("-123,450%");
  });

  it("compact", () => {
    expect(formatCompact(950)).toBe("950");
    expect(formatCompact(1530)).toBe("1.5K");
    expect(formatCompact(-2_000_000)).toBe("-2M");
  });
});

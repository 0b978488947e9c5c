const { summarize, printReport, formatMoney } = require('./report');

const orders = [
  { customer: 'bob', items: [{ qty: 2, priceCents: 150 }, { qty: 1, priceCents: 999 }] },
  { customer: 'alice', items: [{ qty: 3, priceCents: 1000 }] },
  { customer: 'bob', items: [{ qty: 1, priceCents: 1 }] },
];

describe('formatMoney', () => {
  it('formats cents as dollars', () => {
    expect(formatMoney(123456)).toBe('$1234.56');
    expect(formatMoney(5)).toBe('$0.05');
  });
});

describe('summarize', () => {
  it('adds up totals per customer', () => {
    expect(summarize(orders)).toEqual({ bob: 1300, alice: 3000 });
  });
});

describe('printReport', () => {
  let logSpy;

  beforeEach(() => {
    logSpy = jest.spyOn(console, 'log').mockImplementation(() => {});
  });

  afterEach(() => {
    logSpy.mockRestore();
  });

  it('prints one line per customer, sorted, plus a total', () => {
    printReport(orders);
    expect(logSpy).toHaveBeenCalledTimes(5);
    expect(logSpy).toHaveBeenNthCalledWith(1, 'Sales report');
    expect(logSpy).toHaveBeenNthCalledWith(3, 'alice          $30.00');
    expect(logSpy).toHaveBeenNthCalledWith(4, 'bob            $13.00');
    expect(logSpy).toHaveBeenLastCalledWith('TOTAL          $43.00');
  });

  it('says so when there are no orders', () => {
    printReport([]);
    expect(logSpy).toHaveBeenCalledWith('No orders.');
    expect(logSpy).toHaveBeenCalledTimes(1);
  });
});

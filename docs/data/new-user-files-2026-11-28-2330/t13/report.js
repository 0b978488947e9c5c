// Prints a plain-text sales summary to the console.

function formatMoney(cents) {
  return '$' + (cents / 100).toFixed(2);
}

function lineTotal(item) {
  return item.qty * item.priceCents;
}

function summarize(orders) {
  const byCustomer = {};
  for (const order of orders) {
    const total = order.items.reduce((sum, item) => sum + lineTotal(item));
    byCustomer[order.customer] = (byCustomer[order.customer] || 0) + total;
  }
  return byCustomer;
}

function printReport(orders) {
  if (orders.length === 0) {
    console.log('No orders.');
    return;
  }
  const totals = summarize(orders);
  const names = Object.keys(totals).sort();
  console.log('Sales report');
  console.log('------------');
  for (const name of names) {
    console.log(`${name.padEnd(10)} ${formatMoney(totals[name]).padStart(10)}`);
  }
  const grand = names.reduce((sum, n) => sum + totals[n], 0);
  console.log(`${'TOTAL'.padEnd(10)} ${formatMoney(grand).padStart(10)}`);
}

module.exports = { summarize, printReport, formatMoney };

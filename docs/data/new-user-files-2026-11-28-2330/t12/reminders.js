'use strict';

const DAY_MS = 24 * 60 * 60 * 1000;

function daysOverdue(invoice, today) {
  const due = new Date(invoice.dueDate + 'T00:00:00Z');
  return Math.floor((today - due) / DAY_MS);
}

function buildMessage(invoice, days) {
  const amount = (invoice.amountCents / 100).toFixed(2);
  return `Invoice ${invoice.id} for $${amount} is ${days} day(s) overdue.`;
}

// Sends one reminder per overdue, unpaid invoice. An invoice becomes overdue
// the day after its due date. Returns the ids that were reminded.
async function sendReminders(invoices, mailer, today = new Date()) {
  const sent = [];
  for (const invoice of invoices) {
    if (invoice.paid) continue;
    const days = daysOverdue(invoice, today);
    if (days < 0) continue;
    try {
      await mailer.send(buildMessage(invoice, days), invoice.email);
      sent.push(invoice.id);
    } catch (err) {
      mailer.logError?.(invoice.id, err);
    }
  }
  return sent;
}

module.exports = { daysOverdue, buildMessage, sendReminders };

const { test, describe, mock } = require('node:test');
const assert = require('node:assert/strict');
const { daysOverdue, sendReminders } = require('./reminders');

const TODAY = new Date('2024-03-10T09:30:00Z');

const invoices = [
  { id: 'A1', email: 'a@example.com', amountCents: 12500, dueDate: '2024-03-01', paid: false },
  { id: 'B2', email: 'b@example.com', amountCents: 990, dueDate: '2024-03-10', paid: false },
  { id: 'C3', email: 'c@example.com', amountCents: 5000, dueDate: '2024-02-01', paid: true },
  { id: 'D4', email: 'd@example.com', amountCents: 4200, dueDate: '2024-03-09', paid: false },
];

describe('daysOverdue', () => {
  test('counts whole days past the due date', () => {
    assert.equal(daysOverdue({ dueDate: '2024-03-01' }, TODAY), 9);
    assert.equal(daysOverdue({ dueDate: '2024-03-10' }, TODAY), 0);
  });
});

describe('sendReminders', () => {
  test('emails only overdue unpaid invoices', async () => {
    const mailer = { send: mock.fn(async () => ({ ok: true })) };
    const sent = await sendReminders(invoices, mailer, TODAY);

    assert.deepEqual(sent, ['A1', 'D4']);
    assert.equal(mailer.send.mock.callCount(), 2);
    const [to, body] = mailer.send.mock.calls[0].arguments;
    assert.equal(to, 'a@example.com');
    assert.equal(body, 'Invoice A1 for $125.00 is 9 day(s) overdue.');
  });

  test('keeps going when one email fails', async (t) => {
    const mailer = {
      async send(to) {
        if (to === 'a@example.com') throw new Error('mailbox full');
      },
      logError() {},
    };
    const send = t.mock.method(mailer, 'send');
    const logError = t.mock.method(mailer, 'logError');

    const sent = await sendReminders(invoices, mailer, TODAY);

    assert.deepEqual(sent, ['D4']);
    assert.equal(send.mock.callCount(), 2);
    assert.equal(logError.mock.callCount(), 1);
    assert.equal(logError.mock.calls[0].arguments[0], 'A1');
  });

  test('does nothing when everything is paid', async () => {
    const mailer = { send: mock.fn() };
    const sent = await sendReminders([{ ...invoices[0], paid: true }], mailer, TODAY);
    assert.deepEqual(sent, []);
    assert.equal(mailer.send.mock.callCount(), 0);
  });
});

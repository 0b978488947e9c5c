'use strict';

class TodoList {
  constructor() {
    this.items = [];
    this.nextId = 1;
  }

  add(title, { tags = [], due = null } = {}) {
    const text = String(title).trim();
    if (!text) throw new Error('title is required');
    const item = { id: this.nextId++, title: text, tags: [...tags], due, done: false };
    this.items.push(item);
    return item;
  }

  addMany(titles, options) {
    titles.forEach(function (title) {
      this.add(title, options);
    });
    return this.items.length;
  }

  complete(id) {
    const item = this.items.find((it) => it.id === id);
    if (!item) throw new Error(`no todo with id ${id}`);
    item.done = true;
    return item;
  }

  pending() {
    return this.items.filter((it) => !it.done);
  }

  withTag(tag) {
    return this.items.filter((it) => it.tags.includes(tag));
  }

  overdue(today) {
    return this.pending().filter((it) => it.due !== null && it.due < today);
  }
}

module.exports = { TodoList };

if (require.main === module) {
  const assert = require('node:assert');

  const list = new TodoList();
  const first = list.add('  Buy milk ', { tags: ['shopping'] });
  assert.deepStrictEqual(first, { id: 1, title: 'Buy milk', tags: ['shopping'], due: null, done: false });
  assert.throws(() => list.add('   '), /title is required/);

  assert.strictEqual(list.addMany(['Call plumber', 'Book dentist'], { tags: ['home'] }), 3);
  assert.deepStrictEqual(list.withTag('home').map((it) => it.id), [2, 3]);
  assert.notStrictEqual(list.items[1].tags, list.items[2].tags);

  list.complete(2);
  assert.deepStrictEqual(list.pending().map((it) => it.title), ['Buy milk', 'Book dentist']);
  assert.throws(() => list.complete(99), /no todo with id 99/);

  list.add('File taxes', { due: '2024-04-15' });
  list.add('Renew passport', { due: '2024-09-01' });
  assert.deepStrictEqual(list.overdue('2024-05-01').map((it) => it.title), ['File taxes']);

  console.log('todo: all checks passed');
}

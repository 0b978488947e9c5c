'use strict';

// Search-box autocomplete: a trie of previously searched terms with hit counts.

class Node {
  constructor() {
    this.children = new Map();
    this.count = 0; // > 0 means a complete term ends here
  }
}

class Autocomplete {
  constructor() {
    this.root = new Node();
    this.size = 0;
  }

  record(term, hits = 1) {
    const word = term.trim().toLowerCase();
    if (!word) return;
    let node = this.root;
    for (const ch of word) {
      if (!node.children.has(ch)) node.children.set(ch, new Node());
      node = node.children.get(ch);
    }
    if (node.count === 0) this.size += 1;
    node.count += hits;
  }

  find(prefix) {
    let node = this.root;
    for (const ch of prefix) {
      node = node.children.get(ch);
      if (!node) return null;
    }
    return node;
  }

  // Depth-first walk below `node`, children in alphabetical order.
  collect(node, text, limit, out) {
    if (out.length >= limit) return out;
    if (node.count > 0) out.push({ term: text, count: node.count });
    for (const ch of [...node.children.keys()].sort()) {
      this.collect(node.children.get(ch), text + ch, limit, out);
    }
    return out;
  }

  // Most searched terms starting with `prefix`, ties broken alphabetically.
  suggest(prefix, limit = 5) {
    const p = prefix.trim().toLowerCase();
    const start = this.find(p);
    if (!start) return [];
    const found = this.collect(start, p, limit, []);
    found.sort((a, b) => b.count - a.count || a.term.localeCompare(b.term));
    return found.map((f) => f.term);
  }

  count(term) {
    const node = this.find(term.toLowerCase());
    return node ? node.count : 0;
  }
}

module.exports = { Autocomplete };

import { test } from "node:test";
import assert from "node:assert/strict";
import { EditableText } from "./history.ts";

test("insert and delete edit the text", () => {
  const doc = new EditableText("Hello world");
  doc.insert(5, ",");
  assert.equal(doc.value, "Hello, world");
  assert.equal(doc.delete(0, 7), "Hello, ");
  assert.equal(doc.value, "world");
});

test("undo reverts edits in reverse order", () => {
  const doc = new EditableText("abc");
  doc.insert(3, "def");
  doc.delete(0, 1);
  assert.equal(doc.value, "bcdef");
  assert.equal(doc.undo(), true);
  assert.equal(doc.value, "abcdef");
  assert.equal(doc.undo(), true);
  assert.equal(doc.value, "abc");
  assert.equal(doc.undo(), false);
});

test("redo reapplies undone edits", () => {
  const doc = new EditableText();
  doc.insert(0, "draft");
  doc.undo();
  assert.equal(doc.canRedo, true);
  doc.redo();
  assert.equal(doc.value, "draft");
  assert.equal(doc.canRedo, false);
});

test("a new edit discards the redo history", () => {
  const doc = new EditableText("one");
  doc.insert(3, " two");
  doc.undo();
  doc.insert(3, " three");
  assert.equal(doc.canRedo, false);
  assert.equal(doc.redo(), false);
  assert.equal(doc.value, "one three");
});

test("history is bounded", () => {
  const doc = new EditableText("", 3);
  for (const ch of "abcde") doc.insert(doc.value.length, ch);
  let undone = 0;
  while (doc.undo()) undone++;
  assert.equal(undone, 3);
  assert.equal(doc.value, "ab");
});

test("rejects positions outside the text", () => {
  const doc = new EditableText("abc");
  assert.throws(() => doc.insert(4, "x"), RangeError);
  assert.throws(() => doc.delete(-1, 1), RangeError);
});

test("empty edits are not recorded", () => {
  const doc = new EditableText("abc");
  doc.insert(1, "");
  assert.equal(doc.delete(3, 2), "");
  assert.equal(doc.canUndo, false);
});

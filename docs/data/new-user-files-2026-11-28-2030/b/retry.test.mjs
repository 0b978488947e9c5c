import { test } from "node:test";
import assert from "node:assert/strict";
import { retry } from "./retry.mjs";

test("succeeds on the third try", async () => {
  let calls = 0;
  const value = await retry(async () => {
    calls += 1;
    if (calls < 3) throw new Error("flaky");
    return "done";
  });
  assert.equal(value, "done");
  assert.equal(calls, 3);
});

test("gives up after the attempts", async () => {
  let calls = 0;
  await assert.rejects(
    retry(async () => {
      calls += 1;
      throw new Error("down");
    }, 2),
    /down/,
  );
  assert.equal(calls, 2);
});

import assert from "node:assert/strict";
import { loadConfig, range, sortedEntries, take } from "./seq.mjs";

const config = await loadConfig();

assert.deepEqual([...range(0, 5, 2)], [0, 2, 4]);
assert.deepEqual([...take(range(0, 100), 3)], [0, 1, 2]);
assert.deepEqual(sortedEntries(config), [["a", 1], ["b", 2]]);

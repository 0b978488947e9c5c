const assert = require("assert");
const { uniqueTags, tagCounts } = require("./tags");

const posts = [{ tags: ["JS", "node"] }, { tags: ["js", "web"] }];

assert.deepStrictEqual(uniqueTags(posts), ["js", "node", "web"]);
assert.deepStrictEqual(tagCounts(posts), new Map([["JS", 1], ["node", 1], ["js", 1], ["web", 1]]));
assert.deepStrictEqual(tagCounts([]), new Map());
console.log("ok");

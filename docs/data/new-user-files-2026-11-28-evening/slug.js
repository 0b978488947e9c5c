function slugify(title) {
  return title
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^-+|-+$/g, "");
}

test.each([
  ["Hello World", "hello-world"],
  ["  Trim me  ", "trim-me"],
  ["C'est la vie!", "c-est-la-vie"],
])("slugify(%s)", (title, slug) => {
  expect(slugify(title)).toBe(slug);
});

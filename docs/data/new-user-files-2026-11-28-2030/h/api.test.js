const { displayName } = require("./api");

beforeEach(() => {
  global.fetch = jest.fn();
});

test("formats the name", async () => {
  fetch.mockResolvedValue({ ok: true, json: async () => ({ first: "Ada", last: "Lovelace" }) });
  await expect(displayName(1)).resolves.toBe("Lovelace, Ada");
  expect(fetch).toHaveBeenCalledWith("https://example.invalid/users/1");
});

test("throws on HTTP errors", async () => {
  fetch.mockResolvedValue({ ok: false, status: 404 });
  await expect(displayName(2)).rejects.toThrow("HTTP 404");
});

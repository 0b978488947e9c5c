const { notifyAll } = require("./notify");

describe("notifyAll", () => {
  let send;

  beforeEach(() => {
    send = jest.fn();
  });

  it("skips users who opted out", () => {
    const users = [
      { name: "Ann", email: "ann@x.org", optedOut: false },
      { name: "Bob", email: "bob@x.org", optedOut: true },
    ];
    expect(notifyAll(users, send)).toBe(1);
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith("ann@x.org", "Hello Ann");
  });

  it("sends nothing to nobody", () => {
    expect(notifyAll([], send)).toBe(0);
    expect(send).not.toHaveBeenCalled();
  });
});

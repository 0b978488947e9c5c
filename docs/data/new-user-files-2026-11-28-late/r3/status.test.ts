import { Status, canLogin, summarize, mostActive, User } from "./status";

const users: User[] = [
  { name: "a", status: Status.Active, logins: 10 },
  { name: "b", status: Status.Suspended, logins: 1 },
  { name: "c", status: Status.Closed, logins: 7 },
];

test("canLogin", () => {
  expect(users.map(canLogin)).toEqual([true, true, false]);
});

test("summarize", () => {
  expect(summarize(users)).toEqual({ active: 1, suspended: 1, closed: 1 });
});

test("mostActive", () => {
  expect(mostActive(users)?.name).toBe("a");
  expect(mostActive([])).toBeUndefined();
});

import { expect, test } from "bun:test";
import { inHostTimeZone } from "./host-time-zone";

const offsetNow = () => new Date(Date.UTC(2026, 0, 15)).getTimezoneOffset();

test("runs in the zone and puts the zone back, for a plain function, a promise and a throw", async () => {
  const before = offsetNow();
  expect(inHostTimeZone("Asia/Kolkata", offsetNow)).toBe(-330);
  expect(offsetNow()).toBe(before);
  expect(await inHostTimeZone("America/New_York", async () => offsetNow())).toBe(300);
  expect(offsetNow()).toBe(before);
  await expect(inHostTimeZone("Asia/Kolkata", async () => Promise.reject(new Error("no")))).rejects.toThrow("no");
  expect(() => inHostTimeZone("Asia/Kolkata", () => { throw new Error("no"); })).toThrow("no");
  expect(offsetNow()).toBe(before);
});

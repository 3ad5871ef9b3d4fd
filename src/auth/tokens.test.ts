import { describe, expect, test } from "bun:test";
import { generateToken, hashToken } from "./tokens";

describe("tokens", () => {
  test("hashToken is SHA-256 in lowercase hex, so rows stored by earlier versions still match", () => {
    // FIPS 180-2 test vector
    expect(hashToken("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    // text is hashed as UTF-8 (as TextEncoder did)
    expect(hashToken("ünïcode")).toBe("b8be8967e4de3eb294835b1748184523179767250c2d510451e9d3a03df08977");
  });

  test("generateToken gives 32 base32 characters (160 bits), different each time", () => {
    const a = generateToken();
    expect(a).toMatch(/^[a-z2-7]{32}$/);
    expect(generateToken()).not.toBe(a);
  });
});

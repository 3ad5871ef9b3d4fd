import { describe, expect, test } from "bun:test";
import { AUTH_ERROR_TEXTS, authErrorCode, authErrorText, isValidEmail, safeNextPath, validateSignUp } from "./auth";

describe("auth validation", () => {
  test("sign-up rules and messages of SPEC.md section 5", () => {
    const ok = { firstName: "A", lastName: "B", email: "a@b.co", password: "12345678", confirmPassword: "12345678" };
    expect(validateSignUp(ok)).toEqual({});
    expect(validateSignUp({ ...ok, password: "1234567", confirmPassword: "1234567" }).password).toBe("Password must be at least 8 characters long");
    expect(validateSignUp({ ...ok, confirmPassword: "123456789" }).confirmPassword).toBe("Passwords do not match");
    expect(Object.keys(validateSignUp({ firstName: "", lastName: " ", email: "", password: "", confirmPassword: "" }))).toEqual(["firstName", "lastName", "email", "password"]);
  });

  test.each([
    ["/book/abc", "/book/abc"],
    ["/dashboard/client?tab=1", "/dashboard/client?tab=1"],
    ["//evil.example", null],
    ["/\\evil.example", null],
    ["https://evil.example", null],
    ["/api/auth/logout", null],
    ["/auth/signin", null],
    [undefined, null],
    // browsers drop tabs and newlines from URLs: "/\t/evil.example" is "//evil.example"
    ["/\t/evil.example", null],
    ["/\n/evil.example", null],
    ["/\r\n/evil.example", null],
    ["/ /evil.example", null],
    ["/\u0000/evil.example", null],
    ["/\u2028/evil.example", null],
    ["\\/evil.example", null],
    ["/book\\..\\evil", null],
    ["javascript:alert(1)", null],
    ["/.//evil.example", null],
    ["/..//evil.example", null],
    ["/%2e%2e//evil.example", null],
    ["/x/../api/auth/logout", null],
    // still encoded, a path on this site
    ["/%2F%2Fevil.example", "/%2F%2Fevil.example"],
    ["/%09/evil.example", "/%09/evil.example"],
    // normalised, so the Location header stays valid
    ["/practitioners/caf\u00e9?q=a b#top", null],
    ["/practitioners/caf\u00e9?q=a+b#top", "/practitioners/caf%C3%A9?q=a+b#top"],
  ])("safeNextPath(%p) is %p", (input, expected) => {
    expect(safeNextPath(input)).toBe(expected);
  });

  test("error codes map to fixed texts and back; anything else to nothing", () => {
    expect(authErrorText("invalid_credentials")).toBe("Invalid email or password");
    expect(authErrorText("toString")).toBeNull();
    expect(authErrorText("Your account is suspended")).toBeNull();
    expect(authErrorCode(AUTH_ERROR_TEXTS.passwords_do_not_match)).toBe("passwords_do_not_match");
    expect(authErrorCode("something else")).toBeNull();
  });
});

describe("isValidEmail", () => {
  test.each(["a@b.example", "first.last+tag@sub.example.co", "o'neil@example.ie"])("accepts %j", (email) => {
    expect(isValidEmail(email)).toBe(true);
  });
  test.each(["\u0000@b.example", "<svg/onload=alert(1)>@x.example", "a b@c.example", "a@b", "@b.example", "a@@b.example", "a@-b.example", "a@b..example", `${"a".repeat(65)}@b.example`, "a(b)@c.example", '"a"@b.example'])(
    "refuses %j",
    (email) => {
      expect(isValidEmail(email)).toBe(false);
    },
  );
});

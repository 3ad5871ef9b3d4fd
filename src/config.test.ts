import { describe, expect, test } from "bun:test";
import { ConfigError, configWarnings, demoDataWanted, describeValue, isLoopbackHost, loadConfig, PAYMENTS_DEMO_WORKERS_WARNING, TRUST_PROXY_WARNING } from "./config";

describe("loadConfig", () => {
  test("defaults make the embedded demo work", () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_PATH).toBe("./data/app.db");
    expect(config.APP_URL).toBe("http://localhost:3000");
    expect(config.OUTBOX_DIR).toBe("data/outbox");
    expect(config.SMTP_URL).toBeUndefined();
    expect(config.googleEnabled).toBe(false);
    expect(config.AUTH_RATE_LIMIT).toBe(10);
  });

  test("the server listens on loopback unless told otherwise (issue 26)", () => {
    expect(loadConfig({}).HOST).toBe("127.0.0.1");
    expect(loadConfig({ HOST: "0.0.0.0" }).HOST).toBe("0.0.0.0");
    expect(isLoopbackHost("127.0.0.1")).toBe(true);
    expect(isLoopbackHost("::1")).toBe(true);
    expect(isLoopbackHost("localhost")).toBe(true);
    expect(isLoopbackHost("127.4.5.6")).toBe(true);
    expect(isLoopbackHost("0.0.0.0")).toBe(false);
    expect(isLoopbackHost("::")).toBe(false);
    expect(isLoopbackHost("192.168.1.20")).toBe(false);
  });

  test("the demo data is not loaded by default on a public interface, http or not", () => {
    expect(demoDataWanted({ DEMO_DATA: "auto", APP_URL: "http://localhost:3000", HOST: "127.0.0.1" })).toBe(true);
    expect(demoDataWanted({ DEMO_DATA: "auto", APP_URL: "http://localhost:3000", HOST: "0.0.0.0" })).toBe(false);
    expect(demoDataWanted({ DEMO_DATA: "auto", APP_URL: "https://pollinate.example", HOST: "127.0.0.1" })).toBe(false);
  });

  test("reads and coerces values", () => {
    const config = loadConfig({ PORT: "8080", APP_URL: "https://pollinate.example/", TRUST_PROXY: "true", GOOGLE_CLIENT_ID: "id", GOOGLE_CLIENT_SECRET: "secret" });
    expect(config.PORT).toBe(8080);
    expect(config.APP_URL).toBe("https://pollinate.example");
    expect(config.TRUST_PROXY).toBe(true);
    expect(config.googleEnabled).toBe(true);
  });

  test("blank optional values count as unset", () => {
    expect(loadConfig({ SMTP_URL: "  ", APP_URL: "" }).SMTP_URL).toBeUndefined();
  });

  test.each([
    ["PORT", "eighty"],
    ["PORT", "70000"],
    ["APP_URL", "not a url"],
    ["NODE_ENV", "staging"],
    ["SIMPLE_ADMIN_PASSWORD", "short"],
  ])("a bad %s stops the start with a message naming it", (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(name);
  });

  test("a refused ordinary value is shown, so the mistake can be seen", () => {
    expect(() => loadConfig({ PORT: "eighty" })).toThrow('(got "eighty")');
  });

  test.each([
    ["SMTP_URL", "not a url but p4ssw0rd-inside"],
    ["ADMIN_ACCESS_CODE", "short"],
    ["SIMPLE_ADMIN_PASSWORD", "hunter2"],
  ])("a refused %s is named but its value is not shown", (name, value) => {
    let message = "";
    try {
      loadConfig({ [name]: value });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain(name);
    expect(message).toContain(`(got a value of ${value.length} characters)`);
    expect(message).not.toContain(value);
  });

  test("secret values are masked whatever the variable's rule", () => {
    expect(describeValue("GOOGLE_CLIENT_SECRET", "s3cr3t")).toBe("a value of 6 characters");
    expect(describeValue("SMTP_URL", "smtp://user:pass@mail.example")).toBe("a value of 29 characters");
    expect(describeValue("PORT", "x")).toBe('"x"');
    expect(describeValue("ADMIN_ACCESS_CODE", undefined)).toBe("nothing");
  });
});

describe("start-up warnings", () => {
  test("TRUST_PROXY=true is worth a warning; the default is not", () => {
    expect(configWarnings(loadConfig({ TRUST_PROXY: "true" }))).toEqual([TRUST_PROXY_WARNING]);
    expect(configWarnings(loadConfig({}))).toEqual([]);
  });

  test("the demo payment mode with several processes is worth a warning (its pretend Stripe is per process)", () => {
    expect(configWarnings(loadConfig({ WORKERS: "2" }))).toEqual([PAYMENTS_DEMO_WORKERS_WARNING]);
    expect(configWarnings(loadConfig({ WORKERS: "2", PAYMENTS_DEMO: "false" }))).toEqual([]);
    expect(configWarnings(loadConfig({ WORKERS: "1" }))).toEqual([]);
  });
});

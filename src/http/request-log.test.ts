import { afterAll, beforeAll, describe, expect, spyOn, test } from "bun:test";
import { createUser } from "../testing/factories";
import { createTestApp, type TestApp } from "../testing/test-app";
import { servedBy } from "./request-log";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { LOG_REQUESTS: "true" } });
});
afterAll(() => t.cleanup());

describe("the request log", () => {
  test("keeps a private calendar feed's token out of its lines (the token alone opens the feed)", async () => {
    const browser = t.client();
    await t.loginAs(browser, (await createUser(t.db)).id);
    const { url } = (await (await browser.post("/api/calendar/token")).json()) as { url: string };
    const path = new URL(url).pathname;
    const token = path.match(/\/api\/calendar\/([a-z2-7]+)\.ics$/)![1];
    const lines: string[] = [];
    const log = spyOn(console, "log").mockImplementation((...args: unknown[]) => void lines.push(args.join(" ")));
    try {
      expect((await t.client().get(path)).status).toBe(200);
      expect((await t.client().get("/api/calendar/abcdefghijklmnopqrstuvwxyz234567.ics")).status).toBe(404);
      await t.client().get("/practitioners");
    } finally {
      log.mockRestore();
    }
    expect(lines.some((line) => line.startsWith("GET /api/calendar/[token].ics 200 "))).toBe(true);
    expect(lines.some((line) => line.startsWith("GET /api/calendar/[token].ics 404 "))).toBe(true);
    expect(lines.join("\n")).not.toContain(token);
    // other paths are logged as they are
    expect(lines.some((line) => line.startsWith("GET /practitioners 200 "))).toBe(true);
  });

  test("a worker process (WORKERS above 1) ends its lines with its pid; a single process does not", () => {
    expect(servedBy({ POLLINATE_WORKER: "2" })).toBe(` pid ${process.pid}`);
    expect(servedBy({})).toBe("");
  });

  test("each line ends with the request id the answer carries in X-Request-Id", async () => {
    const lines: string[] = [];
    const log = spyOn(console, "log").mockImplementation((...args: unknown[]) => void lines.push(args.join(" ")));
    let id: string | null;
    try {
      id = (await t.client().get("/healthz")).headers.get("x-request-id");
    } finally {
      log.mockRestore();
    }
    expect(id).toBeTruthy();
    expect(lines.some((line) => line.startsWith("GET /healthz 200 ") && line.endsWith(` ${id}`))).toBe(true);
  });
});

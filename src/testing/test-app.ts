/**
 * The whole app over a fresh migrated database, for API and page tests through app.request():
 * a movable clock, recorded e-mails, and clients that keep cookies and send a same-origin Origin.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createApp, type App } from "../app";
import { createSession, sessionCookieName } from "../auth/session";
import { loadConfig, type Config } from "../config";
import { createMailer, type Mailer, type OutgoingEmail } from "../email/mailer";
import { drainOutbox } from "../email/outbox";
import { createTestDatabase, type TestDatabase } from "./test-db";
import { NO_ASSETS } from "../render/assets";
import type { PageRenderer } from "../render/render-pool";

/** The origin app.request() uses for relative paths; also the test config's APP_URL. */
export const TEST_ORIGIN = "http://localhost";

export interface TestClient {
  /** Cookies held by this client, by name. */
  cookies: Map<string, string>;
  request(path: string, init?: RequestInit): Promise<Response>;
  get(path: string, headers?: Record<string, string>): Promise<Response>;
  /** POSTs JSON (no body when `body` is undefined) with Accept: application/json. */
  post(path: string, body?: unknown, headers?: Record<string, string>): Promise<Response>;
  /** POSTs an HTML form (application/x-www-form-urlencoded), as a browser without JavaScript would. */
  postForm(path: string, fields: Record<string, string>): Promise<Response>;
}

export interface TestApp extends TestDatabase {
  app: App;
  config: Config;
  mailer: Mailer;
  /** Every e-mail the app sent, oldest first. */
  sentMail: OutgoingEmail[];
  /** The app's clock: starts at the real time; tests move it forward. */
  clock: { now: Date; advance(ms: number): void };
  /** A new browser-like client with its own cookie jar and client address. */
  client(options?: { ip?: string }): TestClient;
  /**
   * Gives the client a session of `userId` without the sign-in form (a row plus the cookie). The
   * cookie is set at once and the client's next request waits for the row, so a caller may leave
   * the promise alone; await it before reading the database.
   */
  loginAs(client: TestClient, userId: string): Promise<void>;
  /** Sends what the outbox holds (as the worker would after an answer); answers how many went. */
  drainOutbox(): Promise<number>;
  /** Drains the outbox, then waits for an e-mail to `to`. */
  waitForMail(to: string, timeoutMs?: number): Promise<OutgoingEmail>;
  cleanup(): Promise<void>;
}

/** Applies Set-Cookie headers to a jar: later values replace earlier ones, expired ones are removed. */
function storeCookies(jar: Map<string, string>, res: Response): void {
  for (const header of res.headers.getSetCookie()) {
    const [pair, ...attributes] = header.split(";");
    const eq = pair.indexOf("=");
    const name = pair.slice(0, eq).trim();
    const value = decodeURIComponent(pair.slice(eq + 1).trim());
    const expired = attributes.some((a) => {
      const [key, val = ""] = a.trim().split("=");
      if (key.toLowerCase() === "max-age") return Number(val) <= 0;
      if (key.toLowerCase() === "expires") return new Date(val).getTime() <= Date.now();
      return false;
    });
    if (expired || value === "") jar.delete(name);
    else jar.set(name, value);
  }
}

export async function createTestApp(options: { env?: Record<string, string>; mailer?: Mailer; renderer?: PageRenderer } = {}): Promise<TestApp> {
  const testDb = await createTestDatabase();
  const outbox = mkdtempSync(join(tmpdir(), "pollinate-outbox-"));
  // on PostgreSQL the test database is a URL: files kept "beside the database" (the demo Stripe's
  // state) go to this app's temporary folder, as they go beside DATABASE_PATH's default in production
  const databasePath = /^postgres(ql)?:/.test(testDb.path) ? join(outbox, "app.db") : testDb.path;
  const config = loadConfig({ NODE_ENV: "test", LOG_REQUESTS: "false", DATABASE_PATH: databasePath, OUTBOX_DIR: outbox, APP_URL: TEST_ORIGIN, ...options.env });
  const sentMail: OutgoingEmail[] = [];
  const clock = {
    now: new Date(),
    advance(ms: number) {
      clock.now = new Date(clock.now.getTime() + ms);
    },
  };
  const mailer = options.mailer ?? createMailer(config, { log: () => {}, onSend: (email) => sentMail.push(email), now: () => clock.now });
  const app = createApp({
    config,
    db: testDb.db,
    assets: NO_ASSETS,
    now: () => clock.now,
    mailer,
    renderer: options.renderer,
  });

  // sessions loginAs is still writing; every request waits for them first
  const pendingSetup = new Set<Promise<unknown>>();

  function client({ ip = "127.0.0.1" }: { ip?: string } = {}): TestClient {
    const cookies = new Map<string, string>();
    // getConnInfo (hono/bun) reads the client address from the server passed as the third argument
    const env = { server: { requestIP: () => ({ address: ip, family: "IPv4", port: 40000 }) } };
    const request = async (path: string, init: RequestInit = {}) => {
      if (pendingSetup.size) await Promise.all(pendingSetup);
      const headers = new Headers(init.headers);
      const method = (init.method ?? "GET").toUpperCase();
      if (method !== "GET" && method !== "HEAD" && !headers.has("origin")) headers.set("origin", TEST_ORIGIN);
      if (cookies.size && !headers.has("cookie")) headers.set("cookie", [...cookies].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join("; "));
      const res = await app.request(path, { ...init, headers }, env);
      storeCookies(cookies, res);
      return res;
    };
    return {
      cookies,
      request,
      get: (path, headers = {}) => request(path, { headers }),
      post: (path, body, headers = {}) =>
        request(path, {
          method: "POST",
          headers: { accept: "application/json", ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
          body: body === undefined ? undefined : JSON.stringify(body),
        }),
      postForm: (path, fields) =>
        request(path, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(fields).toString(), redirect: "manual" }),
    };
  }

  return {
    ...testDb,
    app,
    config,
    mailer,
    sentMail,
    clock,
    client,
    loginAs(target, userId) {
      const writing = createSession(testDb.db, userId, clock.now).then(({ token }) => {
        target.cookies.set(sessionCookieName(config.APP_URL.startsWith("https:")), token);
      });
      // the cookie must be in the jar before the next request reads it: hold requests until then
      const settled = writing.finally(() => pendingSetup.delete(settled));
      pendingSetup.add(settled);
      return writing;
    },
    drainOutbox: () => drainOutbox({ db: testDb.db, mailer, now: () => clock.now, log: () => {} }),
    async waitForMail(to, timeoutMs = 3000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        await drainOutbox({ db: testDb.db, mailer, now: () => clock.now, log: () => {} });
        const found = sentMail.findLast((m) => m.to === to);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no e-mail to ${to} within ${timeoutMs} ms`);
        await Bun.sleep(10);
      }
    },
    async cleanup() {
      options.renderer?.close();
      mailer.close();
      rmSync(outbox, { recursive: true, force: true });
      // requests a test left running (sessions loginAs is writing) finish before the database goes
      if (pendingSetup.size) await Promise.allSettled(pendingSetup);
      await testDb.cleanup();
    },
  };
}

/** The first http(s) link of an e-mail's text, with its token read out. */
export function linkIn(email: OutgoingEmail): { url: URL; path: string; token: string | null } {
  const match = email.text.match(/https?:\/\/[^\s<>"]+/);
  if (!match) throw new Error(`no link in "${email.subject}"`);
  const url = new URL(match[0]);
  return { url, path: url.pathname + url.search, token: url.searchParams.get("token") };
}

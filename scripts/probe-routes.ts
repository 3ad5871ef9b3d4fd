/**
 * An attacker's sweep of every route, over real HTTP: the app on a random port over a temporary
 * copy of the demo data, its routes read from the app itself (a new route is probed without
 * editing this file). Each route is sent, as a visitor and as each demo account: its own and
 * other people's ids, every write from a cross-site origin, malformed bodies (bad JSON, lone
 * surrogates, invalid UTF-8, NUL, 100 KB strings, 10,000-element arrays, 1e308, prototype keys,
 * wrong media types, 2 MB) and malformed or repeated query parameters. It prints a table and
 * every anomaly, and exits 1 if there is one:
 *   - a 5xx, or an answer slower than 3 s (a hang);
 *   - a cross-site write that was not refused with 403;
 *   - a GET that changed the database;
 *   - a GET that answered 2xx to an account that should not see it (`FORBIDDEN_GETS`).
 *
 *   npx bun scripts/probe-routes.ts
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq, ne, and } from "drizzle-orm";
import { first, openDatabase } from "../db/client";
import { rowsWrittenSoFar } from "../db/write-count";
import { bookings, gardenContent, practitioners, users } from "../db/schema";
import { createApp } from "../src/app";
import { createSession, sessionCookieName } from "../src/auth/session";
import { loadConfig } from "../src/config";
import { createMailer } from "../src/email/mailer";
import { DEMO_ACCOUNTS } from "../src/demo/demo-data";
import { seedDemoData } from "../src/demo/seed";
import { NO_ASSETS } from "../src/render/assets";

const dir = mkdtempSync(join(tmpdir(), "pollinate-probe-"));
const { db, close } = await openDatabase(join(dir, "app.db"));
await seedDemoData(db);
let app: ReturnType<typeof createApp>;
const server = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: (req, srv) => app.fetch(req, { server: srv }), idleTimeout: 30 });
const base = `http://127.0.0.1:${server.port}`;
const config = loadConfig({
  NODE_ENV: "production",
  LOG_REQUESTS: "false",
  DATABASE_PATH: join(dir, "app.db"),
  OUTBOX_DIR: join(dir, "outbox"),
  APP_URL: base,
  AUTH_RATE_LIMIT: "10000",
  ADMIN_ACCESS_CODE: "probe-access-code",
  SIMPLE_ADMIN_PASSWORD: "probe-simple-password",
});
// the e-mails the probe causes (sign-ups, bookings) go quietly to the temporary outbox
const mailer = createMailer(config, { log: () => {} });
app = createApp({ config, db, assets: NO_ASSETS, now: () => new Date(), mailer });

// ---------------------------------------------------------------- who, and whose ids
const idOf = async (email: string) => (await first(db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1)))!.id;
const accounts = {
  client: await idOf(DEMO_ACCOUNTS.client.email),
  practitioner: await idOf(DEMO_ACCOUNTS.practitioner.email),
  admin: await idOf("admin@pollinate.example"),
  preview: await idOf("preview@pollinate.example"),
};
type Who = "visitor" | keyof typeof accounts;
const WHO: Who[] = ["visitor", "client", "preview", "practitioner", "admin"];
const cookies = new Map<Who, string>([["visitor", ""]]);
async function signInAll() {
  for (const [who, userId] of Object.entries(accounts)) cookies.set(who as Who, `${sessionCookieName(false)}=${(await createSession(db, userId, new Date())).token}`);
}
await signInAll();

const ownPractitioner = (await first(db.select({ id: practitioners.id }).from(practitioners).where(eq(practitioners.userId, accounts.practitioner)).limit(1)))!.id;
const otherPractitioner = (await first(db.select({ id: practitioners.id }).from(practitioners).where(ne(practitioners.userId, accounts.practitioner)).limit(1)))!.id;
const clientBooking = (await first(db.select({ id: bookings.id }).from(bookings).where(and(eq(bookings.clientId, accounts.client), eq(bookings.status, "scheduled"))).limit(1)))?.id;
const strangersBooking = (await first(db.select({ id: bookings.id }).from(bookings).where(and(ne(bookings.clientId, accounts.client), ne(bookings.practitionerId, ownPractitioner))).limit(1)))!.id;
const gardenItem = (await first(db.select({ id: gardenContent.id }).from(gardenContent).limit(1)))!.id;
/** Values for a path parameter: real ids of each kind (own and others'), and malformed ones. */
const ID_VALUES = [accounts.client, accounts.practitioner, ownPractitioner, otherPractitioner, clientBooking, strangersBooking, gardenItem, "%ED%A0%80", "%00", "x".repeat(3000), "..%2F..%2Fetc"].filter(
  (v): v is string => Boolean(v),
);
const PARAM_VALUES: Record<string, string[]> = { action: ["verify", "feature", "reinstate", "nope"] };

/** GETs that must not answer 2xx to anyone but these accounts (nor to the owner of an id in the path). */
const FORBIDDEN_GETS: Array<[RegExp, Who[]]> = [
  [/^\/api\/(admin|survey\/responses|survey\/countries|garden\/review-queue)/, ["admin"]],
  [/^\/api\/(favorites|reviews\/client|seeds\/wallet)\//, ["admin"]],
  [new RegExp(`^/api/bookings/${strangersBooking}`), []],
];

// ---------------------------------------------------------------- inputs
const BAD_VALUES: unknown[] = ["a\ud800b", "a\u0000b", "x".repeat(100_000), Array.from({ length: 10_000 }, (_, i) => i), -1, 1e308, { nested: { deeper: [] } }, null, true, ""];
const FIELDS = ["email", "password", "firstName", "lastName", "next", "token", "practitionerId", "rating", "comment", "sessionId", "scheduledDatetime", "duration", "isVirtual", "totalAmount", "notes", "idempotencyKey", "timeZone", "reason", "title", "description", "content", "contentType", "tags", "liked", "contentId", "interactionType", "identityType", "countryOfResidence", "contributionInterests", "finalThoughts", "accessCode", "type", "data", "archetype", "experienceLevel", "bio", "specializations", "professionalCategories", "hourlyRate", "location", "isInPerson", "weeklyHours", "overrides", "bufferMinutes", "minimumNoticeMinutes", "durations", "videoLink"];
const BAD_BODIES: Array<[string, BodyInit, string | undefined]> = [
  ["invalid JSON", "{", "application/json"],
  ["escaped lone surrogates", '{"email":"\\ud800@x.example","title":"\\udfff","accessCode":"\\ud800"}', "application/json"],
  ["invalid UTF-8", new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]), "application/json"],
  ["array", "[]", "application/json"],
  ["null", "null", "application/json"],
  ["1e999", "1e999", "application/json"],
  ["prototype keys", '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"roles":["admin"]}}}', "application/json"],
  ["text/plain", '{"a":1}', "text/plain"],
  ["form with prototype keys", "__proto__=1&constructor=1&email=a%40b.example&email=c%40d.example", "application/x-www-form-urlencoded"],
  ["broken multipart", "--x\r\nbroken", "multipart/form-data; boundary=x"],
  ["no content type", '{"a":1}', undefined],
  ["2 MB", JSON.stringify({ a: "x".repeat(2_000_000) }), "application/json"],
  ["deep nesting", "[".repeat(50_000) + "]".repeat(50_000), "application/json"],
];
const QUERY_NAMES = ["q", "page", "pageSize", "limit", "offset", "search", "role", "date", "duration", "tz", "exclude", "next", "token", "error", "item", "tab", "minPrice", "from"];
const BAD_QUERY_VALUES = ["%ED%A0%80", "%00", "%FF%FE", "%", "-1", "NaN", "1e308", "99999999999999999999", "x".repeat(20_000)];
const CROSS_SITE: Array<[string, Record<string, string>]> = [
  ["another origin", { origin: "https://evil.example" }],
  ["a look-alike origin", { origin: `${base}.evil.example` }],
  ["Origin: null from another site", { origin: "null", "sec-fetch-site": "cross-site" }],
  ["no Origin, Sec-Fetch-Site cross-site", { "sec-fetch-site": "cross-site" }],
];

// ---------------------------------------------------------------- sending
const anomalies: string[] = [];
let sent = 0;
async function send(label: string, method: string, path: string, who: Who, init: { body?: BodyInit; type?: string; headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { accept: "application/json", origin: base, ...init.headers };
  if (init.headers && !("origin" in init.headers) && "sec-fetch-site" in init.headers) delete headers.origin;
  if (cookies.get(who)) headers.cookie = cookies.get(who)!;
  if (init.type) headers["content-type"] = init.type;
  sent++;
  const started = performance.now();
  try {
    const res = await fetch(base + path, { method, headers, body: init.body, redirect: "manual", signal: AbortSignal.timeout(10_000) });
    const text = await res.text();
    const ms = performance.now() - started;
    if (res.status >= 500 || ms > 3000) anomalies.push(`${res.status} in ${Math.round(ms)} ms: ${method} ${path.slice(0, 120)} as ${who} (${label}) ${text.slice(0, 120)}`);
    return res.status;
  } catch (error) {
    anomalies.push(`no answer: ${method} ${path.slice(0, 120)} as ${who} (${label}): ${error}`);
    return 0;
  }
}

/** Every concrete path for a route pattern: each parameter takes each of its probe values. */
function pathsFor(pattern: string): string[] {
  let paths = [""];
  for (const segment of pattern.split("/").slice(1)) {
    const param = /^:(\w+)(\{(.*)\})?$/.exec(segment);
    const values = !param ? [segment] : (PARAM_VALUES[param[1]] ?? ID_VALUES).map((v) => (param[3]?.endsWith("\\.ics") ? `${v}.ics` : v));
    paths = paths.flatMap((p) => values.map((v) => `${p}/${v}`));
  }
  return paths.length > 40 ? paths.filter((_, i) => i % Math.ceil(paths.length / 40) === 0) : paths;
}

const routes = [...new Map(app.routes.filter((r) => r.method !== "ALL").map((r) => [`${r.method} ${r.path}`, r])).values()].filter((r) => r.path !== "/*" && !r.path.endsWith("*"));
const logout = (path: string) => path.endsWith("/logout");
/** Rows written so far (a GET must write none). */
const changes = () => rowsWrittenSoFar(db);
const table: string[] = [];

// 1. GETs: who may read what, malformed queries, and no writes
const before = await changes();
for (const route of routes.filter((r) => r.method === "GET")) {
  const statuses = new Map<Who, Set<number>>();
  for (const path of pathsFor(route.path)) {
    for (const who of WHO) {
      const status = await send("as is", "GET", path, who);
      (statuses.get(who) ?? statuses.set(who, new Set()).get(who)!).add(status);
      const rule = FORBIDDEN_GETS.find(([pattern]) => pattern.test(path));
      const ownId = who !== "visitor" && path.includes(accounts[who]);
      if (rule && status >= 200 && status < 300 && !rule[1].includes(who) && !ownId) anomalies.push(`${status}: GET ${path} as ${who}: should be refused`);
    }
    for (const name of QUERY_NAMES) for (const value of BAD_QUERY_VALUES) {
      await send(`?${name}=`, "GET", `${path}?${name}=${value}`, "admin");
      await send(`repeated ?${name}`, "GET", `${path}?${name}=1&${name}=2&${name}=${value}`, "client");
    }
  }
  table.push(`| GET ${route.path} | ${WHO.map((w) => [...(statuses.get(w) ?? [])].sort().join("/")).join(" | ")} |`);
}
const afterGets = await changes();
if (afterGets !== before) anomalies.push(`GET requests changed the database (${afterGets - before} rows)`);

// 2. writes: cross-site refused, then malformed bodies as everyone
for (const route of routes.filter((r) => r.method !== "GET")) {
  const statuses = new Map<Who, Set<number>>();
  for (const path of pathsFor(route.path)) {
    for (const who of WHO) {
      for (const [label, headers] of CROSS_SITE) {
        const status = await send(label, route.method, path, who, { body: "{}", type: "application/json", headers });
        if (status !== 403) anomalies.push(`${status}: ${route.method} ${path} as ${who} from ${label}: not refused`);
      }
      if (logout(path) && who !== "visitor") continue;
      const status = await send("empty JSON", route.method, path, who, { body: "{}", type: "application/json" });
      (statuses.get(who) ?? statuses.set(who, new Set()).get(who)!).add(status);
      for (const [label, body, type] of BAD_BODIES) await send(label, route.method, path, who, { body, type });
      for (const value of BAD_VALUES) await send(`every field = ${JSON.stringify(value)?.slice(0, 20)}`, route.method, path, who, { body: JSON.stringify(Object.fromEntries(FIELDS.map((f) => [f, value]))), type: "application/json" });
    }
    // a probe may have ended a session (a password reset, a suspension): start them again
    await signInAll();
  }
  table.push(`| ${route.method} ${route.path} | ${WHO.map((w) => [...(statuses.get(w) ?? [])].sort().join("/") || "–").join(" | ")} |`);
}

console.log(`| route | ${WHO.join(" | ")} |\n| --- | ${WHO.map(() => "---").join(" | ")} |\n${table.join("\n")}`);
console.log(`\n${routes.length} routes, ${sent} requests, ${anomalies.length} anomalies`);
for (const line of new Set(anomalies)) console.log(`  ${line}`);
server.stop(true);
close();
rmSync(dir, { recursive: true, force: true });
process.exit(anomalies.length ? 1 : 0);

/**
 * Issue 22's proofs with the real server (`bun src/server.ts`, production mode, as the browser
 * tests start it) running as TWO separate processes, A and B, on two ports of 127.0.0.1 against one
 * fresh PostgreSQL database, with a real SMTP server (smtp-server) receiving the e-mails:
 *
 *   a. N (default 200) concurrent bookings of one slot, half sent to A and half to B, each with its
 *      own signed-in client's session: exactly 1 succeeds, the rest are 409 with the "taken" text;
 *   b. wrong passwords for one account, each from another client network (X-Forwarded-For behind
 *      TRUST_PROXY, so only the per-account lockout can refuse them), sent alternately to A and B,
 *      lock the account after as many failures as when they are all sent to A;
 *   c. a session signed in through one process is valid on the other, and signing out through
 *      either ends it on both (each had it cached);
 *   d. `kill -9` of A during a booking load spread over both processes (A started again at once):
 *      every acknowledged booking (201) is in the database, counted against the rows;
 *   e. a password-reset e-mail asked of A is in the outbox when a process dies, and is delivered
 *      exactly once after the restart: A killed right after its 2xx; and the process handing the
 *      message to the mail server killed then (the mail server takes each first attempt slowly, so
 *      the process dies before it is accepted, and the row stays claimed by the dead process until
 *      its lease runs out). Each process has its own SMTP port of the sink, so every delivery says
 *      which process made it.
 *
 *   bun scripts/prove-two-processes.ts [--pg-url postgres://user:pass@host:port] [--bookings 200]
 *       [--load-seconds 10] [--json FILE] [--keep]
 *
 * PG_URL is the default server (postgres://pollinate:pollinate@127.0.0.1:5432, a role with
 * CREATEDB); the database is pollinate_prove_<pid>, dropped at the end unless --keep. Exits 1
 * when a proof fails. db/postgres/two-processes.pgtest.ts runs a smaller version in
 * `npm run test:postgres`.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";

const ROOT = join(import.meta.dir, "..");
const { values } = parseArgs({
  options: {
    "pg-url": { type: "string" },
    bookings: { type: "string", default: "200" },
    "load-seconds": { type: "string", default: "10" },
    json: { type: "string" },
    keep: { type: "boolean", default: false },
  },
});
const SERVER_URL = values["pg-url"] ?? process.env.PG_URL ?? "postgres://pollinate:pollinate@127.0.0.1:5432";
const BOOKINGS = Number(values.bookings);
const LOAD_MS = Number(values["load-seconds"]) * 1000;
if (!Number.isInteger(BOOKINGS) || BOOKINGS < 2 || !(LOAD_MS >= 2000)) throw new Error("--bookings needs an integer ≥ 2 and --load-seconds a number ≥ 2");
/** Failures per account and network (AUTH_RATE_LIMIT); the account locks at 10× that from everywhere. */
const AUTH_LIMIT = 3;
const DATABASE = `pollinate_prove_${process.pid}`;

// the engine is read from DATABASE_URL when db/ loads: set it before importing anything that reaches it
const { createScratchDatabase, dropScratchDatabase, postgresUrlFor } = await import("../db/scratch-databases");
const DATABASE_URL = postgresUrlFor(SERVER_URL, DATABASE);
process.env.DATABASE_URL = DATABASE_URL;
const { eq, inArray, count } = await import("drizzle-orm");
const { atomic, openDatabase } = await import("../db/client");
const { bookings, outbox } = await import("../db/schema");
const { defaultAvailability } = await import("../core/availability");
const { addDays, computeSlots, dateInZone, zonedInstant } = await import("../core/slots");
const { BOOKING_HORIZON_DAYS } = await import("../core/constants");
const { SLOT_REFUSAL_MESSAGES } = await import("../core/slots");
const { ACCOUNT_FAILURE_FACTOR } = await import("../src/auth/sign-in");
const { createSession, sessionCookieName } = await import("../src/auth/session");
const { saveAvailabilitySettings } = await import("../src/features/bookings/availability");
const { createPractitioner, createUser } = await import("../src/testing/factories");
const { startSmtpSink } = await import("../src/testing/smtp-sink");
type ReceivedMail = import("../src/testing/smtp-sink").ReceivedMail;

const ZONE = "America/New_York";
const PASSWORD = "correct horse battery staple";
const results: Record<string, unknown> = { database: DATABASE };
const failures: string[] = [];
const line = (text = "") => console.log(text);
const check = (name: string, ok: boolean) => {
  line(`   ${ok ? "PASS" : "FAIL"}`);
  if (!ok) failures.push(name);
  return ok;
};
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const tally = (statuses: (number | string)[]) => {
  const counts = new Map<number | string, number>();
  for (const s of statuses) counts.set(s, (counts.get(s) ?? 0) + 1);
  return [...counts].sort((a, b) => String(a[0]).localeCompare(String(b[0]))).map(([s, n]) => `${s}×${n}`).join(", ") || "none";
};

// ------------------------------------------------------------------ the database, the sink, A and B
const scratch = mkdtempSync(join(tmpdir(), "pollinate-prove-"));
let t0 = performance.now();
await createScratchDatabase(SERVER_URL, DATABASE);
/** Recipients whose first delivery attempt the mail server takes slowly (proof e), and the attempts it is holding. */
const slowFor = new Set<string>();
const holding: { sink: "A" | "B"; to: string }[] = [];
const holdFirst = (name: "A" | "B") => (mail: ReceivedMail) => {
  const to = mail.recipients.find((r) => slowFor.has(r));
  if (!to || holding.some((h) => h.to === to)) return 0;
  holding.push({ sink: name, to });
  return 6_000;
};
// one SMTP server per process (two ports of one sink program), so each delivery tells who sent it
const sinks = { A: await startSmtpSink({ holdMs: holdFirst("A") }), B: await startSmtpSink({ holdMs: holdFirst("B") }) };
const mailTo = (to: string) => ({
  delivered: [...sinks.A.received, ...sinks.B.received].filter((m) => m.recipients.includes(to)),
  byA: sinks.A.received.filter((m) => m.recipients.includes(to)).length,
  byB: sinks.B.received.filter((m) => m.recipients.includes(to)).length,
  cutOff: [...sinks.A.dropped, ...sinks.B.dropped].filter((m) => m.recipients.includes(to)).length,
});
const freePort = () => {
  const probe = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: () => new Response() });
  const port = probe.port!;
  probe.stop(true);
  return port;
};
const ports = { A: freePort(), B: freePort() };
// one deployment: both processes have the same settings, APP_URL the address people use
const APP_URL = `http://127.0.0.1:${ports.A}`;
const serverEnv = {
  ...process.env,
  DATABASE_URL,
  DATABASE_PATH: join(scratch, "unused.db"),
  NODE_ENV: "production",
  LOG_REQUESTS: "false",
  PAYMENTS_DEMO: "false",
  APP_URL,
  HOST: "127.0.0.1",
  TRUST_PROXY: "true",
  AUTH_RATE_LIMIT: String(AUTH_LIMIT),
};
const prepare = Bun.spawnSync([process.execPath, "scripts/prepare.ts"], { cwd: ROOT, env: serverEnv, stdout: "pipe", stderr: "pipe" });
if (prepare.exitCode !== 0) throw new Error(`scripts/prepare.ts failed:\n${prepare.stdout}${prepare.stderr}`);
line(`== PostgreSQL database ${DATABASE} on ${new URL(SERVER_URL).host}: created, migrated, demo data loaded (scripts/prepare.ts) in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
line(`== SMTP servers (smtp-server): ${sinks.A.url} for A, ${sinks.B.url} for B`);

interface Running {
  name: "A" | "B";
  base: string;
  proc: ReturnType<typeof Bun.spawn>;
  output: () => string;
}
const running: Partial<Record<"A" | "B", Running>> = {};

async function startProcess(name: "A" | "B"): Promise<Running> {
  for (let attempt = 1; ; attempt++) {
    const proc = Bun.spawn([process.execPath, "src/server.ts"], { cwd: ROOT, env: { ...serverEnv, PORT: String(ports[name]), SMTP_URL: sinks[name].url }, stdout: "pipe", stderr: "pipe" });
    let output = "";
    const collect = async (stream: ReadableStream<Uint8Array>) => {
      for await (const chunk of stream) output += new TextDecoder().decode(chunk);
    };
    const collected = Promise.all([collect(proc.stdout), collect(proc.stderr)]);
    const deadline = Date.now() + 30_000;
    while (!/listening on http/.test(output)) {
      if (proc.exitCode !== null || proc.signalCode !== null) {
        await collected;
        if (/EADDRINUSE/.test(output) && attempt < 10) break;
        throw new Error(`process ${name} did not start:\n${output}`);
      }
      if (Date.now() > deadline) throw new Error(`process ${name} did not start within 30 s:\n${output}`);
      await Bun.sleep(25);
    }
    if (!/listening on http/.test(output)) {
      await Bun.sleep(300);
      continue;
    }
    const started = { name, base: `http://127.0.0.1:${ports[name]}`, proc, output: () => output };
    running[name] = started;
    return started;
  }
}

async function stopAll() {
  for (const p of Object.values(running)) {
    if (p && p.proc.exitCode === null && p.proc.signalCode === null) {
      p.proc.kill("SIGTERM");
      await Promise.race([p.proc.exited, Bun.sleep(10_000)]);
      if (p.proc.exitCode === null) p.proc.kill("SIGKILL");
    }
  }
}

const { db, close } = await openDatabase("", { max: 4 });
let exitCode = 1;
try {
  t0 = performance.now();
  const [A, B] = await Promise.all([startProcess("A"), startProcess("B")]);
  line(`== process A: pid ${A.proc.pid}, ${A.base}; process B: pid ${B.proc.pid}, ${B.base} (bun src/server.ts, NODE_ENV=production, one DATABASE_URL; started in ${((performance.now() - t0) / 1000).toFixed(1)} s)`);
  const target = (name: "A" | "B") => running[name]!.base;
  const now = new Date();

  /**
   * Premium clients, each with a session made by the app's own createSession (the Cookie header).
   * One after another, as the set-up of the proofs (the sessions' count is sharded since PostgreSQL
   * migration 0012, and 200 sign-ins at once commit: db/postgres/cross-process.pgtest.ts).
   */
  const signedInClients = async (n: number) => {
    const made: { id: string; cookie: string }[] = [];
    for (let i = 0; i < n; i++) {
      const user = await createUser(db, { accessLevel: "premium", subscriptionStatus: "premium", isEmailVerified: true });
      const { token } = await createSession(db, user.id, now);
      made.push({ id: user.id, cookie: `${sessionCookieName(false)}=${token}` });
    }
    return made;
  };
  const settings = { ...defaultAvailability(ZONE), minimumNoticeMinutes: 0, bufferMinutes: 0 };
  const json = (cookie: string | null, body: unknown, extra: Record<string, string> = {}) => ({
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json", origin: APP_URL, ...(cookie ? { cookie } : {}), ...extra },
    body: JSON.stringify(body),
  });

  // ---------------------------------------------------------------- a. the race
  {
    const practitioner = await createPractitioner(db, { hourlyRateCents: 8500 });
    await saveAvailabilitySettings(db, practitioner.id, settings, now);
    let date = addDays(dateInZone(now, ZONE), 2);
    while ([0, 6].includes(new Date(`${date}T12:00:00Z`).getUTCDay())) date = addDays(date, 1);
    const start = zonedInstant(date, 10 * 60, ZONE).toISOString();
    const clients = await signedInClients(BOOKINGS);
    const body = { practitionerId: practitioner.id, scheduledDatetime: start, duration: 60, isVirtual: true, totalAmount: "85.00", notes: null };
    // warm both processes' routes first (the first request of a process compiles its paths)
    for (const name of ["A", "B"] as const) await fetch(`${target(name)}/api/bookings/${practitioner.id}/availability?date=${date}&duration=60`, { headers: { cookie: clients[0]!.cookie } });
    const started = performance.now();
    const answers = await Promise.all(
      clients.map(async (client, i) => {
        const name = i % 2 === 0 ? "A" : "B";
        const sent = performance.now();
        const res = await fetch(`${target(name)}/api/bookings`, json(client.cookie, body));
        const answer = (await res.json()) as { message?: string };
        return { name, status: res.status, ms: performance.now() - sent, message: answer.message };
      }),
    );
    const wall = performance.now() - started;
    const stored = (await db.select({ n: count() }).from(bookings).where(eq(bookings.practitionerId, practitioner.id)))[0]!.n;
    const of = (name: string) => answers.filter((a) => a.name === name);
    const ms = answers.map((a) => a.ms).sort((x, y) => x - y);
    const refusals = [...new Set(answers.filter((a) => a.status === 409).map((a) => a.message))];
    const successes = answers.filter((a) => a.status === 201).length;
    const conflicts = answers.filter((a) => a.status === 409).length;
    line();
    line(`a. ${BOOKINGS} concurrent POST /api/bookings of one slot (${start}), ${of("A").length} to A and ${of("B").length} to B, each client signed in with its own session`);
    line(`   A answered ${tally(of("A").map((a) => a.status))}; B answered ${tally(of("B").map((a) => a.status))}; bookings stored for the practitioner: ${stored}`);
    line(`   409 text: ${refusals.map((m) => JSON.stringify(m)).join(" | ")}`);
    line(`   latency p50 ${percentile(ms, 50).toFixed(0)} ms, p99 ${percentile(ms, 99).toFixed(0)} ms, max ${ms.at(-1)!.toFixed(0)} ms; all ${BOOKINGS} answered in ${wall.toFixed(0)} ms`);
    results.race = { requests: BOOKINGS, toA: of("A").length, toB: of("B").length, successes, conflicts, stored, refusals, p50Ms: percentile(ms, 50), p99Ms: percentile(ms, 99), wallMs: wall };
    check("a", successes === 1 && conflicts === BOOKINGS - 1 && stored === 1 && refusals.length === 1 && refusals[0] === SLOT_REFUSAL_MESSAGES.taken);
  }

  // ---------------------------------------------------------------- b. the lockout
  {
    /** Wrong passwords, each from a new network, to the processes in `order`, until one is refused with 429. */
    const failuresUntilLocked = async (order: ("A" | "B")[], label: string) => {
      const user = await createUser(db, { email: `lock-${label}-${process.pid}@example.test`, password: PASSWORD, isEmailVerified: true });
      const statuses: string[] = [];
      let failures = 0;
      let lockedBy = "";
      for (let i = 0; i < AUTH_LIMIT * ACCOUNT_FAILURE_FACTOR * 2; i++) {
        const name = order[i % order.length]!;
        const network = `10.${label === "one" ? 1 : 2}.${Math.floor(i / 250)}.${(i % 250) + 1}`;
        const res = await fetch(`${target(name)}/api/auth/signin`, json(null, { email: user.email, password: `wrong ${i}` }, { "x-forwarded-for": network }));
        await res.arrayBuffer();
        statuses.push(`${name}:${res.status}`);
        if (res.status === 401) failures++;
        else if (res.status === 429) {
          lockedBy = name;
          break;
        } else throw new Error(`unexpected ${res.status} from ${name}`);
      }
      // the right password from yet another network, through each process: refused while locked
      const right = [];
      for (const name of ["A", "B"] as const) {
        const res = await fetch(`${target(name)}/api/auth/signin`, json(null, { email: user.email, password: PASSWORD }, { "x-forwarded-for": `10.9.${label === "one" ? 1 : 2}.${name === "A" ? 1 : 2}` }));
        await res.arrayBuffer();
        right.push(`${name}:${res.status}`);
      }
      return { failures, lockedBy, sent: statuses.length, rightPassword: right, byProcess: tally(statuses.map((s) => s.split(":")[0]!)) };
    };
    const one = await failuresUntilLocked(["A"], "one");
    const two = await failuresUntilLocked(["A", "B"], "two");
    const expected = AUTH_LIMIT * ACCOUNT_FAILURE_FACTOR;
    line();
    line(`b. wrong passwords for one account, each from another network (AUTH_RATE_LIMIT=${AUTH_LIMIT}: the account locks after ${AUTH_LIMIT} × ${ACCOUNT_FAILURE_FACTOR} = ${expected} failures from everywhere)`);
    line(`   one process (all to A):    ${one.failures} failures (401), then 429 from ${one.lockedBy}; the right password then: ${one.rightPassword.join(", ")}`);
    line(`   two processes (A, B, A, …): ${two.failures} failures (401; sent ${two.byProcess}), then 429 from ${two.lockedBy}; the right password then: ${two.rightPassword.join(", ")}`);
    results.lockout = { expected, oneProcess: one, twoProcesses: two };
    check("b", one.failures === expected && two.failures === expected && [...one.rightPassword, ...two.rightPassword].every((s) => s.endsWith(":429")));
  }

  // ---------------------------------------------------------------- c. sessions
  {
    const user = await createUser(db, { email: `session-${process.pid}@example.test`, password: PASSWORD, isEmailVerified: true });
    const whoAmI = async (name: "A" | "B", cookie: string) => {
      const res = await fetch(`${target(name)}/api/auth/user`, { headers: { cookie, accept: "application/json" } });
      const body = (await res.json()) as { id?: string; user?: { id?: string } };
      return { status: res.status, same: (body.id ?? body.user?.id) === user.id };
    };
    const round = async (inThrough: "A" | "B", outThrough: "A" | "B") => {
      const res = await fetch(`${target(inThrough)}/api/auth/signin`, json(null, { email: user.email, password: PASSWORD }));
      await res.arrayBuffer();
      const cookie = (res.headers.get("set-cookie") ?? "").split(";")[0]!;
      const before = { A: await whoAmI("A", cookie), B: await whoAmI("B", cookie) };
      const out = await fetch(`${target(outThrough)}/api/auth/logout`, json(cookie, {}));
      await out.arrayBuffer();
      const after = { A: await whoAmI("A", cookie), B: await whoAmI("B", cookie) };
      line(`   signed in through ${inThrough} (${res.status}): /api/auth/user on A ${before.A.status}${before.A.same ? " (that user)" : ""}, on B ${before.B.status}${before.B.same ? " (that user)" : ""}; signed out through ${outThrough} (${out.status}): A ${after.A.status}, B ${after.B.status}`);
      return res.status === 200 && out.status === 200 && before.A.status === 200 && before.A.same && before.B.status === 200 && before.B.same && after.A.status === 401 && after.B.status === 401;
    };
    line();
    line("c. a session made through one process, read through both (each caches it), ended through the other");
    const first = await round("A", "B");
    const second = await round("B", "A");
    results.sessions = { aToB: first, bToA: second };
    check("c", first && second);
  }

  // ---------------------------------------------------------------- d. kill -9 under a write load
  {
    const LOOPS = 16;
    const clients = await signedInClients(LOOPS);
    const horizon = addDays(dateInZone(now, ZONE), BOOKING_HORIZON_DAYS - 2);
    // each loop: its own client and practitioner, so every booking is free; its slots one hour apart
    const loops = [];
    for (const client of clients) {
      loops.push(await (async () => {
        const practitioner = await createPractitioner(db, { hourlyRateCents: 8500 });
        await saveAvailabilitySettings(db, practitioner.id, settings, now);
        const starts: string[] = [];
        for (let date = addDays(dateInZone(now, ZONE), 1); date <= horizon && starts.length < 400; date = addDays(date, 1)) {
          let last = 0;
          for (const slot of computeSlots({ settings, date, duration: 60, viewerTimeZone: ZONE, bookings: [], now })) {
            const at = Date.parse(slot.start);
            if (slot.available && at >= last + 3_600_000) {
              starts.push(slot.start);
              last = at;
            }
          }
        }
        return { client, practitionerId: practitioner.id, starts };
      })());
    }
    const acknowledged: string[] = [];
    const outcomes: string[] = [];
    let stop = false;
    let killedAt = 0;
    let backAt = 0;
    const load = loops.map(async (loop, i) => {
      for (let k = 0; !stop && k < loop.starts.length; k++) {
        const name = (i + k) % 2 === 0 ? "A" : "B";
        const body = { practitionerId: loop.practitionerId, scheduledDatetime: loop.starts[k], duration: 60, isVirtual: true, totalAmount: "85.00", notes: null };
        try {
          const res = await fetch(`${target(name)}/api/bookings`, json(loop.client.cookie, body));
          const answer = (await res.json()) as { id?: string };
          outcomes.push(`${name} ${res.status}`);
          if (res.status === 201 && answer.id) acknowledged.push(answer.id);
        } catch {
          // the connection was refused or cut: not acknowledged
          outcomes.push(`${name} no answer`);
          await Bun.sleep(20);
        }
      }
    });
    const chaos = (async () => {
      await Bun.sleep(LOAD_MS * 0.35);
      const victim = running.A!;
      killedAt = performance.now();
      victim.proc.kill("SIGKILL");
      await victim.proc.exited;
      await startProcess("A");
      backAt = performance.now();
      await Bun.sleep(Math.max(0, LOAD_MS * 0.65 - (backAt - killedAt)));
      stop = true;
    })();
    const loadStart = performance.now();
    await chaos;
    await Promise.all(load);
    const loadMs = performance.now() - loadStart;
    const clientIds = loops.map((l) => l.client.id);
    const rows = await db.select({ id: bookings.id }).from(bookings).where(inArray(bookings.clientId, clientIds));
    const stored = new Set(rows.map((r) => r.id));
    const missing = acknowledged.filter((id) => !stored.has(id));
    line();
    line(`d. ${LOOPS} clients booking free slots as fast as answered for ${(loadMs / 1000).toFixed(1)} s, each request to A or B in turn; kill -9 of A after ${(LOAD_MS * 0.35 / 1000).toFixed(1)} s, A started again (listening ${((backAt - killedAt) / 1000).toFixed(1)} s after the kill)`);
    line(`   answers: ${tally(outcomes)}`);
    line(`   acknowledged (201): ${acknowledged.length}; rows in the database for these clients: ${stored.size}; acknowledged but missing: ${missing.length}; stored without an answer (in flight at the kill): ${stored.size - acknowledged.length}`);
    results.kill = { seconds: loadMs / 1000, answers: tally(outcomes), acknowledged: acknowledged.length, rows: stored.size, missing: missing.length, restartMs: backAt - killedAt };
    check("d", missing.length === 0 && acknowledged.length > 0 && outcomes.some((o) => o.endsWith("no answer")) && new Set(acknowledged).size === acknowledged.length);
  }

  // ---------------------------------------------------------------- e. an e-mail queued when its process dies
  {
    // the bookings' e-mails of d. leave first, so that A's worker is idle when the reset is asked for
    const pending = async () => (await db.select({ n: count() }).from(outbox).where(eq(outbox.status, "pending")))[0]!.n;
    const drainDeadline = Date.now() + 120_000;
    while ((await pending()) > 0 && Date.now() < drainDeadline) await Bun.sleep(250);
    const rowOf = async (to: string) =>
      (await db.select({ payload: outbox.payload, status: outbox.status, lockedUntil: outbox.lockedUntil }).from(outbox).where(eq(outbox.kind, "email"))).filter(
        (r) => (r.payload as { to?: string }).to === to,
      );
    const describe = (rows: { status: string; lockedUntil: Date | null }[]) =>
      rows.map((r) => (r.lockedUntil && r.status === "pending" ? `pending, claimed until ${r.lockedUntil.toISOString().slice(11, 23)}` : r.status)).join("; ") || "missing";

    /**
     * Asks A for a reset e-mail; kills A right after the answer, or (`whileSending`) the process
     * that is handing it to the mail server; starts it again; counts the deliveries.
     */
    const killedWithMail = async (label: string, whileSending: boolean) => {
      const user = await createUser(db, { email: `reset-${whileSending ? "sending" : "answer"}-${process.pid}@example.test`, password: PASSWORD, isEmailVerified: true });
      slowFor.add(user.email);
      const res = await fetch(`${target("A")}/api/auth/forgot-password`, json(null, { email: user.email }));
      await res.arrayBuffer();
      if (whileSending) {
        const deadline = Date.now() + 10_000;
        while (!holding.some((h) => h.to === user.email) && Date.now() < deadline) await Bun.sleep(5);
      }
      const sender = holding.find((h) => h.to === user.email)?.sink;
      // either process's worker may take the row (each polls every second; the wake at the write
      // comes before the commit): the one handing it to the mail server is killed
      const victim = whileSending && sender ? sender : "A";
      running[victim]!.proc.kill("SIGKILL");
      const killedAt = performance.now();
      await running[victim]!.proc.exited;
      const atKill = await rowOf(user.email);
      const deliveredAtKill = mailTo(user.email).delivered.length;
      await startProcess(victim);
      const restartMs = performance.now() - killedAt;
      const deadline = Date.now() + 90_000;
      while (mailTo(user.email).delivered.length === 0 && Date.now() < deadline) await Bun.sleep(100);
      const deliveredMs = performance.now() - killedAt;
      // both processes keep draining: a while longer, to see that nothing sends it again
      await Bun.sleep(5_000);
      const after = mailTo(user.email);
      const rowAfter = await rowOf(user.email);
      line(`   ${label}: POST /api/auth/forgot-password to A answered ${res.status}; kill -9 of ${victim} ${whileSending ? `while ${victim} was handing the message to the mail server` : "right after the answer"}`);
      line(`      at the kill: outbox row ${describe(atKill)}; accepted by the mail server: ${deliveredAtKill}`);
      line(`      ${victim} listening again ${(restartMs / 1000).toFixed(1)} s after the kill; accepted ${(deliveredMs / 1000).toFixed(1)} s after the kill; 5 s later: accepted ${after.delivered.length} time(s) (from A ${after.byA}, from B ${after.byB}), cut off with ${victim}: ${after.cutOff}; outbox row ${describe(rowAfter)}`);
      const ok =
        res.status === 200 &&
        atKill.length === 1 &&
        atKill[0]!.status === "pending" &&
        deliveredAtKill === 0 &&
        after.delivered.length === 1 &&
        rowAfter.length === 1 &&
        rowAfter[0]!.status === "sent" &&
        (!whileSending || (sender !== undefined && after.cutOff === 1 && deliveredMs > 25_000));
      return { ok, status: res.status, killed: victim, rowAtKill: describe(atKill), deliveredAtKill, restartMs, deliveredMs, delivered: after.delivered.length, fromA: after.byA, fromB: after.byB, cutOff: after.cutOff, rowAfter: describe(rowAfter) };
    };
    line();
    line("e. an e-mail in the outbox when its process dies (the mail server takes each first attempt slowly, 6 s; a claim's lease is 30 s)");
    const afterAnswer = await killedWithMail("right after the 2xx", false);
    const whileSending = await killedWithMail("while sending", true);
    const subject = mailTo(`reset-sending-${process.pid}@example.test`).delivered[0]?.parsed.subject ?? "";
    line(`   subject: ${JSON.stringify(subject)}`);
    results.mail = { afterAnswer, whileSending };
    check("e", afterAnswer.ok && whileSending.ok);
  }

  line();
  line(failures.length === 0 ? "All five proofs passed." : `FAILED: ${failures.join(", ")}`);
  results.failures = failures;
  exitCode = failures.length === 0 ? 0 : 1;
} catch (error) {
  console.error(error);
  for (const p of Object.values(running)) if (p) console.error(`--- process ${p.name}'s output (last 3,000 characters):\n${p.output().slice(-3000)}`);
} finally {
  if (values.json) writeFileSync(values.json, JSON.stringify(results, null, 2));
  await stopAll();
  await close();
  await sinks.A.close();
  await sinks.B.close();
  if (!values.keep) await dropScratchDatabase(SERVER_URL, DATABASE).catch((error) => console.error(`could not drop ${DATABASE}:`, error));
  rmSync(scratch, { recursive: true, force: true });
}
process.exit(exitCode);

/**
 * Conversations' live updates across server processes on one PostgreSQL database (`npm run
 * test:postgres`): two real server processes (src/server.ts, each with its own pool and its own
 * hub: src/features/conversations/live.ts over LISTEN/NOTIFY), a message sent through one
 * arriving on a stream held by the other, and the other way round for reads and unread totals.
 * PG_URL, default postgres://pollinate:pollinate@127.0.0.1:5432; creates and drops
 * pollinate_live_<pid>. The people and their sessions are written straight into the database.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { SQL, type Subprocess } from "bun";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { hashToken } from "../../src/auth/tokens";
import { openPostgres, type OpenedPostgres } from "./client";
import * as schema from "./schema";
import { eq } from "drizzle-orm";

const BASE_URL = process.env.PG_URL ?? "postgres://pollinate:pollinate@127.0.0.1:5432";
const DATABASE = `pollinate_live_${process.pid}`;
const ROOT = join(import.meta.dir, "..", "..");

function urlFor(database: string): string {
  const url = new URL(BASE_URL);
  url.pathname = `/${database}`;
  return url.toString();
}

interface Server {
  origin: string;
  process: Subprocess;
}

let admin: SQL;
let opened: OpenedPostgres;
let folder: string;
const servers: Server[] = [];
const cookie = { client: "", practitioner: "" };
let practitionerId = "";

function freePort(): number {
  const probe = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response() });
  const port = probe.port!;
  probe.stop(true);
  return port;
}

/** A server process of its own (pool, hub, LISTEN connection), started as `npm start` starts one. */
async function startServer(): Promise<Server> {
  const port = freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child = Bun.spawn([process.execPath, "src/server.ts"], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "development",
      DATABASE_URL: urlFor(DATABASE),
      DATABASE_PATH: join(folder, `app-${port}.db`),
      OUTBOX_DIR: join(folder, `outbox-${port}`),
      PORT: String(port),
      HOST: "127.0.0.1",
      APP_URL: origin,
      DEMO_DATA: "false",
      LOG_REQUESTS: "false",
      WORKERS: "1",
      // a stream re-reads what a lost notification kept from it this often (the default is 25 s)
      LIVE_CATCH_UP_MS: "300",
    },
    stdout: "pipe",
    stderr: "inherit",
  });
  const reader = child.stdout.getReader();
  const decoder = new TextDecoder();
  let output = "";
  const deadline = Date.now() + 60_000;
  while (!output.includes("Pollinate listening on")) {
    if (Date.now() > deadline) throw new Error(`the server did not start: ${output}`);
    const { value, done } = await reader.read();
    if (done) throw new Error(`the server stopped: ${output}`);
    output += decoder.decode(value);
  }
  reader.releaseLock();
  void child.stdout.pipeTo(new WritableStream());
  return { origin, process: child };
}

async function person(fields: Partial<typeof schema.users.$inferInsert>): Promise<{ id: string; cookie: string }> {
  const [user] = await opened.db
    .insert(schema.users)
    .values({ email: `${crypto.randomUUID()}@example.test`, isEmailVerified: true, ...fields })
    .returning();
  const token = crypto.randomUUID() + crypto.randomUUID();
  const now = new Date();
  await opened.db.insert(schema.sessions).values({
    sid: hashToken(token),
    userId: user.id,
    expire: new Date(now.getTime() + 86_400_000),
    sess: { userId: user.id, createdAt: now.toISOString() },
  });
  return { id: user.id, cookie: `pollinate_session=${encodeURIComponent(token)}` };
}

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), "pollinate-live-"));
  admin = new SQL({ url: urlFor("postgres"), max: 1 });
  await admin.unsafe(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
  await admin.unsafe(`CREATE DATABASE ${DATABASE}`);
  opened = await openPostgres(urlFor(DATABASE), { max: 2 });
  const client = await person({ firstName: "Clara", accessLevel: "premium", subscriptionStatus: "premium" });
  const owner = await person({ firstName: "Sage" });
  await opened.db.insert(schema.userRoles).values({ userId: owner.id, role: "practitioner" });
  const [practitioner] = await opened.db
    .insert(schema.practitioners)
    .values({ userId: owner.id, archetype: "bee", experienceLevel: "rising", bio: "Grounded, steady space.", specializations: ["Stress release"], hourlyRateCents: 8500 })
    .returning();
  practitionerId = practitioner.id;
  cookie.client = client.cookie;
  cookie.practitioner = owner.cookie;
  // migrated above: the two start side by side
  servers.push(...(await Promise.all([startServer(), startServer()])));
}, 120_000);

afterAll(async () => {
  for (const server of servers) {
    server.process.kill("SIGTERM");
    await server.process.exited;
  }
  await opened?.close();
  await admin?.unsafe(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
  await admin?.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
}, 60_000);

function post(server: Server, who: string, path: string, body: unknown): Promise<Response> {
  return fetch(`${server.origin}${path}`, {
    method: "POST",
    headers: { cookie: who, origin: server.origin, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}

interface SseEvent {
  event: string;
  id?: string;
  data: Record<string, unknown>;
}

/** GET /api/conversations/stream on `server`, read event by event. */
async function openStream(server: Server, who: string) {
  const controller = new AbortController();
  const res = await fetch(`${server.origin}/api/conversations/stream`, { headers: { cookie: who, accept: "text/event-stream" }, signal: controller.signal });
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  const events: SseEvent[] = [];
  const reading = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const fields = Object.fromEntries(block.split("\n").filter((l) => !l.startsWith(":") && l.includes(":")).map((l) => [l.slice(0, l.indexOf(":")), l.slice(l.indexOf(":") + 1).trim()]));
          if (fields.event) events.push({ event: fields.event, id: fields.id, data: JSON.parse(fields.data ?? "{}") });
        }
      }
    } catch {
      // aborted
    }
  })();
  /** The first event (from the start of the stream) that `match` accepts, waiting up to `ms`. */
  const next = async (match: (e: SseEvent) => boolean, ms = 5_000): Promise<SseEvent | null> => {
    const deadline = Date.now() + ms;
    for (;;) {
      const found = events.find(match);
      if (found) return found;
      if (Date.now() > deadline) return null;
      await Bun.sleep(20);
    }
  };
  return {
    events,
    next,
    async close() {
      controller.abort();
      await reading;
    },
  };
}

describe("conversations live across two server processes on one PostgreSQL database", () => {
  test("a message sent through one process reaches the recipient's stream on the other, with the unread total; a read through that one reaches the sender's stream on the first", async () => {
    const [a, b] = servers;
    const started = await post(a, cookie.client, "/api/conversations", { practitionerId, body: "Do you work with grief?" });
    expect(started.status).toBe(201);
    const { conversationId } = (await started.json()) as { conversationId: string };

    const practitionerOnB = await openStream(b, cookie.practitioner);
    const clientOnA = await openStream(a, cookie.client);
    const clientOnB = await openStream(b, cookie.client);
    try {
      expect(await practitionerOnB.next((e) => e.event === "ready")).toMatchObject({ data: { unreadTotal: 1 } });
      expect(await clientOnA.next((e) => e.event === "ready")).not.toBeNull();
      expect(await clientOnB.next((e) => e.event === "ready")).not.toBeNull();

      const sent = await post(a, cookie.client, `/api/conversations/${conversationId}/messages`, { body: "Gently, at my pace?" });
      expect(sent.status).toBe(201);
      const { message } = (await sent.json()) as { message: { id: string } };

      // the recipient's stream in the other process: the message as the recipient sees it, and the new total
      const arrived = await practitionerOnB.next((e) => e.event === "message" && e.id === message.id);
      expect(arrived?.data).toMatchObject({ type: "message", message: { id: message.id, body: "Gently, at my pace?", from: "them" }, unreadTotal: 2 });
      // the sender's other tab, in the other process, and the sender's stream in this one
      expect((await clientOnB.next((e) => e.event === "message" && e.id === message.id))?.data).toMatchObject({ message: { from: "me" } });
      expect((await clientOnA.next((e) => e.event === "message" && e.id === message.id))?.data).toMatchObject({ message: { from: "me" } });

      // the practitioner reads through B: the client's stream on A sees it read
      const read = await post(b, cookie.practitioner, `/api/conversations/${conversationId}/read`, {});
      expect(read.status).toBe(200);
      expect((await clientOnA.next((e) => e.event === "read"))?.data).toMatchObject({ type: "read", conversationId, seenMessageId: message.id });
      expect((await practitionerOnB.next((e) => e.event === "unread"))?.data).toMatchObject({ unreadTotal: 0 });
    } finally {
      await Promise.all([practitionerOnB.close(), clientOnA.close(), clientOnB.close()]);
    }
  }, 60_000);

  test("ten messages sent alternately through both processes reach a stream on one of them, each once", async () => {
    const [a, b] = servers;
    const started = await post(b, cookie.client, "/api/conversations", { practitionerId, body: "One more question" });
    const { conversationId } = (await started.json()) as { conversationId: string };
    const practitionerOnA = await openStream(a, cookie.practitioner);
    try {
      expect(await practitionerOnA.next((e) => e.event === "ready")).not.toBeNull();
      const ids: string[] = [];
      for (let i = 0; i < 10; i++) {
        const res = await post(i % 2 ? a : b, cookie.client, `/api/conversations/${conversationId}/messages`, { body: `Line ${i}` });
        expect(res.status).toBe(201);
        ids.push(((await res.json()) as { message: { id: string } }).message.id);
      }
      for (const id of ids) expect(await practitionerOnA.next((e) => e.id === id), id).not.toBeNull();
      const received = practitionerOnA.events.filter((e) => e.event === "message").map((e) => e.id!);
      // nothing twice (the conversation's first line, sent through B just before the stream opened, may come too)
      expect(new Set(received).size).toBe(received.length);
      // ids are time-ordered (UUIDv7): the stream's client orders by them; each of the ten arrives once
      expect(received.filter((id) => ids.includes(id)).toSorted()).toEqual(ids);
    } finally {
      await practitionerOnA.close();
    }
  }, 60_000);

  test("a message whose notification never came (its process killed between the commit and the NOTIFY) reaches the open stream at the next catch-up, once", async () => {
    const [a, b] = servers;
    // the conversation of the tests above: 200 with the line added
    const started = await post(a, cookie.client, "/api/conversations", { practitionerId, body: "Is Thursday possible?" });
    expect(started.status).toBe(200);
    const { conversationId } = (await started.json()) as { conversationId: string };
    const practitionerOnB = await openStream(b, cookie.practitioner);
    try {
      expect(await practitionerOnB.next((e) => e.event === "ready")).not.toBeNull();
      // committed as sendMessage commits it, with no NOTIFY after it: what a kill -9 at that moment leaves
      const [client] = await opened.db.select().from(schema.users).where(eq(schema.users.firstName, "Clara")).limit(1);
      const id = Bun.randomUUIDv7();
      await opened.db.insert(schema.messages).values({ id, conversationId, kind: "text", senderId: client.id, body: "Or Friday morning?", createdAt: new Date() });
      const arrived = await practitionerOnB.next((e) => e.event === "message" && e.id === id, 5_000);
      expect(arrived?.data).toMatchObject({ type: "message", message: { id, body: "Or Friday morning?", from: "them" } });
      // later catch-ups do not send it again
      await Bun.sleep(1_000);
      expect(practitionerOnB.events.filter((e) => e.id === id)).toHaveLength(1);
    } finally {
      await practitionerOnB.close();
    }
  }, 60_000);
});

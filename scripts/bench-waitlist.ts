/**
 * Waitlist benchmark (issue 25, decision 028), in-process on a temporary SQLite database:
 * 100 clients wait for one practitioner (every day and time of day), 20 of the practitioner's
 * booked sessions are cancelled at once, and two waitlist workers pass side by side until nothing
 * is left to offer. Checks: each freed slot has one open offer at a time, to one person; every
 * offered client accepts at once (from two tabs each) and no slot is booked twice. Reports the
 * time from each cancellation's commit to its offer e-mail being in the outbox (median, p99),
 * with the job passing back to back (the server's 10-second interval adds up to 10 s to that).
 *
 *   bun scripts/bench-waitlist.ts [--waiting 100] [--cancellations 20]
 *
 * Exits non-zero when a check fails.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { and, eq, ne } from "drizzle-orm";
import { openDatabase } from "../db/client";
import { bookings, waitlistOffers } from "../db/schema";
import { defaultAvailability } from "../core/availability";
import { addDays, dateInZone, zonedInstant } from "../core/slots";
import { loadConfig } from "../src/config";
import { saveAvailabilitySettings } from "../src/features/bookings/availability";
import { createBooking, transitionBooking } from "../src/features/bookings/booking";
import { joinWaitlist, runWaitlistPass } from "../src/features/bookings/waitlist";
import { createPractitioner, createUser } from "../src/testing/factories";
import type { CurrentUser } from "../src/http/app-context";

const { values } = parseArgs({ options: { waiting: { type: "string", default: "100" }, cancellations: { type: "string", default: "20" } } });
const WAITING = Number(values.waiting);
const CANCELLATIONS = Number(values.cancellations);
const ZONE = "America/New_York";

const dir = mkdtempSync(join(tmpdir(), "pollinate-bench-waitlist-"));
const { db, close } = await openDatabase(join(dir, "bench.db"));
const config = loadConfig({ NODE_ENV: "production", LOG_REQUESTS: "false", DATABASE_PATH: join(dir, "bench.db"), OUTBOX_DIR: join(dir, "outbox"), APP_URL: "http://localhost" });
const mail = { config };
let failed = false;
const check = (ok: boolean, what: string) => {
  console.log(`${ok ? "ok  " : "FAIL"} ${what}`);
  if (!ok) failed = true;
};
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function premium(i: number): Promise<CurrentUser> {
  const user = await createUser(db, { email: `w${i}@bench.test`, accessLevel: "premium", subscriptionStatus: "premium" });
  return { ...user, roles: ["client"] } as unknown as CurrentUser;
}

try {
  const practitioner = await createPractitioner(db, { hourlyRateCents: 6000, isVirtual: true });
  await saveAvailabilitySettings(db, practitioner.id, { ...defaultAvailability(ZONE), bufferMinutes: 0, minimumNoticeMinutes: 60 }, new Date());
  // the practitioner's week is full from the day after tomorrow: CANCELLATIONS sessions booked by as many clients
  const slots: Date[] = [];
  for (let day = 2; slots.length < CANCELLATIONS; day++) {
    const date = addDays(dateInZone(new Date(), ZONE), day);
    const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    for (const hour of [9, 10, 11, 13, 14, 15, 16]) if (slots.length < CANCELLATIONS) slots.push(zonedInstant(date, hour * 60, ZONE));
  }
  const held: string[] = [];
  for (const [i, start] of slots.entries()) {
    const holder = await premium(10_000 + i);
    const { booking } = await createBooking(db, holder, { practitionerId: practitioner.id, scheduledDatetime: start, duration: 60, isVirtual: true, totalAmount: "60.00", notes: null }, new Date());
    held.push(`${holder.id} ${booking.id}`);
  }
  const waiting: CurrentUser[] = [];
  const last = addDays(dateInZone(new Date(), ZONE), 60);
  for (let i = 0; i < WAITING; i++) {
    const client = await premium(i);
    await joinWaitlist(db, client, { practitionerId: practitioner.id, fromDate: dateInZone(new Date(), ZONE), toDate: last, timesOfDay: ["morning", "afternoon", "evening"], duration: 60, timeZone: ZONE }, new Date());
    waiting.push(client);
  }

  // 20 cancellations at once
  const cancelledAt = new Map<number, number>();
  await Promise.all(
    held.map(async (pair, i) => {
      const [clientId, bookingId] = pair.split(" ");
      await transitionBooking(db, clientId, bookingId, "cancel", new Date(), null, mail);
      cancelledAt.set(slots[i].getTime(), Date.now());
    }),
  );
  // two workers, back to back, until a pass of both offers nothing
  const deps = { db, config, now: () => new Date() };
  for (;;) {
    const [a, b] = await Promise.all([runWaitlistPass(deps), runWaitlistPass(deps)]);
    if (a.length + b.length === 0) break;
  }
  const offers = await db.select().from(waitlistOffers);
  const open = offers.filter((o) => o.status === "open");
  const perSlot = new Map<number, number>();
  for (const o of open) perSlot.set(o.start.getTime(), (perSlot.get(o.start.getTime()) ?? 0) + 1);
  check(open.length === CANCELLATIONS, `${open.length} open offers for ${CANCELLATIONS} freed slots`);
  check([...perSlot.values()].every((n) => n === 1), "one open offer per freed slot");
  check(new Set(open.map((o) => o.clientId)).size === open.length, "each offered to a different person");
  // offered in the order they joined: the first CANCELLATIONS waiting clients
  const firstIds = new Set(waiting.slice(0, CANCELLATIONS).map((c) => c.id));
  check(open.every((o) => firstIds.has(o.clientId)), `offered to the ${CANCELLATIONS} who joined first`);
  const latencies = open.map((o) => o.createdAt.getTime() - cancelledAt.get(o.start.getTime())!).sort((x, y) => x - y);
  console.log(`cancellation → offer e-mail in the outbox: median ${percentile(latencies, 50)} ms, p99 ${percentile(latencies, 99)} ms (passes back to back; the server's job passes every 10 s)`);

  // everyone offered accepts from two tabs at once
  const { createBooking: book } = await import("../src/features/bookings/booking");
  const { offerForAcceptance } = await import("../src/features/bookings/waitlist");
  await Promise.all(
    open.flatMap((o) => {
      const client = waiting.find((c) => c.id === o.clientId)!;
      const accept = async () => {
        await offerForAcceptance(db, client.id, o.id, new Date());
        return book(db, client, { practitionerId: practitioner.id, scheduledDatetime: o.start, duration: 60, isVirtual: true, totalAmount: "60.00", notes: null, idempotencyKey: `waitlist-${o.id}` }, new Date(), mail, o.id).catch((e) => e);
      };
      return [accept(), accept()];
    }),
  );
  const active = await db.select({ start: bookings.scheduledDatetime }).from(bookings).where(and(eq(bookings.practitionerId, practitioner.id), ne(bookings.status, "cancelled")));
  const starts = active.map((b) => b.start.getTime());
  check(new Set(starts).size === starts.length, `no slot booked twice (${starts.length} bookings)`);
  check(starts.length === CANCELLATIONS, `every freed slot booked again (${starts.length} of ${CANCELLATIONS})`);
} finally {
  close();
  rmSync(dir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);

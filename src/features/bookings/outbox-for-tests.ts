/**
 * Tests run no outbox worker: they send what the outbox holds when they look for an e-mail. The
 * rows are due whatever the test's clock says (a clock moved back must not hide them).
 */
import type { Db } from "../../../db/client";
import type { Mailer } from "../../email/mailer";
import { drainOutbox } from "../../email/outbox";

const WHENEVER = new Date("9999-01-01T00:00:00Z");

/** Sends every pending e-mail of the outbox once, in the order they were written; answers how many. */
export async function deliverOutbox(t: { db: Db; mailer: Mailer }): Promise<number> {
  return drainOutbox({ db: t.db, mailer: t.mailer, now: () => WHENEVER });
}

/**
 * Session payments through the real doors (issue 24): the practitioner's instructions, their place
 * in the client's booking e-mail and session list, marking a session paid (history, amount, who may),
 * and the month's paid and outstanding sums next to the spec's earnings figure.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { bookingEvents } from "../../../db/schema";
import { defaultAvailability } from "../../../core/availability";
import { zonedInstant } from "../../../core/slots";
import { SESSION_MONEY_NOTE } from "../../../core/payments";
import type { DashboardBooking } from "../../../core/bookings";
import { createBooking, createPractitioner, createUser } from "../../testing/factories";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { saveAvailabilitySettings } from "../bookings/availability";
import { practitionerBookingStats } from "../bookings/service";
import { monthlyPaidAndOutstanding } from "./sessions";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.now = new Date("2026-06-15T12:00:00Z");
});
afterAll(() => t.cleanup());

const INSTRUCTIONS = "Bank transfer to Sage Moss, IBAN DE00 1234, or pay at https://pay.example/sage. Cash at in-person sessions.";

async function practitionerWithClient(displayName?: string) {
  const practitioner = await createPractitioner(t.db, { hourlyRateCents: 9000, ...(displayName ? { displayName } : {}) });
  await saveAvailabilitySettings(t.db, practitioner.id, defaultAvailability("UTC"), t.clock.now);
  const me = t.client();
  await t.loginAs(me, practitioner.userId);
  const client = await createUser(t.db, { accessLevel: "premium", subscriptionStatus: "premium", email: `payer-${practitioner.id.slice(0, 6)}@example.test` });
  const browser = t.client();
  await t.loginAs(browser, client.id);
  return { practitioner, me, client, browser };
}

describe("payment instructions", () => {
  test("a practitioner writes them (at most 1,000 characters); clients and non-practitioners cannot", async () => {
    const { me, browser } = await practitionerWithClient();
    expect(await (await me.get("/api/payments/instructions")).json()).toEqual({ paymentInstructions: "", cancellationWindowHours: 0, cancellationPolicy: null });
    const saved = await me.request("/api/payments/instructions", { method: "PUT", headers: { "content-type": "application/json" }, body: JSON.stringify({ paymentInstructions: INSTRUCTIONS, cancellationPolicy: "Free cancellation up to 24 hours before." }) });
    expect(saved.status).toBe(200);
    expect(await (await me.get("/api/payments/instructions")).json()).toEqual({ paymentInstructions: INSTRUCTIONS, cancellationWindowHours: 0, cancellationPolicy: "Free cancellation up to 24 hours before." });
    // instructions alone leave the cancellation policy as it was (it is edited with the hours, decision 028)
    await me.request("/api/payments/instructions", { method: "PUT", headers: { "content-type": "application/json" }, body: JSON.stringify({ paymentInstructions: INSTRUCTIONS }) });
    expect(((await (await me.get("/api/payments/instructions")).json()) as { cancellationPolicy: string }).cancellationPolicy).toBe("Free cancellation up to 24 hours before.");
    const tooLong = await me.request("/api/payments/instructions", { method: "PUT", headers: { "content-type": "application/json" }, body: JSON.stringify({ paymentInstructions: "x".repeat(1001) }) });
    expect(tooLong.status).toBe(400);
    expect(((await tooLong.json()) as { message: string }).message).toBe("Payment instructions can be at most 1,000 characters.");
    const asClient = await browser.request("/api/payments/instructions", { method: "PUT", headers: { "content-type": "application/json" }, body: JSON.stringify({ paymentInstructions: "mine" }) });
    expect(asClient.status).toBe(403);
    expect((await t.client().get("/api/payments/instructions")).status).toBe(401);
  });

  test("they reach the client's booking e-mail with the sentence that Pollinate does not handle the money", async () => {
    const { practitioner, me, browser, client } = await practitionerWithClient("Sage W.");
    await me.request("/api/payments/instructions", { method: "PUT", headers: { "content-type": "application/json" }, body: JSON.stringify({ paymentInstructions: INSTRUCTIONS, cancellationPolicy: "24 hours' notice, please." }) });
    const res = await browser.post("/api/bookings", {
      practitionerId: practitioner.id,
      scheduledDatetime: zonedInstant("2026-06-22", 10 * 60, "UTC").toISOString(),
      duration: 60,
      isVirtual: true,
      totalAmount: "90.00",
      notes: null,
    });
    expect(res.status).toBe(201);
    const mail = await t.waitForMail(client.email);
    expect(mail.text).toContain(INSTRUCTIONS);
    // whom to pay, by the display name the client chose them by (issue 26); the subject keeps the reference only
    expect(mail.text).toContain(`How to pay Sage W. (Practitioner #${practitioner.id.slice(-6)}):`);
    expect(mail.subject).not.toContain("Sage W.");
    // the one cancellation policy: the window in words, then the practitioner's text (decision 028)
    expect(mail.text).toContain("Cancellation policy: Free cancellation until the session starts. 24 hours' notice, please.");
    expect(mail.text).toContain(SESSION_MONEY_NOTE);
    expect(mail.html).toContain("https://pay.example/sage");
  });
});

describe("marking a session paid", () => {
  test("only its practitioner marks it; the amount may differ; each mark is in the history; the client's list shows it", async () => {
    const { practitioner, me, browser, client } = await practitionerWithClient();
    const booking = await createBooking(t.db, { clientId: client.id, practitionerId: practitioner.id, status: "completed", scheduledDatetime: new Date("2026-06-10T10:00:00Z") });
    const other = await practitionerWithClient();
    expect((await other.me.post(`/api/payments/sessions/${booking.id}`, { paid: true })).status).toBe(404);
    expect((await browser.post(`/api/payments/sessions/${booking.id}`, { paid: true })).status).toBe(404);
    expect((await me.post(`/api/payments/sessions/${booking.id}`, { paid: "yes" })).status).toBe(400);
    expect((await me.post(`/api/payments/sessions/${booking.id}`, { paid: true, amount: "-5" })).status).toBe(400);

    const paid = await me.post(`/api/payments/sessions/${booking.id}`, { paid: true, amount: "60" });
    expect(paid.status).toBe(200);
    expect(await paid.json()).toEqual({ paid: true, amount: "60.00" });
    const list = (await (await browser.get("/api/bookings")).json()) as DashboardBooking[];
    expect(list.find((b) => b.id === booking.id)!.payment).toEqual({ paid: true, amount: "60.00" });

    expect((await me.post(`/api/payments/sessions/${booking.id}`, { paid: false })).status).toBe(200);
    const history = await t.db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, booking.id));
    expect(history.map((e) => [e.type, e.actor, e.reason])).toEqual([
      ["paid", "practitioner", "$60.00"],
      ["unpaid", "practitioner", null],
    ]);
    const cancelled = await createBooking(t.db, { clientId: client.id, practitionerId: practitioner.id, status: "cancelled", scheduledDatetime: new Date("2026-06-11T10:00:00Z") });
    expect((await me.post(`/api/payments/sessions/${cancelled.id}`, { paid: true })).status).toBe(409);
  });

  test("a session paid ahead and then cancelled keeps its mark and can be marked unpaid (refunded); a late cancellation's fee can be recorded, an on-time cancellation cannot be marked paid", async () => {
    const { practitioner, me, browser } = await practitionerWithClient();
    await saveAvailabilitySettings(t.db, practitioner.id, { ...defaultAvailability("UTC"), cancellationWindowHours: 24 }, t.clock.now);
    const book = async (start: string) => {
      const res = await browser.post("/api/bookings", { practitionerId: practitioner.id, scheduledDatetime: start, duration: 60, isVirtual: true, totalAmount: "90.00", notes: null, timeZone: "UTC" });
      expect(res.status, await res.clone().text()).toBe(201);
      const { id } = (await res.json()) as { id: string };
      expect((await me.post(`/api/bookings/${id}/confirm`, {})).status).toBe(200);
      return id;
    };
    const onTime = await book("2026-06-18T10:00:00.000Z");
    const late = await book("2026-06-17T10:00:00.000Z");
    expect((await me.post(`/api/payments/sessions/${onTime}`, { paid: true })).status).toBe(200);

    // paid ahead, cancelled on time: the mark stays on both sides' lists, the practitioner records the refund
    expect((await browser.post(`/api/bookings/${onTime}/cancel`, {})).status).toBe(200);
    const listed = (await (await browser.get("/api/bookings")).json()) as DashboardBooking[];
    expect(listed.find((b) => b.id === onTime)).toMatchObject({ status: "cancelled", lateCancellation: false, payment: { paid: true, amount: "90.00" } });
    expect((await me.post(`/api/payments/sessions/${onTime}`, { paid: false })).status).toBe(200);
    const again = await me.post(`/api/payments/sessions/${onTime}`, { paid: true });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { message: string }).message).toBe("A cancelled session cannot be marked paid, except a late cancellation's fee.");

    // cancelled inside the 24-hour window: the fee the policy names can be recorded as paid
    t.clock.now = new Date("2026-06-17T00:00:00Z");
    try {
      expect(await (await browser.post(`/api/bookings/${late}/cancel`, {})).json()).toMatchObject({ lateCancellation: true });
      const fee = await me.post(`/api/payments/sessions/${late}`, { paid: true, amount: "45" });
      expect(fee.status).toBe(200);
      expect(await fee.json()).toEqual({ paid: true, amount: "45.00" });
    } finally {
      t.clock.now = new Date("2026-06-15T12:00:00Z");
    }
  });

  test("the month's completed sessions split into paid and outstanding; the spec's figure is unchanged", async () => {
    const { practitioner, me, client } = await practitionerWithClient();
    const a = await createBooking(t.db, { clientId: client.id, practitionerId: practitioner.id, status: "completed", scheduledDatetime: new Date("2026-06-03T10:00:00Z") });
    await createBooking(t.db, { clientId: client.id, practitionerId: practitioner.id, status: "completed", scheduledDatetime: new Date("2026-06-04T10:00:00Z") });
    await createBooking(t.db, { clientId: client.id, practitionerId: practitioner.id, status: "completed", scheduledDatetime: new Date("2026-05-04T10:00:00Z") });
    await me.post(`/api/payments/sessions/${a.id}`, { paid: true, amount: "75.00" });
    const split = await monthlyPaidAndOutstanding(t.db, practitioner.id, t.clock.now, "UTC");
    expect(split).toEqual({ paidCents: 7500, outstandingCents: 9000 });
    const stats = await practitionerBookingStats(t.db, practitioner.id, t.clock.now, "UTC");
    expect(stats.monthlyEarningsCents).toBe(18000);
  });
});

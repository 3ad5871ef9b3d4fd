import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createPractitioner, createUser } from "../testing/factories";
import { createTestApp, type TestApp } from "../testing/test-app";
import { saveAvailabilitySettings } from "../features/bookings/availability";
import { defaultAvailability } from "../../core/availability";
import { BOOKING_MESSAGES } from "../../core/bookings";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.cleanup());

describe("/book/{id}", () => {
  test("a visitor is sent to sign in, with the booking notice and a way back", async () => {
    const practitioner = await createPractitioner(t.db);
    const res = await t.client().get(`/book/${practitioner.id}`);
    expect(res.status).toBe(302);
    const location = res.headers.get("location")!;
    expect(location).toBe(`/auth/signin?reason=booking&next=${encodeURIComponent(`/book/${practitioner.id}`)}`);
    const signIn = await (await t.client().get(location)).text();
    expect(signIn).toContain("Please sign in to book a session.");
  });

  test("a signed-in premium client gets the wizard with the practitioner's summary and a way back", async () => {
    const practitioner = await createPractitioner(t.db, { hourlyRateCents: 9550, isInPerson: true, location: "Asheville, NC" });
    const client = t.client();
    t.loginAs(client, (await createUser(t.db, { roles: ["client"], accessLevel: "premium", subscriptionStatus: "premium" })).id);
    const res = await client.get(`/book/${practitioner.id}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('data-island="BookingWizard"');
    expect(html).toContain(`Facilitator #${practitioner.id.slice(-6)}`);
    expect(html).toContain("$95.50/session");
    expect(html).toContain("Date &amp; Time");
    expect(html).not.toContain("Online booking opens soon");
    expect(html).toMatch(new RegExp(`href="/practitioners/${practitioner.id}"[^>]*>← Back to Profile`));
  });

  test("the wizard offers only the durations the practitioner offers", async () => {
    const practitioner = await createPractitioner(t.db);
    await saveAvailabilitySettings(t.db, practitioner.id, { ...defaultAvailability("Europe/Berlin"), durations: [30, 90] }, new Date());
    const client = t.client();
    t.loginAs(client, (await createUser(t.db, { roles: ["client"], accessLevel: "premium", subscriptionStatus: "premium" })).id);
    const html = await (await client.get(`/book/${practitioner.id}`)).text();
    expect(html).toContain("&quot;durations&quot;:[30,90]");
  });

  test("a preview client sees the upgrade prompt instead of the wizard", async () => {
    const practitioner = await createPractitioner(t.db);
    const client = t.client();
    t.loginAs(client, (await createUser(t.db, { roles: ["client"], accessLevel: "preview" })).id);
    const html = await (await client.get(`/book/${practitioner.id}`)).text();
    expect(html).not.toContain('data-island="BookingWizard"');
    expect(html).toContain("Upgrade to book sessions");
    expect(html).toContain('data-island="UpgradeDialog"');
  });

  test("a practitioner on their own page hears at once that they cannot book themselves, with the way to their dashboard; another's page has the wizard", async () => {
    const own = await createPractitioner(t.db, { user: { accessLevel: "premium", subscriptionStatus: "premium" } });
    const client = t.client();
    t.loginAs(client, own.userId);
    const res = await client.get(`/book/${own.id}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(BOOKING_MESSAGES.selfBooking);
    expect(html).toMatch(/<a href="\/dashboard\/practitioner"[^>]*>Go to your dashboard<\/a>/);
    expect(html).not.toContain('data-island="BookingWizard"');
    expect(html).not.toContain("Upgrade to book sessions");
    const other = await createPractitioner(t.db);
    const elsewhere = await (await client.get(`/book/${other.id}`)).text();
    expect(elsewhere).toContain('data-island="BookingWizard"');
    expect(elsewhere).not.toContain(BOOKING_MESSAGES.selfBooking);
  });

  test("an unknown practitioner says 'Practitioner not found' with status 404", async () => {
    const client = t.client();
    t.loginAs(client, (await createUser(t.db, { roles: ["client"] })).id);
    const res = await client.get("/book/00000000-0000-4000-8000-000000000000");
    expect(res.status).toBe(404);
    expect(await res.text()).toContain("Practitioner not found");
  });
});

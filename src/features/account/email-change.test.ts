/** Issue 26: changing the account's e-mail address, verified by a link to the new address before it takes effect. */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { emailChanges, users } from "../../../db/schema";
import { EMAIL_CHANGE_PATH, EMAIL_CHANGE_TEXTS } from "../../../core/email-change";
import { createUser } from "../../testing/factories";
import { createTestApp, linkIn, type TestApp } from "../../testing/test-app";
import { ACCOUNT_TEXTS } from "./service";
import { EMAIL_CHANGE_TOKEN_LIFETIME_MS } from "./email-change";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT: "50" } });
});
afterAll(async () => {
  await t.cleanup();
});

let n = 0;
const ip = () => `10.81.${Math.floor(++n / 200)}.${n % 200}`;

async function signedIn(email: string, password: string) {
  const client = t.client({ ip: ip() });
  const res = await client.post("/api/auth/signin", { email, password });
  expect(res.status).toBe(200);
  return client;
}

const signInStatus = async (email: string, password: string) => (await t.client({ ip: ip() }).post("/api/auth/signin", { email, password })).status;
const emailOf = async (id: string) => (await t.db.select({ email: users.email }).from(users).where(eq(users.id, id)))[0]?.email;

describe("change e-mail", () => {
  test("needs a session, the right password and a free, valid address", async () => {
    const user = await createUser(t.db, { email: "hazel.move@example.test", password: "hazel pass 1" });
    await createUser(t.db, { email: "taken.move@example.test" });
    expect((await t.client().post("/api/account/email", { newEmail: "x@example.test", currentPassword: "hazel pass 1" })).status).toBe(401);
    const client = await signedIn(user.email, "hazel pass 1");
    const wrong = await client.post("/api/account/email", { newEmail: "hazel.new@example.test", currentPassword: "guess" });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).message).toBe(ACCOUNT_TEXTS.wrongPassword);
    const taken = await client.post("/api/account/email", { newEmail: "Taken.Move@example.test", currentPassword: "hazel pass 1" });
    expect(taken.status).toBe(409);
    expect((await taken.json()).message).toBe(EMAIL_CHANGE_TEXTS.taken);
    expect((await client.post("/api/account/email", { newEmail: "HAZEL.move@example.test", currentPassword: "hazel pass 1" })).status).toBe(400);
    expect((await client.post("/api/account/email", { newEmail: "not an address", currentPassword: "hazel pass 1" })).status).toBe(400);
    expect((await client.post("/api/account/email", { newEmail: "a\u0000b@example.test", currentPassword: "hazel pass 1" })).status).toBe(400);
    expect((await client.post("/api/account/email", { currentPassword: "hazel pass 1" })).status).toBe(400);
    expect(await t.db.select().from(emailChanges).where(eq(emailChanges.userId, user.id))).toEqual([]);
  }, 30_000);

  test("the address changes only when the link sent to the new one is confirmed (GET changes nothing), once; the old address is told both times", async () => {
    const user = await createUser(t.db, { email: "linden.old@example.test", password: "linden pass 1", firstName: "Linden" });
    const client = await signedIn(user.email, "linden pass 1");
    const elsewhere = await signedIn(user.email, "linden pass 1");
    const res = await client.post("/api/account/email", { newEmail: " linden.new@example.test ", currentPassword: "linden pass 1" });
    expect(res.status).toBe(200);
    expect((await res.json()).message).toBe(EMAIL_CHANGE_TEXTS.requested("linden.new@example.test"));

    const link = linkIn(await t.waitForMail("linden.new@example.test"));
    expect(link.url.pathname).toBe(EMAIL_CHANGE_PATH);
    const notice = await t.waitForMail("linden.old@example.test");
    expect(notice.subject).toBe("A change of your Pollinate e-mail address was asked for");
    expect(notice.text).toContain("linden.new@example.test");
    // only the hash of the token is stored
    const [row] = await t.db.select().from(emailChanges).where(eq(emailChanges.userId, user.id));
    expect(row.tokenHash).not.toBe(link.token!);
    expect(JSON.stringify(row)).not.toContain(link.token!);

    // opening the link shows a button and changes nothing
    const page = await t.client().get(link.path);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("linden.new@example.test");
    expect(html).toContain(EMAIL_CHANGE_TEXTS.confirmButton);
    expect(await emailOf(user.id)).toBe("linden.old@example.test");
    expect(await signInStatus("linden.new@example.test", "linden pass 1")).toBe(401);
    expect(await signInStatus("linden.old@example.test", "linden pass 1")).toBe(200);

    // the button (a plain form post, from any browser: the link proves the new mailbox)
    const confirmed = await t.client().postForm(EMAIL_CHANGE_PATH, { token: link.token! });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).toContain(EMAIL_CHANGE_TEXTS.changed("linden.new@example.test"));
    expect(await emailOf(user.id)).toBe("linden.new@example.test");
    expect(await signInStatus("linden.new@example.test", "linden pass 1")).toBe(200);
    expect(await signInStatus("linden.old@example.test", "linden pass 1")).toBe(401);
    const changedNotice = await t.waitForMail("linden.old@example.test");
    expect(changedNotice.subject).toBe("Your Pollinate e-mail address was changed");
    // other sessions stay, and read the new address
    const me = await elsewhere.get("/api/auth/user");
    expect(me.status).toBe(200);
    expect((await me.json()).email).toBe("linden.new@example.test");

    // the link is used up
    expect((await t.client().get(link.path)).status).toBe(400);
    const again = await t.client().postForm(EMAIL_CHANGE_PATH, { token: link.token! });
    expect(again.status).toBe(400);
    expect(await again.text()).toContain(EMAIL_CHANGE_TEXTS.invalid);
  }, 30_000);

  test("an expired link is refused, and a newer request replaces the older link", async () => {
    const user = await createUser(t.db, { email: "rowan.old@example.test", password: "rowan pass 1" });
    const client = await signedIn(user.email, "rowan pass 1");
    expect((await client.post("/api/account/email", { newEmail: "rowan.first@example.test", currentPassword: "rowan pass 1" })).status).toBe(200);
    const first = linkIn(await t.waitForMail("rowan.first@example.test"));
    expect((await client.post("/api/account/email", { newEmail: "rowan.second@example.test", currentPassword: "rowan pass 1" })).status).toBe(200);
    const second = linkIn(await t.waitForMail("rowan.second@example.test"));
    expect((await t.client().postForm(EMAIL_CHANGE_PATH, { token: first.token! })).status).toBe(400);
    t.clock.advance(EMAIL_CHANGE_TOKEN_LIFETIME_MS + 1000);
    try {
      expect((await t.client().get(second.path)).status).toBe(400);
      expect((await t.client().postForm(EMAIL_CHANGE_PATH, { token: second.token! })).status).toBe(400);
    } finally {
      t.clock.advance(-(EMAIL_CHANGE_TOKEN_LIFETIME_MS + 1000));
    }
    expect(await emailOf(user.id)).toBe("rowan.old@example.test");
  }, 30_000);

  test("an address another account took after the request is refused at confirmation (409)", async () => {
    const user = await createUser(t.db, { email: "birch.old@example.test", password: "birch pass 1" });
    const client = await signedIn(user.email, "birch pass 1");
    expect((await client.post("/api/account/email", { newEmail: "birch.new@example.test", currentPassword: "birch pass 1" })).status).toBe(200);
    const link = linkIn(await t.waitForMail("birch.new@example.test"));
    await createUser(t.db, { email: "Birch.New@example.test" });
    const refused = await t.client().postForm(EMAIL_CHANGE_PATH, { token: link.token! });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain(EMAIL_CHANGE_TEXTS.taken);
    expect(await emailOf(user.id)).toBe("birch.old@example.test");
  }, 30_000);

  test("requests are capped per account (429) once the password is right", async () => {
    const user = await createUser(t.db, { email: "aspen.old@example.test", password: "aspen pass 1" });
    const client = await signedIn(user.email, "aspen pass 1");
    for (let i = 0; i < 3; i++) expect((await client.post("/api/account/email", { newEmail: `aspen.${i}@example.test`, currentPassword: "aspen pass 1" })).status).toBe(200);
    const capped = await client.post("/api/account/email", { newEmail: "aspen.4@example.test", currentPassword: "aspen pass 1" });
    expect(capped.status).toBe(429);
    expect((await capped.json()).message).toBe(EMAIL_CHANGE_TEXTS.tooMany);
  }, 30_000);
});

/** Credentials (issue 26): a practitioner lists theirs, an admin verifies them (audit-logged), anyone reads a listed profile's. */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { adminAuditLog, practitioners } from "../../../db/schema";
import { CREDENTIAL_TEXTS, CREDENTIALS_MAX, type ApiCredential } from "../../../core/credentials";
import { createPractitioner, createUser, type Practitioner } from "../../testing/factories";
import { createTestApp, type TestApp, type TestClient } from "../../testing/test-app";

let t: TestApp;
let owner: Practitioner;
let ownerClient: TestClient;
let other: Practitioner;
let otherClient: TestClient;
let admin: TestClient;
let member: TestClient;

const del = (client: TestClient, path: string) => client.request(path, { method: "DELETE" });

async function signedIn(userId: string): Promise<TestClient> {
  const client = t.client();
  await t.loginAs(client, userId);
  return client;
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await createPractitioner(t.db);
  other = await createPractitioner(t.db);
  ownerClient = await signedIn(owner.userId);
  otherClient = await signedIn(other.userId);
  admin = await signedIn((await createUser(t.db, { roles: ["admin"] })).id);
  member = await signedIn((await createUser(t.db)).id);
});
afterAll(() => t.cleanup());

const good = { title: "Registered Psychotherapist", issuingBody: "UK Council for Psychotherapy", number: "UKCP-12345", year: 2016 };

describe("a practitioner's credentials", () => {
  test("added, listed and removed by their practitioner; visitors 401, clients 403", async () => {
    expect((await t.client().post("/api/practitioners/me/credentials", good)).status).toBe(401);
    expect((await member.post("/api/practitioners/me/credentials", good)).status).toBe(403);
    const res = await ownerClient.post("/api/practitioners/me/credentials", good);
    expect(res.status).toBe(201);
    const { credential } = (await res.json()) as { credential: ApiCredential };
    expect(credential).toMatchObject({ ...good, verifiedAt: null });
    const mine = (await (await ownerClient.get("/api/practitioners/me/credentials")).json()) as { credentials: ApiCredential[] };
    expect(mine.credentials.map((c) => c.id)).toEqual([credential.id]);
    // the public list of a listed profile
    const shown = (await (await t.client().get(`/api/practitioners/${owner.id}/credentials`)).json()) as { credentials: ApiCredential[] };
    expect(shown.credentials.map((c) => c.title)).toEqual([good.title]);
    // another practitioner cannot remove it (404: it is not theirs), its owner can
    expect((await del(otherClient, `/api/practitioners/me/credentials/${credential.id}`)).status).toBe(404);
    expect((await del(ownerClient, `/api/practitioners/me/credentials/${credential.id}`)).status).toBe(200);
    expect((await del(ownerClient, `/api/practitioners/me/credentials/${credential.id}`)).status).toBe(404);
  });

  test("refuses a bad body with 400: missing title, a year in the future or before 1950, a control character, too long", async () => {
    for (const body of [
      { ...good, title: "" },
      { ...good, year: new Date().getUTCFullYear() + 1 },
      { ...good, year: 1900 },
      { ...good, year: "2016" },
      { ...good, issuingBody: "UKCP\u0000" },
      { ...good, number: "x".repeat(61) },
      { ...good, title: "x".repeat(121) },
      "not json",
    ]) {
      expect((await ownerClient.post("/api/practitioners/me/credentials", body)).status).toBe(400);
    }
    expect((await t.client().get("/api/practitioners/no-such-id/credentials")).status).toBe(404);
  });

  test(`at most ${CREDENTIALS_MAX} per profile (409)`, async () => {
    const p = await createPractitioner(t.db);
    const client = await signedIn(p.userId);
    for (let i = 0; i < CREDENTIALS_MAX; i++) expect((await client.post("/api/practitioners/me/credentials", { ...good, number: `N${i}` })).status).toBe(201);
    const refused = await client.post("/api/practitioners/me/credentials", good);
    expect(refused.status).toBe(409);
    expect((await refused.json()).message).toBe(CREDENTIAL_TEXTS.tooMany);
  });
});

describe("admins verify credentials", () => {
  test("verify marks the credential and the practitioner Verified, audit-logged; unverify withdraws it; others 403", async () => {
    const { credential } = (await (await otherClient.post("/api/practitioners/me/credentials", { ...good, title: "Certified Yoga Teacher", issuingBody: "Yoga Alliance", number: null })).json()) as { credential: ApiCredential };
    expect((await member.post(`/api/admin/credentials/${credential.id}/verify`)).status).toBe(403);
    expect((await otherClient.post(`/api/admin/credentials/${credential.id}/verify`)).status).toBe(403);
    expect((await t.client().get("/api/admin/credentials")).status).toBe(401);
    const list = (await (await admin.get("/api/admin/credentials")).json()) as { credentials: (ApiCredential & { practitionerId: string })[] };
    expect(list.credentials.find((c) => c.id === credential.id)?.practitionerId).toBe(other.id);
    const res = await admin.post(`/api/admin/credentials/${credential.id}/verify`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { credential: ApiCredential }).credential.verifiedAt).not.toBeNull();
    expect((await t.db.select().from(practitioners).where(eq(practitioners.id, other.id)))[0].isVerified).toBe(true);
    const audit = await t.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, credential.id));
    expect(audit.map((r) => [r.action, r.detail])).toEqual([["verify-credential", "Certified Yoga Teacher, Yoga Alliance (2016)"]]);
    const shown = (await (await t.client().get(`/api/practitioners/${other.id}/credentials`)).json()) as { credentials: ApiCredential[] };
    expect(shown.credentials[0].verifiedAt).not.toBeNull();
    expect((await admin.post(`/api/admin/credentials/${credential.id}/unverify`)).status).toBe(200);
    expect((await admin.post("/api/admin/credentials/no-such-id/verify")).status).toBe(404);
    expect((await admin.post(`/api/admin/credentials/${credential.id}/approve`)).status).toBe(400);
  });
});

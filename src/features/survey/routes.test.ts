import { first as firstRow } from "../../../db/client";
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import Papa from "papaparse";
import { eq } from "drizzle-orm";
import { surveyResponses } from "../../../db/schema";
import { ADMIN_CSV_COLUMNS, type SurveyListResponse } from "../../../core/survey";
import { createSurveyResponse, createUser } from "../../testing/factories";
import { createTestApp, type TestApp, type TestClient } from "../../testing/test-app";

let t: TestApp;
let admin: TestClient;
let member: TestClient;
let memberId: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = t.client({ ip: "10.0.0.1" });
  t.loginAs(admin, (await createUser(t.db, { roles: ["admin"] })).id);
  member = t.client({ ip: "10.0.0.2" });
  memberId = (await createUser(t.db)).id;
  t.loginAs(member, memberId);
});
afterAll(() => t.cleanup());

describe("POST /api/survey", () => {
  test("an anonymous response is stored without a user", async () => {
    const res = await t.client({ ip: "10.1.0.1" }).post("/api/survey", { identityType: "client", countryOfResidence: "  Canada ", trustFactors: ["client_reviews", "client_reviews"] });
    expect(res.status).toBe(201);
    const { id, updated } = await res.json();
    expect(updated).toBe(false);
    const row = (await firstRow(t.db.select().from(surveyResponses).where(eq(surveyResponses.id, id))))!;
    expect(row).toMatchObject({ userId: null, identityType: "client", countryOfResidence: "Canada", trustFactors: ["client_reviews"], ageRange: null });
  });

  test("a signed-in user's response is linked; a second one replaces it and says so", async () => {
    const first = await member.post("/api/survey", { identityType: "facilitator", facilitatorSessionPrice: "$76-100" });
    expect(first.status).toBe(201);
    const second = await member.post("/api/survey", { identityType: "both", finalThoughts: "Changed my mind" });
    expect(second.status).toBe(200);
    const body = await second.json();
    expect(body.updated).toBe(true);
    expect(body.message).toContain("replaced");
    const rows = (await t.db.select().from(surveyResponses).where(eq(surveyResponses.userId, memberId)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ identityType: "both", finalThoughts: "Changed my mind", facilitatorSessionPrice: null });
  });

  test("identityType is required and enumerations are checked (400 with a readable message)", async () => {
    const c = t.client({ ip: "10.1.0.2" });
    const missing = await c.post("/api/survey", { ageRange: "25-34" });
    expect(missing.status).toBe(400);
    expect((await missing.json()).message).toContain("identityType");
    expect((await c.post("/api/survey", { identityType: "wizard" })).status).toBe(400);
    expect((await c.post("/api/survey", { identityType: "client", ageRange: "12-17" })).status).toBe(400);
    const before = (await t.db.select().from(surveyResponses)).length;
    expect((await c.post("/api/survey", { identityType: "client", sessionFrequency: "hourly" })).status).toBe(400);
    expect((await t.db.select().from(surveyResponses)).length).toBe(before);
  });

  test("absurd sizes, lone surrogates, malformed JSON and a cross-site origin are refused", async () => {
    const c = t.client({ ip: "10.1.0.3" });
    expect((await c.post("/api/survey", { identityType: "client", finalThoughts: "x".repeat(2001) })).status).toBe(400);
    expect((await c.post("/api/survey", { identityType: "client", trustFactors: Array(50).fill("client_reviews") })).status).toBe(400);
    const surrogate = await c.request("/api/survey", { method: "POST", headers: { "content-type": "application/json" }, body: '{"identityType":"client","finalThoughts":"a\\ud800b"}' });
    expect(surrogate.status).toBe(400);
    const malformed = await t.client({ ip: "10.1.0.4" }).request("/api/survey", { method: "POST", headers: { "content-type": "application/json" }, body: "{" });
    expect(malformed.status).toBe(400);
    const huge = await t.client({ ip: "10.1.0.5" }).request("/api/survey", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ identityType: "client", finalThoughts: "x".repeat(2_000_000) }) });
    expect(huge.status).toBe(413);
    const crossSite = await t.client({ ip: "10.1.0.6" }).post("/api/survey", { identityType: "client" }, { origin: "https://evil.example" });
    expect(crossSite.status).toBe(403);
  });

  test("is rate-limited per address", async () => {
    const c = t.client({ ip: "10.2.0.1" });
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await c.post("/api/survey", { identityType: "exploring" })).status);
    expect(statuses.slice(0, 5)).toEqual([201, 201, 201, 201, 201]);
    expect(statuses.at(-1)).toBe(429);
    expect((await t.client({ ip: "10.2.0.2" }).post("/api/survey", { identityType: "exploring" })).status).toBe(201);
  });
});

/** A fresh app and a client signed in as an admin of it. */
async function appWithAdmin(): Promise<{ app: TestApp; admin: TestClient }> {
  const app = await createTestApp();
  const admin = app.client();
  app.loginAs(admin, (await createUser(app.db, { roles: ["admin"] })).id);
  return { app, admin };
}

describe("GET /api/survey/responses and the CSV export: admin only", () => {
  let a: TestApp;
  let adminClient: TestClient;
  beforeAll(async () => {
    ({ app: a, admin: adminClient } = await appWithAdmin());
    const day = (d: string) => new Date(`${d}T12:00:00Z`);
    for (let i = 0; i < 25; i++) await createSurveyResponse(a.db, { identityType: "client", countryOfResidence: "Canada", currency: "CAD", createdAt: day(`2025-03-${String(1 + (i % 28)).padStart(2, "0")}`) });
    await createSurveyResponse(a.db, { identityType: "facilitator", countryOfResidence: "Germany", currency: "EUR", finalThoughts: "Love the bees", createdAt: day("2025-04-02") });
    await createSurveyResponse(a.db, { identityType: "both", countryOfResidence: "germany", ageRange: "35-44", createdAt: day("2025-04-03") });
    await createSurveyResponse(a.db, { identityType: "neither", countryOfResidence: "Kenya", finalThoughts: "100%_sure", createdAt: day("2025-04-04") });
    await createSurveyResponse(a.db, { identityType: "exploring", countryOfResidence: "Japan", finalThoughts: "=HYPERLINK(\"http://evil\",\"x\")", createdAt: day("2025-04-05") });
    await createSurveyResponse(a.db, { identityType: "exploring", countryOfResidence: "+cmd", currency: "@SUM(A1)", ageRange: "\t-1", finalThoughts: " =1+1", createdAt: day("2025-04-06") });
  });
  afterAll(() => a.cleanup());

  async function list(query = ""): Promise<SurveyListResponse> {
    const res = await adminClient.get(`/api/survey/responses${query}`);
    expect(res.status).toBe(200);
    return res.json();
  }

  test("a visitor gets 401, a client 403, a forged role header and a stale cookie change nothing", async () => {
    expect((await a.client().get("/api/survey/responses")).status).toBe(401);
    const client = a.client();
    a.loginAs(client, (await createUser(a.db)).id);
    expect((await client.get("/api/survey/responses")).status).toBe(403);
    expect((await client.get("/api/survey/responses", { "x-user-role": "admin", "x-admin-access-code": "guess" })).status).toBe(403);
    expect((await client.get("/api/survey/responses.csv")).status).toBe(403);
    const stale = a.client();
    stale.cookies.set("pollinate_session", "not-a-real-token");
    expect((await stale.get("/api/survey/responses")).status).toBe(401);
    expect((await stale.get("/api/survey/responses.csv")).status).toBe(401);
  });

  test("pages of 20, newest first, with statistics of the filtered set", async () => {
    const first = await list();
    expect(first.total).toBe(30);
    expect(first.data).toHaveLength(20);
    expect(first.data[0].countryOfResidence).toBe("+cmd");
    expect(first.statistics).toEqual({ total: 30, facilitators: 2, clients: 26, exploring: 3 });
    expect((await list("?page=2")).data).toHaveLength(10);
  });

  test("filters by identity type, country (any case) and date range; search matches country, currency, age range, final thoughts", async () => {
    expect((await list("?identityType=client")).total).toBe(25);
    expect((await list("?country=GERMANY")).total).toBe(2);
    expect((await list("?from=2025-04-02&to=2025-04-03")).total).toBe(2);
    expect((await list("?search=bees")).total).toBe(1);
    expect((await list("?search=eur")).total).toBe(1);
    expect((await list("?search=35-44")).total).toBe(1);
    // % and _ are literal
    expect((await list("?search=%25_")).total).toBe(1);
    expect((await list("?identityType=client&search=germany")).total).toBe(0);
  });

  test("bad queries are 400s", async () => {
    expect((await adminClient.get("/api/survey/responses?identityType=wizard")).status).toBe(400);
    expect((await adminClient.get("/api/survey/responses?from=yesterday")).status).toBe(400);
    const impossible = await adminClient.get("/api/survey/responses.csv?to=2025-02-31");
    expect(impossible.status).toBe(400);
    expect((await impossible.json()).message).toBe("to: must be a real date");
    expect((await adminClient.get("/api/survey/responses?page=0")).status).toBe(400);
    expect((await adminClient.get(`/api/survey/responses?search=${"x".repeat(500)}`)).status).toBe(400);
    // an encoded lone surrogate is not valid UTF-8: it decodes to U+FFFD and simply matches nothing
    expect((await list("?search=%ED%A0%80")).total).toBe(0);
  });

  test("the export holds exactly the filtered rows, with formulas neutralised", async () => {
    const res = await adminClient.get("/api/survey/responses.csv?identityType=exploring");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    expect(res.headers.get("content-disposition")).toMatch(/survey-responses-\d{4}-\d{2}-\d{2}\.csv/);
    expect(res.headers.get("x-export-count")).toBe("2");
    const bytes = new Uint8Array(await res.arrayBuffer());
    // a UTF-8 byte-order mark, once, so that Excel reads the accents right; then the header
    expect([...bytes.slice(0, 4)]).toEqual([0xef, 0xbb, 0xbf, "S".charCodeAt(0)]);
    const parsed = Papa.parse<string[]>(new TextDecoder().decode(bytes), { skipEmptyLines: true });
    expect(parsed.data[0]).toEqual([...ADMIN_CSV_COLUMNS]);
    const rows = parsed.data.slice(1);
    expect(rows).toHaveLength(2);
    const byCountry = Object.fromEntries(rows.map((r) => [r[3], r]));
    expect(Object.keys(byCountry).sort()).toEqual(["'+cmd", "Japan"]);
    const payload = byCountry["'+cmd"];
    expect(payload[4]).toBe("'@SUM(A1)");
    expect(payload[2]).toBe("'\t-1");
    expect(payload.at(-1)).toBe("' =1+1");
    expect(byCountry.Japan.at(-1)).toBe("'=HYPERLINK(\"http://evil\",\"x\")");
    for (const cell of rows.flat()) expect(cell).not.toMatch(/^\s*[=+\-@]/);
  });

  test("an export with no matching rows is the header alone", async () => {
    const res = await adminClient.get("/api/survey/responses.csv?country=Atlantis");
    expect(res.headers.get("x-export-count")).toBe("0");
    expect(Papa.parse(await res.text(), { skipEmptyLines: true }).data).toHaveLength(1);
  });

  test("the export's rows equal the filtered list across pages", async () => {
    const query = "?identityType=client&from=2025-03-05";
    const all = [...(await list(query)).data, ...(await list(`${query}&page=2`)).data];
    const csv = Papa.parse<string[]>(await (await adminClient.get(`/api/survey/responses.csv${query}`)).text(), { skipEmptyLines: true }).data.slice(1);
    expect(csv.map((r) => r[0])).toEqual(all.map((r) => r.createdAt.slice(0, 10)));
  });
});

describe("the CSV export neutralises formulas hidden behind quotes and in full-width forms", () => {
  let a: TestApp;
  let adminClient: TestClient;
  const hidden = ['"=HYPERLINK(""http://evil"")"', "'=1+1", ' "+cmd', "\u201c@SUM(A1)\u201d", "\uff1dHYPERLINK(1)", "\uff0b1", '"\t-1'];
  beforeAll(async () => {
    ({ app: a, admin: adminClient } = await appWithAdmin());
    for (const text of hidden) await createSurveyResponse(a.db, { identityType: "neither", countryOfResidence: "Quoteland", finalThoughts: text });
  });
  afterAll(() => a.cleanup());

  test("each such cell starts with ' (the admin and the simple admin export share the writer)", async () => {
    const res = await adminClient.get("/api/survey/responses.csv?country=Quoteland");
    expect(res.status).toBe(200);
    const rows = Papa.parse<string[]>(await res.text(), { skipEmptyLines: true }).data.slice(1);
    expect(rows.map((r) => r.at(-1)).sort()).toEqual(hidden.map((text) => `'${text}`).sort());
  });
});

describe("the admin filters with letters beyond ASCII", () => {
  let a: TestApp;
  let adminClient: TestClient;
  beforeAll(async () => {
    ({ app: a, admin: adminClient } = await appWithAdmin());
    await createSurveyResponse(a.db, { identityType: "client", countryOfResidence: "Österreich", finalThoughts: "Ça marche très bien" });
    await createSurveyResponse(a.db, { identityType: "facilitator", countryOfResidence: "Éire", currency: "EUR" });
    await createSurveyResponse(a.db, { identityType: "client", countryOfResidence: "Canada" });
  });
  afterAll(() => a.cleanup());

  const total = async (query: string) => {
    const res = await adminClient.get(`/api/survey/responses${query}`);
    expect(res.status).toBe(200);
    return ((await res.json()) as SurveyListResponse).total;
  };

  test("a country offered by the filter's own list finds its responses, in the list and in the export", async () => {
    const countries: string[] = await (await adminClient.get("/api/survey/countries")).json();
    expect(countries).toContain("Österreich");
    for (const country of countries) expect(await total(`?country=${encodeURIComponent(country)}`), country).toBe(1);
    const csv = await adminClient.get(`/api/survey/responses.csv?country=${encodeURIComponent("Éire")}`);
    expect(csv.headers.get("x-export-count")).toBe("1");
    const rows = Papa.parse<string[]>(await csv.text(), { skipEmptyLines: true }).data.slice(1);
    expect(rows.map((r) => r[3])).toEqual(["Éire"]);
  });

  test("search and the country filter find text with letters beyond ASCII in any case", async () => {
    expect(await total(`?search=${encodeURIComponent("Österreich")}`)).toBe(1);
    expect(await total(`?search=${encodeURIComponent("österreich")}`)).toBe(1);
    expect(await total(`?search=${encodeURIComponent("ÇA MARCHE TRÈS")}`)).toBe(1);
    expect(await total(`?country=${encodeURIComponent("ÖSTERREICH")}`)).toBe(1);
    expect(await total(`?search=${encodeURIComponent("Ça marche")}`)).toBe(1);
    expect(await total(`?search=${encodeURIComponent("ÉIRE")}`)).toBe(1);
    // ASCII letters still match in any case
    expect(await total("?search=CANADA")).toBe(1);
  });
});

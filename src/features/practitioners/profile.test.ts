import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { ARCHETYPE_GUIDANCE_MESSAGE } from "../../../core/practitioner-profile";
import type { DirectoryResponse } from "../../../core/practitioners";
import type { ApiPractitioner } from "../../../core/types";
import { createPractitioner, createUser } from "../../testing/factories";
import { createTestApp, linkIn, type TestApp, type TestClient } from "../../testing/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.cleanup());

const validProfile = {
  archetype: "bee",
  experienceLevel: "rising",
  bio: "I offer warm, grounding breath and body sessions for people new to holistic care.",
  specializations: ["Breath coaching", "Stress release"],
  professionalCategories: ["breathwork", "reiki"],
  hourlyRate: "70",
  location: "Asheville, NC",
  isVirtual: true,
  isInPerson: true,
};

function put(client: TestClient, body: unknown) {
  return client.request("/api/practitioners/me", { method: "PUT", headers: { "content-type": "application/json", accept: "application/json" }, body: JSON.stringify(body) });
}

async function practitionerClient(): Promise<{ client: TestClient; userId: string }> {
  const client = t.client();
  const userId = (await createUser(t.db, { roles: ["practitioner"], isEmailVerified: true })).id;
  await t.loginAs(client, userId);
  return { client, userId };
}

describe("PUT /api/practitioners/me", () => {
  test("a visitor gets 401 and a client 403", async () => {
    expect((await put(t.client(), validProfile)).status).toBe(401);
    const client = t.client();
    await t.loginAs(client, (await createUser(t.db, { roles: ["client"] })).id);
    expect((await put(client, validProfile)).status).toBe(403);
    expect((await client.get("/api/practitioners/me")).status).toBe(403);
  });

  test("a practitioner creates the profile (201), reads it, edits it (200), and the directory finds the change", async () => {
    const { client } = await practitionerClient();
    const before = await client.get("/api/practitioners/me");
    expect(before.status).toBe(404);
    expect((await before.json()).message).toBe("You have not created your practitioner profile yet");

    const created = await put(client, validProfile);
    expect(created.status).toBe(201);
    const profile = (await created.json()) as ApiPractitioner;
    expect(profile).toMatchObject({ archetype: "bee", experienceLevel: "rising", hourlyRate: "70.00", location: "Asheville, NC", isInPerson: true });
    expect(((await (await client.get("/api/practitioners/me")).json()) as ApiPractitioner).id).toBe(profile.id);

    const edited = await put(client, { ...validProfile, experienceLevel: "evolving", archetype: "butterfly", specializations: "Grief support, Life transitions", hourlyRate: 95.5 });
    expect(edited.status).toBe(200);
    expect(await edited.json()).toMatchObject({ id: profile.id, archetype: "butterfly", experienceLevel: "evolving", hourlyRate: "95.50", specializations: ["Grief support", "Life transitions"] });

    const found = (await (await t.client().get("/api/practitioners/all?q=grief%20support")).json()) as DirectoryResponse;
    expect(found.practitioners.map((p) => p.id)).toEqual([profile.id]);
    const byArchetype = (await (await t.client().get("/api/practitioners/all?archetype=butterfly&q=asheville")).json()) as DirectoryResponse;
    expect(byArchetype.practitioners.map((p) => p.id)).toEqual([profile.id]);
  });

  test("rising facilitators start as Bee: another archetype is refused with the guidance", async () => {
    const { client } = await practitionerClient();
    const res = await put(client, { ...validProfile, archetype: "hummingbird" });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { message: string; errors: Record<string, string> };
    expect(body.message).toBe(ARCHETYPE_GUIDANCE_MESSAGE);
    expect(body.errors.archetype).toBe(ARCHETYPE_GUIDANCE_MESSAGE);
    expect((await put(client, { ...validProfile, archetype: "hummingbird", experienceLevel: "wise" })).status).toBe(201);
  });

  test("a rising profile that already holds another archetype keeps it, but cannot move to a third", async () => {
    const { client, userId } = await practitionerClient();
    await createPractitioner(t.db, { userId, archetype: "beetle", experienceLevel: "rising" });
    expect((await put(client, { ...validProfile, archetype: "beetle" })).status).toBe(200);
    expect((await put(client, { ...validProfile, archetype: "butterfly" })).status).toBe(400);
  });

  test("the profile rules answer with a message per field", async () => {
    const { client } = await practitionerClient();
    const res = await put(client, {
      archetype: "hummingbird",
      experienceLevel: "rising",
      bio: "short",
      specializations: [" ", ""],
      professionalCategories: [],
      hourlyRate: "85",
      location: "",
      isVirtual: false,
      isInPerson: true,
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { message: string; errors: Record<string, string> };
    expect(body.message).toStartWith("Please fix 5 fields:");
    expect(Object.keys(body.errors).sort()).toEqual(["archetype", "bio", "location", "professionalCategories", "specializations"]);
    expect(body.errors).toMatchObject({
      archetype: ARCHETYPE_GUIDANCE_MESSAGE,
      professionalCategories: "Choose at least one professional category.",
      location: "Add the city where you see clients in person.",
    });
    expect(body.errors.bio).toContain("at least 40 characters");
    expect((await put(client, { ...validProfile, isVirtual: false, isInPerson: false })).status).toBe(400);
  });

  test("the body's shape is checked first (zod): wrong types are a 400 that names the field, never coerced", async () => {
    const { client } = await practitionerClient();
    const refused: Array<[Record<string, unknown>, string]> = [
      [{ ...validProfile, location: 5 }, "location: location must be text (or null)"],
      [{ ...validProfile, isVirtual: "true" }, "isVirtual: isVirtual must be true or false"],
      [{ ...validProfile, isInPerson: 1 }, "isInPerson: isInPerson must be true or false"],
      [{ ...validProfile, archetype: "dragon" }, "archetype: archetype must be one of bee, hummingbird, butterfly, beetle"],
      [{ ...validProfile, experienceLevel: "" }, "experienceLevel: experienceLevel must be one of rising, evolving, wise"],
      [{ ...validProfile, professionalCategories: ["juggling"] }, "professionalCategories.0: Choose professional categories from the list"],
      [{ ...validProfile, professionalCategories: "reiki" }, "professionalCategories: professionalCategories must be a list of categories"],
      [{ ...validProfile, specializations: [1, 2] }, "specializations: specializations must be a list of texts"],
      [{ ...validProfile, bio: 42 }, "bio: bio must be text"],
      [{ ...validProfile, bio: "x".repeat(2001) }, "bio: bio must be at most 2000 characters"],
      [{ ...validProfile, hourlyRate: "-5" }, "hourlyRate: hourlyRate must be a number of dollars from 1 to 1000"],
      [{ ...validProfile, hourlyRate: "1000.01" }, "hourlyRate: hourlyRate must be a number of dollars"],
      [{ ...validProfile, hourlyRate: "eighty" }, "hourlyRate: hourlyRate must be a number of dollars"],
      [{ ...validProfile, hourlyRate: true }, "hourlyRate: hourlyRate must be a number of dollars"],
      [{ ...validProfile, hourlyRate: 0 }, "hourlyRate: hourlyRate must be a number of dollars"],
      [{ ...validProfile, isAdmin: true }, "Unknown field: isAdmin"],
    ];
    for (const [body, message] of refused) {
      const res = await put(client, body);
      expect(res.status, message).toBe(400);
      expect(((await res.json()) as { message: string }).message, message).toStartWith(message);
    }
    expect((await put(client, "not an object")).status).toBe(400);
    expect(((await (await put(client, [validProfile])).json()) as { message: string }).message).toBe("The profile must be a JSON object");
    // nothing was saved along the way
    expect((await client.get("/api/practitioners/me")).status).toBe(404);
    // numbers and decimal text both work for the rate; location may be null for virtual sessions
    expect((await put(client, { ...validProfile, hourlyRate: 85.5 })).status).toBe(201);
    expect((await put(client, { ...validProfile, hourlyRate: "$90.25", location: null, isInPerson: false })).status).toBe(200);
  });

  test("malformed JSON is a 400 that says so, not a list of fields; a visitor with a bad body still gets 401", async () => {
    const { client } = await practitionerClient();
    const malformed = (c: TestClient) => c.request("/api/practitioners/me", { method: "PUT", headers: { "content-type": "application/json" }, body: '{"archetype": "bee",' });
    const res = await malformed(client);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: "The request body is not valid JSON" });
    expect((await malformed(t.client())).status).toBe(401);
    expect((await put(t.client(), { archetype: 5 })).status).toBe(401);
    const seeker = t.client();
    await t.loginAs(seeker, (await createUser(t.db, { roles: ["client"] })).id);
    expect((await malformed(seeker)).status).toBe(403);
  });
});

describe("an unverified facilitator is not listed", () => {
  const ids = (r: DirectoryResponse) => r.practitioners.map((p) => p.id);
  /** The directory as a premium member sees it (a visitor sees only the first 3 featured). */
  const directory = async (query: string) => {
    const premium = t.client();
    await t.loginAs(premium, (await createUser(t.db, { accessLevel: "unlimited", subscriptionStatus: "premium" })).id);
    return (await (await premium.get(`/api/practitioners/all?pageSize=48&${query}`)).json()) as DirectoryResponse;
  };

  test("signed up at an address not yet confirmed: out of the directory, search, featured list, Hive and profile page until the address is verified", async () => {
    const email = "kelp.unverified@example.test";
    const owner = t.client({ ip: "10.9.0.1" });
    const signedUp = await owner.post("/api/auth/signup", { firstName: "Kelp", lastName: "Moss", email, password: "correct horse", role: "practitioner" });
    expect(signedUp.status).toBe(201);
    // sign-up answers alike for new and taken addresses, so it signs no one in (decision note 008)
    expect((await owner.post("/api/auth/signin", { email, password: "correct horse" })).status).toBe(200);
    const saved = await put(owner, { ...validProfile, specializations: ["Kelpwater breathwork"], location: "Tidewater, VA" });
    expect(saved.status).toBe(201);
    const profile = (await saved.json()) as ApiPractitioner;

    const premium = t.client();
    await t.loginAs(premium, (await createUser(t.db, { accessLevel: "unlimited", subscriptionStatus: "premium" })).id);
    const notListed = async () => {
      expect(ids(await directory("q=kelpwater"))).toEqual([]);
      expect(ids(await directory("q=tidewater"))).toEqual([]);
      expect(ids(await directory(""))).not.toContain(profile.id);
      expect((await directory("q=kelpwater")).accessInfo.total).toBe(0);
      expect(((await (await t.client().get("/api/practitioners/all?q=kelpwater")).json()) as DirectoryResponse).accessInfo.total).toBe(0);
      expect(((await (await t.client().get("/api/practitioners")).json()) as ApiPractitioner[]).map((p) => p.id)).not.toContain(profile.id);
      expect(await (await t.client().get("/hive?q=kelpwater")).text()).not.toContain(profile.id);
      // its page and its JSON: not found for others, there for its owner
      expect((await t.client().get(`/api/practitioners/${profile.id}`)).status).toBe(404);
      expect((await premium.get(`/api/practitioners/${profile.id}`)).status).toBe(404);
      expect((await t.client().get(`/practitioners/${profile.id}`)).status).toBe(404);
      expect((await owner.get(`/api/practitioners/${profile.id}`)).status).toBe(200);
      expect((await owner.get(`/practitioners/${profile.id}`)).status).toBe(200);
    };
    await notListed();
    // an edit does not list it either
    expect((await put(owner, { ...validProfile, specializations: ["Kelpwater breathwork", "Tide pools"], location: "Tidewater, VA" })).status).toBe(200);
    await notListed();

    const { token } = linkIn(await t.waitForMail(email));
    expect((await owner.postForm("/auth/verify-email", { token: token! })).status).toBe(200);

    expect(ids(await directory("q=kelpwater"))).toEqual([profile.id]);
    expect(ids(await directory("q=tide"))).toEqual([profile.id]);
    expect(ids(await directory(""))).toContain(profile.id);
    expect((await t.client().get(`/api/practitioners/${profile.id}`)).status).toBe(200);
    expect((await t.client().get(`/practitioners/${profile.id}`)).status).toBe(200);
  });
});

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Jimp } from "jimp";
import { eq } from "drizzle-orm";
import { practitionerPhotos, practitioners, users } from "../../../db/schema";
import { PHOTO_LIMITS, PHOTO_TEXTS, photoDimensions, photoUrlAt } from "../../../core/practitioner-photo";
import { PhotoJimp } from "./photo";
import type { ApiPractitioner } from "../../../core/types";
import { createPractitioner, createUser, type Practitioner } from "../../testing/factories";
import { createTestApp, type TestApp, type TestClient } from "../../testing/test-app";

let t: TestApp;
let own: Practitioner;
let other: Practitioner;
let ownClient: TestClient;
let png: Uint8Array<ArrayBuffer>;

beforeAll(async () => {
  t = await createTestApp();
  own = await createPractitioner(t.db);
  other = await createPractitioner(t.db);
  ownClient = t.client();
  await t.loginAs(ownClient, own.userId);
  // a wide picture: the crops are squares whatever its shape
  png = new Uint8Array(await new Jimp({ width: 640, height: 400, color: 0x3a7d5cff }).getBuffer("image/png"));
});
afterAll(() => t.cleanup());

const put = (client: TestClient, body: BodyInit, type = "image/png") =>
  client.request("/api/practitioners/me/photo", { method: "PUT", headers: { "content-type": type, accept: "application/json" }, body });

describe("a practitioner's photo over HTTP", () => {
  test("non-image bytes are refused with 400 and a clear message", async () => {
    const res = await put(ownClient, "this is plain text, not a picture", "image/png");
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe(PHOTO_TEXTS.unknownType);
  });

  test("a damaged PNG is refused with 400", async () => {
    const res = await put(ownClient, png.subarray(0, 200));
    expect(res.status).toBe(400);
  });

  test("a photo over 5 MB is refused with 413", async () => {
    const big = new Uint8Array(PHOTO_LIMITS.maxBytes + 1);
    big.set(png.subarray(0, 32));
    const res = await put(ownClient, big);
    expect(res.status).toBe(413);
    expect(((await res.json()) as { message: string }).message).toBe(PHOTO_TEXTS.tooLarge);
  });

  test("a client (not a practitioner) gets 403; signed out 401", async () => {
    const client = t.client();
    await t.loginAs(client, (await createUser(t.db)).id);
    expect((await put(client, png)).status).toBe(403);
    expect((await put(t.client(), png)).status).toBe(401);
  });

  test("the practitioner sets a photo: its URL is versioned, both sizes come back square with long caching", async () => {
    const res = await put(ownClient, png);
    expect(res.status).toBe(200);
    const body = (await res.json()) as ApiPractitioner;
    expect(body.photoUrl).toMatch(new RegExp(`^/api/practitioners/${own.id}/photo\\?v=[0-9a-f]{16}$`));
    for (const size of [96, 320] as const) {
      const photo = await t.client().get(photoUrlAt(body.photoUrl!, size));
      expect(photo.status).toBe(200);
      expect(photo.headers.get("content-type")).toBe("image/jpeg");
      expect(photo.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      const image = await Jimp.read(Buffer.from(await photo.arrayBuffer()));
      expect([image.width, image.height]).toEqual([size, size]);
      // the ETag answers 304
      const again = await t.client().get(photoUrlAt(body.photoUrl!, size), { "if-none-match": photo.headers.get("etag")! });
      expect(again.status).toBe(304);
    }
    // the profile and the directory carry it
    const profile = (await (await t.client().get(`/api/practitioners/${own.id}`)).json()) as ApiPractitioner;
    expect(profile.photoUrl).toBe(body.photoUrl);
    // an unversioned URL is served with short caching
    const unversioned = await t.client().get(`/api/practitioners/${own.id}/photo`);
    expect(unversioned.status).toBe(200);
    expect(unversioned.headers.get("cache-control")).not.toContain("immutable");
  });

  test("a multipart form with a 'file' field works too; another practitioner's photo is never changed", async () => {
    const form = new FormData();
    form.set("file", new File([new Uint8Array(await new Jimp({ width: 100, height: 300, color: 0xaa3355ff }).getBuffer("image/jpeg"))], "me.jpg", { type: "image/jpeg" }));
    const res = await ownClient.request("/api/practitioners/me/photo", { method: "PUT", body: form });
    expect(res.status).toBe(200);
    // "me" is always the signed-in practitioner's own profile: the other one still has none
    expect((await t.client().get(`/api/practitioners/${other.id}/photo`)).status).toBe(404);
    const otherProfile = (await (await t.client().get(`/api/practitioners/${other.id}`)).json()) as ApiPractitioner;
    expect(otherProfile.photoUrl).toBeNull();
  });

  test("a WebP photo is read too (its size from its header), and cropped to squares", async () => {
    const webp = new Uint8Array(await new PhotoJimp({ width: 500, height: 300, color: 0x2255aaff }).getBuffer("image/webp"));
    expect(photoDimensions(webp, "image/webp")).toEqual({ width: 500, height: 300 });
    const res = await put(ownClient, webp, "image/webp");
    expect(res.status).toBe(200);
    const { photoUrl } = (await res.json()) as ApiPractitioner;
    const small = await Jimp.read(Buffer.from(await (await t.client().get(photoUrlAt(photoUrl!, 96))).arrayBuffer()));
    expect([small.width, small.height]).toEqual([96, 96]);
  });

  test("an unknown practitioner 404, a size not offered 400", async () => {
    expect((await t.client().get("/api/practitioners/no-such-id/photo")).status).toBe(404);
    expect((await t.client().get(`/api/practitioners/${own.id}/photo?size=500`)).status).toBe(400);
  });

  test("DELETE removes it: photoUrl null, the photo 404", async () => {
    const res = await ownClient.request("/api/practitioners/me/photo", { method: "DELETE" });
    expect(res.status).toBe(200);
    expect(((await res.json()) as ApiPractitioner).photoUrl).toBeNull();
    expect((await t.client().get(`/api/practitioners/${own.id}/photo`)).status).toBe(404);
  });

  test("a practitioner without a profile yet gets 404", async () => {
    const client = t.client();
    await t.loginAs(client, (await createUser(t.db, { roles: ["practitioner"] })).id);
    expect((await put(client, png)).status).toBe(404);
  });

  test("a practitioner who deletes the account leaves no photo behind", async () => {
    const leaving = await createPractitioner(t.db);
    const client = t.client();
    await t.loginAs(client, leaving.userId);
    expect((await put(client, png)).status).toBe(200);
    const [owner] = await t.db.select().from(users).where(eq(users.id, leaving.userId));
    expect((await client.post("/api/account/delete", { confirmation: owner!.email })).status).toBe(200);
    expect(await t.db.select().from(practitionerPhotos).where(eq(practitionerPhotos.practitionerId, leaving.id))).toEqual([]);
    const [row] = await t.db.select().from(practitioners).where(eq(practitioners.id, leaving.id));
    expect(row!.photoVersion).toBeNull();
  });
});

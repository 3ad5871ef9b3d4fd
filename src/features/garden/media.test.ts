import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { count, eq } from "drizzle-orm";
import { gardenContent, mediaFiles } from "../../../db/schema";
import { first } from "../../../db/client";
import { GARDEN_TEXTS, type GardenShareResponse, type GardenListResponse, type GardenViewResponse } from "../../../core/garden";
import { MEDIA_LIMITS, MEDIA_TEXTS, MEDIA_UPLOAD_PATH } from "../../../core/media";
import { UPGRADE_REQUIRED_MESSAGE } from "../../../core/access-texts";
import { createUser, type User } from "../../testing/factories";
import { createTestApp, type TestApp, type TestClient } from "../../testing/test-app";
import { synthesiseWav } from "../media/wav";

let t: TestApp;
let author: User;
let reader: User;
let preview: User;
let admin: User;
let authorClient: TestClient;
let readerClient: TestClient;
let previewClient: TestClient;
let adminClient: TestClient;

const bowl = synthesiseWav({ seconds: 1, partials: [[220, 1], [661, 0.4]] });

function signedIn(user: User): TestClient {
  const client = t.client();
  t.loginAs(client, user.id);
  return client;
}

function form(fields: Record<string, string | string[]>, file?: { bytes: Uint8Array<ArrayBuffer>; name: string; type?: string }): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) for (const v of [value].flat()) data.append(name, v);
  if (file) data.append("file", new File([file.bytes], file.name, { type: file.type ?? "application/octet-stream" }));
  return data;
}

const audioPiece = (overrides: Record<string, string | string[]> = {}) => ({
  title: "Singing bowl session",
  content: "Lie down with headphones and let the tone fade.",
  contentType: "audio",
  tags: ["sound", "rest"],
  ...overrides,
});

function upload(client: TestClient, body: FormData | string, headers: Record<string, string> = {}) {
  return client.request(MEDIA_UPLOAD_PATH, { method: "POST", body, headers: { accept: "application/json", ...headers } });
}

async function rows() {
  const [pieces] = await t.db.select({ n: count() }).from(gardenContent);
  const [files] = await t.db.select({ n: count() }).from(mediaFiles);
  return { pieces: pieces!.n, files: files!.n };
}

beforeAll(async () => {
  t = await createTestApp();
  author = await createUser(t.db, { accessLevel: "premium", subscriptionStatus: "premium", firstName: "Ana" });
  reader = await createUser(t.db, { accessLevel: "basic", subscriptionStatus: "premium" });
  preview = await createUser(t.db);
  admin = await createUser(t.db, { roles: ["admin"], accessLevel: "unlimited", subscriptionStatus: "premium" });
  authorClient = signedIn(author);
  readerClient = signedIn(reader);
  previewClient = signedIn(preview);
  adminClient = signedIn(admin);
});
afterAll(() => t.cleanup());

describe("an Audio piece shared with its recording", () => {
  let shared: GardenShareResponse;

  beforeAll(async () => {
    const res = await upload(authorClient, form(audioPiece(), { bytes: bowl, name: "bowl.wav", type: "audio/wav" }));
    expect(res.status).toBe(201);
    shared = (await res.json()) as GardenShareResponse;
  });

  test("the piece and its file are written together; the author hears it while it waits for review", async () => {
    expect(shared.content.hasMedia).toBe(true);
    expect(shared.content.media).toEqual({ url: `/api/garden/content/${shared.content.id}/media`, fileName: "bowl.wav", fileSize: bowl.byteLength });
    expect(shared.seedsEarned).toBe(25);
    const res = await authorClient.get(shared.content.media!.url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("audio/wav");
    expect(res.headers.get("accept-ranges")).toBe("bytes");
    expect(res.headers.get("cache-control")).toBe("private, max-age=86400");
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(bowl);
  });

  test("while pending, nobody else but an admin (reviewing it) gets the file", async () => {
    expect((await readerClient.get(shared.content.media!.url)).status).toBe(404);
    expect((await t.client().get(shared.content.media!.url)).status).toBe(404);
    expect((await adminClient.get(shared.content.media!.url)).status).toBe(200);
  });

  describe("once approved", () => {
    beforeAll(async () => {
      expect((await adminClient.post(`/api/garden/content/${shared.content.id}/approve`)).status).toBe(200);
    });

    test("as gated as the piece's text: a visitor 401, a preview account 403, basic and up 200", async () => {
      const url = shared.content.media!.url;
      const visitor = await t.client().get(url);
      expect(visitor.status).toBe(401);
      expect(((await visitor.json()) as { message: string }).message).toBe(GARDEN_TEXTS.signInRequired);
      const locked = await previewClient.get(url);
      expect(locked.status).toBe(403);
      expect(((await locked.json()) as { message: string }).message).toBe(UPGRADE_REQUIRED_MESSAGE);
      expect((await readerClient.get(url)).status).toBe(200);
    });

    test("cards carry the file for readers, and only say there is one to the rest", async () => {
      const forReader = (await (await readerClient.get("/api/garden/content?contentType=audio")).json()) as GardenListResponse;
      const forPreview = (await (await previewClient.get("/api/garden/content?contentType=audio")).json()) as GardenListResponse;
      const mine = (list: GardenListResponse) => list.content.find((c) => c.id === shared.content.id)!;
      expect(mine(forReader).media?.fileSize).toBe(bowl.byteLength);
      expect(mine(forPreview).hasMedia).toBe(true);
      expect(mine(forPreview).media).toBeNull();
    });

    test("byte ranges for the player's seeking: 206, a suffix, 416 past the end; the ETag answers 304", async () => {
      const url = shared.content.media!.url;
      const part = await readerClient.get(url, { range: "bytes=100-199" });
      expect(part.status).toBe(206);
      expect(part.headers.get("content-range")).toBe(`bytes 100-199/${bowl.byteLength}`);
      expect(new Uint8Array(await part.arrayBuffer())).toEqual(bowl.subarray(100, 200));
      const tail = await readerClient.get(url, { range: "bytes=-10" });
      expect(tail.status).toBe(206);
      expect(new Uint8Array(await tail.arrayBuffer())).toEqual(bowl.subarray(bowl.byteLength - 10));
      const open = await readerClient.get(url, { range: `bytes=${bowl.byteLength - 4}-` });
      expect(open.headers.get("content-length")).toBe("4");
      const past = await readerClient.get(url, { range: `bytes=${bowl.byteLength}-` });
      expect(past.status).toBe(416);
      expect(past.headers.get("content-range")).toBe(`bytes */${bowl.byteLength}`);
      const etag = (await readerClient.get(url)).headers.get("etag")!;
      expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
      expect((await readerClient.get(url, { "if-none-match": etag })).status).toBe(304);
    });

    test("?download=1 answers it as an attachment; the download is counted once a day per person", async () => {
      const res = await readerClient.get(`${shared.content.media!.url}?download=1`);
      expect(res.headers.get("content-disposition")).toBe(`attachment; filename="bowl.wav"; filename*=UTF-8''bowl.wav`);
      expect((await readerClient.get(`${shared.content.media!.url}?download=yes`)).status).toBe(400);
      const counted = (await (await readerClient.post("/api/garden/interaction", { contentId: shared.content.id, interactionType: "download" })).json()) as GardenViewResponse;
      expect(counted).toMatchObject({ counted: true, downloadCount: 1 });
      const again = (await (await readerClient.post("/api/garden/interaction", { contentId: shared.content.id, interactionType: "download" })).json()) as GardenViewResponse;
      expect(again).toMatchObject({ counted: false, downloadCount: 1 });
      // a preview account may not open the file, so its "download" counts nothing
      expect((await previewClient.post("/api/garden/interaction", { contentId: shared.content.id, interactionType: "download" })).status).toBe(404);
    });
  });
});

describe("refusals leave nothing behind", () => {
  test("bytes that are no audio or video (whatever the name and type say): 400", async () => {
    const before = await rows();
    const res = await upload(authorClient, form(audioPiece(), { bytes: new TextEncoder().encode("<html>not a song</html>"), name: "song.mp3", type: "audio/mpeg" }));
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe(MEDIA_TEXTS.unknownType);
    expect(await rows()).toEqual(before);
  });

  test("a recording on a Video piece, or a file on an Article: 400", async () => {
    const before = await rows();
    const video = await upload(authorClient, form(audioPiece({ contentType: "video" }), { bytes: bowl, name: "bowl.wav" }));
    expect(video.status).toBe(400);
    expect(((await video.json()) as { message: string }).message).toBe(MEDIA_TEXTS.wrongKind("video"));
    const article = await upload(authorClient, form(audioPiece({ contentType: "article" }), { bytes: bowl, name: "bowl.wav" }));
    expect(((await article.json()) as { message: string }).message).toBe(MEDIA_TEXTS.noFileForType);
    expect(await rows()).toEqual(before);
  });

  test("a file over the limit: 413 with the limit in words", async () => {
    const before = await rows();
    const big = new Uint8Array(new ArrayBuffer(MEDIA_LIMITS.maxBytes + 1));
    big.set(bowl.subarray(0, 44));
    const res = await upload(authorClient, form(audioPiece(), { bytes: big, name: "long.wav" }));
    expect(res.status).toBe(413);
    expect(((await res.json()) as { message: string }).message).toBe(MEDIA_TEXTS.tooLarge);
    expect(await rows()).toEqual(before);
  });

  test("no file, a JSON body, an empty title: 400 / 415 / 400; a visitor 401, a preview account 403", async () => {
    const before = await rows();
    expect((await upload(authorClient, form(audioPiece()))).status).toBe(400);
    expect((await upload(authorClient, JSON.stringify(audioPiece()), { "content-type": "application/json" })).status).toBe(415);
    const untitled = await upload(authorClient, form(audioPiece({ title: "" }), { bytes: bowl, name: "bowl.wav" }));
    expect(((await untitled.json()) as { message: string }).message).toBe("title is required");
    expect((await upload(t.client(), form(audioPiece(), { bytes: bowl, name: "bowl.wav" }))).status).toBe(401);
    expect((await upload(previewClient, form(audioPiece(), { bytes: bowl, name: "bowl.wav" }))).status).toBe(403);
    expect(await rows()).toEqual(before);
  });

  test("a file name keeps no path or control characters", async () => {
    const res = await upload(authorClient, form(audioPiece({ title: "Named" }), { bytes: bowl, name: "C:\\Users\\ana\\bowl\u0007.wav" }));
    expect(res.status).toBe(201);
    const { content } = (await res.json()) as GardenShareResponse;
    expect(content.media!.fileName).toBe("bowl.wav");
  });

  test("a retry with the same Idempotency-Key shares once; the same key with another file is refused (422)", async () => {
    const key = crypto.randomUUID();
    const one = await upload(authorClient, form(audioPiece({ title: "Once" }), { bytes: bowl, name: "bowl.wav" }), { "idempotency-key": key });
    const two = await upload(authorClient, form(audioPiece({ title: "Once" }), { bytes: bowl, name: "bowl.wav" }), { "idempotency-key": key });
    expect([one.status, two.status]).toEqual([201, 201]);
    const [a, b] = (await Promise.all([one.json(), two.json()])) as GardenShareResponse[];
    expect(b!.content.id).toBe(a!.content.id);
    const other = synthesiseWav({ seconds: 1, partials: [[330, 1]] });
    expect((await upload(authorClient, form(audioPiece({ title: "Once" }), { bytes: other, name: "bowl.wav" }), { "idempotency-key": key })).status).toBe(422);
    const stored = await first(t.db.select({ mediaId: gardenContent.mediaId }).from(gardenContent).where(eq(gardenContent.id, a!.content.id)).limit(1));
    expect(stored?.mediaId).toBeTruthy();
  });
});

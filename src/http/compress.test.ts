import { afterAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { createTestApp } from "../testing/test-app";
import { acceptedEncodings, chooseDynamicEncoding, DEFAULT_LEVELS, parseCompressionLevels } from "./compress";
import { staticAssets } from "./static-assets";

const t = await createTestApp();
afterAll(() => t.cleanup());

async function raw(res: Response): Promise<string> {
  const bytes = new Uint8Array(await res.arrayBuffer());
  const enc = res.headers.get("content-encoding");
  if (enc === "gzip") return gunzipSync(bytes).toString();
  if (enc === "br") return brotliDecompressSync(bytes).toString();
  return new TextDecoder().decode(bytes);
}

describe("Accept-Encoding", () => {
  test.each([
    ["gzip, deflate, br, zstd", ["br", "gzip"]],
    ["br;q=1.0, gzip;q=0", ["br"]],
    ["identity", []],
    ["*", ["br", "gzip"]],
    ["*;q=0, gzip", ["gzip"]],
    ["GZIP ; q=0.5", ["gzip"]],
    ["br;q=abc", []],
    ["", []],
  ])("%j accepts %j", (header, expected) => {
    expect([...acceptedEncodings(header)].sort() as string[]).toEqual([...expected].sort());
  });

  test("the measured default answers gzip when both are accepted, brotli when only brotli is", () => {
    expect(chooseDynamicEncoding(new Set(["br", "gzip"]), DEFAULT_LEVELS)).toBe("gzip");
    expect(chooseDynamicEncoding(new Set(["br"]), DEFAULT_LEVELS)).toBe("br");
    expect(chooseDynamicEncoding(new Set(), DEFAULT_LEVELS)).toBeNull();
    expect(chooseDynamicEncoding(new Set(["br", "gzip"]), parseCompressionLevels("br:4,gzip:4"))).toBe("br");
    expect(chooseDynamicEncoding(new Set(["br", "gzip"]), parseCompressionLevels("off"))).toBeNull();
    expect(() => parseCompressionLevels("br:12")).toThrow();
  });
});

describe("compression of HTML and JSON", () => {
  test("a page is compressed by Accept-Encoding, says Vary, and reads the same", async () => {
    const c = t.client();
    const plain = await c.get("/about");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(plain.headers.get("vary")).toContain("Accept-Encoding");
    const plainText = await plain.text();
    expect(plainText.length).toBeGreaterThan(1024);

    for (const [accept, encoding] of [["gzip, deflate, br", "gzip"], ["br", "br"]] as const) {
      const res = await c.get("/about", { "accept-encoding": accept });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-encoding")).toBe(encoding);
      expect(res.headers.get("vary")).toContain("Accept-Encoding");
      expect(res.headers.get("content-security-policy")).toContain("default-src");
      const bytes = (await res.clone().arrayBuffer()).byteLength;
      expect(bytes).toBeLessThan(plainText.length / 2);
      expect(await raw(res)).toBe(plainText);
    }
  });

  test("a 404 page and a JSON error are compressed too; a small JSON answer is not", async () => {
    const c = t.client();
    const missing = await c.get("/no/such/page", { "accept-encoding": "gzip" });
    expect(missing.status).toBe(404);
    expect(missing.headers.get("content-encoding")).toBe("gzip");
    expect(await raw(missing)).toContain("404 Page Not Found");

    const small = await c.get("/api/no-such-route", { "accept-encoding": "gzip" });
    expect(small.status).toBe(404);
    expect(small.headers.get("content-encoding")).toBeNull();
    expect(small.headers.get("vary")).toContain("Accept-Encoding");
    expect((await small.json()).message).toContain("No API route");
  });

  test("HEAD and refused encodings are sent as they are", async () => {
    const c = t.client();
    const refused = await c.get("/about", { "accept-encoding": "gzip;q=0, br;q=0" });
    expect(refused.headers.get("content-encoding")).toBeNull();
    const head = await c.request("/about", { method: "HEAD", headers: { "accept-encoding": "gzip" } });
    expect(head.headers.get("content-encoding")).toBeNull();
  });
});

describe("static assets are served precompressed, never compressed per request", () => {
  const dir = mkdtempSync(join(tmpdir(), "pollinate-static-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  mkdirSync(join(dir, "assets"));
  writeFileSync(join(dir, "assets/app-1.js"), "console.log('plain')");
  writeFileSync(join(dir, "assets/app-1.js.br"), "BROTLI-BYTES");
  writeFileSync(join(dir, "assets/app-1.js.gz"), "GZIP-BYTES");
  writeFileSync(join(dir, "assets/tiny-2.js"), "1");
  const app = staticAssets(dir);

  test.each([
    ["br, gzip", "br", "BROTLI-BYTES"],
    ["gzip", "gzip", "GZIP-BYTES"],
    ["", null, "console.log('plain')"],
  ])("Accept-Encoding %j gets %s", async (accept, encoding, body) => {
    const res = await app.request("/assets/app-1.js", { headers: { "accept-encoding": accept } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-encoding")).toBe(encoding);
    expect(res.headers.get("vary")).toBe("Accept-Encoding");
    expect(res.headers.get("content-type")).toContain("javascript");
    expect(res.headers.get("cache-control")).toContain("immutable");
    expect(res.headers.get("content-length")).toBe(String(body.length));
    expect(await res.text()).toBe(body);
  });

  test("a file without precompressed copies is sent as it is, without Vary", async () => {
    const res = await app.request("/assets/tiny-2.js", { headers: { "accept-encoding": "br, gzip" } });
    expect(res.headers.get("content-encoding")).toBeNull();
    expect(res.headers.get("vary")).toBeNull();
    expect(await res.text()).toBe("1");
  });

  test("the compressed copies are not reachable by themselves outside the folder", async () => {
    expect((await app.request("/assets/../../etc/passwd")).status).toBe(404);
  });
});

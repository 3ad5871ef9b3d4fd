import type { MiddlewareHandler } from "hono";
import { brotliCompress, constants as zlib, gzip } from "node:zlib";

export type Encoding = "br" | "gzip";

export interface CompressionLevels {
  /** Brotli quality (0–11) for HTML and JSON made per request, or null to never answer in brotli. */
  brotli: number | null;
  /** gzip level (1–9), or null to never answer in gzip. */
  gzip: number | null;
  /** The encoding answered when a client accepts both. */
  prefer: Encoding;
}

/**
 * Levels chosen by measurement (docs/performance.md, "Compression" and "Session 6"). Compression
 * runs on zlib's thread pool (compressBody), so its time is spent beside the request thread; zlib's
 * gzip 2 gives the signed-in directory page (70 KB of HTML) in 11.9 KB, as small as libdeflate's
 * level 1 that ran on the request thread before (11.6 KB), where gzip 1 gives 14.8 KB and gzip 4
 * 10.9 KB for three times gzip 2's time. brotli 1 is no smaller than gzip 4, brotli 4 is 11% smaller
 * for 3.5× the time and brotli 5 17% smaller for 4–12×. Per request we answer gzip 2 to every
 * client that accepts gzip (all browsers) and brotli 4 only to one that accepts brotli alone.
 * Built assets are precompressed at build time with brotli 11 and gzip 9 and served as files
 * (src/http/static-assets.ts), so there brotli wins at no cost per request.
 */
export const DEFAULT_LEVELS: CompressionLevels = { brotli: 4, gzip: 2, prefer: "gzip" };

/** Bodies smaller than this are sent as they are: compressing them saves less than a packet. */
export const MIN_COMPRESS_BYTES = 1024;

const COMPRESSIBLE = /^(text\/html|application\/json|text\/plain|application\/(ld\+)?json|text\/csv)\b/i;

/**
 * The encodings a client accepts, by its Accept-Encoding header (q-values honoured; `*` counts
 * for the encodings it does not name; `q=0` refuses).
 */
export function acceptedEncodings(header: string | undefined): Set<Encoding> {
  const accepted = new Set<Encoding>();
  if (!header) return accepted;
  const named = new Map<string, number>();
  for (const part of header.split(",")) {
    const [rawName, ...params] = part.trim().split(";");
    const name = rawName.trim().toLowerCase();
    if (!name) continue;
    let q = 1;
    for (const p of params) {
      const [k, v] = p.trim().split("=");
      if (k?.trim().toLowerCase() === "q") {
        const n = Number(v);
        q = Number.isFinite(n) ? n : 0;
      }
    }
    named.set(name, q);
  }
  for (const enc of ["br", "gzip"] as const) {
    const q = named.get(enc) ?? (enc === "gzip" ? named.get("x-gzip") : undefined) ?? named.get("*");
    if (q !== undefined && q > 0) accepted.add(enc);
  }
  return accepted;
}

/** Which encoding to answer a dynamic response with (see DEFAULT_LEVELS for why gzip comes first). */
export function chooseDynamicEncoding(accepted: Set<Encoding>, levels: CompressionLevels): Encoding | null {
  const usable = (["br", "gzip"] as const).filter((e) => accepted.has(e) && (e === "br" ? levels.brotli : levels.gzip) !== null);
  if (usable.length === 0) return null;
  return usable.includes(levels.prefer) ? levels.prefer : usable[0];
}

/**
 * Compresses on zlib's thread pool, not on the thread that serves requests: the server's JavaScript
 * runs on one core, and a page's gzip (about 0.1–0.17 ms for the signed-in directory's 70 KB) is
 * then done beside it on the other (docs/performance.md, "Session 6").
 */
export function compressBody(body: Uint8Array<ArrayBuffer>, encoding: Encoding, levels: CompressionLevels): Promise<Uint8Array<ArrayBuffer>> {
  return new Promise((resolve, reject) => {
    const done = (error: Error | null, out: Buffer) => (error ? reject(error) : resolve(new Uint8Array(out.buffer as ArrayBuffer, out.byteOffset, out.byteLength)));
    if (encoding === "gzip") return gzip(body, { level: levels.gzip ?? 6 }, done);
    brotliCompress(
      body,
      {
        params: {
          [zlib.BROTLI_PARAM_QUALITY]: levels.brotli ?? 4,
          [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
          [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
        },
      },
      done,
    );
  });
}

/** Adds `value` to a comma-separated Vary header unless it is already there. */
export function appendVary(headers: Headers, value: string): void {
  const current = headers.get("vary");
  if (!current) return headers.set("vary", value);
  const names = current.split(",").map((v) => v.trim().toLowerCase());
  if (names.includes("*") || names.includes(value.toLowerCase())) return;
  headers.set("vary", `${current}, ${value}`);
}

/**
 * Compresses HTML and JSON answers as a CDN would: by Accept-Encoding, with `Vary: Accept-Encoding`.
 * Static files never pass through here compressed per request: they are precompressed at build time.
 */
export function compression(levels: CompressionLevels = DEFAULT_LEVELS): MiddlewareHandler {
  return async function compress(c, next) {
    await next();
    const res = c.res;
    const type = res.headers.get("content-type") ?? "";
    if (!COMPRESSIBLE.test(type)) return;
    if (c.req.method === "HEAD" || res.status === 204 || res.status === 304 || res.status < 200 || !res.body) return;
    if (res.headers.has("content-encoding") || /\bno-transform\b/i.test(res.headers.get("cache-control") ?? "")) return;

    const headers = new Headers(res.headers);
    appendVary(headers, "Accept-Encoding");
    const encoding = chooseDynamicEncoding(acceptedEncodings(c.req.header("accept-encoding")), levels);
    const body = new Uint8Array(await res.arrayBuffer());
    let out: Uint8Array<ArrayBuffer> = body;
    if (encoding && body.length >= MIN_COMPRESS_BYTES) {
      out = await compressBody(body, encoding, levels);
      headers.set("content-encoding", encoding);
    }
    headers.delete("content-length");
    // unset first: Hono's setter would otherwise merge the old headers back in
    c.res = undefined;
    c.res = new Response(out, { status: res.status, statusText: res.statusText, headers });
  };
}

/**
 * Levels from the COMPRESSION variable, for measuring with wrk: "gzip:4,br:5" (the first one
 * named is preferred when a client accepts both), "br:4", or "off".
 */
export function parseCompressionLevels(value: string | undefined): CompressionLevels {
  if (!value?.trim()) return DEFAULT_LEVELS;
  if (value.trim() === "off") return { brotli: null, gzip: null, prefer: "gzip" };
  const levels: CompressionLevels = { brotli: null, gzip: null, prefer: value.trim().startsWith("br") ? "br" : "gzip" };
  for (const part of value.split(",")) {
    const [name, level] = part.trim().split(":");
    const n = Number(level);
    if (name === "br" && Number.isInteger(n) && n >= 0 && n <= 11) levels.brotli = n;
    else if (name === "gzip" && Number.isInteger(n) && n >= 1 && n <= 9) levels.gzip = n;
    else throw new Error(`COMPRESSION: cannot read "${part}" (expected br:0-11, gzip:1-9 or off)`);
  }
  return levels;
}

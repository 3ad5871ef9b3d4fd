import { Hono } from "hono";
import { existsSync, statSync } from "node:fs";
import { join, normalize, sep } from "node:path";
import { CLIENT_DIST } from "../render/assets";
import { acceptedEncodings, type Encoding } from "./compress";
import type { AppEnv } from "./app-context";

const PUBLIC_FILES = /^\/(assets|images)\/[\w./-]+$|^\/(favicon\.ico|favicon\.svg|robots\.txt)$/;

/** Precompressed siblings written at build time (scripts/precompress.ts), best first. */
const PRECOMPRESSED: Array<{ encoding: Encoding; suffix: string }> = [
  { encoding: "br", suffix: ".br" },
  { encoding: "gzip", suffix: ".gz" },
];

function isFile(path: string): boolean {
  return existsSync(path) && statSync(path).isFile();
}

/**
 * Serves Vite's output: hashed /assets/* cached forever, the rest for a day. When the client
 * accepts it and the build wrote one, the brotli or gzip file beside the asset is sent as it is
 * (`Content-Encoding`, `Vary: Accept-Encoding`): nothing is compressed per request.
 */
export function staticAssets(root: string = CLIENT_DIST) {
  const router = new Hono<AppEnv>();
  router.on(["GET", "HEAD"], "*", async (c, next) => {
    const path = c.req.path;
    if (!PUBLIC_FILES.test(path) || path.includes("..")) return next();
    const filePath = normalize(join(root, path));
    if (!filePath.startsWith(root + sep) || !isFile(filePath)) return next();
    const immutable = path.startsWith("/assets/");
    const headers = new Headers({
      "Cache-Control": immutable ? "public, max-age=31536000, immutable" : "public, max-age=86400",
      "Content-Type": Bun.file(filePath).type,
    });

    let served = filePath;
    const accepted = acceptedEncodings(c.req.header("accept-encoding"));
    const variants = PRECOMPRESSED.filter((v) => isFile(filePath + v.suffix));
    if (variants.length > 0) {
      headers.set("Vary", "Accept-Encoding");
      const chosen = variants.find((v) => accepted.has(v.encoding));
      if (chosen) {
        served = filePath + chosen.suffix;
        headers.set("Content-Encoding", chosen.encoding);
      }
    }
    const file = Bun.file(served);
    headers.set("Content-Length", String(file.size));
    return new Response(c.req.method === "HEAD" ? null : file, { status: 200, headers });
  });
  return router;
}

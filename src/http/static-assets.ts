import { Hono } from "hono";
import { existsSync, statSync } from "node:fs";
import { join, normalize, sep } from "node:path";
import { CLIENT_DIST } from "../render/assets";
import type { AppEnv } from "./env";

const PUBLIC_FILES = /^\/(assets|images)\/[\w./-]+$|^\/(favicon\.ico|favicon\.svg|robots\.txt)$/;

/** Serves Vite's output: hashed /assets/* cached forever, the rest for a day. */
export function staticAssets() {
  const router = new Hono<AppEnv>();
  router.on(["GET", "HEAD"], "*", async (c, next) => {
    const path = c.req.path;
    if (!PUBLIC_FILES.test(path) || path.includes("..")) return next();
    const filePath = normalize(join(CLIENT_DIST, path));
    if (!filePath.startsWith(CLIENT_DIST + sep) || !existsSync(filePath) || !statSync(filePath).isFile()) return next();
    const immutable = path.startsWith("/assets/");
    c.header("Cache-Control", immutable ? "public, max-age=31536000, immutable" : "public, max-age=86400");
    const file = Bun.file(filePath);
    c.header("Content-Type", file.type);
    if (c.req.method === "HEAD") return c.body(null);
    return c.body(await file.bytes());
  });
  return router;
}

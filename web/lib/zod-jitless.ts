/**
 * zod compiles object parsers with `new Function` and, to learn whether it may, tries
 * `new Function("")` once, when the first object schema is made. The site's CSP allows no eval, so
 * that probe was reported as a CSP violation on every page whose islands load a schema (Chromium's
 * Issues panel; Lighthouse's best practices). The browser parses one form or one answer at a time
 * and never needs compiled parsers, so zod is told up front: `z.config({ jitless: true })`, written
 * to the global config object zod reads when it loads (importing zod here to call `config` moved
 * 3.7 KB gzip of zod into the React chunk of every page with islands). Imported first by
 * web/islands/hydrate-island.ts; island chunks, and with them zod, load only after it.
 */
const scope = globalThis as { __zod_globalConfig?: Record<string, unknown> };
scope.__zod_globalConfig = Object.assign(scope.__zod_globalConfig ?? {}, { jitless: true });

export {};

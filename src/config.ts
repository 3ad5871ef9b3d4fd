import { dirname, join } from "node:path";
import { z } from "zod";
import { parseCompressionLevels } from "./http/compress";
import { countNoun, NOUNS } from "../core/plural";

const port = z.coerce.number().int().min(0).max(65535);
const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));
const optionalUrl = optionalText.pipe(z.url().optional());

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: port.default(3000),
  /** Listen address: loopback unless told otherwise (0.0.0.0 or an interface's address behind a proxy or in a container). */
  HOST: z.string().trim().min(1).default("127.0.0.1"),
  DATABASE_PATH: z.string().trim().min(1).default("./data/app.db"),
  /**
   * postgres://user:password@host:5432/database selects PostgreSQL (db/engine.ts); unset, the SQLite
   * file at DATABASE_PATH. Needed for WORKERS above 1.
   */
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\/[^\s]+$/, "must be a postgres:// or postgresql:// URL")
      .optional(),
  ),
  /** Server processes sharing PORT (src/ops/workers.ts); above 1 only with DATABASE_URL (PostgreSQL). */
  WORKERS: z.coerce.number().int().min(1).max(64).default(1),
  /**
   * PostgreSQL only: how often an open conversation stream re-reads the messages a lost notification
   * may have kept from it (a process killed between its commit and its NOTIFY, a LISTEN connection
   * that dropped and reconnected). Milliseconds; the stream's keep-alive interval by default.
   */
  LIVE_CATCH_UP_MS: z.coerce.number().int().min(100).max(600_000).default(25_000),
  /** Public address of the site: links in e-mails, OAuth callbacks, the same-origin check. */
  APP_URL: optionalUrl,
  /** Also accept these origins on writes (comma-separated), e.g. behind a proxy with two names. */
  TRUSTED_ORIGINS: optionalText,
  /** smtp://user:pass@host:port or smtps://…; unset writes e-mails to OUTBOX_DIR. */
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().trim().min(3).default("Pollinate <hello@pollinate.example>"),
  OUTBOX_DIR: optionalText,
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  /** Overridable so tests can run a fake provider on 127.0.0.1. */
  GOOGLE_AUTH_URL: z.url().default("https://accounts.google.com/o/oauth2/v2/auth"),
  GOOGLE_TOKEN_URL: z.url().default("https://oauth2.googleapis.com/token"),
  GOOGLE_USERINFO_URL: z.url().default("https://openidconnect.googleapis.com/v1/userinfo"),
  /** Shared access code of /admin/dashboard; unset disables the code gate. */
  ADMIN_ACCESS_CODE: optionalText.pipe(z.string().min(8, "must be at least 8 characters").optional()),
  /** Password of /simple-admin; unset disables that panel's login. */
  SIMPLE_ADMIN_PASSWORD: optionalText.pipe(z.string().min(8, "must be at least 8 characters").optional()),
  /** A folder with the operator's terms.md, privacy.md and contact.md; a missing file keeps the spec's placeholder page. */
  LEGAL_PAGES_DIR: optionalText,
  /** The address the Contact page and the footer's mail icon use; unset: they keep the placeholder. */
  CONTACT_EMAIL: optionalText.pipe(z.email("must be an e-mail address").optional()),
  /** Requests per minute per address and IP on sign-in, sign-up, resend and forgot-password. */
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).max(10000).default(10),
  /** Largest accepted request body in bytes. */
  BODY_LIMIT: z.coerce.number().int().min(1024).max(50 * 1024 * 1024).default(1024 * 1024),
  /** Trust X-Forwarded-For / X-Forwarded-Proto from a reverse proxy. */
  TRUST_PROXY: z
    .enum(["true", "false", "1", "0"])
    .default("false")
    .transform((v) => v === "true" || v === "1"),
  /** Per-request compression of HTML and JSON: "gzip:4,br:5" (first = preferred), "br:4" or "off"; unset = measured defaults. */
  COMPRESSION: optionalText.refine((v) => {
    try {
      parseCompressionLevels(v);
      return true;
    } catch {
      return false;
    }
  }, "expected levels such as gzip:4,br:5, or off"),
  LOG_REQUESTS: z
    .enum(["true", "false", "1", "0"])
    .default("true")
    .transform((v) => v === "true" || v === "1"),
  /**
   * Demo data for an empty database at `npm start`: "auto" loads it unless APP_URL is https (a
   * public site must not open with the demo accounts' published passwords), "true" always, "false" never.
   */
  DEMO_DATA: z.enum(["auto", "true", "false"]).default("auto"),
  /** Stripe's secret API key (sk_live_… / sk_test_…); with the webhook secret and the three prices it turns payments on. */
  STRIPE_SECRET_KEY: optionalText,
  /** The signing secret of the webhook endpoint $APP_URL/api/payments/webhook (whsec_…). */
  STRIPE_WEBHOOK_SECRET: optionalText,
  /** Stripe Price ids (price_…) of the three monthly plans. */
  STRIPE_PRICE_BASIC: optionalText,
  STRIPE_PRICE_PREMIUM: optionalText,
  STRIPE_PRICE_UNLIMITED: optionalText,
  /** Another address for Stripe's API (tests run a fake on 127.0.0.1): http://127.0.0.1:4242. */
  STRIPE_API_BASE: optionalUrl,
  /**
   * The demo payment mode when Stripe is not configured: a checkout marked as a demo, where no card
   * is charged, drives the real webhook code. "auto": on for a local demo (APP_URL http, not under
   * tests), "true" always (even over https: anyone could then take a plan for free), "false" never.
   */
  PAYMENTS_DEMO: z.enum(["auto", "true", "false"]).default("auto"),
  /** Render the busiest pages on a second thread in production (src/render/render-pool.ts). */
  RENDER_THREAD: z
    .enum(["true", "false", "1", "0"])
    .default("true")
    .transform((v) => v === "true" || v === "1"),
});

/** Every variable the server reads, for checks that the deployment files name them all (deploy/). */
export const CONFIG_VARIABLES = Object.keys(schema.shape) as Array<keyof typeof schema.shape>;

/** How plans are bought: through Stripe, through the demo checkout (no card charged), or not at all. */
export type PaymentsMode = "stripe" | "demo" | "off";

export type Config = z.infer<typeof schema> & { APP_URL: string; OUTBOX_DIR: string; googleEnabled: boolean; paymentsMode: PaymentsMode; paymentsEnabled: boolean };

export class ConfigError extends Error {}

/** Variables whose values must never reach a log: an error message names them and their length only. */
const SECRET_VARIABLES = new Set(["DATABASE_URL", "SMTP_URL", "ADMIN_ACCESS_CODE", "SIMPLE_ADMIN_PASSWORD", "GOOGLE_CLIENT_SECRET", "STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET"]);

/** How an error message shows the value it refused: quoted, or for a secret only how long it was. */
export function describeValue(name: string, value: string | undefined): string {
  if (value === undefined) return "nothing";
  if (SECRET_VARIABLES.has(name)) return `a value of ${countNoun(value.length, NOUNS.character)}`;
  return JSON.stringify(value);
}

/** Parses the environment; the only reader of process.env in the server. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const result = schema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => {
      const name = String(issue.path[0]);
      return `  ${issue.path.join(".")}: ${issue.message} (got ${describeValue(name, env[name])})`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const parsed = result.data;
  const appUrl = (parsed.APP_URL ?? `http://localhost:${parsed.PORT}`).replace(/\/+$/, "");
  const stripeConfigured = Boolean(
    parsed.STRIPE_SECRET_KEY && parsed.STRIPE_WEBHOOK_SECRET && parsed.STRIPE_PRICE_BASIC && parsed.STRIPE_PRICE_PREMIUM && parsed.STRIPE_PRICE_UNLIMITED,
  );
  const demo = parsed.PAYMENTS_DEMO === "true" || (parsed.PAYMENTS_DEMO === "auto" && !appUrl.startsWith("https:") && parsed.NODE_ENV !== "test");
  const paymentsMode: PaymentsMode = stripeConfigured ? "stripe" : demo ? "demo" : "off";
  return {
    ...parsed,
    APP_URL: appUrl,
    OUTBOX_DIR: parsed.OUTBOX_DIR ?? join(dirname(parsed.DATABASE_PATH), "outbox"),
    googleEnabled: Boolean(parsed.GOOGLE_CLIENT_ID && parsed.GOOGLE_CLIENT_SECRET),
    paymentsMode,
    paymentsEnabled: paymentsMode !== "off",
  };
}

/** True for an address only this machine can reach: 127.0.0.0/8, ::1 and localhost. */
export function isLoopbackHost(host: string): boolean {
  const name = host.trim().toLowerCase().replace(/^\[|\]$/g, "");
  return name === "localhost" || name === "::1" || /^127(\.\d{1,3}){3}$/.test(name) || /^::ffff:127(\.\d{1,3}){3}$/.test(name);
}

/**
 * Whether `npm start` loads the demo data into an empty database (DEMO_DATA): "auto" only for a
 * local demo (an http APP_URL and a loopback HOST), since its accounts' passwords are published.
 */
export function demoDataWanted(config: Pick<Config, "DEMO_DATA" | "APP_URL" | "HOST">): boolean {
  if (config.DEMO_DATA !== "auto") return config.DEMO_DATA === "true";
  return !config.APP_URL.startsWith("https:") && isLoopbackHost(config.HOST);
}

export const DEMO_DATA_SKIPPED =
  "The database is empty and APP_URL is https or HOST is not a loopback address, so the demo data (whose accounts have published passwords) was not loaded. Create the first admin with `npm run create-admin`; DEMO_DATA=true loads the demo data anyway.";

export const TRUST_PROXY_WARNING =
  "TRUST_PROXY is on: X-Forwarded-For and X-Forwarded-Proto are believed. Only run so behind a reverse proxy that sets them; reached directly, any client can choose its own IP (and so get around the sign-in limits).";

/** Settings that are allowed but risky; the server logs each at start. */
export const PAYMENTS_DEMO_WARNING =
  "PAYMENTS_DEMO is on for an https site: the demo checkout gives any signed-in member a paid plan without paying. Set the STRIPE_* variables, or PAYMENTS_DEMO=false.";

export const PAYMENTS_DEMO_WORKERS_WARNING =
  "The demo payment mode keeps its pretend Stripe in each process's memory: with WORKERS above 1, a demo checkout started through one process is unknown to the others. Use one process for the demo, or set the STRIPE_* variables.";

export function configWarnings(config: Pick<Config, "TRUST_PROXY" | "paymentsMode" | "APP_URL" | "WORKERS">): string[] {
  const warnings = config.TRUST_PROXY ? [TRUST_PROXY_WARNING] : [];
  if (config.paymentsMode === "demo" && config.APP_URL.startsWith("https:")) warnings.push(PAYMENTS_DEMO_WARNING);
  if (config.paymentsMode === "demo" && config.WORKERS > 1) warnings.push(PAYMENTS_DEMO_WORKERS_WARNING);
  return warnings;
}

import { eq, lt, sql, sum } from "drizzle-orm";
import type { Context, MiddlewareHandler } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { atomic, preparedPerDatabase, type Db } from "../../db/client";
import { sessionDataVersion, sessions, users } from "../../db/schema";
import type { AppEnv } from "../http/app-context";
import { trustedForwarded } from "../http/forwarded";
import { loadCurrentUser, rolesOf } from "./current-user";
import type { Role } from "../../core/enums";
import { generateToken, hashToken } from "./tokens";
import { isSuspended } from "../features/admin/suspension";

const DAY_MS = 24 * 60 * 60 * 1000;
/** A session lives 30 days from its last use… */
export const SESSION_LIFETIME_MS = 30 * DAY_MS;
/** …and is extended (sliding expiry) once less than 15 days remain, so most requests write nothing… */
const SESSION_REFRESH_MS = 15 * DAY_MS;
/** …but never beyond 90 days after sign-in: a stolen cookie that is kept busy still dies. */
export const SESSION_ABSOLUTE_LIFETIME_MS = 90 * DAY_MS;

export type UserRow = typeof users.$inferSelect;

export interface SessionValidation {
  user: UserRow;
  /** The user's roles, read with the session (rolesOf's order). */
  roles: Role[];
  expiresAt: Date;
  /** True when the expiry moved: the cookie must be sent again. */
  refreshed: boolean;
}

/** Creates a session row holding only the token's hash; returns the token for the cookie. */
export async function createSession(db: Db, userId: string, now: Date): Promise<{ token: string; expiresAt: Date }> {
  const token = generateToken();
  const expiresAt = new Date(now.getTime() + SESSION_LIFETIME_MS);
  await atomic(db, async (tx) => {
    const session = { sid: hashToken(token), userId, expire: expiresAt, sess: { userId, createdAt: now.toISOString() } };
    await tx.insert(sessions).values(session);
    // the greeting's memory: 'Welcome' on a first session, 'Welcome back' once there was one before
    await tx.update(users).set({ previousSignInAt: sql`${users.lastSignInAt}`, lastSignInAt: now }).where(eq(users.id, userId));
  });
  return { token, expiresAt };
}

const sessionBySid = preparedPerDatabase((db) =>
  db
    .select({ user: users, expire: sessions.expire, sess: sessions.sess })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.sid, sql.placeholder("sid")))
    .prepare(),
);

type SessionRow = Awaited<ReturnType<ReturnType<typeof sessionBySid>["execute"]>>[number];

/** At most this many live sessions are kept in memory (about 1.2 KB each: 12 MB when full); the earliest read leave first. */
export const SESSION_CACHE_MAX = 10_000;

/**
 * Sessions as last read, kept while nothing they hold has changed: triggers (migration 0011) count
 * every insert, update and delete on sessions, users and user_roles in `session_data_version`,
 * whichever connection or process writes (a sign-out, a suspension, a role, a profile, a session
 * extended or deleted, an operator's script). When the count moves the cache is emptied, so an entry
 * can never outlive the rows it was read from; writes to anything else (bookings, favourites, the
 * Garden) leave it alone. Reading the count costs one statement where the session and its user
 * cost two index lookups each, and the roles a third (docs/performance.md, "Session 5").
 */
interface SessionCache {
  version: number;
  rows: Map<string, CachedSession>;
}

interface CachedSession {
  row: SessionRow;
  roles: Role[];
}

const sessionCaches = new WeakMap<Db, SessionCache>();
const sessionVersion = preparedPerDatabase((db) =>
  // the sum: on PostgreSQL the count is spread over shards so that sign-ins do not queue on one row (migration 0012); SQLite has one row
  db.select({ version: sum(sessionDataVersion.version) }).from(sessionDataVersion).prepare(),
);

/**
 * The cache of this database, emptied first if sessions, users or roles changed since it was
 * filled; null (read everything from the database) if the count's row is missing, since nothing
 * would then tell a change.
 */
async function sessionCacheOf(db: Db): Promise<SessionCache | null> {
  const counted = (await sessionVersion(db).execute())[0]?.version;
  if (counted === undefined || counted === null) return null;
  const version = Number(counted);
  const cache = sessionCaches.get(db);
  if (cache === undefined) {
    const fresh: SessionCache = { version, rows: new Map() };
    sessionCaches.set(db, fresh);
    return fresh;
  }
  if (cache.version !== version) {
    cache.rows.clear();
    cache.version = version;
  }
  return cache;
}

/** The session's row, user and roles: from memory while none of them changed (the count is read before them). */
async function readSession(db: Db, sid: string): Promise<CachedSession | undefined> {
  const cache = await sessionCacheOf(db);
  const cached = cache?.rows.get(sid);
  if (cached !== undefined) return cached;
  const row = (await sessionBySid(db).execute({ sid }))[0];
  if (row === undefined) return undefined;
  const session = { row, roles: await rolesOf(db, row.user.id) };
  // a write committed between the count and these reads left rows at least as new as the count,
  // and moved the count: the next request empties the cache
  if (cache === null) return session;
  if (cache.rows.size >= SESSION_CACHE_MAX) cache.rows.delete(cache.rows.keys().next().value!);
  cache.rows.set(sid, session);
  return session;
}

/**
 * The user of a live session, extending it when due (up to the absolute lifetime counted from
 * `sess.createdAt`); null (and the row deleted) when expired.
 */
export async function validateSessionToken(db: Db, token: string, now: Date): Promise<SessionValidation | null> {
  const sid = hashToken(token);
  const session = await readSession(db, sid);
  if (!session) return null;
  const { row, roles } = session;
  const createdAt = Date.parse(row.sess.createdAt);
  // a row without a readable creation time has only its sliding expiry
  const absoluteEnd = Number.isNaN(createdAt) ? row.expire.getTime() : createdAt + SESSION_ABSOLUTE_LIFETIME_MS;
  if (row.expire.getTime() <= now.getTime() || absoluteEnd <= now.getTime()) {
    await atomic(db, async (tx) => {
      await tx.delete(sessions).where(eq(sessions.sid, sid));
    });
    return null;
  }
  const extended = Math.min(now.getTime() + SESSION_LIFETIME_MS, absoluteEnd);
  if (row.expire.getTime() - now.getTime() < SESSION_REFRESH_MS && extended > row.expire.getTime()) {
    const expiresAt = new Date(extended);
    await atomic(db, async (tx) => {
      await tx.update(sessions).set({ expire: expiresAt }).where(eq(sessions.sid, sid));
    });
    return { user: row.user, roles, expiresAt, refreshed: true };
  }
  return { user: row.user, roles, expiresAt: row.expire, refreshed: false };
}

/** Deletes one session (sign-out). */
export async function invalidateSession(db: Db, token: string): Promise<void> {
  await atomic(db, async (tx) => {
    await tx.delete(sessions).where(eq(sessions.sid, hashToken(token)));
  });
}

/** Removes sessions that ran out; cheap thanks to the expire index, run in each sign-in's transaction. */
export async function deleteExpiredSessions(db: Db, now: Date): Promise<void> {
  await atomic(db, async (tx) => {
    await tx.delete(sessions).where(lt(sessions.expire, now));
  });
}

/** The cookie name follows APP_URL only, so that it is the same on every request. */
function hasHttpsAppUrl(c: Context<AppEnv>): boolean {
  return c.var.deps.config.APP_URL.startsWith("https:");
}

/**
 * True when the browser reaches us over https: APP_URL is https, or TRUST_PROXY is on and the
 * proxy says so (the last X-Forwarded-Proto entry is "https"). Cookies are then sent Secure.
 */
export function isSecureRequest(c: Context<AppEnv>): boolean {
  return hasHttpsAppUrl(c) || trustedForwarded(c, "x-forwarded-proto")?.toLowerCase() === "https";
}

/** The cookie's name: the `__Host-` prefix (host-only, path /, Secure) whenever we run on https. */
export function sessionCookieName(secure: boolean): string {
  return secure ? "__Host-pollinate_session" : "pollinate_session";
}

/** Sends the session cookie: HttpOnly, SameSite=Lax, Secure on https (directly or behind a trusted proxy). */
export function setSessionCookie(c: Context<AppEnv>, token: string, expiresAt: Date): void {
  setCookie(c, sessionCookieName(hasHttpsAppUrl(c)), token, { httpOnly: true, sameSite: "Lax", secure: isSecureRequest(c), path: "/", expires: expiresAt });
}

export function deleteSessionCookie(c: Context<AppEnv>): void {
  deleteCookie(c, sessionCookieName(hasHttpsAppUrl(c)), { path: "/", secure: isSecureRequest(c), httpOnly: true, sameSite: "Lax" });
}

/** The session token sent by the browser, if any. */
export function readSessionToken(c: Context<AppEnv>): string | undefined {
  return getCookie(c, sessionCookieName(hasHttpsAppUrl(c)));
}

// Static files need no user: skip the session query for them.
const STATIC_PATH = /^\/(assets|images)\/|^\/favicon\.|^\/robots\.txt$/;

/** Loads the signed-in user into `c.var.user` on every request, with sliding expiry. */
export function sessionMiddleware(): MiddlewareHandler<AppEnv> {
  return async function loadSession(c, next) {
    const token = STATIC_PATH.test(c.req.path) ? undefined : readSessionToken(c);
    if (token) {
      const { db, now } = c.var.deps;
      const validation = await validateSessionToken(db, token, now());
      if (!validation || isSuspended(validation.user)) deleteSessionCookie(c);
      else {
        c.set("user", await loadCurrentUser(db, validation.user, now(), validation.roles));
        if (validation.refreshed) setSessionCookie(c, token, validation.expiresAt);
      }
    }
    await next();
  };
}

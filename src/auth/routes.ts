/** /api/auth: the calls of SPEC.md section 7 plus verification, password reset and the free trial. */
import { Hono, type Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { HTTPException } from "hono/http-exception";
import { trialStartedMessage } from "../../core/access-texts";
import { AUTH_ERROR_TEXTS, authErrorCode, safeNextPath, withNextPath, type AuthErrorCode } from "../../core/auth";
import type { AppEnv } from "../http/env";
import { forbidden, unauthorized } from "../http/errors";
import { isSuspended, SUSPENDED_MESSAGE } from "../features/admin/suspension";
import { currentUserResponse, loadCurrentUser } from "./current-user";
import { requireUser } from "./guards";
import { createGoogleAuthorization, fetchGoogleProfile, GOOGLE_NOT_CONFIGURED } from "./oauth";
import { accessInfoFor } from "./permissions";
import { authRateLimit } from "./rate-limit";
import { isFormPost, readBody } from "./request-body";
import { emailOnlySchema, parseBody, resendSchema, resetPasswordSchema, signInSchema, signUpSchema } from "./schemas";
import {
  findOrCreateGoogleUser,
  findUserByEmail,
  findUserById,
  GoogleLinkError,
  requestPasswordReset,
  resetPassword,
  sendVerificationEmail,
  signIn,
  signUp,
  startTrial,
  type SignUpRole,
} from "./service";
import { createSession, deleteExpiredSessions, deleteSessionCookie, invalidateSession, isSecureRequest, readSessionToken, setSessionCookie, type UserRow } from "./session";

export const FORGOT_PASSWORD_ANSWER = "If an account exists for that address, we've sent a link to reset your password. It works for one hour.";
export const RESEND_ANSWER = "If that address has an account waiting for verification, we've sent a new link.";
const OAUTH_COOKIE = "pollinate_oauth";
const OAUTH_COOKIE_PATH = "/api/auth/google";

/** Starts a session for the user on this browser. */
function signInAs(c: Context<AppEnv>, user: UserRow): void {
  const { db, now } = c.var.deps;
  deleteExpiredSessions(db, now());
  const { token, expiresAt } = createSession(db, user.id, now());
  setSessionCookie(c, token, expiresAt);
}

/**
 * Runs a write for both kinds of caller: fetch gets JSON (errors go to app.onError as
 * `{"message"}`); a plain form post (before the island hydrates) gets a redirect, with a known
 * error code on the form's page when it fails.
 */
async function answer(
  c: Context<AppEnv>,
  formPage: string,
  run: () => Promise<{ json: object; status?: 200 | 201; redirect: string }>,
): Promise<Response> {
  if (!isFormPost(c) || (c.req.header("accept") ?? "").includes("application/json")) {
    const result = await run();
    return c.json(result.json, result.status ?? 200);
  }
  try {
    return c.redirect((await run()).redirect, 303);
  } catch (error) {
    if (!(error instanceof HTTPException) || error.status >= 500) throw error;
    const url = new URL(formPage, "http://x");
    url.searchParams.set("error", authErrorCode(error.message) ?? "failed");
    return c.redirect(url.pathname + url.search, 303);
  }
}

/** The checked `next` of a form or JSON body (the page to continue to), else null. */
function nextFrom(body: Record<string, unknown>): string | null {
  return safeNextPath(typeof body.next === "string" ? body.next : null);
}

function googleErrorRedirect(c: Context<AppEnv>, code: AuthErrorCode) {
  return c.redirect(`/auth/signin?error=${code}`, 302);
}

/** The router; called once per app so that each app (and each test) has its own rate-limit counters. */
export function authRoutes() {
  return new Hono<AppEnv>()
    .get("/user", (c) => {
      const user = c.var.user;
      if (!user) throw unauthorized("Not signed in");
      return c.json(currentUserResponse(user, c.var.deps.now()));
    })

    .post("/signup", authRateLimit("signup"), async (c) => {
      const body = await readBody(c);
      // where the person was going (e.g. /book/{id}): through the verification page and its e-mail link
      const next = nextFrom(body);
      const formPage = withNextPath(body.role === "practitioner" ? "/auth/signup?role=practitioner" : "/auth/signup", next);
      return answer(c, formPage, async () => {
        const input = parseBody(signUpSchema, body);
        const user = await signUp(c.var.deps.db, input);
        signInAs(c, user);
        await sendVerificationEmail(c.var.deps, user, next);
        const current = loadCurrentUser(c.var.deps.db, user, c.var.deps.now());
        const verifyPage = withNextPath("/auth/verify-email", next);
        return {
          json: { message: `Account created. We've sent a verification link to ${user.email}.`, user: currentUserResponse(current, c.var.deps.now()) },
          status: 201,
          redirect: verifyPage,
        };
      });
    })

    .post("/signin", authRateLimit("signin"), async (c) => {
      const body = await readBody(c);
      const next = nextFrom(body);
      return answer(c, withNextPath("/auth/signin", next), async () => {
        const { email, password } = parseBody(signInSchema, body);
        const user = await signIn(c.var.deps.db, email, password);
        if (!user) throw unauthorized(AUTH_ERROR_TEXTS.invalid_credentials);
        if (isSuspended(user)) throw forbidden(SUSPENDED_MESSAGE);
        signInAs(c, user);
        const current = loadCurrentUser(c.var.deps.db, user, c.var.deps.now());
        return {
          json: { message: "Signed in", user: currentUserResponse(current, c.var.deps.now()) },
          redirect: next ?? "/",
        };
      });
    })

    .post("/logout", (c) => {
      const token = readSessionToken(c);
      if (token) invalidateSession(c.var.deps.db, token);
      deleteSessionCookie(c);
      if (isFormPost(c) || !(c.req.header("accept") ?? "").includes("application/json")) return c.redirect("/", 303);
      return c.json({ message: "Signed out" });
    })

    .post("/resend-verification", authRateLimit("resend"), async (c) => {
      const body = await readBody(c);
      const { email } = parseBody(resendSchema, body);
      const signedIn = c.var.user;
      if (signedIn && !email) {
        if (signedIn.isEmailVerified) return c.json({ message: "Your email address is already verified." });
        await sendVerificationEmail(c.var.deps, findUserById(c.var.deps.db, signedIn.id)!, nextFrom(body));
        return c.json({ message: `We've sent a new verification link to ${signedIn.email}.` });
      }
      if (!email) throw unauthorized("Please sign in or give the address to verify");
      const user = findUserByEmail(c.var.deps.db, email);
      // not awaited, and the same answer either way: the reply does not reveal accounts
      if (user && !user.isEmailVerified) void sendVerificationEmail(c.var.deps, user);
      return c.json({ message: RESEND_ANSWER });
    })

    .post("/forgot-password", authRateLimit("forgot-password"), (c) =>
      answer(c, "/auth/forgot-password", async () => {
        const { email } = parseBody(emailOnlySchema, await readBody(c));
        void requestPasswordReset(c.var.deps, email);
        return { json: { message: FORGOT_PASSWORD_ANSWER }, redirect: "/auth/forgot-password?sent=1" };
      }),
    )

    .post("/reset-password", authRateLimit("reset-password"), async (c) => {
      const body = await readBody(c);
      const token = typeof body.token === "string" ? body.token : "";
      return answer(c, `/auth/reset-password?token=${encodeURIComponent(token)}`, async () => {
        const input = parseBody(resetPasswordSchema, body);
        const user = await resetPassword(c.var.deps.db, input.token, input.password, c.var.deps.now());
        if (!user) throw new HTTPException(400, { message: AUTH_ERROR_TEXTS.reset_invalid });
        // every session of the account is gone, this browser's included
        deleteSessionCookie(c);
        return { json: { message: "Your password has been reset. Please sign in with your new password." }, redirect: "/auth/signin?reset=1" };
      });
    })

    .post("/trial", (c) => {
      const user = requireUser(c);
      const now = c.var.deps.now();
      const trialEndDate = startTrial(c.var.deps.db, user.id, now);
      const access = accessInfoFor({ accessLevel: "premium", subscriptionStatus: "trial", trialEndDate }, now);
      return c.json({ message: trialStartedMessage(trialEndDate.toISOString().slice(0, 10)), ...access });
    })

    .get("/google", (c) => {
      const { config } = c.var.deps;
      if (!config.googleEnabled) {
        if ((c.req.header("accept") ?? "").includes("application/json")) return c.json({ message: GOOGLE_NOT_CONFIGURED }, 503);
        return googleErrorRedirect(c, "google_not_configured");
      }
      const { url, state, codeVerifier } = createGoogleAuthorization(config);
      const role: SignUpRole = c.req.query("role") === "practitioner" ? "practitioner" : "client";
      const next = safeNextPath(c.req.query("next")) ?? "/";
      setCookie(c, OAUTH_COOKIE, JSON.stringify({ state, codeVerifier, role, next }), {
        httpOnly: true,
        sameSite: "Lax",
        secure: isSecureRequest(c),
        path: OAUTH_COOKIE_PATH,
        maxAge: 600,
      });
      return c.redirect(url.toString(), 302);
    })

    .get("/google/callback", async (c) => {
      const { config, db } = c.var.deps;
      if (!config.googleEnabled) return googleErrorRedirect(c, "google_not_configured");
      const raw = getCookie(c, OAUTH_COOKIE);
      deleteCookie(c, OAUTH_COOKIE, { path: OAUTH_COOKIE_PATH });
      if (c.req.query("error")) return googleErrorRedirect(c, "google_cancelled");
      let saved: { state?: string; codeVerifier?: string; role?: string; next?: string } = {};
      try {
        saved = raw ? JSON.parse(raw) : {};
      } catch {
        saved = {};
      }
      const code = c.req.query("code");
      if (!code || !saved.state || !saved.codeVerifier || saved.state !== c.req.query("state")) return googleErrorRedirect(c, "google_expired");

      let profile;
      try {
        profile = await fetchGoogleProfile(config, code, saved.codeVerifier);
      } catch (error) {
        console.error(`[${c.get("requestId")}] Google sign-in failed:`, error);
        return googleErrorRedirect(c, "google_failed");
      }
      try {
        const { user } = findOrCreateGoogleUser(db, profile, saved.role === "practitioner" ? "practitioner" : "client");
        signInAs(c, user);
      } catch (error) {
        if (error instanceof GoogleLinkError) return googleErrorRedirect(c, error.code);
        throw error;
      }
      return c.redirect(safeNextPath(saved.next) ?? "/", 302);
    });
}

/** /api/auth: the calls of SPEC.md section 7 plus verification, password reset and the free trial. */
import { Hono, type Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { HTTPException } from "hono/http-exception";
import { trialStartedMessage } from "../../core/access-texts";
import { AUTH_ERROR_TEXTS, authErrorCode, safeNextPath, withNextPath, type AuthErrorCode } from "../../core/auth";
import type { AppEnv } from "../http/app-context";
import { forbidden, httpError, unauthorized } from "../http/errors";
import { isSuspended, SUSPENDED_MESSAGE } from "../features/admin/suspension";
import { isWellFormedText } from "../../core/text";
import { findUserById, type AccountDeps, type SignUpRole } from "./accounts";
import { withinMailCap } from "../email/mail-cap";
import { atomic } from "../../db/client";
import { currentUserResponse, loadCurrentUser } from "./current-user";
import { resendVerificationByEmail, sendVerificationEmail } from "./email-verification";
import { findOrCreateGoogleUser, GoogleLinkError } from "./google-accounts";
import { requireUser } from "./guards";
import { createGoogleAuthorization, fetchGoogleProfile, GOOGLE_NOT_CONFIGURED } from "./oauth";
import { requestPasswordReset, resetPassword } from "./password-reset";
import { accessInfoFor } from "./permissions";
import { clientIp, authRateLimit, RATE_LIMIT_MESSAGE } from "./rate-limit";
import { isFormPost, readBody, wantsFormRedirect, withErrorCode } from "./request-body";
import type { ApiResponse } from "../../core/api-routes";
import { emailOnlySchema, parseBody, resendSchema, resetPasswordSchema, signInSchema, signUpSchema } from "./schemas";
import { createSession, deleteExpiredSessions, deleteSessionCookie, invalidateSession, isSecureRequest, readSessionToken, setSessionCookie, type UserRow } from "./session";
import { signIn, signInThrottle } from "./sign-in";
import { sendSignUpAttemptEmail, signUp } from "./sign-up";
import { expireEndedTrial, startTrial } from "./trial";

export const FORGOT_PASSWORD_ANSWER = "If an account exists for that address, we've sent a link to reset your password. It works for one hour.";
export const RESEND_ANSWER = "If that address has an account waiting for verification, we've sent a new link.";
/** The same for a new address and a taken one: the e-mail (verification or 'you already have an account') tells the owner which. */
export const signUpAnswer = (email: string) => `Thanks! We've sent an e-mail to ${email}. Follow its link to confirm your address and finish signing up.`;
/** Reset, 'someone tried to sign up' and resent verification e-mails one address may receive per hour, of each kind (beyond that they are skipped silently). */
export const ACCOUNT_EMAILS_PER_HOUR = 3;
/** A signed-in person asking for more verification links than that within the hour. */
export const RESEND_CAPPED_MESSAGE = `We have already sent ${ACCOUNT_EMAILS_PER_HOUR} verification links this hour. Please look for them in your inbox and spam folder, or try again later.`;
const OAUTH_COOKIE = "pollinate_oauth";
const OAUTH_COOKIE_PATH = "/api/auth/google";

/** Starts a session for the user on this browser (and stores an ended trial as expired). */
export async function signInAs(c: Context<AppEnv>, user: UserRow): Promise<void> {
  const { db, now } = c.var.deps;
  // the session this browser held before (another account, or the same one) ends here: left
  // alive on the server, whoever kept a copy of its cookie would still be signed in
  const previous = readSessionToken(c);
  const { token, expiresAt } = await atomic(db, async (tx) => {
    if (previous) await invalidateSession(tx, previous);
    await deleteExpiredSessions(tx, now());
    await expireEndedTrial(tx, user.id, now());
    return createSession(tx, user.id, now());
  });
  setSessionCookie(c, token, expiresAt);
}

/**
 * True (and counted) while `kind` e-mails to this address stay within ACCOUNT_EMAILS_PER_HOUR
 * (the app's `counters.mail` store); checked before the transaction that enqueues the e-mail.
 */
function mayEmail(deps: AccountDeps & Pick<AppEnv["Variables"]["deps"], "counters">, kind: string, address: string): Promise<boolean> {
  return withinMailCap(deps.counters.mail, kind, address, ACCOUNT_EMAILS_PER_HOUR, deps.now());
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
  if (!wantsFormRedirect(c)) {
    const result = await run();
    return c.json(result.json, result.status ?? 200);
  }
  try {
    return c.redirect((await run()).redirect, 303);
  } catch (error) {
    if (!(error instanceof HTTPException) || error.status >= 500) throw error;
    return c.redirect(withErrorCode(formPage, authErrorCode(error.message) ?? "failed"), 303);
  }
}

/** The checked `next` of a form or JSON body (the page to continue to), else null. */
function nextFrom(body: Record<string, unknown>): string | null {
  return safeNextPath(typeof body.next === "string" ? body.next : null);
}

/** The page each form came from, where a refused form post goes back to with ?error=. */
const signUpFormPage = (body: Record<string, unknown>) =>
  withNextPath(body.role === "practitioner" ? "/auth/signup?role=practitioner" : "/auth/signup", nextFrom(body));
const signInFormPage = (body: Record<string, unknown>) => withNextPath("/auth/signin", nextFrom(body));
const FORGOT_PASSWORD_FORM_PAGE = "/auth/forgot-password";
// only a well-formed token goes back into the form's URL (encodeURIComponent throws on lone surrogates)
const resetFormPage = (body: Record<string, unknown>) =>
  `/auth/reset-password?token=${encodeURIComponent(typeof body.token === "string" && isWellFormedText(body.token) ? body.token : "")}`;

function googleErrorRedirect(c: Context<AppEnv>, code: AuthErrorCode) {
  return c.redirect(`/auth/signin?error=${code}`, 302);
}

/** The sign-in throttle over the app's `counters.signIn` store. */
const throttleOf = (c: Context<AppEnv>) => signInThrottle(c.var.deps.counters.signIn, c.var.deps.config.AUTH_RATE_LIMIT);

/** The router; its counters live in the app's stores (AppDeps.counters), so one router serves every app. */
export const authRoutes = new Hono<AppEnv>()
    .get("/user", (c) => {
      const user = c.var.user;
      if (!user) throw unauthorized("Not signed in");
      return c.json(currentUserResponse(user, c.var.deps.now()));
    })

    /**
     * Creates the account and e-mails its verification link; the person signs in by confirming it.
     * A taken address gets the same answer after the same hashing, and its owner an e-mail instead.
     * Either e-mail goes into the outbox with the change (none for a taken address past its cap),
     * and leaves after the answer.
     */
    .post("/signup", authRateLimit("signup", { formPage: signUpFormPage }), async (c) => {
      const body = await readBody(c);
      // where the person was going (e.g. /book/{id}): through the verification page and its e-mail link
      const next = nextFrom(body);
      return answer(c, signUpFormPage(body), async () => {
        const input = parseBody(signUpSchema, body);
        const { deps } = c.var;
        const { user, created } = await signUp(deps, input, next);
        if (!created && (await mayEmail(deps, "sign-up-attempt", user.email))) await sendSignUpAttemptEmail(deps, user);
        return { json: { message: signUpAnswer(input.email) } satisfies ApiResponse<"POST /api/auth/signup">, status: 201, redirect: withNextPath("/auth/verify-email", next) };
      });
    })

    .post("/signin", authRateLimit("signin", { formPage: signInFormPage }), async (c) => {
      const body = await readBody(c);
      const next = nextFrom(body);
      return answer(c, signInFormPage(body), async () => {
        const { email, password } = parseBody(signInSchema, body);
        const { db, now } = c.var.deps;
        const ip = clientIp(c);
        const throttle = throttleOf(c);
        const waitMs = await throttle.waitMs(email, ip, now());
        if (waitMs > 0) {
          c.header("Retry-After", String(Math.ceil(waitMs / 1000)));
          throw httpError(429, RATE_LIMIT_MESSAGE);
        }
        const user = await signIn(db, email, password);
        if (!user) {
          await throttle.recordFailure(email, ip, now());
          throw unauthorized(AUTH_ERROR_TEXTS.invalid_credentials);
        }
        await throttle.recordSuccess(email, ip, now());
        if (isSuspended(user)) throw forbidden(SUSPENDED_MESSAGE);
        await signInAs(c, user);
        const current = await loadCurrentUser(db, (await findUserById(db, user.id)) ?? user, now());
        return {
          json: { message: "Signed in", user: currentUserResponse(current, now()) } satisfies ApiResponse<"POST /api/auth/signin">,
          redirect: next ?? "/",
        };
      });
    })

    .post("/logout", async (c) => {
      const token = readSessionToken(c);
      if (token) await invalidateSession(c.var.deps.db, token);
      deleteSessionCookie(c);
      if (isFormPost(c) || !(c.req.header("accept") ?? "").includes("application/json")) return c.redirect("/", 303);
      return c.json({ message: "Signed out" });
    })

    .post("/resend-verification", authRateLimit("resend"), async (c) => {
      const body = await readBody(c);
      const { email } = parseBody(resendSchema, body);
      const { deps } = c.var;
      const signedIn = c.var.user;
      if (signedIn && !email) {
        if (signedIn.isEmailVerified) return c.json({ message: "Your email address is already verified." } satisfies ApiResponse<"POST /api/auth/resend-verification">);
        // an account signed up with someone else's address could otherwise mail that person without end
        if (!(await mayEmail(deps, "verification", signedIn.email))) throw httpError(429, RESEND_CAPPED_MESSAGE);
        const user = await findUserById(deps.db, signedIn.id);
        if (user) await sendVerificationEmail(deps, user, nextFrom(body));
        return c.json({ message: `We've sent a new verification link to ${signedIn.email}.` } satisfies ApiResponse<"POST /api/auth/resend-verification">);
      }
      if (!email) throw unauthorized("Please sign in or give the address to verify");
      // the same answer, and the same work (a count and one transaction), whether or not the
      // address waits for verification: neither reveals accounts; the e-mail leaves from the outbox
      if (await mayEmail(deps, "verification", email)) await resendVerificationByEmail(deps, email);
      return c.json({ message: RESEND_ANSWER } satisfies ApiResponse<"POST /api/auth/resend-verification">);
    })

    .post("/forgot-password", authRateLimit("forgot-password", { formPage: () => FORGOT_PASSWORD_FORM_PAGE }), (c) =>
      answer(c, FORGOT_PASSWORD_FORM_PAGE, async () => {
        const { email } = parseBody(emailOnlySchema, await readBody(c));
        const { deps } = c.var;
        // known and unknown addresses cost the same (a count and one transaction around one update);
        // the mail leaves after the answer, from the outbox
        if (await mayEmail(deps, "password-reset", email)) await requestPasswordReset(deps, email);
        return { json: { message: FORGOT_PASSWORD_ANSWER } satisfies ApiResponse<"POST /api/auth/forgot-password">, redirect: "/auth/forgot-password?sent=1" };
      }),
    )

    .post("/reset-password", authRateLimit("reset-password", { formPage: resetFormPage }), async (c) => {
      const body = await readBody(c);
      return answer(c, resetFormPage(body), async () => {
        const input = parseBody(resetPasswordSchema, body);
        const user = await resetPassword(c.var.deps.db, input.token, input.password, c.var.deps.now());
        if (!user) throw new HTTPException(400, { message: AUTH_ERROR_TEXTS.reset_invalid });
        // the owner proved the mailbox: failures counted against the account no longer matter
        await throttleOf(c).clearAccount(user.email);
        // every session of the account is gone, this browser's included
        deleteSessionCookie(c);
        return { json: { message: "Your password has been reset. Please sign in with your new password." } satisfies ApiResponse<"POST /api/auth/reset-password">, redirect: "/auth/signin?reset=1" };
      });
    })

    .post("/trial", async (c) => {
      const user = requireUser(c);
      const now = c.var.deps.now();
      const trialEndDate = await startTrial(c.var.deps.db, user.id, now);
      const access = accessInfoFor({ accessLevel: "premium", subscriptionStatus: "trial", trialEndDate }, now);
      return c.json({ message: trialStartedMessage(trialEndDate.toISOString().slice(0, 10)), ...access } satisfies ApiResponse<"POST /api/auth/trial">);
    })

    .get("/google", (c) => {
      const { config } = c.var.deps;
      if (!config.googleEnabled) {
        // a browser following the button goes back to sign-in with the text; anything else gets a 404
        if ((c.req.header("accept") ?? "").includes("text/html")) return googleErrorRedirect(c, "google_not_configured");
        return c.json({ message: GOOGLE_NOT_CONFIGURED }, 404);
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
        const { user } = await findOrCreateGoogleUser(db, profile, saved.role === "practitioner" ? "practitioner" : "client");
        await signInAs(c, user);
      } catch (error) {
        if (error instanceof GoogleLinkError) return googleErrorRedirect(c, error.code);
        throw error;
      }
      return c.redirect(safeNextPath(saved.next) ?? "/", 302);
    });

/** The account pages: sign-in, sign-up, e-mail verification, forgot and reset password. */
import { Hono, type Context } from "hono";
import { AUTH_MESSAGES, authErrorText, safeNextPath } from "../../core/auth";
import { BOOKING_TEXTS } from "../../core/booking-texts";
import { ForgotPasswordPage } from "../../web/pages/auth/forgot-password";
import { ResetPasswordPage } from "../../web/pages/auth/reset-password";
import { SignInPage } from "../../web/pages/auth/sign-in";
import { SignUpPage } from "../../web/pages/auth/sign-up";
import { ConfirmEmailChangePage, type ConfirmEmailChangePageProps } from "../../web/pages/auth/confirm-email-change";
import { EMAIL_CHANGE_PATH } from "../../core/email-change";
import { confirmEmailChange, findEmailChange } from "../features/account/email-change";
import { HTTPException } from "hono/http-exception";
import { VerifyEmailPage, type VerifyEmailPageProps, type VerifyEmailState } from "../../web/pages/auth/verify-email";
import { FORGOT_PASSWORD_ANSWER, signInAs } from "../auth/routes";
import { loadCurrentUser } from "../auth/current-user";
import { readBody } from "../auth/request-body";
import { findUserByVerificationToken, verifyEmail } from "../auth/email-verification";
import { findUserByResetToken } from "../auth/password-reset";
import type { AppEnv } from "../http/app-context";
import { renderPage } from "./render";

export const PASSWORD_RESET_NOTICE = "Your password has been reset. Please sign in with your new password.";
/** SPEC.md section 5: booking needs sign-in ('Sign in required'). */
export const BOOKING_SIGN_IN_NOTICE = `${BOOKING_TEXTS.signInTitle}: ${BOOKING_TEXTS.signInDescription}.`;

function signInNotice(query: (name: string) => string | undefined): string | null {
  if (query("reset") === "1") return PASSWORD_RESET_NOTICE;
  if (query("reason") === "booking") return BOOKING_SIGN_IN_NOTICE;
  return null;
}

/** The text for ?error=: a known code's text, the form's fallback for "failed", else nothing. */
function errorFromQuery(code: string | undefined, fallback: string): string | null {
  if (code === "failed") return fallback;
  return authErrorText(code);
}

function renderVerifyEmail(c: Context<AppEnv>, props: VerifyEmailPageProps, status = 200) {
  return renderPage(c, { title: "Verify Your Email · Pollinate", noindex: true, status, body: <VerifyEmailPage {...props} /> });
}

function renderEmailChange(c: Context<AppEnv>, props: ConfirmEmailChangePageProps, status = 200) {
  return renderPage(c, { title: "Confirm Your New Address · Pollinate", noindex: true, status, body: <ConfirmEmailChangePage {...props} /> });
}

export const authPages = new Hono<AppEnv>()
  .get("/auth/signin", (c) => {
    const next = safeNextPath(c.req.query("next"));
    if (c.var.user) return c.redirect(next ?? "/", 302);
    return renderPage(c, {
      title: "Sign In · Pollinate",
      description: "Sign in to Pollinate to book sessions and manage your wellness journey.",
      canonicalPath: "/auth/signin",
      body: (
        <SignInPage
          googleEnabled={c.var.deps.config.googleEnabled}
          next={next}
          error={errorFromQuery(c.req.query("error"), AUTH_MESSAGES.signInFailed)}
          notice={signInNotice((name) => c.req.query(name))}
        />
      ),
    });
  })

  .get("/auth/signup", (c) => {
    const next = safeNextPath(c.req.query("next"));
    if (c.var.user) return c.redirect(next ?? "/", 302);
    return renderPage(c, {
      title: "Start Your Journey · Pollinate",
      description: "Create your Pollinate account: find a practitioner or offer your sessions.",
      canonicalPath: "/auth/signup",
      body: (
        <SignUpPage
          googleEnabled={c.var.deps.config.googleEnabled}
          role={c.req.query("role") === "practitioner" ? "practitioner" : "client"}
          next={next}
          error={errorFromQuery(c.req.query("error"), AUTH_MESSAGES.signUpFailed)}
        />
      ),
    });
  })

  /**
   * The page after sign-up, and the e-mailed link's landing page. Following the link changes
   * nothing (mail scanners open links too): it shows a 'Confirm my e-mail' button that posts below.
   */
  .get("/auth/verify-email", async (c) => {
    const user = c.var.user;
    const token = c.req.query("token");
    const next = safeNextPath(c.req.query("next"));
    let state: VerifyEmailState;
    let email = user?.email ?? null;
    let otherAccount = false;
    if (token) {
      const owner = await findUserByVerificationToken(c.var.deps.db, token, c.var.deps.now());
      if (owner) email = owner.email;
      otherAccount = Boolean(owner && user && owner.id !== user.id);
      state = owner ? "confirm" : user?.isEmailVerified ? "already" : "invalid";
    } else {
      state = !user ? "signed-out" : user.isEmailVerified ? "already" : "sent";
    }
    return renderVerifyEmail(c, { user, state, email, token: state === "confirm" ? token! : null, next, otherAccount });
  })

  /** 'Confirm my e-mail': uses the token up and shows the verified state (same-origin checked like every write). */
  .post("/auth/verify-email", async (c) => {
    const body = await readBody(c);
    const token = typeof body.token === "string" ? body.token : "";
    const next = safeNextPath(typeof body.next === "string" ? body.next : null);
    const { db, now } = c.var.deps;
    let user = c.var.user;
    const verified = await verifyEmail(db, token, now());
    if (verified && user?.id === verified.id) user = { ...user, isEmailVerified: true };
    // sign-up does not sign in (so that it answers a taken address like a new one): the confirmed link does
    else if (verified && !user) {
      await signInAs(c, verified);
      user = await loadCurrentUser(db, verified, now());
    }
    const state: VerifyEmailState = verified ? "verified" : user?.isEmailVerified ? "already" : "invalid";
    const otherAccount = Boolean(verified && user && user.id !== verified.id);
    return renderVerifyEmail(c, { user, state, email: verified?.email ?? user?.email ?? null, token: null, next, otherAccount }, verified || state === "already" ? 200 : 400);
  })

  /** The link e-mailed to a new address: shows what it changes and a button; only the button's POST changes it. */
  .get(EMAIL_CHANGE_PATH, async (c) => {
    const token = c.req.query("token") ?? "";
    const pending = await findEmailChange(c.var.deps.db, token, c.var.deps.now());
    if (!pending) return renderEmailChange(c, { user: c.var.user, state: "invalid", email: null, token: null }, 400);
    return renderEmailChange(c, { user: c.var.user, state: "confirm", email: pending.newEmail, token });
  })

  /** Switches the address and uses the link up (same-origin checked like every write). */
  .post(EMAIL_CHANGE_PATH, async (c) => {
    const body = await readBody(c);
    const token = typeof body.token === "string" ? body.token : "";
    const { deps } = c.var;
    let changed;
    try {
      changed = await confirmEmailChange(deps, token);
    } catch (error) {
      if (error instanceof HTTPException && error.status === 409) return renderEmailChange(c, { user: c.var.user, state: "taken", email: null, token: null }, 409);
      throw error;
    }
    if (!changed) return renderEmailChange(c, { user: c.var.user, state: "invalid", email: null, token: null }, 400);
    const user = c.var.user?.id === changed.userId ? { ...c.var.user, email: changed.email, isEmailVerified: true } : c.var.user;
    return renderEmailChange(c, { user, state: "changed", email: changed.email, token: null });
  })

  .get("/auth/forgot-password", (c) =>
    renderPage(c, {
      title: "Forgot Password · Pollinate",
      description: "Reset the password of your Pollinate account.",
      canonicalPath: "/auth/forgot-password",
      body: (
        <ForgotPasswordPage
          user={c.var.user}
          sentMessage={c.req.query("sent") === "1" ? FORGOT_PASSWORD_ANSWER : null}
          error={errorFromQuery(c.req.query("error"), AUTH_MESSAGES.forgotPasswordFailed)}
        />
      ),
    }),
  )

  .get("/auth/reset-password", async (c) => {
    const token = c.req.query("token") ?? "";
    const valid = Boolean(await findUserByResetToken(c.var.deps.db, token, c.var.deps.now()));
    return renderPage(c, {
      title: "Choose a New Password · Pollinate",
      noindex: true,
      body: <ResetPasswordPage user={c.var.user} token={token} valid={valid} error={errorFromQuery(c.req.query("error"), "Failed to reset your password")} />,
    });
  });

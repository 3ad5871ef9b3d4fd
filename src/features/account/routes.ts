import { Hono } from "hono";
import { AUTH_ERROR_TEXTS } from "../../../core/auth";
import { requireSignedIn, requireUser } from "../../auth/guards";
import { deleteSessionCookie, readSessionToken } from "../../auth/session";
import type { AppEnv } from "../../http/app-context";
import { ipRateLimit } from "../../http/ip-rate-limit";
import { validate } from "../../http/validate";
import { deletionSchema, emailChangeSchema, passwordChangeSchema } from "../../../core/auth-inputs";
import type { ApiResponse } from "../../../core/api-routes";
import { ACCOUNT_EMAILS_PER_HOUR } from "../../auth/routes";
import { withinMailCap } from "../../email/mail-cap";
import { httpError } from "../../http/errors";
import { EMAIL_CHANGE_TEXTS, requestEmailChange } from "./email-change";
import { ACCOUNT_TEXTS, changePassword, deleteAccount, exportAccountData } from "./service";


/** /api/account: change password, change e-mail (confirmed by a link to the new address), export my data, delete my account (each for the signed-in person only). */
export function accountRoutes() {
  // each checks a password (argon2: about 100 ms): limited per client like the sign-in form
  const limit = (action: string) => ipRateLimit(`account-${action}`, (c) => c.var.deps.config.AUTH_RATE_LIMIT, AUTH_ERROR_TEXTS.rate_limited);
  return new Hono<AppEnv>()
    .post("/password", requireSignedIn, limit("password"), validate("json", passwordChangeSchema, { paths: false }), async (c) => {
      const user = requireUser(c);
      const { currentPassword, newPassword } = c.req.valid("json");
      await changePassword(c.var.deps.db, user.id, currentPassword, newPassword, readSessionToken(c), c.var.deps.now());
      return c.json({ message: ACCOUNT_TEXTS.passwordChanged } satisfies ApiResponse<"POST /api/account/password">);
    })
    .post("/email", requireSignedIn, limit("email"), validate("json", emailChangeSchema, { paths: false }), async (c) => {
      const user = requireUser(c);
      const { deps } = c.var;
      const { currentPassword, newEmail } = c.req.valid("json");
      // each request mails two addresses, one of them chosen by the requester: capped per account (counted once the password is right)
      const withinCap = async () => {
        if (!(await withinMailCap(deps.counters.mail, "email-change", user.id, ACCOUNT_EMAILS_PER_HOUR, deps.now()))) throw httpError(429, EMAIL_CHANGE_TEXTS.tooMany);
      };
      await requestEmailChange(deps, user.id, currentPassword, newEmail, withinCap);
      return c.json({ message: EMAIL_CHANGE_TEXTS.requested(newEmail.trim()) } satisfies ApiResponse<"POST /api/account/email">);
    })
    .get("/export", requireSignedIn, async (c) => {
      const user = requireUser(c);
      const now = c.var.deps.now();
      const data = await exportAccountData(c.var.deps.db, user.id, now);
      return new Response(JSON.stringify(data, null, 2), {
        headers: {
          "content-type": "application/json; charset=utf-8",
          "content-disposition": `attachment; filename="pollinate-account-${now.toISOString().slice(0, 10)}.json"`,
          "cache-control": "private, no-store",
          "x-content-type-options": "nosniff",
        },
      });
    })
    .post("/delete", requireSignedIn, limit("delete"), validate("json", deletionSchema, { paths: false }), async (c) => {
      const user = requireUser(c);
      const { db, config, now } = c.var.deps;
      const { cancelled } = await deleteAccount(db, config, user.id, c.req.valid("json").confirmation, now());
      deleteSessionCookie(c);
      return c.json({ message: ACCOUNT_TEXTS.deleted, cancelledSessions: cancelled } satisfies ApiResponse<"POST /api/account/delete">);
    });
}

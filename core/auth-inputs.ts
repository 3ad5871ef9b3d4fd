/**
 * What the sign-up, sign-in and password forms and the account's settings send, validated by the
 * server (src/auth/routes.ts, src/features/account/routes.ts) and typed for the browser by
 * core/api-routes.ts. The browser imports only the types of this file.
 */
import { z } from "zod";
import { MIN_PASSWORD_LENGTH } from "./constants";
import { AUTH_ERROR_TEXTS, AUTH_MESSAGES, isValidEmail, nameHasLink } from "./auth";
import { wellFormedText } from "./text";

const email = wellFormedText({ error: AUTH_MESSAGES.emailRequired })
  .trim()
  .min(1, AUTH_MESSAGES.emailRequired)
  .max(254, AUTH_MESSAGES.emailInvalid)
  .refine(isValidEmail, AUTH_MESSAGES.emailInvalid);
// argon2 takes any length, but a megabyte password is only a way to burn CPU
const newPassword = wellFormedText({ error: AUTH_MESSAGES.passwordTooShort })
  .min(MIN_PASSWORD_LENGTH, AUTH_MESSAGES.passwordTooShort)
  .max(256, "Password must be at most 256 characters long");
const confirmPassword = wellFormedText().max(256, "Password must be at most 256 characters long").optional();
// a name is one line: it lands in e-mail text, calendar files and headings, where a line break or a control character could fake lines
const name = (message: string) =>
  wellFormedText({ error: message })
    .trim()
    .min(1, message)
    .max(100, "Names must be at most 100 characters long")
    .refine((v) => !/[\x00-\x1f\x7f\u2028\u2029]/.test(v), { message: AUTH_MESSAGES.nameOneLine, abort: true })
    .refine((v) => !nameHasLink(v), AUTH_MESSAGES.nameNoLinks);
/** Where to go next (checked again by safeNextPath); only its well-formedness matters here. */
const next = wellFormedText().max(2000).optional();

export const signUpSchema = z
  .object({
    firstName: name(AUTH_MESSAGES.firstNameRequired),
    lastName: name(AUTH_MESSAGES.lastNameRequired),
    email,
    password: newPassword,
    /** Sent by the form; an API client may leave it out. */
    confirmPassword,
    role: z.enum(["client", "practitioner"]).default("client"),
    next,
  })
  .refine((v) => v.confirmPassword === undefined || v.confirmPassword === v.password, { message: AUTH_MESSAGES.passwordsDoNotMatch, path: ["confirmPassword"] });

export const signInSchema = z.object({
  email: wellFormedText({ error: AUTH_MESSAGES.emailRequired }).trim().min(1, AUTH_MESSAGES.emailRequired).max(254, AUTH_MESSAGES.invalidCredentials),
  password: wellFormedText({ error: AUTH_MESSAGES.passwordRequired }).min(1, AUTH_MESSAGES.passwordRequired).max(256, AUTH_MESSAGES.invalidCredentials),
  next,
});

export const emailOnlySchema = z.object({ email });

export const resendSchema = z.object({ email: email.optional(), next });

export const resetPasswordSchema = z
  .object({
    token: wellFormedText({ error: AUTH_ERROR_TEXTS.reset_invalid }).min(1, AUTH_ERROR_TEXTS.reset_invalid).max(200, AUTH_ERROR_TEXTS.reset_invalid),
    password: newPassword,
    confirmPassword,
  })
  .refine((v) => v.confirmPassword === undefined || v.confirmPassword === v.password, { message: AUTH_MESSAGES.passwordsDoNotMatch, path: ["confirmPassword"] });

/** The account's settings (src/features/account/routes.ts). */
export const ACCOUNT_WRONG_CONFIRMATION = "To delete the account, enter your password (or, for an account without one, your e-mail address).";
export const passwordChangeSchema = z.object({
  currentPassword: z.string().max(256).default(""),
  newPassword: z.string().min(MIN_PASSWORD_LENGTH, AUTH_MESSAGES.passwordTooShort).max(256, "Password must be at most 256 characters long"),
});
export const emailChangeSchema = z.object({ currentPassword: z.string().max(256).default(""), newEmail: email });
export const deletionSchema = z.object({ confirmation: z.string().min(1, ACCOUNT_WRONG_CONFIRMATION).max(256) });

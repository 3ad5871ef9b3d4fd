/** Sign-up and sign-in rules of SPEC.md section 5, shared by the forms and the server's schemas. */
import { MIN_PASSWORD_LENGTH } from "./constants";
import { isWellFormedText } from "./text";

export const AUTH_MESSAGES = {
  passwordTooShort: `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`,
  passwordsDoNotMatch: "Passwords do not match",
  invalidCredentials: "Invalid email or password",
  signInFailed: "Failed to sign in",
  signUpFailed: "Failed to create account",
  forgotPasswordFailed: "Failed to send the reset link",
  emailRequired: "Please enter your email address",
  emailInvalid: "Please enter a valid email address",
  passwordRequired: "Please enter your password",
  firstNameRequired: "Please enter your first name",
  lastNameRequired: "Please enter your last name",
  nameOneLine: "Names must be on one line, without control characters",
  nameNoLinks: "Names cannot contain web or e-mail addresses",
} as const;

const LINK_IN_NAME = /:\/\/|www\.|@|\/|[\p{L}\p{N}-]\.\p{L}{2,}/iu;

/**
 * True when a name carries something a reader could follow: a scheme (https://), www., an e-mail
 * address or a domain ("evil.example/pay"). Names land in e-mails that practitioners and clients
 * read, so a name such as "Refund due: visit https://evil.example/pay" would be a phishing line
 * signed by Pollinate. Initials ("J.R.R.") and "St. John" pass: a dot must be followed by two
 * letters with no space to look like a domain.
 */
export function nameHasLink(name: string): boolean {
  return LINK_IN_NAME.test(name);
}

/** A name from elsewhere (Google's profile) kept only when sign-up would accept it; else null. */
export function acceptableName(name: string | null | undefined): string | null {
  const trimmed = name?.trim().slice(0, 100);
  if (!trimmed || /[\x00-\x1f\x7f\u2028\u2029]/.test(trimmed) || nameHasLink(trimmed) || !isWellFormedText(trimmed)) return null;
  return trimmed;
}


/**
 * The HTML standard's "valid e-mail address" (what `<input type="email">` accepts: no spaces,
 * quotes, angle brackets, parentheses or control characters), plus a dot in the domain and the
 * RFC 5321 lengths. The verification e-mail is still the real check that the address works.
 */
const LOCAL_PART = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]{1,64}$/;
const DOMAIN_LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

export function isValidEmail(email: string): boolean {
  const address = email.trim();
  if (address.length > 254) return false;
  const at = address.lastIndexOf("@");
  if (at < 1) return false;
  const labels = address.slice(at + 1).split(".");
  return LOCAL_PART.test(address.slice(0, at)) && labels.length >= 2 && labels.every((label) => DOMAIN_LABEL.test(label));
}

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

export interface SignUpValues {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  confirmPassword: string;
}

export function validateSignUp(values: SignUpValues): FieldErrors<keyof SignUpValues> {
  const errors: FieldErrors<keyof SignUpValues> = {};
  if (!values.firstName.trim()) errors.firstName = AUTH_MESSAGES.firstNameRequired;
  if (!values.lastName.trim()) errors.lastName = AUTH_MESSAGES.lastNameRequired;
  if (!values.email.trim()) errors.email = AUTH_MESSAGES.emailRequired;
  else if (!isValidEmail(values.email)) errors.email = AUTH_MESSAGES.emailInvalid;
  if (values.password.length < MIN_PASSWORD_LENGTH) errors.password = AUTH_MESSAGES.passwordTooShort;
  if (values.password !== values.confirmPassword) errors.confirmPassword = AUTH_MESSAGES.passwordsDoNotMatch;
  return errors;
}

export function validateSignIn(values: { email: string; password: string }): FieldErrors<"email" | "password"> {
  const errors: FieldErrors<"email" | "password"> = {};
  if (!values.email.trim()) errors.email = AUTH_MESSAGES.emailRequired;
  if (!values.password) errors.password = AUTH_MESSAGES.passwordRequired;
  return errors;
}

export function validateNewPassword(values: { password: string; confirmPassword: string }): FieldErrors<"password" | "confirmPassword"> {
  const errors: FieldErrors<"password" | "confirmPassword"> = {};
  if (values.password.length < MIN_PASSWORD_LENGTH) errors.password = AUTH_MESSAGES.passwordTooShort;
  if (values.password !== values.confirmPassword) errors.confirmPassword = AUTH_MESSAGES.passwordsDoNotMatch;
  return errors;
}

/** Control characters, any whitespace (browsers drop tabs and newlines from URLs) and backslashes. */
const UNSAFE_NEXT_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\s\\]/u;
const NEXT_BASE = "http://x";

/**
 * A same-site path to return to after sign-in ("/book/abc"), or null for anything else. The value
 * is resolved the way a browser would resolve a Location header; anything that could leave the
 * site (`//host`, `/\host`, `/\t/host`, `https:`, `javascript:`) or that would break the header
 * gives null. The answer is the normalised path, search and hash.
 */
export function safeNextPath(next: string | null | undefined): string | null {
  if (typeof next !== "string" || !next.startsWith("/") || UNSAFE_NEXT_CHARACTERS.test(next) || !isWellFormedText(next)) return null;
  let url: URL;
  try {
    url = new URL(next, NEXT_BASE);
  } catch {
    return null;
  }
  // "/.//evil.example" normalises to the path "//evil.example", which a browser reads as a host
  if (url.origin !== NEXT_BASE || url.pathname.startsWith("//")) return null;
  if (url.pathname.startsWith("/api/") || url.pathname.startsWith("/auth/")) return null;
  return url.pathname + url.search + url.hash;
}

/** The sign-in page that comes back to `next` afterwards; `reason` picks its notice ('booking'). */
export function signInHref(next: string, reason?: string): string {
  const params = new URLSearchParams();
  if (reason) params.set("reason", reason);
  params.set("next", next);
  return `/auth/signin?${params}`;
}

/** `path` with a `next` query parameter added when `next` is a safe path; `path` unchanged otherwise. */
export function withNextPath(path: string, next: string | null | undefined): string {
  const safe = safeNextPath(next);
  if (!safe) return path;
  return `${path}${path.includes("?") ? "&" : "?"}next=${encodeURIComponent(safe)}`;
}

/**
 * Errors that reach the sign-in and sign-up pages through their URL (?error=code): Google's
 * callback and form posts made before the page's script loaded. Only these fixed texts are shown,
 * so a crafted link cannot put its own words on the page.
 */
/**
 * The verification page when the link is another account's than the one signed in on this browser:
 * confirming verifies that address but does not switch accounts, so the page must not lead on as if
 * the signed-in person had just verified their own (their 'next' is the other account's).
 */
export const VERIFY_OTHER_ACCOUNT_TEXTS = {
  confirm: (signedInEmail: string) => `You're signed in as ${signedInEmail}. Confirming verifies the address above and keeps you signed in as yourself.`,
  verified: "Thank you! This email address is now verified. To use its account, sign out and sign in with it.",
} as const;

export const AUTH_ERROR_TEXTS = {
  invalid_credentials: AUTH_MESSAGES.invalidCredentials,
  rate_limited: "Too many attempts. Please wait a minute and try again.",
  google_not_configured: "Google sign-in is not configured on this server.",
  google_cancelled: "Google sign-in was cancelled.",
  google_expired: "That Google sign-in took too long or was started in another tab. Please try again.",
  google_failed: "Google sign-in failed. Please try again.",
  google_no_email: "Your Google account did not share an e-mail address.",
  // the same whether or not the address has an account here (decision 021): it must not tell
  google_unverified: "Google has not verified this e-mail address. Please verify it with Google and try again, or sign in or sign up with your e-mail and a password.",
  google_other_account: "This account is already linked to a different Google account.",
  password_too_short: AUTH_MESSAGES.passwordTooShort,
  passwords_do_not_match: AUTH_MESSAGES.passwordsDoNotMatch,
  name_one_line: AUTH_MESSAGES.nameOneLine,
  name_no_links: AUTH_MESSAGES.nameNoLinks,
  reset_invalid: "This reset link is invalid or has expired. Please request a new one.",
} as const;
export type AuthErrorCode = keyof typeof AUTH_ERROR_TEXTS;

export function authErrorText(code: string | null | undefined): string | null {
  return code && Object.hasOwn(AUTH_ERROR_TEXTS, code) ? AUTH_ERROR_TEXTS[code as AuthErrorCode] : null;
}

/** The code of a known message, for redirects; unknown messages have none. */
export function authErrorCode(message: string): AuthErrorCode | null {
  const entry = Object.entries(AUTH_ERROR_TEXTS).find(([, text]) => text === message);
  return entry ? (entry[0] as AuthErrorCode) : null;
}

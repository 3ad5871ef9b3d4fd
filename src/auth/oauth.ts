/** Google sign-in on arctic's generic OAuth2Client, with endpoints from the config (tests use a fake provider). */
import { CodeChallengeMethod, generateCodeVerifier, generateState, OAuth2Client } from "arctic";
import { AUTH_ERROR_TEXTS } from "../../core/auth";
import type { Config } from "../config";
import type { GoogleProfile } from "./google-accounts";

type GoogleConfig = Pick<Config, "APP_URL" | "GOOGLE_CLIENT_ID" | "GOOGLE_CLIENT_SECRET" | "GOOGLE_AUTH_URL" | "GOOGLE_TOKEN_URL" | "GOOGLE_USERINFO_URL" | "googleEnabled">;

export const GOOGLE_NOT_CONFIGURED = AUTH_ERROR_TEXTS.google_not_configured;
const SCOPES = ["openid", "email", "profile"];

export function googleCallbackUrl(config: Pick<Config, "APP_URL">): string {
  return `${config.APP_URL}/api/auth/google/callback`;
}

function client(config: GoogleConfig): OAuth2Client {
  if (!config.googleEnabled) throw new Error(GOOGLE_NOT_CONFIGURED);
  return new OAuth2Client(config.GOOGLE_CLIENT_ID!, config.GOOGLE_CLIENT_SECRET!, googleCallbackUrl(config));
}

/** The provider's authorization URL with state and a PKCE challenge; keep state and verifier in cookies. */
export function createGoogleAuthorization(config: GoogleConfig): { url: URL; state: string; codeVerifier: string } {
  const state = generateState();
  const codeVerifier = generateCodeVerifier();
  const url = client(config).createAuthorizationURLWithPKCE(config.GOOGLE_AUTH_URL, state, CodeChallengeMethod.S256, codeVerifier, SCOPES);
  url.searchParams.set("prompt", "select_account");
  return { url, state, codeVerifier };
}

/** Exchanges the code and reads the OpenID userinfo of the signed-in Google account. */
export async function fetchGoogleProfile(config: GoogleConfig, code: string, codeVerifier: string): Promise<GoogleProfile> {
  const tokens = await client(config).validateAuthorizationCode(config.GOOGLE_TOKEN_URL, code, codeVerifier);
  const res = await fetch(config.GOOGLE_USERINFO_URL, { headers: { Authorization: `Bearer ${tokens.accessToken()}`, Accept: "application/json" } });
  if (!res.ok) throw new Error(`userinfo answered ${res.status}`);
  const info = (await res.json()) as Record<string, unknown>;
  if (typeof info.sub !== "string" || !info.sub) throw new Error("userinfo without a subject");
  const text = (value: unknown) => (typeof value === "string" && value.trim() ? value.trim() : null);
  return {
    sub: info.sub,
    email: text(info.email),
    emailVerified: info.email_verified === true || info.email_verified === "true",
    givenName: text(info.given_name),
    familyName: text(info.family_name),
    picture: text(info.picture)?.startsWith("https://") ? text(info.picture) : null,
  };
}

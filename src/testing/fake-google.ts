/**
 * A tiny OAuth 2.0 / OpenID provider on 127.0.0.1 standing in for Google: /authorize redirects
 * straight back with a code for the configured account, /token checks client credentials and the
 * PKCE verifier, /userinfo answers for the issued access token.
 */
import { sha256 } from "@oslojs/crypto/sha2";
import { encodeBase64urlNoPadding } from "@oslojs/encoding";

export interface FakeGoogleAccount {
  sub: string;
  email: string;
  email_verified: boolean;
  given_name?: string;
  family_name?: string;
  picture?: string;
}

export interface FakeGoogle {
  url: string;
  /** The env that points the app at this provider. */
  env: Record<string, string>;
  /** The account the next /authorize signs in as. */
  account: FakeGoogleAccount;
  /** Requests to /token that were refused, with the reason (for assertions). */
  refusals: string[];
  stop(): void;
}

export const FAKE_CLIENT_ID = "pollinate-test-client";
export const FAKE_CLIENT_SECRET = "pollinate-test-secret";

export function startFakeGoogle(account: FakeGoogleAccount): FakeGoogle {
  const codes = new Map<string, { challenge: string; redirectUri: string; account: FakeGoogleAccount }>();
  const tokens = new Map<string, FakeGoogleAccount>();
  const refusals: string[] = [];
  const state = { account };

  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    async fetch(req) {
      const url = new URL(req.url);
      if (url.pathname === "/authorize") {
        const redirectUri = url.searchParams.get("redirect_uri") ?? "";
        const target = new URL(redirectUri);
        if (url.searchParams.get("client_id") !== FAKE_CLIENT_ID || url.searchParams.get("code_challenge_method") !== "S256") {
          target.searchParams.set("error", "invalid_request");
        } else {
          const code = crypto.randomUUID();
          codes.set(code, { challenge: url.searchParams.get("code_challenge") ?? "", redirectUri, account: state.account });
          target.searchParams.set("code", code);
        }
        target.searchParams.set("state", url.searchParams.get("state") ?? "");
        return Response.redirect(target.toString(), 302);
      }
      if (url.pathname === "/token" && req.method === "POST") {
        const body = new URLSearchParams(await req.text());
        const expectedAuth = `Basic ${btoa(`${FAKE_CLIENT_ID}:${FAKE_CLIENT_SECRET}`)}`;
        const grant = codes.get(body.get("code") ?? "");
        const refuse = (reason: string) => {
          refusals.push(reason);
          return Response.json({ error: "invalid_grant", error_description: reason }, { status: 400 });
        };
        if (req.headers.get("authorization") !== expectedAuth) return refuse("bad client credentials");
        if (!grant) return refuse("unknown code");
        codes.delete(body.get("code")!);
        const verifier = body.get("code_verifier") ?? "";
        if (encodeBase64urlNoPadding(sha256(new TextEncoder().encode(verifier))) !== grant.challenge) return refuse("PKCE verifier mismatch");
        if (body.get("redirect_uri") !== grant.redirectUri) return refuse("redirect_uri mismatch");
        const accessToken = crypto.randomUUID();
        tokens.set(accessToken, grant.account);
        return Response.json({ access_token: accessToken, token_type: "Bearer", expires_in: 3600, id_token: "unused" });
      }
      if (url.pathname === "/userinfo") {
        const found = tokens.get((req.headers.get("authorization") ?? "").replace(/^Bearer /, ""));
        return found ? Response.json(found) : new Response("unauthorized", { status: 401 });
      }
      return new Response("not found", { status: 404 });
    },
  });
  const url = `http://127.0.0.1:${server.port}`;
  return {
    url,
    env: {
      GOOGLE_CLIENT_ID: FAKE_CLIENT_ID,
      GOOGLE_CLIENT_SECRET: FAKE_CLIENT_SECRET,
      GOOGLE_AUTH_URL: `${url}/authorize`,
      GOOGLE_TOKEN_URL: `${url}/token`,
      GOOGLE_USERINFO_URL: `${url}/userinfo`,
    },
    get account() {
      return state.account;
    },
    set account(next) {
      state.account = next;
    },
    refusals,
    stop: () => server.stop(true),
  };
}

import { describe, expect, test } from "bun:test";
import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { sameOrigin } from "./same-origin";

const app = new Hono()
  .use(sameOrigin(() => ["http://app.example", "https://trusted.example"]))
  .post("/write", (c) => c.text("ok"))
  .onError((error, c) => c.text(error.message, error instanceof HTTPException ? error.status : 500));

const post = (headers: Record<string, string>, url = "http://app.example/write") => app.request(url, { method: "POST", headers });

describe("sameOrigin", () => {
  test.each([
    [{ origin: "http://app.example" }, 200],
    [{ origin: "https://trusted.example" }, 200],
    [{ origin: "https://evil.example" }, 403],
    [{}, 200],
    [{ "sec-fetch-site": "same-origin" }, 200],
    [{ "sec-fetch-site": "cross-site" }, 403],
    // a same-origin form post under Referrer-Policy: no-referrer
    [{ origin: "null", "sec-fetch-site": "same-origin" }, 200],
    // sandboxed frames and other opaque origins
    [{ origin: "null", "sec-fetch-site": "cross-site" }, 403],
    [{ origin: "null" }, 403],
  ])("%j answers %i", async (headers, status) => {
    expect((await post(headers)).status).toBe(status);
  });

  test("an Origin equal to the request's own Host is not enough (the client chooses the Host)", async () => {
    expect((await post({ origin: "http://evil.example:3301", host: "evil.example:3301" }, "http://evil.example:3301/write")).status).toBe(403);
  });
});

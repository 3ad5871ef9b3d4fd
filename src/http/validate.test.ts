import { describe, expect, test } from "bun:test";
import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { z } from "zod";
import { CONTROL_CHARACTER_MESSAGE, MALFORMED_TEXT_MESSAGE } from "../../core/text";
import { NOT_JSON_MESSAGE, validate } from "./validate";

const app = new Hono()
  .post("/notes", validate("json", z.object({ title: z.string(), tags: z.array(z.string()).optional() })), (c) => c.json(c.req.valid("json")))
  .get("/search", validate("query", z.object({ q: z.string().optional() })), (c) => c.json(c.req.valid("query")))
  .onError((error, c) => c.json({ message: error.message }, error instanceof HTTPException ? error.status : 500));

const postRaw = (body: string) => app.request("/notes", { method: "POST", headers: { "content-type": "application/json" }, body });

describe("validate refuses malformed Unicode in any part of the value", () => {
  test.each(['{"title":"\\ud800"}', '{"title":"ok","tags":["\\udc00"]}', '{"title":"ok","\\ud800":1}'])("%s answers 400", async (body) => {
    const res = await postRaw(body);
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe(MALFORMED_TEXT_MESSAGE);
  });

  test("a proper surrogate pair (an emoji) passes", async () => {
    const res = await postRaw('{"title":"\\ud83d\\ude00"}');
    expect(res.status).toBe(200);
    expect((await res.json()).title).toBe("😀");
  });
});

describe("validate refuses control characters in any text (issue 26)", () => {
  test.each(['{"title":"a\\u0000b"}', '{"title":"ok","tags":["\\u001b[31m"]}', '{"title":"\\u007f"}', '{"title":"\\u0085"}', '{"title":"ok","a\\u0000":1}'])("%s answers 400", async (body) => {
    const res = await postRaw(body);
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe(CONTROL_CHARACTER_MESSAGE);
  });

  test("tabs and line breaks in multi-line text pass", async () => {
    const res = await postRaw('{"title":"one\\ttwo\\r\\nthree\\nfour"}');
    expect(res.status).toBe(200);
  });

  test("a query string too", async () => {
    expect((await app.request("/search?q=a%00b")).status).toBe(400);
  });
});

describe("validate reads JSON only as JSON", () => {
  test.each(["text/plain", "text/plain;charset=UTF-8", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/jsonx"])(
    "a body sent as %s answers 415, not a request read as {}",
    async (type) => {
      const res = await app.request("/notes", { method: "POST", headers: { "content-type": type }, body: '{"title":"ok"}' });
      expect(res.status).toBe(415);
      expect((await res.json()).message).toBe(NOT_JSON_MESSAGE);
    },
  );

  test("a body sent with no Content-Type answers 415 too", async () => {
    const res = await app.request("/notes", { method: "POST", headers: { "content-length": "14" }, body: new Blob(['{"title":"ok"}']).stream() });
    expect(res.status).toBe(415);
  });

  test.each(["application/json", "application/json; charset=utf-8", "application/merge-patch+json"])("%s is read", async (type) => {
    const res = await app.request("/notes", { method: "POST", headers: { "content-type": type }, body: '{"title":"ok"}' });
    expect(res.status).toBe(200);
    expect((await res.json()).title).toBe("ok");
  });
});

/** The admin's test e-mail puts `meetingLink` behind a button: only a web address may go there. */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { drainOutbox } from "../../email/outbox";
import { createUser } from "../../testing/factories";
import { createTestApp, type TestApp, type TestClient } from "../../testing/test-app";

let t: TestApp;
let admin: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  admin = t.client();
  t.loginAs(admin, (await createUser(t.db, { roles: ["admin"] })).id);
});
afterAll(() => t.cleanup());

describe("POST /api/admin/send-test-email: the meeting link", () => {
  test("javascript:, data: and other schemes are a 400 and queue nothing; https is queued and sent", async () => {
    for (const meetingLink of ["javascript:alert(document.domain)", "data:text/html,<script>alert(1)</script>", "vbscript:msgbox(1)", "file:///etc/passwd"]) {
      const res = await admin.post("/api/admin/send-test-email", { email: "robin@inbox.test", type: "session-reminder", data: { isVirtual: true, meetingLink } });
      expect(res.status).toBe(400);
      expect((await res.json()).message).toBe("data.meetingLink: meetingLink must be an http(s) address");
    }
    expect(t.sentMail).toHaveLength(0);
    const ok = await admin.post("/api/admin/send-test-email", { email: "robin@inbox.test", type: "session-reminder", data: { isVirtual: true, meetingLink: "https://meet.example/abc" } });
    expect(ok.status).toBe(202);
    await drainOutbox({ db: t.db, mailer: t.mailer, now: () => t.clock.now });
    expect(t.sentMail.at(-1)!.html).toContain('href="https://meet.example/abc"');
  });
});

import { expect, test } from "bun:test";
import { renderToString } from "react-dom/server";
import type { ApiConversation } from "../../core/conversations";
import { inHostTimeZone } from "../../core/host-time-zone";
import ConversationThread from "./conversation-thread";

const conversation: ApiConversation = {
  id: "0190d6c0-0000-7000-8000-000000000001",
  otherName: "Practitioner #708a22",
  otherRole: "practitioner",
  practitionerId: "aaaaaaaa-bbbb-4ccc-8ddd-000000708a22",
  myRole: "client",
  messages: [
    { id: "0190d6c0-0000-7000-8000-000000000002", conversationId: "0190d6c0-0000-7000-8000-000000000001", kind: "event", from: "system", body: "Session cancelled by the client · late cancellation", bookingId: "b1", eventType: "cancelled", sessionAt: "2026-12-03T16:00:00.000Z", createdAt: "2026-11-27T11:23:00.000Z", crisis: false },
    { id: "0190d6c0-0000-7000-8000-000000000003", conversationId: "0190d6c0-0000-7000-8000-000000000001", kind: "text", from: "them", body: "Sorry to miss you", bookingId: null, eventType: null, sessionAt: null, createdAt: "2026-11-27T23:30:00.000Z", crisis: false },
  ],
  hasOlder: false,
  seenMessageId: null,
  nextSession: null,
  blockedByMe: false,
  blockedByThem: false,
} as ApiConversation;

test("the server's HTML of a thread is the same in every host zone, so the browser's first render matches it (no hydration error); the times move to the viewer's zone after", () => {
  const html = (zone: string) => inHostTimeZone(zone, () => renderToString(<ConversationThread conversation={conversation} myRole="client" otherName="Practitioner #708a22" />));
  const utc = html("UTC");
  expect(html("Asia/Tokyo")).toBe(utc);
  expect(html("America/Los_Angeles")).toBe(utc);
  expect(utc).toContain("Session cancelled by the client · late cancellation");
});

import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createStore } from "jotai";
import { afterEach, beforeEach, expect, test } from "bun:test";
import { BOOKING_MESSAGES, type DashboardBooking } from "../../core/bookings";
import { AVAILABILITY_FAILED } from "../features/bookings/slot-picker";
import { createQueryClient } from "../lib/query-client";
import BookingActions, { ACTION_TEXTS, pageReload, type BookingViewer } from "./booking-actions";
import { IslandProviders } from "./providers";
import { inHostTimeZone } from "../../core/host-time-zone";
import { paidCancelledNote } from "../pages/dashboard/bookings";

const NOW = "2026-06-10T12:00:00.000Z";
const realFetch = globalThis.fetch;
const realReload = pageReload.reload;
let reloads = 0;
let calls: Array<{ url: string; method: string; body: unknown }> = [];

beforeEach(() => {
  reloads = 0;
  calls = [];
  pageReload.reload = () => void reloads++;
  sessionStorage.clear();
});
afterEach(() => {
  globalThis.fetch = realFetch;
  pageReload.reload = realReload;
});

function answer(status = 200, body: unknown = {}) {
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(input), method: init?.method ?? "GET", body: init?.body ? JSON.parse(String(init.body)) : undefined });
    return Response.json(body, { status });
  }) as typeof fetch;
}

function booking(overrides: Partial<DashboardBooking> = {}): DashboardBooking {
  return {
    id: "bbbbbbbb-0000-4000-8000-000000000001",
    status: "scheduled",
    scheduledDatetime: "2026-06-16T09:00:00.000Z",
    duration: 60,
    isVirtual: true,
    totalAmount: "85.00",
    practitionerName: "Practitioner #abc123",
    clientName: "Clara Whitmore",
    practitionerId: "aaaaaaaa-bbbb-4ccc-8ddd-000000abc123",
    clientId: "c1",
    clientTimeZone: null,
    location: null,
    meetingLink: null,
    notes: null,
    timeZone: "America/New_York",
    cancellationReason: null,
    reviewed: false,
    cancelledBy: null,
    lateCancellation: false,
    cancellationWindowHours: 0,
    expiresAt: null,
    address: null,
    ...overrides,
  };
}

function renderActions(b: DashboardBooking, viewer: BookingViewer = "client", now = NOW, shownTimeZone?: string) {
  return render(
    <IslandProviders queryClient={createQueryClient()} store={createStore()}>
      <BookingActions booking={b} viewer={viewer} now={now} shownTimeZone={shownTimeZone} />
    </IslandProviders>,
  );
}

const names = () => [...screen.getByTestId("booking-actions").querySelectorAll(":scope > a, :scope > button")].map((e) => e.textContent);

test("client: a scheduled session can be rescheduled and cancelled; a confirmed virtual one with a link can be joined", () => {
  renderActions(booking());
  expect(names()).toEqual(["Reschedule", "Cancel Session", "Add to calendar"]);
  cleanup();
  renderActions(booking({ status: "confirmed", meetingLink: "https://meet.example/room" }));
  expect(names()).toEqual(["Join Meeting", "Message", "Reschedule", "Cancel Session", "Add to calendar"]);
  expect(screen.getByRole("link", { name: "Join Meeting" }).getAttribute("href")).toBe("https://meet.example/room");
  expect(screen.getByRole("link", { name: /^Add to calendar/ }).getAttribute("href")).toBe("/api/bookings/bbbbbbbb-0000-4000-8000-000000000001.ics");
});

test("client: no Join Meeting without a link or in person; a completed session asks for a review; a cancelled one has nothing", () => {
  renderActions(booking({ status: "confirmed", isVirtual: false, meetingLink: "https://meet.example/room" }));
  expect(names()).toEqual(["Message", "Reschedule", "Cancel Session", "Add to calendar"]);
  cleanup();
  renderActions(booking({ status: "completed", scheduledDatetime: "2026-06-01T09:00:00.000Z" }));
  expect(names()).toEqual(["Leave a review", "Add to calendar"]);
  // the link says whose review it is: a history lists several, each to another profile
  expect(screen.getByRole("link", { name: "Leave a review of Practitioner #abc123" }).getAttribute("href")).toBe("/practitioners/aaaaaaaa-bbbb-4ccc-8ddd-000000abc123?tab=reviews");
  cleanup();
  renderActions(booking({ status: "cancelled" }));
  expect(names()).toEqual([]);
});

test("client: a completed session already reviewed asks for no second review", () => {
  renderActions(booking({ status: "completed", scheduledDatetime: "2026-06-01T09:00:00.000Z", reviewed: true }));
  expect(names()).toEqual(["Add to calendar"]);
});

test("Cancel Session asks first: Keep Session sends nothing; Yes cancels with the trimmed reason and reloads", async () => {
  answer(200, {});
  renderActions(booking());
  fireEvent.click(screen.getByRole("button", { name: "Cancel Session" }));
  expect(screen.getByText(ACTION_TEXTS.cancelTitle)).toBeTruthy();
  fireEvent.click(screen.getByRole("button", { name: "Keep Session" }));
  expect(screen.queryByText(ACTION_TEXTS.cancelTitle)).toBeNull();
  expect(calls).toEqual([]);
  fireEvent.click(screen.getByRole("button", { name: "Cancel Session" }));
  fireEvent.change(screen.getByLabelText("Reason (optional)"), { target: { value: "  travelling  " } });
  fireEvent.click(screen.getByRole("button", { name: "Yes, cancel session" }));
  await waitFor(() => expect(reloads).toBe(1));
  expect(calls).toEqual([{ url: "/api/bookings/bbbbbbbb-0000-4000-8000-000000000001/cancel", method: "POST", body: { reason: "travelling" } }]);
  expect(JSON.parse(sessionStorage.getItem("pollinate:toast")!).title).toBe(ACTION_TEXTS.cancelled);
});

test("practitioner: Confirm and Cancel before the start; Mark completed and No-show once it started", async () => {
  renderActions(booking(), "practitioner");
  expect(names()).toEqual(["Message", "Confirm", "Cancel", "Mark paid — 60-minute session on Tue, Jun 16, 2026", "Add to calendar"]);
  cleanup();
  renderActions(booking({ status: "confirmed" }), "practitioner");
  expect(names()).toEqual(["Message", "Cancel", "Mark paid — 60-minute session on Tue, Jun 16, 2026", "Add to calendar"]);
  cleanup();
  renderActions(booking({ status: "confirmed", scheduledDatetime: "2026-06-10T11:00:00.000Z" }), "practitioner");
  expect(names()).toEqual(["Mark completed", "No-show", "Mark paid — 60-minute session on Wed, Jun 10, 2026", "Add to calendar"]);
  answer(200, {});
  fireEvent.click(screen.getByRole("button", { name: "Mark completed" }));
  await waitFor(() => expect(reloads).toBe(1));
  expect(calls[0].url).toBe("/api/bookings/bbbbbbbb-0000-4000-8000-000000000001/complete");
});

test("practitioner: a session never confirmed can still be closed once it started (Mark completed, No-show); a cancelled one cannot", () => {
  renderActions(booking({ status: "scheduled", scheduledDatetime: "2026-06-10T11:00:00.000Z" }), "practitioner");
  expect(names()).toEqual(["Mark completed", "No-show", "Mark paid — 60-minute session on Wed, Jun 10, 2026", "Add to calendar"]);
  cleanup();
  renderActions(booking({ status: "cancelled", scheduledDatetime: "2026-06-10T11:00:00.000Z" }), "practitioner");
  expect(names()).toEqual([]);
});

test("Cancel Session inside the window says it is late and quotes the practitioner's one cancellation policy (decision 028)", () => {
  // NOW is 2026-06-10 12:00 UTC: a session at 20:00 that day is inside a 24-hour window
  renderActions(booking({ status: "confirmed", scheduledDatetime: "2026-06-10T20:00:00.000Z", cancellationWindowHours: 24, cancellationPolicy: "Late cancellations pay half the fee." }));
  fireEvent.click(screen.getByRole("button", { name: "Cancel Session" }));
  expect(screen.getByTestId("late-cancellation").textContent).toBe(
    "This is a late cancellation: the session starts in less than 24 hours, inside the practitioner's cancellation window. It is recorded as late under their policy: “Late cancellations pay half the fee.”",
  );
});

test("cancelling a session marked paid says who settles the refund, to the client and to the practitioner", () => {
  renderActions(booking({ status: "confirmed", payment: { paid: true, amount: "85.00" } }));
  fireEvent.click(screen.getByRole("button", { name: "Cancel Session" }));
  expect(screen.getByTestId("paid-refund-note").textContent).toBe("This session is marked paid ($85.00). Pollinate holds no money: any refund is between you and the practitioner, under their cancellation policy.");
  cleanup();
  renderActions(booking({ status: "confirmed", payment: { paid: true, amount: "85.00" } }), "practitioner");
  fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
  expect(screen.getByTestId("paid-refund-note").textContent).toBe("You marked this session paid ($85.00). Pollinate holds no money: refund your client directly, then mark it unpaid.");
});

test("practitioner: a cancelled session marked paid can be marked unpaid (a refund); a late cancellation's fee can be recorded; the row says who settles a refund", () => {
  renderActions(booking({ status: "cancelled", cancelledBy: "client", payment: { paid: true, amount: "85.00" } }), "practitioner");
  expect(names()).toEqual(["Mark unpaid — 60-minute session on Tue, Jun 16, 2026"]);
  cleanup();
  renderActions(booking({ status: "cancelled", cancelledBy: "client", lateCancellation: true, cancellationWindowHours: 24 }), "practitioner");
  expect(names()).toEqual(["Record late fee paid — 60-minute session on Tue, Jun 16, 2026"]);
  cleanup();
  renderActions(booking({ status: "cancelled", cancelledBy: "system" }), "practitioner");
  expect(names()).toEqual([]);
  expect(paidCancelledNote(booking({ status: "cancelled", lateCancellation: true, payment: { paid: true, amount: "40.00" } }))).toBe(
    "Marked paid ($40.00) and cancelled late: any fee or refund is between the client and the practitioner, under the cancellation policy.",
  );
  expect(paidCancelledNote(booking({ status: "confirmed", payment: { paid: true, amount: "85.00" } }))).toBeNull();
});

test("a refused transition shows the server's message and does not reload", async () => {
  answer(409, { message: "A completed session cannot be confirmed." });
  renderActions(booking(), "practitioner");
  fireEvent.click(screen.getByRole("button", { name: "Confirm" }));
  await waitFor(() => expect(screen.getByTestId("toast").textContent).toContain("A completed session cannot be confirmed."));
  expect(reloads).toBe(0);
});

test("the session's time in the viewer's own zone, named", async () => {
  await inHostTimeZone("Europe/Berlin", async () => {
    renderActions(booking());
    const line = await screen.findByTestId("local-time");
    // 09:00 UTC on June 16 is 11:00 in Berlin (summer time)
    expect(line.textContent).toBe("Your time: Tue, Jun 16, 2026 · 11:00 AM · Europe/Berlin (GMT+2)");
  });
});

test("a page already in the viewer's zone adds no second time; its labels use the page's zone", async () => {
  await inHostTimeZone("America/New_York", async () => {
    // 02:00 UTC on June 17 is the evening of June 16 in New York
    renderActions(booking({ scheduledDatetime: "2026-06-17T02:00:00.000Z" }), "practitioner", NOW, "America/New_York");
    await screen.findByRole("link", { name: "Add to calendar (.ics) — 60-minute session on Tue, Jun 16, 2026" });
    await waitFor(() => expect(screen.getByRole("button", { name: "Confirm" })).toBeTruthy());
    expect(screen.queryByTestId("local-time")).toBeNull();
  });
});

test("Reschedule asks for the slots with the booking left out, so times around its own are offered", async () => {
  answer(200, { timeZone: "UTC", practitionerTimeZone: "UTC", date: "2026-06-16", duration: 60, offeredDurations: [60], firstDate: "2026-06-10", lastDate: "2026-09-08", slots: [] });
  renderActions(booking());
  fireEvent.click(screen.getByRole("button", { name: "Reschedule" }));
  await waitFor(() => expect(calls.length).toBe(1));
  const url = new URL(calls[0].url, "http://localhost");
  expect(url.pathname).toBe("/api/bookings/aaaaaaaa-bbbb-4ccc-8ddd-000000abc123/availability");
  expect(url.searchParams.get("exclude")).toBe("bbbbbbbb-0000-4000-8000-000000000001");
});

test("Reschedule with a practitioner who no longer takes bookings: the server's sentence in the dialog, nothing to move", async () => {
  const sentence = BOOKING_MESSAGES.practitionerUnavailable;
  answer(409, { message: sentence });
  renderActions(booking());
  fireEvent.click(screen.getByRole("button", { name: "Reschedule" }));
  // the dialog also holds the (empty) alert region of a refused move
  expect((await screen.findByText(sentence)).getAttribute("role")).toBe("alert");
  expect(screen.queryByText(AVAILABILITY_FAILED)).toBeNull();
  expect((screen.getByRole("button", { name: "Move session" }) as HTMLButtonElement).disabled).toBe(true);
});

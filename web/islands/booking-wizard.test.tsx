import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createStore } from "jotai";
import { afterEach, beforeEach, expect, test } from "bun:test";
import { samplePractitioner } from "../testing/sample-practitioner";
import { createQueryClient } from "../lib/query-client";
import { IslandProviders } from "./providers";
import BookingWizard, { navigation, TEXTS } from "./booking-wizard";
import { NO_SLOTS_TEXT, SLOT_SKELETONS } from "../features/bookings/slot-picker";
import type { UpgradeAccount } from "../../core/types";
import { inHostTimeZone } from "../../core/host-time-zone";
import { BOOKING_MESSAGES } from "../../core/bookings";

const account: UpgradeAccount = { accessLevel: "premium", subscriptionStatus: "premium", trialEndDate: null, trialUsed: false };
const realFetch = globalThis.fetch;
const realGo = navigation.go;
let visited: string[] = [];
let posted: unknown[] = [];

beforeEach(() => {
  visited = [];
  posted = [];
  navigation.go = (url) => void visited.push(url);
  sessionStorage.clear();
});
afterEach(() => {
  globalThis.fetch = realFetch;
  navigation.go = realGo;
});

function slotsFor(date: string, taken: string[] = []) {
  return ["09:00", "10:00", "11:00"].map((time) => ({ time, available: !taken.includes(time), start: `${date}T${time}:00.000Z` }));
}

/** A fake API: availability answers per call (hold = never resolves), POST answers as given. */
function fakeApi({ availability, post }: { availability: (url: URL) => Promise<Response> | Response; post?: (body: any) => Response }) {
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), "http://localhost");
    if (init?.method === "POST") {
      const body = JSON.parse(String(init.body));
      posted.push(body);
      return post ? post(body) : Response.json({ id: "b1" }, { status: 201 });
    }
    return availability(url);
  }) as typeof fetch;
}

function renderWizard(practitioner = samplePractitioner(7, { isInPerson: true, location: "Portland, OR", hourlyRate: "85.00" })) {
  return render(
    <IslandProviders queryClient={createQueryClient()} store={createStore()}>
      <BookingWizard practitioner={practitioner} account={account} />
    </IslandProviders>,
  );
}

test("8 skeletons while the slots load, then the slots with unavailable ones disabled", async () => {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  fakeApi({
    availability: async (url) => {
      await gate;
      return Response.json({ timeZone: url.searchParams.get("tz"), date: url.searchParams.get("date"), duration: 60, slots: slotsFor(url.searchParams.get("date")!, ["10:00"]) });
    },
  });
  renderWizard();
  await waitFor(() => expect(screen.getAllByTestId("slot-skeleton")).toHaveLength(SLOT_SKELETONS));
  await act(async () => release());
  const slots = await screen.findByRole("list", { name: "Time slots" });
  const buttons = within(slots).getAllByRole("button");
  expect(buttons).toHaveLength(3);
  expect(buttons.map((b) => (b as HTMLButtonElement).disabled)).toEqual([false, true, false]);
  expect(screen.getByTestId("time-zone-note").textContent).toContain("Times are in your time zone");
  // the duration select has the spec's three durations, 60 by default
  const duration = screen.getByLabelText("Duration") as HTMLSelectElement;
  expect(duration.value).toBe("60");
  expect([...duration.options].map((o) => o.value)).toEqual(["30", "60", "90"]);
});

test("no slots: the spec's text; Continue without a slot: 'Please select a time slot'; Previous disabled on step 1", async () => {
  fakeApi({ availability: (url) => Response.json({ timeZone: "UTC", date: url.searchParams.get("date"), duration: 60, slots: [] }) });
  renderWizard();
  await screen.findByText(NO_SLOTS_TEXT);
  expect((screen.getByRole("button", { name: "Previous" }) as HTMLButtonElement).disabled).toBe(true);
  fireEvent.click(screen.getByRole("button", { name: "Continue" }));
  expect(screen.getByRole("alert").textContent).toBe(TEXTS.selectSlot);
  expect(screen.getByText("Choose a date and time")).toBeTruthy();
});

test("three steps to a booking: the payload is the server's shape, notes trimmed, then the dashboard", async () => {
  fakeApi({ availability: (url) => Response.json({ timeZone: "UTC", date: url.searchParams.get("date"), duration: 60, slots: slotsFor(url.searchParams.get("date")!) }) });
  renderWizard();
  const slots = await screen.findByRole("list", { name: "Time slots" });
  fireEvent.click(within(slots).getAllByRole("button")[0]);
  expect(screen.getByTestId("booking-total").textContent).toBe("$85.00");
  fireEvent.change(screen.getByLabelText("Duration"), { target: { value: "90" } });
  // a new duration clears the slot: choose again
  fireEvent.click(within(await screen.findByRole("list", { name: "Time slots" })).getAllByRole("button")[2]);
  expect(screen.getByTestId("booking-total").textContent).toBe("$127.50");
  fireEvent.click(screen.getByRole("button", { name: "Continue" }));

  // step 2: both offered types, the in-person card names the location
  expect(screen.getByText("Virtual Session")).toBeTruthy();
  expect(screen.getByText("Online via video call")).toBeTruthy();
  expect(screen.getByText("In-Person Session")).toBeTruthy();
  expect(screen.getByText("Portland, OR")).toBeTruthy();
  fireEvent.click(screen.getByRole("radio", { name: /In-Person Session/ }));
  const notes = screen.getByLabelText("Session Notes (Optional)") as HTMLTextAreaElement;
  expect(notes.getAttribute("rows")).toBe("5");
  fireEvent.change(notes, { target: { value: "  first time  " } });
  fireEvent.click(screen.getByRole("button", { name: "Continue" }));

  // step 3: the review and its notice
  expect(screen.getByText(TEXTS.notice)).toBeTruthy();
  expect(screen.getByText("In-Person Session")).toBeTruthy();
  expect(screen.queryByRole("button", { name: "Continue" })).toBeNull();
  fireEvent.click(screen.getByRole("button", { name: TEXTS.confirm }));
  await waitFor(() => expect(visited).toEqual(["/dashboard/client"]));
  const body = posted[0] as Record<string, unknown>;
  expect(body).toMatchObject({ duration: 90, isVirtual: false, totalAmount: "127.50", notes: "first time" });
  expect(String(body.scheduledDatetime)).toMatch(/T11:00:00.000Z$/);
  expect(typeof body.idempotencyKey).toBe("string");
  expect(typeof body.timeZone).toBe("string");
  expect(JSON.parse(sessionStorage.getItem("pollinate:toast")!)).toEqual({ title: TEXTS.bookedTitle, description: TEXTS.bookedText });
});

test("empty notes are sent as null; only offered types are shown", async () => {
  fakeApi({ availability: (url) => Response.json({ timeZone: "UTC", date: url.searchParams.get("date"), duration: 60, slots: slotsFor(url.searchParams.get("date")!) }) });
  renderWizard(samplePractitioner(8, { isVirtual: true, isInPerson: false }));
  fireEvent.click(within(await screen.findByRole("list", { name: "Time slots" })).getAllByRole("button")[0]);
  fireEvent.click(screen.getByRole("button", { name: "Continue" }));
  expect(screen.queryByText("In-Person Session")).toBeNull();
  fireEvent.change(screen.getByLabelText("Session Notes (Optional)"), { target: { value: "   " } });
  fireEvent.click(screen.getByRole("button", { name: "Continue" }));
  fireEvent.click(screen.getByRole("button", { name: TEXTS.confirm }));
  await waitFor(() => expect(posted).toHaveLength(1));
  expect((posted[0] as { notes: unknown; isVirtual: boolean }).notes).toBeNull();
  expect((posted[0] as { isVirtual: boolean }).isVirtual).toBe(true);
});

test("a slot taken meanwhile: 'Booking failed' with the server's message, back to step 1 with fresh slots", async () => {
  let taken: string[] = [];
  fakeApi({
    availability: (url) => Response.json({ timeZone: "UTC", date: url.searchParams.get("date"), duration: 60, slots: slotsFor(url.searchParams.get("date")!, taken) }),
    post: () => {
      taken = ["09:00"];
      return Response.json({ message: "This time is no longer available" }, { status: 409 });
    },
  });
  renderWizard();
  fireEvent.click(within(await screen.findByRole("list", { name: "Time slots" })).getAllByRole("button")[0]);
  fireEvent.click(screen.getByRole("button", { name: "Continue" }));
  fireEvent.click(screen.getByRole("button", { name: "Continue" }));
  fireEvent.click(screen.getByRole("button", { name: TEXTS.confirm }));
  await screen.findByText(TEXTS.slotTaken);
  // the toast list loads with the first toast
  expect((await screen.findByTestId("toast")).textContent).toContain(TEXTS.failedTitle);
  expect(screen.getByTestId("toast").textContent).toContain("This time is no longer available");
  const buttons = within(screen.getByRole("list", { name: "Time slots" })).getAllByRole("button") as HTMLButtonElement[];
  expect(buttons[0].disabled).toBe(true);
  expect(buttons.some((b) => b.getAttribute("aria-pressed") === "true")).toBe(false);
  expect(visited).toEqual([]);
});

test("a clash with the client's own other session (409, slot still free): the server's sentence in the toast, the review stays", async () => {
  const clash = BOOKING_MESSAGES.clientOverlap("Tue, Dec 1, 10:00 AM EST", "Practitioner #abc123");
  fakeApi({
    availability: (url) => Response.json({ timeZone: "UTC", date: url.searchParams.get("date"), duration: 60, slots: slotsFor(url.searchParams.get("date")!) }),
    post: () => Response.json({ message: clash }, { status: 409 }),
  });
  renderWizard();
  fireEvent.click(within(await screen.findByRole("list", { name: "Time slots" })).getAllByRole("button")[0]);
  fireEvent.click(screen.getByRole("button", { name: "Continue" }));
  fireEvent.click(screen.getByRole("button", { name: "Continue" }));
  fireEvent.click(screen.getByRole("button", { name: TEXTS.confirm }));
  const toast = await screen.findByTestId("toast");
  expect(toast.textContent).toContain(TEXTS.failedTitle);
  expect(toast.textContent).toContain(clash);
  // the slot is free for the practitioner: no 'slot taken' notice, the person stays on the review to go back themselves
  await waitFor(() => expect((screen.getByRole("button", { name: TEXTS.confirm }) as HTMLButtonElement).disabled).toBe(false));
  expect(screen.queryByText(TEXTS.slotTaken)).toBeNull();
  expect(visited).toEqual([]);
});

test("a limit refusal shows the server message and the upgrade prompt", async () => {
  fakeApi({
    availability: (url) => Response.json({ timeZone: "UTC", date: url.searchParams.get("date"), duration: 60, slots: slotsFor(url.searchParams.get("date")!) }),
    post: () => Response.json({ message: "Your Basic plan includes 1 booking per month" }, { status: 403 }),
  });
  renderWizard();
  fireEvent.click(within(await screen.findByRole("list", { name: "Time slots" })).getAllByRole("button")[0]);
  fireEvent.click(screen.getByRole("button", { name: "Continue" }));
  fireEvent.click(screen.getByRole("button", { name: "Continue" }));
  fireEvent.click(screen.getByRole("button", { name: TEXTS.confirm }));
  await screen.findByTestId("booking-limit");
  expect(screen.getByTestId("booking-limit").textContent).toContain("1 booking per month");
  expect(screen.getByRole("button", { name: "Upgrade Access" })).toBeTruthy();
});

test("signed out meanwhile (401): to sign-in with the booking notice, back to this wizard afterwards; no 'Booking failed'", async () => {
  const practitioner = samplePractitioner(10);
  fakeApi({
    availability: (url) => Response.json({ timeZone: "UTC", date: url.searchParams.get("date"), duration: 60, slots: slotsFor(url.searchParams.get("date")!) }),
    post: () => Response.json({ message: "Please sign in to book a session" }, { status: 401 }),
  });
  renderWizard(practitioner);
  fireEvent.click(within(await screen.findByRole("list", { name: "Time slots" })).getAllByRole("button")[0]);
  fireEvent.click(screen.getByRole("button", { name: "Continue" }));
  fireEvent.click(screen.getByRole("button", { name: "Continue" }));
  fireEvent.click(screen.getByRole("button", { name: TEXTS.confirm }));
  await waitFor(() => expect(visited).toEqual([`/auth/signin?reason=booking&next=%2Fbook%2F${practitioner.id}`]));
  expect(screen.queryByTestId("toast")).toBeNull();
});

test("only the practitioner's durations are offered; without 60 the first offered one is chosen", async () => {
  fakeApi({ availability: (url) => Response.json({ timeZone: "UTC", date: url.searchParams.get("date"), duration: Number(url.searchParams.get("duration")), slots: [] }) });
  render(
    <IslandProviders queryClient={createQueryClient()} store={createStore()}>
      <BookingWizard practitioner={samplePractitioner(9)} account={account} durations={[30, 90]} />
    </IslandProviders>,
  );
  await screen.findByText(NO_SLOTS_TEXT);
  const duration = screen.getByLabelText("Duration") as HTMLSelectElement;
  expect([...duration.options].map((o) => o.value)).toEqual(["30", "90"]);
  expect(duration.value).toBe("30");
});

const NY_OFFSET = (at: Date) => new Intl.DateTimeFormat("en-US", { timeZone: "America/New_York", timeZoneName: "shortOffset" }).formatToParts(at).find((p) => p.type === "timeZoneName")!.value;

test("the zone's offset named is the shown day's, not today's (a day past a clock change has the other one)", async () => {
  // a day, some weeks ahead, on the other side of New York's next clock change
  let day = new Date();
  while (NY_OFFSET(day) === NY_OFFSET(new Date())) day = new Date(day.getTime() + 7 * 86_400_000);
  const start = new Date(day.getTime() + 7 * 86_400_000).toISOString();
  await inHostTimeZone("America/New_York", async () => {
    fakeApi({ availability: (url) => Response.json({ timeZone: "America/New_York", date: url.searchParams.get("date"), duration: 60, slots: [{ time: "10:00", available: true, start }] }) });
    renderWizard();
    const slots = await screen.findByRole("list", { name: "Time slots" });
    expect(screen.getByTestId("time-zone-note").textContent).toBe(`Times are in your time zone, America/New York (${NY_OFFSET(new Date(start))}).`);
    fireEvent.click(within(slots).getAllByRole("button")[0]);
    expect(screen.getByText(`Times in America/New York (${NY_OFFSET(new Date(start))}).`)).toBeTruthy();
  });
});

test("on a fall-back day the repeated times say their offset, so the two 1:00 AM buttons differ", async () => {
  const starts = ["2026-11-01T04:00:00.000Z", "2026-11-01T05:00:00.000Z", "2026-11-01T06:00:00.000Z", "2026-11-01T07:00:00.000Z"];
  await inHostTimeZone("America/New_York", async () => {
    fakeApi({ availability: (url) => Response.json({ timeZone: "America/New_York", date: url.searchParams.get("date"), duration: 60, slots: starts.map((start) => ({ time: "", available: true, start })) }) });
    renderWizard();
    const slots = await screen.findByRole("list", { name: "Time slots" });
    expect(within(slots).getAllByRole("button").map((b) => b.textContent)).toEqual(["12:00 AM", "1:00 AM GMT-4", "1:00 AM GMT-5", "2:00 AM"]);
  });
});

test("the review step and the side summary lead with the practitioner's photo and display name, the reference beneath (issue 26)", async () => {
  fakeApi({ availability: (url) => Response.json({ timeZone: "UTC", date: url.searchParams.get("date"), duration: 60, slots: slotsFor(url.searchParams.get("date")!) }) });
  const practitioner = samplePractitioner(7, { displayName: "Maya R.", photoUrl: "/api/practitioners/p7/photo?v=abc" });
  renderWizard(practitioner);
  const summary = screen.getByTestId("summary-practitioner");
  expect(summary.textContent).toContain("Maya R.");
  expect(summary.textContent).toContain(`Practitioner #${practitioner.id.slice(-6)}`);
  expect(within(summary).getByRole("img", { name: "Maya R." }).getAttribute("src")).toBe("/api/practitioners/p7/photo?v=abc&size=96");
  fireEvent.click(within(await screen.findByRole("list", { name: "Time slots" })).getAllByRole("button")[0]);
  fireEvent.click(screen.getByRole("button", { name: "Continue" }));
  fireEvent.click(screen.getByRole("button", { name: "Continue" }));
  const review = screen.getByTestId("review-practitioner");
  expect(within(review).getByRole("img", { name: "Maya R." })).toBeTruthy();
  expect(review.textContent).toContain("Maya R.");
  expect(review.textContent).toContain(`Practitioner #${practitioner.id.slice(-6)}`);
});

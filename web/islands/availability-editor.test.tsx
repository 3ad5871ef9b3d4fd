import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createStore } from "jotai";
import { afterEach, expect, test } from "bun:test";
import { defaultAvailability, defaultBookingPolicy, type AvailabilitySettingsAnswer, type BookingPolicy } from "../../core/availability";
import { createQueryClient } from "../lib/query-client";
import AvailabilityEditor, { HOURS_UNTIL_MIDNIGHT, SAVED_TITLE, zoneNotSavedNote } from "./availability-editor";
import { IslandProviders } from "./providers";

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

let puts: any[] = [];
function fakeApi(given: Omit<AvailabilitySettingsAnswer, keyof BookingPolicy | "takingBookings"> & Partial<AvailabilitySettingsAnswer>, putAnswer?: (body: any) => Response) {
  const initial: AvailabilitySettingsAnswer = { ...defaultBookingPolicy(), takingBookings: true, ...given };
  puts = [];
  globalThis.fetch = (async (_input: RequestInfo | URL, init?: RequestInit) => {
    if (init?.method === "PUT") {
      const body = JSON.parse(String(init.body));
      puts.push(body);
      return putAnswer ? putAnswer(body) : Response.json({ ...body, practitionerId: "p1", saved: true });
    }
    return Response.json(initial);
  }) as typeof fetch;
}

function renderEditor() {
  return render(
    <IslandProviders queryClient={createQueryClient()} store={createStore()}>
      <AvailabilityEditor />
    </IslandProviders>,
  );
}

const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

test("a practitioner who never saved gets the browser's zone preselected; a saved zone is kept", async () => {
  fakeApi({ ...defaultAvailability("Pacific/Auckland"), practitionerId: "p1", saved: false });
  const { unmount } = renderEditor();
  await waitFor(() => expect((screen.getByLabelText("Your time zone") as HTMLSelectElement).value).toBe(browserZone));
  // the zone clients book in today is not the browser's: saving would move the hours, and it says so
  expect(screen.getByTestId("zone-not-saved").textContent).toBe(zoneNotSavedNote("Pacific/Auckland"));
  expect(zoneNotSavedNote("Pacific/Auckland")).toBe("Until you save, clients book these hours in Pacific/Auckland time (the default). Saving puts them in the zone selected above.");
  unmount();
  fakeApi({ ...defaultAvailability("Pacific/Auckland"), practitionerId: "p1", saved: true });
  renderEditor();
  await waitFor(() => expect((screen.getByLabelText("Your time zone") as HTMLSelectElement).value).toBe("Pacific/Auckland"));
  expect(screen.queryByTestId("zone-not-saved")).toBeNull();
});

test("zones are offered and shown by today's names, also when the browser lists old ones (Chromium's Asia/Calcutta)", async () => {
  const intl = Intl as unknown as { supportedValuesOf(key: string): string[] };
  const realSupportedValuesOf = intl.supportedValuesOf;
  intl.supportedValuesOf = () => ["America/Buenos_Aires", "Asia/Calcutta", "Asia/Saigon", "Europe/Berlin", "Europe/Kiev"];
  try {
    fakeApi({ ...defaultAvailability("Asia/Calcutta"), practitionerId: "p1", saved: true });
    renderEditor();
    const select = (await screen.findByLabelText("Your time zone")) as HTMLSelectElement;
    await waitFor(() => expect(select.options.length).toBe(5));
    expect([...select.options].map((o) => o.textContent)).toEqual(["America/Argentina/Buenos Aires", "Asia/Ho Chi Minh", "Asia/Kolkata", "Europe/Berlin", "Europe/Kyiv"]);
    expect(select.value).toBe("Asia/Kolkata");
  } finally {
    intl.supportedValuesOf = realSupportedValuesOf;
  }
});

test("several intervals a day, an override and the rules are saved with PUT /api/availability/me", async () => {
  fakeApi({ ...defaultAvailability("Europe/Berlin"), practitionerId: "p1", saved: true });
  renderEditor();
  const monday = await screen.findByTestId("day-monday");
  expect(within(monday).getAllByTestId("interval")).toHaveLength(2);
  fireEvent.click(within(monday).getByRole("button", { name: "Add hours on Monday" }));
  fireEvent.change(screen.getByLabelText("Monday interval 3 start"), { target: { value: "18:00" } });
  fireEvent.change(screen.getByLabelText("Monday interval 3 end"), { target: { value: "20:00" } });
  fireEvent.click(within(screen.getByTestId("day-saturday")).getByRole("checkbox"));
  fireEvent.change(screen.getByLabelText("Date", { selector: "input" }), { target: { value: "2026-12-24" } });
  fireEvent.click(screen.getByRole("button", { name: "Add override" }));
  fireEvent.change(screen.getByLabelText("Buffer between sessions"), { target: { value: "30" } });
  fireEvent.change(screen.getByLabelText("Minimum notice"), { target: { value: "1440" } });
  fireEvent.click(screen.getByRole("checkbox", { name: "30 minutes" }));
  fireEvent.change(screen.getByLabelText("Your video link (optional)"), { target: { value: "https://meet.example/sage" } });
  fireEvent.click(screen.getByRole("button", { name: "Save availability" }));
  // the toast list is imported on first use (decision 018): on a busy machine that takes over waitFor's default second
  await waitFor(() => expect(screen.getByTestId("toast").textContent).toContain(SAVED_TITLE), { timeout: 10_000 });
  expect(puts).toHaveLength(1);
  expect(puts[0].weeklyHours.monday).toEqual([{ start: "09:00", end: "12:00" }, { start: "13:00", end: "17:00" }, { start: "18:00", end: "20:00" }]);
  expect(puts[0].weeklyHours.saturday).toEqual([{ start: "09:00", end: "17:00" }]);
  expect(puts[0].overrides).toEqual([{ date: "2026-12-24", intervals: [] }]);
  expect(puts[0]).toMatchObject({ timeZone: "Europe/Berlin", bufferMinutes: 30, minimumNoticeMinutes: 1440, durations: [60, 90], videoLink: "https://meet.example/sage" });
});

test("a day whose last hours end at midnight offers no '+ Add hours' (its row would be 24:00–24:00) and says why; ending earlier brings it back", async () => {
  fakeApi({ ...defaultAvailability("Europe/Berlin"), practitionerId: "p1", saved: true });
  renderEditor();
  const monday = await screen.findByTestId("day-monday");
  // a time field has no 24:00: the day's end is typed as 00:00
  fireEvent.change(screen.getByLabelText("Monday interval 2 end"), { target: { value: "00:00" } });
  expect(within(monday).queryByRole("button", { name: "Add hours on Monday" })).toBeNull();
  expect(within(monday).getByTestId("hours-until-midnight").textContent).toBe(HOURS_UNTIL_MIDNIGHT);
  fireEvent.change(screen.getByLabelText("Monday interval 2 end"), { target: { value: "22:00" } });
  fireEvent.click(within(monday).getByRole("button", { name: "Add hours on Monday" }));
  expect((screen.getByLabelText("Monday interval 3 start") as HTMLInputElement).value).toBe("22:00");
  expect((screen.getByLabelText("Monday interval 3 end") as HTMLInputElement).value).toBe("23:00");
  expect(within(monday).queryByTestId("hours-until-midnight")).toBeNull();
});

test("overlapping hours are refused in the browser with the schema's message, and nothing is sent", async () => {
  fakeApi({ ...defaultAvailability("Europe/Berlin"), practitionerId: "p1", saved: true });
  renderEditor();
  await screen.findByTestId("day-monday");
  fireEvent.change(screen.getByLabelText("Monday interval 2 start"), { target: { value: "11:00" } });
  fireEvent.click(screen.getByRole("button", { name: "Save availability" }));
  expect(screen.getByRole("alert").textContent).toContain("Intervals on the same day must not overlap");
  expect(puts).toEqual([]);
});

test("the server's refusal is shown", async () => {
  fakeApi({ ...defaultAvailability("Europe/Berlin"), practitionerId: "p1", saved: true }, () => Response.json({ message: "videoLink: The video link must be an https:// address" }, { status: 400 }));
  renderEditor();
  await screen.findByTestId("day-monday");
  fireEvent.click(screen.getByRole("button", { name: "Save availability" }));
  await waitFor(() => expect(screen.getByRole("alert").textContent).toContain("https:// address"));
});

test("a refusal names the field in the form's words, not the schema's path", async () => {
  fakeApi({ ...defaultAvailability("Europe/Berlin"), practitionerId: "p1", saved: true });
  renderEditor();
  await screen.findByTestId("day-monday");
  fireEvent.change(screen.getByLabelText("Monday interval 1 end"), { target: { value: "08:00" } });
  fireEvent.click(screen.getByRole("button", { name: "Save availability" }));
  expect(screen.getByRole("alert").textContent).toBe("Monday, hours 1: An interval must end after it starts");
  fireEvent.change(screen.getByLabelText("Monday interval 1 end"), { target: { value: "12:00" } });
  fireEvent.change(screen.getByLabelText("Your video link (optional)"), { target: { value: "http://meet.example/sage" } });
  fireEvent.click(screen.getByRole("button", { name: "Save availability" }));
  expect(screen.getByRole("alert").textContent).toBe("Your video link: The video link must be an https:// address");
  expect(puts).toEqual([]);
});

test("the keyboard focus stays in the form when a row or override is added or removed", async () => {
  fakeApi({ ...defaultAvailability("Europe/Berlin"), practitionerId: "p1", saved: true });
  renderEditor();
  const monday = await screen.findByTestId("day-monday");
  const press = (el: HTMLElement) => {
    el.focus();
    fireEvent.click(el);
  };
  // what has the focus, by its name (comparing elements would print whole DOM trees on failure)
  const focused = () => {
    const el = document.activeElement as HTMLElement | null;
    return el && el !== document.body ? `${el.tagName.toLowerCase()} ${el.getAttribute("aria-label") ?? (el as HTMLInputElement).labels?.[0]?.textContent}` : "nothing";
  };
  // a new row: on to its start time
  press(within(monday).getByRole("button", { name: "Add hours on Monday" }));
  expect(focused()).toBe("input Monday interval 3 start");
  // a removed row: the row that takes its place, then the row above
  press(screen.getByRole("button", { name: "Remove Monday interval 2" }));
  expect(focused()).toBe("button Remove Monday interval 2");
  press(screen.getByRole("button", { name: "Remove Monday interval 2" }));
  expect(focused()).toBe("button Remove Monday interval 1");
  // the day's last row: the day goes off, focus to its checkbox
  press(screen.getByRole("button", { name: "Remove Monday interval 1" }));
  expect(focused()).toBe("input Monday");
  // an override: the add button is disabled once added, focus moves to the override's hours
  fireEvent.change(screen.getByLabelText("Date", { selector: "input" }), { target: { value: "2026-12-24" } });
  press(screen.getByRole("button", { name: "Add override" }));
  expect(focused()).toBe("button Add hours on 2026-12-24");
  press(screen.getByRole("button", { name: "Remove override on 2026-12-24" }));
  expect(focused()).toBe("input Date");
});

import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, expect, test } from "bun:test";
import CalendarFeed from "./calendar-feed";

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

test("create shows the private address with Copy; New address replaces it; Turn off removes it", async () => {
  const calls: string[] = [];
  let n = 0;
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push(`${init?.method} ${input}`);
    if (init?.method === "DELETE") return new Response(null, { status: 204 });
    n++;
    return Response.json({ url: `http://localhost/api/calendar/token${n}abcdefghijklmnop.ics` }, { status: 201 });
  }) as typeof fetch;
  const copied: string[] = [];
  Object.defineProperty(navigator, "clipboard", { value: { writeText: async (t: string) => void copied.push(t) }, configurable: true });

  render(<CalendarFeed hasFeed={false} />);
  fireEvent.click(screen.getByRole("button", { name: "Create calendar feed" }));
  const field = (await screen.findByLabelText("Your private feed address")) as HTMLInputElement;
  expect(field.value).toContain("token1");
  await act(async () => fireEvent.click(screen.getByRole("button", { name: "Copy" })));
  expect(copied).toEqual([field.value]);
  expect(screen.getByRole("status").textContent).toBe("Copied to clipboard!");
  fireEvent.click(screen.getByRole("button", { name: "New address" }));
  await waitFor(() => expect((screen.getByLabelText("Your private feed address") as HTMLInputElement).value).toContain("token2"));
  fireEvent.click(screen.getByRole("button", { name: "Turn off" }));
  await screen.findByRole("button", { name: "Create calendar feed" });
  expect(calls).toEqual(["POST /api/calendar/token", "POST /api/calendar/token", "DELETE /api/calendar/token"]);
});

test("an existing feed cannot show its address again: it offers a new one or turning it off", () => {
  render(<CalendarFeed hasFeed={true} />);
  expect(screen.getByText(/shown once/)).toBeTruthy();
  expect(screen.getByRole("button", { name: "New address" })).toBeTruthy();
  expect(screen.getByRole("button", { name: "Turn off" })).toBeTruthy();
  expect(screen.queryByRole("button", { name: "Create calendar feed" })).toBeNull();
});

import { act, fireEvent, render, screen } from "@testing-library/react";
import { getDefaultStore } from "jotai";
import { afterEach, expect, test } from "bun:test";
import { MAIA } from "../../../core/assistant";
import { samplePractitioner } from "../../testing/sample-practitioner";
import { MaiaAssistant, maiaChatAtoms, maiaOpenAtom } from "./maia";

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
  const store = getDefaultStore();
  store.set(maiaOpenAtom, false);
  store.set(maiaChatAtoms.messages, []);
  store.set(maiaChatAtoms.quickActions, []);
  store.set(maiaChatAtoms.typing, false);
});

const wait = (ms: number) => act(() => new Promise((r) => setTimeout(r, ms)));

function launcher(signedIn: boolean) {
  const button = document.createElement("button");
  button.textContent = MAIA.launcherLabel;
  button.dataset.assistantLauncher = "";
  button.dataset.signedIn = String(signedIn);
  document.body.append(button);
  return button;
}

test("closed until the button opens it; the greeting and three starter actions for a visitor; the button hides while open", async () => {
  const button = launcher(false);
  render(<MaiaAssistant launcher={button} />);
  expect(screen.queryByRole("dialog")).toBeNull();
  act(() => getDefaultStore().set(maiaOpenAtom, true));
  expect(screen.getByRole("dialog", { name: "Maia" })).toBeTruthy();
  expect(screen.getByText("Your AI Guardian")).toBeTruthy();
  expect(button.hidden).toBe(true);
  expect(button.getAttribute("aria-expanded")).toBe("true");
  expect(document.activeElement?.getAttribute("placeholder")).toBe(MAIA.placeholder);
  await wait(600);
  expect(document.querySelector('[data-type="guidance"]')).toBeTruthy();
  expect(screen.queryByRole("button", { name: /Track my wellness journey/ })).toBeNull();
  expect(screen.getAllByRole("list", { name: "Quick actions" })[0].querySelectorAll("button")).toHaveLength(3);
  fireEvent.keyDown(screen.getByPlaceholderText(MAIA.placeholder), { key: "Escape" });
  await wait(10);
  expect(screen.queryByRole("dialog")).toBeNull();
  expect(button.hidden).toBe(false);
  expect(document.activeElement).toBe(button);
  button.remove();
});

test("signed in: four starter actions; a described practitioner asks the directory API with its filters and shows the cards", async () => {
  const urls: string[] = [];
  globalThis.fetch = (async (url: RequestInfo | URL) => {
    urls.push(String(url));
    const p = samplePractitioner(7, { archetype: "butterfly" });
    return new Response(
      JSON.stringify({ practitioners: [p], accessInfo: { upgradeRequired: false, shown: 1, total: 1, accessLevel: "premium" }, pagination: { page: 1, pageSize: 3, totalPages: 1, available: 1 }, sort: "relevance" }),
    );
  }) as typeof fetch;
  const button = launcher(true);
  render(<MaiaAssistant launcher={button} />);
  act(() => getDefaultStore().set(maiaOpenAtom, true));
  await wait(600);
  expect(screen.getByRole("button", { name: /Track my wellness journey/ })).toBeTruthy();
  const input = screen.getByPlaceholderText(MAIA.placeholder);
  fireEvent.change(input, { target: { value: "a butterfly practitioner for grief under $80" } });
  fireEvent.submit(input.closest("form")!);
  await wait(2700);
  expect(urls).toEqual(["/api/practitioners/all?q=grief&archetype=butterfly&maxPrice=80&pageSize=3"]);
  expect(screen.getByText(/1 practitioner matches Butterfly · 'grief' · up to \$80/)).toBeTruthy();
  expect(screen.getByRole("link", { name: /See all matches/ }).getAttribute("href")).toBe("/practitioners?q=grief&archetype=butterfly&maxPrice=80");
  const id = samplePractitioner(7).id;
  expect(screen.getByRole("link", { name: new RegExp(id.slice(-6)) }).getAttribute("href")).toBe(`/practitioners/${id}`);
  button.remove();
});

test("a match card leads with the practitioner's display name and photo, with the 'Practitioner #' reference beneath (issue 26)", async () => {
  const named = samplePractitioner(8, { archetype: "butterfly", displayName: "Maya R.", photoUrl: "/api/practitioners/p8/photo?v=abc" });
  const unnamed = samplePractitioner(9, { archetype: "butterfly" });
  globalThis.fetch = (async (_url: RequestInfo | URL) =>
    new Response(
      JSON.stringify({ practitioners: [named, unnamed], accessInfo: { upgradeRequired: false, shown: 2, total: 2, accessLevel: "premium" }, pagination: { page: 1, pageSize: 3, totalPages: 1, available: 2 }, sort: "relevance" }),
    )) as typeof fetch;
  const button = launcher(true);
  render(<MaiaAssistant launcher={button} />);
  act(() => getDefaultStore().set(maiaOpenAtom, true));
  await wait(600);
  const input = screen.getByPlaceholderText(MAIA.placeholder);
  fireEvent.change(input, { target: { value: "a butterfly practitioner for grief" } });
  fireEvent.submit(input.closest("form")!);
  await wait(2700);
  const card = document.querySelector(`[data-practitioner-id="${named.id}"]`)!;
  const link = card.querySelector("a")!;
  expect(link.textContent).toContain("Maya R.");
  expect(link.getAttribute("href")).toBe(`/practitioners/${named.id}`);
  expect(card.textContent).toContain(`Practitioner #${named.id.slice(-6)}`);
  const photo = card.querySelector("img")!;
  expect(photo.getAttribute("alt")).toBe("Maya R.");
  expect(photo.getAttribute("src")).toBe("/api/practitioners/p8/photo?v=abc&size=96");
  // one without a name or photo reads as the spec says, with the archetype's art
  const plain = document.querySelector(`[data-practitioner-id="${unnamed.id}"]`)!;
  expect(plain.querySelector("a")!.textContent).toContain(`Practitioner #${unnamed.id.slice(-6)}`);
  expect(plain.querySelector("[data-match-reference]")).toBeNull();
  button.remove();
});

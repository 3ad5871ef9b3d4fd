import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, test } from "bun:test";
import { ARCHETYPE_GUIDANCE_MESSAGE } from "../../core/practitioner-profile";
import PractitionerProfileForm from "./practitioner-profile-form";

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

const radio = (name: RegExp) => screen.getByRole("radio", { name }) as HTMLInputElement;

describe("PractitionerProfileForm", () => {
  test("a new profile starts as a rising Bee; the other archetypes open at evolving", () => {
    render(<PractitionerProfileForm profile={null} listed />);
    expect(radio(/^Rising/).checked).toBe(true);
    expect(radio(/^Bee ·/).checked).toBe(true);
    expect(radio(/^Beetle/).disabled).toBe(true);
    expect(screen.getByText(ARCHETYPE_GUIDANCE_MESSAGE)).toBeTruthy();
    fireEvent.click(radio(/^Wise/));
    expect(radio(/^Beetle/).disabled).toBe(false);
    fireEvent.click(radio(/^Beetle/));
    fireEvent.click(radio(/^Rising/));
    expect(radio(/^Bee ·/).checked).toBe(true);
    expect(screen.getByRole("button", { name: "Create Profile" })).toBeTruthy();
  });

  test("shows a message per field and sends nothing while invalid", () => {
    let calls = 0;
    globalThis.fetch = (async () => {
      calls++;
      return new Response("{}");
    }) as unknown as typeof fetch;
    render(<PractitionerProfileForm profile={null} listed />);
    fireEvent.click(screen.getByRole("button", { name: "Create Profile" }));
    expect(screen.getByText("Please fix the highlighted fields.")).toBeTruthy();
    expect(screen.getByText("Tell clients about your practice in at least 40 characters.")).toBeTruthy();
    expect(screen.getByText("Add at least one specialization, separated by commas.")).toBeTruthy();
    expect(screen.getByText("Choose at least one professional category.")).toBeTruthy();
    expect(screen.getByText("Enter your rate per session in dollars.")).toBeTruthy();
    expect(calls).toBe(0);
  });

  test("a valid profile is PUT to /api/practitioners/me and the public link appears", async () => {
    const sent: { method?: string; url: string; body: unknown }[] = [];
    globalThis.fetch = (async (url: RequestInfo | URL, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body));
      sent.push({ method: init?.method, url: String(url), body });
      return new Response(JSON.stringify({ ...body, id: "aaaaaaaa-bbbb-4ccc-8ddd-000000abc123", hourlyRate: "70.00", averageRating: null, totalSessions: 0, isFeatured: false, isVerified: false, yearsActive: null, responseTimeHours: null, createdAt: "2026-01-01T00:00:00.000Z" }), { status: 201 });
    }) as typeof fetch;
    render(<PractitionerProfileForm profile={null} listed />);
    fireEvent.change(screen.getByLabelText("Bio"), { target: { value: "Breath and body sessions for people new to holistic care, at a gentle pace." } });
    fireEvent.change(screen.getByLabelText("Specializations"), { target: { value: "Breathing, Sleep" } });
    fireEvent.click(screen.getByRole("checkbox", { name: "Breathwork" }));
    fireEvent.change(screen.getByLabelText("Rate per session (USD)"), { target: { value: "70" } });
    fireEvent.click(screen.getByRole("button", { name: "Create Profile" }));
    await waitFor(() => expect(screen.getByRole("link", { name: /View your public profile \(Practitioner #abc123\)/ })).toBeTruthy());
    expect(sent[0]).toMatchObject({ method: "PUT", url: "/api/practitioners/me", body: { archetype: "bee", experienceLevel: "rising", specializations: ["Breathing", "Sleep"], professionalCategories: ["breathwork"], hourlyRate: "70.00", isVirtual: true } });
    expect(screen.getByRole("button", { name: "Save Changes" })).toBeTruthy();
  });
});

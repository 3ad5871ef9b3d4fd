import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, test } from "bun:test";
import SignUpForm from "./sign-up-form";
import { blurWhenDisabled, focusedName } from "../testing/focus";
import { holdFetch } from "../testing/held-fetch";

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

function fill(values: Partial<Record<"First name" | "Last name" | "Email" | "Password" | "Confirm password", string>>) {
  const all = { "First name": "Maya", "Last name": "Hart", Email: "maya@example.test", Password: "correct horse", "Confirm password": "correct horse", ...values };
  for (const [label, value] of Object.entries(all)) fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe("SignUpForm", () => {
  test("preselects the role it is given", () => {
    render(<SignUpForm role="practitioner" initialError={null} />);
    expect((screen.getByRole("radio", { name: /Offer sessions/ }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole("radio", { name: /Find a practitioner/ }) as HTMLInputElement).checked).toBe(false);
  });

  test("shows the spec's messages for a short password and a mismatch, without calling the server", async () => {
    let called = false;
    globalThis.fetch = (async () => {
      called = true;
      return new Response("{}");
    }) as unknown as typeof fetch;
    render(<SignUpForm role="client" initialError={null} />);
    fill({ Password: "short", "Confirm password": "different" });
    fireEvent.click(screen.getByRole("button", { name: "Create Account" }));
    expect(await screen.findByText("Password must be at least 8 characters long")).toBeTruthy();
    expect(screen.getByText("Passwords do not match")).toBeTruthy();
    expect(screen.getByLabelText("Password").getAttribute("aria-invalid")).toBe("true");
    expect(called).toBe(false);
  });

  test("sends the fields with the chosen role, shows the loading state, then the server's message", async () => {
    const held = holdFetch();
    render(<SignUpForm role="client" initialError={null} />);
    fireEvent.click(screen.getByRole("radio", { name: /Offer sessions/ }));
    fill({});
    fireEvent.click(screen.getByRole("button", { name: "Create Account" }));
    // waiting, the button says so and ignores presses, but is not disabled (that would drop the keyboard focus)
    const pending = await screen.findByRole("button", { name: "Creating account..." });
    expect(pending.getAttribute("aria-disabled")).toBe("true");
    expect((pending as HTMLButtonElement).disabled).toBe(false);
    expect(held.sent).toEqual({ firstName: "Maya", lastName: "Hart", email: "maya@example.test", password: "correct horse", role: "practitioner" });
    held.answer(Response.json({ message: "An account with this email already exists. Please sign in instead." }, { status: 409 }));
    expect((await screen.findByRole("alert")).textContent).toBe("An account with this email already exists. Please sign in instead.");
    expect(screen.getByRole("button", { name: "Create Account" }).getAttribute("aria-disabled")).toBeNull();
  });

  test("ignores presses while waiting", async () => {
    const held = holdFetch();
    render(<SignUpForm role="client" initialError={null} />);
    fill({});
    fireEvent.click(screen.getByRole("button", { name: "Create Account" }));
    fireEvent.click(await screen.findByRole("button", { name: "Creating account..." }));
    expect(held.calls).toBe(1);
  });

  test("a failed submit leaves the keyboard focus on the button, not the page's body", async () => {
    const stop = blurWhenDisabled();
    try {
      globalThis.fetch = (async () => new Response("", { status: 500 })) as unknown as typeof fetch;
      render(<SignUpForm role="client" initialError={null} />);
      fill({});
      const button = screen.getByRole("button", { name: "Create Account" });
      button.focus();
      fireEvent.click(button);
      await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("Failed to create account"));
      expect(focusedName()).toBe("button Create Account");
    } finally {
      stop();
    }
  });

  test("sends the page to continue to (next), and keeps it in the form for a post without script", async () => {
    let sent: Record<string, unknown> = {};
    globalThis.fetch = (async (_url: string, init: RequestInit) => {
      sent = JSON.parse(String(init.body));
      return new Promise<Response>(() => {});
    }) as unknown as typeof fetch;
    const { container } = render(<SignUpForm role="client" next="/book/abc" initialError={null} />);
    expect((container.querySelector('input[type="hidden"][name="next"]') as HTMLInputElement).value).toBe("/book/abc");
    fill({});
    fireEvent.click(screen.getByRole("button", { name: "Create Account" }));
    await screen.findByRole("button", { name: "Creating account..." });
    expect(sent.next).toBe("/book/abc");
  });

  test("falls back to 'Failed to create account' when the server gives no message", async () => {
    globalThis.fetch = (async () => new Response("", { status: 500 })) as unknown as typeof fetch;
    render(<SignUpForm role="client" initialError={null} />);
    fill({});
    fireEvent.click(screen.getByRole("button", { name: "Create Account" }));
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("Failed to create account"));
  });
});

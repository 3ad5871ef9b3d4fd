import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, test } from "bun:test";
import SignInForm from "./sign-in-form";
import { holdFetch } from "../testing/held-fetch";

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

function submit(email = "robin@example.test", password = "a password") {
  fireEvent.change(screen.getByLabelText("Email"), { target: { value: email } });
  fireEvent.change(screen.getByLabelText("Password"), { target: { value: password } });
  fireEvent.click(screen.getByRole("button", { name: "Sign In" }));
}

describe("SignInForm", () => {
  test("requires both fields", async () => {
    render(<SignInForm next={null} initialError={null} notice={null} />);
    submit("", "");
    expect(await screen.findByText("Please enter your email address")).toBeTruthy();
    expect(screen.getByText("Please enter your password")).toBeTruthy();
  });

  test("shows 'Signing in...' while pending and the server's message on failure", async () => {
    const held = holdFetch();
    render(<SignInForm next={null} initialError={null} notice={null} />);
    submit();
    // waiting, the button says so and ignores presses, but is not disabled (that would drop the keyboard focus)
    const waiting = await screen.findByRole("button", { name: "Signing in..." });
    expect(waiting.getAttribute("aria-disabled")).toBe("true");
    fireEvent.click(waiting);
    expect(held.calls).toBe(1);
    held.answer(Response.json({ message: "Invalid email or password" }, { status: 401 }));
    expect((await screen.findByRole("alert")).textContent).toBe("Invalid email or password");
  });

  test("falls back to 'Failed to sign in'", async () => {
    globalThis.fetch = (async () => new Response("", { status: 502 })) as unknown as typeof fetch;
    render(<SignInForm next={null} initialError={null} notice={null} />);
    submit();
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("Failed to sign in"));
  });

  test("shows a notice, and an error from the page's URL", () => {
    render(<SignInForm next="/book/abc" initialError={null} notice="Your password has been reset." />);
    expect(screen.getByRole("status").textContent).toBe("Your password has been reset.");
    expect((document.querySelector('input[name="next"]') as HTMLInputElement).value).toBe("/book/abc");
  });
});

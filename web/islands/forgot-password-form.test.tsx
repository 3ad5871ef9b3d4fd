import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, test } from "bun:test";
import ForgotPasswordForm from "./forgot-password-form";
import { blurWhenDisabled, focusedName } from "../testing/focus";
import { holdFetch } from "../testing/held-fetch";

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

function submit(email = "robin@example.test") {
  fireEvent.change(screen.getByLabelText("Email"), { target: { value: email } });
  const button = screen.getByRole("button", { name: "Send Reset Link" });
  button.focus();
  fireEvent.click(button);
  return button;
}

describe("ForgotPasswordForm", () => {
  test("shows 'Sending...' while waiting, ignores presses, then the server's answer", async () => {
    const held = holdFetch();
    render(<ForgotPasswordForm sentMessage={null} />);
    submit();
    // waiting, the button says so and ignores presses, but is not disabled (that would drop the keyboard focus)
    const waiting = await screen.findByRole("button", { name: "Sending..." });
    expect(waiting.getAttribute("aria-disabled")).toBe("true");
    expect((waiting as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(waiting);
    expect(held.calls).toBe(1);
    held.answer(Response.json({ message: "If an account exists, a link is on its way." }));
    expect((await screen.findByRole("status")).textContent).toBe("If an account exists, a link is on its way.");
    expect(screen.getByRole("button", { name: "Send Again" }).getAttribute("aria-disabled")).toBeNull();
  });

  test("a failed request leaves the keyboard focus on the button, not the page's body", async () => {
    const stop = blurWhenDisabled();
    try {
      globalThis.fetch = (async () => new Response("", { status: 500 })) as unknown as typeof fetch;
      render(<ForgotPasswordForm sentMessage={null} />);
      submit();
      await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("Failed to send the reset link"));
      expect(focusedName()).toBe("button Send Reset Link");
    } finally {
      stop();
    }
  });
});

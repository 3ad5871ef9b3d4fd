import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, test } from "bun:test";
import ResetPasswordForm from "./reset-password-form";
import { blurWhenDisabled, focusedName } from "../testing/focus";

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

function submit(password = "correct horse", confirm = password) {
  fireEvent.change(screen.getByLabelText("New password"), { target: { value: password } });
  fireEvent.change(screen.getByLabelText("Confirm new password"), { target: { value: confirm } });
  const button = screen.getByRole("button", { name: "Set New Password" });
  button.focus();
  fireEvent.click(button);
  return button;
}

describe("ResetPasswordForm", () => {
  test("sends the token with the new password, shows 'Saving...' and ignores presses while waiting", async () => {
    let sent: Record<string, unknown> = {};
    let calls = 0;
    globalThis.fetch = (async (_url: string, init: RequestInit) => {
      calls++;
      sent = JSON.parse(String(init.body));
      return new Promise<Response>(() => {});
    }) as unknown as typeof fetch;
    render(<ResetPasswordForm token="tok123" initialError={null} />);
    submit();
    // waiting, the button says so and ignores presses, but is not disabled (that would drop the keyboard focus)
    const waiting = await screen.findByRole("button", { name: "Saving..." });
    expect(waiting.getAttribute("aria-disabled")).toBe("true");
    expect((waiting as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(waiting);
    expect(calls).toBe(1);
    expect(sent).toEqual({ token: "tok123", password: "correct horse" });
  });

  test("a refused token shows the server's message and leaves the keyboard focus on the button", async () => {
    const stop = blurWhenDisabled();
    try {
      globalThis.fetch = (async () => Response.json({ message: "This reset link is invalid or has expired" }, { status: 400 })) as unknown as typeof fetch;
      render(<ResetPasswordForm token="old" initialError={null} />);
      submit();
      await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("This reset link is invalid or has expired"));
      expect(focusedName()).toBe("button Set New Password");
    } finally {
      stop();
    }
  });

  test("a server error falls back to 'Failed to reset your password', the focus still on the button", async () => {
    const stop = blurWhenDisabled();
    try {
      globalThis.fetch = (async () => new Response("", { status: 500 })) as unknown as typeof fetch;
      render(<ResetPasswordForm token="tok" initialError={null} />);
      submit();
      await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("Failed to reset your password"));
      expect(focusedName()).toBe("button Set New Password");
    } finally {
      stop();
    }
  });
});

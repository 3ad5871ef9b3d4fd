import { fireEvent, render, within } from "@testing-library/react";
import { afterEach, describe, expect, test } from "bun:test";
import UpgradeDialog, { navigation } from "./upgrade-dialog";
import { paymentsNotSetUp } from "../../core/payments";
import type { UpgradeAccount } from "../../core/types";

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

const preview: UpgradeAccount = { accessLevel: "preview", subscriptionStatus: "free", trialEndDate: null, trialUsed: false };

function dialog() {
  return within(document.querySelector("dialog") as HTMLElement);
}

describe("UpgradeDialog", () => {
  test("lists the three plans with prices, Basic preselected and Premium marked Most Popular", () => {
    render(<UpgradeDialog triggerLabel="Upgrade" account={preview} />);
    const d = dialog();
    const radios = d.getAllByRole("radio", { hidden: true }) as HTMLInputElement[];
    expect(radios.map((r) => r.value)).toEqual(["basic", "premium", "unlimited"]);
    expect(radios.map((r) => r.checked)).toEqual([true, false, false]);
    const text = document.querySelector("dialog")!.textContent!;
    expect(text).toContain("$9.99/month");
    expect(text).toContain("$19.99/month");
    expect(text).toContain("$39.99/month");
    const popular = d.getByText("Most Popular", undefined);
    expect(popular.closest("label")!.textContent).toContain("Premium");
  });

  test("'Upgrade Now' says payments are not set up, naming the chosen plan, without asking the server", () => {
    render(<UpgradeDialog triggerLabel="Upgrade" account={preview} />);
    fireEvent.click(dialog().getByRole("radio", { name: "Premium, $19.99 per month, most popular", hidden: true }));
    fireEvent.click(dialog().getByRole("button", { name: "Upgrade Now", hidden: true }));
    expect(dialog().getByRole("alert", { hidden: true }).textContent).toContain("Payments are not set up yet, so the Premium plan");
  });

  test("'Upgrade Now' says what the server says when it refuses, naming the chosen plan", async () => {
    let sent = "";
    globalThis.fetch = (async (url: string, init: RequestInit) => {
      sent = `${init.method} ${url} ${init.body}`;
      return Response.json({ message: paymentsNotSetUp("Premium") }, { status: 503 });
    }) as unknown as typeof fetch;
    render(<UpgradeDialog triggerLabel="Upgrade" account={{ ...preview, payments: true }} />);
    fireEvent.click(dialog().getByRole("radio", { name: "Premium, $19.99 per month, most popular", hidden: true }));
    fireEvent.click(dialog().getByRole("button", { name: "Upgrade Now", hidden: true }));
    expect((await dialog().findByRole("alert", { hidden: true })).textContent).toContain("Payments are not set up yet, so the Premium plan");
    expect(sent).toBe('POST /api/payments/checkout {"plan":"premium"}');
  });

  test("'Upgrade Now' goes to the checkout the server opened, sending only the plan's name", async () => {
    globalThis.fetch = (async () => Response.json({ url: "https://checkout.stripe.test/c/pay/cs_1" })) as unknown as typeof fetch;
    const went: string[] = [];
    const assign = navigation.assign;
    navigation.assign = (url) => went.push(url);
    try {
      render(<UpgradeDialog triggerLabel="Upgrade" account={{ ...preview, payments: true }} />);
      fireEvent.click(dialog().getByRole("button", { name: "Upgrade Now", hidden: true }));
      await dialog().findByRole("button", { name: "Opening checkout...", hidden: true });
      await Bun.sleep(0);
      expect(went).toEqual(["https://checkout.stripe.test/c/pay/cs_1"]);
    } finally {
      navigation.assign = assign;
    }
  });

  test("'Start 7-Day Free Trial' starts the trial on the server and shows its end date", async () => {
    let called = "";
    globalThis.fetch = (async (url: string, init: RequestInit) => {
      called = `${init.method} ${url}`;
      return Response.json({ message: "ok", accessLevel: "premium", subscriptionStatus: "trial", trialEndDate: "2030-03-21T10:00:00.000Z" });
    }) as unknown as typeof fetch;
    render(<UpgradeDialog triggerLabel="Upgrade" account={preview} />);
    fireEvent.click(dialog().getByRole("button", { name: "Start 7-Day Free Trial", hidden: true }));
    expect((await dialog().findByRole("status", { hidden: true })).textContent).toBe("Your 7-day Premium trial has started. It ends on Mar 21, 2030.");
    expect(called).toBe("POST /api/auth/trial");
  });

  test("a used trial is explained and cannot be started again", () => {
    render(<UpgradeDialog triggerLabel="Upgrade" account={{ ...preview, trialUsed: true }} />);
    expect((dialog().getByRole("button", { name: "Start 7-Day Free Trial", hidden: true }) as HTMLButtonElement).disabled).toBe(true);
    expect(document.querySelector("dialog")!.textContent).toContain("You have already used your free trial.");
  });

  test("a visitor is offered sign-up instead of the trial", () => {
    render(<UpgradeDialog triggerLabel="Upgrade" account={null} />);
    expect(dialog().getByRole("link", { name: "Sign up to start your free trial", hidden: true }).getAttribute("href")).toBe("/auth/signup");
  });
});

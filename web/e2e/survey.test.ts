import { describe, expect, test } from "bun:test";
import { DESKTOP, focusedName, holdRequests, loginAs, openDb, openPage, PHONE, seriousA11yViolations, useServerAndBrowser } from "./fixtures";

const suite = useServerAndBrowser();

function responseCount(dbPath: string, where = "1 = 1"): number {
  const db = openDb(dbPath, { readonly: true });
  try {
    return db.query<{ n: number }, []>(`select count(*) as n from survey_responses where ${where}`).get()!.n;
  } finally {
    db.close();
  }
}

describe("the survey", () => {
  for (const viewport of [PHONE, DESKTOP]) {
    test(`a visitor fills it, leaves on step 3, comes back to the draft and submits (${viewport.width} px)`, async () => {
      const { page, context, problems } = await openPage(suite.browser, viewport);
      await page.goto(`${suite.server.url}/survey`);
      await page.locator("[data-hydrated=true]").waitFor();
      await page.getByText("15-20 minutes").waitFor();
      await page.getByText("Your answers are confidentially recorded.").waitFor();
      await page.getByRole("button", { name: "Start the Survey" }).click();

      // step 1 needs an identity type
      await page.getByRole("heading", { name: "Your Foundation" }).waitFor();
      expect(await page.getByRole("progressbar").getAttribute("aria-valuenow")).toBe("25");
      expect(await page.getByText(/Contributor #\d{3}/).count()).toBe(1);
      await page.getByRole("button", { name: "Next" }).click();
      await page.getByRole("alert").filter({ hasText: "Please choose how you see yourself" }).waitFor();
      // focus leaves the button for the unanswered question's first choice, which names the error
      const focused = await page.evaluate(() => {
        const el = document.activeElement as HTMLInputElement | null;
        return { type: el?.type, name: el?.name, label: el?.closest("label")?.textContent?.trim(), error: el?.getAttribute("aria-describedby") };
      });
      expect(focused).toEqual({ type: "radio", name: "identityType", label: "Facilitator/Practitioner", error: "identityType-error" });
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.getByLabel("Client/Seeker").check();
      await page.getByLabel("Age range").selectOption("25-34");
      await page.getByLabel("Country of residence").fill("Portugal");
      await page.getByRole("button", { name: "Next" }).click();

      // step 2: client questions only
      await page.getByRole("heading", { name: "Your Expertise" }).waitFor();
      expect(await page.getByText("As a facilitator").count()).toBe(0);
      await page.getByLabel("A session price you're comfortable with").selectOption("$51-75");
      await page.getByLabel("How often would you book?").selectOption("monthly");
      await page.getByRole("button", { name: "Next" }).click();
      await page.getByRole("heading", { name: "Co-Creating Community" }).waitFor();
      await page.getByLabel("Client reviews").first().check();

      // leave on step 3 and come back: the draft is restored at step 2
      await page.goto(`${suite.server.url}/`);
      await page.goto(`${suite.server.url}/survey`);
      await page.getByRole("heading", { name: "Your Expertise" }).waitFor();
      await page.getByText("We restored the answers you saved in this browser.").waitFor();
      expect(await page.getByLabel("A session price you're comfortable with").inputValue()).toBe("$51-75");
      await page.getByRole("button", { name: "Previous" }).click();
      expect(await page.getByLabel("Country of residence").inputValue()).toBe("Portugal");
      await page.getByRole("button", { name: "Next" }).click();
      await page.getByRole("button", { name: "Next" }).click();
      await page.getByRole("button", { name: "Next" }).click();
      await page.getByRole("heading", { name: "Your Vision" }).waitFor();
      expect(await page.getByRole("progressbar").getAttribute("aria-valuenow")).toBe("100");
      await page.getByLabel("Anything else you'd like Pollinate to become?").fill(`Kind and fair ${viewport.width}`);
      await page.getByRole("button", { name: "Submit Survey" }).click();

      await page.getByRole("status").filter({ hasText: "Survey submitted!" }).waitFor();
      await page.getByText("Thank you for your valuable feedback.").waitFor();
      expect(await page.getByRole("link", { name: "Explore Practitioners" }).getAttribute("href")).toBe("/practitioners");
      expect(await page.evaluate(() => localStorage.getItem("pollinate-survey-draft"))).toBeNull();
      expect(responseCount(suite.server.dbPath, `final_thoughts = 'Kind and fair ${viewport.width}' and user_id is null and country_of_residence = 'Portugal' and booking_encouragements like '%client_reviews%' and client_comfortable_price = '$51-75' and session_frequency = 'monthly'`)).toBe(1);
      expect(await seriousA11yViolations(page)).toEqual([]);
      expect(problems).toEqual([]);
      await context.close();
    }, 60_000);
  }

  test("an unparsable draft is ignored; a signed-in member's second answer replaces the first and says so", async () => {
    const { page, context } = await openPage(suite.browser, PHONE);
    await loginAs(context, suite.server, "client@pollinate.example");
    await page.goto(`${suite.server.url}/survey`);
    await page.evaluate(() => localStorage.setItem("pollinate-survey-draft", "{not json"));
    const logs: string[] = [];
    page.on("console", (m) => logs.push(m.text()));
    await page.reload();
    await page.locator("[data-hydrated=true]").waitFor();
    await page.getByText("Your answers are linked to your founding member profile.").waitFor();
    expect(logs.some((l) => l.includes("ignoring a saved draft"))).toBe(true);
    for (let round = 0; round < 2; round++) {
      await page.getByRole("button", { name: "Start the Survey" }).click();
      await page.getByLabel("Just Exploring").check();
      for (let i = 0; i < 3; i++) await page.getByRole("button", { name: "Next" }).click();
      await page.getByRole("button", { name: "Submit Survey" }).click();
      await page.getByText("Survey submitted!").waitFor();
      if (round === 1) await page.getByText("your earlier answers have been replaced").waitFor();
      else await page.goto(`${suite.server.url}/survey`);
    }
    expect(responseCount(suite.server.dbPath, "user_id = (select id from users where email = 'client@pollinate.example')")).toBe(1);
    await context.close();
  }, 60_000);

  test("by keyboard, Submit Survey keeps the focus while it waits and after a refusal, which is announced; the answers stay", async () => {
    const { page, context } = await openPage(suite.browser, PHONE);
    // the first submission waits, then is refused as a busy network would be; the second goes through
    const hold = await holdRequests(page, ["**/api/survey"], (route) =>
      route.fulfill({ status: 429, contentType: "application/json", body: JSON.stringify({ message: "Too many survey submissions from your network. Please wait a minute and try again." }) }),
    );
    const focused = () => focusedName(page);
    await page.goto(`${suite.server.url}/survey`);
    await page.locator("[data-hydrated=true]").waitFor();
    await page.getByRole("button", { name: "Start the Survey" }).click();
    await page.getByLabel("Neither").check();
    for (let i = 0; i < 3; i++) await page.getByRole("button", { name: "Next" }).click();
    await page.getByLabel("Anything else you'd like Pollinate to become?").fill("Held then refused");
    await page.getByRole("button", { name: "Submit Survey" }).focus();
    const waiting = hold.nextHeld();
    await page.keyboard.press("Enter");
    await waiting;
    expect(await focused()).toBe("Processing...");
    hold.release();
    await page.getByRole("alert").filter({ hasText: "Submission failed" }).waitFor();
    await page.getByText("Too many survey submissions from your network.").waitFor();
    expect(await focused()).toBe("Submit Survey");
    await page.unroute("**/api/survey");
    expect(await page.getByLabel("Anything else you'd like Pollinate to become?").inputValue()).toBe("Held then refused");
    await page.keyboard.press("Enter");
    await page.getByRole("status").filter({ hasText: "Survey submitted!" }).waitFor();
    expect(responseCount(suite.server.dbPath, "final_thoughts = 'Held then refused'")).toBe(1);
    await context.close();
  }, 60_000);
});

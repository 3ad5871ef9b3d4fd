/**
 * Issue 26's practitioner photo: the demo practitioner (who has none) chooses one at 390 px in the
 * profile editor, sees the preview, saves it; at 1280 px it leads the directory card and the profile
 * header (seen by the demo client) with the display name as its alt text, loaded from its versioned URL.
 */
import { describe, expect, test } from "bun:test";
import { Jimp } from "jimp";
import type { Page } from "playwright-core";
import { DEMO_ACCOUNTS } from "../../src/demo/demo-data";
import { practitionerHeading } from "../../core/types";
import { DESKTOP, openSignedIn, PHONE, queryDb, seriousA11yViolations, settled, useServerAndBrowser } from "./fixtures";

const suite = useServerAndBrowser();

const demoPractitioner = () =>
  queryDb<{ id: string; display_name: string | null; photo_version: string | null }>(
    suite.server,
    "select p.id, p.display_name, p.photo_version from practitioners p join users u on u.id = p.user_id where u.email = ?",
    DEMO_ACCOUNTS.practitioner.email,
  )[0]!;

/** The image's natural width once loaded (0 while broken). */
const loadedWidth = (page: Page, name: string) =>
  page.getByRole("img", { name, exact: true }).first().evaluate(async (img: HTMLImageElement) => {
    if (!img.complete) await new Promise((resolve) => img.addEventListener("load", resolve, { once: true }));
    return img.naturalWidth;
  });

describe("a practitioner's photo (issue 26)", () => {
  test("uploaded at 390 px in the profile editor, shown on the directory card and the profile at 1280 px", async () => {
    const before = demoPractitioner();
    expect(before.photo_version).toBeNull();
    const name = practitionerHeading({ id: before.id, displayName: before.display_name });

    const phone = await openSignedIn(suite, DEMO_ACCOUNTS.practitioner.email, PHONE);
    await phone.page.goto(`${suite.server.url}/dashboard/practitioner/profile`);
    await settled(phone.page);
    const form = phone.page.getByTestId("photo-form");
    await form.getByText("No photo yet").waitFor();
    const picture = await new Jimp({ width: 600, height: 400, color: 0x5b8c6aff }).getBuffer("image/png");
    await form.getByLabel("Choose a photo").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: picture });
    await form.getByTestId("photo-preview").waitFor();
    await form.getByRole("button", { name: "Save photo" }).click();
    await form.getByText("Photo saved").waitFor();
    expect(await loadedWidth(phone.page, name)).toBe(320);
    await form.getByRole("button", { name: "Remove photo" }).waitFor();
    expect(await seriousA11yViolations(phone.page)).toEqual([]);
    const after = demoPractitioner();
    expect(after.photo_version).toMatch(/^[0-9a-f]{16}$/);
    expect(phone.problems).toEqual([]);
    await phone.context.close();

    const desktop = await openSignedIn(suite, DEMO_ACCOUNTS.client.email, DESKTOP);
    await desktop.page.goto(`${suite.server.url}/practitioners?archetype=bee&level=rising`);
    await settled(desktop.page);
    const card = desktop.page.locator("article").filter({ has: desktop.page.getByRole("heading", { name, exact: true }) });
    await card.getByRole("img", { name, exact: true }).waitFor();
    expect(await loadedWidth(desktop.page, name)).toBe(96);

    await desktop.page.goto(`${suite.server.url}/practitioners/${before.id}`);
    await settled(desktop.page);
    const header = desktop.page.locator("header.card");
    await header.getByRole("img", { name, exact: true }).waitFor();
    expect(await loadedWidth(desktop.page, name)).toBe(320);
    // the reference stays beneath the name, and no archetype emblem replaces the photo
    expect(await header.getByRole("heading", { level: 1 }).textContent()).toBe(name);
    expect(await header.getByRole("img", { name: /archetype emblem/ }).count()).toBe(0);
    expect(await seriousA11yViolations(desktop.page)).toEqual([]);
    expect(desktop.problems).toEqual([]);
    await desktop.context.close();
  }, 120_000);
});

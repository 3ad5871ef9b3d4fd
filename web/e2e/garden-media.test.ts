/**
 * The Garden's Audio and Video pieces in Chromium at 390 px: a reader plays a recording in the
 * piece and saves it (the download counted once); Video pieces without a file say so; a member
 * shares an Audio piece with its recording (the file checked in the dialog first) and hears it.
 */
import { describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { openSignedIn, PHONE, queryDb, seriousA11yViolations, useServerAndBrowser } from "./fixtures";
import { MEDIA_TEXTS } from "../../core/media";
import { synthesiseWav } from "../../src/features/media/wav";

const CLIENT = "client@pollinate.example";
const suite = useServerAndBrowser();

async function hydrated(page: Page) {
  await page.waitForFunction(() => {
    const el = document.querySelector('[data-island="GardenBrowser"]');
    return !!el && Object.keys(el).some((k) => k.startsWith("__reactContainer"));
  });
}

/** Starts the dialog's player and waits until it has played half a second of sound. */
async function playsInDialog(page: Page, title: string): Promise<{ duration: number; error: number | null }> {
  const dialog = page.getByRole("dialog", { name: title });
  const audio = dialog.locator("audio");
  await audio.waitFor();
  // the press on Read was the user's gesture: the page may start the player
  await audio.evaluate((el: HTMLAudioElement) => el.play());
  await page.waitForFunction((name) => {
    const el = [...document.querySelectorAll("dialog[open] audio")].find((a) => a.getAttribute("aria-label") === name) as HTMLAudioElement | undefined;
    return !!el && el.currentTime > 0.5;
  }, `Recording: ${title}`);
  return audio.evaluate((el: HTMLAudioElement) => ({ duration: el.duration, error: el.error?.code ?? null }));
}

describe("the Garden's Audio and Video pieces", () => {
  test("a reader plays an Audio piece's recording in the piece and saves it; Video pieces without a file say so", async () => {
    const { page, context, problems } = await openSignedIn(suite, CLIENT, PHONE);
    await page.goto(`${suite.server.url}/garden?type=audio`);
    await hydrated(page);
    const cards = page.getByTestId("garden-grid").locator("article");
    await cards.first().waitFor();
    const count = await cards.count();
    expect(count).toBeGreaterThan(0);
    for (let i = 0; i < count; i++) {
      // every demo recording is there, and its card counts what the product counts: downloads
      expect(await cards.nth(i).getByTestId("no-media").count()).toBe(0);
      expect(await cards.nth(i).getByText("Downloads:").count()).toBe(1);
    }
    const title = await cards.first().locator("h3").innerText();
    await cards.first().getByRole("button", { name: /^Read / }).click();
    const played = await playsInDialog(page, title);
    expect(played.error).toBeNull();
    expect(played.duration).toBeCloseTo(15, 0);

    const [id] = queryDb<{ id: string }>(suite.server, "select id from garden_content where title = ?", title).map((r) => r.id);
    const downloads = () => queryDb<{ n: number }>(suite.server, "select download_count as n from garden_content where id = ?", id!)[0]!.n;
    const before = downloads();
    const dialog = page.getByRole("dialog", { name: title });
    const [download] = await Promise.all([page.waitForEvent("download"), dialog.getByRole("link", { name: "Download" }).click()]);
    expect(download.suggestedFilename()).toEndWith(".wav");
    for (let i = 0; i < 50 && downloads() === before; i++) await Bun.sleep(100);
    expect(downloads()).toBe(before + 1);
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.goto(`${suite.server.url}/garden?type=video`);
    await hydrated(page);
    await cards.first().waitFor();
    for (let i = 0; i < (await cards.count()); i++) {
      const text = await cards.nth(i).innerText();
      expect(text).not.toContain("⤓");
      expect(await cards.nth(i).getByText("Downloads:").count()).toBe(0);
      expect(await cards.nth(i).getByTestId("no-media").innerText()).toBe("Written guide: no video yet");
    }
    expect(problems).toEqual([]);
    await context.close();
  });

  test("a member shares an Audio piece: the dialog asks for the recording, refuses a file that is none, and the piece plays for her", async () => {
    const { page, context, problems } = await openSignedIn(suite, CLIENT, PHONE);
    await page.goto(`${suite.server.url}/garden`);
    await hydrated(page);
    await page.getByRole("button", { name: "Share Content" }).click();
    const dialog = page.getByRole("dialog", { name: "Share Content" });
    const submit = dialog.getByRole("button", { name: "Share to the Garden" });
    await dialog.getByLabel("Title").fill("Evening bowl for winding down");
    await dialog.getByLabel("Content", { exact: true }).fill("One bowl, struck once. Let the sound fade before you move.");
    expect(await dialog.getByLabel("Recording").count()).toBe(0);
    await dialog.getByLabel("Content type").selectOption("audio");
    const file = dialog.getByLabel("Recording");
    await file.waitFor();
    expect(await submit.isDisabled()).toBe(true);

    await file.setInputFiles({ name: "notes.mp3", mimeType: "audio/mpeg", buffer: Buffer.from("these are my notes, not a recording") });
    await dialog.getByRole("alert").getByText(MEDIA_TEXTS.unknownType).waitFor();
    expect(await submit.isDisabled()).toBe(true);

    const wav = synthesiseWav({ seconds: 3, partials: [[174.6, 1], [482, 0.4]] });
    await file.setInputFiles({ name: "evening-bowl.wav", mimeType: "audio/wav", buffer: Buffer.from(wav) });
    await dialog.getByText(MEDIA_TEXTS.unknownType).waitFor({ state: "hidden" });
    expect(await submit.isDisabled()).toBe(false);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await submit.click();
    await page.getByTestId("garden-status").getByText("Content shared!").waitFor();
    await dialog.waitFor({ state: "hidden" });

    const [stored] = queryDb<{ size: number; type: string }>(
      suite.server,
      "select m.byte_size as size, m.content_type as type from garden_content g join media_files m on m.id = g.media_id where g.title = 'Evening bowl for winding down'",
    );
    expect(stored).toEqual({ size: wav.byteLength, type: "audio/wav" });
    const mine = page.locator("article", { has: page.getByRole("heading", { level: 3, name: "Evening bowl for winding down" }) });
    await mine.getByText("Pending review").waitFor();
    await mine.getByRole("button", { name: /^Read / }).click();
    const played = await playsInDialog(page, "Evening bowl for winding down");
    expect(played.duration).toBeCloseTo(3, 0);
    expect(problems).toEqual([]);
    await context.close();
  });
});

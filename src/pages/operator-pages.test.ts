/** Issue 26: the operator's Terms, Privacy and Contact from Markdown files; the spec's placeholders without them. */
import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createTestApp } from "../testing/test-app";

const dir = mkdtempSync(join(tmpdir(), "pollinate-legal-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test("with LEGAL_PAGES_DIR the files are the pages, rendered as text; without a file the placeholder stays", async () => {
  writeFileSync(join(dir, "terms.md"), "# Terms of use\n\nYou agree to **be kind**.\n\n- One\n- Two\n\n<script>alert(1)</script> [bad](javascript:alert(1)) [ok](https://pollinate.example/terms)\n");
  const t = await createTestApp({ env: { LEGAL_PAGES_DIR: dir, CONTACT_EMAIL: "care@pollinate.example" } });
  try {
    const terms = await (await t.client().get("/terms")).text();
    expect(terms).toContain("<strong>be kind</strong>");
    expect(terms).toContain("<li>Two</li>");
    expect(terms).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(terms).not.toContain('href="javascript:');
    expect(terms).toContain('href="https://pollinate.example/terms"');
    expect(terms).not.toContain("We're Working on Something Special");
    // no privacy.md: the spec's placeholder
    expect(await (await t.client().get("/privacy")).text()).toContain("We&#x27;re Working on Something Special");
    // Contact: the configured address
    expect(await (await t.client().get("/contact")).text()).toContain('href="mailto:care@pollinate.example"');
  } finally {
    t.cleanup();
  }
});

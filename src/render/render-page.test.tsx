import { describe, expect, test } from "bun:test";
import { Island } from "../../web/components/island";
import { practitionerQueries } from "../../web/features/practitioners/queries";
import { samplePractitioner } from "../../web/testing/sample-practitioner";
import { jsonForScript } from "./escape";
import { renderDocument, type RenderEnvironment } from "./render-page";

const env: RenderEnvironment = {
  nonce: "n0nce",
  appUrl: "http://localhost:3000",
  assets: {
    forPage: (islands) => {
      const names = [...islands];
      return names.length === 0
        ? { styles: ["/assets/styles.css"], entry: null, preloads: [] }
        : { styles: ["/assets/styles.css"], entry: "/assets/client.js", preloads: names.map((n) => `/assets/${n}.js`) };
    },
  },
};

describe("renderDocument", () => {
  test("a page without islands ships no script at all", () => {
    const html = renderDocument(env, { title: "Plain", body: <p>Hello</p> });
    expect(html).not.toContain("<script");
    expect(html).toContain('<link rel="stylesheet" href="/assets/styles.css">');
    expect(html).toContain("<title>Plain</title>");
  });

  test("an island gets a marker, its own id prefix, the entry script with the nonce and the chunks to preload", () => {
    const html = renderDocument(env, {
      title: "Islands",
      body: (
        <div>
          <Island name="FeaturedPractitioners" props={{}} />
        </div>
      ),
      queryData: [[practitionerQueries.featured().queryKey, []]],
    });
    expect(html).toContain('data-island="FeaturedPractitioners"');
    expect(html).toContain('data-island-id="i0"');
    // the chunks of islands hydrated at load are preloaded by the entry after the page loaded, not by <link>s
    expect(html).toContain('<script type="module" src="/assets/client.js" data-preload="/assets/FeaturedPractitioners.js" nonce="n0nce"></script>');
    expect(html).not.toContain("modulepreload");
    // the dehydrated server data made the island render its empty state, not the skeleton
    expect(html).toContain("Practitioners Coming Soon");
    expect(html).toContain('<script type="application/json" id="__QUERY_STATE__">');
  });

  test("an island hydrated later says how, and only islands hydrated at once are preloaded", () => {
    const seen: Array<{ all: string[]; eager: string[] }> = [];
    const recording: RenderEnvironment = {
      ...env,
      assets: {
        forPage: (islands, eager = []) => {
          seen.push({ all: [...islands], eager: [...eager] });
          return { styles: [], entry: "/assets/client.js", preloads: [...eager].map((n) => `/assets/${n}.js`) };
        },
      },
    };
    const html = renderDocument(recording, {
      title: "Lazy",
      body: (
        <div>
          <Island name="UnreadMessages" props={{ initial: 0 }} hydrate="interaction" />
          <Island name="SignInForm" props={{ next: null, initialError: null, notice: null }} />
        </div>
      ),
    });
    expect(html).toContain('data-island="UnreadMessages" data-island-id="i0" data-hydrate="interaction"');
    expect(html).not.toMatch(/data-island="SignInForm"[^>]*data-hydrate/);
    expect(seen).toEqual([{ all: ["UnreadMessages", "SignInForm"], eager: ["SignInForm"] }]);
    expect(html).not.toContain("/assets/UnreadMessages.js");
    expect(html).toContain('data-preload="/assets/SignInForm.js"');
  });

  test("island props and server data are escaped", () => {
    const evil = "</script><img src=x onerror=alert(1)>\u2028";
    const html = renderDocument(env, {
      title: `<b>${evil}</b>`,
      body: <p>x</p>,
    });
    expect(html).toContain("<title>&lt;b&gt;&lt;/script&gt;");
    const withData = renderDocument(env, {
      title: "t",
      body: <Island name="FeaturedPractitioners" props={{}} />,
      queryData: [[practitionerQueries.featured().queryKey, [samplePractitioner(1, { bio: evil, location: evil })]]],
    });
    const state = withData.split('id="__QUERY_STATE__">')[1].split("</script>")[0];
    expect(state).not.toContain("<");
    expect(state).toContain("\\u003c/script\\u003e");
    // the server-rendered island shows the text as text
    expect(withData).toContain("&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;");
    expect(withData).not.toContain("<img src=x");
  });

  test("jsonForScript escapes HTML-significant characters and line separators", () => {
    expect(jsonForScript({ a: "<>&\u2028\u2029" })).toBe('{"a":"\\u003c\\u003e\\u0026\\u2028\\u2029"}');
    expect(JSON.parse(jsonForScript({ a: "<>&\u2028" }))).toEqual({ a: "<>&\u2028" });
  });
});

describe("renderDocument and Maia's launcher", () => {
  const withLauncher: RenderEnvironment = {
    ...env,
    assets: { forPage: () => ({ styles: [], entry: null, preloads: [], assistantLauncher: { script: "/assets/launcher.js", chat: "/assets/chat.js" } }) },
  };

  test("a page with the launcher button gets the launcher script, which names the chat to load", () => {
    const html = renderDocument(withLauncher, { title: "T", body: <button data-assistant-launcher="">Chat with Maia</button> });
    expect(html).toContain('<script type="module" src="/assets/launcher.js" data-assistant-chat="/assets/chat.js" nonce="n0nce"></script>');
    expect(html).not.toContain("/assets/chat.js\"></script>");
  });

  test("a page without the button gets no script", () => {
    expect(renderDocument(withLauncher, { title: "T", body: <p>Hi</p> })).not.toContain("<script");
  });
});

describe("renderDocument and the header's unread count", () => {
  const withBadge: RenderEnvironment = {
    ...env,
    assets: { forPage: () => ({ styles: [], entry: null, preloads: [], unreadBadge: "/assets/unread-badge.js" }) },
  };

  test("a page with the account menu's count (a signed-in person) gets its small script, no React", () => {
    const html = renderDocument(withBadge, { title: "T", body: <span data-unread-badge="" hidden>0</span> });
    expect(html).toContain('<script type="module" src="/assets/unread-badge.js" nonce="n0nce"></script>');
    expect(html).not.toContain("hydrate");
  });

  test("a visitor's page (no account menu) gets no script", () => {
    expect(renderDocument(withBadge, { title: "T", body: <p>Hi</p> })).not.toContain("<script");
  });
});

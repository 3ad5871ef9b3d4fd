import { Hono, type Context } from "hono";
import { ADMIN_REQUIRED_MESSAGE } from "../../core/access-texts";
import { COMMON_TEXTS } from "../../core/common-texts";
import { listFeaturedPractitioners } from "../features/practitioners/service";
import { ErrorPage, NotFoundPage } from "../../web/pages/error";
import { AlphaPage, HomePage } from "../../web/pages/home";
import { OperatorPage, PLACEHOLDER_PAGES, PlaceholderPage, type PlaceholderPath } from "../../web/pages/placeholder";
import { join } from "node:path";
import type { AppEnv } from "../http/app-context";
import { renderHomeDashboard } from "./dashboard-pages";
import { renderPage } from "./render";

export const pageRoutes = new Hono<AppEnv>();

pageRoutes.get("/", async (c) => {
  const user = c.var.user;
  // a signed-in user's home is the dashboard of their role (SPEC.md section 2)
  if (user) return renderHomeDashboard(c, user);
  return renderPage(c, {
    title: "Pollinate · Wellness practitioners by pollinator archetype",
    description: "Find and book sessions with wellness practitioners grouped into four pollinator archetypes: Bee, Hummingbird, Butterfly and Beetle.",
    canonicalPath: "/",
    body: <HomePage user={user} featured={await listFeaturedPractitioners(c.var.deps.db)} />,
  });
});

pageRoutes.get("/alpha", async (c) =>
  renderPage(c, {
    title: "Alpha program · Pollinate",
    description: "Join Pollinate's founding members: how the ecosystem works and how your answers shape it.",
    canonicalPath: "/alpha",
    body: <AlphaPage user={c.var.user} featured={await listFeaturedPractitioners(c.var.deps.db)} />,
  }),
);

const PAGES_IN_DEVELOPMENT = PLACEHOLDER_PAGES;

/** The operator's own page (LEGAL_PAGES_DIR/terms.md…), read at each request so an edit shows at once; null when absent. */
async function operatorPage(dir: string | undefined, name: string): Promise<string | null> {
  if (!dir) return null;
  const file = Bun.file(join(dir, `${name}.md`));
  return (await file.exists()) ? (await file.text()).slice(0, 200_000) : null;
}

for (const path of Object.keys(PAGES_IN_DEVELOPMENT) as PlaceholderPath[]) {
  pageRoutes.get(path, async (c) => {
    const { LEGAL_PAGES_DIR, CONTACT_EMAIL } = c.var.deps.config;
    if (path === "/terms" || path === "/privacy" || path === "/contact") {
      const source = await operatorPage(LEGAL_PAGES_DIR, path.slice(1));
      if (source !== null || (path === "/contact" && CONTACT_EMAIL)) {
        return renderPage(c, {
          title: `${PAGES_IN_DEVELOPMENT[path].title} · Pollinate`,
          description: PAGES_IN_DEVELOPMENT[path].description,
          canonicalPath: path,
          body: <OperatorPage user={c.var.user} title={PAGES_IN_DEVELOPMENT[path].title} source={source} contactEmail={path === "/contact" ? (CONTACT_EMAIL ?? null) : null} />,
        });
      }
    }
    return renderPage(c, {
      title: `${PAGES_IN_DEVELOPMENT[path].title} · Pollinate`,
      description: PAGES_IN_DEVELOPMENT[path].description,
      canonicalPath: path,
      body: <PlaceholderPage user={c.var.user} path={path} />,
    });
  });
}

/** The styled error page; 404 uses the spec's exact heading and text. */
export function renderErrorPage(c: Context<AppEnv>, status: number, message = "") {
  if (status === 404) {
    return renderPage(c, { title: `${COMMON_TEXTS.notFoundTitle} · Pollinate`, status: 404, noindex: true, body: <NotFoundPage user={c.var.user} /> });
  }
  return renderPage(c, {
    title: `Error ${status} · Pollinate`,
    status,
    noindex: true,
    body: (
      <ErrorPage
        user={c.var.user}
        status={status}
        message={message || "Please try again in a moment."}
        redirectHome={status === 403 && message === ADMIN_REQUIRED_MESSAGE}
      />
    ),
  });
}

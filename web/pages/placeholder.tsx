import { Markdown } from "../components/markdown";
import type { ApiUser } from "../../core/types";
import { SiteLayout } from "./layout";

/** The six pages that exist but are still in development (SPEC.md section 2, "Placeholder pages"). */
export const PLACEHOLDER_PAGES = {
  "/quiz": { title: "Archetype Quiz", description: "Discover which pollinator archetype matches your wellness journey with a short, reflective quiz." },
  "/resources": { title: "Facilitator Resources", description: "Guides, templates and growth support to help facilitators build a thriving, sustainable practice." },
  "/about": { title: "About", description: "Learn about Pollinate, the people behind it and the living-ecosystem approach to wellness that guides us." },
  "/contact": { title: "Contact Us", description: "Questions, ideas or partnership proposals: we would love to hear from you." },
  "/privacy": { title: "Privacy Policy", description: "How Pollinate collects, uses and protects your personal information." },
  "/terms": { title: "Terms of Service", description: "The agreement that governs your use of the Pollinate platform." },
} as const;

export type PlaceholderPath = keyof typeof PLACEHOLDER_PAGES;

export function PlaceholderPage({ user, path }: { user: ApiUser | null; path: PlaceholderPath }) {
  const page = PLACEHOLDER_PAGES[path];
  return (
    <SiteLayout user={user}>
      <section className="honeycomb-bg">
        <div className="container-page flex flex-col items-center py-16 text-center sm:py-24">
          <img src="/images/brand-green.svg" alt="" width={64} height={64} className="h-16 w-16" />
          <h1 className="mt-6 text-4xl font-semibold text-forest sm:text-5xl">{page.title}</h1>
          <p className="mt-4 max-w-xl text-lg text-muted">{page.description}</p>
          <div className="card mt-10 max-w-lg p-8" role="status">
            <p className="font-display text-2xl text-forest">We're Working on Something Special</p>
            <p className="mt-3 text-sm text-muted">
              This part of Pollinate is still in development. We're tending it carefully and it will bloom soon.
            </p>
          </div>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <a href="/" className="btn-outline">Back to Dashboard</a>
            <a href="/hive" className="btn-primary">Explore Practitioners</a>
          </div>
        </div>
      </section>
    </SiteLayout>
  );
}

/** The operator's Terms, Privacy or Contact page (LEGAL_PAGES_DIR), Markdown shown as text; Contact also gives CONTACT_EMAIL. */
export function OperatorPage({ user, title, source, contactEmail }: { user: ApiUser | null; title: string; source: string | null; contactEmail: string | null }) {
  return (
    <SiteLayout user={user}>
      <article className="container-page max-w-3xl py-12">
        <h1 className="text-4xl font-semibold text-forest">{title}</h1>
        {contactEmail && (
          <p className="mt-4 text-lg">
            Write to us at <a href={`mailto:${contactEmail}`} className="font-semibold text-forest underline">{contactEmail}</a>.
          </p>
        )}
        {source !== null && (
          <div className="mt-6">
            <Markdown source={source} />
          </div>
        )}
      </article>
    </SiteLayout>
  );
}

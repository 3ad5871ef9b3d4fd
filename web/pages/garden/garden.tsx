import { Island } from "../../components/island";
import type { GardenBrowserProps } from "../../islands/garden-browser";
import type { ApiUser } from "../../../core/types";
import { SiteLayout } from "../layout";

export interface GardenPageProps extends GardenBrowserProps {
  user: ApiUser | null;
}

/** Community Garden (SPEC.md section 2): the page's heading, then the Garden island. */
export function GardenPage({ user, ...island }: GardenPageProps) {
  return (
    <SiteLayout user={user}>
      {/* room for the Garden Guide's button above Maia's when the keyboard scrolls (web/styles.css) */}
      <style>{":root{--launcher-clearance:9rem}"}</style>
      <section className="honeycomb-bg border-b border-forest/10">
        <div className="container-page py-10 sm:py-12">
          <p className="eyebrow">Community</p>
          <h1 className="mt-2 text-4xl font-semibold text-forest sm:text-5xl">Community Garden</h1>
          <p className="mt-3 max-w-2xl text-lg text-muted">
            Insights, resources, success stories, practical tools and meditations shared by the community. Every piece is reviewed before it
            blooms here, and every contributor earns Seeds.
          </p>
        </div>
      </section>
      <div className="container-page py-8 sm:py-10">
        <Island name="GardenBrowser" props={island} />
      </div>
    </SiteLayout>
  );
}

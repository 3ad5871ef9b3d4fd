import { ARCHETYPE_TINTS } from "../../components/archetype-badge";
import { Island } from "../../components/island";
import { directoryHref, EMPTY_DIRECTORY_FILTERS, type DirectoryFilters } from "../../../core/directory-params";
import type { UpgradeAccount } from "../../../core/types";
import { ARCHETYPE_LIST } from "../../../core/archetypes";
import type { ApiUser } from "../../../core/types";
import { SiteLayout } from "../layout";

export interface DirectoryPageProps {
  user: ApiUser | null;
  account: UpgradeAccount | null;
  filters: DirectoryFilters;
}

/** Find Practitioners (SPEC.md section 2): title, intro banner, then the directory island. */
export function DirectoryPage({ user, account, filters }: DirectoryPageProps) {
  return (
    <SiteLayout user={user} searchText={filters.q}>
      <div className="container-page py-5 sm:py-12">
        <header className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <p className="eyebrow hidden sm:block">Directory</p>
            <h1 className="text-3xl font-semibold text-forest sm:mt-2 sm:text-5xl">Find Practitioners</h1>
            {/* a phone gets a one-line intro so the first results are on the first screen */}
            <p className="mt-1 text-sm text-muted sm:hidden">Facilitators by pollinator archetype: Bee, Hummingbird, Butterfly and Beetle.</p>
          </div>
          {user && <a href="/dashboard/client/favorites" className="btn-outline">Your favorites</a>}
        </header>
        <section className="honeycomb-bg mt-6 hidden rounded-3xl sm:block border border-forest/10 p-6 sm:p-8" aria-labelledby="directory-intro-title">
          <h2 id="directory-intro-title" className="text-2xl font-semibold text-forest">Meet facilitators by pollinator archetype</h2>
          <p className="mt-2 max-w-3xl text-muted">
            Every practitioner belongs to one of four archetypes. Bees offer steady, grounding support and welcome first-time seekers;
            Hummingbirds bring precise insight, Butterflies guide transitions and Beetles hold deep integration work.
          </p>
          <ul className="mt-4 flex flex-wrap gap-2" aria-label="Browse by archetype">
            {ARCHETYPE_LIST.map((a) => (
              <li key={a.key}>
                <a
                  href={directoryHref("/practitioners", { ...EMPTY_DIRECTORY_FILTERS, archetype: a.key })}
                  className="inline-flex items-center gap-2 rounded-full border px-3 py-1.5 text-sm font-semibold hover:shadow-sm"
                  style={{ backgroundColor: ARCHETYPE_TINTS[a.key].bg, color: ARCHETYPE_TINTS[a.key].text, borderColor: ARCHETYPE_TINTS[a.key].border }}
                >
                  <img src={a.image} alt="" width={20} height={20} className="h-5 w-5" />
                  {a.name} · {a.tagline}
                </a>
              </li>
            ))}
          </ul>
        </section>
        <div className="mt-4 sm:mt-8">
          <Island name="PractitionerDirectory" props={{ variant: "directory", initialFilters: filters, userId: user?.id ?? null, account }} hydrate="idle" />
        </div>
      </div>
    </SiteLayout>
  );
}

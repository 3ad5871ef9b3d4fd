import { ARCHETYPE_TINTS } from "../../components/archetype-badge";
import { Island } from "../../components/island";
import { directoryHref, EMPTY_DIRECTORY_FILTERS, type DirectoryFilters } from "../../../core/directory-params";
import type { UpgradeAccount } from "../../../core/types";
import { ARCHETYPE_LIST } from "../../../core/archetypes";
import type { ApiUser } from "../../../core/types";
import { SiteLayout } from "../layout";

const BENEFITS = [
  { title: "Facilitators you can trust", text: "Profiles show experience level, verified status and reviews written only after completed sessions." },
  { title: "Clear prices, no surprises", text: "Every facilitator shows a per-session rate; 30 and 90 minute sessions are priced from it." },
  { title: "Virtual or in person", text: "Filter by what suits your week: video sessions from home or a quiet room in your city." },
  { title: "Grow with the community", text: "Share in the Community Garden, earn Seeds and keep the facilitators you love in your favorites." },
];

/** The Hive (SPEC.md section 2): hero, the four archetypes, the facilitator grid with price and sort, benefits. */
export function HivePage({ user, account, filters }: { user: ApiUser | null; account: UpgradeAccount | null; filters: DirectoryFilters }) {
  return (
    <SiteLayout user={user}>
      <section className="honeycomb-bg" aria-labelledby="hive-title">
        <div className="container-page py-12 sm:py-16">
          <p className="eyebrow">Book sessions</p>
          <h1 id="hive-title" className="mt-2 text-4xl font-semibold text-forest sm:text-5xl">The Hive</h1>
          <p className="mt-4 max-w-2xl text-lg text-muted">
            A living community of facilitators. Choose an archetype, set your budget and book a session with someone whose way of working fits yours.
          </p>
          <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-label="The four archetypes">
            {ARCHETYPE_LIST.map((a) => (
              <li key={a.key}>
                <a
                  href={directoryHref("/hive", { ...EMPTY_DIRECTORY_FILTERS, archetype: a.key })}
                  className="card flex h-full flex-col gap-2 p-5 transition-shadow hover:shadow-md"
                  style={{ borderTop: `4px solid ${a.color}` }}
                >
                  <span className="flex items-center gap-3">
                    <img src={a.image} alt="" width={44} height={44} className="h-11 w-11" />
                    <span>
                      <span className="block font-display text-xl font-semibold" style={{ color: ARCHETYPE_TINTS[a.key].text }}>{a.name}</span>
                      <span className="block text-xs font-semibold uppercase tracking-wider text-muted">{a.tagline}</span>
                    </span>
                  </span>
                  <span className="text-sm text-muted">{a.description}</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="container-page py-10" aria-labelledby="hive-facilitators-title">
        <h2 id="hive-facilitators-title" className="text-3xl font-semibold text-forest">Find a facilitator</h2>
        <div className="mt-6">
          <Island name="PractitionerDirectory" props={{ variant: "hive", initialFilters: filters, userId: user?.id ?? null, account }} hydrate="idle" />
        </div>
      </section>

      <section className="bg-parchment/60 py-14" aria-labelledby="hive-benefits-title">
        <div className="container-page">
          <h2 id="hive-benefits-title" className="text-3xl font-semibold text-forest">Why The Hive</h2>
          <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {BENEFITS.map((b) => (
              <li key={b.title} className="card p-6">
                <h3 className="text-lg font-semibold text-forest">{b.title}</h3>
                <p className="mt-2 text-sm text-muted">{b.text}</p>
              </li>
            ))}
          </ul>
          <div className="mt-10 flex flex-wrap gap-3">
            <a href="/auth/signup" className="btn-honey px-6 py-3 text-base">Join The Hive</a>
            <a href="/practitioners" className="btn-primary px-6 py-3 text-base">Book a Session</a>
          </div>
        </div>
      </section>
    </SiteLayout>
  );
}

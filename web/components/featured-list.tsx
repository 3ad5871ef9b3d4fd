import { FEATURED_PRACTITIONERS_COUNT } from "../../core/constants";
import type { ApiPractitioner } from "../../core/types";
import { PractitionerCard } from "./practitioner-card";

/** The landing page's featured practitioners, or the empty state: plain HTML, no script needed. */
export function FeaturedList({ practitioners }: { practitioners: ApiPractitioner[] }) {
  if (practitioners.length === 0) {
    return (
      <div className="card flex flex-col items-center gap-2 p-10 text-center">
        <img src="/images/archetype-bee.svg" alt="" width={64} height={64} className="h-16 w-16" />
        <p className="font-display text-xl text-forest">Practitioners Coming Soon</p>
        <p className="text-sm text-muted">Our first facilitators are settling into the hive. Check back shortly.</p>
      </div>
    );
  }
  return (
    <div className="grid gap-6 md:grid-cols-3">
      {practitioners.slice(0, FEATURED_PRACTITIONERS_COUNT).map((p) => (
        <PractitionerCard key={p.id} practitioner={p} />
      ))}
    </div>
  );
}

import { useQuery } from "@tanstack/react-query";
import { PractitionerCard, PractitionerCardSkeleton } from "../components/practitioner-card";
import { FEATURED_PRACTITIONERS_COUNT } from "../../core/constants";
import { practitionerQueries } from "../features/practitioners/queries";

/** Home page: the first 3 practitioners, with loading skeletons and an empty state. */
export default function FeaturedPractitioners() {
  const { data, isPending, isError } = useQuery(practitionerQueries.featured());
  if (isPending) {
    return (
      <div className="grid gap-6 md:grid-cols-3" aria-busy="true" aria-label="Loading practitioners">
        {Array.from({ length: FEATURED_PRACTITIONERS_COUNT }, (_, i) => (
          <PractitionerCardSkeleton key={i} />
        ))}
      </div>
    );
  }
  if (isError || data.length === 0) {
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
      {data.slice(0, FEATURED_PRACTITIONERS_COUNT).map((p) => (
        <PractitionerCard key={p.id} practitioner={p} />
      ))}
    </div>
  );
}

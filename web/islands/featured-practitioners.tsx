import { useQuery } from "@tanstack/react-query";
import { FeaturedList } from "../components/featured-list";
import { PractitionerCardSkeleton } from "../components/practitioner-card";
import { FEATURED_PRACTITIONERS_COUNT } from "../../core/constants";
import { practitionerQueries } from "../features/practitioners/queries";

/** The first 3 practitioners fetched in the browser, with loading skeletons (the landing page renders FeaturedList as HTML). */
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
  return <FeaturedList practitioners={isError ? [] : data} />;
}

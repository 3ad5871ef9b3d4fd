/**
 * schema.org structured data for search engines: practitioner profiles are the marketplace's
 * landing pages. Built as plain objects; the page embeds them with jsonForScript.
 */
import type { ApiReview } from "../../core/reviews";
import { ARCHETYPE_DEFINITIONS, EXPERIENCE_LEVEL_LABELS } from "../../core/archetypes";
import { STAR_COUNT } from "../../core/constants";
import { categoryLabel } from "../../core/modalities";
import { sessionPriceText } from "../../core/money";
import { practitionerHeading, type ApiPractitioner } from "../../core/types";
import { jsonForScript } from "../render/escape";

/** Reviews included in full in a profile's structured data (the aggregate counts them all). */
const REVIEWS_IN_STRUCTURED_DATA = 5;

/** A `<script type="application/ld+json">` element, safe to place in <head>. */
export function jsonLdScript(data: object): string {
  return `<script type="application/ld+json">${jsonForScript(data)}</script>`;
}

/** One practitioner as a schema.org ProfessionalService, with its aggregate rating and latest reviews. */
export function practitionerStructuredData(appUrl: string, p: ApiPractitioner, reviews: ApiReview[]): object {
  const url = `${appUrl}/practitioners/${p.id}`;
  const archetype = ARCHETYPE_DEFINITIONS[p.archetype];
  const average = reviews.length ? reviews.reduce((sum, r) => sum + r.rating, 0) / reviews.length : null;
  return {
    "@context": "https://schema.org",
    "@type": "ProfessionalService",
    "@id": url,
    url,
    name: practitionerHeading(p),
    description: p.bio ?? archetype.description,
    image: `${appUrl}${archetype.image}`,
    ...(p.hourlyRate !== null && { priceRange: sessionPriceText(p.hourlyRate) }),
    ...(p.location && { address: { "@type": "PostalAddress", addressLocality: p.location }, areaServed: p.location }),
    knowsAbout: [...p.specializations, ...p.professionalCategories.map(categoryLabel)],
    additionalProperty: [
      { "@type": "PropertyValue", name: "Archetype", value: `${archetype.name} (${archetype.tagline})` },
      { "@type": "PropertyValue", name: "Experience level", value: EXPERIENCE_LEVEL_LABELS[p.experienceLevel] },
    ],
    ...(average !== null && {
      aggregateRating: {
        "@type": "AggregateRating",
        ratingValue: average.toFixed(1),
        reviewCount: reviews.length,
        bestRating: STAR_COUNT,
        worstRating: 1,
      },
      review: reviews.slice(0, REVIEWS_IN_STRUCTURED_DATA).map((r) => ({
        "@type": "Review",
        author: { "@type": "Person", name: r.clientName },
        datePublished: r.createdAt.slice(0, 10),
        reviewRating: { "@type": "Rating", ratingValue: r.rating, bestRating: STAR_COUNT, worstRating: 1 },
        ...(r.comment && { reviewBody: r.comment }),
      })),
    }),
  };
}

/** Breadcrumbs Home › Find Practitioners › the profile. */
export function practitionerBreadcrumbs(appUrl: string, p: ApiPractitioner): object {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: [
      { "@type": "ListItem", position: 1, name: "Home", item: `${appUrl}/` },
      { "@type": "ListItem", position: 2, name: "Find Practitioners", item: `${appUrl}/practitioners` },
      { "@type": "ListItem", position: 3, name: practitionerHeading(p), item: `${appUrl}/practitioners/${p.id}` },
    ],
  };
}

/** A directory page's practitioners as an ItemList of profile URLs. */
export function directoryStructuredData(appUrl: string, practitioners: ApiPractitioner[], offset: number): object {
  return {
    "@context": "https://schema.org",
    "@type": "ItemList",
    itemListElement: practitioners.map((p, i) => ({ "@type": "ListItem", position: offset + i + 1, url: `${appUrl}/practitioners/${p.id}`, name: practitionerHeading(p) })),
  };
}

import { useQuery } from "@tanstack/react-query";
import { useId, useRef, useState, type KeyboardEvent, type MouseEvent } from "react";
import { ReviewsPanel } from "../features/reviews/reviews-panel";
import { reviewQueries } from "../features/reviews/queries";
import { ARCHETYPE_DEFINITIONS } from "../../core/archetypes";
import { categoryLabel, isProfessionalCategory, MODALITIES } from "../../core/modalities";
import type { ApiPractitioner } from "../../core/types";
import { PROFILE_TABS, type ProfileTab } from "../../core/practitioners";
import { BOOKING_TEXTS } from "../../core/booking-texts";

export interface PractitionerProfileTabsProps {
  practitioner: ApiPractitioner;
  initialTab: ProfileTab;
  /** The server's clock at render time (ISO), for the reviews' ages. */
  renderedAt: string;
  /** An admin's session: each review gets 'Remove review' (the API checks again). */
  canRemoveReviews?: boolean;
}

/**
 * Tabs About, Reviews (with count) and Approach. Every panel is in the server's HTML (hidden
 * ones with `hidden`), so search engines read the whole profile; the tabs are links (?tab=…)
 * that work before hydration and become in-page tabs after it.
 */
export default function PractitionerProfileTabs({ practitioner, initialTab, renderedAt, canRemoveReviews = false }: PractitionerProfileTabsProps) {
  const [tab, setTab] = useState<ProfileTab>(initialTab);
  const reviews = useQuery(reviewQueries.forPractitioner(practitioner.id));
  const ids = useId();
  const tabRefs = useRef<Record<ProfileTab, HTMLAnchorElement | null>>({ about: null, reviews: null, approach: null });
  const labels: Record<ProfileTab, string> = {
    about: "About",
    reviews: `Reviews (${reviews.data?.length ?? 0})`,
    approach: "Approach",
  };

  function select(next: ProfileTab, focus = false) {
    setTab(next);
    const url = new URL(window.location.href);
    if (next === "about") url.searchParams.delete("tab");
    else url.searchParams.set("tab", next);
    window.history.replaceState(null, "", url.pathname + url.search + url.hash);
    if (focus) tabRefs.current[next]?.focus();
  }

  function onClick(next: ProfileTab) {
    return (event: MouseEvent<HTMLAnchorElement>) => {
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
      event.preventDefault();
      select(next);
    };
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = PROFILE_TABS.indexOf(tab);
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: PROFILE_TABS.length - 1 };
    if (!(event.key in moves)) return;
    event.preventDefault();
    select(PROFILE_TABS[(moves[event.key] + PROFILE_TABS.length) % PROFILE_TABS.length], true);
  }

  const archetype = ARCHETYPE_DEFINITIONS[practitioner.archetype];
  const signInHref = `/auth/signin?next=${encodeURIComponent(`/practitioners/${practitioner.id}?tab=reviews`)}`;
  return (
    <div>
      <div role="tablist" aria-label="Profile sections" className="flex gap-1 overflow-x-auto border-b border-forest/15" onKeyDown={onKeyDown}>
        {PROFILE_TABS.map((t) => (
          <a
            key={t}
            ref={(el) => {
              tabRefs.current[t] = el;
            }}
            id={`${ids}-tab-${t}`}
            role="tab"
            href={t === "about" ? "?" : `?tab=${t}`}
            aria-selected={tab === t}
            aria-controls={`${ids}-panel-${t}`}
            tabIndex={tab === t ? 0 : -1}
            onClick={onClick(t)}
            className={`-mb-px shrink-0 whitespace-nowrap border-b-2 px-4 py-3 text-sm font-semibold ${
              tab === t ? "border-forest text-forest" : "border-transparent text-muted hover:text-ink"
            }`}
          >
            {labels[t]}
          </a>
        ))}
      </div>

      <section id={`${ids}-panel-about`} role="tabpanel" aria-labelledby={`${ids}-tab-about`} hidden={tab !== "about"} className="space-y-6 pt-6 wrap-anywhere">
        <div>
          <h2 className="text-xl font-semibold text-forest">About</h2>
          <p className="mt-2 whitespace-pre-line text-ink">{practitioner.bio || "This practitioner has not written a bio yet."}</p>
        </div>
        {practitioner.specializations.length > 0 && (
          <div>
            <h3 className="text-lg font-semibold text-forest">Specializations</h3>
            <ul className="mt-2 flex flex-wrap gap-2">
              {practitioner.specializations.map((s) => (
                <li key={s} className="rounded-full bg-sage/60 px-3 py-1 text-sm text-forest-dark">{s}</li>
              ))}
            </ul>
          </div>
        )}
        {practitioner.professionalCategories.length > 0 && (
          <div>
            <h3 className="text-lg font-semibold text-forest">Modalities</h3>
            <ul className="mt-2 flex flex-wrap gap-2">
              {practitioner.professionalCategories.map((c) => (
                <li key={c} className="rounded-full border border-forest/15 bg-white px-3 py-1 text-sm text-ink">
                  {isProfessionalCategory(c) && <span aria-hidden="true">{MODALITIES[c].icon} </span>}
                  {categoryLabel(c)}
                </li>
              ))}
            </ul>
          </div>
        )}
        <div>
          <h3 className="text-lg font-semibold text-forest">Sessions</h3>
          <ul className="mt-2 space-y-1 text-sm text-ink">
            {practitioner.isVirtual && <li>{`${BOOKING_TEXTS.virtualTitle} · ${BOOKING_TEXTS.virtualDescription}`}</li>}
            {practitioner.isInPerson && <li>{`${BOOKING_TEXTS.inPersonTitle} · ${practitioner.location || BOOKING_TEXTS.inPersonFallbackLocation}`}</li>}
          </ul>
        </div>
      </section>

      <section id={`${ids}-panel-reviews`} role="tabpanel" aria-labelledby={`${ids}-tab-reviews`} hidden={tab !== "reviews"} className="pt-6">
        <h2 className="sr-only">Reviews</h2>
        <ReviewsPanel practitionerId={practitioner.id} renderedAt={renderedAt} signInHref={signInHref} canRemove={canRemoveReviews} />
      </section>

      <section id={`${ids}-panel-approach`} role="tabpanel" aria-labelledby={`${ids}-tab-approach`} hidden={tab !== "approach"} className="space-y-6 pt-6">
        <div>
          <h2 className="text-xl font-semibold text-forest">
            The {archetype.name} approach <span className="text-base font-normal italic text-muted">({archetype.scientificName})</span>
          </h2>
          <p className="mt-2 text-ink">{archetype.fullDescription}</p>
        </div>
        <div className="grid gap-4 md:grid-cols-2">
          <div className="card p-5">
            <h3 className="text-lg font-semibold text-forest">Methodology</h3>
            <p className="mt-2 text-sm text-ink">{archetype.methodology}</p>
          </div>
          <div className="card p-5">
            <h3 className="text-lg font-semibold text-forest">How sessions feel</h3>
            <p className="mt-2 text-sm text-ink">{archetype.approach}</p>
          </div>
        </div>
        <div className="grid gap-4 md:grid-cols-2">
          <div>
            <h3 className="text-lg font-semibold text-forest">Traits</h3>
            <ul className="mt-2 flex flex-wrap gap-2">
              {archetype.traits.map((trait) => (
                <li key={trait} className="rounded-full bg-parchment px-3 py-1 text-sm text-ink">{trait}</li>
              ))}
            </ul>
          </div>
          <div>
            <h3 className="text-lg font-semibold text-forest">What clients gain</h3>
            <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-ink">
              {archetype.clientBenefits.map((benefit) => (
                <li key={benefit}>{benefit}</li>
              ))}
            </ul>
          </div>
        </div>
        <p className="text-sm text-muted">{archetype.researchInsights}</p>
      </section>
    </div>
  );
}

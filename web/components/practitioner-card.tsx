import { ARCHETYPE_DEFINITIONS } from "../../core/archetypes";
import { NOT_TAKING_BOOKINGS_YET } from "../../core/common-texts";
import { CARD_SPECIALIZATIONS_SHOWN } from "../../core/constants";
import { RATE_TOOLTIP, sessionPriceText } from "../../core/money";
import { photoUrlAt, practitionerDisplayName, practitionerHeading, type ApiPractitioner } from "../../core/types";
import { ARCHETYPE_TINTS, ArchetypeBadge, LevelBadge } from "./archetype-badge";
import { StarDisplay } from "./star-rating";
import type { ReactNode } from "react";
import { countNoun, NOUNS } from "../../core/plural";

/** A directory card: 'Practitioner #' + last 6 of the id, archetype, level, rating, specializations, price, location; Book Session, or 'Not taking bookings yet'. */
export function PractitionerCard({ practitioner, action, headingLevel = 3 }: { practitioner: ApiPractitioner; action?: ReactNode; headingLevel?: 2 | 3 }) {
  const p = practitioner;
  const shown = p.specializations.slice(0, CARD_SPECIALIZATIONS_SHOWN);
  const more = p.specializations.length - shown.length;
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const rating = p.averageRating === null ? null : Number(p.averageRating);
  const name = practitionerHeading(p);
  return (
    <article className="card flex h-full flex-col overflow-hidden" style={{ borderTop: `4px solid ${ARCHETYPE_TINTS[p.archetype].border}` }}>
      <div className="flex flex-1 flex-col gap-3 p-5 wrap-anywhere">
        <div className="flex items-start justify-between gap-3">
          <div className="flex items-center gap-3">
            {p.photoUrl ? <img src={photoUrlAt(p.photoUrl, 96)} alt={name} width={48} height={48} loading="lazy" className="h-12 w-12 shrink-0 rounded-full object-cover" /> : <img src={ARCHETYPE_DEFINITIONS[p.archetype].image} alt={`${ARCHETYPE_DEFINITIONS[p.archetype].name} archetype emblem`} width={48} height={48} className="h-12 w-12 rounded-full" />}
            <div>
              <Heading className="text-lg font-semibold text-ink">{name}</Heading>
              {p.displayName && <p className="text-xs text-muted">{practitionerDisplayName(p.id)}</p>}
              <div className="mt-1 flex flex-wrap gap-1.5">
                <ArchetypeBadge archetype={p.archetype} />
                <LevelBadge level={p.experienceLevel} />
              </div>
            </div>
          </div>
          {action}
        </div>
        <div className="flex items-center gap-2 text-sm text-muted">
          {rating === null ? (
            <span>New practitioner</span>
          ) : (
            <>
              <StarDisplay rating={rating} />
              <span className="font-medium text-ink">{rating.toFixed(1)}</span>
              <span>{`· ${countNoun(p.totalSessions, NOUNS.session)}`}</span>
            </>
          )}
        </div>
        {shown.length > 0 && (
          <ul className="flex flex-wrap gap-1.5" aria-label="Specializations">
            {shown.map((s) => (
              <li key={s} className="rounded-full bg-sage/60 px-2.5 py-0.5 text-xs text-forest-dark">{s}</li>
            ))}
            {more > 0 && <li className="rounded-full bg-parchment px-2.5 py-0.5 text-xs text-muted">{`+${more} more`}</li>}
          </ul>
        )}
        <div className="mt-auto flex flex-wrap items-center justify-between gap-2 pt-2 text-sm">
          <span className="text-base font-semibold text-forest" title={p.hourlyRate === null ? undefined : RATE_TOOLTIP}>{p.hourlyRate === null ? "Rate on request" : sessionPriceText(p.hourlyRate)}</span>
          {p.location && <span className="text-muted">{p.location}</span>}
        </div>
      </div>
      <div className="grid grid-cols-2 gap-2 border-t border-forest/10 bg-cream/60 p-3">
        {/* the spec's words on screen; a screen reader's list of links also hears whose card it is */}
        <a className="btn-outline" href={`/practitioners/${p.id}`} aria-label={`View Profile of ${name}`}>View Profile</a>
        {p.takingBookings ? (
          <a className="btn-primary" href={`/book/${p.id}`} aria-label={`Book Session with ${name}`}>Book Session</a>
        ) : (
          // never saved their hours (decision 028): no booking page to send anyone to yet
          <p className="flex items-center justify-center rounded-xl bg-parchment px-3 py-2 text-center text-sm font-semibold text-ink" data-testid="not-taking-bookings">{NOT_TAKING_BOOKINGS_YET}</p>
        )}
      </div>
    </article>
  );
}

export function PractitionerCardSkeleton() {
  return (
    <div className="card flex flex-col gap-3 p-5" aria-hidden="true" data-testid="practitioner-skeleton">
      <div className="flex items-center gap-3">
        <div className="skeleton h-12 w-12 rounded-full" />
        <div className="flex-1 space-y-2">
          <div className="skeleton h-4 w-2/3" />
          <div className="skeleton h-3 w-1/2" />
        </div>
      </div>
      <div className="skeleton h-3 w-1/3" />
      <div className="flex gap-2">
        <div className="skeleton h-5 w-20" />
        <div className="skeleton h-5 w-16" />
      </div>
      <div className="skeleton mt-4 h-9 w-full" />
    </div>
  );
}

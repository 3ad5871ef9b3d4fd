import type { ReactNode } from "react";
import { ARCHETYPE_TINTS, ArchetypeBadge, LevelBadge } from "../../components/archetype-badge";
import { Island } from "../../components/island";
import type { ProfileTab } from "../../../core/practitioners";
import { ARCHETYPE_DEFINITIONS } from "../../../core/archetypes";
import { RESPONSE_TIME_TEXT } from "../../../core/constants";
import { PROFILE_LISTING_TEXTS } from "../../../core/practitioner-profile";
import { formatDate } from "../../../core/dates";
import { RATE_TOOLTIP, sessionPriceText } from "../../../core/money";
import { CANCELLATION_POLICY_LABEL, cancellationPolicyText, NOT_TAKING_BOOKINGS_YET } from "../../../core/booking-texts";
import { practitionerDisplayName, practitionerHeading, type ApiPractitioner, type ApiUser } from "../../../core/types";
import { PractitionerPhoto } from "../../components/practitioner-photo";
import { SiteLayout } from "../layout";
import { CredentialList, VerifiedBadge } from "../../components/verified-badge";
import type { ApiCredential } from "../../../core/credentials";

export interface PractitionerPageProps {
  user: ApiUser | null;
  practitioner: ApiPractitioner;
  reviewCount: number;
  tab: ProfileTab;
  renderedAt: string;
  /** True when the viewer is this practitioner: a link to edit the profile. */
  isOwner: boolean;
  /** Whether they take bookings yet and their cancellation window (decision 028); absent: bookable, no window. */
  booking?: { takingBookings: boolean; cancellationWindowHours: number; cancellationPolicy: string | null };
  /** The practitioner's credentials and which an admin checked (the Verified badge explains them). */
  credentials?: ApiCredential[];
  /** The viewer is an admin: each review gets 'Remove review'. */
  canRemoveReviews?: boolean;
}

/** A practitioner's profile (SPEC.md section 2): header, tabs, and the side panel. */
export function PractitionerPage({ user, practitioner: p, reviewCount, tab, renderedAt, isOwner, booking, credentials = [], canRemoveReviews = false }: PractitionerPageProps) {
  const archetype = ARCHETYPE_DEFINITIONS[p.archetype];
  const rating = p.averageRating === null ? null : Number(p.averageRating);
  return (
    <SiteLayout user={user}>
      <div className="container-page py-8 sm:py-10">
        <a href="/practitioners" className="text-sm font-semibold text-forest underline decoration-honey decoration-2 underline-offset-4">← All practitioners</a>

        <header className="card mt-4" style={{ borderTop: `5px solid ${archetype.color}` }}>
          <div className="flex flex-col gap-5 p-6 sm:flex-row sm:items-start">
            {p.photoUrl ? (
              <PractitionerPhoto practitioner={p} size={80} />
            ) : (
              <span className="flex h-20 w-20 shrink-0 items-center justify-center rounded-2xl" style={{ backgroundColor: ARCHETYPE_TINTS[p.archetype].bg }}>
                <img src={archetype.image} alt={`${archetype.name} archetype emblem`} width={64} height={64} className="h-16 w-16" />
              </span>
            )}
            <div className="min-w-0 flex-1 wrap-anywhere">
              <div className="flex items-start justify-between gap-3">
                <div>
                  <h1 className="text-3xl font-semibold text-forest sm:text-4xl">{practitionerHeading(p)}</h1>
                  {p.displayName && <p className="mt-1 text-sm text-muted">{practitionerDisplayName(p.id)}</p>}
                </div>
                {user && !isOwner && <Island name="FavoriteToggle" props={{ practitioner: p, userId: user.id }} hydrate="interaction" />}
              </div>
              <div className="relative mt-2 flex flex-wrap items-center gap-2">
                <ArchetypeBadge archetype={p.archetype} />
                <LevelBadge level={p.experienceLevel} />
                {p.isVerified && <VerifiedBadge credentials={credentials} />}
              </div>
              {/* a div: the island's marker is a <div>, which would close a <p> early */}
              <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted">
                <Island name="ProfileRating" props={{ practitionerId: p.id, average: rating, count: reviewCount, variant: "header" }} hydrate="interaction" />
                {p.location && <span>{p.location}</span>}
                <span>{[p.isVirtual && "Virtual", p.isInPerson && "In person"].filter(Boolean).join(" · ")}</span>
              </div>
              {isOwner && user && !user.isEmailVerified && (
                <p className="mt-4 rounded-xl border border-honey bg-honey-light px-4 py-2 text-sm text-ink" data-testid="unlisted-notice">{PROFILE_LISTING_TEXTS.ownerOnly}</p>
              )}
              {isOwner && (
                <a href="/dashboard/practitioner/profile" className="btn-outline mt-4">Edit your profile</a>
              )}
            </div>
          </div>
        </header>

        <div className="mt-8 grid gap-8 lg:grid-cols-[1fr_20rem]">
          <div className="min-w-0">
            <Island name="PractitionerProfileTabs" props={{ practitioner: p, initialTab: tab, renderedAt, ...(canRemoveReviews ? { canRemoveReviews } : {}) }} hydrate="interaction" />
          </div>
          <aside className="space-y-6" aria-label="Booking and quick stats">
            <section className="card p-5" aria-labelledby="book-title">
              <h2 id="book-title" className="text-xl font-semibold text-forest">Book a Session</h2>
              <p className="mt-1 text-2xl font-semibold text-ink" title={p.hourlyRate === null ? undefined : RATE_TOOLTIP}>
                {p.hourlyRate === null ? "Rate on request" : sessionPriceText(p.hourlyRate)}
              </p>
              <div className="mt-4 space-y-3">
                {booking && !booking.takingBookings ? (
                  <p className="rounded-xl bg-parchment px-3 py-2 text-sm font-semibold text-ink" data-testid="not-taking-bookings">{NOT_TAKING_BOOKINGS_YET}</p>
                ) : (
                  <a href={`/book/${p.id}`} className="btn-primary w-full">Schedule Session</a>
                )}
                {booking && (
                  <p className="text-xs text-muted" data-testid="cancellation-policy">
                    <span className="font-semibold">{CANCELLATION_POLICY_LABEL}:</span> {cancellationPolicyText(booking.cancellationWindowHours, booking.cancellationPolicy)}
                  </p>
                )}
                <a href={`/messages/new?practitioner=${encodeURIComponent(p.id)}`} className="btn-outline w-full">Send Message</a>
              </div>
            </section>
            <CredentialList credentials={credentials} />
            <section className="card p-5" aria-labelledby="stats-title">
              <h2 id="stats-title" className="text-xl font-semibold text-forest">Quick Stats</h2>
              <dl className="mt-3 divide-y divide-forest/10 text-sm">
                <Stat label="Sessions" value={String(p.totalSessions)} />
                <Stat label="Rating" value={<Island name="ProfileRating" props={{ practitionerId: p.id, average: rating, count: reviewCount, variant: "stat" }} hydrate="interaction" />} />
                <Stat label="Response time" value={RESPONSE_TIME_TEXT} />
                {p.yearsActive !== null && <Stat label="Years active" value={String(p.yearsActive)} />}
                <Stat label="Member since" value={formatDate(p.createdAt)} />
              </dl>
            </section>
          </aside>
        </div>
      </div>
    </SiteLayout>
  );
}

function Stat({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-3 py-2">
      <dt className="text-muted">{label}</dt>
      <dd className="font-medium text-ink">{value}</dd>
    </div>
  );
}

/** SPEC.md section 2: a missing practitioner. */
export function PractitionerNotFoundPage({ user }: { user: ApiUser | null }) {
  return (
    <SiteLayout user={user}>
      <div className="container-page flex flex-col items-center gap-4 py-20 text-center">
        <img src="/images/archetype-butterfly.svg" alt="" width={80} height={80} className="h-20 w-20" />
        <h1 className="text-4xl font-semibold text-forest">Practitioner Not Found</h1>
        <p className="max-w-md text-muted">This profile may have moved or been removed.</p>
        <a href="/practitioners" className="btn-primary">Back to Practitioners</a>
      </div>
    </SiteLayout>
  );
}

import { ArchetypeBadge, LevelBadge } from "../components/archetype-badge";
import { ARCHETYPE_DEFINITIONS, EXPERIENCE_LEVEL_LABELS } from "../../core/archetypes";
import { PRACTITIONER_NOT_FOUND } from "../../core/constants";
import { sessionPriceText } from "../../core/money";
import { practitionerDisplayName, type ApiPractitioner, type ApiUser } from "../../core/types";
import { SiteLayout } from "./layout";

const STEPS = ["Date & Time", "Details", "Confirm"];

/**
 * /book/{id} until online booking opens: the practitioner's summary, the three steps to come, and
 * a plain statement that sessions cannot be booked online yet (no button pretends otherwise).
 */
export function BookingUnavailablePage({ user, practitioner }: { user: ApiUser; practitioner: ApiPractitioner }) {
  const archetype = ARCHETYPE_DEFINITIONS[practitioner.archetype];
  return (
    <SiteLayout user={user}>
      <div className="container-page py-10">
        <a href={`/practitioners/${practitioner.id}`} className="text-sm font-semibold text-forest underline decoration-honey decoration-2 underline-offset-4">
          ← Back to Profile
        </a>
        <h1 className="mt-4 text-3xl font-semibold text-forest sm:text-4xl">Book a Session</h1>
        <ol className="mt-6 flex flex-wrap gap-2" aria-label="Booking steps">
          {STEPS.map((step, i) => (
            <li key={step} className="flex items-center gap-2 rounded-full border border-forest/15 bg-white px-3 py-1.5 text-sm text-muted">
              <span className="flex h-6 w-6 items-center justify-center rounded-full bg-parchment text-xs font-semibold text-ink">{i + 1}</span>
              {step}
            </li>
          ))}
        </ol>
        <div className="mt-8 grid gap-6 lg:grid-cols-[1fr_320px]">
          <section className="card p-6 sm:p-8" role="status" aria-labelledby="booking-closed-title">
            <img src={archetype.image} alt="" width={64} height={64} className="h-16 w-16" />
            <h2 id="booking-closed-title" className="mt-4 text-2xl font-semibold text-forest">Online booking opens soon</h2>
            <p className="mt-3 text-muted">
              We're finishing the practitioner calendars so that every time slot you choose is truly free and can't be
              double-booked. Until then, sessions with {practitionerDisplayName(practitioner.id)} can't be booked online,
              and nothing you do on this page will be charged or reserved.
            </p>
            <p className="mt-3 text-muted">
              Save this practitioner with the heart on their profile and you'll find them in your dashboard when booking opens.
            </p>
            <div className="mt-6 flex flex-wrap gap-3">
              <a href={`/practitioners/${practitioner.id}`} className="btn-primary">Back to Profile</a>
              <a href="/practitioners" className="btn-outline">Browse Practitioners</a>
            </div>
          </section>
          <aside className="card h-fit p-6" aria-label="Session summary">
            <p className="text-lg font-semibold text-ink">{practitionerDisplayName(practitioner.id, "Facilitator")}</p>
            <div className="mt-2 flex flex-wrap gap-1.5">
              <ArchetypeBadge archetype={practitioner.archetype} />
              <LevelBadge level={practitioner.experienceLevel} />
            </div>
            <dl className="mt-5 space-y-3 text-sm">
              <div className="flex justify-between gap-4"><dt className="text-muted">Archetype</dt><dd className="text-ink">{archetype.name} · {archetype.tagline}</dd></div>
              <div className="flex justify-between gap-4"><dt className="text-muted">Experience</dt><dd className="text-ink">{EXPERIENCE_LEVEL_LABELS[practitioner.experienceLevel]}</dd></div>
              <div className="flex justify-between gap-4">
                <dt className="text-muted">Sessions</dt>
                <dd className="text-right text-ink">
                  {[practitioner.isVirtual && "Virtual", practitioner.isInPerson && `In person · ${practitioner.location ?? "Practitioner's location"}`].filter(Boolean).join(", ")}
                </dd>
              </div>
              <div className="flex justify-between gap-4 border-t border-forest/10 pt-3">
                <dt className="text-muted">Rate</dt>
                <dd className="font-semibold text-forest">{practitioner.hourlyRate ? sessionPriceText(practitioner.hourlyRate) : "On request"}</dd>
              </div>
            </dl>
          </aside>
        </div>
      </div>
    </SiteLayout>
  );
}

export function BookingPractitionerNotFound({ user }: { user: ApiUser }) {
  return (
    <SiteLayout user={user}>
      <section className="container-page flex flex-col items-center py-20 text-center">
        <h1 className="text-3xl font-semibold text-forest">{PRACTITIONER_NOT_FOUND}</h1>
        <p className="mt-3 text-muted">This practitioner may have left the hive, or the link is mistyped.</p>
        <a href="/practitioners" className="btn-primary mt-8">Find Practitioners</a>
      </section>
    </SiteLayout>
  );
}

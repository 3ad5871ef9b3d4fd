import { Island } from "../components/island";
import { PractitionerPhoto } from "../components/practitioner-photo";
import { PRACTITIONER_NOT_FOUND } from "../../core/constants";
import { BOOKING_TEXTS, NOT_TAKING_BOOKINGS_YET } from "../../core/booking-texts";
import { BOOKING_MESSAGES } from "../../core/bookings";
import { RATE_TOOLTIP, sessionPriceText } from "../../core/money";
import { practitionerDisplayName, type ApiPractitioner, type ApiUser, type UpgradeAccount } from "../../core/types";
import { SiteLayout } from "./layout";

const PREVIEW_TEXT = "Booking sessions starts with the Basic plan: 1 session a month, or Premium for as many as you like.";

/**
 * /book/{id}: the booking wizard island (web/islands/booking-wizard.tsx). A preview account sees
 * the upgrade prompt instead: the server would refuse its booking anyway (SPEC.md section 6). So
 * does a practitioner on their own page (`ownPractice`), who is told so with the way to their dashboard.
 */
export function BookingPage({ user, practitioner, account, canBook, durations, ownPractice = false, takingBookings = true, cancellation, payment }: { user: ApiUser; practitioner: ApiPractitioner; account: UpgradeAccount; canBook: boolean; durations?: number[]; ownPractice?: boolean; takingBookings?: boolean; cancellation?: { windowHours: number; policy: string | null }; payment?: { paymentInstructions: string } }) {
  return (
    <SiteLayout user={user}>
      <div className="container-page py-8 sm:py-10">
        <a href={`/practitioners/${practitioner.id}`} className="text-sm font-semibold text-forest underline decoration-honey decoration-2 underline-offset-4">
          {`← ${BOOKING_TEXTS.backToProfile}`}
        </a>
        <h1 className="mt-4 text-3xl font-semibold text-forest sm:text-4xl">Book a Session</h1>
        <div className="mt-2 flex items-center gap-3">
          <PractitionerPhoto practitioner={practitioner} size={48} />
          <p className="text-muted">with {practitioner.displayName ? `${practitioner.displayName} (${practitionerDisplayName(practitioner.id)})` : practitionerDisplayName(practitioner.id, "Facilitator")} · {practitioner.hourlyRate ? <span title={RATE_TOOLTIP}>{sessionPriceText(practitioner.hourlyRate)}</span> : "Rate on request"}</p>
        </div>
        <div className="mt-6">
          {ownPractice ? (
            <section className="card max-w-2xl p-6 sm:p-8" aria-labelledby="booking-self-title" data-testid="booking-self">
              <h2 id="booking-self-title" className="text-2xl font-semibold text-forest">This is your own practice</h2>
              <p className="mt-3 text-ink">{BOOKING_MESSAGES.selfBooking} Clients book you from this page; your sessions and hours are on your dashboard.</p>
              <div className="mt-6 flex flex-wrap gap-3">
                <a href="/dashboard/practitioner" className="btn-primary">Go to your dashboard</a>
                <a href={`/practitioners/${practitioner.id}`} className="btn-outline">{BOOKING_TEXTS.backToProfile}</a>
              </div>
            </section>
          ) : !takingBookings ? (
            <section className="card max-w-2xl p-6 sm:p-8" aria-labelledby="booking-not-yet-title" data-testid="booking-not-yet">
              <h2 id="booking-not-yet-title" className="text-2xl font-semibold text-forest">{NOT_TAKING_BOOKINGS_YET}</h2>
              <p className="mt-3 text-ink">{BOOKING_MESSAGES.notTakingBookingsYet}</p>
              <div className="mt-6 flex flex-wrap gap-3">
                <a href={`/practitioners/${practitioner.id}`} className="btn-outline">{BOOKING_TEXTS.backToProfile}</a>
              </div>
            </section>
          ) : canBook ? (
            <>
              <Island name="BookingWizard" props={{ practitioner, account, durations, cancellation, payment: payment ? { paymentInstructions: payment.paymentInstructions } : undefined }} />
              <Island name="WaitlistJoin" props={{ practitionerId: practitioner.id, durations: durations ?? [30, 60, 90] }} hydrate="interaction" />
            </>
          ) : (
            <section className="card max-w-2xl p-6 sm:p-8" aria-labelledby="booking-upgrade-title" data-testid="booking-upgrade">
              <h2 id="booking-upgrade-title" className="text-2xl font-semibold text-forest">Upgrade to book sessions</h2>
              <p className="mt-3 text-ink">{PREVIEW_TEXT}</p>
              <div className="mt-6 flex flex-wrap gap-3">
                <Island name="UpgradeDialog" props={{ triggerLabel: "Upgrade Access", triggerClassName: "btn-honey", account }} />
                <a href={`/practitioners/${practitioner.id}`} className="btn-outline">{BOOKING_TEXTS.backToProfile}</a>
              </div>
            </section>
          )}
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

/** /book/{id}: sign-in first (SPEC.md section 5), then the booking page. */
import { Hono } from "hono";
import { paymentSettingsOf } from "../features/payments/sessions";
import { BookingPage, BookingPractitionerNotFound } from "../../web/pages/book";
import { accessInfoFor } from "../auth/permissions";
import { getAvailabilitySettings } from "../features/bookings/availability";
import { upgradeAccount } from "./dashboard-pages";
import { PRACTITIONER_NOT_FOUND } from "../../core/constants";
import { apiPractitioner, findVisiblePractitioner } from "../features/practitioners/service";
import type { AppEnv } from "../http/app-context";
import { renderPage } from "./render";
import { requirePageUser } from "../auth/guards";

export const bookingPages = new Hono<AppEnv>().get("/book/:id", async (c) => {
  const user = requirePageUser(c, { reason: "booking" });
  const row = await findVisiblePractitioner(c.var.deps.db, c.req.param("id"), user.id);
  if (!row) {
    return renderPage(c, { title: `${PRACTITIONER_NOT_FOUND} · Pollinate`, status: 404, noindex: true, body: <BookingPractitionerNotFound user={user} /> });
  }
  const practitioner = await apiPractitioner(c.var.deps.db, row);
  const now = c.var.deps.now();
  // their own page: said before the wizard, whose Confirm & Book the server would refuse
  if (row.userId === user.id) {
    return renderPage(c, { title: "Book a Session · Pollinate", noindex: true, body: <BookingPage user={user} practitioner={practitioner} account={upgradeAccount(user, now, c.var.deps.config)} canBook={false} ownPractice /> });
  }
  const canBook = accessInfoFor(user, now).permissions.bookSessions !== false;
  const { durations, takingBookings, cancellationWindowHours, cancellationPolicy } = await getAvailabilitySettings(c.var.deps.db, practitioner.id);
  return renderPage(c, {
    title: "Book a Session · Pollinate",
    description: "Book a session on Pollinate: choose a date and time, add your details and confirm.",
    noindex: true,
    body: (
      <BookingPage
        user={user}
        practitioner={practitioner}
        account={upgradeAccount(user, now, c.var.deps.config)}
        canBook={canBook}
        durations={durations}
        takingBookings={takingBookings}
        cancellation={{ windowHours: cancellationWindowHours, policy: cancellationPolicy }}
        payment={await paymentSettingsOf(c.var.deps.db, practitioner.id)}
      />
    ),
  });
});

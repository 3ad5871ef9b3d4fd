/** /book/{id}: sign-in first (SPEC.md section 5), then the booking page. */
import { Hono } from "hono";
import { BookingPractitionerNotFound, BookingUnavailablePage } from "../../web/pages/book";
import { PRACTITIONER_NOT_FOUND } from "../../web/lib/constants";
import { getPractitioner } from "../features/practitioners/service";
import type { AppEnv } from "../http/env";
import { renderPage } from "./render";

export const bookingPages = new Hono<AppEnv>().get("/book/:id", (c) => {
  const user = c.var.user;
  if (!user) return c.redirect(`/auth/signin?reason=booking&next=${encodeURIComponent(c.req.path)}`, 302);
  const practitioner = getPractitioner(c.var.deps.db, c.req.param("id"));
  if (!practitioner) {
    return renderPage(c, { title: `${PRACTITIONER_NOT_FOUND} · Pollinate`, status: 404, noindex: true, body: <BookingPractitionerNotFound user={user} /> });
  }
  return renderPage(c, { title: "Book a Session · Pollinate", noindex: true, body: <BookingUnavailablePage user={user} practitioner={practitioner} /> });
});

/**
 * 'See all sessions' (decision 028): every session of a client or a practitioner, the latest date
 * first, 20 a page, filterable by state. Rendered on the server with plain links and a GET form, so
 * it works before any script; each row keeps its actions (cancel, reschedule, confirm…).
 */
import { Island } from "../../components/island";
import type { DashboardBooking } from "../../../core/bookings";
import { BOOKING_STATE_LABELS } from "../../../core/booking-texts";
import { SiteLayout } from "../layout";
import { BookingRows } from "./bookings";
import { DashboardFrame, DashboardNav, EmptyState, Section, type DashboardProps } from "./frame-and-cards";

/** The filters: every session, the upcoming ones, or one state in the flow's words (BOOKING_STATE_LABELS). */
export const SESSION_FILTER_LABELS = {
  all: "All sessions",
  upcoming: "Upcoming",
  requested: BOOKING_STATE_LABELS.requested,
  confirmed: BOOKING_STATE_LABELS.confirmed,
  completed: BOOKING_STATE_LABELS.completed,
  cancelled: BOOKING_STATE_LABELS.cancelled,
  expired: BOOKING_STATE_LABELS.expired,
  "no-show": BOOKING_STATE_LABELS["no-show"],
} as const;
export type SessionFilterName = keyof typeof SESSION_FILTER_LABELS;

export interface SessionsPageData {
  viewer: "client" | "practitioner";
  bookings: DashboardBooking[];
  total: number;
  page: number;
  pageSize: number;
  filter: SessionFilterName;
  now: string;
  /** The zone each booking is shown in (the practitioner's; the client's booking zone). */
  zones: Record<string, string>;
  /** The sentence naming the zone(s). */
  zoneNote: string | null;
}

export function sessionsPath(viewer: "client" | "practitioner", filter: SessionFilterName, page: number): string {
  const q = new URLSearchParams();
  if (filter !== "all") q.set("status", filter);
  if (page > 1) q.set("page", String(page));
  const query = q.toString();
  return `/dashboard/${viewer}/sessions${query ? `?${query}` : ""}`;
}

export function SessionsPage({ user, data }: Pick<DashboardProps, "user"> & { data: SessionsPageData }) {
  const pages = Math.max(1, Math.ceil(data.total / data.pageSize));
  const first = data.total === 0 ? 0 : (data.page - 1) * data.pageSize + 1;
  const last = Math.min(data.total, data.page * data.pageSize);
  const dashboard = `/dashboard/${data.viewer}`;
  return (
    <SiteLayout user={user}>
      <DashboardFrame
        eyebrow={data.viewer === "client" ? "Client dashboard" : "Practitioner dashboard"}
        title="All sessions"
        intro="Every session, the latest first: requests, confirmed, completed, cancelled and expired."
        nav={<DashboardNav label="Sessions" links={[{ href: `${dashboard}/sessions`, label: "All sessions" }, { href: dashboard, label: "Back to the dashboard" }]} />}
      >
        <Section id="all-sessions" title="Sessions">
          <form method="get" action={`${dashboard}/sessions`} className="mb-4 flex flex-wrap items-end gap-3">
            <div>
              <label htmlFor="session-filter" className="label">Show</label>
              <select id="session-filter" name="status" className="input" defaultValue={data.filter}>
                {Object.entries(SESSION_FILTER_LABELS).map(([value, label]) => (
                  <option key={value} value={value}>{label}</option>
                ))}
              </select>
            </div>
            <button type="submit" className="btn-outline">Apply</button>
          </form>
          {data.zoneNote && <p className="mb-4 text-sm text-muted" data-testid="time-zone-note">{data.zoneNote}</p>}
          {data.bookings.length > 0 ? (
            <>
              <p className="mb-3 text-sm text-muted" data-testid="sessions-range">{`Sessions ${first}–${last} of ${data.total}`}</p>
              <BookingRows
                bookings={data.bookings}
                who={data.viewer === "client" ? "practitioner" : "client"}
                label="All sessions"
                zoneOf={(b) => data.zones[b.id] ?? "UTC"}
                actions={(booking) => <Island name="BookingActions" props={{ booking, viewer: data.viewer, now: data.now, shownTimeZone: data.zones[booking.id] ?? "UTC" }} />}
              />
              <nav aria-label="Pages" className="mt-4 flex flex-wrap items-center gap-3 text-sm">
                {data.page > 1 && <a href={sessionsPath(data.viewer, data.filter, data.page - 1)} className="btn-outline" rel="prev">Newer sessions</a>}
                <span className="text-muted">{`Page ${data.page} of ${pages}`}</span>
                {data.page < pages && <a href={sessionsPath(data.viewer, data.filter, data.page + 1)} className="btn-outline" rel="next">Older sessions</a>}
              </nav>
            </>
          ) : (
            <EmptyState title="No sessions here" text={data.filter === "all" ? "Sessions you book or are booked for appear here." : "No session has this state. Choose another filter."} />
          )}
        </Section>
      </DashboardFrame>
    </SiteLayout>
  );
}

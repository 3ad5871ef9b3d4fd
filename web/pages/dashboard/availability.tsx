import { Island } from "../../components/island";
import type { ApiUser } from "../../../core/types";
import { SiteLayout } from "../layout";

/** /dashboard/practitioner/availability: the editor island in the dashboard's frame. */
export function AvailabilityPage({ user, hasProfile }: { user: ApiUser; hasProfile: boolean }) {
  return (
    <SiteLayout user={user}>
      <div className="bg-cream">
        <div className="container-page max-w-4xl py-8 sm:py-10">
          <a href="/dashboard/practitioner" className="text-sm font-semibold text-forest underline decoration-honey decoration-2 underline-offset-4">← Practitioner Dashboard</a>
          <p className="eyebrow mt-4">Schedule</p>
          <h1 className="mt-2 text-3xl font-semibold text-forest sm:text-4xl">Your availability</h1>
          <p className="mt-2 max-w-2xl text-muted">When clients can book you. Sessions already booked stay as they are.</p>
          <div className="mt-8">
            {hasProfile ? (
              <Island name="AvailabilityEditor" props={{}} />
            ) : (
              <section className="card p-6" aria-labelledby="no-profile-title">
                <h2 id="no-profile-title" className="text-xl font-semibold text-forest">Create your practitioner profile first</h2>
                <p className="mt-2 text-muted">Your availability belongs to your profile: create it, then set your hours here.</p>
                <a href="/dashboard/practitioner/profile" className="btn-primary mt-4">Create Your Profile</a>
              </section>
            )}
          </div>
        </div>
      </div>
    </SiteLayout>
  );
}

import type { ApiUser } from "../../../core/types";
import { Island } from "../../components/island";
import { SiteLayout } from "../layout";

/** /admin/survey (and an admin's home): statistics, filters, the responses table and the CSV export. */
export function AdminSurveyPage({ user }: { user: ApiUser }) {
  return (
    <SiteLayout user={user}>
      <div className="container-page py-8 sm:py-10">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <p className="eyebrow">Admin</p>
            <h1 className="mt-2 text-3xl font-semibold text-forest sm:text-4xl">Survey Results</h1>
            <p className="mt-2 max-w-2xl text-muted">Founding member responses to the platform survey.</p>
          </div>
          <a href="/admin/dashboard" className="btn-outline">Admin Dashboard</a>
        </div>
        <div className="mt-8">
          <Island name="AdminSurveyResults" props={{}} />
        </div>
      </div>
    </SiteLayout>
  );
}

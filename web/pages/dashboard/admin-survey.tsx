import type { ApiUser } from "../../../core/types";
import { SiteLayout } from "../layout";

/** /admin/survey (and an admin's home). The results table, filters and CSV export come with the survey feature. */
export function AdminSurveyPage({ user }: { user: ApiUser }) {
  return (
    <SiteLayout user={user}>
      <div className="container-page py-8 sm:py-10">
        <p className="eyebrow">Admin</p>
        <h1 className="mt-2 text-3xl font-semibold text-forest sm:text-4xl">Survey Results</h1>
        <p className="mt-2 max-w-2xl text-muted">Founding member responses to the platform survey.</p>
        <div className="card mt-8 flex flex-col items-center gap-3 p-10 text-center" role="status">
          <img src="/images/brand-green.svg" alt="" width={64} height={64} className="h-16 w-16" />
          <p className="font-display text-2xl text-forest">The results view is being prepared</p>
          <p className="max-w-lg text-sm text-muted">The responses table with statistics, filters, search and CSV export arrives with the survey feature.</p>
          <div className="mt-4 flex flex-wrap justify-center gap-3">
            <a href="/survey" className="btn-outline">Open the Survey</a>
            <a href="/practitioners" className="btn-primary">Find Practitioners</a>
          </div>
        </div>
      </div>
    </SiteLayout>
  );
}

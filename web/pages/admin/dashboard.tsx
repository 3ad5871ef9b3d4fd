import type { ApiUser } from "../../../core/types";
import { Island } from "../../components/island";
import { SiteLayout } from "../layout";

/** /admin/dashboard: the access-code gate, then overview cards, six tabs and the audit log. */
export function AdminDashboardPage({ user, unlocked, viaRole, configured }: { user: ApiUser | null; unlocked: boolean; viaRole: boolean; configured: boolean }) {
  return (
    <SiteLayout user={user}>
      <div className="container-page py-8 sm:py-10">
        <p className="eyebrow">Admin</p>
        <h1 className="mt-2 text-3xl font-semibold text-forest sm:text-4xl">Admin Dashboard</h1>
        <div className="mt-6">
          <Island name="AdminDashboard" props={{ unlocked, viaRole, configured }} />
        </div>
      </div>
    </SiteLayout>
  );
}

import type { ApiUser } from "../../../core/types";
import { Island } from "../../components/island";
import { SiteLayout } from "../layout";

export function SimpleAdminLoginPage({ user, configured, loggedOut }: { user: ApiUser | null; configured: boolean; loggedOut: boolean }) {
  return (
    <SiteLayout user={user}>
      <div className="container-page flex justify-center py-12 sm:py-16">
        <div className="card w-full max-w-md p-6 sm:p-8">
          <p className="eyebrow">Survey Admin</p>
          <h1 className="mt-2 text-3xl font-semibold text-forest">Admin Login</h1>
          <p className="mt-2 text-sm text-muted">Enter the admin password to view survey responses.</p>
          <div className="mt-6">
            <Island name="SimpleAdminLogin" props={{ configured, loggedOut }} />
          </div>
        </div>
      </div>
    </SiteLayout>
  );
}

export function SimpleAdminPanelPage({ user }: { user: ApiUser | null }) {
  return (
    <SiteLayout user={user}>
      <div className="container-page py-8 sm:py-10">
        <Island name="SimpleAdminPanel" props={{}} />
      </div>
    </SiteLayout>
  );
}

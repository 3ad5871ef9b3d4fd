import { Island } from "../../components/island";
import type { ApiUser } from "../../../core/types";
import { SiteLayout } from "../layout";

/** A signed-in user's favourite practitioners (/dashboard/client/favorites). */
export function FavoritesPage({ user }: { user: ApiUser }) {
  // any signed-in user keeps favourites; only clients may open the client dashboard
  const back = user.roles.includes("client") ? { href: "/dashboard/client", label: "Client Dashboard" } : { href: "/", label: "Dashboard" };
  return (
    <SiteLayout user={user}>
      <div className="container-page py-10">
        <a href={back.href} className="text-sm font-semibold text-forest underline decoration-honey decoration-2 underline-offset-4">{`← ${back.label}`}</a>
        <h1 className="mt-4 text-4xl font-semibold text-forest">Your favorite practitioners</h1>
        <p className="mt-2 text-muted">The facilitators you saved with the heart, newest first.</p>
        <div className="mt-8">
          <Island name="FavoritePractitioners" props={{ userId: user.id, headingLevel: 2 }} />
        </div>
      </div>
    </SiteLayout>
  );
}

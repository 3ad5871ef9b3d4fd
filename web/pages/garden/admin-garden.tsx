import { Island } from "../../components/island";
import type { ApiGardenReviewItem } from "../../../core/garden";
import type { ApiUser } from "../../../core/types";
import { SiteLayout } from "../layout";

/** The admin review queue: pending Garden content, oldest first, with Approve and Reject. */
export function AdminGardenPage({ user, items }: { user: ApiUser; items: ApiGardenReviewItem[] }) {
  return (
    <SiteLayout user={user}>
      <div className="container-page py-10 sm:py-12">
        <p className="eyebrow">Admin</p>
        <h1 className="mt-2 text-4xl font-semibold text-forest sm:text-5xl">Garden review queue</h1>
        <p className="mt-2 text-muted">
          {items.length === 0 ? "All caught up." : `${items.length} ${items.length === 1 ? "piece is" : "pieces are"} waiting, oldest first.`} Approved pieces appear in the
          Garden for everyone with the Verified badge; rejecting one takes its Seeds back from the author.
        </p>
        <div className="mt-6">
          <Island name="GardenReviewQueue" props={{ items }} />
        </div>
      </div>
    </SiteLayout>
  );
}

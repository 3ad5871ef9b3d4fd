/** The Community Garden, the Seeds wallet and the admin review queue. */
import { Hono } from "hono";
import { gardenApiSearch, parseGardenParams, gardenListQuery, gardenSearchString } from "../../core/garden";
import { nextBonusOpensAt, uploadReward } from "../../core/seeds";
import { gardenQueries } from "../../web/features/garden/queries";
import { AdminGardenPage } from "../../web/pages/garden/admin-garden";
import { GardenPage } from "../../web/pages/garden/garden";
import { WalletPage } from "../../web/pages/garden/wallet";
import { requirePageRole, requirePageUser } from "../auth/guards";
import { accessInfoFor, isPermitted } from "../auth/permissions";
import { gardenViewer } from "../features/garden/routes";
import { getGardenItem, listGardenContent, listReviewQueue } from "../features/garden/service";
import { getWallet, monthlyBonusClaimed } from "../features/seeds/service";
import type { AppEnv } from "../http/app-context";
import { upgradeAccount } from "./dashboard-pages";
import { renderPage } from "./render";

export const gardenPages = new Hono<AppEnv>()
  .get("/garden", async (c) => {
    const { db, now } = c.var.deps;
    const user = c.var.user;
    const url = new URL(c.req.url);
    const filters = parseGardenParams(url.searchParams);
    const itemParam = url.searchParams.get("item");
    const viewer = gardenViewer(user, now());
    const list = await listGardenContent(db, viewer, gardenListQuery.parse(Object.fromEntries(new URLSearchParams(gardenApiSearch(filters)))));
    const queryData: Array<[readonly unknown[], unknown]> = [[gardenQueries.list(filters).queryKey, list]];
    const linked = itemParam && itemParam.length <= 100 ? await getGardenItem(db, viewer, itemParam) : null;
    if (linked) queryData.push([gardenQueries.item(linked.id).queryKey, linked]);
    if (user) queryData.push([gardenQueries.wallet(user.id).queryKey, await getWallet(db, user.id)]);
    const permissions = user ? accessInfoFor(user, now()).permissions : null;
    const isPractitioner = Boolean(user?.roles.includes("practitioner"));
    // the Facilitator Benefits panel opens with the bonus's state, so the first screen does not change
    const bonusClaimed = user && isPractitioner ? await monthlyBonusClaimed(db, user.id, now()) : false;
    const search = gardenSearchString(filters);
    return renderPage(c, {
      title: linked ? `${linked.title} · Community Garden · Pollinate` : filters.q ? `“${filters.q}” · Community Garden · Pollinate` : "Community Garden · Pollinate",
      description: linked?.description ?? "Insights, resources, success stories, practical tools and meditations shared by the Pollinate community.",
      canonicalPath: linked ? `/garden?item=${linked.id}` : "/garden",
      noindex: Boolean(filters.q),
      body: (
        <GardenPage
          user={user}
          initialFilters={filters}
          initialItemId={linked?.id ?? null}
          signInHref={`/auth/signin?next=${encodeURIComponent(`/garden${search ? `?${search}` : ""}`)}`}
          account={user ? upgradeAccount(user, now(), c.var.deps.config) : null}
          viewer={
            user && permissions
              ? {
                  userId: user.id,
                  isPractitioner: user.roles.includes("practitioner"),
                  canCreate: isPermitted(permissions.createContent),
                  canRead: isPermitted(permissions.accessGarden),
                  reward: uploadReward(user.roles.includes("practitioner")),
                  bonusClaimed,
                  nextBonusOpensAt: nextBonusOpensAt(now()).toISOString(),
                }
              : null
          }
        />
      ),
      queryData,
    });
  })
  .get("/garden/wallet", async (c) => {
    const user = requirePageUser(c);
    return renderPage(c, { title: "Your Seeds wallet · Pollinate", description: "Your Seeds balance and how you earned and spent them.", noindex: true, body: <WalletPage user={user} wallet={await getWallet(c.var.deps.db, user.id)} /> });
  })
  .get("/admin/garden", async (c) => {
    const user = requirePageRole(c, "admin");
    return renderPage(c, { title: "Garden review queue · Admin · Pollinate", description: "Community Garden pieces waiting for an administrator's review.", noindex: true, body: <AdminGardenPage user={user} items={await listReviewQueue(c.var.deps.db)} /> });
  });

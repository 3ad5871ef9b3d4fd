/** The admin screens: survey results (admin role), the dashboard (access code or admin), the simple admin panel (password). */
import { Hono, type Context } from "hono";
import { AdminSurveyPage } from "../../web/pages/admin/survey-results";
import { AdminDashboardPage } from "../../web/pages/admin/dashboard";
import { SimpleAdminLoginPage, SimpleAdminPanelPage } from "../../web/pages/admin/simple-admin";
import type { AppEnv, CurrentUser } from "../http/app-context";
import { hasGateSession } from "../features/admin/gate";
import { adminOverview, listAdminUsers, listAuditLog } from "../features/admin/service";
import { adminQueryKeys } from "../../web/features/admin/query-keys";
import { renderPage } from "./render";

/** /admin/survey and an admin's home (the route and its role check live in dashboard-pages.tsx). */
export function renderAdminSurveyPage(c: Context<AppEnv>, user: CurrentUser): Response | Promise<Response> {
  return renderPage(c, { title: "Survey Results · Admin · Pollinate", description: "Founding-member survey results: statistics, filters, search and CSV export.", noindex: true, body: <AdminSurveyPage user={user} /> });
}

export const adminPages = new Hono<AppEnv>()
  .get("/admin/dashboard", async (c) => {
    const user = c.var.user;
    const viaRole = Boolean(user?.roles.includes("admin"));
    const unlocked = viaRole || (await hasGateSession(c, "dashboard"));
    const { db } = c.var.deps;
    return renderPage(c, {
      title: "Admin Dashboard · Pollinate",
      description: "Pollinate administration: users, practitioners, sessions, the Community Garden, Seeds and the audit log.",
      noindex: true,
      body: <AdminDashboardPage user={user} unlocked={unlocked} viaRole={viaRole} configured={Boolean(c.var.deps.config.ADMIN_ACCESS_CODE)} />,
      // the first screen (figures, the users tab, the audit log) comes with the page: no loading
      // lines that the tables then push the page down from
      queryData: unlocked
        ? [
            [adminQueryKeys.overview, await adminOverview(db)],
            [adminQueryKeys.list("users", "", 1), await listAdminUsers(db, { page: 1 })],
            [adminQueryKeys.auditLog(1), await listAuditLog(db, { page: 1 })],
          ]
        : [],
    });
  })
  .get("/simple-admin/login", async (c) => {
    if (await hasGateSession(c, "simple")) return c.redirect("/simple-admin/panel", 302);
    return renderPage(c, {
      title: "Admin Login · Pollinate",
      noindex: true,
      body: <SimpleAdminLoginPage user={c.var.user} configured={Boolean(c.var.deps.config.SIMPLE_ADMIN_PASSWORD)} loggedOut={c.req.query("loggedOut") === "1"} />,
    });
  })
  .get("/simple-admin/panel", async (c) => {
    // the gate is the HttpOnly cookie, checked here and on every data call
    if (!(await hasGateSession(c, "simple"))) return c.redirect("/simple-admin/login", 302);
    return renderPage(c, { title: "Survey Admin Panel · Pollinate", noindex: true, body: <SimpleAdminPanelPage user={c.var.user} /> });
  });

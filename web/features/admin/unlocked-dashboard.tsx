/** The unlocked admin dashboard: overview figures, the tabs (keyboard: arrows, Home, End) and the audit log. */
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { ADMIN_TAB_LABELS, ADMIN_TABS, ADMIN_TEXTS, ADMIN_UNLOCKED_KEY, type AdminOverview, type AdminTab } from "../../../core/admin";
import { StatusMessage } from "../../components/status-message";
import { ApiError, api } from "../../lib/api";
import { adminQueryKeys } from "./query-keys";
import { UsersTab } from "./users-tab";
import { PractitionersTab } from "./practitioners-tab";
import { SessionsTab } from "./sessions-tab";
import { GardenTab } from "./garden-tab";
import { CredentialsTab } from "./credentials-tab";
import { ReportsTab } from "./reports-tab";
import { SeedsTab } from "./seeds-tab";
import { EmailTab } from "./email-tab";
import { OutboxPanel } from "./outbox-panel";
import { PaymentsPanel } from "./payments-panel";
import { AuditLog } from "./audit-log";

export function UnlockedDashboard({ viaRole, takeFocus, onLock }: { viaRole: boolean; takeFocus: boolean; onLock: () => void }) {
  const [tab, setTab] = useState<AdminTab>("users");
  const intro = useRef<HTMLParagraphElement>(null);
  const tabRefs = useRef<Record<string, HTMLButtonElement | null>>({});
  const overview = useQuery({ queryKey: adminQueryKeys.overview, queryFn: () => api.get("/api/admin/overview") });

  useEffect(() => {
    sessionStorage.setItem(ADMIN_UNLOCKED_KEY, "true");
    if (takeFocus) intro.current?.focus();
  }, []); // eslint-disable-line react-hooks/exhaustive-deps -- on mount only
  useEffect(() => {
    if (overview.error instanceof ApiError && overview.error.status === 401) onLock();
  }, [overview.error, onLock]);

  async function logout() {
    await api.send("POST", "/api/admin/logout").catch(() => undefined);
    onLock();
  }

  function onTabKey(event: KeyboardEvent) {
    const index = ADMIN_TABS.indexOf(tab);
    const next = event.key === "ArrowRight" ? index + 1 : event.key === "ArrowLeft" ? index - 1 : event.key === "Home" ? 0 : event.key === "End" ? ADMIN_TABS.length - 1 : null;
    if (next === null) return;
    event.preventDefault();
    const target = ADMIN_TABS[(next + ADMIN_TABS.length) % ADMIN_TABS.length];
    setTab(target);
    tabRefs.current[target]?.focus();
  }

  const cards: Array<[string, keyof AdminOverview]> = [
    ["Total Users", "totalUsers"],
    ["Practitioners", "totalPractitioners"],
    ["Sessions", "totalSessions"],
    ["Garden Content", "totalGardenContent"],
  ];
  return (
    <div className="space-y-6" data-hydrated="true" data-unlocked="true">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p ref={intro} tabIndex={-1} className="text-sm text-muted outline-none">{viaRole ? "Signed in as an admin." : "Unlocked with the access code for a short session."}</p>
        <div className="flex gap-2">
          {/* /admin/survey takes the admin role (SPEC.md section 6): the access code does not open it */}
          {viaRole ? (
            <a href="/admin/survey" className="btn-outline">Survey Results</a>
          ) : (
            <button type="button" className="btn-outline" onClick={() => void logout()}>Log Out</button>
          )}
        </div>
      </div>
      {overview.isError && !(overview.error instanceof ApiError && overview.error.status === 401) && <StatusMessage notice={{ kind: "error", title: ADMIN_TEXTS.overviewFailed }} />}
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {cards.map(([label, key]) => (
          <div key={key} className="card p-4">
            <dt className="text-xs font-semibold uppercase tracking-wide text-muted">{label}</dt>
            <dd className="mt-1 text-3xl font-semibold text-forest" data-overview={key}>{overview.data?.[key] ?? "–"}</dd>
          </div>
        ))}
      </dl>

      <div role="tablist" aria-label="Admin sections" className="flex gap-1 overflow-x-auto border-b border-forest/10" onKeyDown={onTabKey}>
        {ADMIN_TABS.map((t) => (
          <button
            key={t}
            ref={(el) => {
              tabRefs.current[t] = el;
            }}
            type="button"
            role="tab"
            id={`tab-${t}`}
            aria-selected={tab === t}
            aria-controls={`panel-${t}`}
            tabIndex={tab === t ? 0 : -1}
            onClick={() => setTab(t)}
            className={`whitespace-nowrap border-b-2 px-4 py-2 text-sm font-semibold ${tab === t ? "border-honey text-forest" : "border-transparent text-muted hover:text-forest"}`}
          >
            {ADMIN_TAB_LABELS[t]}
            {t === "garden" && overview.data?.pendingGardenContent ? ` (${overview.data.pendingGardenContent} pending)` : ""}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} tabIndex={0}>
        {tab === "users" && <UsersTab />}
        {tab === "practitioners" && <PractitionersTab />}
        {tab === "credentials" && <CredentialsTab />}
        {tab === "sessions" && <SessionsTab />}
        {tab === "garden" && <GardenTab />}
        {tab === "seeds" && <SeedsTab />}
        {tab === "reports" && <ReportsTab />}
        {tab === "payments" && <PaymentsPanel />}
        {tab === "email" && (
          <>
            <EmailTab />
            <OutboxPanel />
          </>
        )}
      </div>
      <AuditLog />
    </div>
  );
}

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { bookingEventLine, REPORT_REASON_LABELS, type AdminReport } from "../../core/conversations";
import type { AdminCredentialRow } from "../../core/credentials";
import { PageButtons } from "../components/page-buttons";
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from "react";
import {
  ADMIN_TAB_LABELS,
  ADMIN_TABS,
  ADMIN_TEXTS,
  ADMIN_UNLOCKED_KEY,
  auditActionLabel,
  ROLE_LABELS,
  TEST_EMAIL_FIELDS,
  TEST_EMAIL_TYPE_LABELS,
  TEST_EMAIL_TYPES,
  type AdminAuditEntry,
  type AdminGardenRow,
  type AdminOutboxSummary,
  type AdminOverview,
  type AdminPage,
  type AdminPaymentsOverview,
  type AdminPractitionerRow,
  type AdminSeedsOverview,
  type AdminSessionRow,
  type AdminTab,
  type AdminUserRow,
  type TestEmailKind,
} from "../../core/admin";
import { ACCESS_LEVEL_LABELS } from "../../core/constants";
import { tierDefinition } from "../../core/seeds";
import { formatDollars } from "../../core/money";
import { StatusMessage, type Notice } from "../components/status-message";
import { ApiError, apiGet, apiRequest, errorMessage } from "../lib/api";

export interface AdminDashboardProps {
  unlocked: boolean;
  /** Signed in with the admin role: no code needed, no gate to log out of. */
  viaRole: boolean;
  configured: boolean;
}

/** The dashboard's queries; the page brings the first screen's answers under the same keys (src/pages/admin-pages.tsx). */
export const adminQueryKeys = {
  overview: ["/api/admin", "overview"] as const,
  list: (path: string, search: string, page: number) => ["/api/admin", path, search, page] as const,
  auditLog: (page: number) => ["/api/admin", "audit-log", page] as const,
  outbox: ["/api/admin", "outbox"] as const,
  payments: ["/api/admin", "payments"] as const,
};

/** In UTC (the server renders the first screen, so both sides agree), and it says so: unlabelled, an admin read a 3:00 PM session as their own 3:00 PM. */
const when = (iso: string) => `${new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" })} UTC`;
const yesNo = (v: boolean) => (v ? "Yes" : "No");
const day = (iso: string) => new Date(iso).toLocaleDateString("en-US", { dateStyle: "medium", timeZone: "UTC" });
const SUBSCRIPTION_STATUS_LABELS = { free: "Free", trial: "Trial", premium: "Paying", cancelled: "Cancelled", expired: "Expired" } as const;
const OUTCOME_LABELS = { handled: "Handled", ignored: "Ignored", failed: "Failed" } as const;

/** The admin dashboard: the access-code gate, overview cards, six tabs (Email holds the outbox) and the audit log. */
export default function AdminDashboard({ unlocked: initiallyUnlocked, viaRole, configured }: AdminDashboardProps) {
  const [unlocked, setUnlocked] = useState(initiallyUnlocked);
  /** Set once the person unlocks or locks here: the screen that replaces the other then takes the keyboard focus (which would fall to the page's body). */
  const [switched, setSwitched] = useState(false);
  const queryClient = useQueryClient();

  function lock() {
    sessionStorage.removeItem(ADMIN_UNLOCKED_KEY);
    queryClient.removeQueries({ queryKey: ["/api/admin"] });
    setUnlocked(false);
    setSwitched(true);
  }

  if (!unlocked) return <Gate configured={configured} takeFocus={switched} onUnlocked={() => (setUnlocked(true), setSwitched(true))} />;
  return <Unlocked viaRole={viaRole} takeFocus={switched} onLock={lock} />;
}

function Gate({ configured, takeFocus, onUnlocked }: { configured: boolean; takeFocus: boolean; onUnlocked: () => void }) {
  const [code, setCode] = useState("");
  const input = useRef<HTMLInputElement>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(configured ? null : ADMIN_TEXTS.codeNotConfigured);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    setHydrated(true);
    if (takeFocus) input.current?.focus();
  }, []); // eslint-disable-line react-hooks/exhaustive-deps -- on mount only

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    if (!code) return setError("Enter the access code");
    setPending(true);
    setError(null);
    try {
      await apiRequest("POST", "/api/admin/login", { accessCode: code });
      sessionStorage.setItem(ADMIN_UNLOCKED_KEY, "true");
      onUnlocked();
    } catch (e) {
      setError(e instanceof ApiError && e.status === 401 ? ADMIN_TEXTS.invalidCode : errorMessage(e, ADMIN_TEXTS.loginFailed));
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="card max-w-md space-y-4 p-6" data-hydrated={hydrated ? "true" : undefined}>
      <p className="text-sm text-muted">Enter the admin access code to open the dashboard. Signed-in admins go straight in.</p>
      {error && <p role="alert" className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900">{error}</p>}
      <div>
        <label htmlFor="admin-access-code" className="label">Access code</label>
        <input ref={input} id="admin-access-code" type="password" autoComplete="off" className="input" value={code} maxLength={200} onChange={(e) => setCode(e.target.value)} disabled={!configured} />
      </div>
      {/* waiting, it ignores presses but keeps the keyboard focus (a disabled button drops it to the page's body) */}
      <button type="submit" className="btn-primary w-full" disabled={!configured || !hydrated} aria-disabled={pending || undefined}>
        {pending ? "Checking..." : "Unlock Dashboard"}
      </button>
    </form>
  );
}

function Unlocked({ viaRole, takeFocus, onLock }: { viaRole: boolean; takeFocus: boolean; onLock: () => void }) {
  const [tab, setTab] = useState<AdminTab>("users");
  const intro = useRef<HTMLParagraphElement>(null);
  const tabRefs = useRef<Record<string, HTMLButtonElement | null>>({});
  const overview = useQuery({ queryKey: adminQueryKeys.overview, queryFn: () => apiGet<AdminOverview>("/api/admin/overview") });

  useEffect(() => {
    sessionStorage.setItem(ADMIN_UNLOCKED_KEY, "true");
    if (takeFocus) intro.current?.focus();
  }, []); // eslint-disable-line react-hooks/exhaustive-deps -- on mount only
  useEffect(() => {
    if (overview.error instanceof ApiError && overview.error.status === 401) onLock();
  }, [overview.error, onLock]);

  async function logout() {
    await apiRequest("POST", "/api/admin/logout").catch(() => undefined);
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

/** A searchable, paged admin list (the first 10 rows, then Next). */
function usePagedList<T>(path: string) {
  const [search, setSearch] = useState("");
  const [applied, setApplied] = useState("");
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: adminQueryKeys.list(path, applied, page),
    queryFn: () => apiGet<T>(`/api/admin/${path}?${new URLSearchParams({ ...(applied ? { search: applied } : {}), page: String(page) })}`),
    placeholderData: keepPreviousData,
  });
  return { query, search, setSearch, page, setPage, apply: () => (setApplied(search.trim()), setPage(1)) };
}

function ListFrame<T>({ label, list, children }: { label: string; list: ReturnType<typeof usePagedList<AdminPage<T>>>; children: (rows: T[]) => ReactNode }) {
  const data = list.query.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const id = `search-${label.toLowerCase().replace(/\s+/g, "-")}`;
  return (
    <div className="space-y-3 pt-4">
      <form
        role="search"
        className="flex flex-col gap-2 sm:flex-row"
        onSubmit={(e) => {
          e.preventDefault();
          list.apply();
        }}
      >
        <label htmlFor={id} className="sr-only">Search {label}</label>
        <input id={id} type="search" className="input" placeholder={`Search ${label.toLowerCase()}`} value={list.search} maxLength={100} onChange={(e) => list.setSearch(e.target.value)} />
        <button type="submit" className="btn-primary">Search</button>
      </form>
      {list.query.isPending && <p role="status" className="text-sm text-muted">Loading…</p>}
      {list.query.isError && <StatusMessage notice={{ kind: "error", title: `Failed to load ${label.toLowerCase()}`, body: errorMessage(list.query.error, "Please try again.") }} />}
      {data && data.rows.length === 0 && <p className="card p-6 text-center text-muted">Nothing found.</p>}
      {data && data.rows.length > 0 && <div className="card relative overflow-x-auto" tabIndex={0} role="region" aria-label={`${label} list`}>{children(data.rows)}</div>}
      {data && (
        <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-muted">
          <span>{data.total} in all</span>
          <PageButtons compact label={`${label} pages`} page={list.page} pages={pages} onPage={list.setPage} />
        </div>
      )}
    </div>
  );
}

/**
 * An e-mail address in a table cell: on one line. The tables scroll inside their card on a phone, so a
 * whole address is read there; broken anywhere, a 640-pixel table of 8 columns left it a few letters a line.
 */
const EMAIL_CELL = "whitespace-nowrap";

function Table({ head, children }: { head: string[]; children: ReactNode }) {
  return (
    <table className="w-full min-w-[640px] text-left text-sm">
      <thead className="border-b border-forest/10 bg-sage/30 text-xs uppercase tracking-wide text-muted">
        <tr>
          {head.map((h) => (
            <th key={h} scope="col" className="px-3 py-2">{h}</th>
          ))}
        </tr>
      </thead>
      <tbody className="[&_td]:px-3 [&_td]:py-2 [&_tr]:border-b [&_tr]:border-forest/5">{children}</tbody>
    </table>
  );
}

function useAdminAction() {
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<Notice | null>(null);
  const mutation = useMutation({
    mutationFn: ({ path, body }: { path: string; done: string; body?: unknown }) => apiRequest<{ message?: string }>("POST", path, body),
    onSuccess: (data, { done }) => {
      setNotice({ kind: "success", title: done, body: data?.message });
      void queryClient.invalidateQueries({ queryKey: ["/api/admin"] });
    },
    onError: (error) => setNotice({ kind: "error", title: "Action failed", body: errorMessage(error, "Please try again.") }),
  });
  // while one action waits, the buttons ignore presses (aria-disabled: a disabled button would drop the keyboard focus)
  return { notice, run: (path: string, done: string, body?: unknown) => mutation.isPending || mutation.mutate({ path, done, body }), pending: mutation.isPending };
}

/** Asks for the reason (sent to the person by e-mail) and a second press before a consequential action. */
function ReasonConfirm({ label, confirmLabel, explain, pending, onConfirm, onCancel }: { label: string; confirmLabel: string; explain: string; pending: boolean; onConfirm: (reason: string) => void; onCancel: () => void }) {
  const [reason, setReason] = useState("");
  const id = useId();
  return (
    <div className="mt-2 min-w-64 space-y-2 rounded-xl border border-honey bg-honey-light/60 p-3 text-left">
      <p className="text-xs text-ink">{explain}</p>
      <label htmlFor={id} className="block text-xs font-semibold text-ink">{label}</label>
      <textarea id={id} rows={2} className="input text-sm" value={reason} onChange={(e) => setReason(e.target.value)} autoFocus />
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn-primary px-3 py-1" aria-disabled={pending || reason.trim().length < 3 || undefined} onClick={() => reason.trim().length >= 3 && !pending && onConfirm(reason.trim())}>{confirmLabel}</button>
        <button type="button" className="btn-outline px-3 py-1" onClick={onCancel}>Cancel</button>
      </div>
    </div>
  );
}

function UsersTab() {
  const list = usePagedList<AdminPage<AdminUserRow>>("users");
  const action = useAdminAction();
  const [confirming, setConfirming] = useState<string | null>(null);
  // the row's own button takes the focus back when the confirmation closes (it becomes Reinstate)
  const buttons = useRef<Record<string, HTMLButtonElement | null>>({});
  return (
    <>
      <StatusMessage notice={action.notice} />
      <ListFrame label="Users" list={list}>
        {(rows) => (
          <Table head={["Name", "Email", "Roles", "Verified", "Access", "Plan status", "Joined", "Status", "Action"]}>
            {rows.map((u) => (
              <tr key={u.id}>
                <td>{[u.firstName, u.lastName].filter(Boolean).join(" ") || "—"}</td>
                <td className={EMAIL_CELL}>{u.email}</td>
                <td>{u.roles.map((role) => ROLE_LABELS[role]).join(", ") || "—"}</td>
                <td>{u.isEmailVerified ? "Verified" : "Unverified"}</td>
                <td>{ACCESS_LEVEL_LABELS[u.accessLevel].name}</td>
                <td className="whitespace-nowrap">{SUBSCRIPTION_STATUS_LABELS[u.subscriptionStatus]}{u.renewsOrEndsOn ? ` · ${u.subscriptionStatus === "premium" ? "renews or ends" : "ends"} ${day(u.renewsOrEndsOn)}` : ""}</td>
                <td className="whitespace-nowrap">{when(u.createdAt)}</td>
                <td>{u.suspended ? "Suspended" : "Active"}</td>
                <td>
                  <button
                    ref={(el) => {
                      buttons.current[u.id] = el;
                    }}
                    type="button"
                    className="btn-outline px-3 py-1"
                    aria-disabled={action.pending || undefined}
                    onClick={() => (u.suspended ? action.run(`/api/admin/users/${u.id}/reinstate`, `${u.email} reinstated`) : setConfirming(u.id))}
                  >
                    {u.suspended ? "Reinstate" : "Suspend"}
                    <span className="sr-only"> {u.email}</span>
                  </button>
                  {confirming === u.id && (
                    <ReasonConfirm
                      label={`Reason for suspending ${u.email}`}
                      confirmLabel="Suspend and cancel their sessions"
                      explain="They are signed out and cannot sign in; their upcoming sessions are cancelled and the other people e-mailed. They receive your reason."
                      pending={action.pending}
                      onCancel={() => {
                        setConfirming(null);
                        buttons.current[u.id]?.focus();
                      }}
                      onConfirm={(reason) => {
                        setConfirming(null);
                        buttons.current[u.id]?.focus();
                        action.run(`/api/admin/users/${u.id}/suspend`, `${u.email} suspended`, { reason });
                      }}
                    />
                  )}
                </td>
              </tr>
            ))}
          </Table>
        )}
      </ListFrame>
    </>
  );
}

function PractitionersTab() {
  const list = usePagedList<AdminPage<AdminPractitionerRow>>("practitioners");
  const action = useAdminAction();
  return (
    <>
      <StatusMessage notice={action.notice} />
      <ListFrame label="Practitioners" list={list}>
        {(rows) => (
          <Table head={["Name", "Email", "Archetype", "Experience", "Verification", "Sessions", "Rating", "Actions"]}>
            {rows.map((p) => (
              <tr key={p.id}>
                <td>{p.userName || "—"}</td>
                <td className={EMAIL_CELL}>{p.userEmail}</td>
                <td className="capitalize">{p.archetype}</td>
                <td className="capitalize">{p.experienceLevel}</td>
                <td>{p.isVerified ? "Verified" : "Pending"}{p.isFeatured ? " · Featured" : ""}</td>
                <td>{p.totalSessions}</td>
                <td>{p.averageRating ? Number(p.averageRating).toFixed(1) : "—"}</td>
                <td className="flex flex-wrap gap-1">
                  <button type="button" className="btn-outline px-3 py-1" aria-disabled={action.pending || undefined} onClick={() => action.run(`/api/admin/practitioners/${p.id}/${p.isVerified ? "unverify" : "verify"}`, `${p.userEmail} ${p.isVerified ? "unverified" : "verified"}`)}>
                    {p.isVerified ? "Unverify" : "Verify"}<span className="sr-only"> {p.userEmail}</span>
                  </button>
                  <button type="button" className="btn-outline px-3 py-1" aria-disabled={action.pending || undefined} onClick={() => action.run(`/api/admin/practitioners/${p.id}/${p.isFeatured ? "unfeature" : "feature"}`, `${p.userEmail} ${p.isFeatured ? "unfeatured" : "featured"}`)}>
                    {p.isFeatured ? "Unfeature" : "Feature"}<span className="sr-only"> {p.userEmail}</span>
                  </button>
                </td>
              </tr>
            ))}
          </Table>
        )}
      </ListFrame>
    </>
  );
}

function SessionsTab() {
  const list = usePagedList<AdminPage<AdminSessionRow>>("sessions");
  return (
    <ListFrame label="Sessions" list={list}>
      {(rows) => (
        <Table head={["When", "Client", "Practitioner", "Status", "Amount", "Duration", "Type"]}>
          {rows.map((s) => (
            <tr key={s.id}>
              <td className="whitespace-nowrap">{when(s.scheduledDatetime)}</td>
              <td className={EMAIL_CELL}>{s.clientEmail}</td>
              <td className={EMAIL_CELL}>{s.practitionerEmail}</td>
              <td className="capitalize">{s.status}</td>
              <td>{formatDollars(s.totalAmount)}</td>
              <td>{s.duration} min</td>
              <td>{s.isVirtual ? "Virtual" : "In person"}</td>
            </tr>
          ))}
        </Table>
      )}
    </ListFrame>
  );
}

function GardenTab() {
  const list = usePagedList<AdminPage<AdminGardenRow>>("garden-content");
  const action = useAdminAction();
  const [rejecting, setRejecting] = useState<string | null>(null);
  return (
    <>
    <StatusMessage notice={action.notice} />
    <p className="mb-3 text-sm text-muted">Pending pieces wait here for a decision. A rejection asks for a reason, which the author receives by e-mail. <a href="/admin/garden" className="font-medium text-forest underline">Open the full review queue</a></p>
    <ListFrame label="Garden content" list={list}>
      {(rows) => (
        <Table head={["Title", "Author", "Type", "Status", "Views", "Likes", "Seeds", "Decision"]}>
          {rows.map((g) => (
            <tr key={g.id}>
              <td>
                <span className="font-medium">{g.title}</span>
                {g.description && <span className="block max-w-xs truncate text-xs text-muted">{g.description}</span>}
              </td>
              <td>
                {g.authorName || "—"}
                <span className="block whitespace-nowrap text-xs text-muted">{g.authorEmail}</span>
              </td>
              <td className="capitalize">{g.contentType}</td>
              <td className="capitalize">{g.status}</td>
              <td>{g.viewCount}</td>
              <td>{g.likeCount}</td>
              <td>{g.seedsReward}</td>
              <td>
                {g.status === "pending" ? (
                  <div className="flex flex-wrap gap-1">
                    <button type="button" className="btn-outline px-3 py-1" aria-disabled={action.pending || undefined} onClick={() => action.run(`/api/admin/garden-content/${g.id}/approve`, `“${g.title}” approved`)}>
                      Approve<span className="sr-only"> {g.title}</span>
                    </button>
                    <button type="button" className="btn-outline px-3 py-1" aria-disabled={action.pending || undefined} onClick={() => setRejecting(g.id)}>
                      Reject<span className="sr-only"> {g.title}</span>
                    </button>
                    {rejecting === g.id && (
                      <ReasonConfirm
                        label={`Reason for rejecting “${g.title}”`}
                        confirmLabel="Reject and tell the author"
                        explain="The piece is not published; its Seeds reward is reversed. The author receives your reason by e-mail."
                        pending={action.pending}
                        onCancel={() => setRejecting(null)}
                        onConfirm={(reason) => {
                          setRejecting(null);
                          action.run(`/api/admin/garden-content/${g.id}/reject`, `“${g.title}” rejected`, { reason });
                        }}
                      />
                    )}
                  </div>
                ) : (
                  "—"
                )}
              </td>
            </tr>
          ))}
        </Table>
      )}
    </ListFrame>
    </>
  );
}

/** Practitioners' credentials (issue 26): waiting ones first; Verify after checking with the issuing body (audit-logged). */
function CredentialsTab() {
  const list = useQuery({ queryKey: ["/api/admin", "credentials"], queryFn: () => apiGet<{ credentials: AdminCredentialRow[] }>("/api/admin/credentials") });
  const action = useAdminAction();
  if (list.isPending) return <p className="p-4 text-sm text-muted">Loading credentials…</p>;
  if (list.isError) return <p role="alert" className="p-4 text-sm text-red-800">{errorMessage(list.error, "Credentials could not be loaded.")}</p>;
  const rows = list.data.credentials;
  return (
    <div className="space-y-3 p-4">
      <StatusMessage notice={action.notice} />
      <p className="text-sm text-muted">Check each credential with the body that issued it (its register or a letter), then verify it. The profile's Verified badge lists what was checked and the date.</p>
      {rows.length === 0 && <p className="text-sm text-muted">No credentials entered yet.</p>}
      {rows.length > 0 && (
        <div className="card relative overflow-x-auto" tabIndex={0} role="region" aria-label="Credentials list">
          <Table head={["Practitioner", "Credential", "Number", "Year", "Status", "Action"]}>
            {rows.map((c) => (
              <tr key={c.id}>
                <td>
                  {c.practitionerName || "—"}
                  <span className={`block text-xs text-muted ${EMAIL_CELL}`}>{c.practitionerEmail}</span>
                </td>
                <td className="wrap-anywhere">{c.title}<span className="block text-xs text-muted">{c.issuingBody}</span></td>
                <td className="wrap-anywhere">{c.number || "—"}</td>
                <td>{c.year}</td>
                <td className="whitespace-nowrap">{c.verifiedAt ? `Verified ${day(c.verifiedAt)}` : "Waiting"}</td>
                <td>
                  <button
                    type="button"
                    className="btn-outline px-3 py-1"
                    aria-disabled={action.pending || undefined}
                    onClick={() => action.run(`/api/admin/credentials/${c.id}/${c.verifiedAt ? "unverify" : "verify"}`, `${c.title}: ${c.verifiedAt ? "verification withdrawn" : "verified"}`)}
                  >
                    {c.verifiedAt ? "Withdraw" : "Verify"}<span className="sr-only"> {c.title} of {c.practitionerEmail}</span>
                  </button>
                </td>
              </tr>
            ))}
          </Table>
        </div>
      )}
    </div>
  );
}

/** Reported messages with the ten around them (issue 23): dismiss, or suspend the sender (audited). */
function ReportsTab() {
  const reports = useQuery({ queryKey: ["/api/admin", "reports"], queryFn: () => apiGet<{ reports: AdminReport[] }>("/api/admin/reports") });
  const action = useAdminAction();
  const [confirming, setConfirming] = useState<string | null>(null);
  const buttons = useRef<Record<string, HTMLButtonElement | null>>({});
  if (reports.isPending) return <p className="p-4 text-sm text-muted">Loading reports…</p>;
  if (reports.isError) return <p role="alert" className="p-4 text-sm text-red-800">{errorMessage(reports.error, "Reports could not be loaded.")}</p>;
  const list = reports.data.reports;
  return (
    <div className="space-y-4 p-4">
      <StatusMessage notice={action.notice} />
      {list.length === 0 && <p className="text-sm text-muted">No open reports.</p>}
      <ul className="space-y-4" aria-label="Open reports">
        {list.map((r) => (
          <li key={r.id} className="card p-4" data-testid="message-report">
            <p className="text-sm">
              <span className="font-semibold">{REPORT_REASON_LABELS[r.reason]}</span> · reported by {r.reporterName} · {when(r.createdAt)}
            </p>
            {r.note && <p className="mt-1 text-sm text-muted">“{r.note}”</p>}
            <p className="mt-1 text-sm">Sender: {r.reportedName} ({r.reportedEmail}){r.reportedSuspended ? " · suspended" : ""}</p>
            <ol className="mt-3 space-y-1 rounded-xl bg-cream p-3 text-sm" aria-label="The reported message and the ten around it">
              {r.context.map((m) => (
                <li key={m.id} className={m.reported ? "rounded bg-honey-light px-2 py-1 font-semibold" : "px-2"}>
                  <span className="text-muted">{m.from === "system" ? "System" : m.from === "reported" ? r.reportedName : r.reporterName}: </span>
                  <span className="whitespace-pre-wrap wrap-anywhere">{m.from === "system" ? bookingEventLine({ eventType: m.eventType, body: m.body }) : m.body}</span>
                  {m.reported && <span className="sr-only"> (reported)</span>}
                </li>
              ))}
            </ol>
            <div className="mt-3 flex flex-wrap gap-2">
              <button type="button" className="btn-outline px-3 py-1" aria-disabled={action.pending || undefined} onClick={() => action.run(`/api/admin/reports/${r.id}/dismiss`, "Report dismissed")}>
                Dismiss<span className="sr-only"> the report from {r.reporterName}</span>
              </button>
              <button
                ref={(el) => {
                  buttons.current[r.id] = el;
                }}
                type="button"
                className="btn-primary bg-red-800 px-3 py-1 hover:bg-red-900"
                aria-disabled={action.pending || undefined}
                onClick={() => setConfirming(r.id)}
              >
                Suspend sender<span className="sr-only"> {r.reportedName}</span>
              </button>
            </div>
            {confirming === r.id && (
              <ReasonConfirm
                label={`Reason for suspending ${r.reportedEmail}`}
                confirmLabel="Suspend and cancel their sessions"
                explain="They are signed out and cannot sign in; their upcoming sessions are cancelled and the other people e-mailed. They receive the report's reason and yours."
                pending={action.pending}
                onCancel={() => {
                  setConfirming(null);
                  buttons.current[r.id]?.focus();
                }}
                onConfirm={(reason) => {
                  setConfirming(null);
                  action.run(`/api/admin/reports/${r.id}/suspend`, `${r.reportedEmail} suspended`, { reason });
                }}
              />
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

function SeedsTab() {
  const list = usePagedList<AdminSeedsOverview>("seeds-overview");
  const totals = list.query.data?.totals;
  return (
    <div>
      {totals && (
        <dl className="grid grid-cols-3 gap-3 pt-4">
          {([["Balance", totals.totalBalance], ["Earned", totals.totalEarned], ["Spent", totals.totalSpent]] as const).map(([label, n]) => (
            <div key={label} className="card p-3">
              <dt className="text-xs uppercase tracking-wide text-muted">Total {label}</dt>
              <dd className="text-xl font-semibold text-forest">{n}</dd>
            </div>
          ))}
        </dl>
      )}
      <ListFrame label="Wallets" list={list}>
        {(rows) => (
          <Table head={["User", "Email", "Tier", "Balance", "Earned"]}>
            {rows.map((w) => (
              <tr key={w.userId}>
                <td>{w.userName || "—"}</td>
                <td className={EMAIL_CELL}>{w.userEmail}</td>
                <td>{tierDefinition(w.currentTier).name}</td>
                <td>{w.seedsBalance}</td>
                <td>{w.totalEarned}</td>
              </tr>
            ))}
          </Table>
        )}
      </ListFrame>
    </div>
  );
}

const FIELD_LABELS: Record<string, string> = {
  name: "Recipient name",
  code: "Code",
  inviteCode: "Invite code",
  date: "Date",
  time: "Time",
  practitionerName: "Practitioner name",
  clientName: "Client name",
  isVirtual: "Virtual session",
  meetingLink: "Meeting link",
};

function EmailTab() {
  const [email, setEmail] = useState("");
  const [type, setType] = useState<TestEmailKind>("welcome");
  const [fields, setFields] = useState<Record<string, string | boolean>>({ isVirtual: true });
  const [notice, setNotice] = useState<Notice | null>(null);
  const queryClient = useQueryClient();
  const send = useMutation({
    mutationFn: () => {
      const data = Object.fromEntries(TEST_EMAIL_FIELDS[type].filter((k) => fields[k] !== undefined && fields[k] !== "").map((k) => [k, fields[k]]));
      return apiRequest<{ success: boolean; message: string }>("POST", "/api/admin/send-test-email", { email: email.trim(), type, data });
    },
    onSuccess: (answer) => {
      setNotice({ kind: "success", title: "Test email queued", body: answer.message });
      void queryClient.invalidateQueries({ queryKey: ["/api/admin", "audit-log"] });
      void queryClient.invalidateQueries({ queryKey: adminQueryKeys.outbox });
    },
    onError: (error) => setNotice({ kind: "error", title: ADMIN_TEXTS.testEmailFailed, body: errorMessage(error, "Please try again.") }),
  });

  return (
    <form
      className="card mt-4 max-w-2xl space-y-4 p-5"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (send.isPending) return;
        // SPEC.md section 5: sent only when an address is present
        if (!email.trim()) return setNotice({ kind: "error", title: "Email required", body: "Enter the address to send the test e-mail to." });
        send.mutate();
      }}
    >
      <StatusMessage notice={notice} />
      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor="test-email-to" className="label">Send to</label>
          <input id="test-email-to" type="email" className="input" value={email} maxLength={254} onChange={(e) => setEmail(e.target.value)} autoComplete="email" />
        </div>
        <div>
          <label htmlFor="test-email-type" className="label">E-mail type</label>
          <select id="test-email-type" className="input" value={type} onChange={(e) => setType(e.target.value as TestEmailKind)}>
            {TEST_EMAIL_TYPES.map((t) => (
              <option key={t} value={t}>{TEST_EMAIL_TYPE_LABELS[t]}</option>
            ))}
          </select>
        </div>
        {TEST_EMAIL_FIELDS[type].map((field) =>
          field === "isVirtual" ? (
            <label key={field} className="flex items-center gap-2 text-sm">
              <input type="checkbox" checked={fields.isVirtual === true} onChange={(e) => setFields({ ...fields, isVirtual: e.target.checked })} />
              {FIELD_LABELS[field]}
            </label>
          ) : (
            <div key={field}>
              <label htmlFor={`test-email-${field}`} className="label">{FIELD_LABELS[field]}</label>
              <input id={`test-email-${field}`} className="input" value={String(fields[field] ?? "")} maxLength={field === "meetingLink" ? 500 : 100} onChange={(e) => setFields({ ...fields, [field]: e.target.value })} />
            </div>
          ),
        )}
      </div>
      <button type="submit" className="btn-primary" aria-disabled={send.isPending || undefined}>
        {send.isPending ? "Sending..." : "Send Test Email"}
      </button>
    </form>
  );
}

/** How long ago, in words: "less than a minute", "12 min", "3 h 5 min", "2 days". */
function ageInWords(iso: string, now: number): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(iso)) / 60_000));
  if (minutes < 1) return "less than a minute";
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  return `${Math.floor(hours / 24)} days`;
}

/**
 * The e-mail outbox (src/email/outbox.ts): how many wait and since when, how many were sent, and
 * each failed or retrying message with its reason. Cards rather than a table, so that a long
 * reason reads at 320 px; recipient, subject and reason are text (React escapes them).
 */
function OutboxPanel() {
  const query = useQuery({ queryKey: adminQueryKeys.outbox, queryFn: () => apiGet<AdminOutboxSummary>("/api/admin/outbox"), refetchInterval: 30_000 });
  const data = query.data;
  const now = query.dataUpdatedAt || Date.now();
  const figures: Array<[string, string, string | undefined]> = data
    ? [
        ["Waiting", String(data.pending), undefined],
        ["Oldest waiting", data.oldestPendingAt ? ageInWords(data.oldestPendingAt, now) : "—", data.oldestPendingAt ? `queued ${when(data.oldestPendingAt)}` : undefined],
        ["Sent", String(data.sent), undefined],
        ["Failed", String(data.failed), undefined],
      ]
    : [];
  return (
    <section aria-labelledby="outbox-heading" className="mt-6 max-w-3xl space-y-3" data-outbox>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="outbox-heading" className="text-xl font-semibold text-forest">Outbox</h2>
        <button type="button" className="btn-outline" aria-disabled={query.isFetching || undefined} onClick={() => query.isFetching || void query.refetch()}>
          {query.isFetching ? "Refreshing..." : "Refresh outbox"}
        </button>
      </div>
      {query.isPending && <p role="status" className="text-sm text-muted">Loading…</p>}
      {query.isError && <StatusMessage notice={{ kind: "error", title: ADMIN_TEXTS.outboxFailed, body: errorMessage(query.error, "Please try again.") }} />}
      {data && (
        <>
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            {figures.map(([label, value, title]) => (
              <div key={label} className="card min-w-0 p-4">
                <dt className="text-xs font-semibold uppercase tracking-wide text-muted">{label}</dt>
                <dd className="mt-1 break-words text-2xl font-semibold text-forest" data-outbox-figure={label} title={title}>{value}</dd>
              </div>
            ))}
          </dl>
          <h3 className="text-base font-semibold text-forest">Failed and retrying messages</h3>
          {data.problems.length === 0 ? (
            <p className="card p-4 text-sm text-muted">No message has failed.</p>
          ) : (
            <ul className="space-y-3" aria-label="Failed and retrying messages">
              {data.problems.map((p) => (
                <li key={p.id} className="card min-w-0 space-y-2 p-4 text-sm" data-outbox-problem={p.state}>
                  <p className="flex flex-wrap items-baseline gap-2">
                    <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${p.state === "failed" ? "bg-red-100 text-red-900" : "bg-honey/20 text-forest-dark"}`}>
                      {p.state === "failed" ? "Failed" : "Retrying"}
                    </span>
                    <span className="min-w-0 break-words font-semibold">{p.subject || "(no subject)"}</span>
                  </p>
                  <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1">
                    <dt className="text-muted">To</dt>
                    <dd className="break-all">{p.to}</dd>
                    <dt className="text-muted">Attempts</dt>
                    <dd>{p.attempts}</dd>
                    <dt className="text-muted">Reason</dt>
                    <dd className="whitespace-pre-wrap break-words" data-outbox-reason>{p.lastError ?? "—"}</dd>
                    <dt className="text-muted">Queued</dt>
                    <dd>{when(p.createdAt)}</dd>
                  </dl>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}

/**
 * Plans and payments (issue 24): live subscriptions per plan, monthly recurring revenue, new and
 * cancelled this month, and every recent webhook event with its outcome and reason.
 */
function PaymentsPanel() {
  const query = useQuery({ queryKey: adminQueryKeys.payments, queryFn: () => apiGet<AdminPaymentsOverview>("/api/admin/payments") });
  const data = query.data;
  const figures: Array<[string, string]> = data
    ? [
        ["Basic", String(data.activeByPlan.basic)],
        ["Premium", String(data.activeByPlan.premium)],
        ["Unlimited", String(data.activeByPlan.unlimited)],
        ["Monthly revenue", formatDollars(data.monthlyRecurringRevenue)],
        ["New this month", String(data.newThisMonth)],
        ["Cancelled this month", String(data.cancelledThisMonth)],
      ]
    : [];
  return (
    <section aria-labelledby="payments-heading" className="mt-6 max-w-4xl space-y-3" data-payments>
      <h2 id="payments-heading" className="text-xl font-semibold text-forest">Subscriptions</h2>
      {query.isPending && <p role="status" className="text-sm text-muted">Loading…</p>}
      {query.isError && <StatusMessage notice={{ kind: "error", title: "Failed to fetch payments", body: errorMessage(query.error, "Please try again.") }} />}
      {data && (
        <>
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            {figures.map(([label, value]) => (
              <div key={label} className="card min-w-0 p-4">
                <dt className="text-xs font-semibold uppercase tracking-wide text-muted">{label}</dt>
                <dd className="mt-1 break-words text-2xl font-semibold text-forest" data-payments-figure={label}>{value}</dd>
              </div>
            ))}
          </dl>
          <h3 className="text-base font-semibold text-forest">Webhook events</h3>
          {data.events.length === 0 ? (
            <p className="card p-4 text-sm text-muted">No event from Stripe yet.</p>
          ) : (
            <ul className="space-y-3" aria-label="Webhook events">
              {data.events.map((e) => (
                <li key={e.id} className="card min-w-0 space-y-2 p-4 text-sm" data-payment-event={e.outcome}>
                  <p className="flex flex-wrap items-baseline gap-2">
                    <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${e.outcome === "failed" ? "bg-red-100 text-red-900" : e.outcome === "ignored" ? "bg-honey/20 text-forest-dark" : "bg-sage text-forest-dark"}`}>
                      {OUTCOME_LABELS[e.outcome]}
                    </span>
                    <span className="min-w-0 break-words font-semibold">{e.type}</span>
                  </p>
                  <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1">
                    <dt className="text-muted">Member</dt>
                    <dd className="break-all">{e.userEmail ?? "—"}</dd>
                    <dt className="text-muted">What happened</dt>
                    <dd className="whitespace-pre-wrap break-words">{e.detail ?? "—"}</dd>
                    <dt className="text-muted">Received</dt>
                    <dd>{when(e.receivedAt)}{e.attempts > 1 ? ` (${e.attempts} deliveries)` : ""}</dd>
                    <dt className="text-muted">Event</dt>
                    <dd className="break-all">{e.id}</dd>
                  </dl>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}

function AuditLog() {
  const [page, setPage] = useState(1);
  const query = useQuery({ queryKey: adminQueryKeys.auditLog(page), queryFn: () => apiGet<AdminPage<AdminAuditEntry>>(`/api/admin/audit-log?page=${page}`), placeholderData: keepPreviousData });
  const data = query.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  return (
    <section aria-labelledby="audit-heading" className="space-y-3">
      <h2 id="audit-heading" className="text-xl font-semibold text-forest">Audit Log</h2>
      {data && data.rows.length === 0 && <p className="text-sm text-muted">No admin actions yet.</p>}
      {data && data.rows.length > 0 && (
        <div className="card overflow-x-auto" tabIndex={0} role="region" aria-label="Audit log entries">
          <Table head={["When", "Who", "What", "Target"]}>
            {data.rows.map((a) => (
              <tr key={a.id} data-audit-action={a.action}>
                <td className="whitespace-nowrap">{when(a.createdAt)}</td>
                <td className={EMAIL_CELL}>{a.actor}</td>
                <td>{auditActionLabel(a.action)}</td>
                <td className="break-all" title={a.targetLabel && a.targetId ? `${a.targetType} ${a.targetId}` : undefined}>{[a.targetType, a.targetLabel ?? a.detail ?? a.targetId].filter(Boolean).join(": ") || "—"}
                  {a.targetLabel && a.detail && <span className="block text-xs text-muted">{`Reason: ${a.detail}`}</span>}
                </td>
              </tr>
            ))}
          </Table>
        </div>
      )}
      <PageButtons compact label="Audit log pages" page={page} pages={pages} onPage={setPage} />
    </section>
  );
}

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { PageButtons } from "../components/page-buttons";
import { useEffect, useState } from "react";
import { SIMPLE_ADMIN_FLAG_KEY } from "../../core/admin";
import { GARDEN_INTEREST_LABELS, IDENTITY_LABELS, SESSION_FREQUENCY_LABELS, SURVEY_TEXTS, surveyCsvFileName, type ApiSurveyResponse } from "../../core/survey";
import { StatusMessage, type Notice } from "../components/status-message";
import { downloadCsv } from "../features/survey/download";
import { SurveyStatisticsCards } from "../features/survey/statistics-cards";
import { Toaster } from "../features/toast/toast";
import { ApiError, api, errorMessage } from "../lib/api";

async function logout(toast: boolean) {
  localStorage.removeItem(SIMPLE_ADMIN_FLAG_KEY);
  try {
    await api.send("POST", "/api/simple-admin/logout");
  } finally {
    window.location.assign(toast ? "/simple-admin/login?loggedOut=1" : "/simple-admin/login");
  }
}

/** The simple admin panel: statistics, response cards, CSV export and logout. */
export default function SimpleAdminPanel() {
  const [page, setPage] = useState(1);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [exporting, setExporting] = useState(false);
  const query = useQuery({
    queryKey: ["/api/simple-admin/responses", page],
    queryFn: () => api.get("/api/simple-admin/responses", { query: { page } }),
    placeholderData: keepPreviousData,
  });

  // the server let this page through, so its cookie is live: the browser flag mirrors that
  useEffect(() => localStorage.setItem(SIMPLE_ADMIN_FLAG_KEY, "true"), []);
  useEffect(() => {
    if (query.error instanceof ApiError && query.error.status === 401) void logout(false);
  }, [query.error]);

  const data = query.data;
  const stats = data?.statistics;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  async function onExport() {
    if (exporting) return;
    setExporting(true);
    try {
      const n = await downloadCsv("/api/simple-admin/responses.csv", surveyCsvFileName(new Date()));
      setNotice(n ? { kind: "success", title: SURVEY_TEXTS.exportSuccessTitle, body: SURVEY_TEXTS.exportSuccessBody(n) } : { kind: "error", title: SURVEY_TEXTS.exportEmptyTitle, body: SURVEY_TEXTS.exportEmptyBody });
    } catch (error) {
      setNotice({ kind: "error", title: "Export failed", body: errorMessage(error, "Please try again.") });
    } finally {
      setExporting(false);
    }
  }

  return (
    <div className="space-y-6" data-hydrated="true">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <p className="eyebrow">Survey Admin</p>
          <h1 className="mt-2 text-3xl font-semibold text-forest">Survey Responses</h1>
        </div>
        <div className="flex gap-2">
          <button type="button" className="btn-honey" disabled={!data || data.total === 0} aria-disabled={exporting || undefined} onClick={() => void onExport()}>
            {exporting ? "Exporting..." : "Export CSV"}
          </button>
          <button type="button" className="btn-outline" onClick={() => void logout(true)}>Logout</button>
        </div>
      </div>
      <StatusMessage notice={notice} onDismiss={() => setNotice(null)} />
      <SurveyStatisticsCards stats={stats} />

      {query.isPending && <p role="status" className="text-muted">{SURVEY_TEXTS.loading}</p>}
      {query.isError && !data && !(query.error instanceof ApiError && query.error.status === 401) && (
        <div className="space-y-3">
          <StatusMessage notice={{ kind: "error", title: SURVEY_TEXTS.simpleLoadFailure }} />
          <button type="button" className="btn-outline" onClick={() => void logout(false)}>Back to Login</button>
        </div>
      )}
      {data && data.total === 0 && <p className="card p-8 text-center text-muted">{SURVEY_TEXTS.empty}</p>}
      {data && data.data.length > 0 && (
        <ul className="grid gap-3 md:grid-cols-2">
          {data.data.map((r) => (
            <ResponseCard key={r.id} response={r} />
          ))}
        </ul>
      )}
      {data && <PageButtons label="Response pages" page={page} pages={pages} onPage={setPage} />}
      {/* the login's 'Success' toast (toastAfterNavigation) */}
      <Toaster />
    </div>
  );
}

function ResponseCard({ response: r }: { response: ApiSurveyResponse }) {
  const optional: Array<[string, string | null]> = [
    ["Age range", r.ageRange],
    ["Currency", r.currency],
    ["Facilitator session price", r.facilitatorSessionPrice],
    ["Client comfortable price", r.clientComfortablePrice],
    ["Session frequency", r.sessionFrequency ? SESSION_FREQUENCY_LABELS[r.sessionFrequency] : null],
    ["Garden interest", r.gardenInterestLevel ? GARDEN_INTEREST_LABELS[r.gardenInterestLevel] : null],
  ];
  return (
    <li className="card space-y-2 p-4" data-response-card>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="rounded-full bg-sage/60 px-3 py-0.5 text-xs font-semibold text-forest-dark">{IDENTITY_LABELS[r.identityType]}</span>
        <time className="text-xs text-muted" dateTime={r.createdAt}>{new Date(r.createdAt).toLocaleDateString("en-US", { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" })}</time>
      </div>
      <p className="text-sm"><span className="font-medium">Country:</span> {r.countryOfResidence ?? SURVEY_TEXTS.notSpecified}</p>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
        {optional.filter(([, v]) => v).map(([label, value]) => (
          <div key={label}>
            <dt className="text-xs text-muted">{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {r.finalThoughts && <p className="whitespace-pre-wrap break-words border-t border-forest/10 pt-2 text-sm italic text-ink">“{r.finalThoughts}”</p>}
    </li>
  );
}


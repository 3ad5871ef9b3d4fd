import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { PageButtons } from "../components/page-buttons";
import { Fragment, useEffect, useState, type FormEvent } from "react";
import { IDENTITY_TYPES } from "../../core/enums";
import {
  GARDEN_INTEREST_LABELS,
  IDENTITY_LABELS,
  SESSION_FREQUENCY_LABELS,
  SURVEY_TEXTS,
  choiceLabel,
  surveyCsvFileName,
  surveyFiltersQuery,
  type ApiSurveyResponse,
} from "../../core/survey";
import { StatusMessage, type Notice } from "../components/status-message";
import { downloadCsv } from "../features/survey/download";
import { SurveyStatisticsCards } from "../features/survey/statistics-cards";
import { EMPTY_SURVEY_FILTERS, surveyQueries, type SurveyFilterValues } from "../features/survey/queries";
import { errorMessage } from "../lib/api";


const formatDate = (iso: string) => new Date(iso).toLocaleDateString("en-US", { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });

/** The admin's survey results: statistics, filters and search on the server, 20 per page, expandable rows, CSV export. */
export default function AdminSurveyResults() {
  const [filters, setFilters] = useState<SurveyFilterValues>(EMPTY_SURVEY_FILTERS);
  const [searchText, setSearchText] = useState("");
  const [page, setPage] = useState(1);
  const [expanded, setExpanded] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [exporting, setExporting] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  const query = useQuery({ ...surveyQueries.responses(filters, page), placeholderData: keepPreviousData });
  const countries = useQuery(surveyQueries.countries()).data ?? [];
  const data = query.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  function update(patch: Partial<SurveyFilterValues>) {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(1);
    setExpanded(null);
  }

  function onSearch(event: FormEvent) {
    event.preventDefault();
    update({ search: searchText });
  }

  async function onExport() {
    if (exporting) return;
    if (data && data.total === 0) {
      setNotice({ kind: "error", title: SURVEY_TEXTS.exportEmptyTitle, body: SURVEY_TEXTS.exportEmptyBody });
      return;
    }
    setExporting(true);
    try {
      const n = await downloadCsv(`/api/survey/responses.csv${surveyFiltersQuery({ ...filters })}`, surveyCsvFileName(new Date()));
      setNotice(n === 0 ? { kind: "error", title: SURVEY_TEXTS.exportEmptyTitle, body: SURVEY_TEXTS.exportEmptyBody } : { kind: "success", title: SURVEY_TEXTS.exportSuccessTitle, body: SURVEY_TEXTS.exportSuccessBody(n) });
    } catch (error) {
      setNotice({ kind: "error", title: "Export failed", body: errorMessage(error, "Please try again.") });
    } finally {
      setExporting(false);
    }
  }

  const stats = data?.statistics;
  return (
    <div className="space-y-6" data-hydrated={hydrated ? "true" : undefined}>
      <SurveyStatisticsCards stats={stats} />

      <div className="card space-y-4 p-4 sm:p-5">
        <form onSubmit={onSearch} role="search" className="flex flex-col gap-2 sm:flex-row">
          <label htmlFor="survey-search" className="sr-only">Search responses</label>
          <input id="survey-search" type="search" className="input" placeholder="Search country, currency, age range or final thoughts" value={searchText} maxLength={100} onChange={(e) => setSearchText(e.target.value)} />
          <button type="submit" className="btn-primary">Search</button>
        </form>
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <div>
            <label htmlFor="filter-identity" className="label">Identity type</label>
            <select id="filter-identity" className="input" value={filters.identityType} onChange={(e) => update({ identityType: e.target.value })}>
              <option value="">All identity types</option>
              {IDENTITY_TYPES.map((t) => (
                <option key={t} value={t}>{IDENTITY_LABELS[t]}</option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="filter-country" className="label">Country</label>
            <select id="filter-country" className="input" value={filters.country} onChange={(e) => update({ country: e.target.value })}>
              <option value="">All countries</option>
              {countries.map((c) => (
                <option key={c} value={c}>{c}</option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="filter-from" className="label">From</label>
            <input id="filter-from" type="date" className="input" value={filters.from} onChange={(e) => update({ from: e.target.value })} />
          </div>
          <div>
            <label htmlFor="filter-to" className="label">To</label>
            <input id="filter-to" type="date" className="input" value={filters.to} onChange={(e) => update({ to: e.target.value })} />
          </div>
        </div>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-muted" aria-live="polite">
            {data ? `${data.total} matching response${data.total === 1 ? "" : "s"}` : query.isError ? "" : SURVEY_TEXTS.loading}
          </p>
          <div className="flex gap-2">
            <button
              type="button"
              className="btn-outline"
              onClick={() => {
                setSearchText("");
                update(EMPTY_SURVEY_FILTERS);
              }}
            >
              Clear Filters
            </button>
            <button type="button" className="btn-honey" onClick={() => void onExport()} disabled={!data} aria-disabled={exporting || undefined}>
              {exporting ? "Exporting..." : "Export CSV"}
            </button>
          </div>
        </div>
        <StatusMessage notice={notice} onDismiss={() => setNotice(null)} />
      </div>

      {query.isError && !data && <StatusMessage notice={{ kind: "error", title: SURVEY_TEXTS.loadFailure }} />}

      {data && data.data.length === 0 && <p className="card p-8 text-center text-muted">{data.total === 0 && isEmpty(filters) ? SURVEY_TEXTS.empty : SURVEY_TEXTS.noMatches}</p>}

      {data && data.data.length > 0 && (
        <div className="card overflow-x-auto" tabIndex={0} role="region" aria-label="Survey responses table">
          <table className="w-full min-w-[640px] text-left text-sm" data-testid="survey-table">
            <thead className="border-b border-forest/10 bg-sage/30 text-xs uppercase tracking-wide text-muted">
              <tr>
                <th scope="col" className="px-3 py-2"><span className="sr-only">Details</span></th>
                <th scope="col" className="px-3 py-2">Date</th>
                <th scope="col" className="px-3 py-2">Identity</th>
                <th scope="col" className="px-3 py-2">Country</th>
                <th scope="col" className="px-3 py-2">Age</th>
                <th scope="col" className="px-3 py-2">Currency</th>
                <th scope="col" className="px-3 py-2">Member</th>
              </tr>
            </thead>
            <tbody>
              {data.data.map((r) => (
                <Fragment key={r.id}>
                  <tr className="border-b border-forest/5" data-response-row={r.id}>
                    <td className="px-3 py-2">
                      <button type="button" className="btn-ghost px-2 py-1" aria-expanded={expanded === r.id} aria-controls={`detail-${r.id}`} onClick={() => setExpanded(expanded === r.id ? null : r.id)}>
                        {expanded === r.id ? "Hide" : "Details"}
                        <span className="sr-only">{expanded === r.id ? " details" : ""} of the response from {formatDate(r.createdAt)}</span>
                      </button>
                    </td>
                    <td className="px-3 py-2 whitespace-nowrap">{formatDate(r.createdAt)}</td>
                    <td className="px-3 py-2">{IDENTITY_LABELS[r.identityType]}</td>
                    <td className="px-3 py-2">{r.countryOfResidence ?? SURVEY_TEXTS.notSpecified}</td>
                    <td className="px-3 py-2">{r.ageRange ?? "–"}</td>
                    <td className="px-3 py-2">{r.currency ?? "–"}</td>
                    <td className="px-3 py-2">{r.userId ? "Signed in" : "Anonymous"}</td>
                  </tr>
                  {expanded === r.id && (
                    <tr id={`detail-${r.id}`} className="bg-cream/60">
                      <td colSpan={7} className="px-4 py-4">
                        <ResponseDetail response={r} />
                      </td>
                    </tr>
                  )}
                </Fragment>
              ))}
            </tbody>
          </table>
        </div>
      )}

      {data && <PageButtons label="Survey pages" page={page} pages={pages} onPage={setPage} />}
    </div>
  );
}

function isEmpty(filters: SurveyFilterValues): boolean {
  return Object.values(filters).every((v) => !v);
}

function ResponseDetail({ response: r }: { response: ApiSurveyResponse }) {
  const list = (values: string[]) => (values.length ? values.map(choiceLabel).join(", ") : null);
  const rows: Array<[string, string | null]> = [
    ["Facilitator session price", r.facilitatorSessionPrice],
    ["Open to a free session", r.openToFreeSession],
    ["Contribution interests", list(r.contributionInterests)],
    ["Reciprocity preferences", list(r.reciprocityPreferences)],
    ["Other reciprocity", r.reciprocityOther],
    ["Client comfortable price", r.clientComfortablePrice],
    ["Client max price", r.clientMaxPrice],
    ["Client trial price", r.clientTrialPrice],
    ["Session frequency", r.sessionFrequency ? SESSION_FREQUENCY_LABELS[r.sessionFrequency] : null],
    ["Booking encouragements", list(r.bookingEncouragements)],
    ["Trust factors", list(r.trustFactors)],
    ["Other trust factors", r.trustFactorsOther],
    ["Garden interest", r.gardenInterestLevel ? GARDEN_INTEREST_LABELS[r.gardenInterestLevel] : null],
    ["Garden content ideas", r.gardenContentIdeas],
    ["Garden monthly price", r.gardenMonthlyPrice],
    ["Final thoughts", r.finalThoughts],
  ];
  return (
    <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-2">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt className="text-xs font-semibold uppercase tracking-wide text-muted">{label}</dt>
          <dd className="whitespace-pre-wrap break-words text-ink">{value ?? "–"}</dd>
        </div>
      ))}
    </dl>
  );
}

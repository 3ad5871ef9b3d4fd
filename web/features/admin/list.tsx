/** The admin lists: a searchable, paged list and its table. */
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { PageButtons } from "../../components/page-buttons";
import { useState, type ReactNode } from "react";
import type { AdminPage } from "../../../core/admin";
import type { ApiResponse } from "../../../core/api-routes";
import { StatusMessage } from "../../components/status-message";
import { api, errorMessage } from "../../lib/api";
import { adminQueryKeys } from "./query-keys";

/** The admin lists, each searched and paged by the same query (core/admin.ts adminListQuerySchema). */
type AdminListName = "users" | "practitioners" | "sessions" | "garden-content" | "seeds-overview";

/** A searchable, paged admin list (the first 10 rows, then Next). */
export function usePagedList<N extends AdminListName>(name: N) {
  const [search, setSearch] = useState("");
  const [applied, setApplied] = useState("");
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: adminQueryKeys.list(name, applied, page),
    // one call for the five lists: the answer is the named list's (a generic path cannot pick its route)
    queryFn: () => api.get(`/api/admin/${name}` as "/api/admin/users", { query: { search: applied || undefined, page } }) as Promise<ApiResponse<`GET /api/admin/${N}`>>,
    placeholderData: keepPreviousData,
  });
  return { query, search, setSearch, page, setPage, apply: () => (setApplied(search.trim()), setPage(1)) };
}

export function ListFrame<T>({ label, list, children }: { label: string; list: { query: { data?: AdminPage<T>; isPending: boolean; isError: boolean; error: unknown } } & Omit<ReturnType<typeof usePagedList>, "query">; children: (rows: T[]) => ReactNode }) {
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
export const EMAIL_CELL = "whitespace-nowrap";

export function Table({ head, children }: { head: string[]; children: ReactNode }) {
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

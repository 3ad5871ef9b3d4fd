import { useQuery } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import { ARCHETYPES, EXPERIENCE_LEVELS, type Archetype, type ExperienceLevel } from "../../core/enums";
import { PractitionerCard, PractitionerCardSkeleton } from "../components/practitioner-card";
import { SearchIcon } from "../components/icons";
import { useFavoriteHearts } from "../features/favorites/favorite-button";
import { Toaster } from "../features/toast/toast";
import {
  directoryHref,
  effectiveSort,
  hasActiveFilters,
  normalisePriceRange,
  SESSION_FILTER_LABELS,
  SESSION_FILTERS,
  type DirectoryFilters,
  type SessionFilter,
  type DirectorySort,
} from "../../core/directory-params";
import { Pagination } from "../features/practitioners/pagination";
import { practitionerQueries } from "../features/practitioners/queries";
import type { DirectoryResponse } from "../../core/practitioners";
import type { ApiPractitioner } from "../../core/types";
import { ARCHETYPE_DEFINITIONS, EXPERIENCE_LEVEL_LABELS } from "../../core/archetypes";
import { DIRECTORY_SKELETON_CARDS, HIVE_PRICE_RANGE, HIVE_SORT_OPTIONS, PRACTITIONER_VIEW_LIMIT, SEARCH_RANK_ALL_MAX, SEARCH_TEXT_MAX_LENGTH, TRIAL_DAYS } from "../../core/constants";
import UpgradeDialog from "./upgrade-dialog";
import type { UpgradeAccount } from "../../core/types";
import { pluralForm } from "../../core/plural";

/**
 * The URL parser is the server's (zod, ~25 KB gzipped): fetched on the first back or forward, not
 * with the page, which needs no parsing (the server hands the island its filters).
 */
let urlParser: typeof import("../../core/directory-params-schema") | null = null;
async function loadUrlParser() {
  urlParser ??= await import("../../core/directory-params-schema");
  return urlParser;
}

/** Typing settles for this long before the search runs. */
const SEARCH_DEBOUNCE_MS = 350;
const PRICE_STEP = 5;

export interface PractitionerDirectoryProps {
  /** The directory (/practitioners) or The Hive (/hive, with price and sort). */
  variant: "directory" | "hive";
  initialFilters: DirectoryFilters;
  /** The signed-in user, for the favourites hearts; null for a visitor. */
  userId: string | null;
  /** For the upgrade prompt of a signed-in user; null for a visitor. */
  account: UpgradeAccount | null;
}

const VARIANTS = {
  directory: { path: "/practitioners", noun: "practitioners", empty: "No practitioners found", label: "Practitioner" },
  hive: { path: "/hive", noun: "facilitators", empty: "No facilitators found", label: "Facilitator" },
} as const;

const number = (n: number) => n.toLocaleString("en-US");

/**
 * The directory and the Hive: search, filters, sort, paging. Everything is decided on the server
 * (GET /api/practitioners/all); the filters live in the URL, so results are shareable and the
 * back button works. The first page arrives dehydrated: no request on load.
 */
export default function PractitionerDirectory({ variant, initialFilters, userId, account }: PractitionerDirectoryProps) {
  const v = VARIANTS[variant];
  const [filters, setFilters] = useState(initialFilters);
  const [text, setText] = useState(initialFilters.q);
  const [prices, setPrices] = useState({ min: initialFilters.minPrice ?? HIVE_PRICE_RANGE.min, max: initialFilters.maxPrice ?? HIVE_PRICE_RANGE.max });
  const { data, isPending, isError, refetch } = useQuery(practitionerQueries.directory(filters));
  const resultsHeading = useRef<HTMLHeadingElement>(null);
  const focusResults = useRef(false);
  const ids = useId();

  function apply(next: DirectoryFilters, options: { focus?: boolean } = {}) {
    setFilters(next);
    focusResults.current = Boolean(options.focus);
    const href = directoryHref(v.path, next);
    if (href !== window.location.pathname + window.location.search) window.history.pushState(null, "", href);
  }

  // Back and forward restore the filters of that entry, read with the server's parser.
  useEffect(() => {
    let latest = 0;
    const onPop = async () => {
      const pop = ++latest;
      const { parseDirectoryParams } = urlParser ?? (await loadUrlParser());
      if (pop !== latest) return;
      const next = parseDirectoryParams(new URLSearchParams(window.location.search));
      setFilters(next);
      setText(next.q);
      setPrices({ min: next.minPrice ?? HIVE_PRICE_RANGE.min, max: next.maxPrice ?? HIVE_PRICE_RANGE.max });
    };
    const listener = () => void onPop();
    window.addEventListener("popstate", listener);
    return () => window.removeEventListener("popstate", listener);
  }, []);

  // search as you type, once typing pauses
  useEffect(() => {
    const q = text.trim();
    if (q === filters.q) return;
    const timer = setTimeout(() => apply({ ...filters, q, page: 1 }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, filters]);

  // the price sliders apply once they stop moving
  useEffect(() => {
    const range = normalisePriceRange(prices.min, prices.max);
    if (range.minPrice === filters.minPrice && range.maxPrice === filters.maxPrice) return;
    const timer = setTimeout(() => apply({ ...filters, ...range, page: 1 }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [prices, filters]);

  // after a page change, move focus (and the view) to the results
  useEffect(() => {
    if (data && focusResults.current) {
      focusResults.current = false;
      resultsHeading.current?.focus();
      resultsHeading.current?.scrollIntoView({ block: "start" });
    }
  }, [data]);

  function submit(event: FormEvent) {
    event.preventDefault();
    apply({ ...filters, q: text.trim(), page: 1 });
  }

  function clearAll() {
    setText("");
    setPrices({ min: HIVE_PRICE_RANGE.min, max: HIVE_PRICE_RANGE.max });
    apply({ q: "", archetype: null, level: null, minPrice: null, maxPrice: null, session: null, sort: filters.sort, page: 1 });
  }

  const sort = effectiveSort(filters);
  return (
    <div className="space-y-6">
      {userId && <Toaster />}
      {data && <AccessNotice data={data} account={account} noun={v.noun} sortable={variant === "hive"} />}

      <form action={v.path} method="get" role="search" onSubmit={submit} className="card grid gap-4 p-4 sm:p-5 md:grid-cols-[1fr_auto_auto]" aria-label={`Search ${v.noun}`}>
        <div className="md:col-span-3 lg:col-span-1">
          <label htmlFor={`${ids}-q`} className="label">Search</label>
          <div className="relative">
            <SearchIcon className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted" />
            <input
              id={`${ids}-q`}
              name="q"
              type="search"
              value={text}
              maxLength={SEARCH_TEXT_MAX_LENGTH}
              onChange={(e) => setText(e.target.value)}
              placeholder="Specialty, modality, archetype or city"
              className="input pl-9"
            />
          </div>
        </div>
        {/* on a phone the filters sit behind one control that counts the active ones (styles.css opens it from 768 px) */}
        <details className="filters-disclosure md:col-span-3 lg:col-span-2" data-testid="filters-disclosure">
          <summary className="btn-outline w-full">
            Filters{activeFilterCount(filters) > 0 ? ` (${activeFilterCount(filters)} active)` : ""}
          </summary>
          <div className="grid gap-4 pt-4 md:grid-cols-2 md:pt-0">
        <div>
          <label htmlFor={`${ids}-archetype`} className="label">Archetype</label>
          <select
            id={`${ids}-archetype`}
            name="archetype"
            value={filters.archetype ?? ""}
            onChange={(e) => apply({ ...filters, archetype: (e.target.value || null) as Archetype | null, page: 1 })}
            className="input"
          >
            <option value="">All archetypes</option>
            {ARCHETYPES.map((a) => (
              <option key={a} value={a}>{ARCHETYPE_DEFINITIONS[a].name}</option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${ids}-level`} className="label">Experience</label>
          <select
            id={`${ids}-level`}
            name="level"
            value={filters.level ?? ""}
            onChange={(e) => apply({ ...filters, level: (e.target.value || null) as ExperienceLevel | null, page: 1 })}
            className="input"
          >
            <option value="">All levels</option>
            {EXPERIENCE_LEVELS.map((l) => (
              <option key={l} value={l}>{EXPERIENCE_LEVEL_LABELS[l]}</option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${ids}-session`} className="label">Sessions</label>
          <select
            id={`${ids}-session`}
            name="session"
            value={filters.session ?? ""}
            onChange={(e) => apply({ ...filters, session: (e.target.value || null) as SessionFilter | null, page: 1 })}
            className="input"
          >
            <option value="">{SESSION_FILTER_LABELS[""]}</option>
            {SESSION_FILTERS.map((k) => (
              <option key={k} value={k}>{SESSION_FILTER_LABELS[k]}</option>
            ))}
          </select>
        </div>

        {variant === "hive" && (
          <div className="grid gap-4 md:col-span-2 md:grid-cols-[1fr_auto]">
            <fieldset>
              <legend className="label">
                Price per session: ${prices.min} – ${prices.max}{prices.max >= HIVE_PRICE_RANGE.max ? "+" : ""}
              </legend>
              <div className="grid gap-3 sm:grid-cols-2">
                <label className="flex items-center gap-3 text-sm text-muted">
                  <span className="w-9">Min</span>
                  <input
                    type="range"
                    name="minPrice"
                    min={HIVE_PRICE_RANGE.min}
                    max={HIVE_PRICE_RANGE.max}
                    step={PRICE_STEP}
                    value={prices.min}
                    aria-label="Minimum price"
                    aria-valuetext={`$${prices.min}`}
                    onChange={(e) => setPrices((p) => ({ min: Math.min(Number(e.target.value), p.max), max: p.max }))}
                    className="w-full accent-forest"
                  />
                </label>
                <label className="flex items-center gap-3 text-sm text-muted">
                  <span className="w-9">Max</span>
                  <input
                    type="range"
                    name="maxPrice"
                    min={HIVE_PRICE_RANGE.min}
                    max={HIVE_PRICE_RANGE.max}
                    step={PRICE_STEP}
                    value={prices.max}
                    aria-label="Maximum price"
                    aria-valuetext={prices.max >= HIVE_PRICE_RANGE.max ? `$${prices.max} or more` : `$${prices.max}`}
                    onChange={(e) => setPrices((p) => ({ min: p.min, max: Math.max(Number(e.target.value), p.min) }))}
                    className="w-full accent-forest"
                  />
                </label>
              </div>
            </fieldset>
            <div>
              <label htmlFor={`${ids}-sort`} className="label">Sort by</label>
              <select
                id={`${ids}-sort`}
                name="sort"
                value={sort}
                onChange={(e) => apply({ ...filters, sort: e.target.value as DirectorySort, page: 1 })}
                className="input"
              >
                {filters.q && <option value="relevance">Best match</option>}
                {HIVE_SORT_OPTIONS.map((o) => (
                  <option key={o.value} value={o.value}>{o.label}</option>
                ))}
              </select>
            </div>
          </div>
        )}

          </div>
        </details>

        <div className="flex flex-wrap items-center gap-3 md:col-span-3">
          <button type="submit" className="btn-primary">Search</button>
          {hasActiveFilters(filters) && (
            <button type="button" onClick={clearAll} className="btn-ghost">Clear filters</button>
          )}
        </div>
      </form>

      <section aria-labelledby={`${ids}-results`}>
        <h2 id={`${ids}-results`} ref={resultsHeading} tabIndex={-1} className="sr-only">
          {v.label} results
        </h2>
        <ResultsSummary data={isPending ? undefined : data} noun={v.noun} />
        {isPending ? (
          <div className="mt-4 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true" aria-label={`Loading ${v.noun}`}>
            {Array.from({ length: DIRECTORY_SKELETON_CARDS }, (_, i) => (
              <PractitionerCardSkeleton key={i} />
            ))}
          </div>
        ) : isError ? (
          <div className="card mt-4 flex flex-col items-center gap-3 p-10 text-center" role="alert">
            <p className="font-display text-xl text-forest">We couldn't load {v.noun} just now.</p>
            <button type="button" className="btn-outline" onClick={() => void refetch()}>Try again</button>
          </div>
        ) : data.practitioners.length === 0 && data.accessInfo.upgradeRequired && data.accessInfo.total > 0 ? (
          // matches exist beyond what this access shows: the upgrade prompt below says how many and how to see them
          null
        ) : data.practitioners.length === 0 ? (
          <div className="card mt-4 flex flex-col items-center gap-2 p-10 text-center">
            <img src="/images/archetype-butterfly.svg" alt="" width={64} height={64} className="h-16 w-16" />
            <p className="font-display text-xl text-forest">{v.empty}</p>
            <p className="text-sm text-muted">
              {data.accessInfo.upgradeRequired
                ? `None of the ${v.noun} your access shows match. ${tryAnotherText(variant)}`
                : tryAnotherText(variant)}
            </p>
            {hasActiveFilters(filters) && (
              <button type="button" onClick={clearAll} className="btn-outline mt-2">Clear filters</button>
            )}
          </div>
        ) : (
          userId ? <CardsWithHearts practitioners={data.practitioners} userId={userId} /> : <Cards practitioners={data.practitioners} />
        )}
        {data && !isPending && data.accessInfo.upgradeRequired && data.pagination.page === data.pagination.totalPages && (
          <UpgradePrompt data={data} account={account} noun={v.noun} searched={hasActiveFilters(filters)} />
        )}
        {data && !isPending && (
          <Pagination
            page={data.pagination.page}
            totalPages={data.pagination.totalPages}
            hrefFor={(page) => directoryHref(v.path, { ...filters, page })}
            onNavigate={(page) => apply({ ...filters, page }, { focus: true })}
            label={`${v.label} pages`}
          />
        )}
      </section>
    </div>
  );
}

function Cards({ practitioners, heartFor }: { practitioners: ApiPractitioner[]; heartFor?: (practitioner: ApiPractitioner) => ReactNode }) {
  return (
    <ul className="mt-4 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {practitioners.map((p) => (
        <li key={p.id}>
          <PractitionerCard practitioner={p} action={heartFor?.(p)} />
        </li>
      ))}
    </ul>
  );
}

/** A signed-in user's cards: the hearts share one favourites query and one toggle. */
function CardsWithHearts({ practitioners, userId }: { practitioners: ApiPractitioner[]; userId: string }) {
  return <Cards practitioners={practitioners} heartFor={useFavoriteHearts(userId).heartFor} />;
}

/** The empty state's advice: the filters the variant has, as a list a person reads ("archetype or level"). */
export function tryAnotherText(variant: "directory" | "hive"): string {
  const filters = variant === "hive" ? ["archetype", "level", "price"] : ["archetype", "level"];
  const list = new Intl.ListFormat("en", { type: "disjunction" }).format(filters);
  return `Try fewer words or another ${list}.`;
}

function ResultsSummary({ data, noun }: { data: DirectoryResponse | undefined; noun: string }) {
  let text = "";
  if (data && data.practitioners.length > 0) {
    const { page, pageSize } = data.pagination;
    const from = (page - 1) * pageSize + 1;
    const to = from + data.practitioners.length - 1;
    const { shown, total } = data.accessInfo;
    text = `Showing ${number(from)}–${number(to)} of ${number(total)} ${pluralForm(total, { one: noun.replace(/s$/, ""), other: noun })}`;
    if (shown < total) text += ` · your access shows ${number(shown)}`;
  }
  const capped = data && data.pagination.available < data.accessInfo.shown;
  return (
    <div aria-live="polite" className="min-h-5 text-sm text-muted">
      {text && <p>{text}</p>}
      {capped && (
        <p className="mt-1">
          With more than {number(SEARCH_RANK_ALL_MAX)} matches, best matches are ranked among the newest {number(data.pagination.available)}. Add a word or a filter to rank every match, or sort another way to see them all.
        </p>
      )}
    </div>
  );
}

/**
 * The notice for limited access (SPEC.md section 2): visitors and preview see 3, basic 10: the
 * same first ones in the featured order whatever they search (docs/decisions/006-access-limits.md).
 */
function AccessNotice({ data, account, noun, sortable }: { data: DirectoryResponse; account: UpgradeAccount | null; noun: string; sortable: boolean }) {
  const limit = PRACTITIONER_VIEW_LIMIT[data.accessInfo.accessLevel];
  if (limit === null) return null;
  return (
    <div className="flex flex-col gap-3 rounded-2xl border border-honey/40 bg-honey-light/70 p-4 sm:flex-row sm:items-center sm:justify-between" data-testid="access-notice">
      <p className="text-sm text-ink">
        <strong className="font-semibold">{data.accessInfo.accessLevel === "basic" ? "Basic access" : "Preview access"}:</strong>{" "}
        {account ? `your plan shows our first ${limit} featured ${noun}.` : `visitors can view our first ${limit} featured ${noun}.`}{" "}
        {`${sortable ? "Search, filters and sorting work" : "Search and filters work"} within those ${limit}.`}{" "}
        {account ? "Upgrade to see everyone." : "Sign in or create an account to see more."}
      </p>
      <UpgradeAction account={account} />
    </div>
  );
}

function UpgradeAction({ account }: { account: UpgradeAccount | null }) {
  if (!account) {
    return (
      <div className="flex shrink-0 gap-2">
        <a href="/auth/signin" className="btn-outline">Sign In</a>
        <a href="/auth/signup" className="btn-primary">Start Your Journey</a>
      </div>
    );
  }
  return (
    <div className="shrink-0">
      <UpgradeDialog triggerLabel="Upgrade Access" triggerClassName="btn-honey" account={account} />
    </div>
  );
}

/** How many filters narrow the list (archetype, level, price; the search text and sort are not filters). */
export function activeFilterCount(filters: DirectoryFilters): number {
  return [filters.archetype, filters.level, filters.minPrice ?? filters.maxPrice, filters.session].filter((v) => v !== null && v !== undefined).length;
}

/**
 * Words for the count of what the preview hides: "match your search" only when something was
 * searched; "more" only when some are shown ("3 practitioners match your search" when none is).
 */
export function hiddenCountText(hidden: number, noun: string, searched: boolean, noneShown = false): string {
  const forms = { one: noun.replace(/s$/, ""), other: noun };
  const more = `${number(hidden)}${noneShown ? "" : " more"} ${pluralForm(hidden, forms)}`;
  if (!searched) return `${more} ${pluralForm(hidden, { one: "is", other: "are" })} waiting in the full directory`;
  return `${more} ${pluralForm(hidden, { one: "matches", other: "match" })} your search`;
}

function UpgradePrompt({ data, account, noun, searched }: { data: DirectoryResponse; account: UpgradeAccount | null; noun: string; searched: boolean }) {
  const hidden = data.accessInfo.total - data.accessInfo.shown;
  return (
    <div className="card mt-6 flex flex-col items-center gap-3 p-8 text-center" data-testid="upgrade-prompt">
      <img src="/images/archetype-bee.svg" alt="" width={56} height={56} className="h-14 w-14" />
      <p className="font-display text-xl text-forest" data-testid="hidden-count">
        {hiddenCountText(hidden, noun, searched, data.accessInfo.shown === 0 || data.practitioners.length === 0)}
      </p>
      <p className="max-w-md text-sm text-muted">
        {account
          ? `Your access shows our first ${data.accessInfo.shown === 0 ? PRACTITIONER_VIEW_LIMIT[data.accessInfo.accessLevel] ?? "" : number(data.accessInfo.shown)} featured ${noun}. Premium members, and the free ${TRIAL_DAYS}-day Premium trial, see every match.`
          : `Visitors see our first featured ${noun}. Create a free account and start the ${TRIAL_DAYS}-day Premium trial to see every match.`}
      </p>
      <UpgradeAction account={account} />
    </div>
  );
}

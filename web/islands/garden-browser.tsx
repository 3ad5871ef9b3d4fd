import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState, type FormEvent } from "react";
import { SearchIcon } from "../components/icons";
import {
  CONTENT_TYPE_LABELS,
  GARDEN_CATEGORIES,
  GARDEN_LIMITS,
  GARDEN_PAGE_SIZE,
  GARDEN_TEXTS,
  gardenPageCount,
  gardenPageText,
  gardenSearchString,
  gardenTotalText,
  parseGardenParams,
  type ApiGardenContent,
  type GardenCategory,
  type GardenFilters,
  type GardenShareResponse,
} from "../../core/garden";
import { CONTENT_TYPES, type ContentType } from "../../core/enums";
import { FACILITATOR_BENEFITS, MONTHLY_BONUS_CLAIMED_STATE, tierProgressPercent } from "../../core/seeds";
import { formatDate } from "../../core/dates";
import type { UpgradeAccount } from "../../core/types";
import { api, errorMessage } from "../lib/api";
import { ContentCard } from "../features/garden/content-card";
import { GardenStatus, type GardenStatusMessage } from "../features/garden/garden-status";
import { gardenQueries, updateCachedItem } from "../features/garden/queries";
import { ReadDialog, type CopyLinkResult } from "../features/garden/read-dialog";
import type { DialogFailure } from "../components/dialog-alert";
import { ShareDialog, type ShareDraft } from "../features/garden/share-dialog";
import UpgradeDialog from "./upgrade-dialog";
import { GARDEN_ASSISTANT } from "../../core/garden-assistant-labels";
import { MEDIA_UPLOAD_PATH } from "../../core/media";

/** Loaded on the first open only (SPEC.md section 4). */
const GardenAssistant = lazy(() => import("../features/assistant/garden-assistant"));

const SEARCH_DEBOUNCE_MS = 350;

/** A piece with its file, as POST /api/garden/uploads reads it (tags repeated). */
function shareForm(draft: ShareDraft, file: File): FormData {
  const form = new FormData();
  form.append("title", draft.title);
  if (draft.description) form.append("description", draft.description);
  form.append("content", draft.content);
  form.append("contentType", draft.contentType);
  for (const tag of draft.tags) form.append("tags", tag);
  form.append("file", file);
  return form;
}

export interface GardenViewerProps {
  userId: string;
  isPractitioner: boolean;
  /** createContent: premium and up (SPEC.md section 6). */
  canCreate: boolean;
  /** accessGarden: basic and up read whole pieces. */
  canRead: boolean;
  /** Seeds per share for this user. */
  reward: number;
  /** A practitioner's bonus of this calendar month (UTC) is already paid (read on the server). */
  bonusClaimed: boolean;
  /** When the next monthly bonus can be claimed (ISO, the next month's first day in UTC). */
  nextBonusOpensAt: string;
}

export interface GardenBrowserProps {
  initialFilters: GardenFilters;
  viewer: GardenViewerProps | null;
  account: UpgradeAccount | null;
  /** A shared link's piece (/garden?item={id}), opened on load. */
  initialItemId: string | null;
  /** The path of this page, for sign-in links that come back. */
  signInHref: string;
}

/**
 * The Community Garden (SPEC.md section 2): the Seeds header, sharing (or the upgrade dialog),
 * search, the content-type filter and categories, the card grid, paging in the URL, the read
 * dialog, likes, views, share links and the Facilitator Benefits panel.
 */
export default function GardenBrowser({ initialFilters, viewer, account, initialItemId, signInHref }: GardenBrowserProps) {
  const queryClient = useQueryClient();
  const ids = useId();
  const [filters, setFilters] = useState(initialFilters);
  const [text, setText] = useState(initialFilters.q);
  const [status, setStatus] = useState<GardenStatusMessage | null>(null);
  const [readingId, setReadingId] = useState<string | null>(initialItemId);
  const resultsHeading = useRef<HTMLHeadingElement>(null);
  const focusResults = useRef(false);
  const viewed = useRef(new Set<string>());
  const [assistantOpen, setAssistantOpen] = useState(false);
  const assistantButton = useRef<HTMLButtonElement>(null);

  const { data, isPending, isError, refetch } = useQuery(gardenQueries.list(filters));
  const wallet = useQuery({ ...gardenQueries.wallet(viewer?.userId ?? ""), enabled: Boolean(viewer) });
  const linked = useQuery({ ...gardenQueries.item(readingId ?? ""), enabled: Boolean(readingId) && !data?.content.some((c) => c.id === readingId) });
  const reading = (readingId && (data?.content.find((c) => c.id === readingId) ?? linked.data)) || null;

  const say = useCallback((message: Omit<GardenStatusMessage, "at">) => setStatus({ ...message, at: Date.now() }), []);
  const dismiss = useCallback(() => setStatus(null), []);

  function apply(next: GardenFilters, options: { focus?: boolean } = {}) {
    setFilters(next);
    focusResults.current = Boolean(options.focus);
    const search = gardenSearchString(next);
    const href = `/garden${search ? `?${search}` : ""}`;
    if (href !== window.location.pathname + window.location.search) window.history.pushState(null, "", href);
  }

  useEffect(() => {
    const onPop = () => {
      const next = parseGardenParams(new URLSearchParams(window.location.search));
      setFilters(next);
      setText(next.q);
    };
    window.addEventListener("popstate", onPop);
    return () => window.removeEventListener("popstate", onPop);
  }, []);

  useEffect(() => {
    const q = text.trim();
    if (q === filters.q) return;
    const timer = setTimeout(() => apply({ ...filters, q, page: 1 }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, filters]);

  useEffect(() => {
    if (data && focusResults.current) {
      focusResults.current = false;
      resultsHeading.current?.focus();
      resultsHeading.current?.scrollIntoView({ block: "start" });
    }
  }, [data]);

  // a signed-in reader's view is counted once per opening (the server counts once a day)
  useEffect(() => {
    if (!viewer || !reading || reading.status !== "approved" || viewed.current.has(reading.id)) return;
    viewed.current.add(reading.id);
    api.send("POST", "/api/garden/interaction", { body: { contentId: reading.id, interactionType: "view" } })
      .then((answer) => updateCachedItem(queryClient, answer.contentId, (item) => ({ ...item, viewCount: answer.viewCount })))
      .catch(() => viewed.current.delete(reading.id));
  }, [reading, viewer, queryClient]);

  const like = useMutation({
    mutationFn: (item: ApiGardenContent) => api.send("POST", "/api/garden/content/:id/like", { params: { id: item.id }, body: { liked: !item.likedByMe } }),
    onSuccess: (answer) => {
      updateCachedItem(queryClient, answer.contentId, (item) => ({ ...item, likedByMe: answer.liked, likeCount: answer.likeCount }));
      say({ kind: "success", title: answer.message });
    },
    onError: (error) => say({ kind: "error", title: "Like failed", description: errorMessage(error, "Please try again.") }),
  });

  function onLike(item: ApiGardenContent) {
    if (!viewer) {
      say({ kind: "error", title: GARDEN_TEXTS.signInRequired, description: GARDEN_TEXTS.signInToLike, action: { href: signInHref, label: "Sign in" } });
      return;
    }
    like.mutate(item);
  }

  async function copyLink(item: ApiGardenContent): Promise<CopyLinkResult> {
    const url = `${window.location.origin}/garden?item=${encodeURIComponent(item.id)}`;
    try {
      if (!navigator.clipboard) throw new Error("no clipboard");
      await navigator.clipboard.writeText(url);
      return { kind: "success", title: GARDEN_TEXTS.copied, description: url };
    } catch {
      return { kind: "error", title: GARDEN_TEXTS.copyFailed, description: `${GARDEN_TEXTS.copyManually} ${url}` };
    }
  }

  const onCopyLink = async (item: ApiGardenContent) => say(await copyLink(item));

  async function onShare(draft: ShareDraft, requestKey: string): Promise<true | DialogFailure> {
    try {
      const res = draft.file ? await fetch(MEDIA_UPLOAD_PATH, { method: "POST", credentials: "include", headers: { Accept: "application/json", "Idempotency-Key": requestKey }, body: shareForm(draft, draft.file) }) : await fetch("/api/garden/content", {
        method: "POST",
        credentials: "include",
        headers: { "Content-Type": "application/json", Accept: "application/json", "Idempotency-Key": requestKey },
        body: JSON.stringify({ ...draft, description: draft.description || null }),
      });
      const body = await res.json().catch(() => null);
      if (!res.ok) return { title: GARDEN_TEXTS.uploadFailed, description: typeof body?.message === "string" ? body.message : GARDEN_TEXTS.uploadFailedFallback };
      const answer = body as GardenShareResponse;
      say({ kind: "success", title: answer.message, description: answer.description, action: { href: "/garden/wallet", label: "See your Seeds" } });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: gardenQueries.lists() }),
        viewer ? queryClient.invalidateQueries({ queryKey: gardenQueries.wallet(viewer.userId).queryKey }) : null,
      ]);
      return true;
    } catch (error) {
      return { title: GARDEN_TEXTS.uploadFailed, description: errorMessage(error, GARDEN_TEXTS.uploadFailedFallback) };
    }
  }

  const bonusDone = useRef<HTMLParagraphElement>(null);
  const bonus = useMutation({
    mutationFn: () => api.send("POST", "/api/seeds/monthly-bonus"),
    onSuccess: (answer) => {
      queryClient.setQueryData(gardenQueries.wallet(answer.wallet.userId).queryKey, answer.wallet);
      say({ kind: answer.granted ? "success" : "error", title: answer.granted ? `+${answer.amount} Seeds` : "Already claimed", description: answer.message });
    },
    onError: (error) => say({ kind: "error", title: "Bonus failed", description: errorMessage(error, "Please try again.") }),
  });

  // the claim button gives way to the claimed line: the keyboard focus moves to it, not to the page's body
  useEffect(() => {
    if (bonus.isSuccess) bonusDone.current?.focus();
  }, [bonus.isSuccess]);

  function submitSearch(event: FormEvent) {
    event.preventDefault();
    apply({ ...filters, q: text.trim(), page: 1 });
  }

  const total = data?.total ?? 0;
  // a keyword search with many matches counts up to a bound: 'Page 3 of 50+' and Next stays on
  const totalExact = data?.totalExact ?? true;
  const totalPages = gardenPageCount(total);
  const hasNext = filters.page < totalPages || !totalExact;
  const hrefFor = (page: number) => {
    const search = gardenSearchString({ ...filters, page });
    return `/garden${search ? `?${search}` : ""}`;
  };
  const go = (page: number) => (event: React.MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    event.preventDefault();
    apply({ ...filters, page }, { focus: true });
  };

  const lockedNotice = viewer ? (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <p>Reading whole pieces needs Basic access or higher.</p>
      <UpgradeDialog triggerLabel="Upgrade Access" account={account} />
    </div>
  ) : (
    <p>
      This is an excerpt. <a href={signInHref} className="font-semibold underline">Sign in</a> with Basic access or higher to read the whole piece.
    </p>
  );

  return (
    <div className="space-y-8">
      <GardenStatus message={status} onDismiss={dismiss} />

      <section aria-label="Your Seeds and sharing" className="card flex flex-col gap-4 p-5 sm:flex-row sm:items-center sm:justify-between">
        {viewer ? (
          <div data-testid="seeds-header">
            {wallet.data ? (
              <>
                <p className="text-sm text-muted">Your Seeds</p>
                <p className="font-display text-3xl font-semibold text-forest">
                  <span data-testid="seeds-balance">{wallet.data.seedsBalance.toLocaleString("en-US")}</span> Seeds
                  <span className="ml-2 rounded-full bg-sage px-2.5 py-0.5 align-middle font-sans text-sm font-semibold text-forest" data-testid="seeds-tier">{wallet.data.currentTier}</span>
                </p>
                <div className="mt-2 h-2 w-56 max-w-full overflow-hidden rounded-full bg-forest/10" role="progressbar" aria-label="Progress to the next tier" aria-valuemin={0} aria-valuemax={100} aria-valuenow={tierProgressPercent(wallet.data.totalEarned)}>
                  <div className="h-full bg-moss" style={{ width: `${tierProgressPercent(wallet.data.totalEarned)}%` }} />
                </div>
                <a href="/garden/wallet" className="mt-1 inline-block text-sm font-semibold text-forest underline underline-offset-2">View wallet</a>
              </>
            ) : (
              <p className="text-sm text-muted">{wallet.isError ? "Your Seeds could not be loaded." : "Loading your Seeds…"}</p>
            )}
          </div>
        ) : (
          <p className="text-sm text-muted">
            <a href={signInHref} className="font-semibold text-forest underline underline-offset-2">Sign in</a> to like content, see your Seeds and share with the community.
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          {!viewer ? (
            <a href={signInHref} className="btn-honey">Sign in to share</a>
          ) : viewer.canCreate ? (
            <ShareDialog reward={viewer.reward} onShare={onShare} />
          ) : (
            <UpgradeDialog triggerLabel="Share Content" account={account} />
          )}
        </div>
      </section>

      {viewer?.isPractitioner && (
        <section aria-labelledby={`${ids}-benefits`} className="rounded-3xl border border-honey/40 bg-honey-light p-5 sm:p-6" data-testid="facilitator-benefits">
          <h2 id={`${ids}-benefits`} className="text-2xl font-semibold text-forest">Facilitator Benefits</h2>
          <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            {FACILITATOR_BENEFITS.map((benefit) => (
              <li key={benefit.title} className="rounded-2xl bg-white/70 p-4">
                <p className="font-semibold text-forest">{benefit.title}</p>
                <p className="mt-1 text-sm text-ink">{benefit.text}</p>
              </li>
            ))}
          </ul>
          {viewer.bonusClaimed || bonus.isSuccess ? (
            <p ref={bonusDone} tabIndex={-1} className="mt-4 font-semibold text-forest" data-testid="monthly-bonus-claimed">
              <span aria-hidden="true">✓ </span>
              {MONTHLY_BONUS_CLAIMED_STATE}. <span className="font-normal text-ink">The next one opens on {formatDate(viewer.nextBonusOpensAt)}.</span>
            </p>
          ) : (
            /* waiting, it ignores presses but keeps the keyboard focus (a disabled button drops it to the page's body) */
            <button type="button" className="btn-primary mt-4" onClick={() => bonus.isPending || bonus.mutate()} aria-disabled={bonus.isPending || undefined}>
              {bonus.isPending ? "Claiming..." : "Claim this month's bonus"}
            </button>
          )}
        </section>
      )}

      <form action="/garden" method="get" role="search" onSubmit={submitSearch} className="card grid gap-4 p-4 sm:p-5 md:grid-cols-[1fr_auto]" aria-label="Search the Garden">
        <div>
          <label htmlFor={`${ids}-q`} className="label">Search</label>
          <div className="relative">
            <SearchIcon className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted" />
            <input id={`${ids}-q`} name="q" type="search" value={text} maxLength={GARDEN_LIMITS.queryMax} onChange={(e) => setText(e.target.value)} placeholder="Search titles, tags and practices" className="input pl-9" />
          </div>
        </div>
        <div>
          <label htmlFor={`${ids}-type`} className="label">Content type</label>
          <select
            id={`${ids}-type`}
            name="type"
            className="input"
            value={filters.contentType ?? ""}
            onChange={(e) => apply({ ...filters, contentType: (e.target.value || null) as ContentType | null, page: 1 })}
          >
            <option value="">All types</option>
            {CONTENT_TYPES.map((type) => (
              <option key={type} value={type}>{CONTENT_TYPE_LABELS[type]}</option>
            ))}
          </select>
        </div>
        <fieldset className="md:col-span-2">
          <legend className="label">Categories</legend>
          <div className="flex flex-wrap gap-2">
            {[{ key: null, label: "All" } as { key: GardenCategory | null; label: string }, ...GARDEN_CATEGORIES].map((category) => (
              <button
                key={category.label}
                type="button"
                aria-pressed={filters.category === category.key}
                onClick={() => apply({ ...filters, category: category.key, page: 1 })}
                className={`min-h-11 rounded-full border px-4 text-sm font-semibold ${filters.category === category.key ? "border-forest bg-forest text-white" : "border-forest/20 bg-white text-forest hover:bg-sage/50"}`}
              >
                {category.label}
              </button>
            ))}
          </div>
        </fieldset>
        <noscript><button type="submit" className="btn-primary">Search</button></noscript>
      </form>

      <section aria-labelledby={`${ids}-results`} aria-busy={isPending}>
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id={`${ids}-results`} ref={resultsHeading} tabIndex={-1} className="text-2xl font-semibold text-forest">
            {filters.q ? `Results for “${filters.q}”` : "Shared by the community"}
          </h2>
          {data && <p className="text-sm text-muted" data-testid="garden-total">{gardenTotalText(total, totalExact)}</p>}
        </div>
        {isError ? (
          <div className="card mt-4 p-6 text-center" role="alert">
            <p>The Garden could not be loaded.</p>
            <button type="button" className="btn-outline mt-3" onClick={() => refetch()}>Try again</button>
          </div>
        ) : !data ? (
          <div className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {Array.from({ length: 6 }, (_, i) => <div key={i} className="skeleton h-64" />)}
          </div>
        ) : data.content.length === 0 && total > 0 && filters.page > 1 ? (
          <div className="card mt-4 p-8 text-center text-muted">
            <p>{GARDEN_TEXTS.pastTheEnd(filters.page)}</p>
            <a href={hrefFor(1)} onClick={go(1)} className="btn-outline mt-3">{GARDEN_TEXTS.backToFirstPage}</a>
          </div>
        ) : data.content.length === 0 ? (
          <p className="card mt-4 p-8 text-center text-muted">{GARDEN_TEXTS.empty}</p>
        ) : (
          <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="garden-grid">
            {data.content.map((item) => (
              <li key={item.id}>
                <ContentCard item={item} onRead={(i) => setReadingId(i.id)} onLike={onLike} onCopyLink={onCopyLink} liking={like.isPending && like.variables?.id === item.id} />
              </li>
            ))}
          </ul>
        )}
        {data && total >= GARDEN_PAGE_SIZE && (
          <nav aria-label="Garden pages" className="mt-8 flex flex-wrap items-center justify-center gap-3">
            {filters.page > 1 ? (
              <a href={hrefFor(filters.page - 1)} onClick={go(filters.page - 1)} rel="prev" className="btn-outline">Previous</a>
            ) : (
              <span className="btn-outline opacity-50" aria-disabled="true">Previous</span>
            )}
            <span className="text-sm text-muted" aria-current="page">{gardenPageText(filters.page, total, totalExact)}</span>
            {hasNext ? (
              <a href={hrefFor(filters.page + 1)} onClick={go(filters.page + 1)} rel="next" className="btn-outline">Next</a>
            ) : (
              <span className="btn-outline opacity-50" aria-disabled="true">Next</span>
            )}
          </nav>
        )}
      </section>

      <ReadDialog
        item={reading}
        onClose={() => {
          setReadingId(null);
          if (new URLSearchParams(window.location.search).has("item")) window.history.replaceState(null, "", hrefFor(filters.page));
        }}
        lockedNotice={lockedNotice}
        onCopyLink={copyLink}
        onDownload={(item) =>
          void api.send("POST", "/api/garden/interaction", { body: { contentId: item.id, interactionType: "download" } })
            .then((answer) => updateCachedItem(queryClient, answer.contentId, (cached) => ({ ...cached, downloadCount: answer.downloadCount })))
            .catch(() => undefined)
        }
      />
      {/* GARDEN ASSISTANT MOUNT POINT: the floating Garden assistant (SPEC.md sections 4 and 9) mounts here. */}
      {assistantOpen ? (
        <Suspense fallback={null}>
          <GardenAssistant
            items={data?.content ?? []}
            signedIn={viewer !== null}
            onOpenItem={(id) => setReadingId(id)}
            onClose={(options) => {
              setAssistantOpen(false);
              if (options?.returnFocus !== false) queueMicrotask(() => assistantButton.current?.focus());
            }}
          />
        </Suspense>
      ) : (
        <button
          ref={assistantButton}
          type="button"
          aria-haspopup="dialog"
          aria-expanded="false"
          // kept clear of the page's controls, toasts and Maia's button by web/assistant-launcher.ts
          data-floating=""
          onClick={() => setAssistantOpen(true)}
          className="fixed bottom-20 right-4 z-40 flex items-center gap-2 rounded-full bg-honey-light focus-visible:z-[60] px-4 py-2 text-sm font-semibold text-forest shadow-lg hover:bg-honey hover:text-ink sm:bottom-24 sm:right-6"
        >
          <span aria-hidden="true">🌱</span>
          {GARDEN_ASSISTANT.launcherLabel}
        </button>
      )}
    </div>
  );
}


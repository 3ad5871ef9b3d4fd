import { CONTENT_TYPE_LABELS, GARDEN_CATEGORIES, GARDEN_TEXTS, type ApiGardenContent } from "../../../core/garden";
import { ARCHETYPE_DEFINITIONS } from "../../../core/archetypes";
import { SeedIcons } from "./seed-icons";

const number = (n: number) => n.toLocaleString("en-US");

/**
 * Audio and Video pieces without a file are written guides (issue 27): the card says there is
 * nothing to play yet rather than promise it. Uploading media is not built (docs/decisions/030).
 */
const NO_MEDIA_NOTE: Partial<Record<ApiGardenContent["contentType"], string>> = {
  audio: "Written guide: no recording yet",
  video: "Written guide: no video yet",
};

export function authorName(item: ApiGardenContent): string {
  return [item.author.firstName, item.author.lastName].filter(Boolean).join(" ") || "A Pollinate member";
}

export function categoryLabel(item: ApiGardenContent): string {
  return GARDEN_CATEGORIES.find((c) => c.key === item.category)?.label ?? "";
}

/** Verified (approved) or Pending review (only ever shown to the author). */
export function StatusBadge({ status }: { status: string }) {
  if (status === "approved") {
    return (
      <span className="inline-flex items-center gap-1 rounded-full bg-moss/15 px-2 py-0.5 text-xs font-semibold text-forest-dark">
        <span aria-hidden="true">✓</span>
        {GARDEN_TEXTS.verifiedBadge}
      </span>
    );
  }
  if (status === "pending") {
    return <span className="rounded-full bg-honey/25 px-2 py-0.5 text-xs font-semibold text-ink">{GARDEN_TEXTS.pendingBadge}</span>;
  }
  return null;
}

const HeartIcon = ({ filled }: { filled: boolean }) => (
  <svg viewBox="0 0 24 24" className="h-4 w-4" aria-hidden="true" fill={filled ? "currentColor" : "none"} stroke="currentColor" strokeWidth="1.8">
    <path d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10Z" />
  </svg>
);

export interface ContentCardProps {
  item: ApiGardenContent;
  onRead: (item: ApiGardenContent) => void;
  onLike: (item: ApiGardenContent) => void;
  onCopyLink: (item: ApiGardenContent) => void;
  liking: boolean;
}

/** A card of the Garden grid: type, category, badge, title, author, tags, Seeds and counts. */
export function ContentCard({ item, onRead, onLike, onCopyLink, liking }: ContentCardProps) {
  const archetype = item.authorArchetype ? ARCHETYPE_DEFINITIONS[item.authorArchetype] : null;
  return (
    <article className="card flex h-full flex-col p-5" aria-labelledby={`garden-${item.id}-title`} data-content-id={item.id}>
      <div className="flex flex-wrap items-center gap-2 text-xs">
        <span className="rounded-full bg-sage/70 px-2 py-0.5 font-semibold text-forest">{CONTENT_TYPE_LABELS[item.contentType]}</span>
        <span className="text-muted">{categoryLabel(item)}</span>
        {item.isFeatured && <span className="rounded-full bg-honey px-2 py-0.5 font-semibold text-ink">Featured</span>}
        <span className="ml-auto"><StatusBadge status={item.status} /></span>
      </div>
      <h3 id={`garden-${item.id}-title`} className="mt-3 break-words font-display text-xl font-semibold text-forest">{item.title}</h3>
      <p className="mt-1 text-xs text-muted">
        by {authorName(item)}
        {archetype ? ` · ${archetype.name} practitioner` : ""}
      </p>
      {!item.hasMedia && NO_MEDIA_NOTE[item.contentType] && (
        <p className="mt-2 text-xs font-semibold text-muted" data-testid="no-media">{NO_MEDIA_NOTE[item.contentType]}</p>
      )}
      {item.description && <p className="mt-3 line-clamp-3 break-words text-sm text-ink">{item.description}</p>}
      {item.tags.length > 0 && (
        <ul className="mt-3 flex flex-wrap gap-1.5" aria-label="Tags">
          {item.tags.map((tag) => (
            <li key={tag} className="rounded-full border border-forest/15 px-2 py-0.5 text-xs text-forest">#{tag}</li>
          ))}
        </ul>
      )}
      <div className="mt-auto pt-4">
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted">
          <SeedIcons seeds={item.seedsReward} />
          <span><span className="sr-only">Likes: </span><span aria-hidden="true">♥ </span><span data-testid="like-count">{number(item.likeCount)}</span></span>
          <span><span className="sr-only">Views: </span><span aria-hidden="true">👁 </span>{number(item.viewCount)}</span>
          {/* downloads are counted only for what can be downloaded (issue 27) */}
          {item.hasMedia && <span><span className="sr-only">Downloads: </span><span aria-hidden="true">⤓ </span>{number(item.downloadCount)}</span>}
        </div>
        <div className="mt-3 flex flex-wrap gap-2">
          <button type="button" className="btn-primary min-h-11 px-4 py-2 text-sm" onClick={() => onRead(item)} aria-label={`Read “${item.title}”`}>Read</button>
          <button
            type="button"
            className={`btn-outline min-h-11 gap-1.5 px-3 py-2 text-sm ${item.likedByMe ? "border-forest bg-sage/60" : ""}`}
            onClick={() => liking || onLike(item)}
            aria-pressed={item.likedByMe}
            // waiting for its answer it ignores presses but keeps the keyboard focus (a disabled button drops it to the page's body)
            aria-disabled={liking || undefined}
            disabled={item.status !== "approved"}
            aria-label={`${item.likedByMe ? "Unlike" : "Like"} “${item.title}”`}
          >
            <HeartIcon filled={item.likedByMe} />
            {item.likedByMe ? "Liked" : "Like"}
          </button>
          <button type="button" className="btn-ghost min-h-11 px-3 py-2 text-sm" onClick={() => onCopyLink(item)} aria-label={`Copy a link to “${item.title}”`} disabled={item.status !== "approved"}>
            Share link
          </button>
        </div>
      </div>
    </article>
  );
}

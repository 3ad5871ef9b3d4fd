import { useEffect, useId, useRef, useState } from "react";
import { CloseIcon } from "../../components/icons";
import { CONTENT_TYPE_LABELS, contentParagraphs, type ApiGardenContent } from "../../../core/garden";
import { formatDate } from "../../../core/dates";
import { authorName, categoryLabel, StatusBadge } from "./content-card";
import { SeedIcons } from "./seed-icons";

/** 'Copied to clipboard!' with the link, or 'Copy failed' with the link to copy by hand. */
export interface CopyLinkResult {
  kind: "success" | "error";
  title: string;
  description: string;
}

export interface ReadDialogProps {
  item: ApiGardenContent | null;
  onClose: () => void;
  /** What a reader without access sees under an excerpt (sign in, or the upgrade dialog). */
  lockedNotice: React.ReactNode;
  /**
   * Copies the piece's link; the dialog shows the answer beside its button (the page's toast would
   * sit under the modal dialog, unseen and inert, and over its buttons on a phone).
   */
  onCopyLink: (item: ApiGardenContent) => Promise<CopyLinkResult>;
  /** The reader saved the piece's file (counted once a day by the server). */
  onDownload?: (item: ApiGardenContent) => void;
}

/** "4.2 MB", "860 KB": a file's size for people. */
export function fileSizeText(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** The piece's recording or video, played with the browser's own controls, and a link to save it. */
function MediaPlayer({ item, onDownload }: { item: ApiGardenContent; onDownload?: (item: ApiGardenContent) => void }) {
  const media = item.media;
  if (!media) return null;
  const label = `${item.contentType === "video" ? "Video" : "Recording"}: ${item.title}`;
  return (
    <figure className="mt-5 space-y-2" data-testid="garden-media">
      {item.contentType === "video" ? (
        <video controls preload="metadata" src={media.url} className="w-full rounded-2xl bg-ink" aria-label={label} />
      ) : (
        <audio controls preload="metadata" src={media.url} className="w-full" aria-label={label} />
      )}
      <figcaption className="flex flex-wrap items-center justify-between gap-2 text-sm text-muted">
        <span className="break-all">{media.fileName} · {fileSizeText(media.fileSize)}</span>
        <a className="btn-outline min-h-11" href={`${media.url}?download=1`} download={media.fileName} onClick={() => onDownload?.(item)}>
          Download
        </a>
      </figcaption>
    </figure>
  );
}

/** The read dialog: the piece's text as paragraphs of plain text (never HTML). */
export function ReadDialog({ item, onClose, lockedNotice, onCopyLink, onDownload }: ReadDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [copied, setCopied] = useState<{ itemId: string; result: CopyLinkResult } | null>(null);
  const copyResult = item && copied?.itemId === item.id ? copied.result : null;
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (item && !dialog.open) dialog.showModal();
    if (!item && dialog.open) dialog.close();
    if (!item) setCopied(null);
  }, [item]);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      // React passes a dialog's close event up its component tree: closing the upgrade dialog
      // opened from the locked notice inside must not close the piece being read
      onClose={(event) => event.target === event.currentTarget && onClose()}
      className="m-auto w-[min(100%-1.5rem,44rem)] max-h-[calc(100dvh-1.5rem)] overflow-y-auto rounded-3xl border border-forest/10 bg-cream p-0 text-ink shadow-2xl backdrop:bg-ink/50"
    >
      {item && (
        <div className="relative p-5 sm:p-8">
          <button type="button" onClick={() => ref.current?.close()} className="absolute right-3 top-3 flex h-11 w-11 items-center justify-center rounded-full text-forest hover:bg-sage/60" aria-label="Close">
            <CloseIcon className="h-5 w-5" />
          </button>
          <p className="eyebrow">{CONTENT_TYPE_LABELS[item.contentType]} · {categoryLabel(item)}</p>
          <h2 id={titleId} className="mt-2 break-words pr-10 text-3xl font-semibold text-forest">{item.title}</h2>
          <div className="mt-2 flex flex-wrap items-center gap-3 text-sm text-muted">
            <span>by {authorName(item)}</span>
            <span>{formatDate(item.createdAt)}</span>
            <StatusBadge status={item.status} />
            <SeedIcons seeds={item.seedsReward} />
          </div>
          {item.description && <p className="mt-4 break-words text-lg text-ink">{item.description}</p>}
          <MediaPlayer item={item} onDownload={onDownload} />
          <div className="mt-5 space-y-4 break-words leading-relaxed text-ink" data-testid="garden-read-text">
            {contentParagraphs(item.content).map((paragraph, i) => (
              <p key={i}>{paragraph}</p>
            ))}
          </div>
          {item.contentLocked && <div className="mt-6 rounded-2xl border border-honey/50 bg-honey-light p-4 text-sm">{lockedNotice}</div>}
          {item.tags.length > 0 && (
            <ul className="mt-6 flex flex-wrap gap-1.5" aria-label="Tags">
              {item.tags.map((tag) => (
                <li key={tag} className="rounded-full border border-forest/15 px-2 py-0.5 text-xs text-forest">#{tag}</li>
              ))}
            </ul>
          )}
          <div role="status">
            {copyResult && (
              <div className={`mt-6 rounded-2xl border px-4 py-3 text-sm ${copyResult.kind === "error" ? "border-red-200 bg-red-50 text-red-900" : "border-moss/30 bg-white text-forest-dark"}`}>
                <p className="font-semibold">{copyResult.title}</p>
                <p className="mt-0.5 break-all">{copyResult.description}</p>
              </div>
            )}
          </div>
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            {item.status === "approved" && (
              <button type="button" className="btn-outline" onClick={() => onCopyLink(item).then((result) => setCopied({ itemId: item.id, result }))}>Copy link</button>
            )}
            <button type="button" className="btn-primary" onClick={() => ref.current?.close()}>Close</button>
          </div>
        </div>
      )}
    </dialog>
  );
}

import { useId, useRef, useState, type FormEvent } from "react";
import { CloseIcon } from "../../components/icons";
import { DialogAlert, type DialogFailure } from "../../components/dialog-alert";
import { CONTENT_TYPE_LABELS, GARDEN_LIMITS, parseTagsText } from "../../../core/garden";
import { CONTENT_TYPES, type ContentType } from "../../../core/enums";
import { MEDIA_ACCEPT, MEDIA_CONTENT_TYPES, MEDIA_LIMITS, MEDIA_TEXTS, mediaKindOf, sniffMediaType } from "../../../core/media";

export interface ShareDraft {
  title: string;
  description: string;
  content: string;
  contentType: ContentType;
  tags: string[];
  /** The recording or video of an Audio or Video piece (sent with the piece as one form). */
  file?: File;
}

/** What the dialog says of a chosen file before it is sent (the server checks the same again): null when it fits. */
export async function fileProblem(file: File, kind: "audio" | "video"): Promise<string | null> {
  if (file.size === 0) return MEDIA_TEXTS.empty;
  if (file.size > MEDIA_LIMITS.maxBytes) return MEDIA_TEXTS.tooLarge;
  const type = sniffMediaType(new Uint8Array(await file.slice(0, 4096).arrayBuffer()));
  if (!type) return MEDIA_TEXTS.unknownType;
  return mediaKindOf(type) === kind ? null : MEDIA_TEXTS.wrongKind(kind);
}

const FILE_HINTS: Record<"audio" | "video", string> = {
  audio: `MP3, M4A, OGG, WAV or FLAC, up to ${MEDIA_LIMITS.maxBytes / 1024 / 1024} MB. Readers play it in the piece.`,
  video: `MP4 or WebM, up to ${MEDIA_LIMITS.maxBytes / 1024 / 1024} MB. Readers play it in the piece.`,
};

export interface ShareDialogProps {
  /** Seeds this user earns per share (25, or 50 for practitioners). */
  reward: number;
  /**
   * Sends the draft; resolves true when it was shared (the dialog then closes and resets), else the
   * failure, which the dialog shows itself: a toast of the page would sit under the modal dialog,
   * unseen and inert.
   */
  onShare: (draft: ShareDraft, requestKey: string) => Promise<true | DialogFailure>;
}

function newRequestKey(): string {
  return crypto.randomUUID();
}

/**
 * The Share Content dialog (SPEC.md sections 2 and 5): submit is disabled until the title and the
 * content are non-empty; tags are comma-separated. One request key per draft as sent, so a retry of
 * the same draft (a double click, a lost answer) shares once, and an edited draft is new content
 * with a new key (the server answers 422 to one key sent with two different drafts).
 */
export function ShareDialog({ reward, onShare }: ShareDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const ids = useId();
  const [title, setTitle] = useState("");
  const [description, setDescription] = useState("");
  const [content, setContent] = useState("");
  const [contentType, setContentType] = useState<ContentType>("article");
  const [tags, setTags] = useState("");
  const [file, setFile] = useState<{ file: File; problem: string | null } | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<DialogFailure | null>(null);
  const sent = useRef<{ key: string; draft: string } | null>(null);

  const fileKind = MEDIA_CONTENT_TYPES[contentType] ?? null;
  // an Audio or Video piece comes with its file: the Garden offers nothing it cannot play
  const fileReady = fileKind === null || (file !== null && file.problem === null);
  const ready = title.trim() !== "" && content.trim() !== "" && fileReady;

  async function chooseFile(chosen: File | undefined) {
    if (!chosen || !fileKind) return setFile(null);
    setFile({ file: chosen, problem: await fileProblem(chosen, fileKind) });
  }

  function chooseType(type: ContentType) {
    setContentType(type);
    // a file chosen for another kind of piece no longer fits: checked again, or let go
    const kind = MEDIA_CONTENT_TYPES[type];
    if (file && kind) void fileProblem(file.file, kind).then((problem) => setFile({ file: file.file, problem }));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!ready || pending) return;
    setPending(true);
    setFailure(null);
    const attached = fileKind && file ? file.file : undefined;
    const draft: ShareDraft = { title: title.trim(), description: description.trim(), content: content.trim(), contentType, tags: parseTagsText(tags), file: attached };
    const text = JSON.stringify({ ...draft, file: attached && [attached.name, attached.size, attached.lastModified] });
    if (sent.current?.draft !== text) sent.current = { key: newRequestKey(), draft: text };
    const shared = await onShare(draft, sent.current.key);
    setPending(false);
    if (shared !== true) setFailure(shared);
    else {
      setTitle("");
      setDescription("");
      setContent("");
      setTags("");
      setFile(null);
      if (fileInput.current) fileInput.current.value = "";
      setContentType("article");
      sent.current = null;
      ref.current?.close();
    }
  }

  return (
    <>
      <button
        type="button"
        className="btn-honey"
        aria-haspopup="dialog"
        onClick={() => {
          setFailure(null);
          ref.current?.showModal();
        }}
      >
        Share Content
      </button>
      <dialog
        ref={ref}
        aria-labelledby={`${ids}-title`}
        className="m-auto w-[min(100%-1.5rem,40rem)] max-h-[calc(100dvh-1.5rem)] overflow-y-auto rounded-3xl border border-forest/10 bg-cream p-0 text-ink shadow-2xl backdrop:bg-ink/50"
      >
        <form onSubmit={submit} className="relative space-y-4 p-5 sm:p-8">
          <button type="button" onClick={() => ref.current?.close()} className="absolute right-3 top-3 flex h-11 w-11 items-center justify-center rounded-full text-forest hover:bg-sage/60" aria-label="Close">
            <CloseIcon className="h-5 w-5" />
          </button>
          <div>
            <p className="eyebrow">Community Garden</p>
            <h2 id={`${ids}-title`} className="mt-2 pr-10 text-3xl font-semibold text-forest">Share Content</h2>
            <p className="mt-1 text-sm text-muted">
              Share an insight, resource or practice. It appears in the Garden once a moderator has reviewed it, and you earn {reward} Seeds for sharing.
            </p>
          </div>
          <div>
            <label htmlFor={`${ids}-t`} className="label">Title</label>
            <input id={`${ids}-t`} name="title" className="input" value={title} onChange={(e) => setTitle(e.target.value)} maxLength={GARDEN_LIMITS.titleMax} required />
          </div>
          <div>
            <label htmlFor={`${ids}-d`} className="label">Description <span className="font-normal text-muted">(optional)</span></label>
            <input id={`${ids}-d`} name="description" className="input" value={description} onChange={(e) => setDescription(e.target.value)} maxLength={GARDEN_LIMITS.descriptionMax} />
          </div>
          <div>
            <label htmlFor={`${ids}-type`} className="label">Content type</label>
            <select id={`${ids}-type`} name="contentType" className="input" value={contentType} onChange={(e) => chooseType(e.target.value as ContentType)}>
              {CONTENT_TYPES.map((type) => (
                <option key={type} value={type}>{CONTENT_TYPE_LABELS[type]}</option>
              ))}
            </select>
          </div>
          {fileKind && (
            <div>
              <label htmlFor={`${ids}-file`} className="label">{fileKind === "audio" ? "Recording" : "Video"}</label>
              <input
                ref={fileInput}
                id={`${ids}-file`}
                name="file"
                type="file"
                accept={MEDIA_ACCEPT[fileKind]}
                className="input file:mr-3 file:rounded-full file:border-0 file:bg-sage file:px-3 file:py-1 file:text-forest"
                aria-describedby={`${ids}-file-hint${file?.problem ? ` ${ids}-file-problem` : ""}`}
                aria-invalid={file?.problem ? true : undefined}
                onChange={(e) => void chooseFile(e.target.files?.[0])}
                required
              />
              <p id={`${ids}-file-hint`} className="mt-1 text-xs text-muted">{FILE_HINTS[fileKind]}</p>
              {file?.problem && (
                <p id={`${ids}-file-problem`} role="alert" className="mt-1 text-sm font-semibold text-red-800">{file.problem}</p>
              )}
              {!file && <p className="mt-1 text-xs text-muted">{MEDIA_TEXTS.fileRequired(fileKind)}.</p>}
            </div>
          )}
          <div>
            <label htmlFor={`${ids}-c`} className="label">Content</label>
            <textarea id={`${ids}-c`} name="content" className="input min-h-40" value={content} onChange={(e) => setContent(e.target.value)} maxLength={GARDEN_LIMITS.contentMax} required />
            <p className="mt-1 text-xs text-muted">Plain text; blank lines start new paragraphs.</p>
          </div>
          <div>
            <label htmlFor={`${ids}-tags`} className="label">Tags</label>
            <input id={`${ids}-tags`} name="tags" className="input" value={tags} onChange={(e) => setTags(e.target.value)} aria-describedby={`${ids}-tags-hint`} />
            <p id={`${ids}-tags-hint`} className="mt-1 text-xs text-muted">Separate tags with commas, e.g. sleep, breathwork: up to {GARDEN_LIMITS.tagsMax} tags, each at most {GARDEN_LIMITS.tagMax} characters.</p>
          </div>
          <DialogAlert failure={failure} />
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <button type="button" className="btn-outline" onClick={() => ref.current?.close()}>Cancel</button>
            <button type="submit" className="btn-primary" disabled={!ready || pending}>{pending ? "Sharing..." : "Share to the Garden"}</button>
          </div>
        </form>
      </dialog>
    </>
  );
}

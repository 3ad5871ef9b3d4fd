/**
 * Uploaded files kept in the database (media_files; docs/decisions/032-garden-media.md): written
 * in the transaction of what they belong to, served by any process with an ETag, long private
 * caching and byte ranges (a browser's player asks for ranges to seek).
 */
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { first, type Db } from "../../../db/client";
import { mediaFiles } from "../../../db/schema";
import { MEDIA_LIMITS, MEDIA_TEXTS, sniffMediaType, type MediaType } from "../../../core/media";
import { badRequest, httpError } from "../../http/errors";

export interface CheckedMedia {
  bytes: Uint8Array;
  contentType: MediaType;
  sha256: string;
}

/** The upload's bytes, refused with a clear 400/413 when empty, too large or of no type we play. */
export function checkMedia(bytes: Uint8Array): CheckedMedia {
  if (bytes.byteLength === 0) throw badRequest(MEDIA_TEXTS.empty);
  if (bytes.byteLength > MEDIA_LIMITS.maxBytes) throw httpError(413, MEDIA_TEXTS.tooLarge);
  const contentType = sniffMediaType(bytes);
  if (!contentType) throw badRequest(MEDIA_TEXTS.unknownType);
  return { bytes, contentType, sha256: createHash("sha256").update(bytes).digest("hex") };
}

/** Stores a checked file for its owner, inside the caller's transaction; answers its id. */
export async function storeMedia(tx: Db, ownerId: string, media: CheckedMedia, now: Date): Promise<string> {
  const [row] = await tx
    .insert(mediaFiles)
    .values({ ownerId, contentType: media.contentType, byteSize: media.bytes.byteLength, sha256: media.sha256, data: Buffer.from(media.bytes), createdAt: now })
    .returning({ id: mediaFiles.id });
  return row!.id;
}

export type StoredMedia = typeof mediaFiles.$inferSelect;

export async function readMedia(db: Db, id: string): Promise<StoredMedia | undefined> {
  return first(db.select().from(mediaFiles).where(eq(mediaFiles.id, id)).limit(1));
}

/** `bytes=a-b`, `bytes=a-` or `bytes=-n` over a file of `size` bytes: the inclusive range, "unsatisfiable", or null for the whole file. */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | "unsatisfiable" | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  // several ranges or another unit: answered with the whole file, as RFC 9110 allows
  if (!match || (match[1] === "" && match[2] === "")) return null;
  let start: number;
  let end: number;
  if (match[1] === "") {
    const suffix = Number(match[2]);
    if (suffix === 0) return "unsatisfiable";
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === "" ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start >= size || start > end) return "unsatisfiable";
  return { start, end };
}

/** A Content-Disposition value with the name in ASCII and in UTF-8 (RFC 6266, 8187). */
function disposition(kind: "inline" | "attachment", fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\%]/g, "_");
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * The file as an HTTP answer: 200, 206 for a range, 304 when the ETag matches, 416 for a range
 * past the end. `cacheControl` says who may keep it (private for gated content).
 */
export function mediaResponse(
  request: Request,
  media: Pick<StoredMedia, "byteSize" | "sha256" | "data"> & { contentType: string },
  options: { fileName: string; download: boolean; cacheControl: string },
): Response {
  const etag = `"${media.sha256}"`;
  const headers = new Headers({
    "Content-Type": media.contentType,
    ETag: etag,
    "Cache-Control": options.cacheControl,
    "Accept-Ranges": "bytes",
    "Content-Disposition": disposition(options.download ? "attachment" : "inline", options.fileName),
    "X-Content-Type-Options": "nosniff",
  });
  const ifNoneMatch = request.headers.get("if-none-match");
  if (ifNoneMatch && ifNoneMatch.split(",").some((tag) => tag.trim() === etag || tag.trim() === "*")) return new Response(null, { status: 304, headers });
  const size = media.byteSize;
  const ifRange = request.headers.get("if-range");
  const range = ifRange && ifRange !== etag ? null : parseRange(request.headers.get("range") ?? undefined, size);
  if (range === "unsatisfiable") {
    headers.set("Content-Range", `bytes */${size}`);
    return new Response(null, { status: 416, headers });
  }
  // a Buffer is a Uint8Array over an ArrayBuffer here (the drivers read it so); the DOM types ask for that exact type
  const body = media.data as Uint8Array<ArrayBuffer>;
  if (!range) {
    headers.set("Content-Length", String(size));
    return new Response(request.method === "HEAD" ? null : body, { status: 200, headers });
  }
  headers.set("Content-Range", `bytes ${range.start}-${range.end}/${size}`);
  headers.set("Content-Length", String(range.end - range.start + 1));
  return new Response(request.method === "HEAD" ? null : body.subarray(range.start, range.end + 1), { status: 206, headers });
}

/**
 * Files people upload to be played or shown (the Garden's audio and video pieces): the limits and
 * the file types, recognised by their first bytes and never by the name or the browser's word
 * (shared by the server, which decides, and the share dialog, which tells early).
 */
import type { ContentType } from "./enums";

export const MEDIA_LIMITS = {
  /** 20 MiB: a 20-minute spoken recording at 128 kbit/s, or a short phone video. */
  maxBytes: 20 * 1024 * 1024,
  /** A file name as shown and offered for download. */
  fileNameMax: 200,
} as const;

/** POST /api/garden/uploads: a piece and its file in one multipart form (the only route with bodies above BODY_LIMIT). */
export const MEDIA_UPLOAD_PATH = "/api/garden/uploads";
/** The upload's whole body: the file and the piece's text fields (their own limits are far below 1 MiB). */
export const MEDIA_UPLOAD_BODY_MAX = MEDIA_LIMITS.maxBytes + 1024 * 1024;

/** The media types a browser plays with its own controls, as recognised below. */
export const MEDIA_TYPES = ["audio/mpeg", "audio/ogg", "audio/wav", "audio/flac", "audio/mp4", "audio/webm", "video/mp4", "video/webm", "video/ogg"] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];

/** The Garden's content types that carry a file, and the kinds of file each accepts. */
export const MEDIA_CONTENT_TYPES: Partial<Record<ContentType, "audio" | "video">> = { audio: "audio", video: "video" };

/** What the file chooser offers (the server checks the bytes whatever it offered). */
export const MEDIA_ACCEPT: Record<"audio" | "video", string> = {
  audio: ".mp3,.m4a,.ogg,.oga,.opus,.wav,.flac,.weba,audio/*",
  video: ".mp4,.m4v,.webm,.ogv,video/*",
};

export const MEDIA_TEXTS = {
  tooLarge: `The file is larger than ${MEDIA_LIMITS.maxBytes / 1024 / 1024} MB`,
  empty: "The file is empty",
  unknownType: "This file is not an audio or video format the Garden plays (MP3, M4A, OGG, WAV, FLAC, MP4 or WebM)",
  wrongKind: (kind: "audio" | "video") => `An ${kind === "audio" ? "Audio" : "Video"} piece needs ${kind === "audio" ? "an audio" : "a video"} file`,
  fileRequired: (kind: "audio" | "video") => `Choose ${kind === "audio" ? "an audio" : "a video"} file for this piece`,
  noFileForType: "Only Audio and Video pieces carry a file",
  notFound: "This piece has no file",
  notMultipart: "Send the piece and its file as multipart/form-data",
  badForm: "The form could not be read",
  fileMissing: "Add the file as the form's 'file' field",
  fieldNotText: (field: string) => `${field} must be text`,
} as const;

const ascii = (bytes: Uint8Array, from: number, length: number) => String.fromCharCode(...bytes.subarray(from, from + length));

/** The media type of a file by its first bytes (its "magic number"), or null when it is none of MEDIA_TYPES. */
export function sniffMediaType(bytes: Uint8Array): MediaType | null {
  if (bytes.length < 12) return null;
  if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 4) === "WAVE") return "audio/wav";
  if (ascii(bytes, 0, 4) === "fLaC") return "audio/flac";
  if (ascii(bytes, 0, 3) === "ID3") return "audio/mpeg";
  // an MPEG audio frame header: 11 sync bits, a layer (not the reserved 00), not the bad bitrate index 1111
  if (bytes[0] === 0xff && (bytes[1]! & 0xe0) === 0xe0 && (bytes[1]! & 0x06) !== 0 && (bytes[2]! & 0xf0) !== 0xf0) return "audio/mpeg";
  if (ascii(bytes, 0, 4) === "OggS") return oggKind(bytes);
  if (ascii(bytes, 4, 4) === "ftyp") {
    const brand = ascii(bytes, 8, 4);
    return brand === "M4A " || brand === "M4B " || brand === "F4A " ? "audio/mp4" : "video/mp4";
  }
  if (bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3) return webmKind(bytes);
  return null;
}

/** An Ogg stream is a video when its first page carries a Theora header. */
function oggKind(bytes: Uint8Array): MediaType {
  const head = ascii(bytes, 0, Math.min(bytes.length, 64));
  return head.includes("theora") ? "video/ogg" : "audio/ogg";
}

/** A WebM (Matroska) file is a video when it names a video codec near its start, else audio. */
function webmKind(bytes: Uint8Array): MediaType {
  const head = ascii(bytes, 0, Math.min(bytes.length, 4096));
  return /V_VP8|V_VP9|V_AV1/.test(head) ? "video/webm" : "audio/webm";
}

/** Whether a file of this media type suits a piece of this content type (null: the type carries no file). */
export function mediaKindOf(type: MediaType): "audio" | "video" {
  return type.startsWith("audio/") ? "audio" : "video";
}

/** A file name safe to show and to send in Content-Disposition: no path, no control characters, at most fileNameMax. */
export function cleanFileName(name: string, type: MediaType): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  // eslint-disable-next-line no-control-regex
  const cleaned = base.replace(/[\u0000-\u001f\u007f"]/g, "").trim().slice(0, MEDIA_LIMITS.fileNameMax);
  return cleaned || `recording.${type.split("/")[1] === "mpeg" ? "mp3" : type.split("/")[1]}`;
}

/**
 * A practitioner's photo (decision 029, issue 26): the limits, the sizes the server crops it to,
 * the file types it reads (recognised by their first bytes), the texts, and its URLs.
 */

/** PUT / DELETE: the practitioner's own photo. */
export const PHOTO_PATH = "/api/practitioners/me/photo";

export const PHOTO_LIMITS = {
  /** 5 MiB: a phone photo as it comes. */
  maxBytes: 5 * 1024 * 1024,
  /** Decoding a larger picture takes too much memory (a 5 MB PNG can hold a billion pixels). */
  maxPixels: 50_000_000,
  maxSide: 12_000,
} as const;

/** The whole PUT body (a multipart form adds its boundaries to the file). */
export const PHOTO_BODY_MAX = PHOTO_LIMITS.maxBytes + 64 * 1024;

/** The square crops kept, in pixels: cards and summaries use the small one, the profile header the large one. */
export const PHOTO_SIZES = [96, 320] as const;
export type PhotoSize = (typeof PHOTO_SIZES)[number];
export const PHOTO_DEFAULT_SIZE: PhotoSize = 320;

/** What the server stores and serves whatever was uploaded: JPEG crops. */
export const PHOTO_CONTENT_TYPE = "image/jpeg";

/** What the file chooser offers (the server checks the bytes whatever it offered). */
export const PHOTO_ACCEPT = "image/jpeg,image/png,image/webp,.jpg,.jpeg,.png,.webp";

export const PHOTO_TEXTS = {
  tooLarge: `The photo is larger than ${PHOTO_LIMITS.maxBytes / 1024 / 1024} MB`,
  empty: "The photo is empty",
  unknownType: "This file is not a JPEG, PNG or WebP image",
  tooManyPixels: "The photo has too many pixels: choose one under 50 megapixels",
  unreadable: "The photo could not be read: it may be damaged",
  badForm: "The form could not be read",
  fileMissing: "Add the photo as the form's 'file' field",
  noPhoto: "This practitioner has no photo",
  saved: "Photo saved",
  removed: "Photo removed",
  choose: "Choose a photo",
  replace: "Replace photo",
  remove: "Remove photo",
  hint: "A JPEG, PNG or WebP of up to 5 MB; it is cropped to a square.",
} as const;

export type PhotoType = "image/jpeg" | "image/png" | "image/webp";

const ascii = (bytes: Uint8Array, from: number, length: number) => String.fromCharCode(...bytes.subarray(from, from + length));

/** The image type by its first bytes, or null. */
export function sniffPhotoType(bytes: Uint8Array): PhotoType | null {
  if (bytes.length < 12) return null;
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  if (bytes[0] === 0x89 && ascii(bytes, 1, 3) === "PNG" && bytes[4] === 0x0d && bytes[5] === 0x0a) return "image/png";
  if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 4) === "WEBP") return "image/webp";
  return null;
}

/** The picture's width and height from its header (PNG IHDR, JPEG SOFn), or null when not found. */
export function photoDimensions(bytes: Uint8Array, type: PhotoType): { width: number; height: number } | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (type === "image/png") return bytes.length >= 24 ? { width: view.getUint32(16), height: view.getUint32(20) } : null;
  if (type === "image/webp") return webpDimensions(bytes, view);
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    // SOF0..SOF15 except DHT (c4), JPG (c8) and DAC (cc)
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: view.getUint16(at + 5), width: view.getUint16(at + 7) };
    }
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      at += 2;
      continue;
    }
    at += 2 + view.getUint16(at + 2);
  }
  return null;
}

/** A WebP's size from its first chunk: VP8X (extended), VP8L (lossless) or VP8 (lossy). */
function webpDimensions(bytes: Uint8Array, view: DataView): { width: number; height: number } | null {
  if (bytes.length < 30) return null;
  const chunk = ascii(bytes, 12, 4);
  const u24 = (at: number) => bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16);
  if (chunk === "VP8X") return { width: u24(24) + 1, height: u24(27) + 1 };
  if (chunk === "VP8L") {
    const bits = view.getUint32(21, true);
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  if (chunk === "VP8 ") return { width: view.getUint16(26, true) & 0x3fff, height: view.getUint16(28, true) & 0x3fff };
  return null;
}

/** The photo's URL (the large size: ApiPractitioner.photoUrl); `version` makes it cacheable for good. */
export function practitionerPhotoUrl(practitionerId: string, version: string): string {
  return `/api/practitioners/${encodeURIComponent(practitionerId)}/photo?v=${encodeURIComponent(version)}`;
}

/** In core/types.ts beside ApiPractitioner: the directory's cards need only it (a chunk less to load). */
export { photoUrlAt } from "./types";

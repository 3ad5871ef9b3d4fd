/**
 * A practitioner's photo (decision 029, issue 26): checked by its bytes, decoded and cropped on
 * the server to the squares of PHOTO_SIZES (JPEG), kept in the database (practitioner_photos) so
 * every process serves it, named by a version in its URL so browsers and caches keep it for good.
 */
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { createJimp } from "@jimp/core";
import webp from "@jimp/wasm-webp";
import { defaultFormats, defaultPlugins } from "jimp";
import { atomic, first, type Db } from "../../../db/client";
import { practitionerPhotos, practitioners } from "../../../db/schema";
import { PHOTO_CONTENT_TYPE, PHOTO_LIMITS, PHOTO_TEXTS, photoDimensions, sniffPhotoType, type PhotoSize } from "../../../core/practitioner-photo";
import { badRequest, httpError } from "../../http/errors";

export interface PhotoCrops {
  version: string;
  small: Buffer;
  large: Buffer;
}

const JPEG_QUALITY = 82;

/** jimp's JPEG/PNG (pure JavaScript) and WebP (WebAssembly) readers, with its resizing plugins. */
export const PhotoJimp = createJimp({ formats: [...defaultFormats, webp], plugins: defaultPlugins });

/** The crops of an uploaded picture, or a clear 400/413 when it is empty, too large, not an image we read, or damaged. */
export async function cropPhoto(bytes: Uint8Array): Promise<PhotoCrops> {
  if (bytes.byteLength === 0) throw badRequest(PHOTO_TEXTS.empty);
  if (bytes.byteLength > PHOTO_LIMITS.maxBytes) throw httpError(413, PHOTO_TEXTS.tooLarge);
  const type = sniffPhotoType(bytes);
  if (!type) throw badRequest(PHOTO_TEXTS.unknownType);
  const size = photoDimensions(bytes, type);
  if (!size) throw badRequest(PHOTO_TEXTS.unreadable);
  if (size.width > PHOTO_LIMITS.maxSide || size.height > PHOTO_LIMITS.maxSide || size.width * size.height > PHOTO_LIMITS.maxPixels) {
    throw badRequest(PHOTO_TEXTS.tooManyPixels);
  }
  let image: Awaited<ReturnType<typeof PhotoJimp.read>>;
  try {
    image = await PhotoJimp.read(Buffer.from(bytes));
  } catch {
    throw badRequest(PHOTO_TEXTS.unreadable);
  }
  return cropsOf(image);
}

/** The two squares of a decoded picture (also the demo's generated avatars). */
export async function cropsOf(image: Awaited<ReturnType<typeof PhotoJimp.read>>): Promise<PhotoCrops> {
  const large = await image.clone().cover({ w: 320, h: 320 }).getBuffer(PHOTO_CONTENT_TYPE, { quality: JPEG_QUALITY });
  const small = await image.cover({ w: 96, h: 96 }).getBuffer(PHOTO_CONTENT_TYPE, { quality: JPEG_QUALITY });
  return { version: createHash("sha256").update(large).digest("hex").slice(0, 16), small, large };
}

/** Sets (replaces) the practitioner's photo inside the caller's transaction. */
export async function savePhotoIn(tx: Db, practitionerId: string, crops: PhotoCrops, now: Date): Promise<void> {
  await tx.delete(practitionerPhotos).where(eq(practitionerPhotos.practitionerId, practitionerId));
  await tx.insert(practitionerPhotos).values({ practitionerId, version: crops.version, small: crops.small, large: crops.large, createdAt: now });
  await tx.update(practitioners).set({ photoVersion: crops.version }).where(eq(practitioners.id, practitionerId));
}

/** Sets the photo of the practitioner profile of `userId`; answers its row, or undefined when the user has no profile. */
export async function setOwnPhoto(db: Db, userId: string, crops: PhotoCrops, now: Date) {
  return atomic(db, async (tx) => {
    const row = await first(tx.select({ id: practitioners.id }).from(practitioners).where(eq(practitioners.userId, userId)).limit(1));
    if (!row) return undefined;
    await savePhotoIn(tx, row.id, crops, now);
    return first(tx.select().from(practitioners).where(eq(practitioners.id, row.id)).limit(1));
  });
}

/** Removes the photo of the practitioner profile of `userId`; answers its row, or undefined when the user has no profile. */
export async function removeOwnPhoto(db: Db, userId: string) {
  return atomic(db, async (tx) => {
    const row = await first(tx.select({ id: practitioners.id }).from(practitioners).where(eq(practitioners.userId, userId)).limit(1));
    if (!row) return undefined;
    await tx.delete(practitionerPhotos).where(eq(practitionerPhotos.practitionerId, row.id));
    const [updated] = await tx.update(practitioners).set({ photoVersion: null }).where(eq(practitioners.id, row.id)).returning();
    return updated;
  });
}

/** One size of a practitioner's photo as bytes with its version, or undefined when none is set. */
export async function readPhoto(db: Db, practitionerId: string, size: PhotoSize) {
  const row = await first(db.select().from(practitionerPhotos).where(eq(practitionerPhotos.practitionerId, practitionerId)).limit(1));
  if (!row) return undefined;
  return { version: row.version, data: size === 96 ? row.small : row.large };
}

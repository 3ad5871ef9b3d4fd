import { photoUrlAt, type PhotoSize } from "../../core/practitioner-photo";
import { practitionerHeading, type ApiPractitioner } from "../../core/types";

/**
 * The practitioner's photo (decision 029, issue 26) with the display name as its alt text, or null
 * when none is set (the caller keeps what it showed before: the archetype's art). The 96 px crop
 * serves up to 96 CSS px at 1x and 48 px at 2x; larger pictures use the 320 px one.
 */
export function PractitionerPhoto({ practitioner: p, size, className = "" }: { practitioner: Pick<ApiPractitioner, "id" | "displayName" | "photoUrl">; size: number; className?: string }) {
  if (!p.photoUrl) return null;
  const crop: PhotoSize = size <= 48 ? 96 : 320;
  return <img src={photoUrlAt(p.photoUrl, crop)} alt={practitionerHeading(p)} width={size} height={size} loading="lazy" decoding="async" className={`shrink-0 rounded-full object-cover ${className}`} style={{ width: size, height: size }} />;
}

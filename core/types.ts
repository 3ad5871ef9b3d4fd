/** JSON shapes of the API as the screens read them (SPEC.md section 3, "Shapes used by screens"). */
import type { AccessLevel, Archetype, ExperienceLevel, Role, SubscriptionStatus } from "./enums";

export interface ApiUser {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  isEmailVerified: boolean;
  roles: Role[];
  createdAt: string;
}

export interface Permissions {
  viewPractitioners: number | boolean | "unlimited";
  viewSessions: boolean;
  bookSessions: number | boolean | "unlimited";
  messagePractitioners: boolean;
  accessGarden: boolean | "read";
  createContent: boolean;
  viewFullProfiles: boolean;
  accessSeeds: boolean;
}

export interface AccessInfo {
  accessLevel: AccessLevel;
  subscriptionStatus: SubscriptionStatus;
  trialEndDate: string | null;
  permissions: Permissions;
}

export interface ApiPractitioner {
  id: string;
  archetype: Archetype;
  experienceLevel: ExperienceLevel;
  bio: string | null;
  specializations: string[];
  professionalCategories: string[];
  /** Decimal text, e.g. "85.00". */
  hourlyRate: string | null;
  /** Decimal text with 2 places, e.g. "4.80"; null before the first review. */
  averageRating: string | null;
  totalSessions: number;
  isFeatured: boolean;
  isVerified: boolean;
  isVirtual: boolean;
  isInPerson: boolean;
  location: string | null;
  yearsActive: number | null;
  responseTimeHours: number | null;
  createdAt: string;
  /** The name the practitioner chose to show ('Maya R.'); null: the spec's reference alone. */
  displayName: string | null;
  /** The practitioner's photo (320 px square, versioned; core/practitioner-photo.ts photoUrlAt for 96 px), or null: archetype art / initials. */
  photoUrl: string | null;
  /** False until the practitioner saved their hours once (decision 028): cards say 'Not taking bookings yet' instead of Book Session. */
  takingBookings: boolean;
}

/** Display name of a practitioner: 'Practitioner #' + the last 6 characters of the id (SPEC.md; the reference every screen can show). */
export function practitionerDisplayName(id: string, prefix = "Practitioner"): string {
  return `${prefix} #${id.slice(-6)}`;
}

/** What a screen leads with: the chosen name, else the spec's reference (issue 26). */
/** An ApiPractitioner's photoUrl at one of PHOTO_SIZES (core/practitioner-photo.ts). */
export const photoUrlAt = (photoUrl: string, size: 96 | 320): string => `${photoUrl}&size=${size}`;

export function practitionerHeading(p: { id: string; displayName?: string | null }): string {
  return p.displayName || practitionerDisplayName(p.id);
}

/** "Maya R. (Practitioner #a1b2c3)", or the reference alone: for running text and e-mails. */
export function practitionerNameWithReference(id: string, displayName: string | null | undefined): string {
  return displayName ? `${displayName} (${practitionerDisplayName(id)})` : practitionerDisplayName(id);
}

/** The default display name offered from the account: first name and last initial ('Maya R.'). */
export function defaultDisplayName(firstName: string | null | undefined, lastName: string | null | undefined): string {
  const first = firstName?.trim() ?? "";
  const last = lastName?.trim() ?? "";
  return [first, last ? `${last.charAt(0).toUpperCase()}.` : ""].filter(Boolean).join(" ");
}

/** GET /api/auth/user: the signed-in user with access level and permissions (computed on the server). */
export interface CurrentUserResponse extends ApiUser, AccessInfo {
  /** True once the account has started its one free trial. */
  trialUsed: boolean;
}

/** What the upgrade dialog needs to know of the signed-in account. */
export interface UpgradeAccount {
  accessLevel: AccessInfo["accessLevel"];
  subscriptionStatus: AccessInfo["subscriptionStatus"];
  trialEndDate: string | null;
  trialUsed: boolean;
  /** Plans can be bought (Stripe is configured); false: 'Upgrade Now' says payments are not set up. */
  payments?: boolean;
}

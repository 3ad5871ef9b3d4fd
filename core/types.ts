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
}

/** Display name of a practitioner: 'Practitioner #' + the last 6 characters of the id. */
export function practitionerDisplayName(id: string, prefix = "Practitioner"): string {
  return `${prefix} #${id.slice(-6)}`;
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

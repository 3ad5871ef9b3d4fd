import type { ComponentType } from "react";
import type { IslandName } from "./catalog";

type Loader = () => Promise<{ default: ComponentType<any> }>;

/** Dynamic imports, so that each island is its own chunk. */
export const clientIslands: Record<IslandName, Loader> = {
  FeaturedPractitioners: () => import("./featured-practitioners"),
  SignInForm: () => import("./sign-in-form"),
  SignUpForm: () => import("./sign-up-form"),
  ForgotPasswordForm: () => import("./forgot-password-form"),
  ResetPasswordForm: () => import("./reset-password-form"),
  ResendVerification: () => import("./resend-verification"),
  UpgradeDialog: () => import("./upgrade-dialog"),
  PractitionerDirectory: () => import("./practitioner-directory"),
  PractitionerProfileTabs: () => import("./practitioner-profile-tabs"),
  FavoriteToggle: () => import("./favorite-toggle"),
  FavoritePractitioners: () => import("./favorite-practitioners"),
  PractitionerProfileForm: () => import("./practitioner-profile-form"),
  BookingWizard: () => import("./booking-wizard"),
  AvailabilityEditor: () => import("./availability-editor"),
  BookingActions: () => import("./booking-actions"),
  CalendarFeed: () => import("./calendar-feed"),
  WaitlistJoin: () => import("./waitlist-join"),
  WaitlistPanel: () => import("./waitlist-panel"),
  PageToasts: () => import("./page-toasts"),
  SurveyForm: () => import("./survey-form"),
  AdminSurveyResults: () => import("./admin-survey-results"),
  AdminDashboard: () => import("./admin-dashboard"),
  SimpleAdminLogin: () => import("./simple-admin-login"),
  SimpleAdminPanel: () => import("./simple-admin-panel"),
  GardenBrowser: () => import("./garden-browser"),
  GardenReviewQueue: () => import("./garden-review-queue"),
  PractitionerNameForm: () => import("./practitioner-name-form"),
  PractitionerPhotoForm: () => import("./practitioner-photo-form"),
  CredentialsForm: () => import("./credentials-form"),
  AccountControls: () => import("./account-controls"),
  ProfileRating: () => import("./profile-rating"),
  AccessDeniedNotice: () => import("./access-denied-notice"),
  ConversationThread: () => import("./conversation-thread"),
  ConversationInbox: () => import("./conversation-inbox"),
  UnreadMessages: () => import("./unread-messages"),
};

/**
 * Every island: its source file (for modulepreload links from Vite's manifest) and whether it
 * needs the shared providers (react-query + jotai). Both registries are checked against this list.
 */
export const ISLAND_CATALOG = {
  FeaturedPractitioners: { file: "islands/featured-practitioners.tsx", providers: true },
  SignInForm: { file: "islands/sign-in-form.tsx", providers: false },
  SignUpForm: { file: "islands/sign-up-form.tsx", providers: false },
  ForgotPasswordForm: { file: "islands/forgot-password-form.tsx", providers: false },
  ResetPasswordForm: { file: "islands/reset-password-form.tsx", providers: false },
  ResendVerification: { file: "islands/resend-verification.tsx", providers: false },
  UpgradeDialog: { file: "islands/upgrade-dialog.tsx", providers: false },
  PractitionerDirectory: { file: "islands/practitioner-directory.tsx", providers: true },
  PractitionerProfileTabs: { file: "islands/practitioner-profile-tabs.tsx", providers: true },
  FavoriteToggle: { file: "islands/favorite-toggle.tsx", providers: true },
  FavoritePractitioners: { file: "islands/favorite-practitioners.tsx", providers: true },
  PractitionerProfileForm: { file: "islands/practitioner-profile-form.tsx", providers: false },
  BookingWizard: { file: "islands/booking-wizard.tsx", providers: true },
  AvailabilityEditor: { file: "islands/availability-editor.tsx", providers: true },
  BookingActions: { file: "islands/booking-actions.tsx", providers: true },
  CalendarFeed: { file: "islands/calendar-feed.tsx", providers: false },
  WaitlistJoin: { file: "islands/waitlist-join.tsx", providers: false },
  WaitlistPanel: { file: "islands/waitlist-panel.tsx", providers: false },
  PageToasts: { file: "islands/page-toasts.tsx", providers: true },
  SurveyForm: { file: "islands/survey-form.tsx", providers: true },
  AdminSurveyResults: { file: "islands/admin-survey-results.tsx", providers: true },
  AdminDashboard: { file: "islands/admin-dashboard.tsx", providers: true },
  SimpleAdminLogin: { file: "islands/simple-admin-login.tsx", providers: false },
  SimpleAdminPanel: { file: "islands/simple-admin-panel.tsx", providers: true },
  GardenBrowser: { file: "islands/garden-browser.tsx", providers: true },
  GardenReviewQueue: { file: "islands/garden-review-queue.tsx", providers: false },
  ProfileRating: { file: "islands/profile-rating.tsx", providers: true },
  AccessDeniedNotice: { file: "islands/access-denied-notice.tsx", providers: true },
  ConversationThread: { file: "islands/conversation-thread.tsx", providers: false },
  ConversationInbox: { file: "islands/conversation-inbox.tsx", providers: false },
  UnreadMessages: { file: "islands/unread-messages.tsx", providers: false },
  PractitionerNameForm: { file: "islands/practitioner-name-form.tsx", providers: false },
  PractitionerPhotoForm: { file: "islands/practitioner-photo-form.tsx", providers: false },
  CredentialsForm: { file: "islands/credentials-form.tsx", providers: false },
  AccountControls: { file: "islands/account-controls.tsx", providers: false },
} as const satisfies Record<string, { file: string; providers: boolean }>;

export type IslandName = keyof typeof ISLAND_CATALOG;

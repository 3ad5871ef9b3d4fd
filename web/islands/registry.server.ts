import type { ComponentType } from "react";
import type { IslandName } from "./catalog";
import FeaturedPractitioners from "./featured-practitioners";
import SignInForm from "./sign-in-form";
import SignUpForm from "./sign-up-form";
import ForgotPasswordForm from "./forgot-password-form";
import ResetPasswordForm from "./reset-password-form";
import ResendVerification from "./resend-verification";
import UpgradeDialog from "./upgrade-dialog";
import PractitionerDirectory from "./practitioner-directory";
import PractitionerProfileTabs from "./practitioner-profile-tabs";
import FavoriteToggle from "./favorite-toggle";
import FavoritePractitioners from "./favorite-practitioners";
import PractitionerProfileForm from "./practitioner-profile-form";
import BookingWizard from "./booking-wizard";
import AvailabilityEditor from "./availability-editor";
import BookingActions from "./booking-actions";
import CalendarFeed from "./calendar-feed";
import WaitlistJoin from "./waitlist-join";
import WaitlistPanel from "./waitlist-panel";
import PageToasts from "./page-toasts";
import SurveyForm from "./survey-form";
import AdminSurveyResults from "./admin-survey-results";
import AdminDashboard from "./admin-dashboard";
import SimpleAdminLogin from "./simple-admin-login";
import SimpleAdminPanel from "./simple-admin-panel";
import GardenBrowser from "./garden-browser";
import GardenReviewQueue from "./garden-review-queue";
import PractitionerNameForm from "./practitioner-name-form";
import PractitionerPhotoForm from "./practitioner-photo-form";
import CredentialsForm from "./credentials-form";
import AccountControls from "./account-controls";
import ProfileRating from "./profile-rating";
import AccessDeniedNotice from "./access-denied-notice";
import ConversationThread from "./conversation-thread";
import ConversationInbox from "./conversation-inbox";
import UnreadMessages from "./unread-messages";

/** Static map for server rendering. */
export const serverIslands = {
  FeaturedPractitioners,
  SignInForm,
  SignUpForm,
  ForgotPasswordForm,
  ResetPasswordForm,
  ResendVerification,
  UpgradeDialog,
  PractitionerDirectory,
  PractitionerProfileTabs,
  FavoriteToggle,
  FavoritePractitioners,
  PractitionerProfileForm,
  BookingWizard,
  AvailabilityEditor,
  BookingActions,
  CalendarFeed,
  WaitlistJoin,
  WaitlistPanel,
  PageToasts,
  SurveyForm,
  AdminSurveyResults,
  AdminDashboard,
  SimpleAdminLogin,
  SimpleAdminPanel,
  GardenBrowser,
  GardenReviewQueue,
  PractitionerNameForm,
  PractitionerPhotoForm,
  CredentialsForm,
  AccountControls,
  ProfileRating,
  AccessDeniedNotice,
  ConversationThread,
  ConversationInbox,
  UnreadMessages,
} satisfies Record<IslandName, ComponentType<any>>;

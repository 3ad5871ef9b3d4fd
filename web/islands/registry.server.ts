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
import SendMessageButton from "./send-message-button";
import PractitionerProfileForm from "./practitioner-profile-form";
import ProfileRating from "./profile-rating";

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
  SendMessageButton,
  PractitionerProfileForm,
  ProfileRating,
} satisfies Record<IslandName, ComponentType<any>>;

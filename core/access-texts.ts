/** Texts about roles and access levels, defined once for the server's answers and the screens. */
import { TRIAL_DAYS } from "./constants";

/** SPEC.md section 2 (Admin survey results): the heading (and toast title) of a refused page. */
export const ACCESS_DENIED_TITLE = "Access Denied";

/** SPEC.md section 2 (Admin survey results): what anyone without the admin role is told. */
export const ADMIN_REQUIRED_MESSAGE = "You need admin privileges to access this page.";

/** SPEC.md section 5 (gated features): the refusal when a permission is false. */
export const UPGRADE_REQUIRED_MESSAGE = "This feature requires upgraded access";

/** The free trial is once per account. */
export const TRIAL_USED_MESSAGE = "You have already used your free trial.";

/** After the trial button ('Start {TRIAL_DAYS}-Day Free Trial'); `endsOn` is the end date already formatted for the reader. */
export function trialStartedMessage(endsOn: string): string {
  return `Your ${TRIAL_DAYS}-day Premium trial has started. It ends on ${endsOn}.`;
}

/** The trial needs a verified address, so that throwaway addresses cannot give endless Premium. */
export const TRIAL_NEEDS_VERIFIED_EMAIL_MESSAGE = "Please verify your e-mail address before starting your free trial.";

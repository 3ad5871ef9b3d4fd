/**
 * Plans and payments (issue 24, docs/decisions/026-payments.md): what the server and the browser
 * both say about buying a plan. Prices and plan names are PLANS in constants.ts (SPEC.md section 9).
 */
import { PLANS, type Plan } from "./constants";

export type PaidLevel = Plan["level"];
export const PAID_LEVELS = ["basic", "premium", "unlimited"] as const satisfies readonly PaidLevel[];

/** Longest payment instructions (and cancellation policy) a practitioner may write. */
export const PAYMENT_INSTRUCTIONS_MAX = 1000;

/** Said wherever a practitioner's payment instructions are shown. */
export const SESSION_MONEY_NOTE = "Pollinate does not handle the money for sessions: you pay your practitioner directly, as they describe here.";

/** After a failed renewal, the plan's access continues this many days while Stripe retries the card. */
export const PAYMENT_GRACE_DAYS = 3;

/** Outcomes of a webhook event, as the admin list shows them. */
export const PAYMENT_EVENT_OUTCOMES = ["handled", "ignored", "failed"] as const;
export type PaymentEventOutcome = (typeof PAYMENT_EVENT_OUTCOMES)[number];

export function planName(level: PaidLevel): string {
  return PLANS.find((p) => p.level === level)!.name;
}

/** What 'Upgrade Now' answers when no payment provider is configured. */
export function paymentsNotSetUp(name: string): string {
  return `Payments are not set up yet, so the ${name} plan can't be bought today. Start the free trial to try Premium in the meantime.`;
}

export const PAYMENT_TEXTS = {
  welcome: (name: string) => `Welcome to ${name}`,
  welcomeText: (name: string) => `Your ${name} plan is active. Thank you for supporting Pollinate.`,
  pendingTitle: "Finishing your payment",
  pendingText: "Stripe has your payment; your access changes as soon as it confirms it. Reload this page in a moment.",
  notCompletedTitle: "Payment was not completed",
  notCompletedText: "No payment was taken and your plan has not changed. You can try again whenever you like.",
  tryAgain: "Try again",
  alreadySubscribed: (name: string) => `You already have the ${name} plan. Use 'Manage billing' in your settings to switch plans or cancel.`,
  accessEnds: (name: string, date: string) => `Your ${name} access ends on ${date}`,
  paymentFailed: (date: string) => `Your last payment failed. Your access continues until ${date} while we retry: update your card to keep it.`,
  providerUnavailable: "The payment provider could not be reached. Please try again in a moment.",
} as const;

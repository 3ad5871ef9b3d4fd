import type { PageRenderer } from "../render/render-pool";
import type { Db } from "../../db/client";
import type { AccessLevel, SubscriptionStatus } from "../../core/enums";
import type { ApiUser } from "../../core/types";
import type { Config } from "../config";
import type { Mailer } from "../email/mailer";
import type { AssetResolver } from "../render/assets";
import type { Counters } from "./counter-store";
import type { LiveHub } from "../features/conversations/live";

/** Everything a request handler may need, built once at start-up (tests build their own). */
export interface AppDeps {
  config: Config;
  db: Db;
  assets: AssetResolver;
  /** The clock; tests move it to check expiry. */
  now: () => Date;
  /** Outgoing e-mail (SMTP or the outbox folder); createApp builds one from the config when not given. */
  mailer: Mailer;
  /**
   * The stores behind every counter and limit (counter-store.ts); createApp picks defaultCounters
   * (memory for request limits, the database for the rest) when not given.
   */
  counters: Counters;
  /**
   * Live updates of conversations (src/features/conversations/live.ts); createApp picks
   * defaultLiveHub when not given (the process's memory on SQLite, LISTEN/NOTIFY on PostgreSQL).
   */
  live: LiveHub;
  /** Renders registered pages on another thread (production); without it every page renders on the request thread. */
  renderer?: PageRenderer;
}

/** The signed-in user as the session middleware loads it on every request. */
export interface CurrentUser extends ApiUser {
  accessLevel: AccessLevel;
  subscriptionStatus: SubscriptionStatus;
  trialEndDate: Date | null;
  /** Signed in before this session ('Welcome back'); false on a member's first session ('Welcome'). */
  signedInBefore: boolean;
}

export type AppEnv = {
  Variables: {
    deps: AppDeps;
    user: CurrentUser | null;
    secureHeadersNonce?: string;
    requestId: string;
  };
};

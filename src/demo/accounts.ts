/** The demo accounts (documented in the README) and their shared password. */
import type { AccessLevel, Role, SubscriptionStatus } from "../../core/enums";

export const DEMO_PASSWORD = "pollinate-demo";

export type DemoAccount = {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  roles: Role[];
  accessLevel: AccessLevel;
  subscriptionStatus: SubscriptionStatus;
};

/** The accounts to sign in with on a demo install (documented in the README). */
export const DEMO_ACCOUNTS = {
  client: {
    email: "client@pollinate.example",
    password: DEMO_PASSWORD,
    firstName: "Clara",
    lastName: "Whitmore",
    roles: ["client"],
    accessLevel: "premium",
    subscriptionStatus: "premium",
  },
  practitioner: {
    email: "practitioner@pollinate.example",
    password: DEMO_PASSWORD,
    firstName: "Sage",
    lastName: "Holloway",
    roles: ["practitioner"],
    accessLevel: "premium",
    subscriptionStatus: "premium",
  },
  admin: {
    email: "admin@pollinate.example",
    password: DEMO_PASSWORD,
    firstName: "Ada",
    lastName: "Fairbanks",
    roles: ["admin"],
    accessLevel: "unlimited",
    subscriptionStatus: "premium",
  },
  preview: {
    email: "preview@pollinate.example",
    password: DEMO_PASSWORD,
    firstName: "Robin",
    lastName: "Ashby",
    roles: ["client"],
    accessLevel: "preview",
    subscriptionStatus: "free",
  },
} as const satisfies Record<string, DemoAccount>;

export type DemoAccountKey = keyof typeof DEMO_ACCOUNTS;

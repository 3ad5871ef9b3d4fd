import type { Database } from "bun:sqlite";
import type { Db } from "../../db/client";
import type { Config } from "../config";
import type { AssetResolver } from "../render/assets";

/** Everything a request handler may need, built once at start-up (tests build their own). */
export interface AppDeps {
  config: Config;
  db: Db;
  sqlite: Database;
  assets: AssetResolver;
  /** The clock; tests move it to check expiry. */
  now: () => Date;
}

export interface CurrentUser {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  isEmailVerified: boolean;
  roles: Array<"client" | "practitioner" | "admin">;
  createdAt: string;
}

export type AppEnv = {
  Variables: {
    deps: AppDeps;
    user: CurrentUser | null;
    secureHeadersNonce?: string;
    requestId: string;
  };
};

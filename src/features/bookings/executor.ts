import type { BaseSQLiteDatabase } from "drizzle-orm/sqlite-core";
import type * as schema from "../../../db/schema";

/** The database or one of its synchronous transactions: helpers that run inside a booking transaction take this. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Executor = BaseSQLiteDatabase<"sync", any, typeof schema>;

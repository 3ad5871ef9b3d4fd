// PostgreSQL twin of db/schema/admin.ts (docs/decisions/025-postgresql-driver.md): the same tables, columns,
// indexes and CHECKs in pg-core; db/postgres/schema-drift.test.ts fails when the two differ.
import { index, pgTable, text } from "drizzle-orm/pg-core";
import { id, timestamp, timestamptz } from "./columns";

/** Who did what to which record, and when: every admin action writes one row. */
export const adminAuditLog = pgTable(
  "admin_audit_log",
  {
    id: id(),
    /** The admin's e-mail, or 'access code' / 'simple admin' for the shared-secret gates. */
    actor: text().notNull(),
    actorUserId: text(),
    action: text().notNull(),
    targetType: text(),
    targetId: text(),
    detail: text(),
    createdAt: timestamp(),
  },
  (t) => [
    // the dashboard lists the latest actions first
    index("admin_audit_log_created_idx").on(t.createdAt),
  ],
);

/**
 * Short-lived sessions of the two shared-secret gates (the dashboard's access code and the simple
 * admin password): `sid` is the SHA-256 of the HttpOnly cookie's token.
 */
export const adminGateSessions = pgTable(
  "admin_gate_sessions",
  {
    sid: text().primaryKey(),
    kind: text().$type<"dashboard" | "simple">().notNull(),
    expire: timestamptz().notNull(),
    createdAt: timestamp(),
  },
  (t) => [
    // sweeps of expired gate sessions
    index("admin_gate_sessions_expire_idx").on(t.expire),
  ],
);

import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { id, timestamp } from "./columns";

/** Who did what to which record, and when: every admin action writes one row. */
export const adminAuditLog = sqliteTable(
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
export const adminGateSessions = sqliteTable(
  "admin_gate_sessions",
  {
    sid: text().primaryKey(),
    kind: text().$type<"dashboard" | "simple">().notNull(),
    expire: integer({ mode: "timestamp_ms" }).notNull(),
    createdAt: timestamp(),
  },
  (t) => [
    // sweeps of expired gate sessions
    index("admin_gate_sessions_expire_idx").on(t.expire),
  ],
);

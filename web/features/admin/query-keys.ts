/** The dashboard's queries; the page brings the first screen's answers under the same keys (src/pages/admin-pages.tsx). */
export const adminQueryKeys = {
  overview: ["/api/admin", "overview"] as const,
  list: (path: string, search: string, page: number) => ["/api/admin", path, search, page] as const,
  auditLog: (page: number) => ["/api/admin", "audit-log", page] as const,
  outbox: ["/api/admin", "outbox"] as const,
  payments: ["/api/admin", "payments"] as const,
};

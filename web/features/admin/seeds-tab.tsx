import { tierDefinition } from "../../../core/seeds";
import { usePagedList, ListFrame, EMAIL_CELL, Table } from "./list";

export function SeedsTab() {
  const list = usePagedList("seeds-overview");
  const totals = list.query.data?.totals;
  return (
    <div>
      {totals && (
        <dl className="grid grid-cols-3 gap-3 pt-4">
          {([["Balance", totals.totalBalance], ["Earned", totals.totalEarned], ["Spent", totals.totalSpent]] as const).map(([label, n]) => (
            <div key={label} className="card p-3">
              <dt className="text-xs uppercase tracking-wide text-muted">Total {label}</dt>
              <dd className="text-xl font-semibold text-forest">{n}</dd>
            </div>
          ))}
        </dl>
      )}
      <ListFrame label="Wallets" list={list}>
        {(rows) => (
          <Table head={["User", "Email", "Tier", "Balance", "Earned"]}>
            {rows.map((w) => (
              <tr key={w.userId}>
                <td>{w.userName || "—"}</td>
                <td className={EMAIL_CELL}>{w.userEmail}</td>
                <td>{tierDefinition(w.currentTier).name}</td>
                <td>{w.seedsBalance}</td>
                <td>{w.totalEarned}</td>
              </tr>
            ))}
          </Table>
        )}
      </ListFrame>
    </div>
  );
}

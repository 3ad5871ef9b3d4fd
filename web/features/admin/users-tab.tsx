import { useRef, useState } from "react";
import { ROLE_LABELS } from "../../../core/admin";
import { ACCESS_LEVEL_LABELS } from "../../../core/constants";
import { StatusMessage } from "../../components/status-message";
import { when, day } from "./format";
import { usePagedList, ListFrame, EMAIL_CELL, Table } from "./list";
import { api } from "../../lib/api";
import { useAdminAction, ReasonConfirm } from "./actions";

const SUBSCRIPTION_STATUS_LABELS = { free: "Free", trial: "Trial", premium: "Paying", cancelled: "Cancelled", expired: "Expired" } as const;

export function UsersTab() {
  const list = usePagedList("users");
  const action = useAdminAction();
  const [confirming, setConfirming] = useState<string | null>(null);
  // the row's own button takes the focus back when the confirmation closes (it becomes Reinstate)
  const buttons = useRef<Record<string, HTMLButtonElement | null>>({});
  return (
    <>
      <StatusMessage notice={action.notice} />
      <ListFrame label="Users" list={list}>
        {(rows) => (
          <Table head={["Name", "Email", "Roles", "Verified", "Access", "Plan status", "Joined", "Status", "Action"]}>
            {rows.map((u) => (
              <tr key={u.id}>
                <td>{[u.firstName, u.lastName].filter(Boolean).join(" ") || "—"}</td>
                <td className={EMAIL_CELL}>{u.email}</td>
                <td>{u.roles.map((role) => ROLE_LABELS[role]).join(", ") || "—"}</td>
                <td>{u.isEmailVerified ? "Verified" : "Unverified"}</td>
                <td>{ACCESS_LEVEL_LABELS[u.accessLevel].name}</td>
                <td className="whitespace-nowrap">{SUBSCRIPTION_STATUS_LABELS[u.subscriptionStatus]}{u.renewsOrEndsOn ? ` · ${u.subscriptionStatus === "premium" ? "renews or ends" : "ends"} ${day(u.renewsOrEndsOn)}` : ""}</td>
                <td className="whitespace-nowrap">{when(u.createdAt)}</td>
                <td>{u.suspended ? "Suspended" : "Active"}</td>
                <td>
                  <button
                    ref={(el) => {
                      buttons.current[u.id] = el;
                    }}
                    type="button"
                    className="btn-outline px-3 py-1"
                    aria-disabled={action.pending || undefined}
                    onClick={() => (u.suspended ? action.run(() => api.send("POST", "/api/admin/users/:id/reinstate", { params: { id: u.id } }), `${u.email} reinstated`) : setConfirming(u.id))}
                  >
                    {u.suspended ? "Reinstate" : "Suspend"}
                    <span className="sr-only"> {u.email}</span>
                  </button>
                  {confirming === u.id && (
                    <ReasonConfirm
                      label={`Reason for suspending ${u.email}`}
                      confirmLabel="Suspend and cancel their sessions"
                      explain="They are signed out and cannot sign in; their upcoming sessions are cancelled and the other people e-mailed. They receive your reason."
                      pending={action.pending}
                      onCancel={() => {
                        setConfirming(null);
                        buttons.current[u.id]?.focus();
                      }}
                      onConfirm={(reason) => {
                        setConfirming(null);
                        buttons.current[u.id]?.focus();
                        action.run(() => api.send("POST", "/api/admin/users/:id/suspend", { params: { id: u.id }, body: { reason } }), `${u.email} suspended`);
                      }}
                    />
                  )}
                </td>
              </tr>
            ))}
          </Table>
        )}
      </ListFrame>
    </>
  );
}

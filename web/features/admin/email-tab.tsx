import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ADMIN_TEXTS, TEST_EMAIL_FIELDS, TEST_EMAIL_TYPE_LABELS, TEST_EMAIL_TYPES, type TestEmailKind } from "../../../core/admin";
import { StatusMessage, type Notice } from "../../components/status-message";
import { api, errorMessage } from "../../lib/api";
import { adminQueryKeys } from "./query-keys";

export const FIELD_LABELS: Record<string, string> = {
  name: "Recipient name",
  code: "Code",
  inviteCode: "Invite code",
  date: "Date",
  time: "Time",
  practitionerName: "Practitioner name",
  clientName: "Client name",
  isVirtual: "Virtual session",
  meetingLink: "Meeting link",
};

export function EmailTab() {
  const [email, setEmail] = useState("");
  const [type, setType] = useState<TestEmailKind>("welcome");
  const [fields, setFields] = useState<Record<string, string | boolean>>({ isVirtual: true });
  const [notice, setNotice] = useState<Notice | null>(null);
  const queryClient = useQueryClient();
  const send = useMutation({
    mutationFn: () => {
      const data = Object.fromEntries(TEST_EMAIL_FIELDS[type].filter((k) => fields[k] !== undefined && fields[k] !== "").map((k) => [k, fields[k]]));
      return api.send("POST", "/api/admin/send-test-email", { body: { email: email.trim(), type, data } });
    },
    onSuccess: (answer) => {
      setNotice({ kind: "success", title: "Test email queued", body: answer.message });
      void queryClient.invalidateQueries({ queryKey: ["/api/admin", "audit-log"] });
      void queryClient.invalidateQueries({ queryKey: adminQueryKeys.outbox });
    },
    onError: (error) => setNotice({ kind: "error", title: ADMIN_TEXTS.testEmailFailed, body: errorMessage(error, "Please try again.") }),
  });

  return (
    <form
      className="card mt-4 max-w-2xl space-y-4 p-5"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (send.isPending) return;
        // SPEC.md section 5: sent only when an address is present
        if (!email.trim()) return setNotice({ kind: "error", title: "Email required", body: "Enter the address to send the test e-mail to." });
        send.mutate();
      }}
    >
      <StatusMessage notice={notice} />
      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor="test-email-to" className="label">Send to</label>
          <input id="test-email-to" type="email" className="input" value={email} maxLength={254} onChange={(e) => setEmail(e.target.value)} autoComplete="email" />
        </div>
        <div>
          <label htmlFor="test-email-type" className="label">E-mail type</label>
          <select id="test-email-type" className="input" value={type} onChange={(e) => setType(e.target.value as TestEmailKind)}>
            {TEST_EMAIL_TYPES.map((t) => (
              <option key={t} value={t}>{TEST_EMAIL_TYPE_LABELS[t]}</option>
            ))}
          </select>
        </div>
        {TEST_EMAIL_FIELDS[type].map((field) =>
          field === "isVirtual" ? (
            <label key={field} className="flex items-center gap-2 text-sm">
              <input type="checkbox" checked={fields.isVirtual === true} onChange={(e) => setFields({ ...fields, isVirtual: e.target.checked })} />
              {FIELD_LABELS[field]}
            </label>
          ) : (
            <div key={field}>
              <label htmlFor={`test-email-${field}`} className="label">{FIELD_LABELS[field]}</label>
              <input id={`test-email-${field}`} className="input" value={String(fields[field] ?? "")} maxLength={field === "meetingLink" ? 500 : 100} onChange={(e) => setFields({ ...fields, [field]: e.target.value })} />
            </div>
          ),
        )}
      </div>
      <button type="submit" className="btn-primary" aria-disabled={send.isPending || undefined}>
        {send.isPending ? "Sending..." : "Send Test Email"}
      </button>
    </form>
  );
}

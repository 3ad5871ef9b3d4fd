/** Admin actions: a typed POST that refreshes the dashboard and says how it went, and the reason asked before a consequential one. */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import type { Notice } from "../../components/status-message";
import { errorMessage } from "../../lib/api";

export function useAdminAction() {
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<Notice | null>(null);
  const mutation = useMutation({
    mutationFn: ({ send }: { send: () => Promise<object>; done: string }) => send(),
    onSuccess: (data: object | null, { done }) => {
      // most answers carry the server's `message`; a practitioner's or a credential's row does not
      const message = data !== null && "message" in data && typeof data.message === "string" ? data.message : undefined;
      setNotice({ kind: "success", title: done, body: message });
      void queryClient.invalidateQueries({ queryKey: ["/api/admin"] });
    },
    onError: (error) => setNotice({ kind: "error", title: "Action failed", body: errorMessage(error, "Please try again.") }),
  });
  // while one action waits, the buttons ignore presses (aria-disabled: a disabled button would drop the keyboard focus)
  // `send`: the typed call (api.send), made when no other action waits
  return { notice, run: (send: () => Promise<object>, done: string) => mutation.isPending || mutation.mutate({ send, done }), pending: mutation.isPending };
}

/** Asks for the reason (sent to the person by e-mail) and a second press before a consequential action. */
export function ReasonConfirm({ label, confirmLabel, explain, pending, onConfirm, onCancel }: { label: string; confirmLabel: string; explain: string; pending: boolean; onConfirm: (reason: string) => void; onCancel: () => void }) {
  const [reason, setReason] = useState("");
  const id = useId();
  return (
    <div className="mt-2 min-w-64 space-y-2 rounded-xl border border-honey bg-honey-light/60 p-3 text-left">
      <p className="text-xs text-ink">{explain}</p>
      <label htmlFor={id} className="block text-xs font-semibold text-ink">{label}</label>
      <textarea id={id} rows={2} className="input text-sm" value={reason} onChange={(e) => setReason(e.target.value)} autoFocus />
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn-primary px-3 py-1" aria-disabled={pending || reason.trim().length < 3 || undefined} onClick={() => reason.trim().length >= 3 && !pending && onConfirm(reason.trim())}>{confirmLabel}</button>
        <button type="button" className="btn-outline px-3 py-1" onClick={onCancel}>Cancel</button>
      </div>
    </div>
  );
}

import { useId, useState } from "react";

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

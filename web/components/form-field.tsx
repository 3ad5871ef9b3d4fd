import type { InputHTMLAttributes } from "react";

type FieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "name"> & {
  id: string;
  name: string;
  label: string;
  error?: string;
  hint?: string;
};

/** A labelled input whose error is announced and tied to it with aria-describedby. */
export function FormField({ id, name, label, error, hint, className, ...input }: FieldProps) {
  // the hint gives way to the error (below): describe by the one shown
  const described = [hint && !error ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="label">{label}</label>
      <input
        id={id}
        name={name}
        className={`input ${error ? "border-red-700 focus:border-red-700" : ""}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        {...input}
      />
      {hint && !error && <p id={`${id}-hint`} className="mt-1 text-xs text-muted">{hint}</p>}
      {error && <p id={`${id}-error`} className="mt-1 text-sm text-red-800">{error}</p>}
    </div>
  );
}

/** The message above a form: an error (role=alert) or a confirmation (role=status). */
export function FormMessage({ kind, children }: { kind: "error" | "success"; children: string | null }) {
  if (!children) return null;
  return kind === "error" ? (
    <p role="alert" className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900 wrap-anywhere">{children}</p>
  ) : (
    <p role="status" className="rounded-xl border border-moss/30 bg-sage/60 px-4 py-3 text-sm text-forest-dark wrap-anywhere">{children}</p>
  );
}

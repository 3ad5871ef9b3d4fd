import { useEffect, useRef, useState } from "react";
import { errorMessage } from "../../lib/api";
import type { FieldErrors } from "../../../core/auth";

/** Hydration flag for forms: tests (and styles) can tell a live island from server HTML. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/** Reads a form's fields by name (a radio group gives its checked value). */
export function formValues<K extends string>(form: HTMLFormElement, names: readonly K[]): Record<K, string> {
  return Object.fromEntries(
    names.map((n) => {
      const field = form.elements.namedItem(n);
      return [n, field && "value" in field ? String(field.value) : ""];
    }),
  ) as Record<K, string>;
}

/**
 * The submit cycle of the account forms: field problems stop it before the server is asked; then a
 * loading state, and the server's message (or the screen's fallback text) when the call fails.
 * With `navigates`, success leaves the form pending while the next page loads.
 */
export function useFormSubmit<F extends string>(fallback: string, initialError: string | null = null) {
  const hydrated = useHydrated();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(initialError);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors<F>>({});
  // a refused submit moves the keyboard focus to the first field in trouble, once its error is shown
  // and tied to it (else the focus stays on Enter's field or the button and a screen reader hears nothing)
  const refusedForm = useRef<HTMLFormElement | null>(null);
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    const form = refusedForm.current;
    refusedForm.current = null;
    if (!form) return;
    const names = new Set(Object.keys(fieldErrors));
    const first = Array.from(form.elements).find((el): el is HTMLElement => names.has((el as HTMLInputElement).name));
    first?.focus();
  }, [refusals]); // eslint-disable-line react-hooks/exhaustive-deps

  /** `form`: the submitted form, whose first field with a problem then takes the focus. */
  async function run(problems: FieldErrors<F>, action: () => Promise<void>, { navigates = false, form = null as HTMLFormElement | null } = {}) {
    setFieldErrors(problems);
    setError(null);
    if (Object.keys(problems).length) {
      refusedForm.current = form;
      setRefusals((n) => n + 1);
      return;
    }
    setPending(true);
    try {
      await action();
      if (!navigates) setPending(false);
    } catch (err) {
      setError(errorMessage(err, fallback));
      setPending(false);
    }
  }

  return { hydrated, pending, error, fieldErrors, run };
}

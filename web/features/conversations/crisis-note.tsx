import { CRISIS_NOTE } from "../../../core/conversations";

/** The calm note beside a message with crisis language (nothing is blocked or reported). */
export function CrisisNote({ beforeSending = false }: { beforeSending?: boolean }) {
  return (
    <div role="note" aria-label={CRISIS_NOTE.title} className="rounded-xl border border-forest/20 bg-sage/40 px-3 py-2 text-sm text-ink" data-testid="crisis-note">
      <p className="font-semibold text-forest">{CRISIS_NOTE.title}</p>
      <p className="mt-1">{CRISIS_NOTE.body}</p>
      <p className="mt-1">
        <a href={CRISIS_NOTE.link} target="_blank" rel="noopener" className="font-semibold underline underline-offset-2">Find a helpline near you</a>
        {beforeSending ? ` · ${CRISIS_NOTE.stillSend}` : ""}
      </p>
    </div>
  );
}

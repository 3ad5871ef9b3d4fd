/**
 * Maia's matching practitioners: small cards linking to their profiles, and 'See all matches'.
 * Like the directory's cards they lead with the display name and photo (issue 26), with the
 * 'Practitioner #' reference beneath.
 */
import { ARCHETYPE_DEFINITIONS, EXPERIENCE_LEVEL_LABELS } from "../../../core/archetypes";
import { RATE_TOOLTIP, sessionPriceText } from "../../../core/money";
import { practitionerDisplayName, practitionerHeading } from "../../../core/types";
import { PractitionerPhoto } from "../../components/practitioner-photo";
import type { MaiaMatches } from "./maia-search";

export function MatchCards({ matches }: { matches: MaiaMatches }) {
  return (
    <div className="flex w-full flex-col gap-2" data-testid="maia-matches">
      <ul className="flex flex-col gap-2" aria-label="Matching practitioners">
        {matches.practitioners.map((p) => {
          const archetype = ARCHETYPE_DEFINITIONS[p.archetype];
          const name = practitionerHeading(p);
          const modes = [p.isVirtual && "Online", p.isInPerson && "In person"].filter(Boolean).join(" · ");
          return (
            <li key={p.id} className="rounded-xl border border-forest/10 bg-white p-3 text-sm shadow-sm" data-practitioner-id={p.id}>
              <div className="flex items-center gap-3">
                {p.photoUrl ? <PractitionerPhoto practitioner={p} size={36} /> : <img src={archetype.image} alt="" width={36} height={36} className="h-9 w-9 shrink-0 rounded-full" />}
                <div className="min-w-0 flex-1">
                  <a href={`/practitioners/${p.id}`} target="_blank" rel="noopener" className="font-semibold text-forest underline-offset-2 hover:underline">
                    {name}
                    <span className="sr-only"> (opens in a new tab)</span>
                  </a>
                  {p.displayName && <p className="text-xs text-muted" data-match-reference="">{practitionerDisplayName(p.id)}</p>}
                  {/* wraps rather than cut: beside the price, a cut line lost its rating ("Butterfly · Rising · …") */}
                  <p className="text-xs text-muted" data-match-summary="">
                    {archetype.name} · {EXPERIENCE_LEVEL_LABELS[p.experienceLevel]}
                    {p.averageRating !== null && ` · ★ ${Number(p.averageRating).toFixed(1)}`}
                  </p>
                </div>
                <span className="shrink-0 text-xs font-semibold text-forest" title={p.hourlyRate === null ? undefined : RATE_TOOLTIP}>{p.hourlyRate === null ? "Rate on request" : sessionPriceText(p.hourlyRate)}</span>
              </div>
              {(p.specializations.length > 0 || modes) && (
                <p className="mt-1.5 truncate text-xs text-muted">{[p.specializations.slice(0, 2).join(", "), modes].filter(Boolean).join(" — ")}</p>
              )}
            </li>
          );
        })}
      </ul>
      <a href={matches.seeAllHref} target="_blank" rel="noopener" className="self-start rounded-full border border-forest/25 bg-white px-3 py-1.5 text-xs font-semibold text-forest hover:border-forest">
        See all matches
        <span className="sr-only"> (opens in a new tab)</span> <span aria-hidden="true">↗</span>
      </a>
    </div>
  );
}

import { useLayoutEffect, useRef } from "react";
import { PractitionerCard } from "../components/practitioner-card";
import { useFavoriteHearts } from "../features/favorites/favorite-button";
import { Toaster } from "../features/toast/toast";

/**
 * A signed-in user's favourite practitioners as cards; unfavouriting removes the card. With
 * `limit`, the latest few and a link to all of them (the client dashboard).
 */
export default function FavoritePractitioners({ userId, limit, headingLevel = 3 }: { userId: string; limit?: number; /** 2 when the list sits right under the page's h1. */ headingLevel?: 2 | 3 }) {
  const {
    list: { data, isPending, isError },
    heartFor,
  } = useFavoriteHearts(userId);
  const frame = useRef<HTMLDivElement>(null);
  // the card whose heart was pressed last: when unfavouriting removes it, its heart had the focus
  const pressedAt = useRef<number | null>(null);
  useLayoutEffect(() => {
    const root = frame.current;
    const index = pressedAt.current;
    if (!root || index === null) return;
    const active = document.activeElement;
    if (active && active !== document.body) return;
    pressedAt.current = null;
    // the focus goes on to the heart of the card that took the removed one's place (else the one
    // before it, else the empty list's link), not back to the top of the page
    const hearts = root.querySelectorAll<HTMLElement>("button[aria-pressed]");
    (hearts[Math.min(index, hearts.length - 1)] ?? root.querySelector<HTMLElement>("a[href]"))?.focus();
  }, [data]);
  let content;
  if (isPending) content = <p className="text-sm text-muted">Loading your favorites…</p>;
  else if (isError) content = <p role="alert" className="text-sm text-red-800">We couldn't load your favorites just now.</p>;
  else if (data.length === 0) {
    content = (
      <div className="card flex flex-col items-center gap-2 p-8 text-center">
        <img src="/images/archetype-butterfly.svg" alt="" width={56} height={56} className="h-14 w-14" />
        <p className="font-display text-xl text-forest">No saved practitioners yet</p>
        <p className="max-w-md text-sm text-muted">Tap the heart on a practitioner's card or profile to keep them close.</p>
        <a href="/practitioners" className="btn-outline mt-3">Browse Practitioners</a>
      </div>
    );
  } else {
    const shown = limit === undefined ? data : data.slice(0, limit);
    content = (
      <>
        {/* as many columns as the space holds cards of 18 rem: the dashboard column is narrower than the page */}
        <ul className="grid grid-cols-[repeat(auto-fill,minmax(min(100%,18rem),1fr))] gap-6" aria-label="Favorite practitioners">
          {shown.map((favorite, i) => (
            <li
              key={favorite.practitionerId}
              onClickCapture={(e) => {
                if ((e.target as Element).closest("button[aria-pressed]")) pressedAt.current = i;
              }}
            >
              <PractitionerCard practitioner={favorite.practitioner} headingLevel={headingLevel} action={heartFor(favorite.practitioner)} />
            </li>
          ))}
        </ul>
        {shown.length < data.length && (
          <p className="mt-4">
            <a href="/dashboard/client/favorites" className="font-semibold text-forest underline decoration-honey decoration-2 underline-offset-4">See all {data.length} favorites</a>
          </p>
        )}
      </>
    );
  }
  return (
    <>
      <div ref={frame}>{content}</div>
      <Toaster />
    </>
  );
}

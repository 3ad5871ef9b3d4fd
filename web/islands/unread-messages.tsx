/** The unread messages count beside 'Messages' (sidebar), kept live by the page's stream. */
import { useEffect, useState } from "react";
import { listenLive } from "../features/conversations/live";

export default function UnreadMessages({ initial }: { initial: number }) {
  const [count, setCount] = useState(initial);
  useEffect(
    () =>
      listenLive((event) => {
        if (event.type === "unread" || (event.type === "message" && event.unreadTotal >= 0)) setCount(event.unreadTotal);
      }),
    [],
  );
  if (count <= 0) return <span data-testid="unread-total" hidden />;
  return (
    <span className="ml-2 rounded-full bg-honey px-2 py-0.5 text-xs font-semibold text-ink" data-testid="unread-total">
      {count}
      <span className="sr-only"> unread</span>
    </span>
  );
}

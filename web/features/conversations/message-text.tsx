import { linkParts } from "../../../core/conversations";

/** A message's text: links as links (nofollow, new tab), everything else as text. */
export function MessageText({ text }: { text: string }) {
  return (
    <>
      {linkParts(text).map((part, i) =>
        part.href ? (
          <a key={i} href={part.href} rel="nofollow noopener ugc" target="_blank" className="underline underline-offset-2 wrap-anywhere">
            {part.text}
          </a>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </>
  );
}

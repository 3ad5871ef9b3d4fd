/**
 * Text a person wrote, shown as text with its http(s) links made links (payment instructions):
 * React escapes the text; only the address itself becomes an href, and only http or https.
 */
const URL_PATTERN = /https?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)\]]/g;

export function LinkedText({ text, className }: { text: string; className?: string }) {
  const parts: Array<string | { href: string }> = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    if (match.index > last) parts.push(text.slice(last, match.index));
    parts.push({ href: match[0] });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return (
    <p className={`whitespace-pre-wrap wrap-anywhere ${className ?? ""}`}>
      {parts.map((part, i) =>
        typeof part === "string" ? (
          part
        ) : (
          <a key={i} href={part.href} rel="noopener noreferrer nofollow" target="_blank" className="font-medium text-forest underline decoration-honey decoration-2 underline-offset-4">
            {part.href}
          </a>
        ),
      )}
    </p>
  );
}

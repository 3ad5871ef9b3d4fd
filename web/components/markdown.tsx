import type { ReactNode } from "react";

/**
 * A small, safe Markdown reader for the operator's Terms, Privacy and Contact pages (issue 26):
 * headings, paragraphs, lists, **bold**, _italic_ and [links](https://…). It builds React
 * elements, never HTML strings, so anything else in the file (a <script>, raw HTML) shows as text;
 * links keep only http(s), mailto: and site-relative targets.
 */
export function Markdown({ source }: { source: string }) {
  const blocks: ReactNode[] = [];
  const lines = source.replace(/\r\n?/g, "\n").split("\n");
  let paragraph: string[] = [];
  let list: { ordered: boolean; items: string[] } | null = null;
  const flush = () => {
    if (paragraph.length) blocks.push(<p key={blocks.length}>{inline(paragraph.join(" "))}</p>);
    paragraph = [];
    if (list) {
      const items = list.items.map((item, i) => <li key={i}>{inline(item)}</li>);
      blocks.push(list.ordered ? <ol key={blocks.length} className="list-decimal pl-6">{items}</ol> : <ul key={blocks.length} className="list-disc pl-6">{items}</ul>);
    }
    list = null;
  };
  for (const line of lines) {
    const heading = /^(#{1,3})\s+(.*)$/.exec(line);
    const bullet = /^\s*[-*]\s+(.*)$/.exec(line);
    const numbered = /^\s*\d+[.)]\s+(.*)$/.exec(line);
    if (heading) {
      flush();
      const level = heading[1].length;
      const Tag = level === 1 ? "h2" : level === 2 ? "h3" : "h4";
      blocks.push(<Tag key={blocks.length} className="font-semibold text-forest">{inline(heading[2])}</Tag>);
    } else if (bullet || numbered) {
      if (paragraph.length) {
        const text = paragraph.join(" ");
        paragraph = [];
        blocks.push(<p key={blocks.length}>{inline(text)}</p>);
      }
      const ordered = Boolean(numbered);
      if (list && list.ordered !== ordered) flush();
      list ??= { ordered, items: [] };
      list.items.push((bullet ?? numbered)![1]);
    } else if (line.trim() === "") flush();
    else {
      if (list) flush();
      paragraph.push(line.trim());
    }
  }
  flush();
  return <div className="prose-legal space-y-4 text-ink">{blocks}</div>;
}

const SAFE_HREF = /^(https?:\/\/|mailto:|\/(?!\/))/i;

function inline(text: string): ReactNode[] {
  const out: ReactNode[] = [];
  const pattern = /\[([^\]]+)\]\(([^)\s]+)\)|\*\*([^*]+)\*\*|_([^_]+)_/g;
  let last = 0;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    if (match.index > last) out.push(text.slice(last, match.index));
    if (match[1] !== undefined) {
      const href = match[2];
      out.push(SAFE_HREF.test(href) ? <a key={out.length} href={href} className="text-forest underline">{match[1]}</a> : match[0]);
    } else if (match[3] !== undefined) out.push(<strong key={out.length}>{match[3]}</strong>);
    else out.push(<em key={out.length}>{match[4]}</em>);
    last = pattern.lastIndex;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

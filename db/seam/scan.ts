/**
 * The seam's static check (docs/decisions/024-data-seam.md): code outside `db/` reaches the
 * database only through `Db`, `atomic` and drizzle's awaited query builders. This finds what
 * would reach the driver or one dialect directly; `seam.test.ts` runs it over the tree and over
 * planted violations.
 */

export interface SeamFinding {
  file: string;
  line: number;
  rule: string;
  text: string;
}

const LINE_RULES: { rule: string; pattern: RegExp; sqlOnly?: boolean }[] = [
  // drizzle's synchronous executors and bun:sqlite's (an awaited builder needs none of them)
  { rule: "synchronous driver call", pattern: /\.(get|all|run)\(\s*\)/ },
  { rule: "raw driver call", pattern: /\b(db|tx|ex|executor|database|sqlite|client|connection)\s*\.\s*(get|all|run|values|exec|query|prepare)\s*(<[^>]*>)?\(/ },
  { rule: "prepared statement run synchronously", pattern: /\)\s*\.\s*(get|all|run)\(\s*\{/ },
  { rule: "transaction opened outside atomic()", pattern: /\.transaction\s*\(/ },
  { rule: "the driver's client", pattern: /\$client\b/ },
  { rule: "driver import", pattern: /from\s+["'](bun:sqlite|better-sqlite3|postgres|pg)["']|import\(\s*["']bun:sqlite["']\)/ },
  { rule: "driver import", pattern: /from\s+["']drizzle-orm\/(bun-sqlite|sqlite-core|pg-core|node-postgres|postgres-js|bun-sql)[^"']*["']/ },
  { rule: "dialect module imported by name", pattern: /from\s+["'][^"']*(\.sqlite|\.postgres|\/db\/sqlite\/|\/db\/postgres\/)[^"']*["']/ },
  {
    rule: "one dialect's SQL",
    sqlOnly: true,
    pattern: /\b(json_each|json_extract|json_group_array|rowid|unixepoch|strftime|julianday|randomblob|group_concat|sqlite_\w+|bm25|ILIKE|RETURNING\s+\*|::(text|int|date|timestamptz))\b|\bPRAGMA\s|INSERT\s+OR\s|\bMATCH\s*['"$]|\bGLOB\b|datetime\s*\(/i,
  },
];

/** A function over the database that does not answer a Promise: it would run the driver synchronously. */
const SYNC_FUNCTION = /(?<!async\s+)function\s*\*?\s*(\w*)\s*(?:<[^>]*>)?\s*\(([^)]*)\)\s*(?::\s*([^{=]+?))?\s*\{/g;
const SYNC_ARROW = /(?<!async\s*)(?<![\w.])\(([^()]*)\)\s*(?::\s*([^=]+?))?\s*=>/g;
const DB_PARAM = /\w+\??\s*:\s*(Db|DbExecutor|DbTransaction|Executor|Transaction|Database|BunSQLiteDatabase|BaseSQLiteDatabase\b[^,)]*)\s*(?:[,)=]|$)/;

function lineOf(text: string, index: number): number {
  return text.slice(0, index).split("\n").length;
}

/** Every finding in one file's text. */
export function scanSource(file: string, text: string): SeamFinding[] {
  const findings: SeamFinding[] = [];
  const lines = text.split("\n");
  // SQL is what sits in sql`…` templates, sql.raw(…) and strings handed to the driver
  let insideSqlTemplate = false;
  lines.forEach((line, index) => {
    const code = line.replace(/^\s*(\/\/|\*|\/\*).*$/, "").replace(/\s\/\/\s.*$/, "");
    const opensSql = /\bsql(\.raw\()?`|\bsql\.raw\(|\.(exec|query|prepare)\(/.test(code);
    const isSql = insideSqlTemplate || opensSql;
    const afterOpen = opensSql ? code.slice(code.search(/\bsql(\.raw\()?`|\bsql\.raw\(|\.(exec|query|prepare)\(/)) : code;
    if ((afterOpen.match(/`/g)?.length ?? 0) % 2 === 1 && (opensSql || insideSqlTemplate)) insideSqlTemplate = !insideSqlTemplate;
    for (const { rule, pattern, sqlOnly } of LINE_RULES) {
      if (sqlOnly && !isSql) continue;
      if (pattern.test(code)) findings.push({ file, line: index + 1, rule, text: line.trim() });
    }
  });
  for (const match of text.matchAll(SYNC_FUNCTION)) {
    const [, name, params, returns] = match;
    if (DB_PARAM.test(params) && !/Promise</.test(returns ?? "")) {
      findings.push({ file, line: lineOf(text, match.index), rule: "synchronous function over the database", text: `function ${name}(${params.trim()})` });
    }
  }
  for (const match of text.matchAll(SYNC_ARROW)) {
    const [, params, returns] = match;
    if (DB_PARAM.test(params) && !/Promise</.test(returns ?? "")) {
      // `atomic(db, (tx) => …)` without async, or any other synchronous arrow over the database
      findings.push({ file, line: lineOf(text, match.index), rule: "synchronous function over the database", text: `(${params.trim()}) =>` });
    }
  }
  return findings;
}

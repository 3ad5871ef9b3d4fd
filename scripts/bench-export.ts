/**
 * The survey CSV export at scale. `prepare PATH N` fills a database with N responses;
 * `export PATH` streams the full export (the route's own stream) and prints rows, bytes, time;
 * `open PATH` only opens the database (the baseline of the process's start-up and memory).
 */
import { atomic, openDatabase } from "../db/client";
import { surveyResponses } from "../db/schema";
import { ADMIN_CSV_COLUMNS, SURVEY_BANDS, adminCsvRow } from "../core/survey";
import { IDENTITY_TYPES } from "../core/enums";
import { surveyCsvStream } from "../src/features/survey/csv";

const [mode, path, count = "100000"] = process.argv.slice(2);
const { db, close } = await openDatabase(path);

if (mode === "prepare") {
  const n = Number(count);
  const start = Date.now() - n * 60_000;
  const row = (i: number) => ({
    identityType: IDENTITY_TYPES[i % IDENTITY_TYPES.length],
    ageRange: SURVEY_BANDS.ageRanges[i % 6],
    countryOfResidence: ["Canada", "Portugal", "Kenya", "Japan"][i % 4],
    currency: "USD",
    contributionInterests: ["hosting_workshops", "garden_content"],
    trustFactors: ["client_reviews"],
    finalThoughts: i % 3 ? `Response ${i}: keep pricing transparent and kind.` : null,
    createdAt: new Date(start + i * 60_000),
  });
  // one transaction, rows inserted 500 at a time (an awaited statement per row would be slow)
  await atomic(db, async (tx) => {
    for (let i = 0; i < n; i += 500) {
      await tx.insert(surveyResponses).values(Array.from({ length: Math.min(500, n - i) }, (_, k) => row(i + k)));
    }
  });
  console.log(`prepared ${n} responses in ${path}`);
} else if (mode === "export") {
  const t0 = performance.now();
  let bytes = 0;
  let rows = 0;
  const counted = (r: Parameters<typeof adminCsvRow>[0]) => (rows++, adminCsvRow(r));
  for await (const chunk of surveyCsvStream(db, {}, ADMIN_CSV_COLUMNS, counted)) bytes += chunk.byteLength;
  console.log(`exported ${rows} rows, ${(bytes / 1e6).toFixed(1)} MB in ${(performance.now() - t0).toFixed(0)} ms; rss ${(process.memoryUsage().rss / 1e6).toFixed(0)} MB`);
}
close();

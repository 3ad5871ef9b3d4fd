import { and, count, desc, eq, gte, lt, or, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { atomic, first, type Db } from "../../../db/client";
import { containsText, sameText } from "../../../db/text";
import { surveyResponses } from "../../../db/schema";
import { SURVEY_ADMIN_PAGE_SIZE } from "../../../core/constants";
import type { IdentityType } from "../../../core/enums";
import { statisticsOf, type ApiSurveyResponse, type SurveyFilters, type SurveyListResponse, type SurveyValues } from "../../../core/survey";

type SurveyRow = typeof surveyResponses.$inferSelect;

/** A stored response in the API's JSON shape. */
export function toApiSurveyResponse(row: SurveyRow): ApiSurveyResponse {
  return { ...(row as unknown as ApiSurveyResponse), createdAt: row.createdAt.toISOString() };
}

/**
 * Stores a response: anonymous ones are always new; a signed-in user has one response, which a
 * second submission replaces (the answer says so).
 */
export async function submitSurveyResponse(db: Db, userId: string | null, values: SurveyValues, now: Date): Promise<{ id: string; updated: boolean }> {
  return atomic(db, async (tx) => {
    if (!userId) {
      const [row] = await tx.insert(surveyResponses)
        .values({ ...values, userId: null, createdAt: now }).returning({ id: surveyResponses.id });
      return { id: row.id, updated: false };
    }
    const existing = await first(tx.select({ id: surveyResponses.id }).from(surveyResponses).where(eq(surveyResponses.userId, userId)).limit(1));
    if (existing) {
      await tx.update(surveyResponses).set({ ...values, createdAt: now }).where(eq(surveyResponses.id, existing.id));
      return { id: existing.id, updated: true };
    }
    const [row] = await tx.insert(surveyResponses)
      .values({ ...values, userId, createdAt: now }).returning({ id: surveyResponses.id });
    return { id: row.id, updated: false };
  });
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The WHERE clause of the admin filters; the list, the statistics and the export share it. */
function whereOf(filters: SurveyFilters, options: { ignoreIdentity?: boolean } = {}): SQL | undefined {
  const conditions: SQL[] = [];
  if (filters.identityType && !options.ignoreIdentity) conditions.push(eq(surveyResponses.identityType, filters.identityType));
  if (filters.country) conditions.push(sameText(surveyResponses.countryOfResidence, filters.country));
  if (filters.from) conditions.push(gte(surveyResponses.createdAt, new Date(`${filters.from}T00:00:00Z`)));
  if (filters.to) conditions.push(lt(surveyResponses.createdAt, new Date(Date.parse(`${filters.to}T00:00:00Z`) + DAY_MS)));
  if (filters.search) {
    const search = filters.search;
    const like = (column: AnyColumn) => containsText(column, search);
    conditions.push(or(like(surveyResponses.countryOfResidence), like(surveyResponses.currency), like(surveyResponses.ageRange), like(surveyResponses.finalThoughts))!);
  }
  return conditions.length ? and(...conditions) : undefined;
}

/** One page (20) of the filtered responses, newest first, with the total and the statistics of the filtered set. */
export async function listSurveyResponses(db: Db, filters: SurveyFilters, page: number, pageSize = SURVEY_ADMIN_PAGE_SIZE): Promise<SurveyListResponse> {
  const where = whereOf(filters);
  const rows = await db
    .select()
    .from(surveyResponses)
    .where(where)
    .orderBy(desc(surveyResponses.createdAt), desc(surveyResponses.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const counts = await db.select({ identityType: surveyResponses.identityType, n: count() }).from(surveyResponses).where(where).groupBy(surveyResponses.identityType);
  const statistics = statisticsOf(Object.fromEntries(counts.map((c) => [c.identityType, c.n])) as Partial<Record<IdentityType, number>>);
  return { total: statistics.total, data: rows.map(toApiSurveyResponse), page, pageSize, statistics };
}

/** How many responses match (the export's count header and the empty-export answer). */
export async function countSurveyResponses(db: Db, filters: SurveyFilters): Promise<number> {
  return (await first(db.select({ n: count() }).from(surveyResponses).where(whereOf(filters))))?.n ?? 0;
}

/**
 * Every filtered response, newest first, in batches read with a keyset cursor, so that an export
 * of any size holds one batch in memory at a time.
 */
export async function* surveyResponseBatches(db: Db, filters: SurveyFilters, batchSize = 1000): AsyncGenerator<ApiSurveyResponse[]> {
  const where = whereOf(filters);
  let cursor: { createdAt: Date; id: string } | null = null;
  for (;;) {
    // a row-value comparison walks the (created_at, id) index from where the last batch ended;
    // the cursor's time is bound through the column, so each engine gets its own encoding of it
    const after: SQL | undefined = cursor
      ? sql`(${surveyResponses.createdAt}, ${surveyResponses.id}) < (${sql.param(cursor.createdAt, surveyResponses.createdAt)}, ${cursor.id})`
      : undefined;
    // each batch is its own awaited query: the stream reads one page per pull, holding no
    // connection or transaction open between them
    const rows: SurveyRow[] = await db
      .select()
      .from(surveyResponses)
      .where(and(where, after))
      .orderBy(desc(surveyResponses.createdAt), desc(surveyResponses.id))
      .limit(batchSize);
    if (rows.length === 0) return;
    yield rows.map(toApiSurveyResponse);
    if (rows.length < batchSize) return;
    const last: SurveyRow = rows[rows.length - 1];
    cursor = { createdAt: last.createdAt, id: last.id };
  }
}

/** The countries respondents named, for the filter's choices. */
export async function surveyCountries(db: Db): Promise<string[]> {
  const rows = await db
    .selectDistinct({ country: surveyResponses.countryOfResidence })
    .from(surveyResponses)
    .where(sql`${surveyResponses.countryOfResidence} IS NOT NULL AND ${surveyResponses.countryOfResidence} != ''`)
    .orderBy(surveyResponses.countryOfResidence)
    .limit(300);
  return rows.map((r) => r.country!);
}

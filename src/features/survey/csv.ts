import Papa from "papaparse";
import type { Db } from "../../../db/client";
import { CSV_FORMULA_PATTERN, type ApiSurveyResponse, type SurveyFilters } from "../../../core/survey";
import { surveyResponseBatches } from "./service";

/** CSV text of rows, with formula-like cells neutralised (ARCHITECTURE.md, CSV). */
export function toCsv(rows: string[][], header: readonly string[] | null): string {
  return Papa.unparse({ fields: header ? [...header] : [], data: rows }, { header: header !== null, escapeFormulae: CSV_FORMULA_PATTERN, newline: "\r\n" });
}

/**
 * UTF-8's byte-order mark, sent first: Excel reads a CSV without it in the machine's legacy code
 * page ('Österreich' becomes 'Ã–sterreich'); Sheets, LibreOffice, papaparse and pandas skip it.
 */
export const CSV_BOM = "\uFEFF";

/**
 * The filtered responses as a CSV byte stream: the mark and the header, then one batch of rows at a
 * time, read from the database only as the client takes them (pull), so memory stays flat at any size.
 */
export function surveyCsvStream(db: Db, filters: SurveyFilters, columns: readonly string[], toRow: (r: ApiSurveyResponse) => string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const batches = surveyResponseBatches(db, filters);
  let headerSent = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!headerSent) {
        headerSent = true;
        controller.enqueue(encoder.encode(`${CSV_BOM}${toCsv([[...columns]], null)}\r\n`));
        return;
      }
      const next = await batches.next();
      if (next.done) {
        controller.close();
        return;
      }
      controller.enqueue(encoder.encode(`${toCsv(next.value.map(toRow), null)}\r\n`));
    },
    async cancel() {
      await batches.return(undefined);
    },
  });
}

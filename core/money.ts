/** Integer cents to the API's decimal text: 8550 -> "85.50". */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** Decimal text or number of dollars to integer cents: "85.5" -> 8550. */
export function decimalToCents(value: string | number): number {
  return Math.round(Number(value) * 100);
}

/**
 * The one way an amount of money is shown (rates, fees, totals, earnings, plan prices): '$' and
 * the spec's decimal text with 2 places, as SPEC.md's price text has it ("$85.00", "$127.50").
 */
export function formatDollars(decimal: string | number | null | undefined): string {
  if (decimal === null || decimal === undefined || decimal === "") return "$—";
  return `$${centsToDecimal(decimalToCents(decimal))}`;
}

/** The spec's price text: '$' + hourlyRate + '/session' ("$85.00/session"). */
export function sessionPriceText(hourlyRate: string): string {
  return `${formatDollars(hourlyRate)}/session`;
}

/**
 * The '/session' price text is the hourly rate (SPEC.md's card text): its tooltip says so, and
 * wherever a duration is chosen each duration's fee is shown beside it (issue 27).
 */
export const RATE_TOOLTIP = "per hour";

/** A plan's price: "$19.99/month" (SPEC.md section 9). */
export function monthlyPriceText(priceCents: number): string {
  return `${formatDollars(centsToDecimal(priceCents))}/month`;
}

/**
 * A bound of a price filter as the person gave it ("under $80"): whole dollars stay whole. Not an
 * amount to pay, so not formatDollars.
 */
export function formatDollarBound(dollars: number): string {
  return Number.isInteger(dollars) ? `$${dollars}` : `$${dollars.toFixed(2)}`;
}

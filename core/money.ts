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

/** "$85" for whole dollars, "$85.50" otherwise. */
export function formatDollars(decimal: string | number | null | undefined): string {
  if (decimal === null || decimal === undefined || decimal === "") return "$—";
  const n = Number(decimal);
  return Number.isInteger(n) ? `$${n}` : `$${n.toFixed(2)}`;
}

/** The spec's price text: '$' + hourlyRate + '/session' ("$85.00/session"). */
export function sessionPriceText(hourlyRate: string): string {
  return `$${hourlyRate}/session`;
}

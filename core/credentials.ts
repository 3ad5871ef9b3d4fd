/**
 * Practitioners' credentials (issue 26): what a practitioner enters (title, issuing body, number,
 * year), and what an admin's verification lets the Verified badge say. Shared by the API's schema,
 * the profile editor and the profile page.
 */
import { z } from "zod";

export const CREDENTIALS_MAX = 10;
export const CREDENTIAL_TEXT_MAX = 120;
export const CREDENTIAL_NUMBER_MAX = 60;
export const CREDENTIAL_YEAR_MIN = 1950;

export interface ApiCredential {
  id: string;
  title: string;
  issuingBody: string;
  number: string | null;
  year: number;
  /** When an admin checked it with the issuing body; null while not (yet) checked. */
  verifiedAt: string | null;
}

/** A credential as the admin dashboard lists it. */
export interface AdminCredentialRow extends ApiCredential {
  practitionerId: string;
  practitionerEmail: string;
  practitionerName: string | null;
  verifiedBy: string | null;
}

/** What a practitioner sends (the year: from CREDENTIAL_YEAR_MIN to this year). */
export const credentialInputSchema = z.object({
  title: z.string().trim().min(2, "Give the credential's title.").max(CREDENTIAL_TEXT_MAX),
  issuingBody: z.string().trim().min(2, "Give the body that issued it.").max(CREDENTIAL_TEXT_MAX),
  number: z
    .string()
    .trim()
    .max(CREDENTIAL_NUMBER_MAX)
    .nullable()
    .optional()
    .transform((v) => (v ? v : null)),
  year: z
    .number({ error: "Give the year it was issued." })
    .int("Give the year it was issued.")
    .min(CREDENTIAL_YEAR_MIN, "Give the year it was issued.")
    .refine((y) => y <= new Date().getUTCFullYear(), "The year cannot be in the future."),
});
export type CredentialInput = z.output<typeof credentialInputSchema>;

export const CREDENTIAL_TEXTS = {
  tooMany: `A profile lists at most ${CREDENTIALS_MAX} credentials.`,
  notFound: "Credential not found",
  added: "Credential added. An admin checks it with the issuing body before the Verified badge lists it.",
  removed: "Credential removed.",
  verifiedExplainer: "What Pollinate checked",
} as const;

/** One line the Verified badge shows for a checked credential. */
export function verifiedCredentialLine(c: Pick<ApiCredential, "title" | "issuingBody" | "number" | "year">): string {
  return `${c.title}, ${c.issuingBody}${c.number ? `, no. ${c.number}` : ""} (${c.year})`;
}

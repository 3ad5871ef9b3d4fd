import type { z } from "zod";
import { badRequest } from "../http/errors";

// the schemas live in core/ so that the browser's endpoint map (core/api-routes.ts) types its calls by them
export { emailOnlySchema, resendSchema, resetPasswordSchema, signInSchema, signUpSchema } from "../../core/auth-inputs";

/** Parses a body; the first problem becomes a 400 whose message is the sentence the form shows. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body);
  if (!result.success) throw badRequest(result.error.issues[0]?.message ?? "Invalid request");
  return result.data;
}

import type { ValidationTargets } from "hono";
import { validator } from "hono/validator";
import type { z } from "zod";
import { badRequest } from "./errors";

/** A readable sentence from zod issues: "email: Enter a valid e-mail address". */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => {
      const field = issue.path.join(".");
      return field ? `${field}: ${issue.message}` : issue.message;
    })
    .join("; ");
}

/**
 * Validates a request part with zod; failures answer 400 with a message a person can act on.
 * Handlers read the parsed value with `c.req.valid(target)`.
 */
export function validate<Target extends keyof ValidationTargets, Schema extends z.ZodType>(target: Target, schema: Schema) {
  return validator(target, (value) => {
    const result = schema.safeParse(value);
    if (!result.success) throw badRequest(describeIssues(result.error));
    return result.data as z.output<Schema>;
  });
}

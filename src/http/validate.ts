import type { Context, MiddlewareHandler, ValidationTargets } from "hono";
import { HTTPException } from "hono/http-exception";
import { validator } from "hono/validator";
import type { z } from "zod";
import { CONTROL_CHARACTER_MESSAGE, hasControlCharacterDeep, isWellFormedDeep, MALFORMED_TEXT_MESSAGE } from "../../core/text";
import { badRequest } from "./errors";

/** The 400 message for a JSON body that does not parse. */
export const INVALID_JSON_MESSAGE = "The request body is not valid JSON";
/** The 415 message for a body sent as something else than JSON to a route that reads JSON. */
export const NOT_JSON_MESSAGE = "Send the request body as JSON (Content-Type: application/json)";
/** JSON by its media type: application/json, or a JSON suffix such as application/merge-patch+json. */
const JSON_TYPE = /^application\/([\w.-]+\+)?json\s*(;|$)/i;
/** True when the request carries a body (by its headers: the stream itself is read once, later). */
export function hasBody(c: Context): boolean {
  const length = c.req.header("content-length");
  return (length !== undefined && length !== "0") || c.req.header("transfer-encoding") !== undefined;
}
/** What hono's validator says in that case (replaced by INVALID_JSON_MESSAGE). */
const HONO_MALFORMED_JSON = "Malformed JSON in request body";

/**
 * A readable sentence from zod issues: "email: Enter a valid e-mail address". With `paths: false`
 * (a schema whose every message names its field, for a form a person fills in) the messages alone:
 * "Each tag can be at most 30 characters." rather than "tags.1: …" (the same message twice, once).
 */
export function describeIssues(error: z.ZodError, { paths = true }: { paths?: boolean } = {}): string {
  return [
    ...new Set(
      error.issues.slice(0, 3).map((issue) => {
        const field = issue.path.join(".");
        return field && paths ? `${field}: ${issue.message}` : issue.message;
      }),
    ),
  ].join("; ");
}

export interface ValidateOptions {
  /** false: answer with the schema's messages alone (they name their fields themselves). */
  paths?: boolean;
}

/**
 * Validates a request part with zod; failures answer 400 with a message a person can act on
 * (a JSON body that does not parse: INVALID_JSON_MESSAGE). Handlers read the parsed value with
 * `c.req.valid(target)`. Write routes put their sign-in check before it (auth/guards.ts).
 * Malformed Unicode (a lone surrogate) anywhere in the value answers 400 before the schema runs,
 * whatever the schema says (schemas in core/ use `wellFormedText` for the same rule); so does a
 * control character other than tab and line breaks (CONTROL_CHARACTER_MESSAGE). A body sent
 * with another media type (text/plain, a form) or none answers 415 instead of being read as `{}`.
 */
export function validate<Target extends keyof ValidationTargets, Schema extends z.ZodType>(target: Target, schema: Schema, options: ValidateOptions = {}) {
  const check = validator(target, (value) => {
    if (!isWellFormedDeep(value)) throw badRequest(MALFORMED_TEXT_MESSAGE);
    // every free-text field, whatever its schema: a NUL or an escape sequence only hides or fakes text
    if (hasControlCharacterDeep(value)) throw badRequest(CONTROL_CHARACTER_MESSAGE);
    const result = schema.safeParse(value);
    if (!result.success) throw badRequest(describeIssues(result.error, options));
    return result.data as z.output<Schema>;
  });
  if (target !== "json") return check;
  const guarded: MiddlewareHandler = async (c, next) => {
    const type = c.req.header("content-type");
    if (type === undefined ? hasBody(c) : !JSON_TYPE.test(type)) throw new HTTPException(415, { message: NOT_JSON_MESSAGE });
    try {
      return (await check(c, next)) as Response | void;
    } catch (error) {
      if (error instanceof HTTPException && error.status === 400 && error.message === HONO_MALFORMED_JSON) throw badRequest(INVALID_JSON_MESSAGE);
      throw error;
    }
  };
  return guarded as unknown as typeof check;
}

/**
 * What the plan checkout and a session's payment mark take (decision 026, issue 24), validated by
 * the server (src/features/payments/routes.ts) and typed for the browser by core/api-routes.ts.
 * The browser imports only the types of this file.
 */
import { z } from "zod";
import { PAID_LEVELS } from "./payments";

export const planInput = z.object({ plan: z.enum(PAID_LEVELS, { error: "plan must be basic, premium or unlimited" }) }).strict();
export const sessionPaymentInput = z
  .object({
    paid: z.boolean({ error: "paid must be true or false" }),
    amount: z.string().regex(/^\d{1,6}(\.\d{1,2})?$/, "amount must be a sum in dollars, such as 60 or 60.00").optional(),
  })
  .strict();

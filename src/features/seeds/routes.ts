import { Hono } from "hono";
import { z } from "zod";
import { requireRoleFirst, requireSelfOrAdmin, requireUser } from "../../auth/guards";
import type { AppEnv } from "../../http/app-context";
import type { ApiResponse } from "../../../core/api-routes";
import { notFound } from "../../http/errors";
import { validate } from "../../http/validate";
import { findUserById } from "../../auth/accounts";
import { claimMonthlyBonus, getWallet } from "./service";

/** /api/seeds: a wallet (that user or an admin) and the facilitators' monthly bonus. */
export const seedsRoutes = new Hono<AppEnv>()
  .get("/wallet/:userId", validate("param", z.object({ userId: z.string().min(1).max(100) })), async (c) => {
    const { userId } = c.req.valid("param");
    requireSelfOrAdmin(c, userId);
    // an admin may ask for anyone's wallet: one that is nobody's is not an empty wallet
    if (userId !== c.var.user?.id && !(await findUserById(c.var.deps.db, userId))) throw notFound("User not found");
    c.header("Cache-Control", "private, no-store");
    return c.json((await getWallet(c.var.deps.db, userId)) satisfies ApiResponse<"GET /api/seeds/wallet/:userId">);
  })
  .post("/monthly-bonus", requireRoleFirst("practitioner"), async (c) => {
    const user = requireUser(c);
    return c.json((await claimMonthlyBonus(c.var.deps.db, user.id, c.var.deps.now())) satisfies ApiResponse<"POST /api/seeds/monthly-bonus">);
  });

import { Hono } from "hono";
import { z } from "zod";
import { requireRoleFirst, requireSelfOrAdmin, requireUser } from "../../auth/guards";
import type { AppEnv } from "../../http/env";
import { validate } from "../../http/validate";
import { claimMonthlyBonus, getWallet } from "./service";

/** /api/seeds: a wallet (that user or an admin) and the facilitators' monthly bonus. */
export const seedsRoutes = new Hono<AppEnv>()
  .get("/wallet/:userId", validate("param", z.object({ userId: z.string().min(1).max(100) })), async (c) => {
    const { userId } = c.req.valid("param");
    requireSelfOrAdmin(c, userId);
    c.header("Cache-Control", "private, no-store");
    return c.json(await getWallet(c.var.deps.db, userId));
  })
  .post("/monthly-bonus", requireRoleFirst("practitioner"), async (c) => {
    const user = requireUser(c);
    return c.json(await claimMonthlyBonus(c.var.deps.db, user.id, c.var.deps.now()));
  });

import { Hono } from "hono";
import { z } from "zod";
import { requireSelfOrAdmin, requireSignedIn, requireUser } from "../../auth/guards";
import type { AppEnv } from "../../http/app-context";
import type { ApiResponse } from "../../../core/api-routes";
import { validate } from "../../http/validate";
import { listFavorites, toggleFavorite } from "./service";
import { favoriteInput } from "../../../core/favorite-inputs";


/** /api/favorites: a user's favourites (that user or an admin only) and the heart's toggle. */
export const favoriteRoutes = new Hono<AppEnv>()
  .get("/:userId", validate("param", z.object({ userId: z.string().min(1).max(100) })), async (c) => {
    const { userId } = c.req.valid("param");
    requireSelfOrAdmin(c, userId);
    return c.json((await listFavorites(c.var.deps.db, userId)) satisfies ApiResponse<"GET /api/favorites/:userId">);
  })
  .post("/", requireSignedIn, validate("json", favoriteInput), async (c) => {
    const user = requireUser(c);
    return c.json((await toggleFavorite(c.var.deps.db, user.id, c.req.valid("json").practitionerId, c.var.deps.now())) satisfies ApiResponse<"POST /api/favorites">);
  });

import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";
import { requestId } from "hono/request-id";
import { NONCE, secureHeaders } from "hono/secure-headers";
import { pingDatabase } from "../db/client";
import { MEDIA_TEXTS, MEDIA_UPLOAD_BODY_MAX, MEDIA_UPLOAD_PATH } from "../core/media";
import { PHOTO_BODY_MAX, PHOTO_PATH, PHOTO_TEXTS } from "../core/practitioner-photo";
import type { AppDeps, AppEnv } from "./http/app-context";
import { requestLog } from "./http/request-log";
import { compression, parseCompressionLevels } from "./http/compress";
import { loopbackAliases, sameOrigin } from "./http/same-origin";
import { privateByDefault } from "./http/private-cache";
import { robots } from "./http/robots";
import { bookingPages } from "./pages/booking-pages";
import { pageRoutes, renderErrorPage } from "./pages/routes";
import { staticAssets } from "./http/static-assets";
import { practitionerRoutes } from "./features/practitioners/routes";
import { adminCredentialRoutes, myCredentialRoutes, publicCredentialRoutes } from "./features/credentials/routes";
import { accountRoutes } from "./features/account/routes";
import { reviewRoutes } from "./features/reviews/routes";
import { favoriteRoutes } from "./features/favorites/routes";
import { bookingRoutes } from "./features/bookings/routes";
import { availabilityRoutes, calendarRoutes } from "./features/bookings/settings-routes";
import { waitlistRoutes } from "./features/bookings/waitlist-routes";
import { gardenRoutes } from "./features/garden/routes";
import { seedsRoutes } from "./features/seeds/routes";
import { discoverPages } from "./pages/discover-pages";
import { authRoutes } from "./auth/routes";
import { sessionMiddleware } from "./auth/session";
import { createMailer, type Mailer } from "./email/mailer";
import { defaultCounters, type Counters } from "./http/counter-store";
import { authPages } from "./pages/auth-pages";
import { dashboardPages } from "./pages/dashboard-pages";
import { surveyRoutes } from "./features/survey/routes";
import { surveyPages } from "./pages/survey-pages";
import { adminRoutes, simpleAdminRoutes } from "./features/admin/routes";
import { adminPages } from "./pages/admin-pages";
import { gardenPages } from "./pages/garden-pages";
import { conversationRoutes, reportAdminRoutes } from "./features/conversations/routes";
import { defaultLiveHub, type LiveHub } from "./features/conversations/live";
import { conversationPages } from "./pages/conversation-pages";
import { paymentRoutes, paymentWebhook, sessionPaymentRoutes } from "./features/payments/routes";
import { DEMO_STRIPE_PREFIX, paymentsFor } from "./features/payments/stripe";
import { paymentPages } from "./pages/payment-pages";

/** Builds the whole application from its dependencies; tests call it with a fresh database. */
export function createApp(options: Omit<AppDeps, "mailer" | "counters" | "live"> & { mailer?: Mailer; counters?: Counters; live?: LiveHub }) {
  const deps: AppDeps = {
    ...options,
    mailer: options.mailer ?? createMailer(options.config),
    counters: options.counters ?? defaultCounters(options),
    live: options.live ?? defaultLiveHub(options),
  };
  const trusted = (deps.config.TRUSTED_ORIGINS ?? "").split(",").map((o) => o.trim()).filter(Boolean);
  const allowedOrigins = [...loopbackAliases(new URL(deps.config.APP_URL)), ...trusted];

  const app = new Hono<AppEnv>();

  app.use(requestId());
  app.use(requestLog(deps.config.LOG_REQUESTS));
  app.use(compression(parseCompressionLevels(deps.config.COMPRESSION)));
  app.use(async function provideDeps(c, next) {
    c.set("deps", deps);
    c.set("user", null);
    await next();
  });
  // Stripe posts its events with no session and no Origin: mounted before the session, the
  // same-origin check and the app-wide body limit (it has its own), answered by its signature alone
  app.route("/api/payments/webhook", paymentWebhook);
  app.use(sessionMiddleware());
  app.use(privateByDefault());
  app.use(
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", NONCE],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // blob: the photo form's preview of the chosen file
        imgSrc: ["'self'", "data:", "blob:", "https:"],
        connectSrc: ["'self'"],
        fontSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        // the billing forms answer with a redirect to Stripe's Checkout or portal, which form-action also governs
        formAction: ["'self'", ...paymentFormTargets(deps.config)],
        frameAncestors: ["'none'"],
      },
      strictTransportSecurity: deps.config.APP_URL.startsWith("https:") ? "max-age=31536000; includeSubDomains" : false,
      crossOriginEmbedderPolicy: false,
      // the same rule as frame-ancestors 'none', for browsers that only know the older header
      xFrameOptions: "DENY",
      // nothing on the site uses these: refuse them to any script that would (only features Chromium knows, or it warns)
      permissionsPolicy: { camera: [], microphone: [], geolocation: [], payment: [], usb: [], displayCapture: [] },
    }),
  );
  const defaultBodyLimit = bodyLimit({
    maxSize: deps.config.BODY_LIMIT,
    onError: (c) => c.json({ message: `Request body too large (limit ${Math.round(deps.config.BODY_LIMIT / 1024)} KB)` }, 413),
  });
  // the Garden's upload of a recording or a video carries its file (core/media.ts), up to its own limit
  const uploadBodyLimit = bodyLimit({ maxSize: MEDIA_UPLOAD_BODY_MAX, onError: (c) => c.json({ message: MEDIA_TEXTS.tooLarge }, 413) });
  // a practitioner's photo (core/practitioner-photo.ts), up to its own limit
  const photoBodyLimit = bodyLimit({ maxSize: PHOTO_BODY_MAX, onError: (c) => c.json({ message: PHOTO_TEXTS.tooLarge }, 413) });
  app.use((c, next) => {
    if (c.req.method === "POST" && c.req.path === MEDIA_UPLOAD_PATH) return uploadBodyLimit(c, next);
    if (c.req.method === "PUT" && c.req.path === PHOTO_PATH) return photoBodyLimit(c, next);
    return defaultBodyLimit(c, next);
  });
  app.use(sameOrigin(() => allowedOrigins));

  app.get("/healthz", async (c) => {
    await pingDatabase(deps.db);
    return c.text("ok");
  });

  app.notFound((c) => {
    if (isApiPath(c)) return c.json({ message: `No API route for ${c.req.method} ${c.req.path}` }, 404);
    return renderErrorPage(c, 404);
  });

  app.onError((error, c) => {
    // A guard that prepared its own answer (a redirect to sign-in) is answered as it is.
    if (error instanceof HTTPException && error.res) return error.getResponse();
    const status = error instanceof HTTPException ? error.status : 500;
    if (status >= 500) console.error(`[${c.get("requestId")}]`, error);
    const message = status >= 500 ? "Something went wrong on our side. Please try again." : error.message;
    if (isApiPath(c) || wantsJson(c)) return c.json({ message }, status);
    return renderErrorPage(c, status, message);
  });

  app.route("/api/auth", authRoutes);
  app.route("/api/practitioners/me/credentials", myCredentialRoutes);
  app.route("/api/practitioners", publicCredentialRoutes);
  app.route("/api/practitioners", practitionerRoutes);
  app.route("/api/reviews", reviewRoutes);
  app.route("/api/account", accountRoutes());
  app.route("/api/favorites", favoriteRoutes);
  app.route("/api/bookings", bookingRoutes());
  app.route("/api/waitlist", waitlistRoutes());
  app.route("/", robots());
  app.route("/api/availability", availabilityRoutes);
  app.route("/api/calendar", calendarRoutes);
  app.route("/api/survey", surveyRoutes());
  app.route("/api/admin/reports", reportAdminRoutes);
  app.route("/api/admin/credentials", adminCredentialRoutes);
  app.route("/api/admin", adminRoutes());
  app.route("/api/conversations", conversationRoutes);
  app.route("/api/simple-admin", simpleAdminRoutes());
  app.route("/api/garden", gardenRoutes);
  app.route("/api/seeds", seedsRoutes);
  app.route("/api/payments", paymentRoutes);
  app.route("/api/payments", sessionPaymentRoutes);
  // the demo payment mode: its checkout and portal pages, and its events delivered to the real webhook route
  const demoStripe = paymentsFor(deps.config)?.demo;
  if (demoStripe) {
    demoStripe.deliver = (payload, signature) =>
      app.request("/api/payments/webhook", { method: "POST", headers: { "content-type": "application/json", "stripe-signature": signature }, body: payload });
    app.all(`${DEMO_STRIPE_PREFIX}/*`, async (c) => (await demoStripe.handle(c.req.raw)) ?? c.notFound());
  }
  app.route("/", staticAssets());
  app.route("/", authPages);
  app.route("/", dashboardPages);
  app.route("/", conversationPages);
  app.route("/", discoverPages);
  app.route("/", bookingPages);
  app.route("/", surveyPages);
  app.route("/", adminPages);
  app.route("/", gardenPages);
  app.route("/", paymentPages);
  app.route("/", pageRoutes);
  return app;
}

export type App = ReturnType<typeof createApp>;

/** Where the billing forms may redirect: Stripe's hosted pages (or the fake Stripe of the tests). */
function paymentFormTargets(config: AppDeps["config"]): string[] {
  if (config.paymentsMode !== "stripe") return [];
  if (config.STRIPE_API_BASE) return [new URL(config.STRIPE_API_BASE).origin];
  return ["https://checkout.stripe.com", "https://billing.stripe.com"];
}

function isApiPath(c: Context) {
  return c.req.path === "/api" || c.req.path.startsWith("/api/");
}

function wantsJson(c: Context) {
  return (c.req.header("accept") ?? "").includes("application/json");
}

/**
 * The JSON endpoints the browser calls, each by method and path, with what it takes (path
 * parameters, query, body) and what it answers. Types only, so it costs the browser nothing
 * (decision 035): web/lib/api.ts types its calls by this map, and the server's handlers answer
 * with `c.json(body satisfies ApiResponse<"GET /api/…">)`, so that a change of shape on either
 * side fails `tsc`. Bodies and queries are the input types of the zod schemas the server
 * validates with.
 */
import type { z } from "zod";
import type {
  AdminAuditEntry,
  AdminGardenRow,
  AdminOutboxSummary,
  AdminOverview,
  AdminPage,
  AdminPaymentsOverview,
  AdminPractitionerRow,
  AdminSeedsOverview,
  AdminSessionRow,
  AdminUserRow,
  adminListQuerySchema,
  adminLoginSchema,
  simpleAdminLoginSchema,
  testEmailSchema,
} from "./admin";
import type { AdminReport, ReportStatus } from "./conversations";
import type { reasonSchema } from "./moderation-inputs";
import type { AdminCredentialRow, ApiCredential, credentialInputSchema } from "./credentials";
import type { SurveyListResponse, surveyListQuerySchema } from "./survey";
import type { AccessInfo, ApiPractitioner, CurrentUserResponse } from "./types";
import type { DirectoryResponse } from "./practitioners";
import type { directoryParamsSchema } from "./directory-params-schema";
import type { displayNameSchema, profileBodySchema } from "./practitioner-inputs";
import type { ApiGardenContent, GardenListResponse, GardenReviewResponse, gardenListQuery } from "./garden";
import type { ApiSeedsWallet } from "./seeds";
import type { ApiReview, ReviewEligibility } from "./reviews";
import type { ApiFavorite, FavoriteToggleResponse } from "./favorites";
import type { favoriteInput } from "./favorite-inputs";
import type { replySchema, reviewChangeSchema, reviewInputSchema } from "./review-inputs";
import type { GardenLikeResponse, GardenViewResponse, gardenInteractionInput, gardenLikeInput } from "./garden";
import type { MonthlyBonusResponse } from "./seeds";
import type { SurveySubmitResponse, surveyInputSchema } from "./survey";
import type { AvailabilitySettingsAnswer, bookingSettingsSchema } from "./availability";
import type { ApiConversation, ApiInbox, ApiMessage } from "./conversations";
import type { AvailabilityAnswer, BookingDetail, CalendarFeedAnswer, availabilityQuerySchema, bookingPayloadSchema } from "./bookings";
import type { planInput, sessionPaymentInput } from "./payment-inputs";
import type { WaitlistEntryAnswer } from "./waitlist";
import type { joinWaitlistSchema } from "./waitlist-inputs";
import type { deletionSchema, emailChangeSchema, emailOnlySchema, passwordChangeSchema, resendSchema, resetPasswordSchema, signInSchema, signUpSchema } from "./auth-inputs";
import type { inboxQuery, readInput, reportInput, sendInput, settingsInput, startInput, threadQuery } from "./conversation-inputs";

/** `{ message }`: what the server says after a write, shown to the person. */
type Said = { message: string };
type AdminList<Row> = { query: z.input<typeof adminListQuerySchema>; response: AdminPage<Row> };

export interface ApiRoutes {
  // the directory, the Hive and profiles (src/features/practitioners/routes.ts)
  "GET /api/practitioners": { response: ApiPractitioner[] };
  "GET /api/practitioners/all": { query: z.input<typeof directoryParamsSchema>; response: DirectoryResponse };
  "GET /api/practitioners/:id": { response: ApiPractitioner };
  // a practitioner's own profile, name and photo (the photo's upload goes by apiUpload: its body is the file)
  "PUT /api/practitioners/me": { body: z.input<typeof profileBodySchema>; response: ApiPractitioner };
  "PUT /api/practitioners/me/name": { body: z.input<typeof displayNameSchema>; response: ApiPractitioner };
  "DELETE /api/practitioners/me/photo": { response: ApiPractitioner };
  // the Garden and Seeds (src/features/garden/routes.ts, seeds/routes.ts)
  "GET /api/garden/content": { query: z.input<typeof gardenListQuery>; response: GardenListResponse };
  "GET /api/garden/content/:id": { response: ApiGardenContent };
  "GET /api/seeds/wallet/:userId": { response: ApiSeedsWallet };
  "POST /api/garden/interaction": { body: z.input<typeof gardenInteractionInput>; response: GardenViewResponse };
  "POST /api/garden/content/:id/like": { body: z.input<typeof gardenLikeInput>; response: GardenLikeResponse };
  "POST /api/seeds/monthly-bonus": { response: MonthlyBonusResponse };
  // the survey (src/features/survey/routes.ts)
  "POST /api/survey": { body: z.input<typeof surveyInputSchema>; response: SurveySubmitResponse };
  // a practitioner's availability (src/features/bookings/settings-routes.ts)
  "GET /api/availability/me": { response: AvailabilitySettingsAnswer };
  "PUT /api/availability/me": { body: z.input<typeof bookingSettingsSchema>; response: AvailabilitySettingsAnswer };
  // reviews and favourites (src/features/reviews/routes.ts, favorites/routes.ts)
  "GET /api/reviews/practitioner/:id": { response: ApiReview[] };
  "GET /api/reviews/eligibility/:id": { response: ReviewEligibility };
  "GET /api/favorites/:userId": { response: ApiFavorite[] };
  "POST /api/reviews": { body: z.input<typeof reviewInputSchema>; response: ApiReview };
  "PATCH /api/reviews/:id": { body: z.input<typeof reviewChangeSchema>; response: ApiReview };
  "DELETE /api/reviews/:id": { response: { success: boolean } };
  "POST /api/reviews/:id/reply": { body: z.input<typeof replySchema>; response: ApiReview };
  "PUT /api/reviews/:id/reply": { body: z.input<typeof replySchema>; response: ApiReview };
  "POST /api/favorites": { body: z.input<typeof favoriteInput>; response: FavoriteToggleResponse };
  // sign-up, sign-in, passwords and the trial (src/auth/routes.ts)
  "POST /api/auth/signup": { body: z.input<typeof signUpSchema>; response: Said };
  "POST /api/auth/signin": { body: z.input<typeof signInSchema>; response: Said & { user: CurrentUserResponse } };
  "POST /api/auth/resend-verification": { body: z.input<typeof resendSchema>; response: Said };
  "POST /api/auth/forgot-password": { body: z.input<typeof emailOnlySchema>; response: Said };
  "POST /api/auth/reset-password": { body: z.input<typeof resetPasswordSchema>; response: Said };
  "POST /api/auth/trial": { response: Said & AccessInfo };
  // the account's settings (src/features/account/routes.ts)
  "POST /api/account/password": { body: z.input<typeof passwordChangeSchema>; response: Said };
  "POST /api/account/email": { body: z.input<typeof emailChangeSchema>; response: Said };
  "POST /api/account/delete": { body: z.input<typeof deletionSchema>; response: Said & { cancelledSessions: number } };
  // booking a session (src/features/bookings/routes.ts)
  "GET /api/bookings/:practitionerId/availability": { query: z.input<typeof availabilityQuerySchema>; response: AvailabilityAnswer };
  "POST /api/bookings": { body: z.input<typeof bookingPayloadSchema>; response: BookingDetail };
  // a practitioner's credentials (src/features/credentials/routes.ts)
  "POST /api/practitioners/me/credentials": { body: z.input<typeof credentialInputSchema>; response: Said & { credential: ApiCredential } };
  "DELETE /api/practitioners/me/credentials/:id": { response: Said };
  // the private calendar feed (src/features/bookings/settings-routes.ts)
  "POST /api/calendar/token": { response: CalendarFeedAnswer };
  "DELETE /api/calendar/token": { response: null };
  // the waitlist (src/features/bookings/waitlist-routes.ts); `null`: 204, no body
  "POST /api/waitlist": { body: z.input<typeof joinWaitlistSchema>; response: WaitlistEntryAnswer };
  "DELETE /api/waitlist/:id": { response: null };
  "POST /api/waitlist/offers/:id/accept": { response: BookingDetail };
  "POST /api/waitlist/offers/:id/decline": { response: null };
  // plans and session payments (src/features/payments/routes.ts)
  "POST /api/payments/checkout": { body: z.input<typeof planInput>; response: { url: string } };
  "POST /api/payments/sessions/:bookingId": { body: z.input<typeof sessionPaymentInput>; response: { paid: boolean; amount: string } };
  // conversations (src/features/conversations/routes.ts)
  "GET /api/conversations": { query: z.input<typeof inboxQuery>; response: ApiInbox };
  "PUT /api/conversations/settings": { body: z.input<typeof settingsInput>; response: { emailWhenAway: boolean } };
  "POST /api/conversations": { body: z.input<typeof startInput>; response: { conversationId: string; message: ApiMessage } };
  "GET /api/conversations/:id": { query: z.input<typeof threadQuery>; response: ApiConversation };
  "POST /api/conversations/:id/messages": { body: z.input<typeof sendInput>; response: { conversationId: string; message: ApiMessage } };
  "POST /api/conversations/:id/read": { body: z.input<typeof readInput>; response: { unreadTotal: number } };
  "POST /api/conversations/:id/block": { response: { blockedByMe: boolean } & Said };
  "POST /api/conversations/:id/unblock": { response: { blockedByMe: boolean } & Said };
  "POST /api/conversations/messages/:id/report": { body: z.input<typeof reportInput>; response: Said };
  // the admin dashboard (src/features/admin/routes.ts, credentials/routes.ts, conversations/routes.ts)
  "POST /api/admin/login": { body: z.input<typeof adminLoginSchema>; response: { success: boolean; message?: string } };
  "POST /api/admin/logout": { response: { success: boolean } };
  "GET /api/admin/overview": { response: AdminOverview };
  "GET /api/admin/users": AdminList<AdminUserRow>;
  "GET /api/admin/practitioners": AdminList<AdminPractitionerRow>;
  "GET /api/admin/sessions": AdminList<AdminSessionRow>;
  "GET /api/admin/garden-content": AdminList<AdminGardenRow>;
  "GET /api/admin/seeds-overview": { query: z.input<typeof adminListQuerySchema>; response: AdminSeedsOverview };
  "GET /api/admin/audit-log": AdminList<AdminAuditEntry>;
  "GET /api/admin/outbox": { response: AdminOutboxSummary };
  "GET /api/admin/payments": { response: AdminPaymentsOverview };
  "GET /api/admin/credentials": { response: { credentials: AdminCredentialRow[] } };
  "GET /api/admin/reports": { response: { reports: AdminReport[] } };
  "POST /api/admin/send-test-email": { body: z.input<typeof testEmailSchema>; response: Said & { success: boolean; queued: boolean } };
  // the admin's row actions (web/features/admin/actions.tsx); a suspension or a rejection needs the reason
  "POST /api/admin/practitioners/:id/:action": { response: AdminPractitionerRow };
  "POST /api/admin/users/:id/reinstate": { response: Said & { id: string; suspended: boolean } };
  "POST /api/admin/users/:id/suspend": { body: z.input<typeof reasonSchema>; response: Said & { id: string; suspended: true; cancelledSessions: number } };
  "POST /api/admin/garden-content/:id/approve": { response: GardenReviewResponse };
  "POST /api/admin/garden-content/:id/reject": { body: z.input<typeof reasonSchema>; response: GardenReviewResponse };
  "POST /api/admin/credentials/:id/:action": { response: { credential: ApiCredential } };
  "POST /api/admin/reports/:id/dismiss": { response: { id: string; status: ReportStatus; message?: string } };
  "POST /api/admin/reports/:id/suspend": { body: z.input<typeof reasonSchema>; response: { id: string; status: ReportStatus; message?: string } };
  "POST /api/admin/reviews/:id/remove": { body: z.input<typeof reasonSchema>; response: Said & { id: string } };
  "POST /api/simple-admin/login": { body: z.input<typeof simpleAdminLoginSchema>; response: Said & { success: boolean } };
  "POST /api/simple-admin/logout": { response: Said & { success: boolean } };
  "GET /api/simple-admin/responses": { query: z.input<typeof surveyListQuerySchema>; response: SurveyListResponse };
  "GET /api/survey/responses": { query: z.input<typeof surveyListQuerySchema>; response: SurveyListResponse };
  "GET /api/survey/countries": { response: string[] };
}

export type ApiRoute = keyof ApiRoutes;
/** What the endpoint answers (its 2xx JSON body). */
export type ApiResponse<R extends ApiRoute> = ApiRoutes[R]["response"];
/** The JSON body it takes, or `never` for none. */
export type ApiBody<R extends ApiRoute> = ApiRoutes[R] extends { body: infer B } ? B : never;
/** Its query parameters, or `never` for none. */
export type ApiQuery<R extends ApiRoute> = ApiRoutes[R] extends { query: infer Q } ? Q : never;

/** The path of a route of `method`: "GET /api/x/:id" gives "/api/x/:id". */
export type ApiPath<Method extends string> = ApiRoute extends infer R ? (R extends `${Method} ${infer P}` ? P : never) : never;

/** The `:name` parameters of a path, each a string: "/api/x/:id/:action" gives { id; action }. */
export type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? { [K in Name]: string } & PathParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? { [K in Name]: string }
    : Record<never, never>;

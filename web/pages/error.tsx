import { ACCESS_DENIED_TITLE } from "../../core/access-texts";
import { COMMON_TEXTS } from "../../core/common-texts";
import type { ApiUser } from "../../core/types";
import { Island } from "../components/island";
import { SiteLayout } from "./layout";

export function NotFoundPage({ user }: { user: ApiUser | null }) {
  return (
    <SiteLayout user={user}>
      <section className="container-page flex flex-col items-center py-20 text-center">
        <img src="/images/archetype-beetle.svg" alt="" width={96} height={96} className="h-24 w-24" />
        <h1 className="mt-6 text-4xl font-semibold text-forest">{COMMON_TEXTS.notFoundTitle}</h1>
        <p className="mt-3 text-muted">{COMMON_TEXTS.notFoundText}</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <a href="/" className="btn-primary">Go Home</a>
          <a href="/practitioners" className="btn-outline">Find Practitioners</a>
        </div>
      </section>
    </SiteLayout>
  );
}

const TITLES: Record<number, string> = {
  400: "That request didn't look right",
  401: "Please sign in",
  403: ACCESS_DENIED_TITLE,
  413: "That was too large",
  429: "Too many requests",
};

/**
 * `redirectHome`: after the page loads, a toast with the title and message, then the home page
 * (the admin refusal, SPEC.md section 2); the page itself still works without JavaScript.
 */
export function ErrorPage({ user, status, message, redirectHome = false }: { user: ApiUser | null; status: number; message: string; redirectHome?: boolean }) {
  const title = TITLES[status] ?? "Something went wrong";
  return (
    <SiteLayout user={user}>
      <section className="container-page flex flex-col items-center py-20 text-center">
        <p className="eyebrow">Error {status}</p>
        <h1 className="mt-3 text-4xl font-semibold text-forest">{title}</h1>
        <p className="mt-3 max-w-lg text-muted">{message}</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <a href="/" className="btn-primary">Go Home</a>
          {status === 401 && <a href="/auth/signin" className="btn-outline">Sign In</a>}
        </div>
        {redirectHome && <Island name="AccessDeniedNotice" props={{ title, message }} />}
      </section>
    </SiteLayout>
  );
}

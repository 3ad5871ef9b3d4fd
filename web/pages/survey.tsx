import type { ApiUser } from "../../core/types";
import { Island } from "../components/island";
import { SiteLayout } from "./layout";

/** /survey: the founding-member survey (the form is an island; its draft lives in this browser). */
export function SurveyPage({ user }: { user: ApiUser | null }) {
  return (
    <SiteLayout user={user}>
      <section className="honeycomb-bg">
        <div className="container-page py-10 sm:py-14">
          <div className="mx-auto mb-8 max-w-2xl text-center">
            <h1 className="text-4xl font-semibold text-forest sm:text-5xl">Platform Survey</h1>
            <p className="mt-3 text-muted">Your answers shape pricing, features and the Community Garden.</p>
          </div>
          <Island name="SurveyForm" props={{ signedIn: user !== null }} />
        </div>
      </section>
    </SiteLayout>
  );
}

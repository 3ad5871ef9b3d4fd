import { Island } from "../../components/island";
import type { ApiPractitioner, ApiUser } from "../../../core/types";
import { defaultDisplayName, practitionerDisplayName } from "../../../core/types";
import { PROFILE_LISTING_TEXTS } from "../../../core/practitioner-profile";
import { SiteLayout } from "../layout";

/** The practitioner's own profile editor (/dashboard/practitioner/profile). */
export function ProfileEditorPage({ user, profile }: { user: ApiUser; profile: ApiPractitioner | null }) {
  return (
    <SiteLayout user={user}>
      <div className="container-page max-w-4xl py-10">
        <a href="/dashboard/practitioner" className="text-sm font-semibold text-forest underline decoration-honey decoration-2 underline-offset-4">← Practitioner Dashboard</a>
        <header className="mt-4">
          <p className="eyebrow">Your practice</p>
          <h1 className="mt-2 text-4xl font-semibold text-forest">{profile ? "Edit your profile" : "Create your profile"}</h1>
          <p className="mt-2 max-w-2xl text-muted">
            {profile
              ? `This is what clients see on ${practitionerDisplayName(profile.id)} and in the directory. Changes show at once.`
              : user.isEmailVerified ? PROFILE_LISTING_TEXTS.createIntro : "Tell clients how you work."}
          </p>
        </header>
        {!user.isEmailVerified && (
          <div className="mt-6 space-y-3 rounded-xl border border-honey bg-honey-light px-4 py-3 text-sm text-ink" data-testid="unlisted-notice">
            <p>{PROFILE_LISTING_TEXTS.unverified}</p>
            <Island name="ResendVerification" props={{ className: "btn-outline" }} hydrate="interaction" />
          </div>
        )}
        {profile && (
          <div className="mt-8">
            <Island name="PractitionerNameForm" props={{ practitionerId: profile.id, displayName: profile.displayName, suggestion: defaultDisplayName(user.firstName, user.lastName) }} />
          </div>
        )}
        <div className="mt-8">
          <Island name="PractitionerProfileForm" props={{ profile, listed: user.isEmailVerified }} />
        </div>
      </div>
    </SiteLayout>
  );
}

/** Building blocks shared by the dashboards: sidebar, stat cards, account cards, empty states. */
import type { ReactNode } from "react";
import { BillingSection, type BillingView } from "../billing";
import { AlertIcon, CheckCircleIcon } from "../../components/account-icons";
import { Island } from "../../components/island";
import type { UpgradeAccount } from "../../../core/types";
import { ACCESS_LEVEL_LABELS, DASHBOARD_ALL_SESSIONS_PARAM, FALLBACK_FIRST_NAME } from "../../../core/constants";
import { formatDate } from "../../../core/dates";
import type { ApiUser } from "../../../core/types";

/** Everything a dashboard page receives from the server. */
export interface DashboardProps {
  user: ApiUser & { signedInBefore?: boolean };
  account: UpgradeAccount;
  /** The Billing section of settings (issue 24). */
  billing?: BillingView;
}

export function greetingName(user: Pick<ApiUser, "firstName">): string {
  return user.firstName?.trim() || FALLBACK_FIRST_NAME;
}

/**
 * The dashboards' greeting: 'Welcome' on a member's first session, 'Welcome back' once they signed
 * in before (users.previous_sign_in_at, kept by createSession; absent: a returning member).
 */
export function greeting(user: Pick<ApiUser, "firstName"> & { signedInBefore?: boolean }): string {
  return `${user.signedInBefore === false ? "Welcome" : "Welcome back"}, ${greetingName(user)}`;
}

export interface SidebarLink {
  href: string;
  label: string;
  /** Shown after the label (the live unread count beside Messages). */
  badge?: ReactNode;
}

/** Sidebar on wide screens; a horizontally scrolling row of links on phones. `current`: the label of this page (default the first). */
export function DashboardNav({ label, links, current }: { label: string; links: SidebarLink[]; current?: string }) {
  const currentLabel = current ?? links[0]?.label;
  return (
    <nav aria-label={label} className="min-w-0 lg:sticky lg:top-24 lg:self-start">
      <ul className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-2 lg:mx-0 lg:flex-col lg:gap-1 lg:overflow-visible lg:px-0">
        {links.map((link) => {
          const here = link.label === currentLabel;
          return (
            <li key={link.label} className="shrink-0">
              <a
                href={link.href}
                aria-current={here ? "page" : undefined}
                className={`block whitespace-nowrap rounded-full px-4 py-2 text-sm font-medium lg:rounded-xl ${here ? "bg-forest text-white" : "bg-white text-ink hover:bg-sage/60 lg:bg-transparent"}`}
              >
                {link.label}
                {link.badge}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

export function DashboardFrame({ eyebrow, title, intro, nav, children }: { eyebrow: string; title: string; intro: string; nav: ReactNode; children: ReactNode }) {
  return (
    <div className="bg-cream">
      <div className="container-page py-8 sm:py-10">
        <header id="overview">
          <p className="eyebrow">{eyebrow}</p>
          <h1 className="mt-2 text-3xl font-semibold text-forest wrap-anywhere sm:text-4xl">{title}</h1>
          <p className="mt-2 max-w-2xl text-muted">{intro}</p>
        </header>
        <div className="mt-8 grid grid-cols-[minmax(0,1fr)] gap-8 lg:grid-cols-[13rem_minmax(0,1fr)]">
          {nav}
          <div className="min-w-0 space-y-8">{children}</div>
        </div>
      </div>
    </div>
  );
}

export function StatCard({ label, value, note, icon }: { label: string; value: string | number; note?: string; icon: ReactNode }) {
  return (
    <div className="card flex items-start gap-4 p-5">
      <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-sage text-forest">{icon}</span>
      <div>
        <p className="text-sm text-muted">{label}</p>
        <p className="mt-1 font-display text-3xl font-semibold text-ink">{value}</p>
        {note && <p className="mt-1 text-xs text-muted">{note}</p>}
      </div>
    </div>
  );
}

export function Section({ id, title, action, children }: { id?: string; title: string; action?: ReactNode; children: ReactNode }) {
  const headingId = id ? `${id}-title` : undefined;
  return (
    <section id={id} aria-labelledby={headingId} className="scroll-mt-24">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="text-2xl font-semibold text-forest">{title}</h2>
        {action}
      </div>
      {children}
    </section>
  );
}

/**
 * Under a dashboard list cut to its first few: a link to the same page with all of them (up to
 * DASHBOARD_ALL_SESSIONS_MAX), or, showing all, back to the first few. Plain links: the server
 * renders either list, so it works before any script.
 */
export function ShowAllSessions({ path, anchor, shown, total, showingAll, what }: { path: string; anchor: string; shown: number; total: number; showingAll: boolean; what: string }) {
  if (showingAll) {
    return (
      <p className="mt-4 text-sm text-muted" data-testid="show-all-sessions">
        {total > shown ? `Showing the first ${shown} of ${total} ${what}. ` : ""}
        <a href={`${path}#${anchor}`} className="font-semibold text-forest underline underline-offset-4">Show fewer</a>
      </p>
    );
  }
  if (total <= shown) return null;
  return (
    <p className="mt-4 text-sm" data-testid="show-all-sessions">
      <a href={`${path}?${DASHBOARD_ALL_SESSIONS_PARAM.name}=${DASHBOARD_ALL_SESSIONS_PARAM.value}#${anchor}`} className="font-semibold text-forest underline underline-offset-4">
        Show all {total} {what}
      </a>
    </p>
  );
}

export function EmptyState({ image = "/images/archetype-bee.svg", title, text, action }: { image?: string; title: string; text: string; action?: ReactNode }) {
  return (
    <div className="card flex flex-col items-center gap-2 p-8 text-center">
      <img src={image} alt="" width={56} height={56} className="h-14 w-14" />
      <p className="font-display text-xl text-forest">{title}</p>
      <p className="max-w-md text-sm text-muted">{text}</p>
      {action && <div className="mt-3">{action}</div>}
    </div>
  );
}

/**
 * Whether the access card offers the client plans: to clients below Premium and to those on the
 * Premium trial (which ends), never to paying Premium or Unlimited members, nor to practitioners.
 */
export function offersClientPlans(account: UpgradeAccount, roles: readonly string[]): boolean {
  if (!roles.includes("client")) return false;
  if (account.subscriptionStatus === "trial") return true;
  return account.accessLevel === "preview" || account.accessLevel === "basic";
}

/** Access level, trial state and, where it fits the person, the upgrade dialog. */
export function AccessCard({ account, offerPlans = true }: { account: UpgradeAccount; offerPlans?: boolean }) {
  const level = ACCESS_LEVEL_LABELS[account.accessLevel];
  const onTrial = account.subscriptionStatus === "trial" && account.trialEndDate;
  return (
    <div className="card flex flex-col gap-3 p-5" data-testid="access-card">
      <p className="text-sm text-muted">Access level</p>
      <p className="font-display text-2xl font-semibold text-ink">{level.name}</p>
      <p className="text-sm text-muted">
        {onTrial ? `Premium trial · ends ${formatDate(account.trialEndDate!)}` : level.description}
      </p>
      {offerPlans && (
        <div className="mt-auto pt-1">
          <Island name="UpgradeDialog" props={{ triggerLabel: "Upgrade", triggerClassName: "btn-honey w-full", account }} hydrate="interaction" />
        </div>
      )}
    </div>
  );
}

/** Whether the address is verified, with a resend button when it is not. */
export function EmailCard({ user }: { user: ApiUser }) {
  return (
    <div className="card flex flex-col gap-3 p-5" data-testid="email-card">
      <p className="text-sm text-muted">Email</p>
      <p className="break-all text-sm font-medium text-ink">{user.email}</p>
      {user.isEmailVerified ? (
        <p className="flex items-center gap-2 text-sm font-semibold text-moss"><CheckCircleIcon /> Verified</p>
      ) : (
        <>
          <p className="flex items-center gap-2 text-sm font-semibold text-honey-dark"><AlertIcon /> Not verified yet</p>
          <Island name="ResendVerification" props={{ className: "btn-outline w-full" }} hydrate="interaction" />
        </>
      )}
    </div>
  );
}

export function MemberCard({ user, roleLabel }: { user: ApiUser; roleLabel: string }) {
  return (
    <div className="card flex flex-col gap-3 p-5">
      <p className="text-sm text-muted">Member since</p>
      <p className="font-display text-2xl font-semibold text-ink">{formatDate(user.createdAt)}</p>
      <p className="text-sm text-muted">{roleLabel}</p>
    </div>
  );
}

export function QuickActions({ actions }: { actions: Array<{ href: string; label: string; primary?: boolean }> }) {
  return (
    <div className="flex flex-wrap gap-3">
      {actions.map((action) => (
        <a key={action.label} href={action.href} className={action.primary ? "btn-primary" : "btn-outline"}>{action.label}</a>
      ))}
    </div>
  );
}

/** Billing (plan, price, renewal or end, 'Manage billing'), name, address, password change and sign-out. */
export function AccountSettings({ user, hasCalendarFeed, billing }: { user: ApiUser; hasCalendarFeed?: boolean; billing?: BillingView }) {
  return (
    <Section id="settings" title="Settings">
      {billing && (
        <div className="mb-4">
          <BillingSection billing={billing} />
        </div>
      )}
      <div className="card flex flex-col gap-4 p-5 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <p className="font-semibold text-ink wrap-anywhere">{[user.firstName, user.lastName].filter(Boolean).join(" ") || user.email}</p>
          <p className="text-sm text-muted wrap-anywhere">{user.email}</p>
        </div>
        <div className="flex flex-wrap gap-3">
          <a href="#account-controls" className="btn-outline">Change Password</a>
          <form method="post" action="/api/auth/logout">
            <button type="submit" className="btn-ghost">Sign Out</button>
          </form>
        </div>
      </div>
      <Island name="AccountControls" props={{ hasPassword: true, email: user.email }} hydrate="idle" />
      <Island name="PageToasts" props={{}} />
      {hasCalendarFeed !== undefined && (
        <div className="mt-4">
          <Island name="CalendarFeed" props={{ hasFeed: hasCalendarFeed }} />
        </div>
      )}
    </Section>
  );
}

/** Access level, e-mail status and membership, side by side (the dashboards' #profile). */
export function AccountOverview({ user, account, roleLabel }: DashboardProps & { roleLabel: string }) {
  return (
    <div className="grid gap-4 md:grid-cols-3" id="profile">
      <AccessCard account={account} offerPlans={offersClientPlans(account, user.roles)} />
      <EmailCard user={user} />
      <MemberCard user={user} roleLabel={roleLabel} />
    </div>
  );
}

import type { ReactNode } from "react";
import { ChevronDownIcon, CloseIcon, FacebookIcon, InstagramIcon, MailIcon, MenuIcon, SearchIcon, TwitterIcon, UserIcon } from "../components/icons";
import { COPYRIGHT_YEAR } from "../../core/constants";
import type { ApiUser } from "../../core/types";
import { MAIA } from "../../core/assistant";
import { AssistantLauncherButton } from "../features/assistant/launcher-button";
import { inboxPath } from "../../core/conversations";

export interface LayoutProps {
  user: ApiUser | null;
  children: ReactNode;
  /** Text already in the header search (the directory echoes its query). */
  searchText?: string;
}

const DESKTOP_LINKS = [
  { href: "/hive", label: "The Hive" },
  { href: "/garden", label: "Garden" },
  { href: "/survey", label: "Platform Survey" },
];

const MOBILE_LINKS = [
  { href: "/", label: "Home" },
  { href: "/practitioners", label: "Find Practitioners" },
  { href: "/hive", label: "The Hive" },
  { href: "/garden", label: "Community Garden" },
  { href: "/survey", label: "Platform Survey" },
];

export const FOOTER_COLUMNS = [
  {
    title: "For Clients",
    links: [
      { href: "/practitioners", label: "Find Practitioners" },
      { href: "/hive", label: "Book Sessions" },
      { href: "/garden", label: "Community Garden" },
      { href: "/quiz", label: "Archetype Quiz" },
    ],
  },
  {
    title: "For Facilitators",
    links: [
      { href: "/alpha", label: "Join the Alpha" },
      { href: "/survey", label: "Platform Survey" },
      { href: "/resources", label: "Facilitator Resources" },
      { href: "/resources", label: "Growth Support" },
    ],
  },
  {
    title: "Company",
    links: [
      { href: "/about", label: "About" },
      { href: "/contact", label: "Contact" },
      { href: "/privacy", label: "Privacy Policy" },
      { href: "/terms", label: "Terms of Service" },
    ],
  },
];

/** Menu entries of the signed-in user (SPEC.md section 2, "Signed-in user menu"). */
export function userMenuLinks(user: ApiUser) {
  const links = [{ href: "/", label: "Dashboard" }];
  if (user.roles.includes("practitioner")) links.push({ href: "/dashboard/practitioner", label: "Practitioner Dashboard" });
  if (user.roles.includes("client")) links.push({ href: "/dashboard/client", label: "Client Dashboard" });
  if (user.roles.includes("admin")) links.push({ href: "/admin/survey", label: "Admin Panel" });
  links.push({ href: "/practitioners", label: "Find Practitioners" });
  return links;
}

function BrandLink() {
  return (
    <a href="/" className="flex shrink-0 items-center gap-2 rounded-lg" aria-label="Pollinate home">
      <img src="/images/brand-main.svg" alt="" width={36} height={36} className="h-9 w-9" />
      <span className="hidden font-display text-xl font-semibold text-forest sm:inline">Pollinate</span>
    </a>
  );
}

function HeaderSearch({ id, searchText }: { id: string; searchText?: string }) {
  return (
    <form action="/practitioners" method="get" role="search" className="relative w-full">
      <label htmlFor={id} className="sr-only">Search practitioners</label>
      <SearchIcon className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted" />
      <input
        id={id}
        name="q"
        type="search"
        defaultValue={searchText}
        placeholder="Search practitioners, services, or archetypes..."
        // blank text (after trimming) is not submitted
        required
        pattern=".*\S.*"
        title="Type what you are looking for"
        className="input min-w-0 truncate rounded-full py-2 pl-9 pr-2"
      />
    </form>
  );
}

function SignOutButton({ className }: { className: string }) {
  return (
    <form method="post" action="/api/auth/logout">
      <button type="submit" className={className}>Sign Out</button>
    </form>
  );
}

/**
 * The account menu: a popover (no JavaScript): Escape and a click anywhere else close it, and the
 * browser tells assistive technology whether it is open. styles.css places it under its button
 * (anchor positioning); web/client.ts also closes it when focus moves on past it.
 */
/** Where the account menu's 'Messages' leads: the client's inbox, else the practitioner's (null: neither role). */
function menuInbox(user: ApiUser): string | null {
  if (user.roles.includes("client")) return inboxPath("client");
  if (user.roles.includes("practitioner")) return inboxPath("practitioner");
  return null;
}

/**
 * The unread messages total (issue 23): rendered hidden, then shown and kept live by
 * web/unread-badge.ts from the conversations stream (no React on the page for it).
 */
function UnreadBadge({ className, label, testId }: { className: string; label: string; testId: string }) {
  return (
    <span data-unread-badge="" hidden className={className} data-testid={testId}>
      <span data-unread-count="">0</span>
      <span className="sr-only"> {label}</span>
    </span>
  );
}

function UserMenu({ user }: { user: ApiUser }) {
  const inbox = menuInbox(user);
  return (
    <div className="relative" data-testid="user-menu">
      <button
        type="button"
        popoverTarget="user-menu-panel"
        className="user-menu-button flex cursor-pointer items-center gap-2 whitespace-nowrap rounded-full border border-forest/15 bg-white py-1 pl-1 pr-2 text-sm font-medium text-ink hover:border-forest/40 sm:pr-3"
      >
        <span className="relative shrink-0">
          {user.profileImageUrl ? (
            <img src={user.profileImageUrl} alt="" width={32} height={32} className="h-8 w-8 rounded-full object-cover" />
          ) : (
            <span className="flex h-8 w-8 items-center justify-center rounded-full bg-sage text-forest"><UserIcon /></span>
          )}
          <UnreadBadge label="unread messages" testId="header-unread" className="absolute -right-1.5 -top-1.5 min-w-5 rounded-full bg-honey px-1 text-center text-[11px] font-semibold leading-5 text-ink ring-2 ring-white" />
        </span>
        <span className="hidden max-w-16 truncate min-[360px]:inline sm:max-w-40">{user.firstName || "Account"}</span>
        {/* the button's name where the visible one is hidden (below 360 px) */}
        <span className="sr-only min-[360px]:hidden">{user.firstName || "Account"}</span>
        <ChevronDownIcon className="user-menu-chevron h-4 w-4 transition-transform" />
      </button>
      <div id="user-menu-panel" popover="auto" className="user-menu-panel w-60 overflow-hidden rounded-2xl border border-forest/10 bg-white py-2 shadow-lg">
        <p className="truncate px-4 pb-2 text-xs text-muted">{user.email}</p>
        <ul>
          {userMenuLinks(user).map((link) => (
            <li key={link.href + link.label}>
              <a href={link.href} className="block px-4 py-2 text-sm text-ink hover:bg-sage/50">{link.label}</a>
            </li>
          ))}
          {inbox && (
            <li>
              <a href={inbox} className="flex items-center justify-between gap-2 px-4 py-2 text-sm text-ink hover:bg-sage/50">
                Messages
                <UnreadBadge label="unread" testId="menu-unread" className="rounded-full bg-honey px-2 py-0.5 text-xs font-semibold text-ink" />
              </a>
            </li>
          )}
        </ul>
        <div className="mt-1 border-t border-forest/10 pt-1">
          <SignOutButton className="block w-full px-4 py-2 text-left text-sm text-ink hover:bg-sage/50" />
        </div>
      </div>
    </div>
  );
}

/**
 * The phone menu: a modal <dialog> opened and closed with invoker commands (commandfor/command),
 * so it needs no JavaScript. The browser traps focus inside while it is open (the rest of the page
 * is inert), closes it on Escape and returns focus to the menu button; a tap on the backdrop (a
 * close button under the panel) closes it too; styles.css stops the page scrolling behind it.
 */
function MobileMenu({ user, searchText }: { user: ApiUser | null; searchText?: string }) {
  return (
    <div className="shrink-0 xl:hidden" data-testid="mobile-menu">
      <button
        type="button"
        commandfor="mobile-menu"
        command="show-modal"
        aria-haspopup="dialog"
        aria-controls="mobile-menu"
        className="flex h-11 w-11 items-center justify-center rounded-full text-forest hover:bg-sage/60"
        aria-label="Menu"
      >
        <MenuIcon className="h-6 w-6" />
      </button>
      <dialog id="mobile-menu" aria-label="Menu" className="mobile-menu">
        <button type="button" commandfor="mobile-menu" command="close" tabIndex={-1} aria-hidden="true" className="absolute inset-0 h-full w-full cursor-default bg-ink/40" data-testid="menu-backdrop" />
        <nav aria-label="Mobile" className="absolute inset-y-0 right-0 flex w-80 max-w-[86%] flex-col gap-6 overflow-y-auto overscroll-contain bg-cream px-6 pb-8 pt-4 shadow-2xl">
          <div className="flex justify-end">
            <button type="button" commandfor="mobile-menu" command="close" className="flex h-11 w-11 items-center justify-center rounded-full text-forest hover:bg-sage/60" aria-label="Close menu">
              <CloseIcon className="h-6 w-6" />
            </button>
          </div>
          <ul className="flex flex-col gap-1">
            {MOBILE_LINKS.map((link) => (
              <li key={link.href}>
                <a href={link.href} className="block rounded-xl px-3 py-3 text-base font-medium text-ink hover:bg-sage/60">{link.label}</a>
              </li>
            ))}
          </ul>
          <div className="mt-auto flex flex-col gap-3 border-t border-forest/10 pt-6">
            {user ? (
              <SignOutButton className="btn-outline w-full" />
            ) : (
              <>
                <a href="/auth/signin" className="btn-outline w-full">Sign In</a>
                <a href="/auth/signup" className="btn-primary w-full">Start Your Journey</a>
              </>
            )}
          </div>
        </nav>
      </dialog>
    </div>
  );
}

function SiteHeader({ user, searchText }: { user: ApiUser | null; searchText?: string }) {
  return (
    <header className="sticky top-0 z-30 border-b border-forest/10 bg-cream">
      {/* one line at every width (320–1920 px): the search shrinks, links move into the menu below 1280 px */}
      <div className="container-page flex h-16 flex-nowrap items-center gap-2 sm:gap-4" data-testid="header-row">
        <BrandLink />
        <div className="min-w-0 max-w-md flex-1">
          <HeaderSearch id="header-search" searchText={searchText} />
        </div>
        <nav aria-label="Main" className="ml-auto hidden shrink-0 items-center gap-1 xl:flex">
          {DESKTOP_LINKS.map((link) => (
            <a key={link.href} href={link.href} className="whitespace-nowrap rounded-full px-3 py-2 text-sm font-medium text-ink hover:bg-sage/60">{link.label}</a>
          ))}
        </nav>
        <div className="ml-auto flex shrink-0 items-center gap-2 xl:ml-2">
          {/* The user menu shows at every width (its dashboard links live there); the sign-in buttons move into the phone menu. */}
          {user ? (
            <UserMenu user={user} />
          ) : (
            <div className="hidden items-center gap-2 md:flex">
              <a href="/auth/signin" className="btn-ghost whitespace-nowrap">Sign In</a>
              <a href="/auth/signup" className="btn-primary whitespace-nowrap">Start Your Journey</a>
            </div>
          )}
          <MobileMenu user={user} searchText={searchText} />
        </div>
      </div>
    </header>
  );
}

const SOCIAL = [
  { label: "Instagram", Icon: InstagramIcon },
  { label: "Facebook", Icon: FacebookIcon },
  { label: "X (Twitter)", Icon: TwitterIcon },
  { label: "Newsletter", Icon: MailIcon },
];

function SiteFooter() {
  return (
    <footer className="mt-auto bg-forest-dark text-cream">
      <div className="container-page grid gap-10 py-12 md:grid-cols-4">
        <div className="space-y-4">
          <a href="/" className="flex items-center gap-2" aria-label="Pollinate home">
            <img src="/images/brand-gold.svg" alt="" width={36} height={36} className="h-9 w-9" />
            <span className="font-display text-xl font-semibold">Pollinate</span>
          </a>
          <p className="text-sm text-cream/80">A living ecosystem where seekers and facilitators grow together.</p>
          <ul className="flex gap-2" aria-label="Social media">
            {SOCIAL.map(({ label, Icon }) => (
              <li key={label}>
                {/* Placeholder links until the channels open (SPEC.md section 2); the mail icon leads to
                    Contact, which gives the operator's address (CONTACT_EMAIL, issue 26) */}
                {label === "Newsletter" ? (
                  <a href="/contact" aria-label="Contact us by e-mail" title="Contact us by e-mail" className="flex h-10 w-10 items-center justify-center rounded-full bg-white/10 text-cream hover:bg-white/20">
                    <Icon />
                  </a>
                ) : (
                  <a href="#" aria-label={`${label} (coming soon)`} title={`${label}: coming soon`} className="flex h-10 w-10 items-center justify-center rounded-full bg-white/10 text-cream hover:bg-white/20">
                    <Icon />
                  </a>
                )}
              </li>
            ))}
          </ul>
        </div>
        {FOOTER_COLUMNS.map((column) => (
          <div key={column.title}>
            <h2 className="font-sans text-sm font-semibold uppercase tracking-wider text-honey-light">{column.title}</h2>
            <ul className="mt-4 space-y-2">
              {column.links.map((link) => (
                <li key={link.label}>
                  <a href={link.href} className="text-sm text-cream/85 hover:text-white hover:underline">{link.label}</a>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      <div className="border-t border-white/10">
        <p className="container-page py-5 text-xs text-cream/75">© {COPYRIGHT_YEAR} Pollinate. All rights reserved.</p>
      </div>
    </footer>
  );
}

/** The site shell: header, main content, footer. */
export function SiteLayout({ user, children, searchText }: LayoutProps) {
  return (
    <>
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded-full focus:bg-white focus:px-4 focus:py-2">Skip to content</a>
      <SiteHeader user={user} searchText={searchText} />
      <main id="main" className="flex-1">{children}</main>
      <SiteFooter />
      <AssistantLauncherButton label={MAIA.launcherLabel} image="/images/assistant-maia.svg" signedIn={user !== null} />
    </>
  );
}

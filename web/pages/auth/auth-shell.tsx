import type { ReactNode } from "react";
import type { ApiUser } from "../../../core/types";
import { SiteLayout } from "../layout";

/** The frame of every account page: site layout, a centred card with the brand mark and heading. */
export function AuthShell({ user, title, intro, wide = false, children, footer }: { user: ApiUser | null; title: string; intro?: ReactNode; wide?: boolean; children: ReactNode; footer?: ReactNode }) {
  return (
    <SiteLayout user={user}>
      <section className="honeycomb-bg">
        <div className="container-page flex justify-center py-10 sm:py-16">
          <div className={`card w-full p-6 sm:p-8 ${wide ? "max-w-xl" : "max-w-md"}`}>
            <div className="flex flex-col items-center text-center">
              <img src="/images/brand-main.svg" alt="" width={56} height={56} className="h-14 w-14" />
              <h1 className="mt-4 text-3xl font-semibold text-forest">{title}</h1>
              {intro && <div className="mt-2 text-sm text-muted wrap-anywhere">{intro}</div>}
            </div>
            <div className="mt-6 space-y-5">{children}</div>
            {footer && <div className="mt-6 border-t border-forest/10 pt-5 text-center text-sm text-muted">{footer}</div>}
          </div>
        </div>
      </section>
    </SiteLayout>
  );
}

export function TextLink({ href, children }: { href: string; children: ReactNode }) {
  return <a href={href} className="font-semibold text-forest underline underline-offset-4 hover:text-forest-dark">{children}</a>;
}

import type { ReactNode } from "react";
import type { AccessLevel } from "../../core/enums";
import type { UpgradeAccount } from "../../core/types";
import { ACCESS_LEVEL_LABELS } from "../../core/constants";
import { LockIcon } from "./account-icons";
import { Island } from "./island";

/**
 * A feature the viewer's access level does not include (SPEC.md section 6): shown dimmed and inert
 * under a 'Premium Feature' overlay whose 'Upgrade Access' button opens the upgrade dialog.
 * Whether it is locked is decided on the server; this only displays it.
 */
export function LockedFeature({ requiredLevel, account, description, children }: { requiredLevel: AccessLevel; account: UpgradeAccount | null; description?: string; children: ReactNode }) {
  return (
    <div className="relative overflow-hidden rounded-2xl" data-locked-feature={requiredLevel}>
      <div inert aria-hidden="true" className="pointer-events-none select-none opacity-40 blur-[1px]">
        {children}
      </div>
      <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 bg-cream/70 p-6 text-center">
        <span className="flex h-12 w-12 items-center justify-center rounded-full bg-honey-light text-honey-dark"><LockIcon /></span>
        <p className="font-display text-xl font-semibold text-forest">Premium Feature</p>
        <p className="max-w-xs text-sm text-ink">{description ?? `This feature requires ${ACCESS_LEVEL_LABELS[requiredLevel].name} access`}</p>
        <div className="mt-2">
          <Island name="UpgradeDialog" props={{ triggerLabel: "Upgrade Access", triggerClassName: "btn-honey", account }} />
        </div>
      </div>
    </div>
  );
}

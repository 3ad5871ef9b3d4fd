import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ADMIN_UNLOCKED_KEY } from "../../core/admin";
import { Gate } from "../features/admin/gate";
import { UnlockedDashboard } from "../features/admin/unlocked-dashboard";

export interface AdminDashboardProps {
  unlocked: boolean;
  /** Signed in with the admin role: no code needed, no gate to log out of. */
  viaRole: boolean;
  configured: boolean;
}

/** The admin dashboard: the access-code gate, overview cards, six tabs (Email holds the outbox) and the audit log. */
export default function AdminDashboard({ unlocked: initiallyUnlocked, viaRole, configured }: AdminDashboardProps) {
  const [unlocked, setUnlocked] = useState(initiallyUnlocked);
  /** Set once the person unlocks or locks here: the screen that replaces the other then takes the keyboard focus (which would fall to the page's body). */
  const [switched, setSwitched] = useState(false);
  const queryClient = useQueryClient();

  function lock() {
    sessionStorage.removeItem(ADMIN_UNLOCKED_KEY);
    queryClient.removeQueries({ queryKey: ["/api/admin"] });
    setUnlocked(false);
    setSwitched(true);
  }

  if (!unlocked) return <Gate configured={configured} takeFocus={switched} onUnlocked={() => (setUnlocked(true), setSwitched(true))} />;
  return <UnlockedDashboard viaRole={viaRole} takeFocus={switched} onLock={lock} />;
}

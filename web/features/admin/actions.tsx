/** Admin actions: a typed POST that refreshes the dashboard and says how it went, and the reason asked before a consequential one. */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { Notice } from "../../components/status-message";
import { errorMessage } from "../../lib/api";

export function useAdminAction() {
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<Notice | null>(null);
  const mutation = useMutation({
    mutationFn: ({ send }: { send: () => Promise<object>; done: string }) => send(),
    onSuccess: (data: object | null, { done }) => {
      // most answers carry the server's `message`; a practitioner's or a credential's row does not
      const message = data !== null && "message" in data && typeof data.message === "string" ? data.message : undefined;
      setNotice({ kind: "success", title: done, body: message });
      void queryClient.invalidateQueries({ queryKey: ["/api/admin"] });
    },
    onError: (error) => setNotice({ kind: "error", title: "Action failed", body: errorMessage(error, "Please try again.") }),
  });
  // while one action waits, the buttons ignore presses (aria-disabled: a disabled button would drop the keyboard focus)
  // `send`: the typed call (api.send), made when no other action waits
  return { notice, run: (send: () => Promise<object>, done: string) => mutation.isPending || mutation.mutate({ send, done }), pending: mutation.isPending };
}

export { ReasonConfirm } from "./reason-confirm";

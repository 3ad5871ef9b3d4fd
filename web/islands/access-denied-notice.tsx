import { useEffect, useRef, useState } from "react";
import { TOAST_DURATION_MS } from "../../core/toast";
import { Toaster, useToast } from "../features/toast/toast";

const SECONDS = Math.round(TOAST_DURATION_MS / 1000);

/**
 * SPEC.md section 2 (Admin survey results): someone without the admin role gets a toast, then a
 * redirect home once the toast has had its time. The page around it (heading, text, Go Home) is
 * server HTML, so without JavaScript it simply stays. The countdown is said in a polite status
 * region, and 'Stay on this page' stops it for anyone who needs longer (WCAG 2.2.1).
 */
export default function AccessDeniedNotice({ title, message }: { title: string; message: string }) {
  const toast = useToast();
  const [phase, setPhase] = useState<"waiting" | "leaving" | "staying">("waiting");
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const status = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    toast({ title, description: message });
    setPhase("leaving");
    timer.current = setTimeout(() => window.location.assign("/"), TOAST_DURATION_MS);
    return () => {
      if (timer.current) clearTimeout(timer.current);
    };
  }, [toast, title, message]);

  useEffect(() => {
    // the button is gone: keep keyboard focus on what replaced it
    if (phase === "staying") status.current?.focus();
  }, [phase]);

  function stay() {
    if (timer.current) clearTimeout(timer.current);
    setPhase("staying");
  }

  return (
    <div className="mt-6 flex flex-col items-center gap-2 text-sm text-muted" data-redirect={phase}>
      {/* present (empty) in the server HTML, so screen readers announce what is written into it */}
      <p role="status" ref={status} tabIndex={-1} className="outline-none">
        {phase === "leaving" && `Taking you to the home page in ${SECONDS} seconds.`}
        {phase === "staying" && "You're staying on this page."}
      </p>
      {phase === "leaving" && (
        <button type="button" className="btn-outline" onClick={stay}>
          Stay on this page
        </button>
      )}
      <Toaster />
    </div>
  );
}

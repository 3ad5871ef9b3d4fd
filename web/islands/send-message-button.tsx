import { useState } from "react";

/** The profile's Send Message button: messaging is not built yet, and it says so (SPEC.md section 2). */
export default function SendMessageButton() {
  const [open, setOpen] = useState(false);
  return (
    <div>
      <button type="button" className="btn-outline w-full" aria-expanded={open} onClick={() => setOpen(true)}>
        Send Message
      </button>
      <p role="status" className={open ? "mt-2 rounded-xl bg-parchment px-3 py-2 text-sm text-ink" : "sr-only"}>
        {open ? "Messaging is coming soon. Book a session and your practitioner will follow up by e-mail." : ""}
      </p>
    </div>
  );
}

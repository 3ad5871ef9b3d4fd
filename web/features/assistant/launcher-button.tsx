/**
 * The floating 'Chat with …' button (SPEC.md section 2), rendered on the server on every page.
 * It is plain HTML: web/assistant-launcher.ts loads the chat on the first click. `signedIn` is what
 * the current-user lookup (the one behind GET /api/auth/user) returned for this page's request.
 */
export function AssistantLauncherButton({ label, image, signedIn }: { label: string; image: string; signedIn: boolean }) {
  return (
    <button
      type="button"
      data-assistant-launcher=""
      // kept clear of the page's controls and toasts by web/assistant-launcher.ts
      data-floating=""
      // the server's answer to "who is signed in" for this request, so the chat needs no call that a visitor would see fail
      data-signed-in={String(signedIn)}
      aria-haspopup="dialog"
      aria-expanded="false"
      // focused from the keyboard while the other assistant's card covers it, it comes to the front
      className="fixed bottom-4 right-4 z-40 focus-visible:z-[60] flex items-center gap-2 rounded-full bg-forest py-2 pl-2 pr-5 text-sm font-semibold text-white shadow-lg hover:bg-forest-dark sm:bottom-6 sm:right-6"
    >
      <img src={image} alt="" width={36} height={36} className="h-9 w-9 rounded-full bg-honey-light" />
      {label}
    </button>
  );
}

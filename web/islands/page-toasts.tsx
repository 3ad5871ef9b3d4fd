import { Toaster } from "../features/toast/toast";

/**
 * The toasts of a page whose other islands may all be gone after a reload (e.g. the last open
 * booking was just completed): it shows the toast kept for this page by toastAfterNavigation().
 */
export default function PageToasts() {
  return <Toaster />;
}

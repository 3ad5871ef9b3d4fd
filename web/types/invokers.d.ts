/** Invoker commands (HTML: `commandfor` + `command` on buttons), not yet in React's types. */
import "react";

declare module "react" {
  interface ButtonHTMLAttributes<T> {
    commandfor?: string;
    command?: "show-modal" | "close" | "request-close" | "toggle-popover" | "show-popover" | "hide-popover";
  }
}

/**
 * The Garden Guide's name and labels (SPEC.md section 2): the Garden island shows its launcher with
 * them, so they are kept apart from the replies (core/garden-assistant.ts), which load with the chat.
 */
export const GARDEN_ASSISTANT = {
  id: "garden-assistant",
  name: "Garden Guide",
  subtitle: "Finds pieces in the Community Garden",
  launcherLabel: "Ask the Garden Guide",
  placeholder: "Ask about a topic or a title...",
} as const;

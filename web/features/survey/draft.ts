import { atomWithStorage, RESET } from "jotai/utils";
import { EMPTY_SURVEY_DRAFT, SURVEY_DRAFT_KEY, surveyDraftSchema, type SurveyDraft } from "../../../core/survey";

/** The stored draft, validated: null when absent, unparsable or not a draft (then logged and ignored). */
export function readStoredDraft(storage: Storage | undefined = globalThis.localStorage): SurveyDraft | null {
  const text = storage?.getItem(SURVEY_DRAFT_KEY);
  if (!text) return null;
  try {
    const parsed = surveyDraftSchema.safeParse(JSON.parse(text));
    if (parsed.success) return parsed.data;
    console.info("[survey] ignoring a saved draft that is not a survey draft");
  } catch {
    console.info("[survey] ignoring a saved draft that cannot be parsed");
  }
  return null;
}

/**
 * The survey draft in localStorage under a fixed key. Read after hydration only (getOnInit is
 * off), so the server's HTML and the first browser render agree.
 */
export const surveyDraftAtom = atomWithStorage<SurveyDraft>(SURVEY_DRAFT_KEY, EMPTY_SURVEY_DRAFT, {
  getItem: (_key, initial) => readStoredDraft() ?? initial,
  setItem: (key, value) => localStorage.setItem(key, JSON.stringify(value)),
  removeItem: (key) => localStorage.removeItem(key),
});

export { RESET };

import { fireEvent, render, screen } from "@testing-library/react";
import { beforeEach, describe, expect, test } from "bun:test";
import { IDENTITY_TYPES } from "../../core/enums";
import { IDENTITY_LABELS, SURVEY_DRAFT_KEY, SURVEY_TEXTS } from "../../core/survey";
import SurveyForm from "./survey-form";

beforeEach(() => localStorage.removeItem(SURVEY_DRAFT_KEY));

describe("SurveyForm", () => {
  test("'Next' with the required answer missing announces it and moves focus to that question's first choice", async () => {
    render(<SurveyForm signedIn={false} />);
    fireEvent.click(await screen.findByRole("button", { name: "Start the Survey" }));
    await screen.findByRole("heading", { name: "Your Foundation" });
    const next = screen.getByRole("button", { name: "Next" });
    next.focus();
    fireEvent.click(next);

    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe(SURVEY_TEXTS.identityRequired);
    const first = screen.getByLabelText(IDENTITY_LABELS[IDENTITY_TYPES[0]]) as HTMLInputElement;
    expect(document.activeElement).toBe(first);
    expect(first.checked).toBe(false);
    // the focused choice says what is wrong
    expect(first.getAttribute("aria-invalid")).toBe("true");
    expect(first.getAttribute("aria-describedby")).toBe(alert.id);

    // once answered, 'Next' goes on and focus moves to the next step's heading
    fireEvent.click(first);
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    const heading = await screen.findByRole("heading", { name: "Your Expertise" });
    expect(document.activeElement).toBe(heading);
    expect(screen.queryByRole("alert")).toBeNull();
  });
});

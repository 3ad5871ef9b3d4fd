import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, test } from "bun:test";
import { PageButtons } from "./page-buttons";

describe("PageButtons", () => {
  test("moves one page either way and cannot leave the range", () => {
    const asked: number[] = [];
    const { rerender } = render(<PageButtons label="Survey pages" page={1} pages={3} onPage={(p) => asked.push(p)} />);
    const nav = screen.getByRole("navigation", { name: "Survey pages" });
    expect(nav.textContent).toContain("Page 1 of 3");
    expect(screen.getByRole("button", { name: "Previous" }).hasAttribute("disabled")).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    rerender(<PageButtons label="Survey pages" page={3} pages={3} onPage={(p) => asked.push(p)} />);
    expect(screen.getByRole("button", { name: "Next" }).hasAttribute("disabled")).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Previous" }));
    expect(asked).toEqual([2, 2]);
  });

  test("nothing for a single page", () => {
    const { container } = render(<PageButtons label="Pages" page={1} pages={1} onPage={() => {}} />);
    expect(container.innerHTML).toBe("");
  });
});

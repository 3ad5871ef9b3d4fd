import { render, screen } from "@testing-library/react";
import { describe, expect, test } from "bun:test";
import { StarDisplay } from "./star-rating";

/** The stars each path draws: one 'M' per star. */
function starsIn(path: Element | undefined): number {
  return (path?.getAttribute("d") ?? "").split("M").length - 1;
}

describe("StarDisplay", () => {
  test("draws the rounded rating as filled stars and the rest as outlines, in one SVG", () => {
    const { container } = render(<StarDisplay rating={3.6} />);
    expect(screen.getByRole("img").getAttribute("aria-label")).toBe("3.6 out of 5 stars");
    const paths = [...container.querySelectorAll("svg path")];
    expect(container.querySelectorAll("svg")).toHaveLength(1);
    expect(paths.map((p) => [p.getAttribute("fill"), starsIn(p)])).toEqual([
      ["#d4af37", 4],
      ["none", 1],
    ]);
    // each star starts 20 units right of the one before
    expect(paths[0].getAttribute("d")).toStartWith("M10 1.5l");
    expect(paths[1].getAttribute("d")).toStartWith("M90 1.5l");
  });

  test("no filled path for 0 and no outline path for 5", () => {
    const zero = render(<StarDisplay rating={0} />).container;
    expect([...zero.querySelectorAll("path")].map((p) => p.getAttribute("fill"))).toEqual(["none"]);
    const five = render(<StarDisplay rating={5} />).container;
    expect([...five.querySelectorAll("path")].map((p) => [p.getAttribute("fill"), starsIn(p)])).toEqual([["#d4af37", 5]]);
  });
});

import { useId, useState } from "react";
import { STAR_COUNT } from "../../core/constants";

/** A star's outline from its top point, in relative steps only (so that it can start anywhere). */
const STAR_OUTLINE = "l2.6 5.3 5.9.9-4.3 4.1 1 5.8-5.2-2.7-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z";
const STAR_PATH = `M10 1.5${STAR_OUTLINE}`;

function Star({ filled, className = "h-4 w-4" }: { filled: boolean; className?: string }) {
  return (
    <svg viewBox="0 0 20 20" className={className} aria-hidden="true">
      <path d={STAR_PATH} fill={filled ? "#d4af37" : "none"} stroke={filled ? "#b08e22" : "#9aa39f"} strokeWidth="1.2" />
    </svg>
  );
}

/** The outlines of stars `from` to `to` - 1 side by side, as one path (the star's path is relative after its first point). */
function starsPath(from: number, to: number): string {
  let d = "";
  for (let i = from; i < to; i++) d += `M${10 + 20 * i} 1.5${STAR_OUTLINE}`;
  return d;
}

/** For each whole rating 0–5: the filled stars' path and the empty ones' (built once, not per card). */
const STAR_PATHS = Array.from({ length: STAR_COUNT + 1 }, (_, filled) => ({ filled: starsPath(0, filled), empty: starsPath(filled, STAR_COUNT) }));

/**
 * Read-only stars for a rating from 0 to 5 (rounded to the nearest whole star): one small SVG of
 * two paths, filled and empty (a directory page draws 12 of these: 5 SVGs each cost 1.5 KB).
 */
export function StarDisplay({ rating, className = "h-4 w-20" }: { rating: number; className?: string }) {
  const filled = Math.min(STAR_COUNT, Math.max(0, Math.round(rating)));
  return (
    <span className="inline-flex items-center" role="img" aria-label={`${rating.toFixed(1)} out of ${STAR_COUNT} stars`}>
      <svg viewBox={`0 0 ${20 * STAR_COUNT} 20`} className={className} aria-hidden="true">
        {filled > 0 && <path d={STAR_PATHS[filled].filled} fill="#d4af37" stroke="#b08e22" strokeWidth="1.2" />}
        {filled < STAR_COUNT && <path d={STAR_PATHS[filled].empty} fill="none" stroke="#9aa39f" strokeWidth="1.2" />}
      </svg>
    </span>
  );
}

/** A 1–5 star input: a radio group, so arrows and Tab work; `readOnly` shows the value only. */
export function StarRatingInput({
  value,
  onChange,
  readOnly = false,
  label = "Rating",
  uncontrolled = false,
}: {
  value: number;
  onChange?: (value: number) => void;
  readOnly?: boolean;
  label?: string;
  /**
   * The radios keep their own checked state (React never resets it), and `value` only draws the
   * stars: for a form hydrated after a person may already have chosen (the review form).
   */
  uncontrolled?: boolean;
}) {
  const name = useId();
  const [hover, setHover] = useState(0);
  if (readOnly) return <StarDisplay rating={value} className="h-6 w-30" />;
  const shown = hover || value;
  return (
    <fieldset className="inline-flex items-center gap-1" onMouseLeave={() => setHover(0)}>
      <legend className="sr-only">{label}</legend>
      {Array.from({ length: STAR_COUNT }, (_, i) => {
        const starValue = i + 1;
        return (
          <label key={starValue} className="cursor-pointer rounded focus-within:outline focus-within:outline-2 focus-within:outline-honey" onMouseEnter={() => setHover(starValue)}>
            <input
              type="radio"
              name={name}
              value={starValue}
              {...(uncontrolled ? { defaultChecked: value === starValue } : { checked: value === starValue })}
              onChange={() => onChange?.(starValue)}
              className="sr-only"
            />
            <span className="sr-only">{`${starValue} star${starValue > 1 ? "s" : ""}`}</span>
            <Star filled={starValue <= shown} className="h-7 w-7" />
          </label>
        );
      })}
    </fieldset>
  );
}

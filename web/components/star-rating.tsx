import { useId, useState } from "react";
import { STAR_COUNT } from "../../core/constants";

const STAR_PATH = "M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9z";

function Star({ filled, className = "h-4 w-4" }: { filled: boolean; className?: string }) {
  return (
    <svg viewBox="0 0 20 20" className={className} aria-hidden="true">
      <path d={STAR_PATH} fill={filled ? "#d4af37" : "none"} stroke={filled ? "#b08e22" : "#9aa39f"} strokeWidth="1.2" />
    </svg>
  );
}

/** Read-only stars for a rating from 0 to 5 (rounded to the nearest whole star). */
export function StarDisplay({ rating, className }: { rating: number; className?: string }) {
  const filled = Math.round(rating);
  return (
    <span className="inline-flex items-center" role="img" aria-label={`${rating.toFixed(1)} out of ${STAR_COUNT} stars`}>
      {Array.from({ length: STAR_COUNT }, (_, i) => (
        <Star key={i} filled={i < filled} className={className} />
      ))}
    </span>
  );
}

/** A 1–5 star input: a radio group, so arrows and Tab work; `readOnly` shows the value only. */
export function StarRatingInput({
  value,
  onChange,
  readOnly = false,
  label = "Rating",
}: {
  value: number;
  onChange?: (value: number) => void;
  readOnly?: boolean;
  label?: string;
}) {
  const name = useId();
  const [hover, setHover] = useState(0);
  if (readOnly) return <StarDisplay rating={value} className="h-6 w-6" />;
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
              checked={value === starValue}
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

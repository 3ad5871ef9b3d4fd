import { seedIconCount } from "../../../core/garden";

const Seed = () => (
  <svg viewBox="0 0 24 24" className="h-4 w-4" aria-hidden="true" fill="currentColor">
    <path d="M12 3c4 3 6 6.5 6 10a6 6 0 0 1-12 0c0-3.5 2-7 6-10Z" opacity="0.9" />
    <path d="M12 9v9" stroke="#fff" strokeWidth="1.3" strokeLinecap="round" fill="none" />
  </svg>
);

/** The card's seed icons (SPEC.md section 9): three at 40+ Seeds, two at 25+, else one. */
export function SeedIcons({ seeds }: { seeds: number }) {
  const count = seedIconCount(seeds);
  return (
    <span className="inline-flex items-center gap-1 text-honey-dark" data-seed-icons={count} title={`${seeds} Seeds`}>
      <span className="inline-flex">{Array.from({ length: count }, (_, i) => <Seed key={i} />)}</span>
      <span className="text-xs font-semibold">{seeds} Seeds</span>
    </span>
  );
}

import type { SurveyStatistics } from "../../../core/survey";

/** The four survey figures (SPEC.md: total; facilitators, clients, exploring), shared by both admin views. */
export function SurveyStatisticsCards({ stats }: { stats: SurveyStatistics | undefined }) {
  const figures: Array<[label: string, value: number | undefined]> = [
    ["Total Responses", stats?.total],
    ["Facilitators", stats?.facilitators],
    ["Clients", stats?.clients],
    ["Exploring", stats?.exploring],
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {figures.map(([label, value]) => (
        <div key={label} className="card p-4">
          <dt className="text-xs font-semibold uppercase tracking-wide text-muted">{label}</dt>
          <dd className="mt-1 text-3xl font-semibold text-forest" data-stat={label}>{value ?? "–"}</dd>
        </div>
      ))}
    </dl>
  );
}

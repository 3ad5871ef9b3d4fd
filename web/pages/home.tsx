import { ARCHETYPE_TINTS } from "../components/archetype-badge";
import { FeaturedList } from "../components/featured-list";
import { ARCHETYPE_DEFINITIONS, ARCHETYPE_LIST } from "../../core/archetypes";
import type { ApiPractitioner, ApiUser } from "../../core/types";
import { SiteLayout } from "./layout";

/** Where the hero's calls to action lead, by sign-in state and role (SPEC.md section 2). */
export function heroTargets(user: ApiUser | null) {
  if (!user) return { findMatch: "/auth/signup", startFacilitating: "/auth/signup?role=practitioner" };
  return {
    findMatch: "/practitioners",
    startFacilitating: user.roles.includes("practitioner") ? "/dashboard/practitioner" : "/practitioners",
  };
}

const PHASES = [
  {
    name: "Germinate",
    title: "Discover your archetype",
    text: "Tell us what you are seeking. We map your needs to the four pollinator paths so you start where you will grow best.",
  },
  {
    name: "Pollinate",
    title: "Connect with a facilitator",
    text: "Browse verified practitioners by archetype, experience and price, read real reviews, and book a session that fits your week.",
  },
  {
    name: "Flourish",
    title: "Grow with the community",
    text: "Share insights in the Community Garden, earn Seeds for contributing, and watch your practice blossom season after season.",
  },
];

const PATHS = [
  { archetype: "bee", path: "The Grounding Path", text: "Steady, community-rooted care for stress, burnout and everyday balance. The gentle place to begin." },
  { archetype: "hummingbird", path: "The Precision Path", text: "Focused sessions that bring quick clarity, intuitive insight and spiritual guidance when you need direction." },
  { archetype: "butterfly", path: "The Transformation Path", text: "Companionship through change: new chapters, endings, identity shifts and the courage to emerge." },
  { archetype: "beetle", path: "The Integration Path", text: "Deep, patient work with shadow, trauma and long-held patterns, woven back into a whole life." },
] as const;

const MASCOTS = [
  {
    name: "Bumble",
    role: "Bee Ambassador",
    image: "/images/mascot-bee.svg",
    quote: "Every journey starts with one steady step. I'll help you find your footing and the facilitators who'll walk beside you.",
    archetype: "bee",
  },
  {
    name: "Hana",
    role: "Hummingbird Ambassador",
    image: "/images/mascot-hummingbird.svg",
    quote: "Looking for a spark of clarity? I'll point you to practitioners who see straight to the heart of things.",
    archetype: "hummingbird",
  },
] as const;

function SectionHeading({ eyebrow, title, intro, id }: { eyebrow: string; title: string; intro?: string; id: string }) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      <p className="eyebrow">{eyebrow}</p>
      <h2 id={id} className="mt-2 text-3xl font-semibold text-forest sm:text-4xl">{title}</h2>
      {intro && <p className="mt-4 text-base text-muted">{intro}</p>}
    </div>
  );
}

export function LandingSections({ user, variant, featured }: { user: ApiUser | null; variant: "home" | "alpha"; featured: ApiPractitioner[] }) {
  const targets = heroTargets(user);
  return (
    <>
      <section className="honeycomb-bg" aria-labelledby="hero-title" data-section="hero">
        <div className="container-page grid items-center gap-10 py-14 sm:py-20 lg:grid-cols-[1.1fr_0.9fr]">
          <div>
            <p className="eyebrow">{variant === "alpha" ? "Alpha · Germination" : "Wellness, naturally connected"}</p>
            <h1 id="hero-title" className="mt-3 text-4xl font-semibold leading-tight text-forest sm:text-5xl lg:text-6xl">
              {variant === "alpha" ? "Welcome to the Germination season" : "Find the facilitator your growth has been waiting for"}
            </h1>
            <p className="mt-5 max-w-xl text-lg text-muted">
              {variant === "alpha"
                ? "You're among the first to help Pollinate take root. Here is how the ecosystem works, and how your voice shapes what blooms next."
                : "Pollinate connects seekers with wellness practitioners through four pollinator archetypes, so you meet the right kind of care, at the right depth, at the right time."}
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              {variant === "alpha" ? (
                <a href="/survey" className="btn-primary px-6 py-3 text-base">Take the Founding Member Survey</a>
              ) : (
                <>
                  <a href={targets.findMatch} className="btn-primary px-6 py-3 text-base">Find Your Match</a>
                  <a href={targets.startFacilitating} className="btn-honey px-6 py-3 text-base">Start as Facilitator</a>
                </>
              )}
            </div>
            {variant === "home" && (
              <a href="/alpha" className="mt-5 inline-flex items-center gap-2 text-sm font-semibold text-forest underline decoration-honey decoration-2 underline-offset-4 hover:text-forest-dark">
                Join the Alpha program as a founding member →
              </a>
            )}
          </div>
          <div className="relative mx-auto grid w-full max-w-sm grid-cols-2 gap-4" aria-hidden="true">
            {ARCHETYPE_LIST.map((a, i) => (
              <div key={a.key} className={`card flex aspect-square items-center justify-center p-4 ${i % 2 === 1 ? "translate-y-6" : ""}`} style={{ backgroundColor: ARCHETYPE_TINTS[a.key].bg }}>
                <img src={a.image} alt="" width={120} height={120} className="h-24 w-24 sm:h-28 sm:w-28" />
              </div>
            ))}
          </div>
        </div>
      </section>

      <section className="container-page py-16" aria-labelledby="archetypes-title" data-section="archetypes">
        <SectionHeading id="archetypes-title" eyebrow="The four pollinators" title="Every practitioner carries an archetype" intro="Like the pollinators of a living garden, each archetype brings a different gift. Bees welcome new facilitators and first-time seekers; hummingbirds, butterflies and beetles are the paths of experienced practitioners." />
        <div className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {ARCHETYPE_LIST.map((a) => (
            <article key={a.key} className="card flex flex-col overflow-hidden" style={{ borderTop: `5px solid ${a.color}` }}>
              <div className="flex flex-col items-center gap-2 p-6 text-center" style={{ backgroundColor: ARCHETYPE_TINTS[a.key].bg }}>
                <img src={a.image} alt={`${a.name} archetype emblem`} width={96} height={96} className="h-24 w-24" />
                <h3 className="text-2xl font-semibold" style={{ color: ARCHETYPE_TINTS[a.key].text }}>{a.name}</h3>
                <p className="text-sm italic" style={{ color: ARCHETYPE_TINTS[a.key].text }}>{a.scientificName}</p>
                <span className="rounded-full bg-white/80 px-3 py-0.5 text-xs font-semibold uppercase tracking-wider" style={{ color: ARCHETYPE_TINTS[a.key].text }}>{a.tagline}</span>
              </div>
              <div className="flex flex-1 flex-col gap-4 p-6">
                <p className="text-sm text-muted">{a.description}</p>
                <ul className="flex flex-wrap gap-1.5" aria-label={`${a.name} specialties`}>
                  {a.specialties.slice(0, 3).map((s) => (
                    <li key={s} className="rounded-full bg-parchment px-2.5 py-0.5 text-xs text-ink">{s}</li>
                  ))}
                </ul>
                <a href={`/practitioners?archetype=${a.key}`} className="mt-auto text-sm font-semibold text-forest underline decoration-2 underline-offset-4 hover:text-forest-dark" style={{ textDecorationColor: a.color }}>
                  Meet {a.name} practitioners
                </a>
              </div>
            </article>
          ))}
        </div>
      </section>

      <section className="bg-parchment/60 py-16" aria-labelledby="mascots-title" data-section="mascots">
        <div className="container-page">
          <SectionHeading id="mascots-title" eyebrow="Mascot ambassadors" title="Meet your guides in the garden" />
          <div className="mt-10 grid gap-6 md:grid-cols-2">
            {MASCOTS.map((m) => (
              <figure key={m.name} className="card flex flex-col items-center gap-6 p-6 sm:flex-row">
                <img src={m.image} alt={`${m.name}, the ${ARCHETYPE_DEFINITIONS[m.archetype].name.toLowerCase()} mascot`} width={160} height={160} className="h-36 w-36 shrink-0" />
                <div>
                  <blockquote className="font-display text-lg text-ink">“{m.quote}”</blockquote>
                  <figcaption className="mt-3 text-sm">
                    <span className="font-semibold text-forest">{m.name}</span> <span className="text-muted">· {m.role}</span>
                  </figcaption>
                </div>
              </figure>
            ))}
          </div>
        </div>
      </section>

      <section className="container-page py-16" aria-labelledby="how-title" data-section="how-it-works">
        <SectionHeading id="how-title" eyebrow="Three phases of growth" title="How It Works" />
        <ol className="mt-10 grid gap-6 md:grid-cols-3">
          {PHASES.map((phase, i) => (
            <li key={phase.name} className="card relative p-6">
              <span className="flex h-10 w-10 items-center justify-center rounded-full bg-forest text-base font-semibold text-white">{i + 1}</span>
              <p className="eyebrow mt-4">Phase {i + 1} · {phase.name}</p>
              <h3 className="mt-2 text-xl font-semibold text-forest">{phase.title}</h3>
              <p className="mt-2 text-sm text-muted">{phase.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className="bg-white/70 py-16" aria-labelledby="featured-title" data-section="featured">
        <div className="container-page">
          <div className="flex flex-wrap items-end justify-between gap-4">
            <div>
              <p className="eyebrow">Featured practitioners</p>
              <h2 id="featured-title" className="mt-2 text-3xl font-semibold text-forest sm:text-4xl">Facilitators ready to meet you</h2>
            </div>
            <a href="/practitioners" className="btn-outline">View All</a>
          </div>
          <div className="mt-8">
            <FeaturedList practitioners={featured} />
          </div>
        </div>
      </section>

      <section className="container-page py-16" aria-labelledby="paths-title" data-section="paths">
        <SectionHeading id="paths-title" eyebrow="Choose your path" title="Four Paths to Wellness" />
        <div className="mt-10 grid gap-6 sm:grid-cols-2">
          {PATHS.map((p) => {
            const a = ARCHETYPE_DEFINITIONS[p.archetype];
            return (
              <a key={p.archetype} href={`/practitioners?archetype=${p.archetype}`} className="card group flex gap-5 p-6 transition-shadow hover:shadow-md">
                <span className="flex h-16 w-16 shrink-0 items-center justify-center rounded-2xl" style={{ backgroundColor: ARCHETYPE_TINTS[p.archetype].bg }}>
                  <img src={a.image} alt="" width={48} height={48} className="h-12 w-12" />
                </span>
                <span>
                  <span className="block text-xl font-semibold text-forest font-display group-hover:underline">{p.path}</span>
                  <span className="mt-1 block text-sm text-muted">{p.text}</span>
                  <span className="mt-2 block text-xs font-semibold uppercase tracking-wider" style={{ color: ARCHETYPE_TINTS[p.archetype].text }}>{a.name} · {a.tagline}</span>
                </span>
              </a>
            );
          })}
        </div>
      </section>

      <section className="px-4 pb-20" aria-labelledby="cta-title" data-section="cta">
        <div className="mx-auto max-w-5xl overflow-hidden rounded-3xl bg-forest px-6 py-14 text-center text-white sm:px-12">
          <img src="/images/brand-gold.svg" alt="" width={56} height={56} className="mx-auto h-14 w-14" />
          <h2 id="cta-title" className="mt-4 text-3xl font-semibold sm:text-4xl">
            {variant === "alpha" ? "Help shape what blooms next" : "Ready to begin your season of growth?"}
          </h2>
          <p className="mx-auto mt-4 max-w-xl text-cream/85">
            {variant === "alpha"
              ? "Fifteen to twenty minutes of your insight guides pricing, features and the Community Garden for everyone who follows."
              : "Seekers find their match in minutes. Facilitators find a community that helps their practice thrive."}
          </p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            {variant === "alpha" ? (
              <a href="/survey" className="btn-honey px-6 py-3 text-base">Start the Survey</a>
            ) : (
              <>
                <a href="/practitioners" className="btn-honey px-6 py-3 text-base">Find Your Match</a>
                <a href="/auth/signup?role=practitioner" className="btn border border-white/60 px-6 py-3 text-base text-white hover:bg-white/10">Begin Facilitating</a>
              </>
            )}
          </div>
        </div>
      </section>
    </>
  );
}

export function HomePage({ user, featured }: { user: ApiUser | null; featured: ApiPractitioner[] }) {
  return (
    <SiteLayout user={user}>
      <LandingSections user={user} variant="home" featured={featured} />
    </SiteLayout>
  );
}

export function AlphaPage({ user, featured }: { user: ApiUser | null; featured: ApiPractitioner[] }) {
  return (
    <SiteLayout user={user}>
      <LandingSections user={user} variant="alpha" featured={featured} />
    </SiteLayout>
  );
}

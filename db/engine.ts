/**
 * The engine this process runs on, decided once from the environment: `DATABASE_URL`
 * (postgres://… or postgresql://…) selects PostgreSQL; unset, the embedded SQLite file of
 * `DATABASE_PATH`. The neutral modules of db/ pick their implementation by it at load.
 */
export type Engine = "sqlite" | "postgres";

export const ENGINE: Engine = /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? "") ? "postgres" : "sqlite";

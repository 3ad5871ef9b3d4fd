export * from "./auth";
export * from "./marketplace";
export * from "./community";
export * from "./search";
export * from "./booking";
export * from "./admin";
export * from "./outbox";
export * from "./limits";

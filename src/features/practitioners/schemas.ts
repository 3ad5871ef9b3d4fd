// the schemas live in core/ so that the browser's endpoint map (core/api-routes.ts) types its calls by them
export { displayNameSchema, practitionerIdParam, profileBodySchema } from "../../../core/practitioner-inputs";

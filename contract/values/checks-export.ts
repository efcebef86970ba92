// Values of contract/schemas/checks-export.ts that the web app reads without its zod schemas (eslint.config.js,
// fromSchemas; issue 27): importing a schema module builds its schemas.

/** Languages an export's headers and values can be written in (the PWA's locales). */
export const EXPORT_LANGS = ['zh', 'en', 'es'] as const;
export type ExportLang = (typeof EXPORT_LANGS)[number];

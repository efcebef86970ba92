// The files the size rules of eslint.config.js (max-lines-per-function 120, max-lines 300) do not
// apply to, each group with its reason; docs/architecture.md ("Size") lists the same.
export const lengthExceptions = [
  // Tests: a test file is a list of cases and a `describe` callback holds them all; the cases stay
  // where a reader of the code looks for them.
  '**/*.test.{ts,tsx}',
  'tests/**',
  // Migrations: frozen once shipped (never edited), each one table list of its release.
  'server/db/migrations/**',
  // Data tables: the demo seeds write rows, one after the other.
  'server/seed-*.ts',
];

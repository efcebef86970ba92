import type { IntakeRejected } from '#contract/schemas/repairs-intake.ts';

/**
 * The refused lines an intake's error answer carries (REPAIR_NO_VALID_LINES), read with the contract's
 * own schema, or null when it carries none. The schema (and zod with it) is loaded here, on that
 * answer only: a static import put ~90 kB of zod and the repairs schemas into the repairs and checks
 * pages' first load, compiled and run at every open (issue 27, the page budget).
 */
export async function refusedIntakeLines(datas: unknown): Promise<IntakeRejected[] | null> {
  const schemas = await import('#contract/schemas/repairs-intake.ts').catch(() => null);
  // Its code could not load: the answer's error still shows, without the list.
  if (!schemas) return null;
  const parsed = schemas.repairIntakeOutput.shape.rejected.safeParse(
    (datas as { rejected?: unknown } | null)?.rejected,
  );
  return parsed.success && parsed.data.length > 0 ? parsed.data : null;
}

import type { BundleChunk } from '../vite-signed-in-preload.ts';

/** Tests' fixture: a chunk of a Rolldown bundle as the build plugins read it (scripts/vite-*.ts), with its code. */
export function bundleChunk(
  fileName: string,
  fields: Partial<BundleChunk> = {},
): BundleChunk & { code: string } {
  return {
    type: 'chunk',
    fileName,
    isEntry: false,
    facadeModuleId: null,
    moduleIds: [],
    imports: [],
    code: `export const file = ${JSON.stringify(fileName)};\n`,
    ...fields,
  };
}

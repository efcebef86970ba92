/** Thrown by writeExport when its progress callback says stop (shutdown, or the lease was lost). */
export class ExportStopped extends Error {}

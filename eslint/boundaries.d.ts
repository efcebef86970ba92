// Types of boundaries.js for the test that reads them (scripts/lint-boundaries.test.ts).
export declare const moduleUses: Record<string, string[]>;
export declare function boundaryZones(root: string): object[];

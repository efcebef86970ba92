// The names of the tests that failed, read from vitest's and Playwright's JSON reports, so that
// `npm test`'s closing lines say what failed. CI shows only the tail of a long log: without these
// lines a failure far up the output cannot be found from the summary alone.

const MESSAGE_CHARS = 200;

interface VitestAssertion {
  status?: string;
  fullName?: string;
  title?: string;
  failureMessages?: string[];
}
interface VitestFile {
  name?: string;
  status?: string;
  message?: string;
  assertionResults?: VitestAssertion[];
}
interface PlaywrightResult {
  status?: string;
  error?: { message?: string };
  errors?: { message?: string }[];
}
interface PlaywrightSpec {
  title?: string;
  file?: string;
  line?: number;
  tests?: { status?: string; results?: PlaywrightResult[] }[];
}
interface PlaywrightSuite {
  file?: string;
  specs?: PlaywrightSpec[];
  suites?: PlaywrightSuite[];
}

/** The first meaningful line of an error, without colour codes, cut to a line's length. */
export function firstLine(message: string | undefined): string {
  // eslint-disable-next-line no-control-regex -- terminal colour codes are what it removes
  const plain = (message ?? '').replace(/\u001b\[[0-9;]*m/g, '');
  const line = plain.split('\n').find((l) => l.trim() !== '') ?? '';
  const trimmed = line.trim();
  return trimmed.length > MESSAGE_CHARS ? `${trimmed.slice(0, MESSAGE_CHARS)}…` : trimmed;
}

function relative(path: string | undefined, root: string): string {
  if (!path) return '?';
  return path.startsWith(`${root}/`) ? path.slice(root.length + 1) : path;
}

/** `file › test name: first line of the error` for each failed vitest test or file that failed to load. */
export function failedVitestTests(report: Record<string, unknown>, root: string): string[] {
  const files = (report.testResults ?? []) as VitestFile[];
  const failed: string[] = [];
  for (const file of files) {
    const name = relative(file.name, root);
    const assertions = file.assertionResults ?? [];
    const failedAssertions = assertions.filter((a) => a.status === 'failed');
    for (const assertion of failedAssertions) {
      failed.push(
        `${name} › ${assertion.fullName ?? assertion.title ?? '?'}: ${firstLine(assertion.failureMessages?.[0])}`,
      );
    }
    // A file that failed outside its tests (an import, a hook) has no failed assertion.
    if (file.status === 'failed' && failedAssertions.length === 0) {
      failed.push(`${name}: ${firstLine(file.message)}`);
    }
  }
  return failed;
}

interface UnhandledError {
  name?: string;
  message?: string;
  stack?: string;
  file?: string;
  test?: string;
}

/** The first frame of a stack in the project's own code (not node_modules), relative to the root. */
function ownFrame(stack: string | undefined, root: string): string | undefined {
  const frame = (stack ?? '')
    .split('\n')
    .map((line) => /\(?(?:file:\/\/)?(\/[^\s()]+:\d+:\d+)\)?\s*$/.exec(line.trim())?.[1])
    .find((path) => path?.startsWith(`${root}/`) && !path.includes('/node_modules/'));
  return frame ? relative(frame, root) : undefined;
}

/**
 * `unhandled: file › test: Name: message` for each unhandled error of a vitest run
 * (scripts/lib/vitest-unhandled-reporter.ts), and a line when the run did not end by finishing.
 */
export function unhandledVitestErrors(report: Record<string, unknown>, root: string): string[] {
  const errors = (report.errors ?? []) as UnhandledError[];
  const lines = errors.map((error) => {
    const where = error.file ? `${relative(error.file, root)}${error.test ? ` › ${error.test}` : ''}: ` : '';
    const what = firstLine([error.name, error.message].filter(Boolean).join(': '));
    const at = ownFrame(error.stack, root);
    return `unhandled: ${where}${what}${at ? ` (at ${at})` : ''}`;
  });
  if (report.reason && report.reason !== 'passed' && report.reason !== 'failed') {
    lines.push(`the run ended ${String(report.reason)}`);
  }
  return lines;
}

function playwrightSpecs(suites: PlaywrightSuite[], parentFile?: string): PlaywrightSpec[] {
  return suites.flatMap((suite) => {
    const file = suite.file ?? parentFile;
    return [
      ...(suite.specs ?? []).map((spec) => ({ ...spec, file: spec.file ?? file })),
      ...playwrightSpecs(suite.suites ?? [], file),
    ];
  });
}

/** `file:line › test name: first line of the error` for each Playwright test that ended unexpected. */
export function failedPlaywrightTests(report: Record<string, unknown>): string[] {
  const failed: string[] = [];
  for (const spec of playwrightSpecs((report.suites ?? []) as PlaywrightSuite[])) {
    for (const test of spec.tests ?? []) {
      if (test.status !== 'unexpected') continue;
      const last = test.results?.at(-1);
      const message = last?.error?.message ?? last?.errors?.[0]?.message;
      failed.push(`${spec.file ?? '?'}:${spec.line ?? 0} › ${spec.title ?? '?'}: ${firstLine(message)}`);
    }
  }
  return failed;
}

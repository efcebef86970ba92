import { describe, expect, it } from 'vitest';
import {
  failedPlaywrightTests,
  failedVitestTests,
  firstLine,
  unhandledVitestErrors,
} from './failed-tests.ts';

describe('failed-tests', () => {
  it('takes the first non-empty line of an error, without colour codes, cut to 200 characters', () => {
    expect(firstLine('\n\u001b[31mAssertionError: expected 1 to be 2\u001b[39m\n    at x.ts:1')).toBe(
      'AssertionError: expected 1 to be 2',
    );
    expect(firstLine(undefined)).toBe('');
    expect(firstLine('x'.repeat(300))).toBe(`${'x'.repeat(200)}…`);
  });

  it('names each failed vitest test and each file that failed outside its tests', () => {
    const report = {
      testResults: [
        {
          name: '/repo/server/a.test.ts',
          status: 'failed',
          assertionResults: [
            { status: 'passed', fullName: 'a works' },
            { status: 'failed', fullName: 'a › breaks', failureMessages: ['Error: boom\n  at a.ts:3'] },
          ],
        },
        {
          name: '/repo/src/b.test.tsx',
          status: 'failed',
          message: 'Failed to load url ./missing',
          assertionResults: [],
        },
        {
          name: '/repo/src/c.test.ts',
          status: 'passed',
          assertionResults: [{ status: 'passed', fullName: 'c' }],
        },
      ],
    };
    expect(failedVitestTests(report, '/repo')).toEqual([
      'server/a.test.ts › a › breaks: Error: boom',
      'src/b.test.tsx: Failed to load url ./missing',
    ]);
  });

  it('names each Playwright test that ended unexpected, from nested suites, with its last retry’s error', () => {
    const report = {
      suites: [
        {
          file: 'offline.spec.ts',
          specs: [
            { title: 'passes', line: 3, tests: [{ status: 'expected', results: [{ status: 'passed' }] }] },
            {
              title: 'is flaky',
              line: 9,
              tests: [{ status: 'flaky', results: [{ status: 'failed' }, { status: 'passed' }] }],
            },
          ],
          suites: [
            {
              specs: [
                {
                  title: 'breaks',
                  line: 20,
                  tests: [
                    {
                      status: 'unexpected',
                      results: [
                        { status: 'failed', error: { message: 'first try' } },
                        { status: 'failed', error: { message: 'Timeout 5000ms exceeded' } },
                      ],
                    },
                  ],
                },
              ],
            },
          ],
        },
      ],
    };
    expect(failedPlaywrightTests(report)).toEqual(['offline.spec.ts:20 › breaks: Timeout 5000ms exceeded']);
  });

  it('names each unhandled error of a vitest run with the file and test it came from, and an interrupted run', () => {
    const report = {
      reason: 'interrupted',
      errors: [
        {
          name: 'TypeError',
          message: 'Cannot read properties of undefined\n  at x.ts:1',
          file: '/repo/src/a.test.tsx',
          test: 'a opens',
        },
        {
          name: 'Error',
          message: 'socket hang up',
          stack:
            'Error: socket hang up\n    at file:///repo/node_modules/x/y.js:3:4\n    at /repo/server/z.ts:12:7',
        },
      ],
    };
    expect(unhandledVitestErrors(report, '/repo')).toEqual([
      'unhandled: src/a.test.tsx › a opens: TypeError: Cannot read properties of undefined',
      'unhandled: Error: socket hang up (at server/z.ts:12:7)',
      'the run ended interrupted',
    ]);
    expect(unhandledVitestErrors({ reason: 'passed', errors: [] }, '/repo')).toEqual([]);
  });
});

import { defineEndpoint } from './endpoint.ts';
import { emptyInput, emptyOutput } from './schemas/common.ts';
import {
  exportCreateInput,
  exportIdInput,
  exportLinkOutput,
  exportListOutput,
  exportRow,
} from './schemas/checks-export.ts';

/** The download center's endpoints: Excel exports of check orders, run as server jobs. Spread into endpoints.ts. */
export const exportEndpoints = {
  exportCreate: defineEndpoint({
    path: '/api/exports/create',
    access: 'user',
    input: exportCreateInput,
    output: exportRow,
    summary:
      'Start an Excel export of one order (chosen columns, filter applied, headers in a language) as a server job; progress comes as exports:progress.',
  }),
  exportList: defineEndpoint({
    path: '/api/exports/list',
    access: 'user',
    input: emptyInput,
    output: exportListOutput,
    summary: "The account's export jobs, newest first (the download center).",
  }),
  exportLink: defineEndpoint({
    path: '/api/exports/link',
    access: 'user',
    input: exportIdInput,
    output: exportLinkOutput,
    summary: 'A download link of a finished export, signed for the account and valid for a few minutes.',
  }),
  exportRetry: defineEndpoint({
    path: '/api/exports/retry',
    access: 'user',
    input: exportIdInput,
    output: exportRow,
    summary: 'Run a failed or expired export again with the same order, columns, filter and language.',
  }),
  exportDelete: defineEndpoint({
    path: '/api/exports/delete',
    access: 'user',
    input: exportIdInput,
    output: emptyOutput,
    summary: 'Delete an export job and its file (a running one is stopped).',
  }),
};

import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { ExportState } from '#contract/schemas/checks-export.ts';

export const EXPORT_STATE_NAMES: Record<ExportState, MessageDescriptor> = {
  pending: msg`Waiting`,
  running: msg`Exporting`,
  done: msg`Ready`,
  failed: msg`Failed`,
  expired: msg`Expired`,
};

// Badge shades dark enough for white text (axe: color-contrast).
export const EXPORT_STATE_COLORS: Record<ExportState, string> = {
  pending: 'gray.7',
  running: 'blue.8',
  done: 'teal.9',
  failed: 'red.9',
  expired: 'gray.7',
};

import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { RejectReason } from '#contract/identifiers/parse.ts';
import {
  REPAIR_ID_RE,
  REPAIR_PROGRESS,
  type LogisticsBadge,
  type RepairProgress,
} from '#contract/values/repairs.ts';
import type { RepairEligibility } from '#contract/schemas/repairs.ts';
import { PROGRESS_LABELS } from '#src/lib/labels/repair-progress.ts';
import { INTAKE_LINES_MAX, splitIntakeLine } from '#contract/values/repairs-intake.ts';
import type { IntakeLine } from '#contract/schemas/repairs-intake.ts';
import { ELIGIBILITY_LABELS } from './labels.ts';

// The labels of a device's facts and events live in labels.ts (the header's notice bell needs only
// them, without this module's contract imports); re-exported for the rest of the feature.
export {
  BADGE_LABELS,
  EDITED_FIELD_LABELS,
  ELIGIBILITY_LABELS,
  EVENT_KIND_LABELS,
  RETURN_LOGISTICS_LABELS,
} from './labels.ts';

/** Why the server refused an intake line: identifier reasons (contract/identifiers) and intake's own. */
const INTAKE_REASONS: Record<RejectReason | string, MessageDescriptor> = {
  empty: msg`Empty line`,
  bad_characters: msg`Has characters an SN or IMEI never has`,
  bad_length: msg`Wrong length: an IMEI has 15 digits (a MEID 14, an IMEISV 16), an SN 10, 11 or 12 characters`,
  bad_check_digit: msg`Not a valid IMEI: the last digit does not match the others (a typo?)`,
  sn_letter_o_or_i: msg`Serial numbers never contain the letters O or I (did you mean 0 or 1?)`,
  too_long: msg`Far too long to be an SN or IMEI`,
  repair_id_invalid: msg`Not a repair id: one of A, G, R, D, N and 9 digits`,
  repair_id_duplicate: msg`The same repair id appears twice`,
  duplicate_input: msg`Repeats an earlier line`,
  duplicate_batch: msg`Already tracked in this batch`,
  tracked_elsewhere: msg`Already tracked in another batch`,
  unknown_device: msg`Unknown device`,
};

/** The words for an intake reason (an unknown reason shows as the server gave it). */
export function intakeReason(reason: string): MessageDescriptor | string {
  return Object.hasOwn(INTAKE_REASONS, reason) ? (INTAKE_REASONS[reason] as MessageDescriptor) : reason;
}

export interface IntakeDraft {
  lines: IntakeLine[];
  /** 1-based line numbers (of non-empty lines) with a repair id that will be refused, and that id. */
  badRepairIds: { line: number; id: string }[];
  /** Lines past INTAKE_LINES_MAX are dropped; the screen says how many. */
  dropped: number;
}

/**
 * Pasted, scanned or read text → intake lines, one per non-empty line (splitIntakeLine of the
 * contract, so the server reads the same columns). Repair ids are checked here only to warn early:
 * the server decides and answers each refused line with its reason.
 */
export function parseIntakeText(text: string): IntakeDraft {
  const raw = text.split(/\r?\n/).filter((l) => l.trim() !== '');
  const kept = raw.slice(0, INTAKE_LINES_MAX);
  const lines = kept.map(splitIntakeLine);
  const badRepairIds: IntakeDraft['badRepairIds'] = [];
  lines.forEach((line, i) => {
    const bad = (line.repair_ids ?? []).find((id) => !REPAIR_ID_RE.test(id.trim().toUpperCase()));
    if (bad !== undefined) badRepairIds.push({ line: i + 1, id: bad });
  });
  return { lines, badRepairIds, dropped: raw.length - kept.length };
}

/** A first row that names its columns (SN, IMEI, 序列号, …) rather than holding a device. */
const HEADER_CELL = /^(sn|imei\s*[12]?|meid|serial(\s*(no\.?|number))?|序列号|串号|设备号|imei号)$/i;

/**
 * A spreadsheet's rows (src/lib/sheets: CSV, TSV, TXT or the first sheet of an XLSX) as intake
 * text: one line per row, its non-empty cells joined by tabs (the paste box's columns: SN or IMEI,
 * repair ids, customer name, phone); a header row is left out.
 */
export function sheetRowsToIntakeText(rows: readonly (readonly string[])[]): string {
  const body = HEADER_CELL.test((rows[0]?.[0] ?? '').trim()) ? rows.slice(1) : rows;
  return body
    .map((row) =>
      row
        .map((c) => c.trim())
        .filter(Boolean)
        .join('\t'),
    )
    .filter(Boolean)
    .join('\n');
}

/** Filters of the device table; empty arrays and false mean "no filter". */
export interface DeviceFilters {
  batchId: number | null;
  progress: RepairProgress[];
  badge: LogisticsBadge[];
  watched: boolean;
  changedToday: boolean;
  keyword: string;
}

export const NO_FILTERS: DeviceFilters = {
  batchId: null,
  progress: [],
  badge: [],
  watched: false,
  changedToday: false,
  keyword: '',
};

/**
 * The filters a link asks for in the URL (a dashboard figure: progress, watched, changed today);
 * progress values the contract does not know are dropped.
 */
export function filtersFromSearch(search: {
  progress?: readonly string[];
  watched?: boolean;
  changed_today?: boolean;
}): DeviceFilters {
  return {
    ...NO_FILTERS,
    progress: (search.progress ?? []).filter((p): p is RepairProgress =>
      (REPAIR_PROGRESS as readonly string[]).includes(p),
    ),
    watched: search.watched === true,
    changedToday: search.changed_today === true,
  };
}

/** The filters as the device_list call wants them (only the ones set). */
export function listInputOf(filters: DeviceFilters, page: number, pageSize: number) {
  return {
    page,
    page_size: pageSize,
    keyword: filters.keyword.trim(),
    ...(filters.batchId ? { batch_id: filters.batchId } : {}),
    ...(filters.progress.length ? { progress: filters.progress } : {}),
    ...(filters.badge.length ? { badge: filters.badge } : {}),
    ...(filters.watched ? { watched: true } : {}),
    ...(filters.changedToday ? { changed_today: true } : {}),
  };
}

/** The status a row shows: its repair progress once it has one, else its eligibility. */
export function statusOf(row: {
  progress: RepairProgress | null;
  eligibility: RepairEligibility | null;
}): MessageDescriptor | null {
  if (row.progress) return PROGRESS_LABELS[row.progress];
  if (row.eligibility) return ELIGIBILITY_LABELS[row.eligibility];
  return null;
}

/** The device's identifier as shown and searched in history: its SN, else its IMEI. */
export const identOf = (row: { sn: string | null; imei: string | null }): string => row.sn ?? row.imei ?? '';

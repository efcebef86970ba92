import { deviceWord, isWordField } from '#contract/device-words.ts';
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  Button,
  Checkbox,
  Fieldset,
  Group,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { FacetCounts } from '#contract/results-filter/facets.ts';
import {
  FACET_FIELDS,
  NO_VALUE,
  SEARCH_MAX,
  TRI_FIELDS,
  isEmptyFilter,
  normalizeFilter,
  type FacetField,
  type ResultFilter,
  type TriField,
} from '#contract/results-filter/filter.ts';
import type { DeviceStatus, TriState, WarrantyType } from '#contract/schemas/checks-results.ts';
import { TRI_STATE_NAMES, WARRANTY_TYPE_NAMES } from '#src/lib/labels/device-facts.ts';
import { DEVICE_STATUS_NAMES } from '../model/device-fields.ts';
import { FACET_NAMES, TRI_FILTER_NAMES } from '../model/filter-names.ts';
import { DaysWindow, PurchaseRange, type Patch } from './FilterRanges.tsx';

/** Values listed before "show all" (models can be many). */
const FIRST_VALUES = 8;

interface FiltersPanelProps {
  filter: ResultFilter;
  counts: FacetCounts | null;
  counting: boolean;
  onChange(next: ResultFilter): void;
}

const NO_VALUES: readonly string[] = [];
const NO_COUNTS: Record<string, number> = {};

/** Whether two count maps say the same (a recount often leaves a group's counts as they were). */
function sameCounts(a: Record<string, number> | undefined, b: Record<string, number> | undefined): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => a[key] === b[key]);
}

/** memo() for a group with counts: equal props, counts compared by content. */
function sameGroupProps<P extends { counts?: Record<string, number> }>(a: P, b: P): boolean {
  for (const key of Object.keys(a) as (keyof P)[]) {
    if (key === 'counts') continue;
    if (a[key] !== b[key]) return false;
  }
  return Object.keys(a).length === Object.keys(b).length && sameCounts(a.counts, b.counts);
}

/**
 * The order detail's filters: facets with counts, tri-state filters, the warranty days-left window,
 * the purchase-date range and the SN/IMEI search. The filter lives in page state (written to the URL after a pause);
 * this panel only proposes changes. Each group is memoised with a stable `set`: a recount re-renders
 * only the groups whose counts or values changed (bench:facets).
 */
export const FiltersPanel = memo(function FiltersPanel({
  filter,
  counts,
  counting,
  onChange,
}: FiltersPanelProps) {
  // The latest filter, read when a group proposes a change (after the render that showed it).
  const filterRef = useRef(filter);
  useEffect(() => {
    filterRef.current = filter;
  }, [filter]);
  const set = useCallback<Patch>(
    (patch) => onChange(normalizeFilter({ ...filterRef.current, ...patch })),
    [onChange],
  );
  return (
    <Stack gap="sm" data-testid="filters" data-state={counting ? 'counting' : 'ready'}>
      <Group justify="space-between">
        <Text fw={600}>
          <Trans>Filters</Trans>
        </Text>
        <Button
          variant="subtle"
          size="compact-sm"
          disabled={isEmptyFilter(filter)}
          onClick={() => onChange({})}
          data-testid="clear-filters"
        >
          <Trans>Clear filters</Trans>
        </Button>
      </Group>
      <SearchBox value={filter.q ?? ''} set={set} />
      {FACET_FIELDS.map((field) => (
        <FacetGroup
          key={field}
          field={field}
          selected={filter[field] ?? NO_VALUES}
          counts={counts?.facets[field] ?? NO_COUNTS}
          set={set}
        />
      ))}
      {TRI_FIELDS.map((field) => (
        <TriFilter key={field} field={field} value={filter[field]} counts={counts?.tri[field]} set={set} />
      ))}
      <DaysWindow min={filter.days_min} max={filter.days_max} set={set} />
      <PurchaseRange from={filter.purchase_from} to={filter.purchase_to} set={set} />
    </Stack>
  );
});

/**
 * The SN/IMEI search: each keystroke goes straight into the filter (counting is off the main thread
 * on large orders); the box keeps what was typed, spaces included, and follows outside changes.
 */
const SearchBox = memo(function SearchBox({ value, set }: { value: string; set: Patch }) {
  const { t } = useLingui();
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    // The filter changed from outside (cleared, shared link, history): the box follows.
    setShown(value);
    if (text.trim() !== value) setText(value);
  }
  return (
    <TextInput
      label={t`Search SN or IMEI`}
      placeholder={t`Type part of an SN or IMEI`}
      value={text}
      maxLength={SEARCH_MAX}
      onChange={(e) => {
        const next = e.currentTarget.value;
        setText(next);
        if (next.trim() !== value) set({ q: next.trim() });
      }}
      data-testid="results-search"
    />
  );
});

function useValueName(field: FacetField) {
  const { t, i18n } = useLingui();
  return (value: string) => {
    if (value === NO_VALUE) return t`Unknown`;
    if (field === 'warranty_type') return i18n._(WARRANTY_TYPE_NAMES[value as WarrantyType] ?? value);
    if (field === 'status') return i18n._(DEVICE_STATUS_NAMES[value as DeviceStatus] ?? value);
    if (isWordField(field)) return deviceWord(field, value, i18n.locale);
    return value;
  };
}

const FacetGroup = memo(function FacetGroup({
  field,
  selected,
  counts,
  set,
}: {
  field: FacetField;
  selected: readonly string[];
  counts: Record<string, number>;
  set: Patch;
}) {
  const { t, i18n } = useLingui();
  const name = useValueName(field);
  const [all, setAll] = useState(false);
  const toggle = useCallback(
    (value: string, checked: boolean) =>
      set({ [field]: checked ? [...selected, value] : selected.filter((v) => v !== value) }),
    [set, field, selected],
  );
  // Most devices first, unknown last; a ticked value stays listed even when nothing matches it.
  const values = [...new Set([...Object.keys(counts), ...selected])].sort((a, b) =>
    a === NO_VALUE ? 1 : b === NO_VALUE ? -1 : (counts[b] ?? 0) - (counts[a] ?? 0) || a.localeCompare(b),
  );
  if (values.length === 0) return null;
  const shown = all ? values : values.slice(0, FIRST_VALUES);
  const title = i18n._(FACET_NAMES[field]);
  return (
    <Fieldset legend={title} variant="unstyled" data-testid={`facet-${field}`}>
      <Stack gap={4}>
        {shown.map((value) => (
          <FacetValue
            key={value}
            value={value}
            name={name(value)}
            count={counts[value] ?? 0}
            checked={selected.includes(value)}
            onToggle={toggle}
          />
        ))}
        {values.length > FIRST_VALUES && (
          <UnstyledButton onClick={() => setAll(!all)} fz="xs" c="blue.8" ta="left">
            {all ? t`Show fewer` : t`Show all ${values.length}`}
          </UnstyledButton>
        )}
      </Stack>
    </Fieldset>
  );
}, sameGroupProps);

/** One facet value: re-rendered only when its count, name or tick changes. */
const FacetValue = memo(function FacetValue({
  value,
  name,
  count,
  checked,
  onToggle,
}: {
  value: string;
  name: string;
  count: number;
  checked: boolean;
  onToggle(value: string, checked: boolean): void;
}) {
  return (
    <Checkbox
      size="xs"
      checked={checked}
      onChange={(e) => onToggle(value, e.currentTarget.checked)}
      label={
        <span data-testid="facet-value" data-value={value} data-count={count}>
          {name}{' '}
          <Text span c="dimmed" size="xs">
            ({count})
          </Text>
        </span>
      }
    />
  );
});

const TriFilter = memo(function TriFilter({
  field,
  value,
  counts,
  set,
}: {
  field: TriField;
  value: TriState | undefined;
  counts: Record<TriState, number> | undefined;
  set: Patch;
}) {
  const { t, i18n } = useLingui();
  const title = i18n._(TRI_FILTER_NAMES[field]);
  const data = useMemo(() => {
    const option = (state: TriState) => ({
      value: state,
      label: `${i18n._(TRI_STATE_NAMES[state])} ${counts ? counts[state] : ''}`.trim(),
    });
    return [{ value: 'any', label: t`Any` }, option('yes'), option('no'), option('unknown')];
  }, [counts, i18n, t]);
  return (
    <div data-testid={`tri-${field}`} data-counts={counts ? JSON.stringify(counts) : ''}>
      <Text size="sm" fw={500} id={`tri-${field}-label`}>
        {title}
      </Text>
      <SegmentedControl
        size="xs"
        fullWidth
        aria-labelledby={`tri-${field}-label`}
        value={value ?? 'any'}
        onChange={(v) => set({ [field]: v === 'any' ? undefined : (v as TriState) })}
        data={data}
      />
    </div>
  );
}, sameGroupProps);

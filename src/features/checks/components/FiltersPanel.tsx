import { memo, useState } from 'react';
import {
  Button,
  Checkbox,
  Fieldset,
  Group,
  NumberInput,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import '@mantine/dates/styles.css';
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
import { DEVICE_STATUS_NAMES, TRI_STATE_NAMES, WARRANTY_TYPE_NAMES } from '../model/device-fields.ts';
import { FACET_NAMES, TRI_FILTER_NAMES } from '../model/filter-names.ts';

/** Values listed before "show all" (models can be many). */
const FIRST_VALUES = 8;

interface FiltersPanelProps {
  filter: ResultFilter;
  counts: FacetCounts | null;
  counting: boolean;
  onChange(next: ResultFilter): void;
}

/**
 * The order detail's filters: facets with counts, tri-state filters, the warranty days-left window,
 * the purchase-date range and the SN/IMEI search. The filter lives in page state (written to the URL after a pause);
 * this panel only proposes changes.
 */
export const FiltersPanel = memo(function FiltersPanel({
  filter,
  counts,
  counting,
  onChange,
}: FiltersPanelProps) {
  const { t } = useLingui();
  const set = (patch: Partial<ResultFilter>) => onChange(normalizeFilter({ ...filter, ...patch }));
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
      <SearchBox value={filter.q ?? ''} onChange={(q) => set({ q })} />
      {FACET_FIELDS.map((field) => (
        <FacetGroup
          key={field}
          field={field}
          selected={filter[field] ?? []}
          counts={counts?.facets[field] ?? {}}
          onChange={(values) => set({ [field]: values })}
        />
      ))}
      {TRI_FIELDS.map((field) => (
        <TriFilter
          key={field}
          field={field}
          value={filter[field]}
          counts={counts?.tri[field]}
          onChange={(value) => set({ [field]: value })}
        />
      ))}
      <Fieldset legend={t`Warranty days left`} variant="unstyled">
        <Group grow gap="xs">
          <NumberInput
            label={t`From`}
            value={filter.days_min ?? ''}
            onChange={(v) => set({ days_min: typeof v === 'number' ? v : undefined })}
            allowDecimal={false}
            data-testid="days-min"
          />
          <NumberInput
            label={t`To`}
            value={filter.days_max ?? ''}
            onChange={(v) => set({ days_max: typeof v === 'number' ? v : undefined })}
            allowDecimal={false}
            data-testid="days-max"
          />
        </Group>
      </Fieldset>
      <DatePickerInput
        type="range"
        label={t`Purchase date`}
        valueFormat="YYYY-MM-DD"
        clearable
        allowSingleDateInRange
        value={[filter.purchase_from ?? null, filter.purchase_to ?? null]}
        onChange={([from, to]) => set({ purchase_from: from ?? undefined, purchase_to: to ?? undefined })}
        data-testid="purchase-range"
      />
    </Stack>
  );
});

/**
 * The SN/IMEI search: each keystroke goes straight into the filter (counting is off the main thread
 * on large orders); the box keeps what was typed, spaces included, and follows outside changes.
 */
function SearchBox({ value, onChange }: { value: string; onChange(q: string): void }) {
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
        if (next.trim() !== value) onChange(next.trim());
      }}
      data-testid="results-search"
    />
  );
}

function useValueName(field: FacetField) {
  const { t, i18n } = useLingui();
  return (value: string) => {
    if (value === NO_VALUE) return t`Unknown`;
    if (field === 'warranty_type') return i18n._(WARRANTY_TYPE_NAMES[value as WarrantyType] ?? value);
    if (field === 'status') return i18n._(DEVICE_STATUS_NAMES[value as DeviceStatus] ?? value);
    return value;
  };
}

function FacetGroup({
  field,
  selected,
  counts,
  onChange,
}: {
  field: FacetField;
  selected: readonly string[];
  counts: Record<string, number>;
  onChange(values: string[]): void;
}) {
  const { t, i18n } = useLingui();
  const name = useValueName(field);
  const [all, setAll] = useState(false);
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
          <Checkbox
            key={value}
            size="xs"
            checked={selected.includes(value)}
            onChange={(e) =>
              onChange(e.currentTarget.checked ? [...selected, value] : selected.filter((v) => v !== value))
            }
            label={
              <span data-testid="facet-value" data-value={value} data-count={counts[value] ?? 0}>
                {name(value)}{' '}
                <Text span c="dimmed" size="xs">
                  ({counts[value] ?? 0})
                </Text>
              </span>
            }
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
}

function TriFilter({
  field,
  value,
  counts,
  onChange,
}: {
  field: TriField;
  value: TriState | undefined;
  counts: Record<TriState, number> | undefined;
  onChange(value: TriState | undefined): void;
}) {
  const { t, i18n } = useLingui();
  const title = i18n._(TRI_FILTER_NAMES[field]);
  const option = (state: TriState) => ({
    value: state,
    label: `${i18n._(TRI_STATE_NAMES[state])} ${counts ? counts[state] : ''}`.trim(),
  });
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
        onChange={(v) => onChange(v === 'any' ? undefined : (v as TriState))}
        data={[{ value: 'any', label: t`Any` }, option('yes'), option('no'), option('unknown')]}
      />
    </div>
  );
}

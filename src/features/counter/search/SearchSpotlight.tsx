import '@mantine/spotlight/styles.css';
import { useEffect, useMemo, useState } from 'react';
import { Badge, Group, Loader, Text } from '@mantine/core';
import { Spotlight, useSpotlight } from '@mantine/spotlight';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCloudOff, IconSearch } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { SearchHit } from '#contract/schemas/search.ts';
import { NetworkError } from '#src/lib/api/errors.ts';
import { useOnline } from '#src/lib/offline/network.ts';
import { TICKET_STATUS_WORDS } from '#src/lib/ticket-status-words.ts';
import { indexCache, searchCache } from './cache-search.ts';
import { globalSearchQuery } from './search-api.ts';
import { GROUP_TITLES } from './group-titles.ts';
import { HIT_GROUPS, emptyGroups, hitCount, hitHref, type HitGroups } from './search-hits.ts';
import { registerSearchOpener } from './search-open.ts';
import { searchSpotlight, searchStore } from './search-store.ts';

/** Typing pauses this long before the server is asked; offline results follow every keystroke. */
const DEBOUNCE_MS = 200;

/** The spotlight's first result is selected as results arrive, so Enter opens it (the store does it only on typing). */
function selectFirst(): void {
  const { listId } = searchStore.getState();
  const list = listId ? document.getElementById(listId) : null;
  list?.querySelector('[data-selected]')?.removeAttribute('data-selected');
  list?.querySelector('[data-action]')?.setAttribute('data-selected', 'true');
  searchStore.updateState((s) => ({ ...s, selected: 0 }));
}

/**
 * The header's search (issue 26): customers, tickets, tracked repairs and check orders from
 * /api/search/global, grouped, with arrows and Enter; offline (or when the server cannot be
 * reached) it searches what this device has cached and says so.
 */
export default function SearchSpotlight() {
  const { t, i18n } = useLingui();
  const router = useRouter();
  const client = useQueryClient();
  const online = useOnline();
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query.trim(), DEBOUNCE_MS);
  const remote = useQuery({ ...globalSearchQuery(debounced), enabled: online && debounced.length > 0 });
  const offline = !online || remote.error instanceof NetworkError;
  const { opened } = useSpotlight(searchStore);
  // Mounted on the first open (SearchButton): open now, and on the next asks through the opener.
  useEffect(() => {
    searchSpotlight.open();
    return registerSearchOpener(() => searchSpotlight.open());
  }, []);
  // Built when the search goes offline (or is opened offline); a keystroke then only scans it.
  const index = useMemo(
    () =>
      offline && opened
        ? indexCache(
            client
              .getQueryCache()
              .getAll()
              .map((q) => q.state.data),
          )
        : [],
    [offline, client, opened],
  );
  const groups: HitGroups = offline
    ? searchCache(index, query)
    : query.trim() && remote.data
      ? remote.data
      : emptyGroups();
  const count = hitCount(groups);
  const shown = HIT_GROUPS.flatMap((g) => groups[g].map((h) => `${h.kind}${h.id}`)).join();
  useEffect(() => {
    if (shown) selectFirst();
  }, [shown]);

  const describe = (hit: SearchHit): string => {
    if (hit.kind === 'ticket' && hit.status)
      return [hit.detail, i18n._(TICKET_STATUS_WORDS[hit.status])].filter(Boolean).join(' · ');
    if (hit.kind === 'check_order')
      return t`${plural(Number(hit.detail), { one: '# device', other: '# devices' })}`;
    return hit.detail;
  };
  const searching = !offline && query.trim() !== '' && (remote.isFetching || debounced !== query.trim());

  return (
    <Spotlight.Root
      store={searchStore}
      shortcut={null}
      query={query}
      onQueryChange={setQuery}
      scrollable
      maxHeight="min(60vh, 520px)"
      // No aria-label here: it lands on the modal's outer div, which has no role (axe
      // aria-prohibited-attr once the box had been opened); the search field carries the name.
    >
      <Spotlight.Search
        placeholder={t`Name, phone or its last four digits, ticket number, SN / IMEI…`}
        aria-label={t`Search customers, tickets, SN / IMEI`}
        leftSection={<IconSearch size={18} aria-hidden />}
        rightSection={searching ? <Loader size="xs" /> : null}
        data-testid="search-input"
      />
      {offline && (
        <Group gap={6} px="md" py={6} data-testid="search-offline">
          <Badge color="orange" variant="light" leftSection={<IconCloudOff size={12} aria-hidden />}>
            {t`Offline results`}
          </Badge>
          <Text size="xs" c="dimmed">
            {t`From what this device has already loaded; it may be out of date.`}
          </Text>
        </Group>
      )}
      <Spotlight.ActionsList>
        {HIT_GROUPS.map((group) =>
          groups[group].length === 0 ? null : (
            <Spotlight.ActionsGroup
              key={group}
              label={i18n._(GROUP_TITLES[group])}
              role="group"
              aria-label={i18n._(GROUP_TITLES[group])}
              data-testid={`search-group-${group}`}
            >
              {groups[group].map((hit) => (
                <Spotlight.Action
                  key={`${hit.kind}-${hit.id}`}
                  label={hit.title}
                  description={describe(hit)}
                  onClick={() => void router.navigate({ href: hitHref(hit) })}
                  data-testid="search-hit"
                />
              ))}
            </Spotlight.ActionsGroup>
          ),
        )}
        {query.trim() !== '' && count === 0 && !searching && (
          <Text size="sm" c="dimmed" p="md" ta="center" data-testid="search-nothing">
            {remote.isError && !offline ? t`The search failed, please try again` : t`Nothing found`}
          </Text>
        )}
        {query.trim() === '' && (
          <Text size="sm" c="dimmed" p="md" ta="center">
            {t`Type a name, a phone (or its last four digits), a ticket number or an SN / IMEI`}
          </Text>
        )}
      </Spotlight.ActionsList>
    </Spotlight.Root>
  );
}

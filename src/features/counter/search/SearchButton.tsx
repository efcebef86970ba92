import { Suspense, lazy, useState } from 'react';
import { ActionIcon, Button, Kbd, Tooltip } from '@mantine/core';
import { useHotkeys, useOs } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useLingui } from '@lingui/react/macro';
import { openSearch } from './search-open.ts';

// Its own chunk: the spotlight, the search calls and the offline index load on first use.
const SearchSpotlight = lazy(() => import('./SearchSpotlight.tsx'));

/**
 * The header's one search box (issue 26): a button (an icon on narrow headers, tablets included) and
 * Ctrl+K / ⌘K anywhere, also while typing in a field, open the spotlight.
 */
export function SearchButton() {
  const { t } = useLingui();
  const [wanted, setWanted] = useState(false);
  const os = useOs();
  const mac = os === 'macos' || os === 'ios';
  const open = () => {
    setWanted(true);
    openSearch();
  };
  useHotkeys([['mod+K', open]], []);
  const label = t`Search customers, tickets, SN / IMEI`;
  return (
    <>
      <Tooltip label={label} withArrow>
        <ActionIcon
          variant="default"
          size="lg"
          hiddenFrom="lg"
          onClick={open}
          aria-label={label}
          data-testid="search-button"
        >
          <IconSearch size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <Button
        variant="default"
        visibleFrom="lg"
        onClick={open}
        leftSection={<IconSearch size={16} aria-hidden />}
        rightSection={<Kbd size="xs">{mac ? '⌘ K' : 'Ctrl K'}</Kbd>}
        // Its name is its visible text (axe: label-content-name-mismatch); the tooltip says the rest.
        title={label}
        data-testid="search-button-wide"
      >
        {t`Search`}
      </Button>
      {wanted && (
        <Suspense fallback={null}>
          <SearchSpotlight />
        </Suspense>
      )}
    </>
  );
}

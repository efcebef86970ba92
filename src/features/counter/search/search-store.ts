import { createSpotlight } from '@mantine/spotlight';

/**
 * The header search's open state, outside the lazily loaded spotlight: Ctrl+K and the button open it
 * before its chunk has arrived, and the spotlight opens as it mounts.
 */
export const [searchStore, searchSpotlight] = createSpotlight();

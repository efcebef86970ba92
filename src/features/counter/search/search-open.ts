/**
 * How the header's button and Ctrl+K open the search once its lazy chunk is mounted, without
 * importing the spotlight's store (and @mantine/spotlight) into the app shell's chunk: the mounted
 * spotlight registers its opener here; before it mounts, mounting it opens it.
 */
let opener: (() => void) | null = null;

export function registerSearchOpener(open: () => void): () => void {
  opener = open;
  return () => {
    if (opener === open) opener = null;
  };
}

export function openSearch(): void {
  opener?.();
}

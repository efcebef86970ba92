import type { ReactNode } from 'react';
import { Anchor, type AnchorProps } from '@mantine/core';
import { useRouter } from '@tanstack/react-router';

/**
 * A link to an app path with its query (`/app/tickets/detail?id=3`), for pages another feature owns:
 * the router's hash href for a new tab, a router navigation on click.
 */
export function PathLink({
  href,
  children,
  ...props
}: { href: string; children: ReactNode; 'data-testid'?: string } & AnchorProps) {
  const router = useRouter();
  return (
    <Anchor
      {...props}
      href={router.history.createHref(href)}
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        void router.navigate({ href });
      }}
    >
      {children}
    </Anchor>
  );
}

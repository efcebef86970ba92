import { Anchor, Box, Breadcrumbs, Text } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { breadcrumbFromPath } from '../breadcrumb.ts';

/** Spec section 2: the breadcrumb built from the path. The last item is the current page. */
export function PathBreadcrumb({ pathname }: { pathname: string }) {
  const { i18n, t } = useLingui();
  const segments = breadcrumbFromPath(pathname);
  const last = segments.length - 1;
  return (
    <Box component="nav" aria-label={t`Breadcrumb`} mb="md" data-testid="breadcrumb">
      <Breadcrumbs separator={<IconChevronRight size={14} aria-hidden />} separatorMargin={6}>
        {segments.map((segment, index) => {
          const text = segment.title ? i18n._(segment.title) : segment.label;
          const key = `${index}:${segment.path}`;
          if (index === last)
            return (
              <Text key={key} size="sm" fw={600} aria-current="page">
                {text}
              </Text>
            );
          // No link to the page shown (a section whose default page this is, Home on the dashboard).
          if (!segment.linkable || segment.path === pathname)
            return (
              <Text key={key} size="sm" c="dimmed">
                {text}
              </Text>
            );
          return (
            <Anchor key={key} component={Link} to={segment.path} size="sm">
              {text}
            </Anchor>
          );
        })}
      </Breadcrumbs>
    </Box>
  );
}

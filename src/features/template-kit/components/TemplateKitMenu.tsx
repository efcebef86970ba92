import { Divider, ScrollArea, Text, Tooltip } from '@mantine/core';
import { IconApps, IconFiles, IconLayoutGrid, IconListTree } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useRouterState } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { MenuEntryContent, MenuGroup, menuLinkProps } from '#src/ui/menu-entry.tsx';
import { kitSettingsQuery } from '../api/kit-api.ts';
import { TEMPLATE_MENU, firstPage, type MenuNode } from '../menu-tree.ts';

const AREA_ICONS: Record<string, typeof IconApps> = {
  '/app/applications': IconApps,
  '/app/pages': IconFiles,
  '/app/ui': IconLayoutGrid,
  '/app/menu': IconListTree,
};

/**
 * The side menu's "template kit" group (issue 14): every template page, sections opening down to
 * three levels (Menu › Levels › Third level 1). Hidden when the shop's Admin hid it.
 */
export function TemplateKitMenu({
  compact,
  onNavigate,
  titleOf,
}: {
  compact: boolean;
  onNavigate: () => void;
  titleOf: (path: string) => string;
}) {
  const { t } = useLingui();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const settings = useQuery(kitSettingsQuery());
  if (settings.data?.hidden) return null;

  const node = (n: MenuNode, depth: number) => {
    const label = titleOf(n.path);
    if (!n.children) {
      return (
        <Link
          key={n.path}
          to={n.path}
          {...menuLinkProps({ active: pathname === n.path })}
          onClick={onNavigate}
        >
          <MenuEntryContent label={label} />
        </Link>
      );
    }
    const inside = pathname.startsWith(`${n.path}/`);
    const Icon = depth === 0 ? AREA_ICONS[n.path] : undefined;
    // A closed section's pages are not rendered until it opens (issue 27: with Mantine's NavLink ~70
    // links were rendered, hidden, in every new tab's start for nothing).
    return (
      <MenuGroup
        key={n.path}
        label={label}
        Icon={Icon}
        defaultOpened={inside}
        offset={depth === 0 ? 28 : 14}
        data-testid={`kit-menu-${n.path.split('/').slice(2).join('-')}`}
      >
        {n.children.map((child) => node(child, depth + 1))}
      </MenuGroup>
    );
  };

  return (
    // When the product menu above is long (an Admin's open groups on a short screen) this part
    // scrolls: its viewport takes the keyboard focus, so it scrolls without a mouse (axe).
    <ScrollArea
      style={{ flex: 1 }}
      mt="sm"
      data-testid="template-kit-menu"
      viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': t`Template kit` }}
    >
      <Divider mb="xs" />
      {compact ? (
        TEMPLATE_MENU.map((area) => {
          const Icon = AREA_ICONS[area.path] ?? IconApps;
          const label = titleOf(area.path);
          return (
            <Tooltip key={area.path} label={label} position="right" withArrow>
              <Link
                to={firstPage(area)}
                aria-label={label}
                {...menuLinkProps({ active: pathname.startsWith(`${area.path}/`), compact: true })}
                onClick={onNavigate}
              >
                <MenuEntryContent Icon={Icon} label={label} compact />
              </Link>
            </Tooltip>
          );
        })
      ) : (
        <>
          <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" mb={4}>
            <Trans>Template kit</Trans>
          </Text>
          {TEMPLATE_MENU.map((area) => node(area, 0))}
        </>
      )}
    </ScrollArea>
  );
}

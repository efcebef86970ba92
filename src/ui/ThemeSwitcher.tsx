import { useEffect, useId, useRef, useState } from 'react';
import {
  ActionIcon,
  Box,
  ColorSwatch,
  Group,
  Paper,
  Popover,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Tooltip,
  isLightColor,
  useMantineTheme,
} from '@mantine/core';
import { IconBorderCornerRounded, IconBorderCornerSquare, IconCheck, IconPalette } from '@tabler/icons-react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import {
  getThemeColor,
  getThemeRadius,
  getDirection,
  setDirection,
  type Direction,
  setThemeColor,
  setThemeRadius,
  type ThemeRadius,
} from '#src/lib/storage.ts';
import {
  PRIMARY_SHADE,
  THEME_COLOR_NAMES,
  THEME_COLORS,
  THEME_SCHEMES,
  parseThemeColor,
  themeColorKey,
  type ThemeColorName,
  type ThemeScheme,
} from './theme-colors.ts';

/** A new color is applied by reloading the page this long after it is chosen (spec sections 2 and 9). */
export const THEME_RELOAD_DELAY_MS = 500;

/** The colors' names as the user reads them; the stored keys (bluenavy...) stay as they are. */
const COLOR_LABELS: Record<ThemeColorName, MessageDescriptor> = {
  bluenavy: msg`Navy blue`,
  blueyale: msg`Yale blue`,
  blueolympic: msg`Olympic blue`,
  greenmoss: msg`Moss green`,
  greenlime: msg`Lime green`,
  purplemonster: msg`Monster purple`,
  orangecarrot: msg`Carrot orange`,
  redruby: msg`Ruby red`,
  yellowgranola: msg`Granola yellow`,
  greysteel: msg`Steel grey`,
};

/** The background each row of swatches sits on: Mantine's body color in that scheme. */
const SCHEME_BACKGROUND: Record<ThemeScheme, string> = {
  light: 'var(--mantine-color-white)',
  dark: 'var(--mantine-color-dark-7)',
};

const reloadPage = (): void => window.location.reload();

export interface ThemeSwitcherProps {
  /** Applies the saved choice; the page reload by default (tests pass a spy). */
  reload?: () => void;
  /** How long after a choice `reload` is called. @default THEME_RELOAD_DELAY_MS (500) */
  delayMs?: number;
}

/**
 * The color-switcher panel (spec section 2): 10 colors in light and dark, and rounded or flat
 * corners. A choice is saved at once (theme color as 'dark.redruby', radius as 'rounded' | 'flat')
 * and applied by reloading the page after 500 ms: the theme is read once per page load
 * (app/providers.tsx), and index.html paints the right background before the app starts. The spec
 * says this for the color; the radius does the same, so both choices behave alike. Choosing what is
 * already in effect does nothing.
 */
export function ThemeSwitcher({ reload = reloadPage, delayMs = THEME_RELOAD_DELAY_MS }: ThemeSwitcherProps) {
  const { t } = useLingui();
  const [choice, setChoice] = useState(() => parseThemeColor(getThemeColor()));
  const [radius, setRadius] = useState<ThemeRadius>(getThemeRadius);
  const [direction, setDirectionState] = useState<Direction>(getDirection);
  const [opened, setOpened] = useState(false);
  const [reloading, setReloading] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const directionId = useId();

  useEffect(() => () => clearTimeout(timer.current), []);

  const reloadSoon = (): void => {
    clearTimeout(timer.current);
    setReloading(true);
    timer.current = setTimeout(() => reload(), delayMs);
  };

  const chooseColor = (scheme: ThemeScheme, color: ThemeColorName): void => {
    if (scheme === choice.scheme && color === choice.color) return;
    setThemeColor(themeColorKey(scheme, color));
    setChoice({ scheme, color });
    reloadSoon();
  };

  const chooseRadius = (value: string): void => {
    const next: ThemeRadius = value === 'flat' ? 'flat' : 'rounded';
    if (next === radius) return;
    setThemeRadius(next);
    setRadius(next);
    reloadSoon();
  };

  const chooseDirection = (value: string): void => {
    const next: Direction = value === 'rtl' ? 'rtl' : 'ltr';
    if (next === direction) return;
    setDirection(next);
    setDirectionState(next);
    reloadSoon();
  };

  const schemeTitle: Record<ThemeScheme, string> = { light: t`Light`, dark: t`Dark` };

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" shadow="md" width={280} trapFocus>
      {/* Tooltip outside Popover.Target (inside, the target's props would land on the tooltip), and
          hidden while the panel is open, which it would otherwise overlap. */}
      <Tooltip label={t`Theme`} disabled={opened}>
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            size="lg"
            aria-label={t`Theme`}
            data-testid="theme-switcher"
            onClick={() => setOpened((open) => !open)}
          >
            <IconPalette size={20} />
          </ActionIcon>
        </Popover.Target>
      </Tooltip>
      <Popover.Dropdown>
        <Stack gap="sm">
          <Text fw={600}>{t`Theme`}</Text>
          {THEME_SCHEMES.map((scheme) => (
            <SchemeSwatches
              key={scheme}
              scheme={scheme}
              title={schemeTitle[scheme]}
              choice={choice}
              radius={radius}
              onChoose={(color) => chooseColor(scheme, color)}
            />
          ))}
          <CornersPicker radius={radius} onChange={chooseRadius} />
          <Box>
            <Text size="sm" c="dimmed" mb={4} id={directionId}>
              {t`Text direction`}
            </Text>
            <SegmentedControl
              fullWidth
              aria-labelledby={directionId}
              value={direction}
              onChange={chooseDirection}
              data={[
                { value: 'ltr', label: t`Left to right` },
                { value: 'rtl', label: t`Right to left` },
              ]}
            />
          </Box>
          {reloading && (
            <Text size="xs" c="dimmed" role="status">
              {t`Applying the theme…`}
            </Text>
          )}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

/** One scheme's ten colours as swatches on that scheme's background; the chosen one is checked. */
function SchemeSwatches({
  scheme,
  title,
  choice,
  radius,
  onChoose,
}: {
  scheme: ThemeScheme;
  title: string;
  choice: { scheme: ThemeScheme; color: ThemeColorName };
  radius: ThemeRadius;
  onChoose: (color: ThemeColorName) => void;
}) {
  const { i18n, t } = useLingui();
  const { luminanceThreshold } = useMantineTheme();
  return (
    <Box role="group" aria-label={title}>
      <Text size="sm" c="dimmed" mb={4}>
        {title}
      </Text>
      <Paper withBorder p={8} bg={SCHEME_BACKGROUND[scheme]}>
        <SimpleGrid cols={5} spacing={8} verticalSpacing={8}>
          {THEME_COLOR_NAMES.map((color) => {
            const name = i18n._(COLOR_LABELS[color]);
            const swatch = THEME_COLORS[color][PRIMARY_SHADE[scheme]];
            const selected = scheme === choice.scheme && color === choice.color;
            return (
              <Tooltip key={color} label={name} openDelay={300}>
                <ColorSwatch
                  component="button"
                  type="button"
                  color={swatch}
                  size={32}
                  radius={radius === 'flat' ? 0 : 'xl'}
                  style={{ cursor: 'pointer', justifySelf: 'center' }}
                  aria-label={scheme === 'light' ? t`${name} (light)` : t`${name} (dark)`}
                  aria-pressed={selected}
                  onClick={() => onChoose(color)}
                >
                  {selected && (
                    <IconCheck
                      size={18}
                      stroke={3}
                      color={isLightColor(swatch, luminanceThreshold) ? '#000' : '#fff'}
                    />
                  )}
                </ColorSwatch>
              </Tooltip>
            );
          })}
        </SimpleGrid>
      </Paper>
    </Box>
  );
}

/** Rounded or flat corners, each with its icon. */
function CornersPicker({ radius, onChange }: { radius: ThemeRadius; onChange: (value: string) => void }) {
  const { t } = useLingui();
  const cornersId = useId();
  return (
    <Box>
      <Text size="sm" c="dimmed" mb={4} id={cornersId}>
        {t`Corners`}
      </Text>
      <SegmentedControl
        fullWidth
        aria-labelledby={cornersId}
        value={radius}
        onChange={onChange}
        data={[
          {
            value: 'rounded',
            label: (
              <Group gap={6} justify="center" wrap="nowrap">
                <IconBorderCornerRounded size={16} />
                <span>{t`Rounded`}</span>
              </Group>
            ),
          },
          {
            value: 'flat',
            label: (
              <Group gap={6} justify="center" wrap="nowrap">
                <IconBorderCornerSquare size={16} />
                <span>{t`Flat`}</span>
              </Group>
            ),
          },
        ]}
      />
    </Box>
  );
}

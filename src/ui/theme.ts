import { createTheme, type MantineColorsTuple } from '@mantine/core';

// light.blueolympic, the product's default theme color (spec section 9). The full color switcher
// (10 colors, light and dark, rounded or flat) builds on this.
const blueolympic: MantineColorsTuple = [
  '#e0f6ff',
  '#cbe9ff',
  '#9ad1fe',
  '#64b8fb',
  '#38a2f9',
  '#1c94f8',
  '#008ecc',
  '#007bb6',
  '#006da4',
  '#005e91',
];

export const theme = createTheme({
  primaryColor: 'blueolympic',
  colors: { blueolympic },
  defaultRadius: 'md',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", "PingFang SC", "Microsoft YaHei", "WenQuanYi Micro Hei", sans-serif',
});

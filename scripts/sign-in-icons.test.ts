import { describe, expect, it } from 'vitest';
import { iconNamesIn, signInIcons } from './sign-in-icons.ts';

describe('iconNamesIn', () => {
  it('reads the names of every import from @tabler/icons-react, over lines, and nothing else', () => {
    const source = [
      "import {\n  IconEye,\n  IconEyeOff,\n} from '@tabler/icons-react';",
      'import { IconX, type IconProps } from "@tabler/icons-react";',
      "import { IconBug } from './local-icons.ts';",
    ].join('\n');
    expect(iconNamesIn(source)).toEqual(['IconEye', 'IconEyeOff', 'IconX', 'IconProps']);
  });
});

describe('signInIcons', () => {
  it("finds the sign-in route's icons, lazily loaded parts included, and not the shell's", () => {
    const icons = signInIcons();
    expect(icons.has('IconBrandWechat')).toBe(true); // the WeChat sign-in
    expect(icons.has('IconWifiOff')).toBe(true); // the root's notice of a page that could not load
    expect(icons.has('IconMenu2')).toBe(false); // the shell's menu button
  });
});

import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { signInIcons } from './sign-in-icons.ts';

describe('signInIcons', () => {
  it('lists the icons the sign-in code imports, not those of other features or tests', () => {
    const root = mkdtempSync(join(tmpdir(), 'sign-in-icons-'));
    const write = (file: string, text: string) => {
      mkdirSync(join(root, file, '..'), { recursive: true });
      writeFileSync(join(root, file), text);
    };
    write(
      'src/features/auth/components/Form.tsx',
      "import {\n  IconEye,\n  IconEyeOff,\n} from '@tabler/icons-react';\n",
    );
    write(
      'src/ui/lite/Dialog.tsx',
      "import { IconX } from '@tabler/icons-react';\nimport { x } from './x.ts';\n",
    );
    write('src/features/auth/components/Form.test.tsx', "import { IconBug } from '@tabler/icons-react';\n");
    write('src/features/shell/Menu.tsx', "import { IconMenu2 } from '@tabler/icons-react';\n");
    expect([...signInIcons(root)].sort()).toEqual(['IconEye', 'IconEyeOff', 'IconX']);
  });

  it('finds the icons of the real sign-in page', () => {
    expect(signInIcons().has('IconBrandWechat')).toBe(true);
  });
});

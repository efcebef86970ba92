// `npm run create-admin -- --username <name> --shop "<shop name>" [--name <real name>] [--phone <phone>]`:
// the one-time step that makes a production server's first shop and its Admin (decision 0041). The
// password is typed at the prompt (twice, no echo) or piped on stdin; on the command line it is
// refused. Migrates the database first, so it works before or after the server's first start.
import { parseArgs } from 'node:util';
import type { Kysely } from 'kysely';
import { databaseUrlOf } from '#server/config.ts';
import { connectDb } from '#server/db/connect.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import {
  CreateAdminRefused,
  createAdminInput,
  createShopAdmin,
} from '#server/modules/account/create-admin-service.ts';
import { promptHidden, readPasswordLine } from './lib/read-password.ts';

const USAGE =
  'usage: npm run create-admin -- --username <username> --shop "<shop name>" [--name "<real name>"] [--phone <mobile>]\n' +
  '  the password is asked for (twice, not shown), or read from stdin: printf "%s\\n" "$PASSWORD" | npm run create-admin -- …\n';

const fail = (code: number, text: string): never => {
  process.stderr.write(text.endsWith('\n') ? text : `${text}\n`);
  process.exit(code);
};

const argv = process.argv.slice(2);
if (argv.some((a) => /^--?p(assword)?(=|$)/.test(a)))
  fail(
    2,
    'create-admin takes no password on the command line (ps and the shell history would keep it):\n' +
      '  type it at the prompt, or pipe it on stdin.\n' +
      USAGE,
  );
let values: { username?: string; shop?: string; name?: string; phone?: string; help?: boolean };
try {
  ({ values } = parseArgs({
    args: argv,
    options: {
      username: { type: 'string' },
      shop: { type: 'string' },
      name: { type: 'string' },
      phone: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
    allowPositionals: false,
  }));
} catch (err) {
  fail(2, `${(err as Error).message}\n${USAGE}`);
}
if (values!.help) {
  process.stdout.write(USAGE);
  process.exit(0);
}
const { username, shop, name, phone } = values!;
if (!username || !shop) fail(2, `--username and --shop are required\n${USAGE}`);

// The fields other than the password are checked before the password is asked for.
const fields = createAdminInput.omit({ password: true }).safeParse({ username, shop, name, phone });
if (!fields.success) {
  const issue = fields.error.issues[0]!;
  fail(1, `--${String(issue.path[0])}: ${issue.message}`);
}

let password: string;
if (process.stdin.isTTY) {
  password = await promptHidden('Password for the new Admin (8-64 characters, a letter and a digit): ').catch(
    () => fail(1, 'cancelled: nothing was created'),
  );
  const again = await promptHidden('The same password again: ').catch(() =>
    fail(1, 'cancelled: nothing was created'),
  );
  if (again !== password) fail(1, 'the two passwords differ: nothing was created');
} else {
  password = await readPasswordLine(process.stdin);
}
const pwCheck = createAdminInput.shape.password.safeParse(password);
if (!pwCheck.success) fail(1, `password: ${pwCheck.error.issues[0]!.message} Nothing was created.`);

const handle = connectDb(databaseUrlOf(process.env));
try {
  await migrateToLatest(handle.db as unknown as Kysely<unknown>, handle.dialect);
  const made = await createShopAdmin(
    handle.db,
    { username: username!, password, shop: shop!, ...(name ? { name } : {}), ...(phone ? { phone } : {}) },
    Date.now(),
  );
  process.stdout.write(
    `Created the shop "${fields.data!.shop}" (account ${made.accountId}) and its Admin ${made.username}.\n` +
      'Sign in with that username and password on the server; add employees in account management.\n',
  );
} catch (err) {
  if (err instanceof CreateAdminRefused) fail(1, `--${err.field}: ${err.message}; nothing was created`);
  throw err;
} finally {
  await handle.db.destroy();
}

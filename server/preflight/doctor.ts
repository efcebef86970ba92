import { ConfigError } from '#server/config-error.ts';
import { loadConfig, type ServerConfig } from '#server/config.ts';
import { DESCRIBERS, PROVIDER_DESCRIBERS, formatReports, runPreflight } from './preflight.ts';

/**
 * Settings that only make sense outside production and that production refuses at start: left out
 * to show what the rest of the configuration gives in production.
 */
function withoutProductionRefusals(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = { ...env, NODE_ENV: 'production' };
  delete out.REPAIROPS_TEST_PUZZLE_X;
  const payment = out.PAYMENT_PROVIDER?.trim() || 'sandbox';
  if (payment === 'sandbox')
    for (const k of Object.keys(out)) if (/^(PAYMENT_|RECHARGE_)/.test(k)) delete out[k];
  const sms = out.SMS_PROVIDER?.trim() || 'sandbox';
  if (sms === 'sandbox') for (const k of Object.keys(out)) if (k.startsWith('SMS_')) delete out[k];
  return out;
}

function tryConfig(env: NodeJS.ProcessEnv): ServerConfig | ConfigError {
  try {
    return loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err;
    throw err;
  }
}

const indent = (lines: string[]) => lines.map((l) => `  ${l}`);

/**
 * `npm run doctor`: every outside connection of the configuration `env` gives, as configured /
 * sandbox / missing; outside production also what production would give and refuse with the same
 * settings. Exit code 1 when the server would not start (a refused setting, no database).
 */
export async function doctor(env: NodeJS.ProcessEnv): Promise<{ lines: string[]; exitCode: number }> {
  const production = env.NODE_ENV === 'production';
  const lines = [`RepairOps doctor, NODE_ENV=${env.NODE_ENV || '(unset)'}`, ''];
  let exitCode = 0;
  const config = tryConfig(env);
  if (config instanceof ConfigError) {
    lines.push(`The server refuses to start with this configuration: ${config.message}`);
    exitCode = 1;
  } else {
    const reports = await runPreflight(config, {}, DESCRIBERS);
    lines.push(...indent(formatReports(reports)));
    if (reports.some((r) => r.name === 'database' && r.state === 'missing')) exitCode = 1;
  }
  if (production) return { lines, exitCode };

  lines.push('', 'In production (NODE_ENV=production, the same settings):');
  const asIs = tryConfig({ ...env, NODE_ENV: 'production' });
  let prod = asIs;
  if (asIs instanceof ConfigError) {
    lines.push(`  refused at start: ${asIs.message}`);
    prod = tryConfig(withoutProductionRefusals(env));
    if (!(prod instanceof ConfigError)) lines.push('  without the refused settings:');
  }
  if (!(prod instanceof ConfigError))
    lines.push(...indent(formatReports(await runPreflight(prod, {}, PROVIDER_DESCRIBERS))));
  lines.push(
    '  (production refuses every sandbox: a missing connection answers "not configured" where it is needed, and nothing is billed)',
  );
  return { lines, exitCode };
}

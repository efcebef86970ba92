// `npm run doctor`: the preflight of the configuration in the environment (server/preflight/doctor.ts):
// checks, repair status, SMS, WeChat, payment, database, exports folder and tesseract, each configured /
// sandbox / missing, and what production would refuse. Prints no secret. Exit 1: the server would not start.
import { doctor } from '#server/preflight/doctor.ts';

const { lines, exitCode } = await doctor(process.env);
process.stdout.write(lines.join('\n') + '\n');
process.exit(exitCode);

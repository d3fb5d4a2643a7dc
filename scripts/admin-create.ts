/**
 * Creates an admin account, using the same DATABASE_URL as the server.
 *
 *   npm run admin:create                                   asks for the e-mail, name and password
 *   npm run admin:create -- --email a@shop.in --name "Asha Rao" --password-stdin < secret.txt
 *   ADMIN_EMAIL=a@shop.in ADMIN_PASSWORD=… npm run admin:create        (containers, CI)
 *
 * Without a terminal nothing is asked: what is missing is said and the command exits with 2. The
 * password never goes on the command line (other users of the machine could read it from `ps`):
 * it comes from ADMIN_PASSWORD, from standard input with --password-stdin, or from the prompt.
 * An account that already has the e-mail is left as it is (exit 0), so the command can run at
 * every deploy.
 */
import { text } from 'node:stream/consumers';
import { parseArgs } from 'node:util';
import { input, password } from '@inquirer/prompts';
import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN } from '#shared/schemas/auth.ts';
import { createServices } from '#server/app.ts';
import { type Config, loadConfig } from '#server/config.ts';
import { openDatabase } from '#server/db/database.ts';
import { migrateToLatest } from '#server/db/migrate.ts';

const USAGE = `Usage: npm run admin:create [-- --email EMAIL --name NAME --password-stdin]
  or set ADMIN_EMAIL and ADMIN_PASSWORD (and ADMIN_NAME) in the environment.`;

function fail(message: string, code = 2): never {
  console.error(message);
  process.exit(code);
}

let args;
try {
  args = parseArgs({
    options: {
      email: { type: 'string' },
      name: { type: 'string' },
      'password-stdin': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  }).values;
} catch (error) {
  fail(`${(error as Error).message}\n${USAGE}`);
}
if (args.help) {
  console.log(USAGE);
  process.exit(0);
}

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  fail((error as Error).message, 1);
}

const validEmail = (value: string) => z.email().safeParse(value.trim()).success;
const validPassword = (value: string) => value.length >= PASSWORD_MIN && value.length <= PASSWORD_MAX;
const interactive = Boolean(process.stdin.isTTY && process.stdout.isTTY) && !args['password-stdin'];

// What the flags and the environment give; the rest is asked for on a terminal.
let email = args.email ?? config.admin?.email;
let name = args.name ?? config.admin?.name;
let secret = args['password-stdin'] ? (await text(process.stdin)).replace(/\r?\n$/, '') : config.admin?.password;

if (email !== undefined && !validEmail(email)) fail(`"${email}" is not a valid e-mail address.`);
if (secret !== undefined && !validPassword(secret)) fail(`The password must be ${PASSWORD_MIN} to ${PASSWORD_MAX} characters.`);
if (!interactive) {
  const missing = [
    email === undefined && 'an e-mail (--email or ADMIN_EMAIL)',
    secret === undefined && 'a password (--password-stdin or ADMIN_PASSWORD)',
  ].filter(Boolean);
  if (missing.length > 0) fail(`There is no terminal to ask on: give ${missing.join(' and ')}.\n${USAGE}`);
}

const database = openDatabase(config.databaseUrl);
try {
  await migrateToLatest(database.db);
  email ??= await input({ message: 'Admin e-mail:', validate: (value) => validEmail(value) || 'Please enter a valid e-mail address' });
  name ??= interactive
    ? await input({ message: 'Name:', default: 'Store Admin', validate: (value) => value.trim().length >= 2 || 'Please enter a name' })
    : 'Store Admin';
  if (secret === undefined) {
    const typed = await password({
      message: `Password (${PASSWORD_MIN}–${PASSWORD_MAX} characters):`,
      mask: false,
      validate: (value) => validPassword(value) || `Use ${PASSWORD_MIN} to ${PASSWORD_MAX} characters`,
    });
    await password({ message: 'Repeat the password:', mask: false, validate: (value) => value === typed || 'The passwords do not match' });
    secret = typed;
  }
  const { authService } = createServices({ database, config });
  const shown = email.trim().toLowerCase();
  const outcome = await authService.ensureAdmin({ email: shown, password: secret, name: name.trim() || 'Store Admin' });
  console.log(
    outcome === 'created'
      ? `Admin ${shown} created. Sign in at /admin/login.`
      : `An account with ${shown} already exists; nothing changed.`,
  );
} finally {
  await database.destroy();
}

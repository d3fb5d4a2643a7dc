/**
 * Creates an admin account: `npm run admin:create`. Asks for the e-mail, name and password
 * (the password is not echoed), using the same DATABASE_URL as the server.
 */
import { input, password } from '@inquirer/prompts';
import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN } from '#shared/schemas/auth.ts';
import { createServices } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { openDatabase } from '#server/db/database.ts';
import { migrateToLatest } from '#server/db/migrate.ts';

const config = loadConfig();
const database = openDatabase(config.databaseUrl);
try {
  await migrateToLatest(database.db);
  const email = await input({
    message: 'Admin e-mail:',
    validate: (value) => z.email().safeParse(value.trim()).success || 'Please enter a valid e-mail address',
  });
  const name = await input({ message: 'Name:', default: 'Store Admin', validate: (value) => value.trim().length >= 2 || 'Please enter a name' });
  const secret = await password({
    message: `Password (${PASSWORD_MIN}–${PASSWORD_MAX} characters):`,
    mask: false,
    validate: (value) => (value.length >= PASSWORD_MIN && value.length <= PASSWORD_MAX) || `Use ${PASSWORD_MIN} to ${PASSWORD_MAX} characters`,
  });
  await password({ message: 'Repeat the password:', mask: false, validate: (value) => value === secret || 'The passwords do not match' });
  const { authService } = createServices({ database, config });
  const outcome = await authService.ensureAdmin({ email, password: secret, name: name.trim() });
  console.log(outcome === 'created' ? `Admin ${email.trim().toLowerCase()} created. Sign in at /admin/login.` : `An account with ${email} already exists; nothing changed.`);
} finally {
  await database.destroy();
}

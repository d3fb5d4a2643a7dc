import { z } from 'zod/mini';

/**
 * zod/mini, for the schemas every shop page parses before it can show anything (catalogue, cart,
 * session, addresses, store): full zod cannot be tree-shaken, and keeping it off those pages saves
 * about 8 kB gzip (see npm run build). Full zod sets English messages when imported; mini does not, so this module does,
 * and the messages read the same on the server and in the browser. Other schemas may use full zod;
 * mini schemas have no methods such as .extend() or .omit(): spread their .shape or use mini's functions.
 */
z.config(z.locales.en());

export { z };

import { type BrowserContext, test as base } from '@playwright/test';

export { expect, type Page, request } from '@playwright/test';

interface Violation {
  directive: string;
  blocked: string;
  text: string;
}

/**
 * Every browser test runs under the store's real Content-Security-Policy (the built app served by
 * `npm run serve`) and fails if the browser refused anything because of it: an inline script or
 * style, an image or a call to another origin. The page reports each `securitypolicyviolation`
 * event, and Chromium's console message for one is caught too. This covers the test's own page
 * and any context it opens with `browser.newContext()`. A test that provokes a violation on
 * purpose reads them from the `cspViolations` fixture and empties it.
 */
let shoppers = Math.floor(Math.random() * 2 ** 20);
/** A new client address for a simulated shopper, 10.x.y.z. */
function nextShopperAddress(): string {
  shoppers = (shoppers + 1) % 2 ** 24;
  return `10.${(shoppers >> 16) & 255}.${(shoppers >> 8) & 255}.${shoppers & 255 || 1}`;
}

export const test = base.extend<{ cspViolations: string[] }>({
  cspViolations: [
    async ({ context, browser }, use, testInfo) => {
      const violations: string[] = [];
      const record = (violation: Violation) => violations.push(violation.text);
      const watch = async (watched: BrowserContext) => {
        // Each browser is its own shopper, from its own address (the server trusts the test as its
        // proxy): the per-address limits, such as sign-ups an hour, count each, not the whole suite.
        await watched.setExtraHTTPHeaders({ 'x-forwarded-for': nextShopperAddress() });
        await watched.exposeBinding('__reportCspViolation', (_source, violation: Violation) => record(violation));
        await watched.addInitScript(() => {
          document.addEventListener('securitypolicyviolation', (event) => {
            const where = event.sourceFile ? ` (${event.sourceFile}:${event.lineNumber})` : '';
            const blocked = event.blockedURI || 'inline';
            const report = (window as unknown as { __reportCspViolation: (violation: Violation) => void }).__reportCspViolation;
            report({
              directive: event.effectiveDirective,
              blocked,
              text: `${event.effectiveDirective} refused ${blocked} on ${document.location.pathname}${where}`,
            });
          });
        });
        watched.on('console', (message) => {
          const text = message.text();
          if (message.type() !== 'error' || !/Content Security Policy/i.test(text)) return;
          record({ directive: 'console', blocked: '', text: `console: ${text}` });
        });
      };
      await watch(context);
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (...args) => {
        const opened = await newContext(...args);
        await watch(opened);
        return opened;
      };
      await use(violations); // returns after the test, whether it passed or not
      browser.newContext = newContext;
      if (violations.length > 0) {
        await testInfo.attach('csp-violations', { body: violations.join('\n'), contentType: 'text/plain' });
        throw new Error(`The page broke its Content-Security-Policy:\n  ${violations.join('\n  ')}`);
      }
    },
    { auto: true },
  ],
});

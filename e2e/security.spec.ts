import { expect, test } from './fixtures.ts';

test('the store is served with its Content-Security-Policy, and the browser tests notice a violation', async ({ page, cspViolations }) => {
  const response = await page.goto('/');
  const csp = response?.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(response?.headers()['x-content-type-options']).toBe('nosniff');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // An inline script, as an injected one would be: refused, and reported to the test.
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'document.body.dataset.injected = "ran"';
    document.body.append(script);
  });
  await expect.poll(() => cspViolations.length).toBeGreaterThan(0);
  expect(cspViolations.join('\n')).toContain('script-src');
  expect(await page.evaluate(() => document.body.dataset.injected)).toBeUndefined();
  cspViolations.length = 0; // expected here; any other test fails on one
});

test('the API docs work under the policy', async ({ page }) => {
  await page.goto('/api/docs/');
  // swagger-ui's bundle is large: allow it time to start on a busy machine.
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Circuit Bazaar API', { timeout: 20_000 });
  // swagger-ui draws only the operations in view once there are many (141 now): the first tag's.
  await expect(page.getByRole('link', { name: '/api/health', exact: true }).first()).toBeVisible();
});

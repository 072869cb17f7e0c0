// Installable: the page links a web app manifest Chromium accepts (name, start URL, standalone
// display, colours, 192/512 and maskable icons); the account menu offers 'Install app' while the
// browser offers the install (beforeinstallprompt) and drops it once the app is installed.
import { describe, expect, test } from 'bun:test';
import { browserSuite } from './support/harness';
import { screenChecks } from './support/screens';

const suite = browserSuite();
const { checkScreen } = screenChecks('install');

describe('installable', () => {
  test('a manifest Chromium accepts, with its icons served', async () => {
    const { context, page } = await suite.open();
    await page.goto('/');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toMatch(/^\/manifest-[a-z0-9]+\.webmanifest$/);
    const res = await context.request.get(`${suite.server.url}${href}`);
    expect(res.headers()['content-type']).toBe('application/manifest+json');
    const manifest = await res.json();
    expect(manifest).toMatchObject({
      name: 'LockIn — focus on what matters today',
      short_name: 'LockIn',
      start_url: '/',
      display: 'standalone',
      theme_color: '#4f46e5',
      background_color: '#f8fafc',
    });
    for (const icon of manifest.icons as { src: string; sizes: string; purpose: string }[]) {
      const png = await context.request.get(`${suite.server.url}${icon.src}`);
      expect({ src: icon.src, status: png.status(), type: png.headers()['content-type'] }).toEqual({
        src: icon.src,
        status: 200,
        type: 'image/png',
      });
    }
    expect(manifest.icons.map((i: { sizes: string; purpose: string }) => `${i.sizes} ${i.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe('#4f46e5');

    // Chromium's own verdict ('in-incognito' is every automation profile's and says nothing of the app).
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    expect(installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito')).toEqual([]);
    const { url, errors } = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[] };
    expect(url).toContain('.webmanifest');
    expect(errors).toEqual([]);
  });

  test("'Install app' in the account menu while the browser offers it; gone once installed", async () => {
    const { page } = await suite.open({ account: { firstName: 'Ada' } });
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: /^Welcome( back)?, Ada!$/ }).waitFor();
    const menuButton = page.getByRole('button', { name: /Ada/ });
    await menuButton.click();
    expect(await page.getByRole('menuitem', { name: 'Install app' }).count()).toBe(0);
    await page.keyboard.press('Escape');

    // The browser's offer (the event is the browser's edge: its prompt is recorded, not shown).
    await page.evaluate(() => {
      const offer = new Event('beforeinstallprompt', { cancelable: true }) as Event & Record<string, unknown>;
      offer.prompt = async () => {
        (window as unknown as { prompted: number }).prompted = 1;
      };
      offer.userChoice = Promise.resolve({ outcome: 'accepted' });
      window.dispatchEvent(offer);
      (window as unknown as { defaultPrevented: boolean }).defaultPrevented = offer.defaultPrevented;
    });
    expect(await page.evaluate(() => (window as unknown as { defaultPrevented: boolean }).defaultPrevented)).toBe(true);
    await menuButton.click();
    const install = page.getByRole('menuitem', { name: 'Install app' });
    await install.waitFor();
    await checkScreen(page, 'menu-install');
    await install.click();
    expect(await page.evaluate(() => (window as unknown as { prompted?: number }).prompted)).toBe(1);
    // Used: the entry is gone, and it stays gone after the app is installed.
    await menuButton.click();
    expect(await page.getByRole('menuitem', { name: 'Install app' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await page.evaluate(() => window.dispatchEvent(new Event('appinstalled')));
    await menuButton.click();
    expect(await page.getByRole('menuitem', { name: 'Install app' }).count()).toBe(0);
  });
});

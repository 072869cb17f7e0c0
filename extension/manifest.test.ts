// The permissions the extension asks for are the fewest that work, in both browsers' manifests.
import { expect, test } from 'bun:test';
import { extensionManifest } from './manifest';

for (const target of ['chromium', 'firefox'] as const) {
  test(`${target}: no history, no page content, host access to LockIn's origin only`, () => {
    const manifest = extensionManifest(target, { appUrl: 'https://lockin.example.com:8443/app', version: '1.2.3' });
    expect(manifest.permissions).toEqual(['declarativeNetRequest', 'storage', 'alarms', 'scripting']);
    expect(manifest.host_permissions).toEqual(['https://lockin.example.com/*']);
    // Per-site access is only ever asked for, from a click, for the listed sites.
    expect(manifest.optional_host_permissions).toEqual(['*://*/*']);
    expect(manifest).not.toHaveProperty('content_scripts');
    const { description: _, ...asked } = manifest;
    expect(JSON.stringify(asked)).not.toMatch(/<all_urls>|"tabs"|history|webRequest|cookies|webNavigation/);
    expect(manifest.version).toBe('1.2.3');
  });
}

test('each browser gets the background it runs', () => {
  const options = { appUrl: 'http://localhost:3000', version: '0.1.0' };
  expect(extensionManifest('chromium', options).background).toEqual({ service_worker: 'background.js' });
  expect(extensionManifest('firefox', options).background).toEqual({ scripts: ['background.js'] });
  expect(extensionManifest('firefox', options)).toHaveProperty('browser_specific_settings.gecko.id');
});

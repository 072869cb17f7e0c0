// The extension's manifest, one source for both browsers: Chromium runs the background as a service
// worker, Firefox as an event page; the rest is the same. Permissions are the fewest that work:
// declarativeNetRequest (the browser blocks; the extension never sees a request), storage, alarms,
// scripting (the page bridge, registered for LockIn's origin only) and host access to LockIn's
// origin. Host access to a listed site is optional, asked for per site from a click.
import { originPattern } from './origins';

export type ExtensionTarget = 'chromium' | 'firefox';

export interface ManifestOptions {
  appUrl: string;
  version: string;
  /** Hosts granted at install (the test build's stand-in for the user's 'Allow' on listed sites). */
  grantedHosts?: string[];
}

const ICONS = { '192': 'icons/icon-192.png', '512': 'icons/icon-512.png' };

export function extensionManifest(target: ExtensionTarget, options: ManifestOptions): Record<string, unknown> {
  return {
    manifest_version: 3,
    name: 'LockIn site blocking',
    short_name: 'LockIn',
    version: options.version,
    description:
      'Blocks the sites on your LockIn list while a Lock-In session runs. It sees only your list and when sessions run: no history, no page content.',
    permissions: ['declarativeNetRequest', 'storage', 'alarms', 'scripting'],
    host_permissions: [originPattern(options.appUrl), ...(options.grantedHosts ?? [])],
    optional_host_permissions: ['*://*/*'],
    background: target === 'chromium' ? { service_worker: 'background.js' } : { scripts: ['background.js'] },
    action: { default_title: 'LockIn', default_popup: 'pages/options.html', default_icon: ICONS },
    options_ui: { page: 'pages/options.html', open_in_tab: true },
    icons: ICONS,
    // The locked page is where a redirect lands; its files load from it.
    web_accessible_resources: [
      {
        resources: ['pages/locked.html', 'pages/locked.js', 'pages/style.css', 'icons/icon-192.png'],
        matches: ['*://*/*'],
      },
    ],
    ...(target === 'firefox'
      ? {
          browser_specific_settings: {
            gecko: {
              id: 'site-blocking@lockin.app',
              // The first versions that know data_collection_permissions (it sends nothing to anyone).
              strict_min_version: '140.0',
              data_collection_permissions: { required: ['none'] },
            },
            gecko_android: { strict_min_version: '142.0' },
          },
        }
      : { minimum_chrome_version: '121' }),
  };
}

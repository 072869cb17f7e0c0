// Site blocking during a Lock-In session (issue #42): the user's list, kept on the server so every
// browser shares it, what a browser extension is told, and the words of both. One place for the
// limits, the presets and the rule that makes an entry a domain. Free of zod: the extension's
// bundles import it (the request schemas are in blocking-inputs.ts).

/** The free plan's list; Premium's is unlimited, bounded only so no request can hold too much. */
export const FREE_BLOCKED_SITES_LIMIT = 5;
export const BLOCKED_SITES_MAX = 500;
/** Sites one request may add (a preset is at most this many). */
export const BLOCKED_SITES_PER_REQUEST = 50;
export const EXTENSIONS_PER_USER = 10;
/** The extension's check (GET, Authorization: Bearer <its credential>). */
export const EXTENSION_STATE_PATH = '/api/extension/state';
/** How often an extension asks whether a session started on another device (seconds). */
export const EXTENSION_CHECK_SECONDS = 60;

export const BLOCK_MODES = ['block_listed', 'allow_only'] as const;
export type BlockMode = (typeof BLOCK_MODES)[number];

/** Lists to start from. A domain blocks its subdomains too (m.youtube.com with youtube.com). */
export const BLOCK_PRESETS = {
  social: ['facebook.com', 'instagram.com', 'x.com', 'twitter.com', 'tiktok.com', 'reddit.com', 'linkedin.com'],
  video: ['youtube.com', 'netflix.com', 'twitch.tv', 'primevideo.com', 'disneyplus.com'],
  news: ['news.google.com', 'cnn.com', 'bbc.com', 'nytimes.com', 'theguardian.com'],
  shopping: ['amazon.com', 'ebay.com', 'etsy.com', 'aliexpress.com', 'temu.com'],
} as const;
export type BlockPreset = keyof typeof BLOCK_PRESETS;

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * The domain an entry names, normalised: a URL or a bare host, any letter case, an IDN in Unicode
 * ('bücher.example' → 'xn--bcher-kva.example'), without 'www.' or a trailing dot. Null when it
 * is not a domain with at least two labels (an IP address, a single word, a path alone).
 */
export function normalizeSite(entry: string): string | null {
  const text = entry.trim();
  if (text === '' || text.length > 2048) return null;
  let host: string;
  try {
    host = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `http://${text}`).hostname;
  } catch {
    return null;
  }
  host = host
    .toLowerCase()
    .replace(/\.$/, '')
    .replace(/^www\./, '');
  if (host.length > 253 || /^[\d.]+$/.test(host) || host.startsWith('[')) return null;
  const labels = host.split('.');
  if (labels.length < 2 || !labels.every((label) => LABEL.test(label))) return null;
  return host;
}

export const BLOCKING_MESSAGES = {
  notADomain: (entry: string) => `“${entry.slice(0, 80)}” is not a site's domain (such as example.com)`,
  freeLimit: `The free plan blocks up to ${FREE_BLOCKED_SITES_LIMIT} sites. Upgrade to Premium for an unlimited list.`,
  maxReached: `A list holds at most ${BLOCKED_SITES_MAX} sites.`,
  allowOnlyPremium: "'Allow only these sites' is a Premium feature.",
  tooManyBrowsers: `At most ${EXTENSIONS_PER_USER} browsers can be connected; disconnect one you no longer use.`,
  browserNotFound: 'That browser is not connected to this account.',
  reconnect: 'This browser was disconnected from LockIn. Connect it again from Manage Account.',
} as const;

export interface ConnectedBrowser {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

export interface BlockingSettings {
  /** The mode the user chose (kept when Premium lapses). */
  mode: BlockMode;
  /** The whole list, A to Z. */
  sites: string[];
  /** Null on Premium (unlimited). */
  limit: number | null;
  /** What the extension enforces on the current plan (blockingOnPlan). */
  enforced: { mode: BlockMode; paused: string[] };
  browsers: ConnectedBrowser[];
}

/**
 * What the plan lets the extension enforce now. Premium: the whole list in the chosen mode. Free
 * (a trial or subscription that ended): the first FREE_BLOCKED_SITES_LIMIT sites added, blocked;
 * the rest of the list and 'allow only' are paused, never deleted, and come back with Premium.
 */
export function blockingOnPlan(
  sitesInAddedOrder: readonly string[],
  mode: BlockMode,
  premium: boolean,
): { mode: BlockMode; sites: string[]; paused: string[] } {
  if (premium) return { mode, sites: [...sitesInAddedOrder], paused: [] };
  return {
    mode: 'block_listed',
    sites: sitesInAddedOrder.slice(0, FREE_BLOCKED_SITES_LIMIT),
    paused: sitesInAddedOrder.slice(FREE_BLOCKED_SITES_LIMIT),
  };
}

/** What an extension is told at each check: whether to block now, what, and until when. */
export interface ExtensionState {
  serverNow: string;
  mode: BlockMode;
  sites: string[];
  session: { id: string; taskTitle: string; goalText: string | null; goalMinutes: number; endsAt: string } | null;
  /** Seconds until the extension should ask again. */
  checkAfterSeconds: number;
}

/** The builds the app serves (bun run build:extension), for self-hosters and for the card's links. */
export const EXTENSION_DOWNLOADS = {
  chromium: '/extension/lockin-chromium.zip',
  firefox: '/extension/lockin-firefox.zip',
} as const;

export { BLOCKED_SITES_ANCHOR, BLOCKED_SITES_PATH } from './routes';

/** The match pattern of a listed domain and its subdomains (what a host permission names). */
export const sitePattern = (domain: string) => `*://*.${domain}/*`;

export const BLOCKING_COPY = {
  title: 'Blocked Sites',
  description:
    'While a Lock-In session runs, the LockIn browser extension keeps these sites closed in every browser you connect. A site blocks its subdomains too.',
  addLabel: 'Add a site',
  addPlaceholder: 'example.com',
  add: 'Add',
  presetsLabel: 'Start from a list',
  presets: { social: 'Social', video: 'Video', news: 'News', shopping: 'Shopping' } satisfies Record<
    BlockPreset,
    string
  >,
  presetAdd: (label: string) => `Add ${label}`,
  remove: (site: string) => `Remove ${site}`,
  empty: 'No sites yet. Add one, or start from a list.',
  count: (n: number, limit: number | null) =>
    limit === null
      ? `${n} ${n === 1 ? 'site' : 'sites'}`
      : n > limit
        ? `${n} sites, ${limit} of them blocked on the free plan`
        : `${n} of ${limit} sites on the free plan`,
  modeLabel: 'During a session',
  modes: {
    block_listed: 'Block these sites',
    allow_only: 'Allow only these sites (Premium)',
  } satisfies Record<BlockMode, string>,
  allowOnlyNote: 'Every other site is blocked while a session runs; LockIn itself stays open.',
  paused: 'Paused',
  /** Said when the list or the mode is more than the free plan enforces (a Premium plan that ended). */
  pausedNote: (paused: number, allowOnly: boolean) =>
    [
      `Your plan is free now, so the extension blocks the first ${FREE_BLOCKED_SITES_LIMIT} sites you added.`,
      allowOnly ? "'Allow only these sites' is paused." : '',
      paused > 0 ? `${paused} more ${paused === 1 ? 'site is' : 'sites are'} paused.` : '',
      'Nothing was deleted: it all comes back with Premium.',
    ]
      .filter(Boolean)
      .join(' '),
  upgrade: 'Upgrade to Premium',
  browsersTitle: 'Connected browsers',
  noBrowsers: 'No browser is connected yet.',
  thisBrowser: 'This browser',
  lastUsed: (when: string) => `Last checked ${when}`,
  neverUsed: 'Not checked in yet',
  disconnect: 'Disconnect',
  disconnectLabel: (name: string) => `Disconnect ${name}`,
  connect: 'Connect this browser',
  connectWhy:
    'The LockIn extension brought you here: connect this browser and it blocks your sites whenever a session runs.',
  pagesMissing: (sites: readonly string[]) =>
    `${sites.length === 1 ? `${sites[0]} shows` : `${sites.length} sites (${sites.join(', ')}) show`} the browser's error page instead of LockIn's, and a tab already open there stays open until it is reloaded. To fix it, open the LockIn extension from the toolbar and choose Allow.`,
  connected: { title: 'Browser connected', description: 'The extension blocks your sites whenever a session runs.' },
  connectFailed: { title: 'Could not connect', description: 'Reload this page and try again.' },
  disconnected: {
    title: 'Browser disconnected',
    description: 'Its extension blocks nothing until you connect it again.',
  },
  failed: { title: 'Blocked Sites Error', description: 'Something went wrong. Please try again.' },
  loadFailed: 'Failed to load your blocked sites.',
  installTitle: 'Install the extension',
  installText:
    'It sees only the sites on your list and when your sessions run: no history, no page content. Download it, unzip it, then load the folder as an unpacked extension (Chrome, Edge, Brave: chrome://extensions, Developer mode, Load unpacked; Firefox: about:debugging, Load Temporary Add-on).',
  downloadChromium: 'Download for Chrome, Edge and Brave',
  downloadFirefox: 'Download for Firefox',
  // The Lock-In setup's line.
  setupBlocks: (n: number) =>
    `The LockIn extension blocks your ${n} ${n === 1 ? 'site' : 'sites'} during this session.`,
  setupAllowOnly: (n: number) =>
    `The LockIn extension allows only your ${n} ${n === 1 ? 'site' : 'sites'} during this session.`,
  setupNoSites: 'The LockIn extension is connected, but your list of sites to block is empty.',
  setupNotConnected: 'Block distracting sites during this session with the LockIn browser extension.',
  setupManage: 'Choose sites',
  setupInstall: 'Set it up',
} as const;

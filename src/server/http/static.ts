// Serves the built client from dist/public: hashed assets cached forever, brotli or gzip
// variants written at build time, and the page shell for every app route.
//
// A build can go live while this process runs (scripts/live-build.ts). The process keeps serving
// the version it started with: its shell and its service worker are read once, at start, and the
// new build keeps the old version's hashed files. A hashed file it does not know (a page of the
// new version, during a rolling restart) is looked for on disk; a file that is gone is a 404.
//
// Every answer names its length (Hono answers HEAD with GET's headers and no body, so HEAD tells the
// real size) and a validator: the shell and the service worker a weak ETag of their content, made
// once; a file its size and modification time, with Last-Modified. A revalidation that matches is
// a 304, so the no-cache shell and sw.js are not downloaded again while they have not changed.
import { existsSync, readdirSync, readFileSync, type Stats, statSync } from 'node:fs';
import { join, extname } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { Context } from 'hono';
import { SESSION_COOKIE } from '../../shared/constants';
import { isSignInPath, ROUTES } from '../../shared/routes';
import { ROOT } from '../paths';

export const PUBLIC_DIR = join(ROOT, 'dist/public');
/** Written by scripts/build.ts: the tasks screen's chunks, preloaded for a signed-in user at '/'. */
export const SIGNED_IN_PRELOADS_FILE = '.signed-in-preloads.json';
/** The sign-in form's chunks, preloaded by the shell of /login and /signup. */
export const SIGN_IN_PRELOADS_FILE = '.sign-in-preloads.json';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.woff2': 'font/woff2',
  '.zip': 'application/zip',
};

const HASHED = /-[a-z0-9]{8,}\.(js|css|svg|png|woff2)$/;

interface Asset {
  path: string;
  type: string;
  br: boolean;
  gz: boolean;
  immutable: boolean;
}

function assetAt(full: string, name: string): Asset {
  return {
    path: full,
    type: TYPES[extname(name)] ?? 'application/octet-stream',
    br: existsSync(`${full}.br`),
    gz: existsSync(`${full}.gz`),
    immutable: HASHED.test(name),
  };
}

/** The files a process keeps in memory from its start: its version's service worker. */
const HELD_IN_MEMORY = new Set(['/sw.js']);

function listAssets(dir: string, prefix = ''): Map<string, Asset> {
  const assets = new Map<string, Asset>();
  if (!existsSync(dir)) return assets;
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) {
      for (const [k, v] of listAssets(full, `${prefix}/${name}`)) assets.set(k, v);
      continue;
    }
    // Compressed siblings are served in place of their file; dotfiles (the build's stamp) never.
    if (name.endsWith('.br') || name.endsWith('.gz') || name.startsWith('.')) continue;
    assets.set(`${prefix}/${name}`, assetAt(full, name));
  }
  return assets;
}

export interface StaticSite {
  /** CSP sources ('sha256-…') for the shell's inline <style> elements, which the build writes. */
  styleHashes: readonly string[];
  /** Answers a built file, or null when the path is not one. */
  asset(c: Context): Response | null;
  /** The page shell with the given status. */
  page(c: Context, status: 200 | 404): Response;
}

const MISSING_BUILD = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>LockIn</title></head>
<body><main><h1>LockIn</h1><p>The client has not been built. Run <code>bun run build</code>.</p></main></body></html>`;

function statOrNull(path: string): Stats | null {
  try {
    return statSync(path);
  } catch {
    return null;
  }
}

const notFound = () =>
  new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });

/** Brotli, else gzip, when the client takes it and the variant exists. */
function chooseEncoding(c: Context, br: boolean, gz: boolean): 'br' | 'gzip' | null {
  const accept = c.req.header('accept-encoding') ?? '';
  if (br && /\bbr\b/.test(accept)) return 'br';
  if (gz && /\bgzip\b/.test(accept)) return 'gzip';
  return null;
}

function headersFor(asset: Asset, encoding: 'br' | 'gzip' | null): Record<string, string> {
  const headers: Record<string, string> = {
    'content-type': asset.type,
    'cache-control': asset.immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    vary: 'accept-encoding',
  };
  if (encoding) headers['content-encoding'] = encoding;
  return headers;
}

/** The CSP hash source of each <style> in `html`, so the policy allows exactly what the shell holds. */
export function inlineStyleHashes(html: string): string[] {
  return [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map(
    ([, css = '']) => `'sha256-${Bun.SHA256.hash(css, 'base64')}'`,
  );
}

/** Escapes a value for an HTML attribute in double quotes. */
const attribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

interface ShellBody {
  raw: Buffer;
  br: Buffer;
  gz: Buffer;
  /** A weak validator of the content: every encoding of it is the same page. */
  etag: string;
}

const etagOf = (raw: Buffer) => `W/"${Bun.hash(raw).toString(36)}"`;

/** True when the request's validators say it holds this version (If-None-Match wins over If-Modified-Since). */
function isFresh(c: Context, etag: string, modified?: Date): boolean {
  const tags = c.req.header('if-none-match');
  if (tags !== undefined) {
    if (tags.trim() === '*') return true;
    // Weak comparison (RFC 9110 §8.8.3.2): W/ prefixes are ignored on both sides.
    const bare = etag.replace(/^W\//, '');
    return tags.split(',').some((tag) => tag.trim().replace(/^W\//, '') === bare);
  }
  const since = c.req.header('if-modified-since');
  if (since === undefined || !modified) return false;
  const sinceMs = Date.parse(since);
  // HTTP dates have whole seconds.
  return !Number.isNaN(sinceMs) && Math.floor(modified.getTime() / 1000) * 1000 <= sinceMs;
}

/** 304 with the headers a 200 would have had, less the body's own. */
function notModified(headers: Record<string, string>): Response {
  const { 'content-type': _type, 'content-encoding': _encoding, 'content-length': _length, ...kept } = headers;
  return new Response(null, { status: 304, headers: kept });
}

/** The shell's `html` with `head` added at the end of its head, compressed once. */
function shellWith(html: string, head: string): ShellBody {
  return compressed(Buffer.from(html.replace('</head>', `${head}</head>`)));
}

const compressed = (raw: Buffer): ShellBody => ({
  raw,
  br: brotliCompressSync(raw),
  gz: gzipSync(raw),
  etag: etagOf(raw),
});

/** A file read once into memory, with the compressed siblings the build wrote (made here when it wrote none). */
function heldBody(asset: Asset): ShellBody {
  const raw = readFileSync(asset.path);
  if (!asset.br || !asset.gz) return compressed(raw);
  return { raw, br: readFileSync(`${asset.path}.br`), gz: readFileSync(`${asset.path}.gz`), etag: etagOf(raw) };
}

/**
 * `<meta name="…" content="…">` for each entry: facts the first render needs that never change
 * while the process runs (a script in the page would break the CSP).
 */
const metaTags = (meta: Record<string, string>) =>
  Object.entries(meta)
    .map(([name, content]) => `<meta name="${attribute(name)}" content="${attribute(content)}" />`)
    .join('');

/** The build's list of a screen's chunks (none when the build wrote none). */
function preloadList(dir: string, name: string): string[] {
  const file = join(dir, name);
  if (!existsSync(file)) return [];
  const list: unknown = JSON.parse(readFileSync(file, 'utf8'));
  return Array.isArray(list) ? list.filter((p): p is string => typeof p === 'string' && /^\/[\w.-]+\.js$/.test(p)) : [];
}

/**
 * Whether the request may come from a signed-in browser: it carries a session cookie (valid or
 * not; checking it would cost the page a database read, and a stale one costs only a preload).
 */
const carriesSession = (c: Context) => (c.req.header('cookie') ?? '').includes(`${SESSION_COOKIE}=`);

export function createStaticSite(dir = PUBLIC_DIR, options: { shellMeta?: Record<string, string> } = {}): StaticSite {
  const assets = listAssets(dir);
  const shell = assets.get('/index.html');
  // Read once at start: the variants below and the CSP's style hashes are all made from it.
  const shellHtml = shell ? readFileSync(shell.path, 'utf8') : '';
  const meta = options.shellMeta ? metaTags(options.shellMeta) : '';
  const shellBody = shell && meta ? shellWith(shellHtml, meta) : null;
  // The shell as built, held like its variants (a process serves its own version's shell), with the
  // build's compressed copies: brotli at its best quality takes tens of milliseconds of start-up.
  const plainShell = shell ? heldBody(shell) : compressed(Buffer.from(shellHtml));
  /** The shell with `preloads` downloading beside its own script (null when there are none). */
  const shellPreloading = (preloads: string[]) =>
    shell && preloads.length > 0
      ? shellWith(
          shellHtml,
          meta + preloads.map((p) => `<link rel="modulepreload" crossorigin href="${p}" />`).join(''),
        )
      : null;
  // A signed-in user's '/' is the tasks screen; /login and /signup are the sign-in form.
  const signedInBody = shellPreloading(preloadList(dir, SIGNED_IN_PRELOADS_FILE));
  const signInBody = shellPreloading(preloadList(dir, SIGN_IN_PRELOADS_FILE));

  function sendShell(c: Context, page: Asset, body: ShellBody, status: number, vary: string): Response {
    const encoding = chooseEncoding(c, true, true);
    const bytes = encoding === 'br' ? body.br : encoding === 'gzip' ? body.gz : body.raw;
    const headers = { ...headersFor(page, encoding), vary, etag: body.etag, 'content-length': String(bytes.length) };
    if (status === 200 && isFresh(c, body.etag)) return notModified(headers);
    return new Response(c.req.method === 'HEAD' ? null : new Uint8Array(bytes), { status, headers });
  }

  // Read once at start, as the shell is, and sent the same way.
  const held = new Map<string, { asset: Asset; body: ShellBody }>();
  for (const path of HELD_IN_MEMORY) {
    const asset = assets.get(path);
    if (asset) held.set(path, { asset, body: heldBody(asset) });
  }

  /** `asset` from the disk; null when it is gone (a build older than its keep time). */
  function send(c: Context, asset: Asset): Response | null {
    const encoding = chooseEncoding(c, asset.br, asset.gz);
    const file = encoding === 'br' ? `${asset.path}.br` : encoding === 'gzip' ? `${asset.path}.gz` : asset.path;
    const stats = statOrNull(file);
    if (!stats) return null;
    const modified = statOrNull(asset.path)?.mtime ?? stats.mtime;
    const etag = `W/"${stats.size.toString(36)}-${Math.floor(modified.getTime()).toString(36)}"`;
    const headers = {
      ...headersFor(asset, encoding),
      etag,
      'last-modified': modified.toUTCString(),
      'content-length': String(stats.size),
    };
    if (isFresh(c, etag, modified)) return notModified(headers);
    return new Response(c.req.method === 'HEAD' ? null : Bun.file(file), { headers });
  }

  /** A file this process has not listed: a hashed one of a build that went live since it started. */
  function findLater(path: string): Asset | undefined {
    const name = path.slice(1);
    if (!HASHED.test(name) || name.includes('/')) return undefined;
    const full = join(dir, name);
    if (!existsSync(full)) return undefined;
    const asset = assetAt(full, name);
    assets.set(path, asset);
    return asset;
  }

  return {
    styleHashes: inlineStyleHashes(shellHtml),
    asset(c) {
      if (c.req.path === '/index.html') return null;
      const kept = held.get(c.req.path);
      if (kept) return sendShell(c, kept.asset, kept.body, 200, 'accept-encoding');
      const asset = assets.get(c.req.path) ?? findLater(c.req.path);
      if (!asset) return HASHED.test(c.req.path) ? notFound() : null;
      const sent = send(c, asset);
      if (sent) return sent;
      // Gone from the disk (a build older than its keep time): a plain 404, never a 500.
      assets.delete(c.req.path);
      return notFound();
    },
    page(c, status) {
      if (!shell) return c.html(MISSING_BUILD, status);
      if (c.req.path === ROUTES.home && signedInBody) {
        const body = carriesSession(c) ? signedInBody : shellBody;
        return sendShell(c, shell, body ?? plainShell, status, 'accept-encoding, cookie');
      }
      if (signInBody && status === 200 && isSignInPath(c.req.path))
        return sendShell(c, shell, signInBody, status, 'accept-encoding');
      return sendShell(c, shell, shellBody ?? plainShell, status, 'accept-encoding');
    },
  };
}

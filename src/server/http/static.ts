// Serves the built client from dist/public: hashed assets cached forever, brotli or gzip
// variants written at build time, and the page shell for every app route.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Context } from 'hono';

export const PUBLIC_DIR = fileURLToPath(new URL('../../../dist/public', import.meta.url));

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
};

const HASHED = /-[a-z0-9]{8,}\.(js|css|svg|png|woff2)$/;

interface Asset {
  path: string;
  type: string;
  br: boolean;
  gz: boolean;
  immutable: boolean;
}

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
    assets.set(`${prefix}/${name}`, {
      path: full,
      type: TYPES[extname(name)] ?? 'application/octet-stream',
      br: existsSync(`${full}.br`),
      gz: existsSync(`${full}.gz`),
      immutable: HASHED.test(name),
    });
  }
  return assets;
}

export interface StaticSite {
  /** Answers a built file, or null when the path is not one. */
  asset(c: Context): Response | null;
  /** The page shell with the given status. */
  page(c: Context, status: 200 | 404): Response;
}

const MISSING_BUILD = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>LockIn</title></head>
<body><main><h1>LockIn</h1><p>The client has not been built. Run <code>bun run build</code>.</p></main></body></html>`;

export function createStaticSite(dir = PUBLIC_DIR): StaticSite {
  const assets = listAssets(dir);
  const shell = assets.get('/index.html');

  function send(c: Context, asset: Asset, status = 200): Response {
    const accept = c.req.header('accept-encoding') ?? '';
    const headers: Record<string, string> = {
      'content-type': asset.type,
      'cache-control': asset.immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      vary: 'accept-encoding',
    };
    let file = asset.path;
    if (asset.br && /\bbr\b/.test(accept)) {
      file += '.br';
      headers['content-encoding'] = 'br';
    } else if (asset.gz && /\bgzip\b/.test(accept)) {
      file += '.gz';
      headers['content-encoding'] = 'gzip';
    }
    return new Response(c.req.method === 'HEAD' ? null : Bun.file(file), { status, headers });
  }

  return {
    asset(c) {
      if (c.req.path === '/index.html') return null;
      const asset = assets.get(c.req.path);
      return asset ? send(c, asset) : null;
    },
    page(c, status) {
      if (!shell) return c.html(MISSING_BUILD, status);
      return send(c, shell, status);
    },
  };
}

// Builds the browser extension (issue #42) for Chromium and Firefox from extension/: the unpacked
// folders and the zip files a store (or a self-hoster) takes. `bun run build:extension` writes them
// to dist/extension; the client build puts the zips among the files the app serves.
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { zipSync } from 'fflate';
import { extensionManifest, type ExtensionTarget } from '../extension/manifest';
import { lockedPageHtml, optionsPageHtml } from '../extension/pages/html';

const ROOT = join(import.meta.dir, '..');
export const EXTENSION_TARGETS: ExtensionTarget[] = ['chromium', 'firefox'];

export interface ExtensionBuildOptions {
  outDir: string;
  appUrl: string;
  /** Also keep the unpacked folders (for loading into a browser and for web-ext lint). */
  unpacked?: boolean;
  grantedHosts?: string[];
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

async function buildTarget(target: ExtensionTarget, options: ExtensionBuildOptions): Promise<string> {
  const dir = join(options.outDir, target);
  rmSync(dir, { recursive: true, force: true });
  const result = await Bun.build({
    entrypoints: ['background.ts', 'content.ts', 'pages/locked.ts', 'pages/options.ts'].map((f) =>
      join(ROOT, 'extension', f),
    ),
    root: join(ROOT, 'extension'),
    outdir: dir,
    format: 'iife',
    minify: true,
    target: 'browser',
    define: { LOCKIN_APP_URL: JSON.stringify(new URL(options.appUrl).origin) },
  });
  if (!result.success) throw new AggregateError(result.logs, 'extension build failed');
  cpSync(join(ROOT, 'extension/pages/style.css'), join(dir, 'pages/style.css'));
  writeFileSync(join(dir, 'pages/locked.html'), lockedPageHtml());
  writeFileSync(join(dir, 'pages/options.html'), optionsPageHtml());
  mkdirSync(join(dir, 'icons'), { recursive: true });
  for (const icon of ['icon-192.png', 'icon-512.png'])
    cpSync(join(ROOT, 'public/icons', icon), join(dir, 'icons', icon));
  const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
  const manifest = extensionManifest(target, { appUrl: options.appUrl, version, grantedHosts: options.grantedHosts });
  writeFileSync(join(dir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  const zip = zipSync(
    Object.fromEntries(filesUnder(dir).map((path) => [relative(dir, path), new Uint8Array(readFileSync(path))])),
    { level: 9, mtime: new Date('2026-01-01T00:00:00Z') },
  );
  writeFileSync(join(options.outDir, `lockin-${target}.zip`), zip);
  if (!options.unpacked) rmSync(dir, { recursive: true, force: true });
  return dir;
}

/** Builds both variants; answers the unpacked folders by target. */
export async function buildExtension(options: ExtensionBuildOptions): Promise<Record<ExtensionTarget, string>> {
  mkdirSync(options.outDir, { recursive: true });
  const [chromium, firefox] = await Promise.all(EXTENSION_TARGETS.map((target) => buildTarget(target, options)));
  return { chromium: chromium as string, firefox: firefox as string };
}

/** The LockIn the build talks to by default: the server's own address. */
export const defaultAppUrl = () => process.env.APP_URL ?? `http://localhost:${process.env.PORT ?? 3000}`;

if (import.meta.main) {
  const outDir = join(ROOT, 'dist/extension');
  const dirs = await buildExtension({ outDir, appUrl: defaultAppUrl(), unpacked: true });
  for (const target of EXTENSION_TARGETS)
    console.log(
      `${target}: ${relative(ROOT, dirs[target])}/ and ${relative(ROOT, join(outDir, `lockin-${target}.zip`))}`,
    );
}

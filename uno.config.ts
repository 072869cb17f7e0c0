import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { defineConfig, presetWind3 } from 'unocss';

// Tailwind's preflight (border-box sizing, no stray margins, inherited fonts on controls): the
// shortcuts below assume it, and presetWind3 does not ship one.
const tailwindReset = readFileSync(createRequire(import.meta.url).resolve('@unocss/reset/tailwind.css'), 'utf8');

// Colours, type and the component shortcuts every screen is built from. Dark mode follows the
// system setting.
export default defineConfig({
  presets: [presetWind3({ dark: 'media' })],
  // Variants only as `focus:`, never `focus-`: with the dash form, the `focus-ring` shortcut was
  // also read as `focus:ring` and drew a 3px ring on every mouse click.
  separators: [':'],
  preflights: [
    { getCSS: () => tailwindReset },
    // A heading or region focused from script (a page change, a dialog's new step) is where reading
    // starts, not a control: no focus ring. While a toast shows, the page keeps room below the
    // last control so nothing focused ends up under it (WCAG 2.4.11).
    {
      getCSS: () =>
        '[tabindex="-1"]:focus{outline:none}html:has([data-toast="page"]){scroll-padding-bottom:8rem}body:has([data-toast="page"]){padding-bottom:8rem}',
    },
  ],
  // ui/Button.tsx builds `btn-${variant}` and `btn-${size}` at run time, which the extractor cannot see.
  safelist: ['primary', 'secondary', 'outline', 'ghost', 'destructive', 'sm', 'md', 'lg', 'icon'].map(
    (v) => `btn-${v}`,
  ),
  theme: {
    colors: {
      brand: {
        50: '#eef2ff',
        100: '#e0e7ff',
        200: '#c7d2fe',
        300: '#a5b4fc',
        400: '#818cf8',
        500: '#6366f1',
        600: '#4f46e5',
        700: '#4338ca',
        800: '#3730a3',
        900: '#312e81',
        // Dark-mode panels use bg-brand-950; without it the class made no CSS and they stayed light.
        950: '#1e1b4b',
      },
    },
    fontFamily: {
      sans: 'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
    },
  },
  shortcuts: {
    'focus-ring':
      'outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 dark:focus-visible:ring-offset-slate-900',
    btn: 'focus-ring inline-flex items-center justify-center gap-2 rounded-lg font-medium transition-colors cursor-pointer select-none disabled:opacity-60 disabled:cursor-not-allowed no-underline',
    'btn-md': 'h-10 px-4 text-sm',
    'btn-sm': 'h-8 px-3 text-sm',
    'btn-lg': 'h-12 px-6 text-base',
    'btn-icon': 'h-9 w-9 p-0',
    'btn-primary': 'bg-brand-600 text-white hover:bg-brand-700 disabled:hover:bg-brand-600',
    'btn-secondary':
      'bg-slate-100 text-slate-900 hover:bg-slate-200 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700',
    'btn-outline':
      'border border-slate-300 bg-white text-slate-900 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800',
    'btn-ghost': 'bg-transparent text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800',
    'btn-destructive': 'bg-red-600 text-white hover:bg-red-700',
    card: 'rounded-xl border border-slate-200 bg-white shadow-sm dark:border-slate-700 dark:bg-slate-900',
    input:
      'focus-ring block w-full rounded-lg border border-slate-300 bg-white px-3 h-10 text-sm text-slate-900 placeholder:text-slate-500 dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100 dark:placeholder:text-slate-400',
    label: 'block text-sm font-medium text-slate-800 dark:text-slate-200',
    muted: 'text-slate-600 dark:text-slate-300',
    badge: 'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium',
    // Always underlined: links inside a sentence must not rely on colour alone (axe link-in-text-block).
    link: 'text-brand-700 underline underline-offset-4 hover:decoration-2 dark:text-brand-300 focus-ring rounded',
  },
});

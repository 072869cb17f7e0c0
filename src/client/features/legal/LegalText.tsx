// Renders the legal pages' Markdown (legal-content.ts): paragraphs, '- ' bullets, '> ' a key point,
// **bold**, [links](target) (in-app paths through the router) and {{placeholders}} for values and
// routes. Only the kinds the content uses; the content is ours, never a user's.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import {
  APP_NAME,
  DAILY_TASK_LIMIT,
  FREE_BANK_LIMIT,
  LOCAL_HISTORY_LIMIT,
  MINIMUM_AGE,
  PREMIUM_PRICE_LABEL,
  SESSION_COOKIE,
  SESSION_IDLE_TIMEOUT_MS,
  SUPPORT_EMAIL,
  TRIAL_DAYS,
} from '../../../shared/constants';
import { ROUTES } from '../../../shared/routes';
import { STORED_ITEMS } from './legal-content';
import { Bullets, KeyPoint } from './LegalLayout';

/** The values the text names by {{NAME}}: one place for each rule, as everywhere else. */
const LEGAL_VALUES: Record<string, string | number> = {
  APP_NAME,
  DAILY_TASK_LIMIT,
  FREE_BANK_LIMIT,
  LOCAL_HISTORY_LIMIT,
  MINIMUM_AGE,
  PREMIUM_PRICE_LABEL,
  SESSION_COOKIE,
  SESSION_DAYS: Math.round(SESSION_IDLE_TIMEOUT_MS / 86_400_000),
  SUPPORT_EMAIL,
  TRIAL_DAYS,
};

/** {{NAME}} and {{route:name}} filled in; an unknown name is a mistake in the content and fails loudly. */
export function fill(text: string): string {
  return text.replace(/\{\{(route:)?(\w+)\}\}/g, (_, route: string | undefined, name: string) => {
    const value = route ? ROUTES[name as keyof typeof ROUTES] : LEGAL_VALUES[name];
    if (value === undefined) throw new Error(`legal text: no value for {{${route ?? ''}${name}}}`);
    return String(value);
  });
}

const inlineLink = 'link underline';
const INLINE = /\*\*(.+?)\*\*|\[(.+?)\]\((.+?)\)/g;

function inline(text: string): ReactNode[] {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(INLINE)) {
    const [whole, bold, label, target] = match;
    parts.push(text.slice(last, match.index));
    if (bold !== undefined) parts.push(<strong key={match.index}>{bold}</strong>);
    else if (target?.startsWith('/'))
      parts.push(
        <Link key={match.index} className={inlineLink} to={target}>
          {label}
        </Link>,
      );
    else
      parts.push(
        <a key={match.index} className={inlineLink} href={target}>
          {label}
        </a>,
      );
    last = (match.index ?? 0) + whole.length;
  }
  parts.push(text.slice(last));
  return parts;
}

function StoredItems() {
  return (
    <ul className="list-none space-y-3 p-0">
      {STORED_ITEMS.map((item) => (
        <li key={item.name} className="card p-4 sm:p-5">
          <p className="break-words font-mono text-sm font-semibold text-slate-900 dark:text-white">
            {fill(item.name)}
          </p>
          <p className="mt-1 text-xs font-medium uppercase tracking-wide text-brand-700 dark:text-brand-300">
            {item.kind}
          </p>
          <dl className="mt-3 grid gap-2 text-sm sm:grid-cols-[6rem_1fr]">
            <dt className="font-medium text-slate-900 dark:text-white">Purpose</dt>
            <dd className="m-0">{fill(item.purpose)}</dd>
            <dt className="font-medium text-slate-900 dark:text-white">Lifetime</dt>
            <dd className="m-0">{fill(item.lifetime)}</dd>
          </dl>
        </li>
      ))}
    </ul>
  );
}

function block(text: string, key: number): ReactNode {
  if (text === '{{stored-items}}') return <StoredItems key={key} />;
  if (text.startsWith('> ')) return <KeyPoint key={key}>{inline(text.slice(2))}</KeyPoint>;
  const lines = text.split('\n');
  if (lines.every((line) => line.startsWith('- ')))
    return <Bullets key={key} items={lines.map((line) => inline(line.slice(2)))} />;
  return <p key={key}>{inline(text)}</p>;
}

export function LegalText({ markdown }: { markdown: string }) {
  const blocks = fill(markdown)
    .trim()
    .split(/\n\s*\n/);
  return <>{blocks.map((text, index) => block(text.trim(), index))}</>;
}

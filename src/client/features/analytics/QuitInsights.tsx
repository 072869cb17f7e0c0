// 'Why sessions end early': the quit reasons by count, and the start hours and categories where
// quitting is most common, from the reasons the Lock-In quit dialog stores.
import { hourLabel, INSIGHTS_COPY, type QuitInsights } from '../../../shared/insights';
import { ANALYTICS_COPY } from './copy';
import { Section } from './Section';

export function QuitInsightsCard({ quit }: { quit: QuitInsights }) {
  const top = Math.max(1, ...quit.reasons.map((r) => r.count));
  return (
    <Section title={ANALYTICS_COPY.quitTitle} testId="quit-insights">
      {quit.total === 0 ? (
        <p className="py-4 text-center text-sm muted">{INSIGHTS_COPY.quitEmpty}</p>
      ) : (
        <div className="space-y-3 text-sm">
          <p className="muted">
            {quit.total} {quit.total === 1 ? 'session' : 'sessions'} ended early.
          </p>
          <ul className="space-y-1.5" aria-label="Reasons">
            {quit.reasons.map((r) => (
              <li key={r.reason}>
                <div className="flex justify-between gap-2">
                  <span className="text-slate-900 dark:text-white">{r.reason}</span>
                  <span className="muted">{r.count}</span>
                </div>
                <div aria-hidden="true" className="mt-0.5 h-1.5 rounded-full bg-slate-100 dark:bg-slate-800">
                  <div className="h-1.5 rounded-full bg-red-400" style={{ width: `${(r.count / top) * 100}%` }} />
                </div>
              </li>
            ))}
          </ul>
          {quit.hours.length > 0 && (
            <p>
              <span className="muted">Most often around </span>
              <strong className="text-slate-900 dark:text-white">
                {quit.hours.map((h) => `${hourLabel(h.hour)} (${h.count})`).join(', ')}
              </strong>
            </p>
          )}
          {quit.categories.length > 0 && (
            <p>
              <span className="muted">Most often in </span>
              <strong className="text-slate-900 dark:text-white">
                {quit.categories.map((c) => `${c.category} (${c.count}, ${c.rate}% of its sessions)`).join(', ')}
              </strong>
            </p>
          )}
        </div>
      )}
    </Section>
  );
}

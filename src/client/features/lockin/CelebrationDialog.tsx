// Session Complete: the focus time as hours and minutes, one of seven motivational messages,
// confetti (100 particles, then 50 after 200 ms) unless the user prefers reduced motion, and
// 'Start Another Session' / 'View Stats' / 'Close'.
import confetti from 'canvas-confetti';
import { useEffect, useRef } from 'react';
import { formatFocusTime, LOCKIN_COPY } from '../../../shared/lockin';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { FlameIcon } from './icons';
import type { Celebration } from './session-machine';

export const CONFETTI_BURSTS = [
  { delayMs: 0, particleCount: 100 },
  { delayMs: 200, particleCount: 50 },
] as const;

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

export function CelebrationDialog({
  celebration,
  onClose,
  onStartAnother,
  onViewStats,
}: {
  celebration: Celebration | null;
  onClose: () => void;
  onStartAnother: () => void;
  onViewStats: () => void;
}) {
  const open = celebration !== null;
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const reduced = open && prefersReducedMotion();

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!open || reduced || !canvas) return;
    // The dialog sits in the browser's top layer, above any page-level canvas, so the confetti
    // gets its own full-screen canvas inside the dialog.
    const fire = confetti.create(canvas, { resize: true, disableForReducedMotion: true });
    const timers = CONFETTI_BURSTS.map(({ delayMs, particleCount }) =>
      setTimeout(() => {
        void fire({ particleCount, spread: 80, startVelocity: 45, origin: { y: 0.6 } });
        canvas.dataset.bursts = String(Number(canvas.dataset.bursts ?? 0) + 1);
        canvas.dataset.particles = String(Number(canvas.dataset.particles ?? 0) + particleCount);
      }, delayMs),
    );
    return () => {
      timers.forEach(clearTimeout);
      fire.reset();
    };
  }, [open, reduced]);

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={LOCKIN_COPY.completeTitle}
      size="md"
      // Its footer's 'Close' is the one: two buttons of one name told a screen reader nothing.
      closeButton={false}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            {LOCKIN_COPY.close}
          </Button>
          <Button variant="outline" onClick={onViewStats}>
            {LOCKIN_COPY.viewStats}
          </Button>
          <Button onClick={onStartAnother}>{LOCKIN_COPY.startAnother}</Button>
        </>
      }
    >
      {open && !reduced && (
        // biome-ignore lint/a11y/noAriaHiddenOnFocusable: a canvas without tabindex never takes focus (Biome counts every canvas as interactive); the confetti is decoration
        <canvas
          ref={canvasRef}
          aria-hidden="true"
          data-testid="confetti"
          className="pointer-events-none fixed inset-0 z-10 h-full w-full"
        />
      )}
      {celebration && (
        <div className="text-center">
          <p className="text-sm muted">You focused for</p>
          <p
            className="mt-1 text-5xl font-extrabold tracking-tight text-brand-700 dark:text-brand-300"
            data-testid="focus-time"
          >
            {formatFocusTime(celebration.minutes)}
          </p>
          <p className="mx-auto mt-4 max-w-sm text-balance text-slate-800 dark:text-slate-200" data-testid="motivation">
            {celebration.message}
          </p>
          {celebration.streak > 0 && (
            <p className="mt-4 inline-flex items-center gap-2 rounded-full bg-orange-100 px-3 py-1 text-sm font-medium text-orange-900 dark:bg-orange-900 dark:text-orange-100">
              <FlameIcon />
              {LOCKIN_COPY.streakBadge(celebration.streak)}
            </p>
          )}
        </div>
      )}
    </Dialog>
  );
}

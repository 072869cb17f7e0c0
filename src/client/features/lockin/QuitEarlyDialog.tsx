// Quit Early: 'Keep Going' or 'End Early'. 'End Early' stays disabled for a visible 5-second
// countdown so quitting is a deliberate step. An optional one-tap reason rides along (for the
// Insights dashboard); skipping it is just clicking 'End Early'.
import { useEffect, useState } from 'react';
import { QUIT_CONFIRM_DELAY_SECONDS } from '../../../shared/constants';
import { LOCKIN_COPY, QUIT_REASONS, type QuitReason } from '../../../shared/lockin';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { formatCountdown } from './timer';

export function QuitEarlyDialog({
  open,
  remaining,
  onKeepGoing,
  onEndEarly,
  ending,
}: {
  open: boolean;
  remaining: number;
  onKeepGoing: () => void;
  onEndEarly: (reason: QuitReason | null) => void;
  ending: boolean;
}) {
  const [reason, setReason] = useState<QuitReason | null>(null);
  const [openedAt, setOpenedAt] = useState(0);
  const [now, setNow] = useState(0);

  useEffect(() => {
    if (!open) return;
    setReason(null);
    const start = Date.now();
    setOpenedAt(start);
    setNow(start);
    // The lock follows the wall clock too; the interval only re-renders.
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => {
      clearInterval(timer);
      // Reopened, the first render must show the full lock, not where the last opening stopped
      // (it showed 'End Early (4)' for a frame before this effect ran again).
      setOpenedAt(0);
      setNow(0);
    };
  }, [open]);

  const lockLeft = Math.max(0, QUIT_CONFIRM_DELAY_SECONDS - Math.floor((now - openedAt) / 1000));
  const locked = lockLeft > 0;

  return (
    <Dialog
      open={open}
      onClose={onKeepGoing}
      alert
      size="sm"
      title={LOCKIN_COPY.quitTitle}
      description={`${formatCountdown(remaining)} left. Ending now records this session as ended early, and it will not count toward your streak.`}
      footer={
        <>
          <Button variant="outline" onClick={onKeepGoing} disabled={ending} autoFocus>
            {LOCKIN_COPY.keepGoing}
          </Button>
          <Button
            variant="destructive"
            disabled={locked}
            loading={ending}
            onClick={() => onEndEarly(reason)}
            data-testid="end-early"
          >
            {locked ? `${LOCKIN_COPY.endEarly} (${lockLeft})` : LOCKIN_COPY.endEarly}
          </Button>
        </>
      }
    >
      <p className="sr-only" aria-live="polite">
        {locked ? '' : `${LOCKIN_COPY.endEarly} is now available.`}
      </p>
      <fieldset>
        <legend className="label mb-2">
          What stopped you? <span className="font-normal muted">(optional)</span>
        </legend>
        <div className="flex flex-wrap gap-2">
          {QUIT_REASONS.map((r) => (
            <button
              key={r}
              type="button"
              aria-pressed={reason === r}
              onClick={() => setReason(reason === r ? null : r)}
              className={`btn btn-sm rounded-full border ${
                reason === r
                  ? 'border-brand-600 bg-brand-600 text-white hover:bg-brand-700'
                  : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800'
              }`}
            >
              {r}
            </button>
          ))}
        </div>
      </fieldset>
    </Dialog>
  );
}

// Today's Focus: up to five tasks picked from the bank, ticked off during the day. Carried-over
// tasks are highlighted more strongly the longer they wait.
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { DAILY_TASK_LIMIT } from '../../../shared/constants';
import type { BankList, DailyList, DailyTask } from '../../../shared/tasks';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { pickerRemaining, TASKS_COPY } from './copy';
import { ClockIcon, PlusIcon, TimerIcon, XIcon } from './icons';
import { daysCarriedOver } from '../../../shared/local-date';
import { carryOverLabel, ringLevel, sortDaily, type RingLevel } from './logic';
import { CategoryBadge, EmptyState, ListSkeleton, LoadError, PremiumUpsellCard } from './parts';
import type { PlanStatus } from '../../../shared/plans';
import { useFocusAfterRemoval } from './useFocusAfterRemoval';
import { LockInPanel } from '../lockin/LockInPanel';
import { useAddToDaily, useRemoveFromDaily, useToggleDaily } from './useDailyMutations';
import { isRunning } from '../../lib/mutation-running';

const RING_CLASSES: Record<RingLevel, string> = {
  0: 'border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900',
  1: 'border-red-300 bg-red-50 dark:border-red-800 dark:bg-red-950',
  2: 'border-red-400 bg-red-50 ring-2 ring-red-400 dark:border-red-700 dark:bg-red-950 dark:ring-red-700',
  3: 'border-red-500 bg-red-100 ring-4 ring-red-500 dark:border-red-600 dark:bg-red-950 dark:ring-red-600',
};

/** The 'n days ago' badge: soft at first, solid once the card itself turns red. */
const BADGE_CLASSES: Record<RingLevel, string> = {
  0: '',
  1: 'bg-red-100 text-red-800 dark:bg-red-900 dark:text-red-100',
  2: 'bg-red-600 text-white dark:bg-red-700',
  3: 'bg-red-700 text-white dark:bg-red-600',
};

interface DailyTabProps {
  daily: { data: DailyList | undefined; isPending: boolean; isError: boolean; refetch: () => unknown };
  /** The bank list query: the picker shows its loading and failure, never a false 'empty'. */
  bank: { data: BankList | undefined; isError: boolean; refetch: () => unknown };
  premium: boolean;
  plan: PlanStatus;
  now: Date;
  timeZone: string;
  /** Premium per-task Lock-In (the Lock-In feature plugs in here). */
  onLockIn?: (task: DailyTask) => void;
  /** The 'add task' shortcut asks for the picker (opened when the button would be enabled); onOpenHandled consumes the ask. */
  openPicker?: boolean;
  onOpenHandled?: () => void;
}

export function DailyTab({
  daily,
  bank,
  premium,
  plan,
  now,
  timeZone,
  onLockIn,
  openPicker = false,
  onOpenHandled,
}: DailyTabProps) {
  const [pickerOpen, setPickerOpen] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const tasks = useMemo(
    () => (daily.data ? sortDaily(daily.data.tasks, now, timeZone) : []),
    [daily.data, now, timeZone],
  );
  const count = tasks.length;
  const canAdd = Boolean(daily.data) && count < DAILY_TASK_LIMIT;
  const addButtonRef = useRef<HTMLButtonElement>(null);
  const known = Boolean(daily.data);
  const full = known && !canAdd;
  /** Whether the list was full at the last render that knew it (null until it is known). */
  const wasFull = useRef<boolean | null>(null);

  // The list just filled to 5/5 (the picker's add or the bank's): the Add Task button turns
  // disabled, and if it held focus (the picker hands focus back to it as it closes) focus would
  // fall to the page. The list's heading takes it instead, as after a removal.
  // A list that loads full (or a tab shown again) moves nothing: only the change to full does.
  useEffect(() => {
    if (!known) return;
    const before = wasFull.current;
    wasFull.current = full;
    if (before !== false || !full) return;
    const active = document.activeElement;
    if (!active || active === document.body || active === addButtonRef.current) headingRef.current?.focus();
  }, [known, full]);

  useEffect(() => {
    if (!openPicker || !daily.data) return; // wait for the list: the count decides
    if (canAdd) setPickerOpen(true);
    onOpenHandled?.();
  }, [openPicker, canAdd, daily.data, onOpenHandled]);

  return (
    <section aria-labelledby="todays-focus-title">
      <LockInPanel />
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2
          id="todays-focus-title"
          ref={headingRef}
          tabIndex={-1}
          className="text-xl font-semibold text-slate-900 outline-none dark:text-white"
        >
          {TASKS_COPY.todaysFocus}
        </h2>
        <Button ref={addButtonRef} onClick={() => setPickerOpen(true)} disabled={!canAdd}>
          <PlusIcon />
          Add Task ({count}/{DAILY_TASK_LIMIT})
        </Button>
      </div>

      {daily.isPending ? (
        <ListSkeleton />
      ) : daily.isError ? (
        <LoadError onRetry={() => daily.refetch()} />
      ) : count === 0 ? (
        <EmptyState title={TASKS_COPY.dailyEmpty[0]} hint={TASKS_COPY.dailyEmpty[1]} />
      ) : (
        <ul className="space-y-3" aria-label={TASKS_COPY.todaysFocus}>
          {tasks.map((task) => (
            <DailyTaskItem
              key={task.id}
              task={task}
              days={daysCarriedOver(task, now, timeZone)}
              premium={premium}
              onLockIn={onLockIn}
              onRemoved={() => headingRef.current?.focus()}
            />
          ))}
        </ul>
      )}

      {/* During a trial the card stays, offering the paid plan now (spec section 2). */}
      {(!premium || plan.trialActive) && <PremiumUpsellCard plan={plan} />}

      <AddToDailyDialog
        open={pickerOpen}
        onClose={() => setPickerOpen(false)}
        bank={bank}
        daily={daily.data?.tasks ?? []}
        timeZone={timeZone}
      />
    </section>
  );
}

function DailyTaskItem({
  task,
  days,
  premium,
  onLockIn,
  onRemoved,
}: {
  task: DailyTask;
  days: number;
  premium: boolean;
  onLockIn?: (task: DailyTask) => void;
  onRemoved: () => void;
}) {
  const { toggle, isPending: toggling } = useToggleDaily();
  const remove = useRemoveFromDaily();
  const armRefocus = useFocusAfterRemoval(onRemoved);
  const level = ringLevel(days);
  const checkboxId = `daily-${task.id}`;
  // The box shows the click at once: the optimistic cache update lands a tick later, and a
  // controlled checkbox would otherwise flip back in between.
  const [clicked, setClicked] = useState<boolean | null>(null);
  // Completing re-sorts the list, which moves this item in the DOM and drops focus: a keyboard
  // user who ticked the box keeps it focused.
  const checkboxRef = useRef<HTMLInputElement>(null);
  const keepFocus = useRef(false);
  // After every render while the toggle runs (the re-sort is one of them), not on named
  // dependencies: whichever render moved the item, the box gets its focus back.
  useLayoutEffect(() => {
    if (keepFocus.current && document.activeElement !== checkboxRef.current) checkboxRef.current?.focus();
  });
  return (
    <li
      data-testid="daily-task"
      data-carry-level={level}
      className={`flex items-start gap-3 rounded-xl border p-4 shadow-sm transition-colors ${
        task.completed ? 'border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-900' : RING_CLASSES[level]
      }`}
    >
      <input
        ref={checkboxRef}
        id={checkboxId}
        type="checkbox"
        checked={clicked ?? task.completed}
        // Not `disabled`: that would drop keyboard focus while the request runs.
        aria-disabled={toggling || undefined}
        // Focus the user moves elsewhere on purpose is theirs: stop holding it on the box.
        onBlur={(event) => {
          if (event.relatedTarget) keepFocus.current = false;
        }}
        onChange={(event) => {
          if (toggling) return;
          const completed = event.target.checked;
          keepFocus.current = document.activeElement === event.target;
          setClicked(completed);
          toggle(task.id, completed, () => {
            setClicked(null);
            keepFocus.current = false;
          });
        }}
        className="focus-ring mt-0.5 h-5 w-5 shrink-0 cursor-pointer rounded accent-brand-600"
      />
      <div className="min-w-0 flex-1">
        <label
          htmlFor={checkboxId}
          className={`block cursor-pointer break-words font-medium ${
            task.completed ? 'text-slate-500 line-through dark:text-slate-400' : 'text-slate-900 dark:text-white'
          }`}
        >
          {task.title}
        </label>
        {task.description && (
          <p className={`mt-1 break-words text-sm ${task.completed ? 'text-slate-500 dark:text-slate-400' : 'muted'}`}>
            {task.description}
          </p>
        )}
        <div className="mt-2 flex flex-wrap items-center gap-2">
          <CategoryBadge category={task.category} />
          {days > 0 && (
            <span className={`badge gap-1 ${BADGE_CLASSES[level]}`} data-testid="carry-over-badge">
              <ClockIcon />
              {carryOverLabel(days)}
            </span>
          )}
        </div>
      </div>
      <div className="flex shrink-0 items-center gap-1">
        {premium && onLockIn && !task.completed && (
          <Button size="sm" variant="outline" onClick={() => onLockIn(task)} aria-label={`Lock In on ${task.title}`}>
            <TimerIcon />
            <span className="hidden sm:inline">Lock In</span>
          </Button>
        )}
        <Button
          variant="ghost"
          size="icon"
          aria-label={`Remove ${task.title} from today`}
          title="Remove from today"
          disabled={isRunning(remove)}
          onClick={() => {
            armRefocus();
            remove.mutate({ id: task.id });
          }}
        >
          <XIcon />
        </Button>
      </div>
    </li>
  );
}

function AddToDailyDialog({
  open,
  onClose,
  bank,
  daily,
  timeZone,
}: {
  open: boolean;
  onClose: () => void;
  bank: DailyTabProps['bank'];
  daily: DailyTask[];
  timeZone: string;
}) {
  const [selected, setSelected] = useState<string[]>([]);
  const { add, isPending } = useAddToDaily(timeZone);
  const onList = new Set(daily.map((t) => t.id));
  const bankTasks = bank.data?.tasks ?? [];
  const available = bankTasks.filter((t) => !onList.has(t.id));
  const remaining = Math.max(0, DAILY_TASK_LIMIT - daily.length);
  const atLimit = selected.length >= remaining;

  const close = () => {
    setSelected([]);
    onClose();
  };
  const submit = () => {
    // In the order the user picked them.
    const picked = selected.flatMap((id) => available.filter((t) => t.id === id));
    if (add(picked)) close();
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      title={TASKS_COPY.pickerTitle}
      description={pickerRemaining(remaining)}
      footer={
        <>
          <Button variant="outline" onClick={close}>
            Cancel
          </Button>
          <Button onClick={submit} disabled={selected.length === 0 || isPending} loading={isPending}>
            Add Selected ({selected.length})
          </Button>
        </>
      }
    >
      {bank.isError ? (
        <LoadError onRetry={() => void bank.refetch()} />
      ) : !bank.data ? (
        <ListSkeleton rows={2} />
      ) : available.length === 0 ? (
        <p className="text-sm muted">
          {bankTasks.length === 0 ? TASKS_COPY.pickerBankEmpty : TASKS_COPY.pickerAllAdded}
        </p>
      ) : (
        // min-w-0: a fieldset is at least as wide as its longest unbreakable word by default, so
        // one long file name made every row 2,000 px wide and cut the titles off.
        <fieldset className="min-w-0">
          <legend className="sr-only">Tasks in your Task Bank</legend>
          <ul className="space-y-2">
            {available.map((task) => {
              const checked = selected.includes(task.id);
              const disabled = !checked && atLimit;
              return (
                <li key={task.id}>
                  <label
                    className={`flex items-start gap-3 rounded-lg border p-3 ${
                      checked
                        ? 'border-brand-400 bg-brand-50 dark:border-brand-600 dark:bg-brand-900'
                        : 'border-slate-200 dark:border-slate-700'
                    } ${disabled ? 'cursor-not-allowed opacity-60' : 'cursor-pointer hover:bg-slate-50 dark:hover:bg-slate-800'}`}
                  >
                    <input
                      type="checkbox"
                      checked={checked}
                      disabled={disabled}
                      onChange={(event) =>
                        setSelected((current) =>
                          event.target.checked ? [...current, task.id] : current.filter((id) => id !== task.id),
                        )
                      }
                      className="focus-ring mt-0.5 h-4 w-4 shrink-0 accent-brand-600"
                    />
                    <span className="min-w-0 flex-1">
                      <span className="block break-words font-medium">{task.title}</span>
                      {task.description && (
                        <span className="mt-0.5 block break-words text-sm muted">{task.description}</span>
                      )}
                      <span className="mt-1.5 block">
                        <CategoryBadge category={task.category} />
                      </span>
                    </span>
                  </label>
                </li>
              );
            })}
          </ul>
        </fieldset>
      )}
    </Dialog>
  );
}

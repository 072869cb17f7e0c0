// The Task Bank tab: the count, the category filter, the add form (AddTaskForm) and the list of
// tasks (BankTaskItem, each with add-to-today, inline edit and delete).
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { BankList } from '../../../shared/tasks';
import { Button } from '../../ui/Button';
import { Tooltip } from '../../ui/Tooltip';
import { ADD_FORM_ID, AddTaskForm } from './AddTaskForm';
import { BankTaskItem } from './BankTaskItem';
import { filteredEmpty, TASKS_COPY } from './copy';
import { SparklesIcon } from './icons';
import { bankCountLabel, categoryCounts, filterBank } from './logic';
import { EmptyState, ListSkeleton, LoadError } from './parts';
import { useSuggestionWords } from '../ai/useSuggestionWords';

interface BankTabProps {
  bank: { data: BankList | undefined; isPending: boolean; isError: boolean; refetch: () => unknown };
  premium: boolean;
  timeZone: string;
  /** Premium AI suggestions (the insights feature plugs in here). */
  onOpenAiSuggestions?: () => void;
  /** The 'new task' shortcut asks for the add form (or its first field, when open); onOpenHandled consumes the ask. */
  openForm?: boolean;
  onOpenHandled?: () => void;
}

export function BankTab({
  bank,
  premium,
  timeZone,
  onOpenAiSuggestions,
  openForm = false,
  onOpenHandled,
}: BankTabProps) {
  const [filter, setFilter] = useState<string | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const suggestions = useSuggestionWords();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const addToggleRef = useRef<HTMLButtonElement>(null);
  const filterId = useId();

  useEffect(() => {
    if (!openForm) return;
    setFormOpen(true);
    // Already open: the form keeps its text, and focus goes back to its first field.
    document.querySelector<HTMLInputElement>(`#${ADD_FORM_ID} input`)?.focus();
    onOpenHandled?.();
  }, [openForm, onOpenHandled]);

  const data = bank.data;
  const tasks = data?.tasks ?? [];
  const total = data?.total ?? 0;
  const limit = data ? data.limit : premium ? null : undefined;
  const atLimit = limit !== null && limit !== undefined && total >= limit;
  const counts = useMemo(() => categoryCounts(tasks), [tasks]);
  const shown = useMemo(() => filterBank(tasks, filter), [tasks, filter]);
  // Keep the chosen filter in the list even when its last task is gone, so the empty text shows.
  const filterOptions =
    filter !== null && !counts.some((c) => c.category === filter)
      ? [...counts, { category: filter, count: 0 }]
      : counts;

  return (
    <section aria-labelledby="task-bank-title">
      <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2
            id="task-bank-title"
            ref={headingRef}
            tabIndex={-1}
            className="text-xl font-semibold text-slate-900 outline-none dark:text-white"
          >
            {TASKS_COPY.taskBank}
          </h2>
          {data && (
            <p className="mt-0.5 text-sm muted" data-testid="bank-count">
              {bankCountLabel(total, limit ?? null)}
            </p>
          )}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {premium ? (
            <Button variant="outline" onClick={onOpenAiSuggestions} disabled={!onOpenAiSuggestions}>
              <SparklesIcon />
              {suggestions.title}
            </Button>
          ) : (
            <Tooltip content={suggestions.upsell}>
              <button
                type="button"
                aria-disabled="true"
                className="btn btn-outline btn-md cursor-not-allowed opacity-60"
                onClick={(e) => e.preventDefault()}
              >
                <SparklesIcon />
                {suggestions.title}
              </button>
            </Tooltip>
          )}
          <Button
            ref={addToggleRef}
            variant={formOpen ? 'outline' : 'primary'}
            aria-expanded={formOpen}
            aria-controls={ADD_FORM_ID}
            onClick={() => setFormOpen((open) => !open)}
          >
            {formOpen ? 'Cancel' : '+ Add Task'}
          </Button>
        </div>
      </div>

      {atLimit && (
        <p className="mb-4 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm font-medium text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50">
          {TASKS_COPY.upgradeForUnlimited}
        </p>
      )}

      {formOpen && (
        <AddTaskForm
          customCategories={data?.customCategories ?? []}
          atLimit={atLimit}
          onCategoryRemoved={(name) => {
            if (filter === name) setFilter(null);
          }}
          onClose={() => {
            setFormOpen(false);
            requestAnimationFrame(() => addToggleRef.current?.focus());
          }}
        />
      )}

      {data && tasks.length > 0 && (
        <div className="mb-4 flex flex-wrap items-center gap-2">
          <label htmlFor={filterId} className="label">
            Filter by category
          </label>
          <select
            id={filterId}
            className="input h-9 w-auto min-w-48 max-w-full pr-8"
            value={filter ?? ''}
            onChange={(event) => setFilter(event.target.value === '' ? null : event.target.value)}
          >
            <option value="">All Categories ({total})</option>
            {filterOptions.map(({ category, count }) => (
              <option key={category} value={category}>
                {category} ({count})
              </option>
            ))}
          </select>
        </div>
      )}

      {bank.isPending ? (
        <ListSkeleton />
      ) : bank.isError ? (
        <LoadError onRetry={() => bank.refetch()} />
      ) : shown.length === 0 ? (
        filter === null ? (
          <EmptyState title={TASKS_COPY.bankEmpty[0]} hint={TASKS_COPY.bankEmpty[1]} />
        ) : (
          <EmptyState title={filteredEmpty(filter)} hint={TASKS_COPY.filteredEmptyHint} />
        )
      ) : (
        <ul className="space-y-3" aria-label="Task Bank tasks">
          {shown.map((task) => (
            <BankTaskItem
              key={task.id}
              task={task}
              customCategories={data?.customCategories ?? []}
              timeZone={timeZone}
              onDeleted={() => headingRef.current?.focus()}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

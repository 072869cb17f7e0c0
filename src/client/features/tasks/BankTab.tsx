// The Task Bank: reusable tasks, a category filter, the add form with custom categories, and
// per-task add-to-today, inline edit and delete.
import { type FormEvent, type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { DEFAULT_CATEGORY } from '../../../shared/constants';
import { deleteQuestion, filteredEmpty, TASKS_COPY } from './copy';
import type { BankList, BankTask } from '../../../shared/tasks';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { Tooltip } from '../../ui/Tooltip';
import { CalendarPlusIcon, PencilIcon, SparklesIcon, TrashIcon, XIcon } from './icons';
import { useFocusAfterRemoval } from './useFocusAfterRemoval';
import { bankCountLabel, categoryChoices, categoryCounts, filterBank, formatCreated } from './logic';
import { CategoryBadge, EmptyState, ListSkeleton, LoadError } from './parts';
import {
  useAddCategory,
  useAddToDaily,
  useCreateBankTask,
  useDeleteBankTask,
  useRemoveCategory,
  useUpdateBankTask,
} from './useTasksData';

export interface BankTabProps {
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
  const headingRef = useRef<HTMLHeadingElement>(null);
  const addToggleRef = useRef<HTMLButtonElement>(null);
  const filterId = useId();

  useEffect(() => {
    if (!openForm) return;
    setFormOpen(true);
    // Already open: the form keeps its text, and focus goes back to its first field.
    document.querySelector<HTMLInputElement>('#bank-add-form input')?.focus();
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
              {TASKS_COPY.aiSuggestions}
            </Button>
          ) : (
            <Tooltip content={TASKS_COPY.aiUpsell}>
              <button
                type="button"
                aria-disabled="true"
                className="btn btn-outline btn-md cursor-not-allowed opacity-60"
                onClick={(e) => e.preventDefault()}
              >
                <SparklesIcon />
                {TASKS_COPY.aiSuggestions}
              </button>
            </Tooltip>
          )}
          <Button
            ref={addToggleRef}
            variant={formOpen ? 'outline' : 'primary'}
            aria-expanded={formOpen}
            aria-controls="bank-add-form"
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

function AddTaskForm({
  customCategories,
  atLimit,
  onCategoryRemoved,
}: {
  customCategories: string[];
  atLimit: boolean;
  onCategoryRemoved: (name: string) => void;
}) {
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [category, setCategory] = useState<string>(DEFAULT_CATEGORY);
  const [addingCategory, setAddingCategory] = useState(false);
  const [newCategory, setNewCategory] = useState('');
  const titleRef = useRef<HTMLInputElement>(null);
  const newCategoryRef = useRef<HTMLInputElement>(null);
  const addCategoryButtonRef = useRef<HTMLButtonElement>(null);
  const { create, isPending } = useCreateBankTask();
  const addCategory = useAddCategory();
  const removeCategory = useRemoveCategory();
  const ids = { title: useId(), description: useId(), category: useId(), newCategory: useId() };

  useEffect(() => titleRef.current?.focus(), []);
  useEffect(() => {
    if (addingCategory) newCategoryRef.current?.focus();
  }, [addingCategory]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const values = { title, description, category };
    // A blank title silently does nothing (the field is also required).
    if (!title.trim()) return;
    const sent = create(values, () => {
      // The server refused or could not be reached: give the user their words back.
      setTitle(values.title);
      setDescription(values.description);
      setCategory(values.category);
    });
    if (sent) {
      setTitle('');
      setDescription('');
      setCategory(DEFAULT_CATEGORY);
      titleRef.current?.focus();
    }
  };

  const cancelNewCategory = () => {
    setAddingCategory(false);
    setNewCategory('');
    requestAnimationFrame(() => addCategoryButtonRef.current?.focus());
  };
  const confirmNewCategory = () => {
    const added = addCategory.add(newCategory, (name) => setCategory(name));
    if (added) cancelNewCategory();
  };
  const onNewCategoryKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      confirmNewCategory();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      cancelNewCategory();
    }
  };

  return (
    <form
      id="bank-add-form"
      aria-label="Add a task to your Task Bank"
      onSubmit={submit}
      className="card mb-6 space-y-4 p-4 sm:p-5"
    >
      <div>
        <label htmlFor={ids.title} className="label mb-1.5">
          Task Title{' '}
          <span aria-hidden="true" className="text-red-700 dark:text-red-300">
            *
          </span>
        </label>
        <input
          ref={titleRef}
          id={ids.title}
          className="input"
          required
          maxLength={200}
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          placeholder="What do you need to do?"
        />
      </div>
      <div>
        <label htmlFor={ids.description} className="label mb-1.5">
          Description <span className="font-normal muted">(optional)</span>
        </label>
        <textarea
          id={ids.description}
          className="input h-auto min-h-20 py-2"
          maxLength={2000}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          placeholder="Add details"
        />
      </div>
      <div>
        <CategorySelect id={ids.category} value={category} onChange={setCategory} customCategories={customCategories} />

        <div className="mt-2">
          {addingCategory ? (
            <div className="flex flex-wrap items-center gap-2">
              <label htmlFor={ids.newCategory} className="sr-only">
                New category name
              </label>
              <input
                ref={newCategoryRef}
                id={ids.newCategory}
                className="input h-9 min-w-0 flex-1 basis-40"
                maxLength={40}
                value={newCategory}
                onChange={(e) => setNewCategory(e.target.value)}
                onKeyDown={onNewCategoryKey}
                placeholder="New category name"
              />
              <Button size="sm" onClick={confirmNewCategory} disabled={addCategory.isPending}>
                Add
              </Button>
              <Button size="sm" variant="ghost" onClick={cancelNewCategory}>
                Cancel
              </Button>
            </div>
          ) : (
            <button
              ref={addCategoryButtonRef}
              type="button"
              className="link text-sm font-medium"
              onClick={() => setAddingCategory(true)}
            >
              + Add a category
            </button>
          )}
        </div>

        {customCategories.length > 0 && (
          <div className="mt-3">
            <p className="text-xs font-medium uppercase tracking-wide muted" id="custom-categories-label">
              Your categories
            </p>
            <ul className="mt-1.5 flex flex-wrap gap-2" aria-labelledby="custom-categories-label">
              {customCategories.map((name) => (
                <li
                  key={name}
                  className="inline-flex items-center gap-1 rounded-full bg-slate-100 py-0.5 pl-3 pr-1 text-sm text-slate-800 dark:bg-slate-800 dark:text-slate-100"
                >
                  {name}
                  <button
                    type="button"
                    aria-label={`Remove category ${name}`}
                    className="focus-ring inline-flex h-6 w-6 items-center justify-center rounded-full hover:bg-slate-200 dark:hover:bg-slate-700"
                    onClick={() => {
                      // A second click before the chip disappears would ask to remove it twice.
                      if (removeCategory.isPending && removeCategory.variables?.name === name) return;
                      removeCategory.mutate({ name });
                      if (category === name) setCategory(DEFAULT_CATEGORY);
                      onCategoryRemoved(name);
                    }}
                  >
                    <XIcon className="h-3.5 w-3.5" />
                  </button>
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>

      <div className="flex justify-end">
        <Button type="submit" disabled={atLimit || isPending} loading={isPending}>
          Add to Task Bank
        </Button>
      </div>
    </form>
  );
}

function BankTaskItem({
  task,
  customCategories,
  timeZone,
  onDeleted,
}: {
  task: BankTask;
  customCategories: string[];
  timeZone: string;
  onDeleted: () => void;
}) {
  const [editing, setEditing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const editButtonRef = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  const update = useUpdateBankTask();
  const remove = useDeleteBankTask();
  const addToDaily = useAddToDaily(timeZone);
  const armRefocus = useFocusAfterRemoval(onDeleted);

  useEffect(() => {
    if (wasEditing.current && !editing) editButtonRef.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  if (editing) {
    return (
      <li className="card border-brand-300 p-4 dark:border-brand-700" data-testid="bank-task">
        <EditTaskForm
          task={task}
          customCategories={customCategories}
          onCancel={() => setEditing(false)}
          onSave={(fields) => {
            update.mutate({ id: task.id, ...fields });
            setEditing(false);
          }}
        />
      </li>
    );
  }

  return (
    <li className="card flex items-start gap-2 p-4 sm:gap-3" data-testid="bank-task">
      <div className="min-w-0 flex-1">
        <h3 className="break-words font-medium text-slate-900 dark:text-white">{task.title}</h3>
        {task.description && <p className="mt-1 break-words text-sm muted">{task.description}</p>}
        <div className="mt-2 flex flex-wrap items-center gap-2 text-xs muted">
          <CategoryBadge category={task.category} />
          <span>{formatCreated(task.created)}</span>
        </div>
      </div>
      <div className="-mr-2 -mt-1.5 flex shrink-0 items-center sm:gap-1">
        <Tooltip content="Add to today">
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Add ${task.title} to today`}
            busy={addToDaily.isPending}
            onClick={() => addToDaily.add([task])}
          >
            <CalendarPlusIcon />
          </Button>
        </Tooltip>
        <Tooltip content="Edit">
          <Button
            ref={editButtonRef}
            variant="ghost"
            size="icon"
            aria-label={`Edit ${task.title}`}
            busy={update.isPending}
            onClick={() => setEditing(true)}
          >
            <PencilIcon />
          </Button>
        </Tooltip>
        <Tooltip content="Delete">
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Delete ${task.title}`}
            className="text-red-700 hover:bg-red-50 dark:text-red-300 dark:hover:bg-red-950"
            busy={remove.isPending}
            onClick={() => setConfirmDelete(true)}
          >
            <TrashIcon />
          </Button>
        </Tooltip>
      </div>
      <Dialog
        open={confirmDelete}
        onClose={() => setConfirmDelete(false)}
        title={TASKS_COPY.deleteTitle}
        description={deleteQuestion(task.title)}
        alert
        size="sm"
        footer={
          <>
            <Button variant="outline" onClick={() => setConfirmDelete(false)}>
              Cancel
            </Button>
            <Button
              variant="destructive"
              onClick={() => {
                setConfirmDelete(false);
                armRefocus();
                remove.mutate({ id: task.id });
              }}
            >
              Delete
            </Button>
          </>
        }
      >
        <p className="text-sm muted">{TASKS_COPY.cannotUndo}</p>
      </Dialog>
    </li>
  );
}

function EditTaskForm({
  task,
  customCategories,
  onCancel,
  onSave,
}: {
  task: BankTask;
  customCategories: string[];
  onCancel: () => void;
  onSave: (fields: { title: string; description?: string; category: string }) => void;
}) {
  const [title, setTitle] = useState(task.title);
  const [description, setDescription] = useState(task.description ?? '');
  const [category, setCategory] = useState(task.category);
  const titleRef = useRef<HTMLInputElement>(null);
  const ids = { title: useId(), description: useId(), category: useId() };
  useEffect(() => titleRef.current?.focus(), []);
  const canSave = title.trim().length > 0;

  return (
    <form
      aria-label={`Edit ${task.title}`}
      className="space-y-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (!canSave) return;
        onSave({ title: title.trim(), description: description.trim() || undefined, category });
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          onCancel();
        }
      }}
    >
      <div>
        <label htmlFor={ids.title} className="label mb-1.5">
          Task Title
        </label>
        <input
          ref={titleRef}
          id={ids.title}
          className="input"
          required
          maxLength={200}
          value={title}
          onChange={(e) => setTitle(e.target.value)}
        />
      </div>
      <div>
        <label htmlFor={ids.description} className="label mb-1.5">
          Description
        </label>
        <textarea
          id={ids.description}
          className="input h-auto min-h-16 py-2"
          maxLength={2000}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
        />
      </div>
      <div>
        <CategorySelect id={ids.category} value={category} onChange={setCategory} customCategories={customCategories} />
      </div>
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={!canSave}>
          Save
        </Button>
      </div>
    </form>
  );
}

/** The category picker shared by the add and edit forms: built-ins, custom ones, and the current value. */
function CategorySelect({
  id,
  value,
  onChange,
  customCategories,
}: {
  id: string;
  value: string;
  onChange: (category: string) => void;
  customCategories: string[];
}) {
  return (
    <>
      <label htmlFor={id} className="label mb-1.5">
        Category
      </label>
      <select id={id} className="input" value={value} onChange={(e) => onChange(e.target.value)}>
        {categoryChoices(customCategories, value).map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </select>
    </>
  );
}

// The Task Bank's add form: title, description, category, the inline '+ Add a category' input
// (Enter adds, Escape cancels) and the list of custom categories, each with its remove (×).
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import {
  CATEGORY_MAX_LENGTH,
  DEFAULT_CATEGORY,
  DESCRIPTION_MAX_LENGTH,
  TITLE_MAX_LENGTH,
} from '../../../shared/constants';
import { Button } from '../../ui/Button';
import { Field, TextAreaField } from '../../ui/Field';
import { CategorySelect } from './CategorySelect';
import { XIcon } from './icons';
import { useAddCategory, useCreateBankTask, useRemoveCategory } from './useBankMutations';

/** The form's id: the '+ Add Task' toggle controls it and the 'new task' shortcut focuses into it. */
export const ADD_FORM_ID = 'bank-add-form';

export function AddTaskForm({
  customCategories,
  atLimit,
  onCategoryRemoved,
  onClose,
}: {
  customCategories: string[];
  atLimit: boolean;
  onCategoryRemoved: (name: string) => void;
  /** Escape closes the form, as its 'Cancel' toggle does. */
  onClose: () => void;
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
  const ids = { category: useId(), newCategory: useId(), customList: useId() };

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
  const removeCustomCategory = (name: string) => {
    // A second click before the chip disappears would ask to remove it twice.
    if (removeCategory.isPending && removeCategory.variables?.name === name) return;
    removeCategory.mutate({ name });
    if (category === name) setCategory(DEFAULT_CATEGORY);
    onCategoryRemoved(name);
  };

  return (
    <form
      id={ADD_FORM_ID}
      aria-label="Add a task to your Task Bank"
      onSubmit={submit}
      onKeyDown={(event) => {
        // The new-category field handles its own Escape (it stops it there).
        if (event.key === 'Escape') {
          event.preventDefault();
          onClose();
        }
      }}
      className="card mb-6 space-y-4 p-4 sm:p-5"
    >
      <Field
        ref={titleRef}
        label={
          <>
            Task Title{' '}
            <span aria-hidden="true" className="text-red-700 dark:text-red-300">
              *
            </span>
          </>
        }
        required
        maxLength={TITLE_MAX_LENGTH}
        value={title}
        onChange={(e) => setTitle(e.target.value)}
        placeholder="What do you need to do?"
      />
      <TextAreaField
        label={
          <>
            Description <span className="font-normal muted">(optional)</span>
          </>
        }
        maxLength={DESCRIPTION_MAX_LENGTH}
        value={description}
        onChange={(e) => setDescription(e.target.value)}
        placeholder="Add details"
      />
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
                maxLength={CATEGORY_MAX_LENGTH}
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
            <p className="text-xs font-medium uppercase tracking-wide muted" id={ids.customList}>
              Your categories
            </p>
            <ul className="mt-1.5 flex flex-wrap gap-2" aria-labelledby={ids.customList}>
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
                    onClick={() => removeCustomCategory(name)}
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

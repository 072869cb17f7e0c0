// A bank task's inline edit: title, description and category with Save / Cancel (Escape cancels).
import { useEffect, useId, useRef, useState } from 'react';
import { DESCRIPTION_MAX_LENGTH, TITLE_MAX_LENGTH } from '../../../shared/constants';
import type { BankTask } from '../../../shared/tasks';
import { Button } from '../../ui/Button';
import { Field, TextAreaField } from '../../ui/Field';
import { CategorySelect } from './CategorySelect';

interface EditedFields {
  title: string;
  description?: string;
  category: string;
}

export function EditTaskForm({
  task,
  customCategories,
  onCancel,
  onSave,
}: {
  task: BankTask;
  customCategories: string[];
  onCancel: () => void;
  onSave: (fields: EditedFields) => void;
}) {
  const [title, setTitle] = useState(task.title);
  const [description, setDescription] = useState(task.description ?? '');
  const [category, setCategory] = useState(task.category);
  const titleRef = useRef<HTMLInputElement>(null);
  const categoryId = useId();
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
      <Field
        ref={titleRef}
        label="Task Title"
        required
        maxLength={TITLE_MAX_LENGTH}
        value={title}
        onChange={(e) => setTitle(e.target.value)}
      />
      <TextAreaField
        label="Description"
        inputClassName="min-h-16"
        maxLength={DESCRIPTION_MAX_LENGTH}
        value={description}
        onChange={(e) => setDescription(e.target.value)}
      />
      <div>
        <CategorySelect id={categoryId} value={category} onChange={setCategory} customCategories={customCategories} />
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

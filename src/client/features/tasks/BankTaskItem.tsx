// One Task Bank entry: title, description, category and created date, with add-to-today, inline
// edit and delete (behind the spec's confirmation dialog).
import { useEffect, useRef, useState } from 'react';
import type { BankTask } from '../../../shared/tasks';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { Tooltip } from '../../ui/Tooltip';
import { deleteQuestion, TASKS_COPY } from './copy';
import { EditTaskForm } from './EditTaskForm';
import { CalendarPlusIcon, PencilIcon, TrashIcon } from './icons';
import { formatCreated } from './logic';
import { CategoryBadge } from './parts';
import { useFocusAfterRemoval } from './useFocusAfterRemoval';
import { useDeleteBankTask, useUpdateBankTask } from './useBankMutations';
import { useAddToDaily } from './useDailyMutations';
import { isRunning } from '../../lib/mutation-running';

export function BankTaskItem({
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

  // Leaving the edit form (saved or cancelled) puts focus back on the Edit button that opened it.
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
            busy={isRunning(update)}
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
            busy={isRunning(remove)}
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

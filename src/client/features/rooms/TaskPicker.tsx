// What a member focuses on in a room: a task from Today's Focus or the Task Bank, or something
// typed; and whether the room may see its title.
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { DEFAULT_CATEGORY, TITLE_MAX_LENGTH } from '../../../shared/constants';
import { ROOM_COPY } from '../../../shared/rooms';
import { useTRPC } from '../../lib/trpc';

export interface RoomTask {
  taskTitle: string;
  category: string;
  shareTask: boolean;
}

const TYPED = '';

export function TaskPicker({ value, onChange }: { value: RoomTask; onChange: (task: RoomTask) => void }) {
  const trpc = useTRPC();
  const daily = useQuery(trpc.tasks.daily.list.queryOptions());
  const bank = useQuery(trpc.tasks.bank.list.queryOptions({}));
  const id = useId();
  const today = (daily.data?.tasks ?? []).filter((t) => !t.completed);
  const banked = bank.data?.tasks ?? [];
  const listed = [...today, ...banked];
  const chosen = listed.find((t) => t.title === value.taskTitle && t.category === value.category);
  return (
    <div className="space-y-3">
      <div>
        <label htmlFor={`${id}-pick`} className="label">
          {ROOM_COPY.taskLabel}
        </label>
        <select
          id={`${id}-pick`}
          className="input mt-1"
          value={chosen ? `${chosen.category}\u0000${chosen.title}` : TYPED}
          onChange={(e) => {
            const [category = DEFAULT_CATEGORY, title = ''] = e.target.value.split('\u0000');
            onChange(e.target.value === TYPED ? { ...value, taskTitle: '' } : { ...value, taskTitle: title, category });
          }}
        >
          <option value={TYPED}>Something else (type it below)</option>
          {today.length > 0 && (
            <optgroup label="Today's Focus">
              {today.map((t) => (
                <option key={`d-${t.id}`} value={`${t.category}\u0000${t.title}`}>
                  {t.title}
                </option>
              ))}
            </optgroup>
          )}
          {banked.length > 0 && (
            <optgroup label="Task Bank">
              {banked.map((t) => (
                <option key={`b-${t.id}`} value={`${t.category}\u0000${t.title}`}>
                  {t.title}
                </option>
              ))}
            </optgroup>
          )}
        </select>
      </div>
      {!chosen && (
        <div>
          <label htmlFor={`${id}-title`} className="label">
            Task title
          </label>
          <input
            id={`${id}-title`}
            className="input mt-1"
            maxLength={TITLE_MAX_LENGTH}
            value={value.taskTitle}
            placeholder="What will you work on?"
            onChange={(e) => onChange({ ...value, taskTitle: e.target.value, category: DEFAULT_CATEGORY })}
          />
        </div>
      )}
      <label className="flex items-start gap-2 text-sm">
        <input
          type="checkbox"
          className="mt-0.5 h-4 w-4 accent-brand-600"
          checked={value.shareTask}
          onChange={(e) => onChange({ ...value, shareTask: e.target.checked })}
        />
        <span>
          {ROOM_COPY.shareTask}
          <span className="mt-0.5 block text-xs muted">{ROOM_COPY.shareHint}</span>
        </span>
      </label>
    </div>
  );
}

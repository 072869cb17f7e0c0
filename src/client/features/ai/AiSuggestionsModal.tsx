// The task suggestions modal (premium; named 'AI' only when a model answers), loaded lazily from the Bank tab's 'AI Task Suggestions'
// button. Nothing is sent until Generate is pressed; then the user's bank and daily tasks and
// their categories go to POST /api/ai-suggestions (through tRPC). Chosen suggestions are added to
// the Task Bank with the bank's own rules (the free limit and its toast).
import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { BUILT_IN_CATEGORIES } from '../../../shared/constants';
import { AI_FAILURE_SUGGESTION, AI_MAX_TASKS, type AiSuggestion } from '../../../shared/insights';
import { useToast } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { Button, Spinner } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { CategoryBadge } from '../tasks/parts';
import { useCreateBankTask } from '../tasks/useBankMutations';
import { useBankList, useDailyList } from '../tasks/useTasksData';
import { useSuggestionWords } from './useSuggestionWords';

export const AI_COPY = {
  generate: 'Generate Suggestions',
  generating: 'Generating suggestions...',
  again: 'Generate New Suggestions',
  add: (n: number) => (n > 0 ? `Add to Task Bank (${n})` : 'Add to Task Bank'),
  added: (n: number) => ({
    title: 'Suggestions Added',
    description: `${n} ${n === 1 ? 'task has' : 'tasks have'} been added to your Task Bank.`,
  }),
} as const;

/** A suggestion with a key of its own: the list is keyed and selected by it, not by position. */
type ShownSuggestion = AiSuggestion & { key: number };

const isPlaceholder = (s: AiSuggestion) =>
  s.title === AI_FAILURE_SUGGESTION.title && s.description === AI_FAILURE_SUGGESTION.description;

export default function AiSuggestionsModal({ onClose }: { onClose: () => void }) {
  const trpc = useTRPC();
  const toast = useToast();
  const words = useSuggestionWords();
  const bank = useBankList();
  const daily = useDailyList();
  const { create, isPending: adding } = useCreateBankTask();
  const [suggestions, setSuggestions] = useState<ShownSuggestion[] | null>(null);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  // Every answer gets fresh keys, so a new batch never reuses the rows of the last one.
  const lastKey = useRef(0);
  const show = (list: AiSuggestion[]) => {
    setSuggestions(list.map((s) => ({ ...s, key: ++lastKey.current })));
    setSelected(new Set());
  };

  const mutation = useMutation(
    trpc.insights.aiSuggestions.mutationOptions({
      onSuccess: (answer) => show(answer.suggestions),
      // The spec: any failure (a refusal, a network error) shows the single placeholder.
      onError: () => show([AI_FAILURE_SUGGESTION]),
    }),
  );

  const generate = () => {
    const seen = new Set<string>();
    const tasks = [...(daily.data?.tasks ?? []), ...(bank.data?.tasks ?? [])]
      .filter((t) => {
        if (seen.has(t.id)) return false;
        seen.add(t.id);
        return true;
      })
      .slice(0, AI_MAX_TASKS)
      .map((t) => ({ title: t.title, description: t.description, category: t.category }));
    const categories = [...BUILT_IN_CATEGORIES, ...(bank.data?.customCategories ?? [])];
    mutation.mutate({ tasks, categories });
  };

  const toggle = (key: number) =>
    setSelected((old) => {
      const next = new Set(old);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  const addSelected = () => {
    if (!suggestions) return;
    let added = 0;
    for (const s of suggestions) {
      if (!selected.has(s.key)) continue;
      // create() refuses with the spec's 'Task Limit Reached' toast once the free bank is full.
      if (!create({ title: s.title, description: s.description, category: s.category })) break;
      added += 1;
    }
    if (added > 0) {
      toast({ ...AI_COPY.added(added), variant: 'success' });
      onClose();
    }
  };

  const busy = mutation.isPending;
  const choosable = suggestions?.filter((s) => !isPlaceholder(s)).length ?? 0;

  return (
    <Dialog
      open
      onClose={onClose}
      title={words.title}
      description={words.description}
      size="lg"
      footer={
        suggestions && (
          <>
            <Button variant="outline" onClick={generate} loading={busy}>
              {AI_COPY.again}
            </Button>
            {choosable > 0 && (
              <Button onClick={addSelected} disabled={selected.size === 0 || busy} busy={adding}>
                {AI_COPY.add(selected.size)}
              </Button>
            )}
          </>
        )
      }
    >
      {!suggestions ? (
        <div className="rounded-xl border-2 border-dashed border-slate-300 px-6 py-10 text-center dark:border-slate-700">
          <p className="text-sm muted">{words.privacy}</p>
          <Button className="mt-4" onClick={generate} loading={busy}>
            {busy ? AI_COPY.generating : AI_COPY.generate}
          </Button>
        </div>
      ) : busy ? (
        <p role="status" className="flex items-center justify-center gap-2 py-10 text-sm muted">
          <Spinner />
          {AI_COPY.generating}
        </p>
      ) : (
        <ul className="space-y-2" data-testid="ai-suggestions">
          {suggestions.map((s) =>
            isPlaceholder(s) ? (
              <li
                key={s.key}
                role="alert"
                className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-50"
              >
                <p className="font-medium">{s.title}</p>
                <p className="text-sm">{s.description}</p>
              </li>
            ) : (
              <li key={s.key}>
                <label className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-200 p-3 hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800">
                  <input
                    type="checkbox"
                    className="mt-1 h-4 w-4 accent-brand-600"
                    checked={selected.has(s.key)}
                    onChange={() => toggle(s.key)}
                  />
                  <span className="min-w-0 flex-1">
                    <span className="block font-medium text-slate-900 dark:text-white">{s.title}</span>
                    <span className="mt-0.5 block text-sm muted">{s.description}</span>
                    <span className="mt-1.5 inline-block">
                      <CategoryBadge category={s.category} />
                    </span>
                  </span>
                </label>
              </li>
            ),
          )}
        </ul>
      )}
    </Dialog>
  );
}

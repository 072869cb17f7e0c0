// Manage Account's rest days (issue #50): up to REST_DAYS_MAX weekdays that neither break nor
// extend the streak. A change starts tomorrow (the server keeps each setting with its first day).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { REST_DAYS_COPY, REST_DAYS_MAX, type RestDaysView, WEEKDAY_NAMES } from '../../../shared/streak';
import { messageOf } from '../../lib/errors';
import { useToast } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { Button } from '../../ui/Button';
import { Card, CardBody, CardHeader } from '../../ui/Card';
import { CardLoadFailed, CardLoading } from '../../ui/CardLoadState';

const namesOf = (days: readonly number[]) =>
  days.length === 0
    ? REST_DAYS_COPY.none
    : [...days]
        .sort()
        .map((d) => WEEKDAY_NAMES[d])
        .join(' and ');

export function RestDaysCard() {
  const trpc = useTRPC();
  const restDays = useQuery(trpc.lockin.restDays.queryOptions());
  return (
    <Card data-testid="rest-days">
      <CardHeader title={REST_DAYS_COPY.title} description={REST_DAYS_COPY.explain} />
      <CardBody>
        {restDays.data ? (
          <RestDaysForm view={restDays.data} />
        ) : restDays.isError ? (
          <CardLoadFailed message={REST_DAYS_COPY.loadFailed} onRetry={() => void restDays.refetch()} />
        ) : (
          <CardLoading />
        )}
      </CardBody>
    </Card>
  );
}

function RestDaysForm({ view }: { view: RestDaysView }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const saved = view.next?.weekdays ?? view.weekdays;
  const [chosen, setChosen] = useState<number[]>(saved);
  // Another device's change shows here; the form is not remounted, so focus stays where it is.
  const savedKey = saved.join(',');
  useEffect(() => setChosen(savedKey === '' ? [] : savedKey.split(',').map(Number)), [savedKey]);
  const save = useMutation({
    ...trpc.lockin.setRestDays.mutationOptions(),
    onSuccess: (next) => {
      queryClient.setQueryData(trpc.lockin.restDays.queryKey(), next);
      void queryClient.invalidateQueries({ queryKey: trpc.lockin.streak.queryKey() });
      toast({
        title: REST_DAYS_COPY.saved,
        description: REST_DAYS_COPY.savedDetail(namesOf(next.next?.weekdays ?? next.weekdays)),
        variant: 'success',
      });
    },
    onError: (error) =>
      toast({
        title: 'Could not save rest days',
        description: messageOf(error, 'Please try again.'),
        variant: 'destructive',
      }),
  });
  const full = chosen.length >= REST_DAYS_MAX;
  const toggle = (day: number) =>
    setChosen((days) => (days.includes(day) ? days.filter((d) => d !== day) : [...days, day]));
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!save.isPending) save.mutate({ weekdays: [...chosen].sort() });
  };
  return (
    <form onSubmit={onSubmit} className="space-y-3">
      <fieldset>
        <legend className="text-sm font-medium">
          {REST_DAYS_COPY.legend}
          <span className="ml-2 text-xs font-normal muted" id="rest-days-limit">
            {full ? REST_DAYS_COPY.tooMany : `Up to ${REST_DAYS_MAX}`}
          </span>
        </legend>
        <div className="mt-2 flex flex-wrap gap-2">
          {WEEKDAY_NAMES.map((name, day) => {
            const checked = chosen.includes(day);
            return (
              <label
                key={name}
                className={`flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border px-3 text-sm ${
                  checked
                    ? 'border-sky-600 bg-sky-50 text-sky-900 dark:border-sky-400 dark:bg-sky-950 dark:text-sky-100'
                    : 'border-slate-300 dark:border-slate-600'
                } ${!checked && full ? 'cursor-not-allowed opacity-60' : ''}`}
              >
                <input
                  type="checkbox"
                  className="h-4 w-4"
                  checked={checked}
                  disabled={!checked && full}
                  aria-describedby="rest-days-limit"
                  onChange={() => toggle(day)}
                />
                {name}
              </label>
            );
          })}
        </div>
      </fieldset>
      <p className="text-sm muted" data-testid="rest-days-now">
        Now: {namesOf(view.weekdays)}
        {view.next && <> · {REST_DAYS_COPY.startsTomorrow(namesOf(view.next.weekdays))}</>}
      </p>
      {/* Never disabled: a button disabled under focus (right after saving) drops focus to <body>. */}
      <Button type="submit" busy={save.isPending}>
        {REST_DAYS_COPY.save}
      </Button>
    </form>
  );
}

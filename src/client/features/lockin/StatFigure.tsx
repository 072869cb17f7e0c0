// One figure of the Lock-In screens (Focus Stats, the streak calendar): a label over its value, in
// a description list.
export function StatFigure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="rounded-xl bg-slate-100 p-3 dark:bg-slate-800">
      <dt className="text-xs muted">{label}</dt>
      <dd className="text-lg font-bold text-slate-900 dark:text-white" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

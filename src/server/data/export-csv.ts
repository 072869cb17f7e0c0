import type { CsvTable } from '../../shared/data';
import type { Db } from '../db/client';
import type { AppDeps } from '../deps';
import { loadOnce } from '../load-once';
import { bankPages, iso, readDaily, sessionPages } from './export-pages';

export const TASK_CSV_COLUMNS = [
  'list',
  'id',
  'title',
  'description',
  'category',
  'created_at',
  'added_at',
  'completed',
  'completed_at',
  'is_carry_over',
  'carry_over_date',
  'planned_on',
] as const;

export const SESSION_CSV_COLUMNS = [
  'id',
  'task_title',
  'category',
  'goal_text',
  'goal_minutes',
  'actual_minutes',
  'status',
  'completed',
  'quit_early',
  'quit_reason',
  'started_at',
  'ends_at',
  'ended_at',
] as const;

type CsvValue = string | number | boolean | null;

/** csv-stringify loads with the first CSV export, not with every process. */
const loadCsv = loadOnce(() => import('csv-stringify/sync'));
type Stringify = Awaited<ReturnType<typeof loadCsv>>['stringify'];

function csvRows(stringify: Stringify, rows: CsvValue[][]): string {
  return stringify(rows, {
    record_delimiter: 'windows',
    // csv-stringify quotes a field holding its record delimiter (CRLF) but not a lone LF or CR:
    // RFC 4180 wants every line break inside quotes, or other readers split the row in two.
    quoted_match: /[\r\n]/,
    cast: { boolean: (value) => (value ? 'true' : 'false') },
  });
}

async function* taskCsvChunks(db: Db, userId: string): AsyncGenerator<string> {
  const { stringify } = await loadCsv();
  // Header first, alone: an empty account still gets a file a spreadsheet opens with its columns.
  yield `\uFEFF${stringify([[...TASK_CSV_COLUMNS]], { record_delimiter: 'windows' })}`;
  for await (const page of bankPages(db, userId)) {
    yield csvRows(
      stringify,
      page.map((t) => [
        'bank',
        t.id,
        t.title,
        t.description,
        t.category,
        t.createdAt.toISOString(),
        null,
        null,
        null,
        null,
        null,
        null,
      ]),
    );
  }
  const daily = await readDaily(db, userId);
  if (daily.length > 0) {
    yield csvRows(
      stringify,
      daily.map((t) => [
        'daily',
        t.id,
        t.title,
        t.description,
        t.category,
        t.createdAt.toISOString(),
        t.addedAt.toISOString(),
        t.completed,
        iso(t.completedAt),
        t.isCarryOver,
        iso(t.carryOverDate),
        t.plannedOn,
      ]),
    );
  }
}

async function* sessionCsvChunks(db: Db, userId: string): AsyncGenerator<string> {
  const { stringify } = await loadCsv();
  yield `\uFEFF${stringify([[...SESSION_CSV_COLUMNS]], { record_delimiter: 'windows' })}`;
  for await (const page of sessionPages(db, userId)) {
    yield csvRows(
      stringify,
      page.map((s) => [
        s.id,
        s.taskTitle,
        s.category,
        s.goalText,
        s.goalMinutes,
        s.actualMinutes,
        s.status,
        s.completed,
        s.quitEarly,
        s.quitReason,
        s.startedAt.toISOString(),
        s.endsAt.toISOString(),
        iso(s.endedAt),
      ]),
    );
  }
}

export function exportCsvChunks(deps: AppDeps, userId: string, table: CsvTable): AsyncGenerator<string> {
  return table === 'tasks' ? taskCsvChunks(deps.db, userId) : sessionCsvChunks(deps.db, userId);
}

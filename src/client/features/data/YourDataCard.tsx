// Manage Account's 'Your data' card: download the export (JSON, or CSV for tasks and sessions),
// import a JSON export, and delete the account behind a dialog that asks for the email.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, type FormEvent, useId, useRef, useState } from 'react';
import { IMPORT_MAX_BYTES, type ImportResult } from '../../../shared/data';
import { ROUTES } from '../../../shared/routes';
import { ApiError, apiRequest } from '../../lib/api';
import { messageOf } from '../../lib/errors';
import { leaveToastForNextPage, useToast } from '../../lib/toast';
import { Button, buttonClass } from '../../ui/Button';
import { Card, CardBody, CardHeader } from '../../ui/Card';
import { Dialog } from '../../ui/Dialog';
import { Field } from '../../ui/Field';
import { useAuth } from '../auth/useAuth';
import { DATA_COPY, describeImport } from './copy';

const DOWNLOADS = [
  { href: '/api/export?format=json', label: DATA_COPY.downloadJson, testId: 'download-json' },
  { href: '/api/export?format=csv&what=tasks', label: DATA_COPY.downloadTasksCsv, testId: 'download-tasks-csv' },
  {
    href: '/api/export?format=csv&what=sessions',
    label: DATA_COPY.downloadSessionsCsv,
    testId: 'download-sessions-csv',
  },
] as const;

async function uploadExport(file: File): Promise<ImportResult> {
  if (file.size > IMPORT_MAX_BYTES) throw new Error(DATA_COPY.importTooLarge);
  const res = await fetch('/api/import', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: await file.text(),
    credentials: 'include',
  });
  if (!res.ok) {
    let message = res.statusText;
    try {
      message = ((await res.json()) as { message?: string }).message ?? message;
    } catch {
      // keep the status text
    }
    throw new ApiError(res.status, `${res.status}: ${message}`, message, null);
  }
  return (await res.json()) as ImportResult;
}

function SectionHeading({ children }: { children: string }) {
  return <h3 className="text-sm font-semibold text-slate-900 dark:text-white">{children}</h3>;
}

export function YourDataCard() {
  const queryClient = useQueryClient();
  const toast = useToast();
  const fileRef = useRef<HTMLInputElement>(null);
  const importHintId = useId();
  const [deleteOpen, setDeleteOpen] = useState(false);

  const importFile = useMutation({
    mutationFn: uploadExport,
    onSuccess: async (result) => {
      toast({ title: DATA_COPY.importDoneTitle, description: describeImport(result), variant: 'success' });
      await queryClient.invalidateQueries();
    },
    onError: (error) => {
      toast({
        title: DATA_COPY.importFailedTitle,
        description: messageOf(error, DATA_COPY.importFailedOffline),
        variant: 'destructive',
      });
    },
  });

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Clear the input so choosing the same file again fires change again.
    event.target.value = '';
    if (file) importFile.mutate(file);
  };

  return (
    <Card data-testid="your-data-card">
      <CardHeader title={DATA_COPY.title} description={DATA_COPY.description} />
      <CardBody className="space-y-6">
        <section className="space-y-2">
          <SectionHeading>{DATA_COPY.downloadHeading}</SectionHeading>
          <div className="flex flex-wrap gap-2">
            {DOWNLOADS.map((d) => (
              <a
                key={d.href}
                href={d.href}
                download
                className={buttonClass('outline', 'sm', 'no-underline')}
                data-testid={d.testId}
              >
                <DownloadIcon />
                {d.label}
              </a>
            ))}
          </div>
          <p className="text-xs muted">{DATA_COPY.downloadHint}</p>
        </section>

        <section className="space-y-2">
          <SectionHeading>{DATA_COPY.importHeading}</SectionHeading>
          <input
            ref={fileRef}
            type="file"
            accept="application/json,.json"
            className="sr-only"
            tabIndex={-1}
            aria-hidden="true"
            data-testid="import-file"
            onChange={onFile}
          />
          <Button
            variant="outline"
            size="sm"
            loading={importFile.isPending}
            aria-describedby={importHintId}
            onClick={() => fileRef.current?.click()}
          >
            {importFile.isPending ? DATA_COPY.importing : DATA_COPY.importButton}
          </Button>
          <p id={importHintId} className="text-xs muted">
            {DATA_COPY.importHint}
          </p>
        </section>

        <section className="space-y-2 rounded-xl border border-red-200 p-4 dark:border-red-900">
          <SectionHeading>{DATA_COPY.deleteHeading}</SectionHeading>
          <p className="text-sm text-slate-700 dark:text-slate-300">{DATA_COPY.deleteHint}</p>
          <Button variant="destructive" size="sm" onClick={() => setDeleteOpen(true)}>
            {DATA_COPY.deleteButton}
          </Button>
        </section>
      </CardBody>
      <DeleteAccountDialog open={deleteOpen} onClose={() => setDeleteOpen(false)} />
    </Card>
  );
}

function DeleteAccountDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { user } = useAuth();
  const toast = useToast();
  const [typed, setTyped] = useState('');
  const email = user?.email ?? '';
  const matches = typed.trim().toLowerCase() === email.toLowerCase() && email !== '';

  const remove = useMutation({
    mutationFn: () => apiRequest('DELETE', '/api/auth/account', { email: typed.trim() }),
    onSuccess: () => {
      // A full load: every cached query belonged to the account that no longer exists. The
      // landing page then says it is done.
      leaveToastForNextPage({ ...DATA_COPY.deleted, variant: 'success' });
      window.location.assign(ROUTES.home);
    },
    onError: (error) => {
      toast({
        title: DATA_COPY.deleteFailedTitle,
        description: messageOf(error, DATA_COPY.deleteFailedOffline),
        variant: 'destructive',
      });
    },
  });

  const close = () => {
    if (remove.isPending) return;
    setTyped('');
    onClose();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!matches || remove.isPending) return;
    remove.mutate();
  };

  return (
    <Dialog open={open} onClose={close} title={DATA_COPY.dialogTitle} alert dismissible={!remove.isPending}>
      <form onSubmit={onSubmit} noValidate>
        <p className="text-sm text-slate-700 dark:text-slate-300">{DATA_COPY.dialogIntro}</p>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700 dark:text-slate-300">
          {DATA_COPY.lost.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
        <p className="mt-3 text-sm font-medium text-slate-900 dark:text-white">{DATA_COPY.dialogAdvice}</p>
        <Field
          className="mt-4"
          label={DATA_COPY.confirmLabel(email)}
          name="confirm-email"
          type="email"
          autoComplete="off"
          spellCheck={false}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          data-testid="delete-confirm-email"
        />
        <div className="mt-6 flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={close} disabled={remove.isPending}>
            {DATA_COPY.cancel}
          </Button>
          {/* Busy, not disabled, while the request runs: disabling the focused button would drop
              focus out of it (to the dialog's title), and a failure would leave it there. */}
          <Button type="submit" variant="destructive" disabled={!matches} busy={remove.isPending}>
            {remove.isPending ? DATA_COPY.deleting : DATA_COPY.confirmDelete}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function DownloadIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      className="h-4 w-4"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d="M12 4v11m0 0-4-4m4 4 4-4M5 20h14" />
    </svg>
  );
}

// After sign-up or sign-in: the sessions this browser ran as a visitor are offered for import
// into the account, once (imported or declined, each record is remembered as offered). The server
// takes one browser's history per account, under the offline sessions' rules.
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { LocalSession } from '../../../shared/lockin-input';
import { decodeError } from '../../lib/errors';
import { useToast } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { markImportHandled, pendingImport } from './local-history';

export function ImportOffer({ onImported }: { onImported: () => void }) {
  const trpc = useTRPC();
  const toast = useToast();
  const [pending, setPending] = useState<LocalSession[]>(() => pendingImport(localStorage));
  const importMutation = useMutation(trpc.lockin.importLocal.mutationOptions());
  const n = pending.length;
  if (n === 0) return null;

  const done = () => {
    markImportHandled(localStorage, pending);
    setPending([]);
  };

  return (
    <Dialog
      open
      onClose={done}
      title="Bring your focus sessions along?"
      description={`You ran ${n} focus ${n === 1 ? 'session' : 'sessions'} in this browser before signing in. Add ${n === 1 ? 'it' : 'them'} to your account so your history and streak follow you.`}
      footer={
        <>
          <Button variant="outline" onClick={done} disabled={importMutation.isPending}>
            Not now
          </Button>
          <Button
            loading={importMutation.isPending}
            onClick={() =>
              importMutation.mutate(
                { sessions: pending },
                {
                  onSuccess: (result) => {
                    done();
                    onImported();
                    toast({
                      title: 'Sessions imported',
                      description: `${result.imported} focus ${result.imported === 1 ? 'session was' : 'sessions were'} added to your account.`,
                      variant: 'success',
                    });
                  },
                  onError: (error) => {
                    const { code, message } = decodeError(error);
                    // Once per account: another browser's history came first. Asking again cannot help.
                    if (code === 'CONFLICT') done();
                    toast({
                      title: 'Import failed',
                      description:
                        code === 'CONFLICT' && message
                          ? message
                          : 'Your sessions are still in this browser. Please try again later.',
                      variant: 'destructive',
                    });
                  },
                },
              )
            }
          >
            Import sessions
          </Button>
        </>
      }
    />
  );
}

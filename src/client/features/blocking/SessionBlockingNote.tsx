// The Lock-In setup's line about site blocking: whether the extension in this browser will block
// sites this session (and how many), or where to set it up.
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { BLOCKED_SITES_PATH, BLOCKING_COPY as COPY } from '../../../shared/blocking';
import { useTRPC } from '../../lib/trpc';
import { useAuth } from '../auth/useAuth';
import { connectedHere, useExtensionStatus } from './extension-bridge';

export function SessionBlockingNote() {
  const { isAuthenticated } = useAuth();
  const trpc = useTRPC();
  const settings = useQuery({ ...trpc.blocking.get.queryOptions(), enabled: isAuthenticated });
  const extension = useExtensionStatus();
  if (!isAuthenticated || !settings.data) return null;
  const { browsers, enforced } = settings.data;
  // What the extension enforces on this plan, not the whole list (a Premium plan that ended).
  const mode = enforced.mode;
  const sites = settings.data.sites.filter((site) => !enforced.paused.includes(site));
  const connected = connectedHere(extension, browsers);
  const text = !connected
    ? COPY.setupNotConnected
    : sites.length === 0
      ? COPY.setupNoSites
      : mode === 'allow_only'
        ? COPY.setupAllowOnly(sites.length)
        : COPY.setupBlocks(sites.length);
  return (
    <p className="mt-4 text-sm muted" data-testid="lockin-blocking">
      {text}{' '}
      <Link className="link" to={BLOCKED_SITES_PATH}>
        {connected ? COPY.setupManage : COPY.setupInstall}
      </Link>
    </p>
  );
}

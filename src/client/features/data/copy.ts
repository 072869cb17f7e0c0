// Words of the 'Your data' card on Manage Account.
import { FREE_BLOCKED_SITES_LIMIT } from '../../../shared/blocking';
import { IMPORT_MAX_BYTES, type ImportResult } from '../../../shared/data';

export const DATA_COPY = {
  title: 'Your data',
  description:
    'Download everything LockIn keeps about you, bring in an export from another LockIn account, or delete your account.',
  downloadHeading: 'Download',
  downloadJson: 'All data (JSON)',
  downloadTasksCsv: 'Tasks (CSV)',
  downloadSessionsCsv: 'Focus sessions (CSV)',
  downloadHint: 'The JSON file can be imported again; the CSV files open in any spreadsheet.',
  importHeading: 'Import',
  importButton: 'Import a JSON export',
  importing: 'Importing…',
  importHint: `A LockIn JSON export, up to ${IMPORT_MAX_BYTES / (1024 * 1024)} MiB. It is merged into this account; tasks and sessions you already have are not duplicated.`,
  importTooLarge: `That file is larger than ${IMPORT_MAX_BYTES / (1024 * 1024)} MiB.`,
  importFailedTitle: 'Import failed',
  importFailedOffline: 'The file could not reach the server. Nothing was imported; try again when you are online.',
  importDoneTitle: 'Import complete',
  deleteHeading: 'Delete account',
  deleteHint: 'Deleting your account cannot be undone.',
  deleteButton: 'Delete account',
  dialogTitle: 'Delete your account?',
  dialogIntro: 'This deletes your account and everything in it at once. You will lose:',
  lost: [
    'your Task Bank, Today’s Focus and custom categories',
    'every focus session, its goal and quit reason, and your streak',
    'your completed-task history and analytics',
    'your Premium subscription or trial, which ends now (no further charges)',
    'every signed-in session, on every device',
  ],
  dialogAdvice: 'Download your data first if you may want it later.',
  confirmLabel: (email: string) => `Type your email (${email}) to confirm`,
  cancel: 'Cancel',
  confirmDelete: 'Delete my account',
  deleting: 'Deleting…',
  deleteFailedTitle: 'Could not delete your account',
  deleteFailedOffline: 'Deleting an account needs a connection. Nothing was deleted; try again when you are online.',
  deleted: {
    title: 'Account Deleted',
    description:
      'Your account and all of its data are gone, and any subscription was cancelled. Thank you for using LockIn.',
  },
} as const;

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** 'Added 3 bank tasks, 12 focus sessions. 2 items were already here and were kept as they are.' */
export function describeImport(result: ImportResult): string {
  const a = result.added;
  const parts = [
    a.bank && plural(a.bank, 'bank task', 'bank tasks'),
    a.daily && plural(a.daily, "task on Today's Focus", "tasks on Today's Focus"),
    a.customCategories && plural(a.customCategories, 'category', 'categories'),
    a.focusSessions && plural(a.focusSessions, 'focus session', 'focus sessions'),
    a.completions && plural(a.completions, 'completed task', 'completed tasks'),
    a.blockedSites && plural(a.blockedSites, 'blocked site', 'blocked sites'),
    a.circles && plural(a.circles, 'circle (with you as its only member)', 'circles (with you as their only member)'),
  ].filter(Boolean);
  const skipped = Object.values(result.skipped).reduce((sum, n) => sum + n, 0);
  let text = parts.length > 0 ? `Added ${parts.join(', ')}.` : 'Nothing new to add.';
  if (skipped > 0)
    text += ` ${plural(skipped, 'item was already here and was kept as it is', 'items were already here and were kept as they are')}.`;
  if (result.skippedRunningSessions > 0)
    text += ` ${plural(result.skippedRunningSessions, 'running session was', 'running sessions were')} not imported.`;
  if (result.blockedSitesOverLimit > 0)
    text += ` ${plural(result.blockedSitesOverLimit, 'blocked site was', 'blocked sites were')} left out: the free plan blocks up to ${FREE_BLOCKED_SITES_LIMIT} sites.`;
  if (result.circlesOverLimit > 0)
    text += ` ${plural(result.circlesOverLimit, 'circle was', 'circles were')} left out: your plan keeps fewer circles.`;
  if (result.allowOnlyNotImported)
    text += " 'Allow only these sites' is a Premium mode, so your sites are blocked instead.";
  if (!result.signed && result.added.focusSessions > 0)
    text +=
      ' This file is not an unchanged export from this LockIn, so its sessions are kept in your history, marked imported, and do not count toward your streak.';
  if (result.streakUpdated) text += ' Your streak was updated.';
  return text;
}

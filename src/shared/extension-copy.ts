// The words of the browser extension's own pages (apart from blocking.ts, so the app's bundle
// does not carry them).

/** The extension's own pages (the 'You're locked in' page and its options). */
export const EXTENSION_COPY = {
  lockedTitle: "You're locked in",
  lockedIntro: (site: string) => `${site} is closed until your Lock-In session ends.`,
  lockedIntroNoSite: 'This site is closed until your Lock-In session ends.',
  timeLeft: 'Time left',
  goal: 'Goal',
  backToWork: 'Back to work',
  quit: 'Quit session',
  quitNote: 'Quitting happens in LockIn, with its 5-second lock and a reason.',
  over: 'Your session is over. Nice work.',
  goBack: (site: string) => `Go to ${site}`,
  optionsTitle: 'LockIn site blocking',
  appUrlLabel: 'LockIn address',
  appUrlHelp: 'The LockIn you use: the hosted one, or your own server.',
  save: 'Save and open LockIn',
  badUrl: 'Enter the address of a LockIn server, such as https://lockin.example.com.',
  permissionDenied: 'The extension needs your permission to talk to that address.',
  statusConnected: 'Connected. Your sites are blocked whenever a Lock-In session runs.',
  statusNotConnected: 'Not connected yet. Open LockIn and choose “Connect this browser” under Blocked Sites.',
  statusDisconnected: 'This browser was disconnected from LockIn. Connect it again from Manage Account.',
  statusOffline: 'LockIn could not be reached. Blocking goes on until the session ends.',
  sessionRunning: (task: string) => `Locked in on “${task}”.`,
  noSession: 'No session is running.',
  openLockIn: 'Open LockIn',
  pagePermission: (n: number) =>
    `${n} of your sites ${n === 1 ? 'shows' : 'show'} the browser's error page instead of LockIn's “You're locked in” page. Allow the extension to show its own page there: one click, for exactly those sites.`,
  /** The toolbar icon's title while some listed sites still show the browser's page. */
  badgeTitle: (n: number) => `LockIn: allow it to show its page on ${n === 1 ? '1 site' : `${n} sites`}`,
  allowPages: 'Allow',
  sees: 'What it sees: your list of sites and when your sessions run. It never sees your history or what is on a page.',
} as const;

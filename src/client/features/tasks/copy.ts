// Labels and messages of the tasks screen that the spec does not quote (the quoted ones live in
// src/shared/copy.ts). Kept in one place so the screen and its browser tests agree.
import { DAILY_TASK_LIMIT, PREMIUM_PRICE_LABEL } from '../../../shared/constants';
import type { ToastCopy } from '../../../shared/copy';

export const TASKS_COPY = {
  pageTitle: 'Tasks',
  tabsLabel: 'Task lists',
  todaysFocus: "Today's Focus",
  taskBank: 'Task Bank',
  dailyEmpty: ['No tasks for today.', `Add up to ${DAILY_TASK_LIMIT} tasks to start focusing!`],
  bankEmpty: ['No tasks in your bank yet.', 'Add some tasks to get started!'],
  filteredEmptyHint: 'Try selecting "All Categories" or add tasks to this category.',
  upgradeForUnlimited: 'Upgrade to Premium for unlimited tasks',
  trialEnded: 'Your trial has ended. Subscribe to regain access to premium features.',
  subscribeNow: 'Subscribe Now',
  myAnalytics: 'My Analytics',
  unlockPremium: 'Unlock Premium Features',
  // Lock In itself is everyone's: Premium adds it on each task.
  premiumFeatures: [
    'AI task suggestions',
    'Lock In on any task',
    'Comprehensive analytics',
    'Focus time recommendations',
  ],
  startFreeTrial: 'Start Free Trial',
  getPremium: 'Get Premium',
  upgradeNow: `Upgrade to Premium Now (${PREMIUM_PRICE_LABEL})`,
  pickerTitle: 'Add to Daily Tasks',
  pickerBankEmpty: 'Your Task Bank is empty. Add tasks in the Task Bank tab first.',
  pickerAllAdded: 'Every task in your bank is already on today’s list.',
  deleteTitle: 'Delete Task?',
  cannotUndo: 'This action cannot be undone.',
  jumpToTop: 'Jump to top',
  loading: 'Loading tasks…',
} as const;

export const deleteQuestion = (title: string) => `Are you sure you want to delete "${title}"?`;
export const filteredEmpty = (category: string) => `No tasks in "${category}" category.`;
export const pickerRemaining = (n: number) =>
  n === 0 ? 'Today’s list is full.' : `Choose up to ${n} more ${n === 1 ? 'task' : 'tasks'} from your Task Bank.`;
export const tasksAdded = (n: number): ToastCopy => ({
  title: 'Task Added!',
  description: `${n} tasks have been added to your daily tasks.`,
});

/** When the server could not be reached or failed without a message of its own. */
export const SAVE_FAILED: ToastCopy = {
  title: 'Could not save your change',
  description: 'Check your connection and try again. Your tasks have been reloaded.',
};
export const LOAD_FAILED = 'Could not load your tasks.';
export const RETRY = 'Try again';

// The header's account control: 'Loading...' while the user loads, 'Sign In' for visitors, and
// for a signed-in user a menu button (APG menu-button pattern: arrow keys, Home/End, Escape,
// click outside) with Manage Account, the trial end while a trial runs, and Sign Out.
import { useQueryClient } from '@tanstack/react-query';
import { type KeyboardEvent, type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ROUTES } from '../../../shared/routes';
import type { CurrentUser } from '../../../shared/types';
import { Button, ButtonLink } from '../../ui/Button';
import { useShortcuts } from '../shortcuts/ShortcutsProvider';
import { MENU_COPY } from './copy';
import {
  ChevronDownIcon,
  ClockIcon,
  CrownIcon,
  InstallIcon,
  KeyboardIcon,
  PeopleIcon,
  SignOutIcon,
  UserIcon,
} from './icons';
import { promptInstall, useCanInstall } from '../install/installPrompt';
import { forgetOfflineChanges } from '../offline/offlineChanges';
import { forgetOfflineData } from '../offline/serviceWorker';
import { useAuth } from './useAuth';
import { useTimeZoneSync } from './useTimeZoneSync';
import { showTrialEnds } from '../plans/logic';
import { usePlanStatus } from '../plans/usePlan';

export const LOGOUT_URL = '/api/logout';

/** The account menu's 'Trial ends: {date}' line, from the plan status. */
interface TrialInfo {
  /** A free trial is running and no subscription has been bought. */
  active: boolean;
  /** When it ends; null shows 'Unknown'. */
  endsAt: Date | null;
}

export function displayName(user: Pick<CurrentUser, 'firstName' | 'email'>): string {
  return user.firstName?.trim() || user.email;
}

export function formatTrialEnd(endsAt: Date | null): string {
  if (!endsAt || Number.isNaN(endsAt.getTime())) return MENU_COPY.unknownDate;
  return endsAt.toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
}

function Avatar({ user }: { user: CurrentUser }) {
  if (user.profileImageUrl) {
    return (
      <img
        src={user.profileImageUrl}
        alt=""
        referrerPolicy="no-referrer"
        className="h-7 w-7 shrink-0 rounded-full object-cover"
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-brand-100 text-xs font-semibold uppercase text-brand-800 dark:bg-brand-900 dark:text-brand-100"
    >
      {displayName(user).slice(0, 1)}
    </span>
  );
}

const ITEM_CLASS =
  'flex w-full items-center gap-2 rounded-md px-3 py-2 text-left text-sm text-slate-800 no-underline outline-none hover:bg-slate-100 focus:bg-slate-100 focus-visible:ring-2 focus-visible:ring-brand-500 dark:text-slate-100 dark:hover:bg-slate-800 dark:focus:bg-slate-800';

export function AccountMenu() {
  const { user, isLoading } = useAuth();
  useTimeZoneSync(user);
  const { plan } = usePlanStatus();
  const trialInfo: TrialInfo = {
    active: showTrialEnds(plan),
    endsAt: plan.trialEndsAt ? new Date(plan.trialEndsAt) : null,
  };

  // 'Loading...' and 'Sign In' stand in a box as tall as the signed-in button (h-10), so the
  // header around them keeps its height when one becomes the other.
  if (isLoading) {
    return (
      <div className="flex h-10 items-center">
        <Button variant="outline" size="sm" disabled>
          {MENU_COPY.loading}
        </Button>
      </div>
    );
  }
  if (!user) {
    return (
      <div className="flex h-10 items-center">
        <ButtonLink to={ROUTES.login} size="sm">
          {MENU_COPY.signIn}
        </ButtonLink>
      </div>
    );
  }
  return <SignedInMenu user={user} trial={trialInfo} />;
}

/** The menu's items in order, read from the DOM when needed (the menu mounts only while open). */
const menuItems = (menu: HTMLElement | null) =>
  Array.from(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

/**
 * A menu item that opens something over the page: focus goes back to the menu button first, so
 * what it opens (a dialog, the browser's install prompt) returns focus there when it closes.
 */
function MenuAction({
  icon,
  label,
  close,
  onSelect,
}: {
  icon: ReactNode;
  label: string;
  close: (returnFocus: boolean) => void;
  onSelect: () => void;
}) {
  return (
    <button
      type="button"
      role="menuitem"
      tabIndex={-1}
      className={ITEM_CLASS}
      onClick={() => {
        close(true);
        onSelect();
      }}
    >
      {icon}
      {label}
    </button>
  );
}

function SignedInMenu({ user, trial }: { user: CurrentUser; trial: TrialInfo }) {
  const queryClient = useQueryClient();
  // Sign Out: the account's offline copies and waiting changes leave the device with it.
  const forgetDeviceCopies = () => {
    forgetOfflineData();
    forgetOfflineChanges(queryClient);
  };
  const [open, setOpen] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  /** Which item to focus when the menu opens: first, last, or none (mouse). */
  const focusOnOpen = useRef<'first' | 'last'>('first');
  const menuId = useId();
  const { openHelp } = useShortcuts();
  const canInstall = useCanInstall();
  const buttonId = useId();

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    const list = menuItems(menuRef.current);
    (focusOnOpen.current === 'last' ? list[list.length - 1] : list[0])?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) close(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, close]);

  const openWith = (where: 'first' | 'last') => {
    focusOnOpen.current = where;
    setOpen(true);
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      openWith('first');
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openWith('last');
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const list = menuItems(menuRef.current);
    const index = list.indexOf(document.activeElement as HTMLElement);
    let next: number | null = null;
    if (event.key === 'ArrowDown') next = (index + 1) % list.length;
    else if (event.key === 'ArrowUp') next = (index - 1 + list.length) % list.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = list.length - 1;
    else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
      return;
    } else if (event.key === 'Tab') {
      close(false);
      return;
    } else if (event.key === ' ' && document.activeElement instanceof HTMLAnchorElement) {
      // Space activates a menu item, links included.
      event.preventDefault();
      document.activeElement.click();
      return;
    }
    if (next === null) return;
    event.preventDefault();
    list[next]?.focus();
  };

  return (
    <div ref={containerRef} className="relative">
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        className="btn btn-ghost h-10 max-w-[13rem] gap-2 px-2 sm:max-w-xs"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? close(false) : openWith('first'))}
        onKeyDown={onButtonKeyDown}
      >
        <Avatar user={user} />
        <span className="truncate" data-testid="account-name">
          {displayName(user)}
        </span>
        {user.premium && (
          <span className="shrink-0 text-amber-500" title={MENU_COPY.premium}>
            <CrownIcon />
            <span className="sr-only">{MENU_COPY.premium}</span>
          </span>
        )}
        <ChevronDownIcon className={`h-4 w-4 shrink-0 transition-transform ${open ? 'rotate-180' : ''}`} />
      </button>
      {open && (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-labelledby={buttonId}
          onKeyDown={onMenuKeyDown}
          className="absolute right-0 z-50 mt-2 w-60 max-w-[calc(100vw-2rem)] rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          <p className="truncate px-3 pb-2 pt-1.5 text-xs muted" role="none">
            {user.email}
          </p>
          <Link
            role="menuitem"
            tabIndex={-1}
            to={ROUTES.manageSubscription}
            className={ITEM_CLASS}
            onClick={() => close(false)}
          >
            <UserIcon />
            {MENU_COPY.manageAccount}
          </Link>
          <Link role="menuitem" tabIndex={-1} to={ROUTES.circles} className={ITEM_CLASS} onClick={() => close(false)}>
            <PeopleIcon />
            {MENU_COPY.circles}
          </Link>
          {trial.active && (
            <div
              role="menuitem"
              aria-disabled="true"
              tabIndex={-1}
              className={`${ITEM_CLASS} cursor-default text-slate-600 dark:text-slate-300`}
            >
              <ClockIcon />
              {MENU_COPY.trialEnds(formatTrialEnd(trial.endsAt))}
            </div>
          )}
          <MenuAction icon={<KeyboardIcon />} label={MENU_COPY.keyboardShortcuts} close={close} onSelect={openHelp} />
          {canInstall && (
            <MenuAction
              icon={<InstallIcon />}
              label={MENU_COPY.installApp}
              close={close}
              onSelect={() => void promptInstall()}
            />
          )}
          <hr className="my-1 border-slate-200 dark:border-slate-700" />
          <a role="menuitem" tabIndex={-1} href={LOGOUT_URL} className={ITEM_CLASS} onClick={forgetDeviceCopies}>
            <SignOutIcon />
            {MENU_COPY.signOut}
          </a>
        </div>
      )}
    </div>
  );
}

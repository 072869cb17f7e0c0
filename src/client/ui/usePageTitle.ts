import { useEffect } from 'react';
import { APP_NAME } from '../../shared/constants';

/** Every page sets a proper document title: "Page — LockIn". */
export function usePageTitle(title?: string): void {
  useEffect(() => {
    document.title = title ? `${title} — ${APP_NAME}` : APP_NAME;
  }, [title]);
}

import { useState } from 'react';

/** True from the first render in which `open` is true, so a lazy dialog mounts once and stays. */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

import { useSyncExternalStore } from 'react';

/** Where the Trades page stops being a phone's single column: the breakdown tables fit beside each other from here. */
const WIDE = '(min-width: 900px)';

const subscribe = (onChange: () => void) => {
  const query = window.matchMedia(WIDE);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};

/** Whether the window is at least 900 px wide, following it as it is resized or a phone is turned. */
export function useWideScreen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(WIDE).matches,
    () => true,
  );
}

import { useSyncExternalStore } from 'react';

/** Where the Trades page stops being a phone's single column: the breakdown tables fit beside each other from here. */
const WIDE = '(min-width: 900px)';
/** Where tables turn into cards (styles.css): the journal shows its own compact cards below it. */
const PHONE = '(max-width: 640px)';

function useMedia(media: string, serverValue: boolean): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const query = window.matchMedia(media);
      query.addEventListener('change', onChange);
      return () => query.removeEventListener('change', onChange);
    },
    () => window.matchMedia(media).matches,
    () => serverValue,
  );
}

/** Whether the window is at least 900 px wide, following it as it is resized or a phone is turned. */
export const useWideScreen = (): boolean => useMedia(WIDE, true);

/** Whether the window is a phone's (640 px or less), where the journal lists cards instead of a table. */
export const usePhone = (): boolean => useMedia(PHONE, false);

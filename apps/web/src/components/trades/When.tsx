import { useI18n } from '../../i18n/i18n.js';
import { dayAndTime } from './format.js';

/** An open or close instant: its day and its time, each kept whole (see dayAndTime). */
export function When({ iso }: { iso: string }) {
  const { lang } = useI18n();
  const [day, time] = dayAndTime(iso, lang);
  return (
    <>
      <span className="nowrap">{day}</span> <span className="nowrap">{time}</span>
    </>
  );
}

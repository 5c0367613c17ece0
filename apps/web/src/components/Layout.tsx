import { Link, Outlet, useNavigate } from '@tanstack/react-router';
import { useI18n, type Lang } from '../i18n/i18n.js';
import type { MessageKey } from '../i18n/en.js';
import { useSession, useSignOut } from '../lib/session.js';

const PRIVATE_NAV: [string, MessageKey][] = [
  ['/', 'nav.overview'],
  ['/challenges', 'nav.challenges'],
  ['/pnl', 'nav.pnl'],
  ['/payouts', 'nav.payouts'],
  ['/analytics', 'nav.analytics'],
  ['/trash', 'nav.trash'],
];
const PUBLIC_NAV: [string, MessageKey][] = [
  ['/plans', 'nav.catalog'],
  ['/articles', 'nav.articles'],
  ['/ea', 'nav.ea'],
];

function LanguageSwitch() {
  const { lang, setLang, t } = useI18n();
  return (
    <label className="lang">
      <span className="visually-hidden">{t('lang.label')}</span>
      <select aria-label={t('lang.label')} value={lang} onChange={(e) => setLang(e.target.value as Lang)}>
        <option value="ja" lang="ja">
          日本語
        </option>
        <option value="en" lang="en">
          English
        </option>
      </select>
    </label>
  );
}

export function Layout() {
  const { t } = useI18n();
  const session = useSession();
  const signOut = useSignOut();
  const navigate = useNavigate();
  const user = session.data?.user;
  const nav = [...(user ? PRIVATE_NAV : []), ...PUBLIC_NAV, ...(user?.admin ? ([['/admin', 'nav.admin']] as [string, MessageKey][]) : [])];
  return (
    <>
      <a className="skip" href="#main">
        {t('app.skip')}
      </a>
      <header className="top">
        <Link to={user ? '/' : '/plans'} className="brand">
          {t('app.name')}
        </Link>
        <nav aria-label={t('nav.menu')}>
          <ul>
            {nav.map(([to, key]) => (
              <li key={to}>
                <Link to={to} activeOptions={{ exact: to === '/' }} activeProps={{ 'aria-current': 'page', className: 'active' }}>
                  {t(key)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="tools">
          <LanguageSwitch />
          {user ? (
            <button
              type="button"
              className="link-button"
              onClick={() => signOut.mutate(false, { onSettled: () => void navigate({ to: '/sign-in', search: { next: undefined } }) })}
            >
              {t('nav.signOut')}
            </button>
          ) : (
            session.data === null && (
              <Link to="/sign-in" search={{ next: undefined }}>
                {t('nav.signIn')}
              </Link>
            )
          )}
        </div>
      </header>
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
    </>
  );
}

export function NotFound() {
  const { t } = useI18n();
  return (
    <section>
      <h1>{t('state.notFound')}</h1>
      <Link to="/">{t('state.home')}</Link>
    </section>
  );
}

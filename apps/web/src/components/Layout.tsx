import { useEffect, useState, useSyncExternalStore } from 'react';
import { Link, Outlet, useNavigate, useRouterState } from '@tanstack/react-router';
import { useI18n, type Lang } from '../i18n/i18n.js';
import type { MessageKey } from '../i18n/en.js';
import { useQueryClient } from '@tanstack/react-query';
import { app } from '../lib/api.js';
import { ME_KEY, useSession, useSignOut } from '../lib/session.js';

const PRIVATE_NAV: [string, MessageKey][] = [
  ['/', 'nav.overview'],
  ['/challenges', 'nav.challenges'],
  ['/pnl', 'nav.pnl'],
  ['/trades', 'nav.trades'],
  ['/payouts', 'nav.payouts'],
  ['/analytics', 'nav.analytics'],
  ['/plan-fit', 'nav.planFit'],
  ['/alerts', 'nav.alerts'],
  ['/trash', 'nav.trash'],
];
const PUBLIC_NAV: [string, MessageKey][] = [
  ['/plans', 'nav.catalog'],
  ['/articles', 'nav.articles'],
  ['/ea', 'nav.ea'],
];

/**
 * The page's language, and for a signed-in person their profile's: alerts, the delivery log and e-mails are worded
 * in it (PATCH /me). A failed save leaves the page switched; the next switch tries again.
 */
function LanguageSwitch() {
  const { lang, setLang, t } = useI18n();
  const session = useSession();
  const client = useQueryClient();
  const choose = (next: Lang) => {
    setLang(next);
    if (!session.data) return;
    void app.patch('/me', { language: next }).then(
      () => client.invalidateQueries({ queryKey: ME_KEY }),
      () => undefined,
    );
  };
  return (
    <label className="lang">
      <span className="visually-hidden">{t('lang.label')}</span>
      <select aria-label={t('lang.label')} value={lang} onChange={(e) => choose(e.target.value as Lang)}>
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

const subscribeOnline = (onChange: () => void) => {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
};

/** Said once at the top while the browser has no network: the page's own error states then make sense. */
function OfflineBanner() {
  const { t } = useI18n();
  const online = useSyncExternalStore(subscribeOnline, () => navigator.onLine);
  if (online) return null;
  return (
    <p className="offline-banner" role="status" data-testid="offline">
      {t('state.offline')}
    </p>
  );
}

export function Layout() {
  const { t } = useI18n();
  const session = useSession();
  const signOut = useSignOut();
  const navigate = useNavigate();
  const user = session.data?.user;
  const nav = [...(user ? PRIVATE_NAV : []), ...PUBLIC_NAV, ...(user?.admin ? ([['/admin', 'nav.admin']] as [string, MessageKey][]) : [])];
  // On a phone the destinations sit behind a menu button (they wrapped to three rows); it closes on every navigation.
  const [menuOpen, setMenuOpen] = useState(false);
  const path = useRouterState({ select: (s) => s.location.pathname });
  useEffect(() => setMenuOpen(false), [path]);
  return (
    <>
      <a className="skip" href="#main">
        {t('app.skip')}
      </a>
      <header className="top">
        <Link to={user ? '/' : '/plans'} className="brand">
          {t('app.name')}
        </Link>
        <button
          type="button"
          className="menu-button"
          aria-expanded={menuOpen}
          aria-controls="main-nav"
          onClick={() => setMenuOpen(!menuOpen)}
        >
          <span aria-hidden="true">{menuOpen ? '✕' : '☰'}</span>
          <span className="visually-hidden">{t('nav.menuButton')}</span>
        </button>
        <nav id="main-nav" aria-label={t('nav.menu')} className={menuOpen ? 'open' : undefined}>
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
      <OfflineBanner />
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

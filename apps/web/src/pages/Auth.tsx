import { useState, type SubmitEvent } from 'react';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useMutation, useQuery } from '@tanstack/react-query';
import { ApiError, app } from '../lib/api.js';
import { useAcceptSession } from '../lib/session.js';
import type { Session } from '../lib/types.js';
import { useI18n } from '../i18n/i18n.js';
import { Field, fieldSetter } from '../components/Field.js';
import { FormError, Loading } from '../components/states.js';

/** Only same-site paths may be a post-sign-in destination (no open redirect). */
const safeNext = (next: string | undefined) => (next && next.startsWith('/') && !next.startsWith('//') ? next : '/');

function useSignedIn(next?: string) {
  const accept = useAcceptSession();
  const navigate = useNavigate();
  return (session: Session) => {
    accept(session);
    void navigate({ to: safeNext(next) });
  };
}

export function SignInPage() {
  const { t } = useI18n();
  const { next } = useSearch({ from: '/sign-in' });
  const done = useSignedIn(next);
  const setup = useQuery({ queryKey: ['setup'], queryFn: () => app.get('/setup'), retry: false });
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const signIn = useMutation({ mutationFn: () => app.post('/auth/sign-in', { email, password }), onSuccess: done });
  const submit = (e: SubmitEvent) => {
    e.preventDefault();
    signIn.mutate();
  };
  return (
    <section className="narrow">
      <h1>{t('auth.signInTitle')}</h1>
      {setup.data?.needed && (
        <p className="notice" role="note">
          {t('auth.setupNeeded')}
        </p>
      )}
      <form onSubmit={submit} className="card stack">
        <Field
          label={t('auth.email')}
          type="email"
          autoComplete="username"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <Field
          label={t('auth.password')}
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <FormError error={signIn.error} />
        <button className="primary" type="submit" disabled={signIn.isPending}>
          {t('auth.signIn')}
        </button>
      </form>
      <p>
        <Link to="/sign-up" search={{ invite: undefined }}>
          {t('auth.noAccount')}
        </Link>
      </p>
    </section>
  );
}

export function SignUpPage() {
  const { t, lang } = useI18n();
  const search = useSearch({ from: '/sign-up' });
  const done = useSignedIn('/');
  const [form, setForm] = useState({ email: '', password: '', name: '', invite: search.invite ?? '' });
  const signUp = useMutation({
    mutationFn: () =>
      app.post('/auth/sign-up', {
        email: form.email,
        password: form.password,
        ...(form.name ? { name: form.name } : {}),
        ...(form.invite ? { invite: form.invite } : {}),
        // The page's language (the browser's unless switched): alerts are worded in it from the start.
        language: lang,
      }),
    onSuccess: done,
  });
  const set = fieldSetter(form, setForm);
  return (
    <section className="narrow">
      <h1>{t('auth.signUpTitle')}</h1>
      <form
        className="card stack"
        onSubmit={(e) => {
          e.preventDefault();
          signUp.mutate();
        }}
      >
        <Field label={t('auth.email')} type="email" autoComplete="email" required value={form.email} onChange={set('email')} />
        <Field label={`${t('auth.name')} ${t('common.optional')}`} autoComplete="name" value={form.name} onChange={set('name')} />
        <Field
          label={t('auth.password')}
          hint={t('auth.passwordHint')}
          type="password"
          autoComplete="new-password"
          required
          minLength={10}
          maxLength={256}
          value={form.password}
          onChange={set('password')}
        />
        <Field label={t('auth.invite')} value={form.invite} onChange={set('invite')} />
        <FormError error={signUp.error} />
        <button className="primary" type="submit" disabled={signUp.isPending}>
          {t('auth.signUp')}
        </button>
      </form>
      <p>
        <Link to="/sign-in" search={{ next: undefined }}>
          {t('auth.haveAccount')}
        </Link>
      </p>
    </section>
  );
}

export function SetupPage() {
  const { t, lang } = useI18n();
  const search = useSearch({ from: '/setup' });
  const done = useSignedIn('/');
  const [form, setForm] = useState({ token: search.token ?? '', email: '', password: '', name: '' });
  const setup = useMutation({
    mutationFn: () =>
      app.post('/setup', {
        token: form.token,
        email: form.email,
        password: form.password,
        ...(form.name ? { name: form.name } : {}),
        language: lang,
      }),
    onSuccess: done,
  });
  // Whether the link still works, asked before the form: a used link would otherwise show the whole form and
  // only refuse it (403) once filled in.
  const status = useQuery({ queryKey: ['setup'], queryFn: () => app.get('/setup'), retry: false });
  const set = fieldSetter(form, setForm);
  if (status.isPending) return <Loading />;
  if (status.data?.needed === false)
    return (
      <section className="narrow">
        <h1>{t('auth.setupTitle')}</h1>
        <p className="notice" role="note" data-testid="setup-used">
          {t('auth.setupUsed')}
        </p>
        <p>
          <Link to="/sign-in" search={{ next: undefined }}>
            {t('nav.signIn')}
          </Link>
        </p>
      </section>
    );
  return (
    <section className="narrow">
      <h1>{t('auth.setupTitle')}</h1>
      <p>{t('auth.setupIntro')}</p>
      <form
        className="card stack"
        onSubmit={(e) => {
          e.preventDefault();
          setup.mutate();
        }}
      >
        {!search.token && <Field label={t('auth.setupToken')} required value={form.token} onChange={set('token')} />}
        <Field label={t('auth.email')} type="email" autoComplete="email" required value={form.email} onChange={set('email')} />
        <Field label={`${t('auth.name')} ${t('common.optional')}`} autoComplete="name" value={form.name} onChange={set('name')} />
        <Field
          label={t('auth.password')}
          hint={t('auth.passwordHint')}
          type="password"
          autoComplete="new-password"
          required
          minLength={10}
          maxLength={256}
          value={form.password}
          onChange={set('password')}
        />
        <FormError error={setup.error} />
        <button className="primary" type="submit" disabled={setup.isPending}>
          {t('auth.setupDone')}
        </button>
      </form>
    </section>
  );
}

/** The page of an administrator's password-reset link: a new password, once, within 24 hours; signs this browser in. */
export function ResetPasswordPage() {
  const { t } = useI18n();
  const search = useSearch({ from: '/reset-password' });
  const done = useSignedIn('/');
  const [password, setPassword] = useState('');
  const reset = useMutation({
    mutationFn: () => app.post('/auth/password-reset', { token: search.token ?? '', password }),
    onSuccess: done,
  });
  return (
    <section className="narrow">
      <h1>{t('auth.resetTitle')}</h1>
      {search.token ? (
        <>
          <p>{t('auth.resetIntro')}</p>
          <form
            className="card stack"
            onSubmit={(e) => {
              e.preventDefault();
              reset.mutate();
            }}
          >
            <Field
              label={t('auth.newPassword')}
              hint={t('auth.passwordHint')}
              type="password"
              autoComplete="new-password"
              required
              minLength={10}
              maxLength={256}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
            {reset.error instanceof ApiError && reset.error.code === 'forbidden' ? (
              <p className="form-error" role="alert">
                {t('auth.resetInvalid')}
              </p>
            ) : (
              <FormError error={reset.error} />
            )}
            <button className="primary" type="submit" disabled={reset.isPending}>
              {t('auth.resetDone')}
            </button>
          </form>
        </>
      ) : (
        <p className="notice" role="note">
          {t('auth.resetInvalid')}
        </p>
      )}
    </section>
  );
}

/** Register and log in. The server answers with HttpOnly cookies; the page never sees a token. */
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { hx } from '../api';
import { ME_KEY } from '../session';
import { ErrorNote, PageTitle, TextField } from '../ui/kit';

function AccountForm({ mode }: { mode: 'login' | 'register' }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [name, setName] = useState('');
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      if (mode === 'register') await hx.auth.register({ email, password, ...(name ? { name } : {}) });
      else await hx.auth.login({ email, password });
      await queryClient.invalidateQueries({ queryKey: ME_KEY });
      await navigate({ to: mode === 'register' ? '/keys' : '/' });
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="mx-auto max-w-sm">
      <PageTitle lead={mode === 'register' ? 'Your own tenant: you own it, and every key you create.' : undefined}>
        {mode === 'register' ? 'Create your account' : 'Log in to Hx'}
      </PageTitle>
      <form className="space-y-4" onSubmit={submit}>
        {mode === 'register' ? (
          <TextField label="Name (optional)" value={name} onChange={setName} autoComplete="name" />
        ) : null}
        <TextField label="E-mail" type="email" required value={email} onChange={setEmail} autoComplete="email" />
        <TextField
          label="Password"
          hint={mode === 'register' ? 'At least 8 characters.' : undefined}
          type="password"
          required
          minLength={mode === 'register' ? 8 : 1}
          value={password}
          onChange={setPassword}
          autoComplete={mode === 'register' ? 'new-password' : 'current-password'}
        />
        <ErrorNote error={error} />
        <button type="submit" className="btn-primary w-full justify-center" disabled={busy}>
          {mode === 'register' ? 'Create account' : 'Log in'}
        </button>
      </form>
      <p className="muted mt-6 text-sm">
        {mode === 'register' ? (
          <>
            Already have an account?{' '}
            <Link to="/login" className="underline">
              Log in
            </Link>
          </>
        ) : (
          <>
            First time here?{' '}
            <Link to="/register" className="underline">
              Create an account
            </Link>
          </>
        )}
      </p>
    </div>
  );
}

export function LoginPage() {
  return <AccountForm mode="login" />;
}

export function RegisterPage() {
  return <AccountForm mode="register" />;
}

import { errorCodes } from '@avatar-factory/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-error';
import { useAuth } from '../auth-context';

export function SignInForm() {
  const { login } = useAuth();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const signIn = useMutation({
    mutationFn: () => login(email, password),
    // On success the browser goes to the home address.
    onSuccess: () => navigate('/', { replace: true }),
  });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    signIn.mutate();
  }

  const rateLimited = signIn.error instanceof ApiError && signIn.error.code === errorCodes.tooManyAttempts;

  return (
    <form onSubmit={handleSubmit} className="space-y-5" aria-label="Sign in">
      {signIn.isError ? (
        <Alert tone="error">
          <p>Invalid email or password. Please try again.</p>
          {rateLimited ? <p className="mt-1 text-red-700">{signIn.error.message}</p> : null}
        </Alert>
      ) : null}
      <TextField
        label="Email address"
        name="username"
        type="email"
        autoComplete="username"
        required
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        placeholder="you@example.com"
      />
      <div>
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <div className="mt-2 flex justify-end">
          {/* Present, and deliberately does nothing. */}
          <Button variant="link" className="-my-3 py-3 text-xs font-medium">
            Forgot password?
          </Button>
        </div>
      </div>
      <Button type="submit" className="w-full" disabled={signIn.isPending}>
        {signIn.isPending ? 'Signing in...' : 'Sign in'}
      </Button>
    </form>
  );
}

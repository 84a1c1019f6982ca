import { errorCodes } from '@avatar-factory/contracts';
import { useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-error';
import { useRegister } from '../api/register';

const emptyFields = { email: '', password: '', confirmPassword: '' };

export function RegisterForm() {
  const [fields, setFields] = useState(emptyFields);
  const [mismatch, setMismatch] = useState(false);
  const register = useRegister();

  function update(name: keyof typeof emptyFields, value: string) {
    setFields((current) => ({ ...current, [name]: value }));
    setMismatch(false);
    // Typing again starts a new attempt: the old outcome (and the disabled button) goes away.
    if (register.isSuccess || register.isError) register.reset();
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (fields.password !== fields.confirmPassword) {
      setMismatch(true);
      return;
    }
    register.mutate(
      { email: fields.email, password: fields.password },
      { onSuccess: () => setFields(emptyFields) },
    );
  }

  const fieldErrors =
    register.error instanceof ApiError && register.error.code === errorCodes.validation ? register.error.fieldErrors : [];

  return (
    <form onSubmit={handleSubmit} className="space-y-5" aria-label="Create account">
      {mismatch ? <Alert tone="error">Passwords do not match</Alert> : null}
      {register.isError ? (
        <Alert tone="error">
          <p>Registration failed. This email might already be registered.</p>
          {fieldErrors.length > 0 ? (
            <ul className="mt-1 list-disc pl-4 text-red-700">
              {fieldErrors.map((fieldError) => (
                <li key={`${fieldError.field}:${fieldError.message}`}>{fieldError.message}</li>
              ))}
            </ul>
          ) : null}
        </Alert>
      ) : null}
      {register.isSuccess ? <Alert tone="success">Registration successful! You can now log in.</Alert> : null}
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        required
        value={fields.email}
        onChange={(event) => update('email', event.target.value)}
        placeholder="you@example.com"
      />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        required
        minLength={8}
        maxLength={128}
        hint="At least 8 characters."
        value={fields.password}
        onChange={(event) => update('password', event.target.value)}
      />
      <TextField
        label="Confirm password"
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        required
        value={fields.confirmPassword}
        onChange={(event) => update('confirmPassword', event.target.value)}
        invalid={mismatch}
      />
      <Button type="submit" className="w-full" disabled={register.isPending || register.isSuccess}>
        {register.isPending ? 'Creating account...' : 'Create account'}
      </Button>
    </form>
  );
}

import { Brand } from '../../../components/ui/logo';
import { useAuth } from '../auth-context';
import { RegisterForm } from '../components/register-form';
import { SignInForm } from '../components/sign-in-form';

/** The auth screen: sign-in and registration in one card, switched by a toggle. */
export function AuthRoute() {
  const { isRegistering, setIsRegistering } = useAuth();
  return (
    <main className="relative isolate flex min-h-dvh flex-col items-center justify-center overflow-hidden bg-slate-50 px-4 py-10 sm:py-16">
      <div aria-hidden="true" className="pointer-events-none absolute inset-0 -z-10">
        <div className="absolute -top-40 left-1/2 size-[42rem] -translate-x-1/2 rounded-full bg-gradient-to-br from-indigo-200/70 via-violet-200/50 to-transparent blur-3xl" />
        <div className="absolute -right-32 -bottom-48 size-[28rem] rounded-full bg-gradient-to-tr from-sky-100 to-violet-100 blur-3xl" />
      </div>
      <div className="w-full max-w-[26rem]">
        <div className="mb-8 flex justify-center">
          <Brand />
        </div>
        <section
          aria-labelledby="auth-heading"
          className="rounded-2xl bg-white/95 p-6 shadow-xl shadow-indigo-950/5 ring-1 ring-slate-900/5 sm:p-8"
        >
          <header className="mb-6 text-center">
            <h1 id="auth-heading" className="text-2xl font-bold tracking-tight text-slate-900">
              {isRegistering ? 'Create your account' : 'Welcome back'}
            </h1>
            <p className="mt-1.5 text-sm text-slate-600">
              {isRegistering ? 'Start creating your own avatars' : 'Sign in to your account to continue'}
            </p>
          </header>
          {/* key: switching forms starts each from a clean slate (fields, errors, busy state). */}
          {isRegistering ? <RegisterForm key="register" /> : <SignInForm key="sign-in" />}
          <div className="mt-6 border-t border-slate-100 pt-5 text-center">
            <button
              type="button"
              onClick={() => setIsRegistering(!isRegistering)}
              className="-my-2.5 rounded-lg px-2 py-2.5 text-sm font-semibold text-indigo-600 hover:text-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
            >
              <span className="font-normal text-slate-500">{isRegistering ? 'Already have an account? ' : 'New user? '}</span>
              {isRegistering ? 'Sign in' : 'Create an account'}
            </button>
          </div>
        </section>
      </div>
    </main>
  );
}

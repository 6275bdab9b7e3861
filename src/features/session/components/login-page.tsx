import { Link } from '@tanstack/react-router';
import { LoginForm } from './login-form';
import { AlternativeSignIn } from './alternative-sign-in';
import { EmailLinkCompletion } from './email-link-completion';

interface LoginPageProps {
  isEmailLink: boolean;
  redirectTarget: string | undefined;
  onSignedIn: () => void;
}

export function LoginPage({ isEmailLink, redirectTarget, onSignedIn }: LoginPageProps) {
  if (isEmailLink) return <EmailLinkCompletion onSignedIn={onSignedIn} />;
  return (
    <div className="space-y-6">
      <div className="space-y-1 text-center">
        <h1 className="text-2xl font-semibold">Sign in</h1>
        {redirectTarget && <p className="text-sm text-slate-500 dark:text-slate-400">Sign in to continue.</p>}
      </div>
      <LoginForm onSignedIn={onSignedIn} />
      <AlternativeSignIn onSignedIn={onSignedIn} />
      <p className="text-center text-sm">
        New here?{' '}
        <Link to="/register" className="text-indigo-600 hover:underline dark:text-indigo-400">
          Create an account
        </Link>
      </p>
    </div>
  );
}

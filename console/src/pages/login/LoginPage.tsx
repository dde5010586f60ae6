import { useNavigate } from 'react-router';
import { ApiDependenciesContext } from '../../apiClient/apiDependenciesContext';
import { useApiDependencies } from '../../apiClient/useApiDependencies';
import { HOME_PATH } from '../../routes/paths';
import { SignInScreen } from './SignInScreen';

/** /login inside the running console (after signing out, or sent here by the guard). */
export default function LoginPage() {
  const navigate = useNavigate();
  // The sign-in screen calls the operator without the store (signInCalls.ts), in its environment.
  return (
    <ApiDependenciesContext value={useApiDependencies()}>
      <SignInScreen onSignedIn={() => navigate(HOME_PATH)} />
    </ApiDependenciesContext>
  );
}

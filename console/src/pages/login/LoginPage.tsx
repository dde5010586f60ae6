import { useNavigate } from 'react-router';
import { HOME_PATH } from '../../routes/paths';
import { SignInScreen } from './SignInScreen';

/** /login inside the running console (after signing out, or sent here by the guard). */
export default function LoginPage() {
  const navigate = useNavigate();
  return <SignInScreen onSignedIn={() => navigate(HOME_PATH)} />;
}

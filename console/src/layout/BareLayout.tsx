import { Outlet } from 'react-router';
import { PageHeading } from './PageHeading';
import './BareLayout.css';

/** Screens without the shell (sign-in, logs, shell, panel editor): the main landmark and the heading. */
export default function BareLayout() {
  return (
    <main className="nimbus-bare">
      <PageHeading />
      <Outlet />
    </main>
  );
}

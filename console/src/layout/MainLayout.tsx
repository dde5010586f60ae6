import { Layout } from 'antd';
import { Outlet } from 'react-router';
import { AppHeader } from './header/AppHeader';
import { PageHeading } from './PageHeading';
import { SideNav } from './navigation/SideNav';
import { ShellDialogs } from './ShellDialogs';
import { useAutoOpenDialogs } from './useAutoOpenDialogs';
import './MainLayout.css';

/** The main layout: header, navigation and the page, plus the shell's dialogs. */
export default function MainLayout() {
  useAutoOpenDialogs();
  return (
    <Layout className="nimbus-shell">
      <AppHeader />
      <Layout>
        <SideNav />
        <Layout.Content className="nimbus-shell__content">
          <PageHeading />
          <Outlet />
        </Layout.Content>
      </Layout>
      <ShellDialogs />
    </Layout>
  );
}
